"""Storage of the daily challenge: who started which day's challenge (a game of theirs), the day's board, the days
a player solved it, and the games of days gone still under way."""

from __future__ import annotations

import aiosqlite

from bot.daily.model import DailyEntry, DailyPlay
from bot.store.rows import one, scan


class DailyStore:
    """The daily challenge's rows on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def daily_play(self, day: str, user_id: int) -> DailyPlay | None:
        """The player's daily challenge of that day, if they started it."""
        row = await one(self.conn, "SELECT * FROM daily_plays WHERE day = ? AND user_id = ?", (day, user_id))
        return None if row is None else DailyPlay(row["day"], row["user_id"], row["game_id"], row["chat_id"])

    async def add_daily_play(self, play: DailyPlay) -> None:
        """Record that a player started the day's challenge (inside a transaction)."""
        await self.conn.execute(
            "INSERT INTO daily_plays (day, user_id, game_id, chat_id) VALUES (?, ?, ?, ?)",
            (play.day, play.user_id, play.game_id, play.chat_id),
        )

    async def daily_board(self, day: str, limit: int) -> list[DailyEntry]:
        """The day's clean solvers: fewest guesses, then least time."""
        rows = await scan(
            self.conn,
            "SELECT r.user_id, r.guesses, (julianday(r.finished_at) - julianday(r.started_at)) * 86400.0 AS seconds"
            " FROM daily_plays AS d JOIN game_results AS r"
            " ON r.mode = 'daily' AND r.game_id = d.game_id AND r.user_id = d.user_id"
            " WHERE d.day = ? AND r.outcome = 'won' AND r.hinted = 0 ORDER BY r.guesses, seconds, r.finished_at"
            " LIMIT ?",
            (day, limit),
        )
        return [DailyEntry(r["user_id"], r["guesses"], r["seconds"]) for r in rows]

    async def daily_solved_days(self, user_id: int, variant: str) -> list[str]:
        """The UTC days ('YYYY-MM-DD') on which the player solved the daily challenge (played in `variant`), oldest
        first: a daily game starts on its day; the player's results are read along game_results_by_player."""
        rows = await scan(
            self.conn,
            "SELECT DISTINCT substr(started_at, 1, 10) AS day FROM game_results"
            " WHERE user_id = ? AND variant = ? AND mode = 'daily' AND outcome = 'won' ORDER BY day",
            (user_id, variant),
        )
        return [row["day"] for row in rows]

    async def running_before(self, day: str) -> list[DailyPlay]:
        """The daily challenges of days before `day` whose game is still under way, oldest first: read along the
        index of the games under way (one a chat; CROSS JOIN keeps that order), not along every day ever played."""
        rows = await scan(
            self.conn,
            "SELECT d.* FROM games AS g CROSS JOIN daily_plays AS d ON d.game_id = g.id"
            " WHERE g.status = 'active' AND d.day < ? ORDER BY d.day, d.game_id",
            (day,),
        )
        return [DailyPlay(r["day"], r["user_id"], r["game_id"], r["chat_id"]) for r in rows]

    async def running_on(self, day: str) -> bool:
        """Whether any daily challenge of `day` is still under way (read along that day's plays)."""
        row = await one(
            self.conn,
            "SELECT 1 FROM games AS g JOIN daily_plays AS d ON d.game_id = g.id"
            " WHERE g.status = 'active' AND d.day = ? LIMIT 1",
            (day,),
        )
        return row is not None
