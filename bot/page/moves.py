"""A move made in the Mini App: a move of the chat's game, through the same Core as a message or a button press.

Each move is one transaction: the game's change, the chat's reply in the outbox (so the chat shows the move as if
it had been typed or pressed there) and the move's idempotency record (the page's key) commit together. A request
sent again with a key already recorded gets the first answer back and changes nothing. A move that changes nothing
(a code tried before, a stale button, a running game when a new one is asked for) is told to the page alone: the
chat is not bothered with it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot import callback_data as cb
from bot.boards import page as page_board
from bot.core import Core
from bot.games.model import Game, Mode
from bot.matches.model import Kind
from bot.page import schema
from bot.page import service as page
from bot.page.view import owns
from bot.replies import Did, Outcome
from bot.situation import Situation
from bot.texts import plain, t
from bot.who import Who

NEW_GAMES = {"play": "r", "think": "g"}  # the new game's mode, as the chat's 🎯/🤖 buttons name it
VERSUS = "versus"  # new: a versus game (/versus)
Move = schema.MoveRequest  # one move as the page asks for it (its body, checked: bot/page/schema.py)


@dataclass(frozen=True)
class Made:
    """What came of a move: whether it changed the game, what to tell the player on the page (or nothing), and the
    buttons the answer offers for the game (a daily's "yes, give up"), as the chat would show them."""

    changed: bool
    notice: str | None
    choices: tuple[schema.Choice, ...] = ()
    board: schema.Asking | None = None  # a /think board shown another way (every fix, an answer to change)
    repeated: bool = False  # the key was recorded already: this is the first answer, given again
    match: schema.VersusBoard | None = None  # a versus board shown another way (every fix, an answer to change)

    def record(self) -> schema.MoveRecord:
        """What the move came to, as kept under its key."""
        choices = list(self.choices)
        return schema.MoveRecord(
            changed=self.changed, notice=self.notice, choices=choices, board=self.board, match_board=self.match
        )


MakeOutcome = Callable[[], Awaitable[Outcome]]


async def make(core: Core, who: Who, language: str, move: Move, url: str | None = None) -> Made:
    """Make the move in one transaction with its replies and its record; a key seen before changes nothing. The
    chat's boards get the Mini App's button (at `url`), as those of moves made in the chat do."""
    deps = core.deps

    async def once() -> Made:
        earlier = await page.answered(deps, who.user_id, move.key)
        if earlier is not None:
            try:
                was = schema.convert(earlier, schema.MoveRecord)
            except schema.BadBody:  # kept by an older version in another shape: what it said, without its boards
                notice = earlier.get("notice")
                was = schema.MoveRecord(
                    changed=earlier.get("changed") is True, notice=notice if isinstance(notice, str) else None
                )
            return Made(was.changed, was.notice, tuple(was.choices), was.board, repeated=True, match=was.match_board)
        made = await _apply(core, who, language, move, url)
        await page.remember(deps, who.user_id, move.key, move.game_id, schema.builtins(made.record()))
        return made

    return await core.alone(who.user_id, once)  # again once the engine work it waits for is done


async def _apply(core: Core, who: Who, language: str, move: Move, url: str | None) -> Made:
    """The move's effect, inside the caller's transaction: the Core says what it did (made, refused, asked, shown).
    A move made is told to the chat as if typed or pressed there; anything else is shown on the page alone."""
    deps = core.deps
    found = await core.situation(who)
    if move.match_id is not None:
        return await _versus_move(core, found, language, move, url)
    if await found.in_match():  # the chat's messages are a match's moves now
        return Made(False, plain(t("app.busy", language)))
    running = await found.game()
    if move.game_id is not None:
        named = await found.game_named(move.game_id)
        if named is None or not owns(who, named):
            raise PermissionError("a game that is not the player's")
        stale = named is not running or named.revision != move.revision
        if stale and move.kind not in ("replace", "new", "daily"):  # a new game is no move of the game on show
            return Made(False, plain(t("app.stale", language)))
    outcome_of = _outcome_of(core, who, move, running)
    if outcome_of is None:
        return Made(False, plain(t("app.stale", language)))
    outcome = await outcome_of()
    account = outcome.account
    if account.did == Did.MADE:
        await page.queue(deps, who.chat_id, outcome, url, language)
        said = account.notice if move.kind == "reveal" else None  # the answers the code shows wrong: on the page too
        earned = [plain(line) for line in account.achieved]  # a new achievement, told on the page too
        told = " ".join([plain(said), *earned] if said else earned)
        return Made(True, told or None)
    if account.did == Did.SHOWN and running is not None and running.mode == Mode.GUESSER:
        looked = next((board for board in account.boards if board.game_id == running.id), None)
        if looked is not None:  # the running /think board shown another way (every fix, an answer to change)
            return Made(False, None, board=page_board.asking(looked))
    notice = account.notice if account.notice is not None else outcome.toast
    choices = () if running is None else tuple(c for c in account.choices if page_board.pressable(c, running.id))
    return Made(False, plain(notice) if notice else None, tuple(page_board.choice_data(c) for c in choices))


async def _versus_move(core: Core, found: Situation, language: str, move: Move, url: str | None) -> Made:
    """A move of the chat's versus game (a guess, an answer, a fix or change, undo, resign, a rematch), made as if
    typed or pressed in the chat; inside the caller's transaction."""
    who = found.who
    named = await found.match_named(move.match_id or 0)
    if named is None or named.kind != Kind.VERSUS or named.chat_id != who.chat_id or named.player(who.user_id) is None:
        raise PermissionError("a versus game that is not the player's")
    rematch = move.kind == "press" and move.data == cb.encode(cb.REMATCH, named.id)
    on = await found.match_here(Kind.VERSUS)
    if not rematch and (on is None or on.id != named.id or named.revision != move.revision):
        return Made(False, plain(t("app.stale", language)))
    if move.kind == "press" and not rematch and not page_board.names_match(move.data, named.id):
        return Made(False, plain(t("app.stale", language)))
    if move.kind == "guess":
        outcome = await core.on_text(who, move.code)
    elif move.kind == "resign":
        outcome = await core.on_command(who, "resign")
    else:
        outcome = await core.on_button(who, move.data)
    account = outcome.account
    if account.did == Did.MADE:
        await page.queue(core.deps, who.chat_id, outcome, url, language)
        return Made(True, None)
    if account.did == Did.SHOWN and account.match_board is not None:  # the board shown another way
        return Made(False, None, match=page_board.versus(account.match_board))
    notice = account.notice if account.notice is not None else outcome.toast
    return Made(False, plain(notice) if notice else None)


def _outcome_of(core: Core, who: Who, move: Move, running: Game | None) -> MakeOutcome | None:
    """The Core call that makes this move, as a message or a button press in the chat would; None if the move
    does not fit the game (a /think button on a game that has none)."""
    match move.kind:
        case "guess":
            if running is None or running.mode != Mode.REFEREE:
                return None
            code = move.code
            return lambda: core.on_text(who, code)
        case "hint" | "giveup":
            command = move.kind
            return lambda: core.on_command(who, command)
        case "press":
            if running is None or not page_board.names(move.data, running.id):
                return None
            data = move.data
            return lambda: core.on_button(who, data)
        case "daily":
            return lambda: core.on_command(who, "daily")
        case "reveal":
            if running is None or running.mode != Mode.GUESSER:
                return None
            code = move.code
            return lambda: core.on_command(who, "reveal", code)
        case "new" if move.mode == VERSUS:
            return lambda: core.on_command(who, "versus")
        case "new":
            data = cb.encode(cb.NEW, NEW_GAMES[move.mode])
            return lambda: core.on_button(who, data)
        case "replace":
            if running is None or running.id != move.game_id:
                return None
            confirm = cb.game_button(cb.CONFIRM, running.id, running.revision, NEW_GAMES[move.mode])
            return lambda: core.on_button(who, confirm)
    return None
