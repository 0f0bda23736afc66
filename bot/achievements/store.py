"""Storage behind achievements: the awards, and the counts their rarity is read from.

Writes happen inside the Store's transaction (the move's that earned an award); what an update awarded reaches the
Core through the update's journal of events (bot/events.py), never through a buffer here.
"""

from __future__ import annotations

from datetime import datetime

import aiosqlite

from bot.achievements.model import Award
from bot.achievements.rules import Achievement
from bot.store.db import execute
from bot.store.rows import iso, scan


class SqliteAchievementRepository:
    """Awards and rarity counts, on the Store's connection (made by `Store.repository`)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def award(self, award: Award) -> bool:
        """Store the award unless the player holds it already; whether it is new comes back."""
        added = await execute(
            self.conn,
            "INSERT OR IGNORE INTO achievements (user_id, achievement, earned_at, chat_id) VALUES (?, ?, ?, ?)",
            (award.user_id, award.achievement.value, iso(award.earned_at), award.chat_id),
        )
        return bool(added)

    async def held(self, user_id: int) -> dict[Achievement, datetime]:
        """The achievements the player holds, each since when."""
        rows = await scan(self.conn, "SELECT achievement, earned_at FROM achievements WHERE user_id = ?", (user_id,))
        known = {a.value for a in Achievement}
        return {
            Achievement(r["achievement"]): datetime.fromisoformat(r["earned_at"])
            for r in rows
            if r["achievement"] in known  # one a newer version awarded and this one does not know: not shown
        }

    async def rarities(self) -> tuple[dict[Achievement, int], int]:
        """How many players hold each achievement, and how many players there are (two kept counts: no scan)."""
        rows = await scan(
            self.conn,
            "SELECT achievement, holders AS n FROM achievement_holders"
            " UNION ALL SELECT NULL, players FROM rarity_count WHERE id = 1",
            (),
        )
        known = {a.value for a in Achievement}
        holders = {Achievement(r["achievement"]): int(r["n"]) for r in rows if r["achievement"] in known}
        players = next((int(r["n"]) for r in rows if r["achievement"] is None), 0)
        return holders, players
