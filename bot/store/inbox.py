"""The inbox: every update Telegram delivered, recorded before it is confirmed, processed once in effect.

An update is `pending` until the transaction that applies it marks it `done` (its moves, its replies in the
outbox and this mark commit together), so a crash at any point leaves it either wholly applied or pending.
A second delivery of the same update_id is ignored.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from bot.store.db import Transactions, execute
from bot.store.rows import iso

MAX_ATTEMPTS = 5  # an update whose processing was begun this often without finishing (a poison) is set aside
KEEP_DONE = timedelta(days=2)  # long enough to ignore any redelivery; Telegram keeps updates for 24 hours


@dataclass(frozen=True)
class Recorded:
    """One update waiting in the inbox: its id, Telegram's JSON, and how often processing began."""

    update_id: int
    payload: dict[str, Any]
    attempts: int
    chat_id: int | None = None  # the chat it belongs to, if any


# the parts of an update that carry its chat, as Telegram's JSON names them
_CHAT_CARRIERS = ("message", "edited_message", "channel_post", "edited_channel_post", "my_chat_member", "chat_member")


def chat_of(update: Mapping[str, Any]) -> int | None:
    """The id of the chat an update (Telegram's JSON) belongs to; None for one that has none (an inline query)."""
    for key in _CHAT_CARRIERS:
        part = update.get(key)
        if isinstance(part, Mapping) and isinstance(part.get("chat"), Mapping):
            chat_id = part["chat"].get("id")
            return chat_id if isinstance(chat_id, int) else None
    query = update.get("callback_query")
    message = query.get("message") if isinstance(query, Mapping) else None
    if isinstance(message, Mapping) and isinstance(message.get("chat"), Mapping):
        chat_id = message["chat"].get("id")
        return chat_id if isinstance(chat_id, int) else None
    return None


class Inbox:
    """The inbox table on the Store's connection."""

    def __init__(self, conn: aiosqlite.Connection, transactions: Transactions) -> None:
        self.conn = conn
        self.transaction = transactions

    async def record(self, updates: list[dict[str, Any]], now: datetime) -> int:
        """Store updates (Telegram's JSON, each with its update_id) durably; how many were new comes back."""
        async with self.transaction():
            before = self.conn.total_changes
            await self.conn.executemany(
                "INSERT OR IGNORE INTO inbox (update_id, payload, received_at, chat_id) VALUES (?, ?, ?, ?)",
                [(u["update_id"], json.dumps(u, ensure_ascii=False), iso(now), chat_of(u)) for u in updates],
            )
            return self.conn.total_changes - before

    async def pending(self, limit: int = 100, waiting: Collection[int] = ()) -> list[Recorded]:
        """The oldest updates not yet processed, in update_id order, leaving out those of the `waiting` chats."""
        skip = sorted(waiting)[:1000]  # more parked chats than this is a flood: the rest are simply parked again
        outside = f" AND (chat_id IS NULL OR chat_id NOT IN ({', '.join('?' * len(skip))}))" if skip else ""
        async with self.conn.execute(
            "SELECT update_id, payload, attempts, chat_id FROM inbox WHERE status = 'pending'"
            f"{outside} ORDER BY update_id LIMIT ?",
            (*skip, limit),
        ) as cursor:
            return [
                Recorded(r["update_id"], json.loads(r["payload"]), r["attempts"], r["chat_id"]) async for r in cursor
            ]

    async def begin(self, update_ids: list[int]) -> None:
        """Count a processing run of these updates before it starts (committed on its own, so a crash mid-way
        still counts)."""
        async with self.transaction():
            await self.conn.executemany(
                "UPDATE inbox SET attempts = attempts + 1 WHERE update_id = ?", [(u,) for u in update_ids]
            )

    async def unbegin(self, update_ids: list[int]) -> None:
        """Take back the run counted for updates a batch did not reach (inside the batch's transaction)."""
        await self.conn.executemany(
            "UPDATE inbox SET attempts = attempts - 1 WHERE update_id = ? AND attempts > 0", [(u,) for u in update_ids]
        )

    async def finish(self, update_id: int, now: datetime, status: str = "done") -> bool:
        """Mark a pending update done (or failed), inside the caller's transaction; False if it was not pending."""
        changed = await execute(
            self.conn,
            "UPDATE inbox SET status = ?, done_at = ? WHERE update_id = ? AND status = 'pending'",
            (status, iso(now), update_id),
        )
        return changed == 1

    async def forget(self, update_id: int) -> None:
        """Keep only an update's id (inside the caller's transaction): what a flood guard refused is not stored."""
        await execute(self.conn, "UPDATE inbox SET payload = '{}' WHERE update_id = ?", (update_id,))

    async def status(self, update_id: int) -> str | None:
        """Where an update stands: 'pending', 'done', 'failed', or None if it was never recorded."""
        async with self.conn.execute("SELECT status FROM inbox WHERE update_id = ?", (update_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else str(row["status"])

    async def next_offset(self) -> int | None:
        """The getUpdates offset that confirms everything recorded (None before the first update)."""
        async with self.conn.execute("SELECT max(update_id) FROM inbox") as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else int(row[0]) + 1

    async def prune(self, now: datetime) -> int:
        """Forget processed updates older than KEEP_DONE (the newest is always kept for the offset)."""
        async with self.transaction():
            cursor = await self.conn.execute(
                "DELETE FROM inbox WHERE status != 'pending' AND done_at < ?"
                " AND update_id < (SELECT max(update_id) FROM inbox)",
                (iso(now - KEEP_DONE),),
            )
            return cursor.rowcount
