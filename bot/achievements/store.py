"""Storage behind achievements: the awards, the counts their rarity is read from, and the daily challenges' closes.

Writes happen inside the Store's transaction (the move's that earned an award). The repository also remembers the
awards it made since it was last asked (`taken`): what the update under way earned, for the Core to announce under
its reply, whichever service made the award (a game's end, a match's, a review, a puzzle).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

import aiosqlite

from bot.achievements.model import Award
from bot.achievements.rules import Achievement
from bot.store.db import execute
from bot.store.rows import iso, one, scan


@dataclass(frozen=True)
class DaySolve:
    """A clean solve of a day's challenge: who, in how many guesses, in which chat it was played."""

    user_id: int
    guesses: int
    chat_id: int


class AchievementRepository(Protocol):
    """Awards, rarity counts and daily closes."""

    async def award(self, award: Award) -> bool: ...
    def taken(self) -> tuple[Award, ...]: ...
    def forget(self) -> None: ...
    async def held(self, user_id: int) -> dict[Achievement, datetime]: ...
    async def rarities(self) -> tuple[dict[Achievement, int], int]: ...
    async def last_closed_day(self) -> str | None: ...
    async def days_played(self, after: str | None, before: str) -> list[str]: ...
    async def day_solves(self, day: str) -> list[DaySolve]: ...
    async def close_day(self, day: str, fewest: int | None, now: datetime) -> bool: ...
    async def closed_fewest(self, day: str) -> tuple[bool, int | None]: ...
    async def lower_fewest(self, day: str, guesses: int) -> None: ...


class SqliteAchievementRepository:
    """The AchievementRepository on the Store's connection (made by `Store.repository`)."""

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

    async def last_closed_day(self) -> str | None:
        """The latest day whose challenge was closed, if any."""
        row = await one(self.conn, "SELECT max(day) AS day FROM daily_closes", ())
        return None if row is None or row["day"] is None else str(row["day"])

    async def days_played(self, after: str | None, before: str) -> list[str]:
        """The days after `after` (None: every day) and before `before` on which someone began the challenge."""
        rows = await scan(
            self.conn,
            "SELECT DISTINCT day FROM daily_plays WHERE day > ? AND day < ? ORDER BY day",
            (after or "", before),
        )
        return [str(r["day"]) for r in rows]

    async def day_solves(self, day: str) -> list[DaySolve]:
        """The day's clean solves (won without a hint), fewest guesses first."""
        rows = await scan(
            self.conn,
            "SELECT r.user_id, r.guesses, d.chat_id FROM daily_plays AS d JOIN game_results AS r"
            " ON r.mode = 'daily' AND r.game_id = d.game_id AND r.user_id = d.user_id"
            " WHERE d.day = ? AND r.outcome = 'won' AND r.hinted = 0 ORDER BY r.guesses, r.finished_at",
            (day,),
        )
        return [DaySolve(int(r["user_id"]), int(r["guesses"]), int(r["chat_id"])) for r in rows]

    async def close_day(self, day: str, fewest: int | None, now: datetime) -> bool:
        """Record the day as closed with its fewest clean guesses; False if it was closed already."""
        added = await execute(
            self.conn,
            "INSERT OR IGNORE INTO daily_closes (day, fewest, closed_at) VALUES (?, ?, ?)",
            (day, fewest, iso(now)),
        )
        return bool(added)

    async def closed_fewest(self, day: str) -> tuple[bool, int | None]:
        """Whether the day is closed, and its fewest clean guesses so far (None: nobody solved it cleanly)."""
        row = await one(self.conn, "SELECT fewest FROM daily_closes WHERE day = ?", (day,))
        return (False, None) if row is None else (True, row["fewest"])

    async def lower_fewest(self, day: str, guesses: int) -> None:
        """A closed day's fewest becomes `guesses` if that is fewer (a game of the day finished after its close)."""
        await execute(
            self.conn,
            "UPDATE daily_closes SET fewest = ? WHERE day = ? AND (fewest IS NULL OR fewest > ?)",
            (guesses, day, guesses),
        )
