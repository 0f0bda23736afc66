"""Versus the bot, in a private chat: both think of a code; the user guesses the bot's, then answers the bot's
guess of theirs, in turns. First to solve wins; the user moves first, so when the user solves the bot still gets
its equal turn (and the other way round no extra turn is owed)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime

from bot.models.match import BOT_ID, VERSUS, Match, Player, to_move, verdict
from bot.models.refusal import Refusal
from bot.parsing import looks_like_code, parse_answer
from bot.rules.referee import tried_before
from bot.services.deps import Deps
from bot.services.lifecycle import parsed, random_secret
from bot.services.matches import AlreadyOn, Ended, close, close_within
from engine.consistency import Contradiction, InvalidAnswer, check_new_answer
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score, possible_scores, score
from engine.variant import Code, Variant

BOT_NAME = "bot"
OUTCOMES = {"first": "won", "second": "lost", "draw": "draw"}


@dataclass(frozen=True)
class VersusStarted:
    """A versus game is on; the user moves first."""

    match: Match


@dataclass(frozen=True)
class Asking:
    """The bot's guess waits for the user's answer (`answers`: every answer possible, for the buttons)."""

    match: Match
    guess: Code
    answers: tuple[Score, ...]


@dataclass(frozen=True)
class Guessed:
    """The user's guess, scored; then the bot asks its guess, or the game is over."""

    match: Match
    turn: Turn
    asking: Asking | None
    ended: Ended | None


@dataclass(frozen=True)
class Answered:
    """The user's answer to the bot's guess, stored; the user's turn next, or the game is over."""

    match: Match
    turn: Turn
    ended: Ended | None


@dataclass(frozen=True)
class Contradicted:
    """The answer cannot be true together with the user's earlier answers; nothing was stored.

    The contradiction's one-answer fixes can be taken with correct(), keeping `given` for the pending guess."""

    match: Match
    contradiction: Contradiction
    given: Score


Moved = Guessed | Answered | Contradicted | Refusal | Refusal


async def start(deps: Deps, chat_id: int, user_id: int, name: str, variant: Variant) -> VersusStarted | AlreadyOn:
    """Start a versus game: the bot picks its secret; the user thinks of one."""
    running = await deps.matches.active_match(chat_id)
    if running is not None:
        return AlreadyOn(running)
    secret = await random_secret(deps, variant)
    players = (Player(user_id, 1, name), Player(BOT_ID, 2, BOT_NAME))
    draft = Match(0, chat_id, VERSUS, variant, user_id, deps.clock(), secret, turn_user=user_id, players=players)
    async with deps.transaction():
        match = await deps.matches.create_match(draft)
    return VersusStarted(match)


async def asking(match: Match) -> Asking | None:
    """The bot's pending guess with the answers to offer, if it waits for one."""
    if match.pending_guess is None:
        return None
    return Asking(match, match.pending_guess, await asyncio.to_thread(possible_scores, match.variant))


async def move(deps: Deps, match: Match, text: str) -> Moved:
    """A typed message: an answer when the bot waits for one, else a guess at the bot's code."""
    if match.turn_user == BOT_ID:
        given = parse_answer(text)
        if given is None:
            return Refusal("vs.answer_first", {"guess": match.pending_guess})
        return await answer(deps, match, given)
    if not looks_like_code(text):
        return Refusal("vs.guess_first")
    return await guess(deps, match, text)


async def guess(deps: Deps, match: Match, text: str) -> Guessed | Refusal:
    """Score the user's guess at the bot's code; then the bot's guess, or the end."""
    user = match.seated(1)
    assert user is not None
    assert match.secret is not None
    if match.turn_user != user.user_id:
        return Refusal("vs.answer_first", {"guess": match.pending_guess})
    code = parsed(match.variant, text)
    if isinstance(code, Refusal):
        return code
    if (again := tried_before(await deps.matches.turns(match.id, user.user_id), code)) is not None:
        return again
    turn = Turn(code, score(match.secret, code))
    solved = turn.answer.bulls == match.variant.length
    bot_turns = await deps.matches.turns(match.id, BOT_ID)
    pending = await asyncio.to_thread(next_guess, match.variant, bot_turns)
    async with deps.transaction():
        if (
            await deps.matches.add_move(match.id, user.user_id, user.name, turn, solved, deps.clock(), turns=True)
            is None
        ):
            return Refusal("match.stale")
        ended = await _settle(deps, match.id, pending, deps.clock())
    final = await deps.matches.match(match.id)
    assert final is not None
    return Guessed(final, turn, None if ended else await asking(final), ended)


