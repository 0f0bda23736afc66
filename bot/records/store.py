"""Storage behind leaderboards and player stats: standings, places, results by variant, the record a win is
measured against.

Writes happen inside the Store's `transaction()` (same connection, same lock).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.games.status import Status
from bot.records.model import Place, ResultCount, Standing, WinRecord
from bot.store.db import execute
from bot.store.rows import one, placeholders, scan, scan_one

RANKED_MODES = ("referee", "race", "duel", "versus", "daily")  # modes where the player is the one guessing
# Spelled exactly as in migrations/0003_stats_daily.sql so that SQLite picks the partial indexes.
RANKED = "outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')"


def _board(chat_id: int, variant: str, period: str | None) -> tuple[str, str, tuple[Any, ...]]:
    """The table, the WHERE clause and its parameters of one leaderboard: all-time standings or one period's."""
    if period is None:
        return "standings", "chat_id = ? AND variant = ?", (chat_id, variant)
    return "period_standings", "period = ? AND chat_id = ? AND variant = ?", (period, chat_id, variant)


class SqliteStatsRepository:
    """The standings, places and results behind /top and /stats, on the Store's connection (its transactions)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def standings(self, chat_id: int, variant: str, limit: int, period: str | None = None) -> list[Standing]:
        """The leaderboard of a chat (or ALL_CHATS) for a variant, best first: all time, or one period (a key of
        period_standings such as 'w2026-11-23')."""
        table, where, params = _board(chat_id, variant, period)
        rows = await scan(
            self.conn,
            f"SELECT user_id, best, CAST(total_guesses AS REAL) / solved AS average, solved, best_at FROM {table}"
            f" WHERE {where} ORDER BY best, CAST(total_guesses AS REAL) / solved, best_at, user_id LIMIT ?",
            (*params, limit),
        )
        return [Standing(r["user_id"], r["best"], r["average"], r["solved"], r["best_at"]) for r in rows]

    async def place(self, chat_id: int, variant: str, user_id: int, period: str | None = None) -> Place | None:
        """Where a player stands on that leaderboard (None: not on it): one more than the players strictly ahead
        in the board's order, of all the players on it."""
        table, where, params = _board(chat_id, variant, period)
        row = await scan_one(
            self.conn,
            f"SELECT best, CAST(total_guesses AS REAL) / solved AS average, solved, best_at FROM {table}"
            f" WHERE {where} AND user_id = ?",
            (*params, user_id),
        )
        if row is None:
            return None
        mine = Standing(user_id, row["best"], row["average"], row["solved"], row["best_at"])
        # Ahead: every player with a smaller best (counted per best in standing_counts), then those with the same
        # best who come first in the board's order (one range of the rank index, read alone).
        counted = await scan_one(
            self.conn,
            "SELECT (SELECT sum(players) FROM standing_counts WHERE board = ? AND chat_id = ? AND variant = ?)"
            " AS total, (SELECT coalesce(sum(players), 0) FROM standing_counts"
            "  WHERE board = ? AND chat_id = ? AND variant = ? AND best < ?)"
            f" + (SELECT count(*) FROM {table} WHERE {where} AND best = ?"
            "     AND (CAST(total_guesses AS REAL) / solved, best_at, user_id) < (?, ?, ?)) AS ahead",
            (period or "", chat_id, variant) * 2 + (mine.best, *params, mine.best, mine.average, mine.best_at, user_id),
        )
        assert counted is not None
        return Place(counted["ahead"] + 1, counted["total"], mine)

    async def drop_periods(self, past: Sequence[tuple[str, str]], limit: int) -> int:
        """Delete up to `limit` rows of the period boards whose keys lie in the `past` ranges ([low, high) each), the
        standings first and then their counts; how many went (0: none are left). Inside the caller's transaction."""
        for table, key, columns in (
            ("period_standings", "period", "period, chat_id, variant, user_id"),
            ("standing_counts", "board", "board, chat_id, variant, best"),
        ):
            ranges = " OR ".join(f"({key} >= ? AND {key} < ?)" for _ in past)
            deleted = await execute(
                self.conn,
                f"DELETE FROM {table} WHERE ({columns}) IN (SELECT {columns} FROM {table} WHERE {ranges} LIMIT ?)",
                (*(bound for span in past for bound in span), limit),
            )
            if deleted:
                return deleted
        return 0

    async def ranked_variants(self, chat_id: int) -> list[str]:
        """The variants with a clean solve in a chat (or ALL_CHATS), by name."""
        # Hop from one variant to the next along the primary key instead of reading every player's row.
        rows = await scan(
            self.conn,
            "WITH RECURSIVE hop (variant) AS ("
            " SELECT (SELECT min(variant) FROM standings WHERE chat_id = ?1)"
            " UNION ALL SELECT (SELECT min(variant) FROM standings WHERE chat_id = ?1 AND variant > hop.variant)"
            " FROM hop WHERE hop.variant IS NOT NULL"
            ") SELECT variant FROM hop WHERE variant IS NOT NULL",
            (chat_id,),
        )
        return [row["variant"] for row in rows]

    async def result_counts(self, user_id: int, variant: str) -> list[ResultCount]:
        """A player's results of a variant, counted by mode, outcome, hints and guesses."""
        rows = await scan(
            self.conn,
            "SELECT mode, outcome, hinted, guesses, count(*) AS n FROM game_results WHERE user_id = ? AND variant = ?"
            " GROUP BY mode, outcome, hinted, guesses",
            (user_id, variant),
        )
        return [ResultCount(r["mode"], Status(r["outcome"]), bool(r["hinted"]), r["guesses"], r["n"]) for r in rows]

    async def clean_solve_flags(self, user_id: int, variant: str) -> str:
        """'1' for each clean solve and '0' for any other result of the player's guessing games, by finish time (then by
        when the result was recorded: two finished at one instant keep their order)."""
        row = await scan_one(
            self.conn,
            f"SELECT group_concat(ok, '') AS flags FROM (SELECT ({RANKED}) AS ok FROM game_results"
            f" WHERE user_id = ? AND variant = ? AND mode IN ({placeholders(RANKED_MODES)})"
            " ORDER BY finished_at, rowid)",
            (user_id, variant, *RANKED_MODES),
        )
        return (row["flags"] if row is not None else None) or ""

    async def rating_history(self, user_id: int, family: str, limit: int) -> list[tuple[float, float]]:
        """The player's rating (μ, σ) right after each of their last `limit` rated matches in a family, oldest first."""
        rows = await scan(
            self.conn,
            "SELECT mu, sigma FROM (SELECT seq, mu, sigma FROM rated_results WHERE user_id = ? AND family = ?"
            " ORDER BY seq DESC LIMIT ?) ORDER BY seq",
            (user_id, family, limit),
        )
        return [(float(row["mu"]), float(row["sigma"])) for row in rows]

    async def played_variants(self, user_id: int) -> list[tuple[str, int]]:
        """The variants a player has results in, with how many, most played first."""
        rows = await scan(
            self.conn,
            "SELECT variant, count(*) AS n FROM game_results WHERE user_id = ?"
            " GROUP BY variant ORDER BY n DESC, variant",
            (user_id,),
        )
        return [(row["variant"], row["n"]) for row in rows]

    async def win_record(self, user_id: int, variant: str, game_id: int, recent: int) -> WinRecord:
        """What the win of `game_id` (recorded) is measured against, in one statement: wins against the bot up to
        2, the best clean win of the variant before it, and the latest `recent` results of the variant as clean
        flags, newest first (along game_results_by_player, backwards). It runs where the move's transaction runs: it
        reads only the player's own rows of one variant, and a trip to the database's thread would cost a typical
        win more than the statement does."""
        modes = placeholders(RANKED_MODES)
        row = await one(
            self.conn,
            "SELECT (SELECT count(*) FROM (SELECT 1 FROM game_results WHERE user_id = ? AND outcome = 'won'"
            "  AND mode IN ('referee', 'daily') LIMIT 2)) AS wins,"
            f" (SELECT min(guesses) FROM game_results WHERE user_id = ? AND variant = ? AND {RANKED}"
            "  AND game_id != ?) AS best,"
            f" (SELECT group_concat(ok, '') FROM (SELECT ({RANKED}) AS ok FROM game_results"
            f"  WHERE user_id = ? AND variant = ? AND mode IN ({modes})"
            "  ORDER BY finished_at DESC, rowid DESC LIMIT ?)) AS recent",
            (user_id, user_id, variant, game_id, user_id, variant, *RANKED_MODES, recent),
        )
        assert row is not None
        return WinRecord(int(row["wins"]), row["best"], row["recent"] or "")
