"""The outbox: replies written in the same transaction as the move they answer, sent until delivered.

Each row is one Bot API call to make in a chat, in id order within the chat. Its payload is JSON:
`{"kind": "message", "text", "buttons", "board", "fresh", "edit"}` for a message (sent, or edited in place:
`board` is a game whose board message it shows, resolved when it is sent; `edit` a message to replace) and
`{"kind": "answer", "query": id, "text": toast}` for a button press's answer, and
`{"kind": "inline", "query": id, "results": [{"id", "title", "description", "text", "buttons"}], "cache_time",
"personal"}` for an inline query's answer (queued under the asking user's id, which is their private chat's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from bot.storage.db import Transactions, execute
from bot.storage.rows import iso, moment

KEEP_SENT = timedelta(days=2)
_JSON = json.JSONEncoder(ensure_ascii=False)  # json.dumps(payload, ensure_ascii=False), without a new encoder a row


@dataclass(frozen=True)
class Outgoing:
    """One pending call: where it goes, what it is, how often it was tried."""

    id: int
    chat_id: int
    payload: dict[str, Any]
    attempts: int
    created_at: datetime


class Outbox:
    """The outbox table on the Store's connection."""

    def __init__(self, conn: aiosqlite.Connection, transactions: Transactions) -> None:
        self.conn = conn
        self.transaction = transactions

    async def add(self, chat_id: int, payload: dict[str, Any], now: datetime, update_id: int | None = None) -> None:
        """Queue one call (inside the caller's transaction, so it commits with the move it answers)."""
        await execute(
            self.conn,
            "INSERT INTO outbox (chat_id, update_id, payload, not_before, created_at) VALUES (?, ?, ?, ?, ?)",
            (chat_id, update_id, _JSON.encode(payload), iso(now), iso(now)),
        )

    async def due_chats(self, now: datetime) -> list[int]:
        """The chats whose oldest pending call may be made now (committed calls only, as every read here)."""
        async with self.transaction.settled():
            rows = await self.conn.execute_fetchall(
                "SELECT chat_id FROM outbox o WHERE status = 'pending' AND not_before <= ? AND id ="
                " (SELECT min(id) FROM outbox WHERE chat_id = o.chat_id AND status = 'pending')",
                (iso(now),),
            )
        return [row[0] for row in rows]

    async def next_due(self) -> datetime | None:
        """When the soonest waiting call may be retried (None if nothing is pending)."""
        async with self.transaction.settled():
            rows = list(await self.conn.execute_fetchall("SELECT min(not_before) FROM outbox WHERE status = 'pending'"))
        return None if not rows or rows[0][0] is None else moment(rows[0][0])

    async def pending(self, chat_id: int, limit: int = 50) -> list[Outgoing]:
        """A chat's pending calls, oldest first."""
        async with self.transaction.settled():
            rows = await self.conn.execute_fetchall(
                "SELECT id, chat_id, payload, attempts, created_at FROM outbox WHERE chat_id = ? AND status = 'pending'"
                " ORDER BY id LIMIT ?",
                (chat_id, limit),
            )
        return [
            Outgoing(r["id"], r["chat_id"], json.loads(r["payload"]), r["attempts"], _created(r["created_at"]))
            for r in rows
        ]

    async def settle(self, ids: list[int], now: datetime, status: str = "sent", error: str | None = None) -> None:
        """Mark calls as made (or given up on, with the reason), inside the caller's transaction."""
        await self.conn.executemany(
            "UPDATE outbox SET status = ?, sent_at = ?, error = ? WHERE id = ?",
            [(status, iso(now), error, i) for i in ids],
        )

    async def postpone(self, outgoing_id: int, until: datetime, error: str) -> None:
        """Try a call again no earlier than `until` (committed on its own)."""
        async with self.transaction():
            await self.conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, not_before = ?, error = ? WHERE id = ?",
                (iso(until), error, outgoing_id),
            )

    async def board(self, game_id: int) -> int | None:
        """The message that shows a game's board now (boards are resolved when sent, not when queued)."""
        async with self.transaction.settled():
            rows = list(await self.conn.execute_fetchall("SELECT board_message_id FROM games WHERE id = ?", (game_id,)))
        return None if not rows else rows[0][0]

    async def move_chat(self, old: int, new: int) -> None:
        """Send what is still pending for `old` to `new` (a group that became a supergroup)."""
        await self.conn.execute("UPDATE outbox SET chat_id = ? WHERE chat_id = ? AND status = 'pending'", (new, old))

    async def prune(self, now: datetime) -> int:
        """Forget calls made (or given up on) more than KEEP_SENT ago."""
        async with self.transaction():
            cursor = await self.conn.execute(
                "DELETE FROM outbox WHERE status != 'pending' AND sent_at < ?", (iso(now - KEEP_SENT),)
            )
            return cursor.rowcount


def _created(text: str) -> datetime:
    return datetime.fromisoformat(text)
