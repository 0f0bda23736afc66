"""Storage of the weekly leagues: tiers, the week's divisions and members, the points ledger and the closed weeks
(SQLite, on the Store's connection and inside its transactions)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from bot.league.rules import DIVISION_SIZE, DivisionLine, Source
from bot.store.rows import every, iso, one


@dataclass(frozen=True)
class Member:
    """A player's place in a week: their tier and division, and their points."""

    week: str
    user_id: int
    tier: int
    division: int
    points: int
    points_at: str


def _member(row: aiosqlite.Row) -> Member:
    return Member(row["week"], row["user_id"], row["tier"], row["division"], row["points"], row["points_at"])


@dataclass(frozen=True)
class Counted:
    """What a result about to count needs to know, read at once: whether its week is closed, the player's place in
    it (None: not placed yet), and how many results of its source counted for them that day, and against its
    opponent that week."""

    closed: bool
    member: Member | None
    today: int
    against: int


class SqliteLeagueRepository:
    """The leagues' rows on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def tier(self, user_id: int) -> int | None:
        """The player's tier, if a closed week set one."""
        row = await one(self.conn, "SELECT tier FROM league_tiers WHERE user_id = ?", (user_id,))
        return None if row is None else int(row["tier"])

    async def member(self, week: str, user_id: int) -> Member | None:
        """The player's place in a week, if they play in it."""
        row = await one(self.conn, "SELECT * FROM league_members WHERE week = ? AND user_id = ?", (week, user_id))
        return None if row is None else _member(row)

    async def join(self, week: str, user_id: int, tier: int, now: datetime) -> Member:
        """Place the player in the week: the newest division of their tier with room, else a new one."""
        division = await self._division_with_room(week, tier)
        at = iso(now)
        await self.conn.execute(
            "INSERT INTO league_members (week, user_id, tier, division, points, points_at) VALUES (?, ?, ?, ?, 0, ?)",
            (week, user_id, tier, division, at),
        )
        return Member(week, user_id, tier, division, 0, at)

    async def _division_with_room(self, week: str, tier: int) -> int:
        row = await one(
            self.conn,
            "SELECT division, members FROM league_divisions WHERE week = ? AND tier = ? ORDER BY division DESC LIMIT 1",
            (week, tier),
        )
        if row is not None and row["members"] < DIVISION_SIZE:
            division = int(row["division"])
            await self.conn.execute(
                "UPDATE league_divisions SET members = members + 1 WHERE week = ? AND tier = ? AND division = ?",
                (week, tier, division),
            )
            return division
        division = 1 if row is None else int(row["division"]) + 1
        await self.conn.execute(
            "INSERT INTO league_divisions (week, tier, division, members) VALUES (?, ?, ?, 1)", (week, tier, division)
        )
        return division

    async def leave(self, member: Member) -> None:
        """Take a player out of their division of a week (to place them again in another tier's)."""
        await self.conn.execute(
            "DELETE FROM league_members WHERE week = ? AND user_id = ?", (member.week, member.user_id)
        )
        await self.conn.execute(
            "UPDATE league_divisions SET members = members - 1 WHERE week = ? AND tier = ? AND division = ?",
            (member.week, member.tier, member.division),
        )

    async def set_points(self, week: str, user_id: int, points: int, points_at: datetime | str) -> None:
        """Set a member's points (and when they last moved: a moment, or one as stored)."""
        at = iso(points_at) if isinstance(points_at, datetime) else points_at
        await self.conn.execute(
            "UPDATE league_members SET points = ?, points_at = ? WHERE week = ? AND user_id = ?",
            (points, at, week, user_id),
        )

    async def counted_so_far(self, week: str, user_id: int, source: Source, day: str, opponent: int | None) -> Counted:
        """The week's state and the player's counts for a result about to count, in one statement."""
        row = await one(
            self.conn,
            "SELECT EXISTS (SELECT 1 FROM league_weeks WHERE week = ?1) AS closed,"
            " (SELECT count(*) FROM league_points WHERE user_id = ?2 AND source = ?3 AND day = ?4) AS today,"
            " (SELECT count(*) FROM league_points WHERE user_id = ?2 AND week = ?1 AND opponent = ?5) AS against,"
            " m.week, m.user_id, m.tier, m.division, m.points, m.points_at"
            " FROM (SELECT 1) LEFT JOIN league_members m ON m.week = ?1 AND m.user_id = ?2",
            (week, user_id, str(source), day, opponent),
        )
        assert row is not None  # one row always
        member = None if row["week"] is None else _member(row)
        return Counted(bool(row["closed"]), member, int(row["today"]), int(row["against"]))

    async def record(
        self,
        user_id: int,
        source: Source,
        ref: str,
        week: str,
        day: str,
        opponent: int | None,
        points: int,
        now: datetime,
    ) -> bool:
        """Count a result (each ref once): whether it was new."""
        cursor = await self.conn.execute(
            "INSERT OR IGNORE INTO league_points (user_id, source, ref, week, day, opponent, points, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (user_id, source, ref, week, day, opponent, points, iso(now)),
        )
        return cursor.rowcount == 1

    async def table(self, week: str, tier: int, division: int) -> list[DivisionLine]:
        """A division's members, in the order of its table."""
        rows = await every(
            self.conn,
            "SELECT user_id, points, points_at FROM league_members WHERE week = ? AND tier = ? AND division = ?"
            " ORDER BY points DESC, points_at, user_id",
            (week, tier, division),
        )
        return [DivisionLine(r["user_id"], r["points"], r["points_at"]) for r in rows]

    async def divisions(self, week: str) -> list[tuple[int, int]]:
        """The week's divisions: (tier, division), in order."""
        rows = await every(
            self.conn, "SELECT tier, division FROM league_divisions WHERE week = ? ORDER BY tier, division", (week,)
        )
        return [(r["tier"], r["division"]) for r in rows]

    async def closed(self, week: str) -> bool:
        """Whether a week was closed."""
        return await one(self.conn, "SELECT 1 FROM league_weeks WHERE week = ?", (week,)) is not None

    async def unclosed_before(self, week: str) -> list[str]:
        """The weeks before `week` with players that were not closed yet, oldest first."""
        rows = await every(
            self.conn,
            "SELECT DISTINCT week FROM league_divisions WHERE week < ?"
            " AND week NOT IN (SELECT week FROM league_weeks) ORDER BY week",
            (week,),
        )
        return [r["week"] for r in rows]

    async def set_tiers(self, tiers: Sequence[tuple[int, int]], week: str) -> None:
        """Store the players' tiers (user, tier) as a week's close left them."""
        await self.conn.executemany(
            "INSERT INTO league_tiers (user_id, tier, week) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, week = excluded.week",
            [(user, tier, week) for user, tier in tiers],
        )

    async def later(self, week: str, user_ids: Sequence[int]) -> list[Member]:
        """These players' places in weeks after `week` (made before `week` was closed: the bot was down)."""
        found: list[Member] = []
        for user_id in user_ids:
            rows = await every(
                self.conn, "SELECT * FROM league_members WHERE user_id = ? AND week > ?", (user_id, week)
            )
            found += [_member(row) for row in rows]
        return found

    async def close(self, week: str, now: datetime, players: int, up: int, down: int) -> None:
        """Record a week as closed."""
        await self.conn.execute(
            "INSERT INTO league_weeks (week, closed_at, players, moved_up, moved_down) VALUES (?, ?, ?, ?, ?)",
            (week, iso(now), players, up, down),
        )
