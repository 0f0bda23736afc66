"""Versus the bot, in a private chat: both think of a code; the user guesses the bot's, then answers the bot's
guess of theirs, in turns. First to solve wins; the user moves first, so when the user solves the bot still gets
its equal turn (and the other way round no extra turn is owed)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.deps import Deps
from bot.games.guessing import bot_guess, checked, possible_answers, rechecked
from bot.games.lifecycle import parsed, random_secret
from bot.games.rules import tried_before
from bot.games.status import Status
from bot.matches.model import BOT_ID, Match, MatchKind, Player, Verdict, to_move, verdict
from bot.matches.service import AlreadyOn, Ended, close, close_within
from bot.parsing.scores import looks_like_code, parse_answer
from bot.refusal import Refusal
from engine.consistency import Consistent, Contradiction, InvalidAnswer, validate_answer
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import Code, Variant

BOT_NAME = "bot"
STATUSES = {Verdict.FIRST: Status.WON, Verdict.SECOND: Status.LOST, Verdict.DRAW: Status.DRAW}  # from the user's side


@dataclass(frozen=True)
class VersusStarted:
    """A versus game is on; the user moves first."""

    match: Match


@dataclass(frozen=True)
class VersusState:
    """Where a versus game stands, for its board: the match as stored with both players' moves; every answer
    possible (for the buttons); the contradiction that an answer (`given`, then not stored) or the stored
    answers themselves run into; the end, once the game is over."""

    match: Match
    user_turns: tuple[Turn, ...] = ()  # the user's guesses at the bot's code, scored
    bot_turns: tuple[Turn, ...] = ()  # the bot's guesses at the user's, with the user's answers
    answers: tuple[Score, ...] = ()
    contradiction: Contradiction | None = None
    given: Score | None = None
    ended: Ended | None = None


async def start(deps: Deps, chat_id: int, user_id: int, name: str, variant: Variant) -> VersusStarted | AlreadyOn:
    """Start a versus game: the bot picks its secret; the user thinks of one."""
    running = await deps.store.matches.active_match(chat_id)
    if running is not None:
        return AlreadyOn(running)
    secret = await random_secret(deps, variant)
    players = (Player(user_id, 1, name), Player(BOT_ID, 2, BOT_NAME))
    draft = Match(
        0, chat_id, MatchKind.VERSUS, variant, user_id, deps.clock(), secret, turn_user=user_id, players=players
    )
    async with deps.transaction():
        match = await deps.store.matches.create_match(draft)
    return VersusStarted(match)


async def position(deps: Deps, match: Match, given: Score | None = None) -> VersusState:
    """Where the stored game stands (with `given` as the answer to the bot's pending guess, when shown again): both
    players' moves, the answers possible, and the contradiction the answers run into, if they do."""
    answers = await possible_answers(deps, match.variant)
    user = match.seated(1)
    user_turns = await deps.store.matches.turns(match.id, user.user_id) if user is not None else ()
    history = await deps.store.matches.turns(match.id, BOT_ID)
    base = VersusState(match, user_turns, history, answers)
    waiting = match.turn_user == BOT_ID and match.pending_guess is not None
    check: Consistent | Contradiction | Refusal | None = None
    try:
        if given is not None and waiting and match.pending_guess is not None:
            check = await checked(deps, match.variant, history, Turn(match.pending_guess, given))
        elif history:
            given = None
            check = await rechecked(deps, match.variant, history)
    except InvalidAnswer:
        return base
    if isinstance(check, Contradiction):  # a refused `given` (no code could give it) shows no contradiction
        return replace(base, contradiction=check, given=given)
    return base


async def final(deps: Deps, match: Match) -> VersusState:
    """Where a finished game stands, with how it ended (its winner as stored; no rating: versus is unrated)."""
    winner = match.player(match.winner_id) if match.winner_id is not None else None
    return replace(await position(deps, match), ended=Ended(match, winner))


async def move(deps: Deps, match: Match, text: str, language: str) -> VersusState | Refusal:
    """A typed message: an answer when the bot waits for one (in the words of the chat's `language`), else a guess
    at the bot's code."""
    if match.turn_user == BOT_ID:
        given = parse_answer(text, language)
        if given is None:
            return Refusal("vs.answer_first", {"guess": match.pending_guess})
        return await answer(deps, match, given)
    if not looks_like_code(text):
        return Refusal("vs.guess_first")
    return await guess(deps, match, text)


async def guess(deps: Deps, match: Match, text: str) -> VersusState | Refusal:
    """Score the user's guess at the bot's code; then the bot's guess, or the end."""
    user = match.seated(1)
    assert user is not None
    assert match.secret is not None
    if match.turn_user != user.user_id:
        return Refusal("vs.answer_first", {"guess": match.pending_guess})
    code = parsed(match.variant, text)
    if isinstance(code, Refusal):
        return code
    if (again := tried_before(await deps.store.matches.turns(match.id, user.user_id), code)) is not None:
        return again
    now = await position(deps, match)
    if now.contradiction is not None:  # a change left the answers contradicting: settle first
        return Refusal("vs.settle_first")
    turn = Turn(code, score(match.secret, code))
    solved = turn.answer.bulls == match.variant.length
    pending = await bot_guess(deps, match.variant, now.bot_turns)
    async with deps.transaction():
        if (
            await deps.store.matches.add_move(match.id, user.user_id, user.name, turn, solved, deps.clock(), turns=True)
            is None
        ):
            return Refusal("match.stale")
        ended = await _settle(deps, match.id, pending, deps.clock())
    return await _position_after(deps, match.id, ended)


async def answer(deps: Deps, match: Match, given: Score) -> VersusState | Refusal:
    """Take the answer to the bot's guess (checked against the earlier ones): then the user's turn (or the bot's
    next guess, after an undo left it behind), or the end. An answer that contradicts the earlier ones is not
    stored: the position shows the contradiction."""
    if match.turn_user != BOT_ID or match.pending_guess is None:
        return Refusal("vs.guess_first")
    history = await deps.store.matches.turns(match.id, BOT_ID)
    turn = Turn(match.pending_guess, given)
    check = await checked(deps, match.variant, history, turn)
    if isinstance(check, Refusal):
        return check
    if isinstance(check, Contradiction):
        return await position(deps, match, given)
    return await _store_answer(deps, match, (*history, turn))


async def change(deps: Deps, match: Match, index: int, fixed: Score, given: Score | None) -> VersusState | Refusal:
    """The user changes the bot's answered guess #index (0-based) to `fixed`; with `given`, the answer to the
    pending guess that ran into a contradiction is taken too, if the changed answers now allow it. The change is
    stored even when the answers still contradict each other (the position says how): it is what the user says is
    true, and the next change may settle it (the game goes on once they fit). Index = the pending guess itself is
    answering it."""
    history = await deps.store.matches.turns(match.id, BOT_ID)
    waiting = match.turn_user == BOT_ID and match.pending_guess is not None
    if index == len(history) and waiting:
        return await answer(deps, match, fixed)
    won_earlier = fixed.bulls == match.variant.length  # the game would have ended there: not a change to take now
    if not 0 <= index < len(history) or won_earlier:
        return Refusal("match.stale")
    try:
        validate_answer(match.variant, fixed, history[index].guess)
    except InvalidAnswer:  # a tampered button: no answer a code could give
        return Refusal("match.stale")
    changed = list(history)
    changed[index] = Turn(history[index].guess, fixed)
    if given is not None and waiting and match.pending_guess is not None:
        check = await checked(deps, match.variant, tuple(changed), Turn(match.pending_guess, given))
        if isinstance(check, Refusal):
            return check
        if not isinstance(check, Contradiction):
            return await _store_answer(deps, match, (*changed, Turn(match.pending_guess, given)), fix=(index, fixed))
    async with deps.transaction():
        await deps.store.matches.rescore(match.id, BOT_ID, index, fixed)
        if not await deps.store.matches.change(match.id):  # the revision moves on: buttons of the old answers go stale
            return Refusal("match.stale")
    final = await deps.store.matches.match(match.id)
    assert final is not None
    return await position(deps, final, given)


async def undo(deps: Deps, match: Match) -> VersusState | Refusal | None:
    """Take back the user's last answer to the bot's guesses and ask that guess again (the user's guesses since
    stay; the bot then catches up, one guess at a time). None if there is no answer to take back."""
    history = await deps.store.matches.turns(match.id, BOT_ID)
    if not history:
        return None
    async with deps.transaction():
        if not await deps.store.matches.take_back(match.id, BOT_ID):
            return Refusal("match.stale")
        await deps.store.matches.change(match.id, turn_user=BOT_ID, pending_guess=history[-1].guess)
    final = await deps.store.matches.match(match.id)
    assert final is not None
    return await position(deps, final)


async def _store_answer(
    deps: Deps, match: Match, history: tuple[Turn, ...], fix: tuple[int, Score] | None = None
) -> VersusState | Refusal:
    """Store the answer to the pending guess (the last of `history`, which fits every code the others leave), with
    the change of an earlier answer if any, and settle the turn: the bot guesses again when it is behind."""
    turn = history[-1]
    solved = turn.answer.bulls == match.variant.length
    user = match.seated(1)
    assert user is not None
    behind = not solved and user.guesses > len(history)  # an undo left the bot behind: it asks its next guess
    pending = await bot_guess(deps, match.variant, history) if behind else None
    async with deps.transaction():
        if (
            await deps.store.matches.add_move(match.id, BOT_ID, BOT_NAME, turn, solved, deps.clock(), turns=True)
            is None
        ):
            return Refusal("match.stale")
        if fix is not None:
            await deps.store.matches.rescore(match.id, BOT_ID, *fix)
        ended = await _settle(deps, match.id, pending, deps.clock())
    return await _position_after(deps, match.id, ended)


async def _position_after(deps: Deps, match_id: int, ended: Ended | None) -> VersusState:
    final = await deps.store.matches.match(match_id)
    assert final is not None
    shown = await position(deps, final)
    return replace(shown, ended=ended) if ended is not None else shown


async def _settle(deps: Deps, match_id: int, pending: Code | None, now: datetime) -> Ended | None:
    """After a move (inside its transaction): the end if decided, else hand the turn over."""
    match = await deps.store.matches.match(match_id)
    assert match is not None
    user, bot = match.seated(1), match.seated(2)
    assert user is not None
    assert bot is not None
    decided = verdict(user, bot)
    if decided is not None:
        winner = {Verdict.FIRST: user.user_id, Verdict.SECOND: BOT_ID, Verdict.DRAW: None}[decided]
        status = STATUSES[decided]  # the user's result: the match's status is how it ended for them
        return await close_within(deps, match_id, status, winner, lambda _: {user.user_id: status}, now)
    nxt = to_move(user, bot)
    await deps.store.matches.change(
        match_id, turn_user=nxt.user_id, pending_guess=pending if nxt.user_id == BOT_ID else None
    )
    return None


async def resign(deps: Deps, match: Match) -> VersusState | None:
    """The user gives up: the bot wins and shows its code; the final position comes back (None if it was over)."""
    ended = await close(deps, match.id, Status.RESIGNED, BOT_ID, lambda final: {final.started_by: Status.RESIGNED})
    return None if ended is None else await _position_after(deps, match.id, ended)
