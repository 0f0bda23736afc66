"""Storage of the reminders: the topics each player switched on (reminder_wishes) and the reminders queued
(reminders_sent: once per player, topic and occasion; two a player a UTC day, kept so by a trigger)."""

from __future__ import annotations

from datetime import UTC, datetime

import aiosqlite

from bot.days import day_of
from bot.reminders.kinds import Wish
from bot.store.rows import every, iso


class ReminderStore:
    """The reminders' rows on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def topics(self, user_id: int) -> set[str]:
        """The topics the player switched on."""
        rows = await every(self.conn, "SELECT topic FROM reminder_wishes WHERE user_id = ?", (user_id,))
        return {row["topic"] for row in rows}

    async def switch(self, user_id: int, topic: str, on: bool, now: datetime) -> None:
        """Switch one topic on (at the hour it is now) or off (inside a transaction)."""
        if on:
            await self.conn.execute(
                "INSERT OR IGNORE INTO reminder_wishes (user_id, topic, hour, since) VALUES (?, ?, ?, ?)",
                (user_id, topic, now.astimezone(UTC).hour, iso(now)),
            )
        else:
            await self.conn.execute("DELETE FROM reminder_wishes WHERE user_id = ? AND topic = ?", (user_id, topic))

    async def switch_off(self, user_id: int) -> int:
        """Switch every topic of the player's off (inside a transaction); how many were on comes back."""
        cursor = await self.conn.execute("DELETE FROM reminder_wishes WHERE user_id = ?", (user_id,))
        return cursor.rowcount

    async def wishes(self, topic: str, after: int, limit: int) -> list[Wish]:
        """The players who switched `topic` on, by id, the first `limit` after `after`."""
        rows = await every(
            self.conn,
            "SELECT user_id, hour, since FROM reminder_wishes WHERE topic = ? AND user_id > ? ORDER BY user_id LIMIT ?",
            (topic, after, limit),
        )
        return [Wish(row["user_id"], row["hour"], datetime.fromisoformat(row["since"])) for row in rows]

    async def record(self, user_id: int, topic: str, occasion: str, now: datetime) -> bool:
        """Record a reminder to queue now (inside the transaction that queues it), if the player still wants the
        topic, has not had one of it for this occasion, and has had fewer than two today; whether it was."""
        rows = await every(
            self.conn,
            "INSERT INTO reminders_sent (user_id, topic, occasion, day, at)"
            " SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM reminder_wishes WHERE user_id = ? AND topic = ?)"
            " ON CONFLICT DO NOTHING RETURNING 1",
            (user_id, topic, occasion, day_of(now), iso(now), user_id, topic),
        )
        return bool(rows)

    async def sent_today(self, user_id: int, now: datetime) -> int:
        """How many reminders the player was sent today (UTC)."""
        rows = await every(
            self.conn, "SELECT count(*) AS n FROM reminders_sent WHERE user_id = ? AND day = ?", (user_id, day_of(now))
        )
        return int(rows[0]["n"])

    async def prune(self, before: datetime) -> int:
        """Forget the reminders queued before `before` (their occasions are over); how many went."""
        cursor = await self.conn.execute("DELETE FROM reminders_sent WHERE at < ?", (iso(before),))
        return cursor.rowcount