async def answer(deps: Deps, match: Match, given: Score) -> Answered | Contradicted | Refusal:
    """Take the answer to the bot's guess (checked against the earlier ones); then the user's turn, or the end."""
    if match.turn_user != BOT_ID or match.pending_guess is None:
        return Refusal("vs.guess_first")
    return await _store_answer(deps, match, await deps.matches.turns(match.id, BOT_ID), given)


async def correct(
    deps: Deps, match: Match, index: int, fixed: Score, given: Score
) -> Answered | Contradicted | Refusal:
    """Take a fix offered for a contradiction: the bot's answer #index (0-based) becomes `fixed`; when that is an
    earlier answer, `given` still answers the pending guess."""
    bot_turns = list(await deps.matches.turns(match.id, BOT_ID))
    if index == len(bot_turns):
        return await answer(deps, match, fixed)
    won_earlier = fixed.bulls == match.variant.length  # the game would have ended there: not a fix to take now
    if match.turn_user != BOT_ID or match.pending_guess is None or not 0 <= index < len(bot_turns) or won_earlier:
        return Refusal("match.stale")
    bot_turns[index] = Turn(bot_turns[index].guess, fixed)
    return await _store_answer(deps, match, tuple(bot_turns), given, fix=(index, fixed))


async def _store_answer(
    deps: Deps, match: Match, bot_turns: tuple[Turn, ...], given: Score, fix: tuple[int, Score] | None = None
) -> Answered | Contradicted | Refusal:
    """Check the answer to the pending guess against the bot's earlier turns; if it fits, store it (with the fix of
    an earlier answer, if any) and settle the turn."""
    assert match.pending_guess is not None
    turn = Turn(match.pending_guess, given)
    try:
        check = await asyncio.to_thread(check_new_answer, match.variant, bot_turns, turn)
    except InvalidAnswer as error:
        return Refusal(f"answer.{error.key}", {**error.params, "length": match.variant.length})
    if isinstance(check, Contradiction):
        return Contradicted(match, check, given)
    solved = given.bulls == match.variant.length
    async with deps.transaction():
        if await deps.matches.add_move(match.id, BOT_ID, BOT_NAME, turn, solved, deps.clock(), turns=True) is None:
            return Refusal("match.stale")
        if fix is not None:
            await deps.matches.rescore(match.id, BOT_ID, *fix)
        ended = await _settle(deps, match.id, None, deps.clock())
    final = await deps.matches.match(match.id)
    assert final is not None
    return Answered(final, turn, ended)


async def _settle(deps: Deps, match_id: int, pending: Code | None, now: datetime) -> Ended | None:
    """After a move (inside its transaction): the end if decided, else hand the turn over."""
    match = await deps.matches.match(match_id)
    assert match is not None
    user, bot = match.seated(1), match.seated(2)
    assert user is not None
    assert bot is not None
    decided = verdict(user, bot)
    if decided is not None:
        winner = {"first": user.user_id, "second": BOT_ID, "draw": None}[decided]
        status = {"first": "won", "second": "lost", "draw": "draw"}[decided]
        return await close_within(deps, match_id, status, winner, lambda _: {user.user_id: OUTCOMES[decided]}, now)
    nxt = to_move(user, bot)
    await deps.matches.change(match_id, turn_user=nxt.user_id, pending_guess=pending if nxt.user_id == BOT_ID else None)
    return None


async def resign(deps: Deps, match: Match) -> Ended | None:
    """The user gives up: the bot wins and shows its code."""
    return await close(deps, match.id, "resigned", BOT_ID, lambda final: {final.started_by: "resigned"})
