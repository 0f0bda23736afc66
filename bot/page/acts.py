"""An act of the Mini App's page: what the chat would send (a command with its arguments, a typed text, a button's
callback data), answered by the Core through the chat's own routes (`Core.on_sent`), so that every rule (a puzzle's
clock, the ladder's open puzzle, the daily's guard against spoilers) holds on both faces by construction.

Each act is one transaction: what it changes, the chat's replies in the outbox (a move made on the page shows in the
chat as if it had been typed or pressed there) and the act's idempotency record (the page's key) commit together. A
request sent again with a key already recorded gets the first answer back and changes nothing: a puzzle's answer
counts once however often the page retries it. An act that changes nothing (a code tried before, a stale button, a
question first) is told to the page alone, and so is a screen the page draws itself (a puzzle's, `Core.on_sent`):
the chat is told only what it earned. A feature's screen comes in the Account as the feature's model; the page's
record has it as its page face draws it (the register's `page_faces`).

The page names the game or the match an act is about (its keypad's guess, its board's buttons) at the revision it
shows: an act on a game that has moved since, or while a match takes the chat's messages, is stale and changes
nothing; an act on a game or match that is not the player's is refused (PermissionError: 401).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import callback_data as cb
from bot.boards import page as page_board
from bot.core import Core
from bot.games.model import Game, Mode
from bot.matches.model import MatchKind
from bot.page import schema
from bot.page import service as page
from bot.page.view import owns
from bot.replies import Did, Outcome
from bot.routes import Sent
from bot.situation import Situation
from bot.texts import plain, t
from bot.who import Who


@dataclass(frozen=True)
class Acted:
    """What came of an act: its record (what it did and what the page draws of it), and whether it is the first
    answer given again (its key was recorded already)."""

    record: schema.ActRecord
    repeated: bool = False


async def act(core: Core, who: Who, language: str, asked: schema.ActRequest, url: str | None = None) -> Acted:
    """Do the act in one transaction with its replies and its record; a key seen before changes nothing. The chat's
    boards get the Mini App's button (at `url`), as those of moves made in the chat do."""
    deps = core.deps

    async def once() -> Acted:
        earlier = await page.answered(deps, who.user_id, asked.key)
        if earlier is not None:
            return Acted(_kept(earlier), repeated=True)
        record = await _answer(core, who, language, asked, url)
        await page.remember(deps, who.user_id, asked.key, asked.game_id, schema.builtins(record))
        return Acted(record)

    return await core.alone(who.user_id, once)  # again once the engine work it waits for is done


async def _answer(core: Core, who: Who, language: str, asked: schema.ActRequest, url: str | None) -> schema.ActRecord:
    """The act's effect, inside the caller's transaction: the Core's outcome for what the chat would send, as the
    page's record; its replies queued for the chat when it made a move, or earned something."""
    found = await core.situation(who)
    stale = await _stale(found, asked)
    if stale is not None:
        return schema.ActRecord(did=Did.REFUSED.value, notice=plain(t(stale, language)))
    running = await found.game()
    outcome = await core.on_sent(who, Sent(asked.command, asked.args, asked.text, asked.data))
    account = outcome.account
    if account.did == Did.MADE or account.screen is not None:  # a drawn screen's replies: what it earned alone
        await page.queue(core.deps, who.chat_id, outcome, url, language)
    return _record(outcome, running, core.page.screen(account.screen))


async def _stale(found: Situation, asked: schema.ActRequest) -> str | None:
    """Why an act about a game or a match the page shows changes nothing (the key of what the page says), or None;
    PermissionError when that game or match is not the player's."""
    who = found.who
    if asked.match_id is not None:
        named = await found.match_named(asked.match_id)
        if (
            named is None
            or named.kind != MatchKind.VERSUS
            or named.chat_id != who.chat_id
            or not named.player(who.user_id)
        ):
            raise PermissionError("a versus game that is not the player's")
        if asked.data is not None and asked.data == cb.encode(cb.REMATCH, named.id):  # over or not
            return None
        on = await found.match_here(MatchKind.VERSUS)
        if on is None or on.id != named.id or named.revision != asked.revision:
            return "app.stale"
        if asked.data is not None and not page_board.names_match(asked.data, named.id):
            return "app.stale"
        return None
    if asked.game_id is not None:
        named_game = await found.game_named(asked.game_id)
        if named_game is None or not owns(who, named_game):
            raise PermissionError("a game that is not the player's")
        if await found.in_match():  # the chat's messages are a match's moves now
            return "app.busy"
        if named_game is not await found.game() or named_game.revision != asked.revision:
            return "app.stale"
        if asked.data is not None and not page_board.names(asked.data, named_game.id):
            return "app.stale"
    return None


def _record(outcome: Outcome, running: Game | None, screen: schema.FeatureScreen | None) -> schema.ActRecord:
    """What the act came to, as the page draws it: from its Account (never from the chat's messages), with the
    feature's screen it carries as the page draws it (`screen`: its face's)."""
    account = outcome.account
    looked = None
    if account.did == Did.SHOWN and running is not None and running.mode == Mode.GUESSER:
        looked = next((board for board in account.boards if board.game_id == running.id), None)
    shown_match = account.match_board if account.did == Did.SHOWN else None
    notice = account.notice if account.notice is not None else outcome.toast
    if looked is not None or shown_match is not None:  # a board shown another way (every fix, an answer to change)
        notice = None
    return schema.ActRecord(
        did=account.did.value,
        notice=plain(notice) if notice else None,
        achieved=[plain(line) for line in account.achieved],
        choices=[page_board.choice_data(choice) for choice in account.choices],
        board=None if looked is None else page_board.asking(looked),
        match_board=None if shown_match is None else page_board.versus(shown_match),
        screen=screen,
    )


def _kept(earlier: dict[str, object]) -> schema.ActRecord:
    """The record an act's key was kept with (one kept by an older version, in another shape: what it said)."""
    try:
        return schema.convert(earlier, schema.ActRecord)
    except schema.BadBody:
        notice = earlier.get("notice")
        did = Did.MADE if earlier.get("changed") is True else Did.SHOWN
        return schema.ActRecord(did=did.value, notice=notice if isinstance(notice, str) else None)
