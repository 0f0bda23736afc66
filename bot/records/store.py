"""Storage behind leaderboards, player stats and the daily challenge: a Protocol and its SQLite implementation.

Writes happen inside the Store's `transaction()` (same connection, same lock).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

import aiosqlite

from bot.games.status import Status
from bot.records.model import DailyEntry, DailyPlay, Place, ResultCount, Standing, WinRecord
from bot.store.db import Transactions, execute
from bot.store.rows import iso, one, placeholders, scan, scan_one

RANKED_MODES = ("referee", "race", "duel", "versus", "daily")  # modes where the player is the one guessing
# Spelled exactly as in migrations/0003_stats_daily.sql so that SQLite picks the partial indexes.
RANKED = "outcome = 'won' AND hinted = 0 AND mode IN ('referee', 'race', 'duel', 'versus', 'daily')"


class StatsRepository(Protocol):
    """Queries for leaderboards, stats and the daily challenge."""

    def seen_recently(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> bool: ...
    async def see_player(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> None: ...
    async def player_language(self, user_id: int) -> str: ...
    async def by_username(self, username: str) -> tuple[int, str] | None: ...
    async def names(self, user_ids: Iterable[int]) -> dict[int, str]: ...
    async def standings(self, chat_id: int, variant: str, limit: int, period: str | None = None) -> list[Standing]: ...
    async def place(self, chat_id: int, variant: str, user_id: int, period: str | None = None) -> Place | None: ...
    async def ranked_variants(self, chat_id: int) -> list[str]: ...
    async def result_counts(self, user_id: int, variant: str) -> list[ResultCount]: ...
    async def clean_solve_flags(self, user_id: int, variant: str) -> str: ...
    async def played_variants(self, user_id: int) -> list[tuple[str, int]]: ...
    async def daily_play(self, day: str, user_id: int) -> DailyPlay | None: ...
    async def add_daily_play(self, play: DailyPlay) -> None: ...
    async def daily_board(self, day: str, limit: int) -> list[DailyEntry]: ...
    async def daily_solved_days(self, user_id: int, variant: str) -> list[str]: ...
    async def win_record(self, user_id: int, variant: str, game_id: int, recent: int) -> WinRecord: ...
    async def stored_secret(self, name: str, fresh: str) -> str: ...


def _board(chat_id: int, variant: str, period: str | None) -> tuple[str, str, tuple[Any, ...]]:
    """The table, the WHERE clause and its parameters of one leaderboard: all-time standings or one period's."""
    if period is None:
        return "standings", "chat_id = ? AND variant = ?", (chat_id, variant)
    return "period_standings", "period = ? AND chat_id = ? AND variant = ?", (period, chat_id, variant)


# A player's name is written when it changes, and otherwise at most this often (to move last_seen on).
SEEN_REFRESH = timedelta(hours=1)
SEEN_KEPT = 10_000  # players remembered as stored lately, at most


class SqliteStatsRepository:
    """The StatsRepository on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection, transactions: Transactions | None = None) -> None:
        self.conn = conn
        self.transactions = transactions
        # what was last stored for each player lately, least recent first: entries older than SEEN_REFRESH say
        # nothing (they are dropped), and at most SEEN_KEPT are kept (one forgotten costs one more write)
        self._written: OrderedDict[int, tuple[str, str, str | None, datetime]] = OrderedDict()

    def seen_recently(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> bool:
        """Whether this name, language and username were stored for the player lately (so storing them again is
        no news)."""
        last = self._written.get(user_id)
        return last is not None and last[:3] == (name, language, username) and now - last[3] < SEEN_REFRESH

    async def see_player(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> None:
        """Store the player's display name, their Telegram app's language, @username (None: they have none) and
        when they were seen."""
        if username:  # a username is one account's at a time: whoever had it before has let it go
            await self.conn.execute(
                "UPDATE players SET username = NULL WHERE lower(username) = lower(?) AND username IS NOT NULL"
                " AND user_id != ?",
                (username, user_id),
            )
        await self.conn.execute(
            "INSERT INTO players (user_id, name, last_seen, language, username) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen,"
            " language = excluded.language, username = excluded.username",
            (user_id, name, iso(now), language, username or None),
        )
        if self.transactions is None:
            self._remember(user_id, (name, language, username, now))
        else:  # remembered once committed: a write rolled back (a failed update, one waiting for the engine) is none
            self.transactions.after_commit(lambda: self._remember(user_id, (name, language, username, now)))

    def _remember(self, user_id: int, written: tuple[str, str, str | None, datetime]) -> None:
        now = written[3]
        self._written.pop(user_id, None)
        self._written[user_id] = written
        while self._written and (
            len(self._written) > SEEN_KEPT or now - next(iter(self._written.values()))[3] >= SEEN_REFRESH
        ):
            self._written.popitem(last=False)

    async def by_username(self, username: str) -> tuple[int, str] | None:
        """The player (user id, display name) last seen with this @username (any case), if any."""
        row = await one(
            self.conn,
            "SELECT user_id, name FROM players WHERE lower(username) = lower(?) AND username IS NOT NULL"
            " ORDER BY last_seen DESC LIMIT 1",
            (username,),
        )
        return (int(row["user_id"]), str(row["name"])) if row is not None else None

    async def player_language(self, user_id: int) -> str:
        """The language code of the player's Telegram app when last seen ('' if not known)."""
        row = await one(self.conn, "SELECT language FROM players WHERE user_id = ?", (user_id,))
        return str(row["language"]) if row is not None else ""

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names known for these players."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await scan(
            self.conn, f"SELECT user_id, name FROM players WHERE user_id IN ({placeholders(ids)})", tuple(ids)
        )
        return {row["user_id"]: row["name"] for row in rows}

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

    async def played_variants(self, user_id: int) -> list[tuple[str, int]]:
        """The variants a player has results in, with how many, most played first."""
        rows = await scan(
            self.conn,
            "SELECT variant, count(*) AS n FROM game_results WHERE user_id = ?"
            " GROUP BY variant ORDER BY n DESC, variant",
            (user_id,),
        )
        return [(row["variant"], row["n"]) for row in rows]

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

    async def stored_secret(self, name: str, fresh: str) -> str:
        """The secret stored under `name`, storing `fresh` first if there is none (inside a transaction)."""
        await self.conn.execute("INSERT OR IGNORE INTO bot_secrets (name, value) VALUES (?, ?)", (name, fresh))
        row = await one(self.conn, "SELECT value FROM bot_secrets WHERE name = ?", (name,))
        assert row is not None
        return str(row["value"])
