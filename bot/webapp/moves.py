"""A move made in the Mini App: a move of the chat's game, through the same Core as a message or a button press.

Each move is one transaction: the game's change, the chat's reply in the outbox (so the chat shows the move as if
it had been typed or pressed there) and the move's idempotency record (the page's key) commit together. A request
sent again with a key already recorded gets the first answer back and changes nothing. A move that changes nothing
(a code tried before, a stale button, a running game when a new one is asked for) is told to the page alone: the
chat is not bothered with it.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot import callback_data as cb
from bot.core import Core
from bot.models.game import Game, Mode
from bot.models.who import Who
from bot.replies import Outcome
from bot.services import lifecycle, matches
from bot.storage.webapp import WebAppRecords
from bot.telegram_io.outgoing import post
from bot.texts import plain, t
from bot.webapp.buttons import with_board_button
from bot.webapp.view import BOARD_ACTIONS, board_data, owns

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
MAX_CODE = 16  # characters of a typed code: a code has at most 6 digits
KINDS = frozenset({"guess", "hint", "giveup", "press", "new", "replace", "daily"})
NEW_GAMES = {"play": "r", "think": "g"}


class BadMove(ValueError):
    """A request that is no move this page makes (malformed, or forged); str() is for the log."""


@dataclass(frozen=True)
class Move:
    """One move as the page asks for it: its kind and what it names."""

    key: str
    kind: str
    game_id: int | None = None
    revision: int | None = None
    code: str = ""  # guess: the code
    data: str = ""  # press: the callback data of a /think board's button
    mode: str = ""  # new, replace: "play" or "think" (daily: today's challenge)


def move_of(body: Any) -> Move:
    """The move a request's JSON body describes, or BadMove."""
    if not isinstance(body, dict):
        raise BadMove("not an object")
    key, kind = body.get("key"), body.get("kind")
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise BadMove("no idempotency key")
    if not isinstance(kind, str) or kind not in KINDS:  # a list or an object is no kind (nor hashable)
        raise BadMove(f"unknown kind {str(kind)[:20]!r}")
    game_id, revision = body.get("game"), body.get("revision")
    for value in (game_id, revision):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53):
            raise BadMove("a game or revision that is no number")
    code, data, mode = (body.get(name, "") for name in ("code", "data", "mode"))
    if not all(isinstance(v, str) for v in (code, data, mode)) or len(code) > MAX_CODE or len(data) > cb.MAX_BYTES:
        raise BadMove("a field of the wrong type or size")
    if kind in ("new", "replace") and mode not in NEW_GAMES:
        raise BadMove("no mode for a new game")
    if kind not in ("new", "daily") and game_id is None:
        raise BadMove("no game")
    return Move(key, kind, game_id, revision, code, data, mode)


@dataclass(frozen=True)
class Made:
    """What came of a move: whether it changed the game, what to tell the player on the page (or nothing), and the
    buttons the answer offers for the game (a daily's "yes, give up"), as the chat would show them."""

    changed: bool
    notice: str | None
    choices: tuple[dict[str, str], ...] = ()
    board: dict[str, Any] | None = None  # a /think board shown another way (every fix, an answer to change)
    repeated: bool = False  # the key was recorded already: this is the first answer, given again

    def json(self) -> dict[str, Any]:
        return {"changed": self.changed, "notice": self.notice, "choices": list(self.choices), "board": self.board}


MakeOutcome = Callable[[], Awaitable[Outcome]]


async def make(core: Core, records: WebAppRecords, who: Who, language: str, move: Move, url: str | None = None) -> Made:
    """Make the move in one transaction with its replies and its record; a key seen before changes nothing. The
    chat's boards get the Mini App's button (at `url`), as those of moves made in the chat do."""
    deps = core.deps
    async with deps.transaction():
        earlier = await records.answered(who.user_id, move.key)
        if earlier is not None:
            choices = tuple(earlier.get("choices") or ())
            changed, notice, board = bool(earlier.get("changed")), earlier.get("notice"), earlier.get("board")
            return Made(changed, notice, choices, board, repeated=True)
        made = await _apply(core, who, language, move, url)
        await records.remember(who.user_id, move.key, move.game_id, made.json(), deps.clock())
    return made


