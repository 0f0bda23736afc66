"""What the Mini App's page keeps and asks for beside the Core's moves: each move's idempotency record, each game's
digit notepad, the chat's replies to a move made on the page, queued in the outbox as a chat move's are, the chat's
latest versus game, and word of every chat the outbox is given something for (the page's push)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.deps import Deps
from bot.matches.model import Match
from bot.outgoing import post, with_board_button
from bot.replies import Outcome


async def answered(deps: Deps, user_id: int, key: str) -> dict[str, Any] | None:
    """What the page's move with this key was answered, if it was made (inside the move's transaction)."""
    return await deps.store.webapp.answered(user_id, key)


async def remember(deps: Deps, user_id: int, key: str, game_id: int | None, answer: dict[str, Any]) -> None:
    """Record a move made under `key` with what it was answered (inside the move's transaction)."""
    await deps.store.webapp.remember(user_id, key, game_id, answer, deps.clock())


async def queue(deps: Deps, chat_id: int, outcome: Outcome, url: str | None, language: str) -> None:
    """Queue the replies of a move made on the page in the chat's outbox (inside the move's transaction), as those of
    a move made in the chat are: a game's board with the Mini App's button (at `url`, when it has one)."""
    shown = with_board_button(outcome, url, language) if url is not None else outcome
    await post(deps.store, chat_id, shown, deps.clock())


async def announce(deps: Deps, chat_id: int, told: Outcome) -> None:
    """Queue in the chat's outbox what something done on the page earned (`told`: its announcements, if any), inside
    the transaction that awarded it."""
    await post(deps.store, chat_id, told, deps.clock())  # nothing when it earned nothing


async def notes(deps: Deps, game_id: int) -> str | None:
    """The game's notepad marks, if any were made."""
    return await deps.store.webapp.notes(game_id)


async def save_notes(deps: Deps, game_id: int, marks: str) -> None:
    """Keep the game's notepad marks (the newest write wins: one player, one notepad)."""
    async with deps.transaction():
        await deps.store.webapp.save_notes(game_id, marks, deps.clock())


async def forget_old_moves(deps: Deps) -> int:
    """Forget the move records older than two days (a page retries within seconds); how many comes back."""
    async with deps.transaction():
        return await deps.store.webapp.prune(deps.clock())


async def ended_versus(deps: Deps, chat_id: int, since: datetime | None) -> Match | None:
    """The chat's most recent versus game to have ended, if it ended after `since` (None: at any time)."""
    found = await deps.store.webapp.latest_versus(chat_id, since)
    return None if found is None else await deps.store.matches.match(found)


def watch_chats(deps: Deps, watcher: Callable[[int], None]) -> Callable[[], None]:
    """Have `watcher` told the chat of every reply queued from now on, inside the transaction that queues it (a move
    committed by the intake, the page or a timer); what comes back stops it."""
    return deps.store.outbox.watch(watcher)