async def _apply(core: Core, who: Who, language: str, move: Move, url: str | None) -> Made:
    """The move's effect, inside the caller's transaction."""
    deps = core.deps
    if await matches.in_a_match(deps, who.chat_id, who.user_id):  # the chat's messages are a match's moves now
        return Made(False, plain(t("app.busy", language)))
    running = await lifecycle.running_game(deps, who.chat_id)
    if move.game_id is not None:
        named = (
            running
            if running is not None and running.id == move.game_id
            else await lifecycle.game_by_id(deps, move.game_id)
        )
        if named is None or not owns(who, named):
            raise PermissionError("a game that is not the player's")
        stale = named is not running or named.revision != move.revision
        if stale and move.kind not in ("replace", "new", "daily"):  # a new game is no move of the game on show
            return Made(False, plain(t("app.stale", language)))
    outcome_of = _outcome_of(core, who, move, running)
    if outcome_of is None:
        return Made(False, plain(t("app.stale", language)))
    before = _mark(running)
    outcome = await outcome_of()
    after = _mark(await lifecycle.running_game(deps, who.chat_id))
    if before == after:  # refused, a question first, or a look: shown on the page alone, the chat is not told
        looked = _looked(outcome, running)
        if looked is not None:
            return Made(False, None, board=looked)
        return Made(False, _notice(outcome), _choices(outcome, running))
    if url is not None:
        outcome = with_board_button(outcome, url, language)
    await post(deps.store, who.chat_id, outcome, deps.clock())
    return Made(True, None)


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
            if running is None or not _board_button(move.data, running):
                return None
            data = move.data
            return lambda: core.on_button(who, data)
        case "daily":
            return lambda: core.on_command(who, "daily")
        case "new":
            data = cb.encode(cb.NEW, NEW_GAMES[move.mode])
            return lambda: core.on_button(who, data)
        case "replace":
            if running is None or running.id != move.game_id:
                return None
            confirm = cb.game_button(cb.CONFIRM, running.id, running.revision, NEW_GAMES[move.mode])
            return lambda: core.on_button(who, confirm)
    return None


def _board_button(data: str, game: Game) -> bool:
    """Whether callback data is a button of this game (any revision: a stale one is told so by the Core, as in the
    chat)."""
    try:
        pressed = cb.decode(data)
    except cb.BadCallback:
        return False
    return pressed.action in BOARD_ACTIONS and pressed.game_id == game.id


def _mark(game: Game | None) -> tuple[int, int] | None:
    """What tells whether a move changed anything: the running game and its revision."""
    return None if game is None else (game.id, game.revision)


def _looked(outcome: Outcome, running: Game | None) -> dict[str, Any] | None:
    """A running /think game's board shown another way (every fix, an answer to change), as the page draws it."""
    if running is None or running.mode != Mode.GUESSER:
        return None
    for reply in outcome.replies:
        if reply.board is not None and reply.board.game_id == running.id and reply.board.in_place:
            return board_data(reply, running)
    return None


def _choices(outcome: Outcome, running: Game | None) -> tuple[dict[str, str], ...]:
    """The buttons of an answer that act on the running game, for the page to offer."""
    if running is None:
        return ()
    return tuple(
        {"label": plain(button.label), "data": button.data}
        for reply in outcome.replies
        for row in reply.buttons
        for button in row
        if button.data and _board_button(button.data, running)
    )


def _notice(outcome: Outcome) -> str | None:
    """What the Core answered a move that changed nothing, as plain text for the page."""
    if outcome.toast:
        return outcome.toast
    texts = [plain(reply.text) for reply in outcome.replies if reply.text]
    return "\n".join(texts) or None
