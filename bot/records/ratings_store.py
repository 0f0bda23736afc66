"""Storage of ratings: the rated history, current ratings and the rating boards (SQLite).

Writes run inside the Store's `transaction()`. Every board read goes along the `rating_board_rank` index:
established players first, then by the conservative estimate (mu - 3 sigma), then by user id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import aiosqlite

from bot.matches.model import Placed
from bot.records.model import ALL_CHATS
from bot.records.rating_model import LeaderboardLine, RatedRow, Rating, Z
from bot.store.rows import every, iso, placeholders, scan, scan_one

BoardKey = tuple[int, str, int]  # a place on a rating board: (chat_id, family, user_id)


class SqliteRatingRepository:
    """Rated results, ratings and rating boards on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def ratings(self, family: str, user_ids: Iterable[int]) -> dict[int, Rating]:
        """The stored ratings of these players in a family (players never rated are missing)."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await every(
            self.conn,
            "SELECT user_id, family, mu, sigma, conservative, games, last_change FROM ratings"
            f" WHERE family = ? AND user_id IN ({placeholders(ids)})",
            (family, *ids),
        )
        return {r["user_id"]: _rating(r) for r in rows}

    async def rating(self, family: str, user_id: int) -> Rating | None:
        """One player's stored rating in a family, if they have one."""
        return (await self.ratings(family, [user_id])).get(user_id)

    async def record(self, match_id: int, family: str, chat_id: int, now: datetime, placed: Sequence[Placed]) -> None:
        """Store a rated match: its history rows, each player's new rating, and their place on the chat's board
        and the global one."""
        at = iso(now)
        await self.conn.executemany(
            "INSERT INTO rated_results (match_id, family, user_id, chat_id, rank, rated_at, mu, sigma)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(match_id, family, p.user_id, chat_id, p.rank, at, p.mu, p.sigma) for p in placed],
        )
        await self.conn.executemany(
            "INSERT INTO ratings (family, user_id, mu, sigma, conservative, games, last_change, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (family, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, conservative = excluded.conservative, games = excluded.games,"
            " last_change = excluded.last_change, updated_at = excluded.updated_at",
            [(family, p.user_id, p.mu, p.sigma, p.mu - Z * p.sigma, p.games, p.change, at) for p in placed],
        )
        await self.conn.executemany(
            "UPDATE rating_board SET established = ?, conservative = ? WHERE user_id = ? AND family = ?",
            [(int(p.established), p.mu - Z * p.sigma, p.user_id, family) for p in placed],
        )
        await self.conn.executemany(
            "INSERT OR IGNORE INTO rating_board (chat_id, family, user_id, established, conservative)"
            " VALUES (?, ?, ?, ?, ?)",
            [
                (chat, family, p.user_id, int(p.established), p.mu - Z * p.sigma)
                for p in placed
                for chat in dict.fromkeys((chat_id, ALL_CHATS))
            ],
        )

    async def leaderboard(self, chat_id: int, family: str, limit: int) -> list[LeaderboardLine]:
        """The top of a rating board (a chat, or ALL_CHATS): established players first, by conservative estimate."""
        rows = await scan(
            self.conn,
            "SELECT b.user_id, b.conservative, b.established, r.games FROM rating_board b"
            " JOIN ratings r ON r.family = b.family AND r.user_id = b.user_id"
            " WHERE b.chat_id = ? AND b.family = ?"
            " ORDER BY b.established DESC, b.conservative DESC, b.user_id LIMIT ?",
            (chat_id, family, limit),
        )
        return [LeaderboardLine(r["user_id"], r["conservative"], r["games"], bool(r["established"])) for r in rows]

    async def place(self, chat_id: int, family: str, user_id: int) -> tuple[int, int] | None:
        """A player's place on a rating board and how many players it has; None if they are not on it."""
        mine = await scan_one(
            self.conn,
            "SELECT established, conservative FROM rating_board WHERE chat_id = ? AND family = ? AND user_id = ?",
            (chat_id, family, user_id),
        )
        if mine is None:
            return None
        size = await scan_one(
            self.conn, "SELECT players FROM rating_board_size WHERE chat_id = ? AND family = ?", (chat_id, family)
        )
        total = int(size["players"]) if size is not None else 0
        params = (chat_id, family, mine["established"], mine["conservative"], user_id)
        # Counting index entries costs time per entry, so count the shorter side: those ahead, stopping at half
        # the board; if there are that many, those behind instead. At most one pass over the board.
        half = total // 2 + 1
        ahead = await self._count(_AHEAD, params, half)
        if ahead < half:
            return ahead + 1, total
        return total - await self._count(_BEHIND, params, total), total

    async def _count(self, ranges: str, params: tuple[object, ...], limit: int) -> int:
        """How many rating_board entries lie in the ranges, counting no further than `limit`."""
        row = await scan_one(self.conn, f"SELECT count(*) AS n FROM ({ranges} LIMIT ?6)", (*params, limit))
        assert row is not None
        return int(row["n"])

    async def history(self, after_seq: int, limit: int = -1) -> list[RatedRow]:
        """Up to `limit` rated results after `after_seq` (all: -1), in the order the ratings were applied."""
        rows = await every(
            self.conn,
            "SELECT seq, match_id, family, user_id, chat_id, rank, rated_at, mu, sigma FROM rated_results"
            " WHERE seq > ? ORDER BY seq LIMIT ?",
            (after_seq, limit),
        )
        return [RatedRow(*r) for r in rows]

    async def rewrite_results(self, after: Sequence[tuple[int, float, float]]) -> None:
        """Set the rating after each of these history rows: (seq, mu, sigma)."""
        await self.conn.executemany(
            "UPDATE rated_results SET mu = ?, sigma = ? WHERE seq = ?", [(mu, sigma, seq) for seq, mu, sigma in after]
        )

    async def ratings_after(self, family: str, user_id: int, limit: int) -> list[tuple[Rating, str]]:
        """Up to `limit` stored ratings after (family, user_id) in key order, each with when it last changed."""
        rows = await every(
            self.conn,
            "SELECT user_id, family, mu, sigma, conservative, games, last_change, updated_at FROM ratings"
            " WHERE (family, user_id) > (?, ?) ORDER BY family, user_id LIMIT ?",
            (family, user_id, limit),
        )
        return [(_rating(r), r["updated_at"]) for r in rows]

    async def write_ratings(self, current: Sequence[tuple[Rating, str]]) -> None:
        """Store these ratings (with when each last changed) as the players' current ones."""
        await self.conn.executemany(
            "INSERT INTO ratings (family, user_id, mu, sigma, conservative, games, last_change, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (family, user_id) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, conservative = excluded.conservative, games = excluded.games,"
            " last_change = excluded.last_change, updated_at = excluded.updated_at",
            [(r.family, r.user_id, r.mu, r.sigma, r.conservative, r.games, r.last_change, at) for r, at in current],
        )

    async def drop_unplayed(self, keys: Sequence[tuple[str, int]]) -> None:
        """Delete the ratings and board places of these (family, user_id) that have no rated result."""
        for table in ("ratings", "rating_board"):
            await self.conn.executemany(
                f"DELETE FROM {table} WHERE family = ?1 AND user_id = ?2"
                " AND NOT EXISTS (SELECT 1 FROM rated_results WHERE user_id = ?2 AND family = ?1)",
                keys,
            )

    async def note_board_history(self) -> None:
        """Keep aside, in a temporary table of this connection (no write lock on the database), the board places
        the history gives: each (chat, family, player) with a rated result, and the global board's (chat 0), each
        with the first such result's seq. Read by `leaderboard_after` and `missing_after` until
        `forget_board_history`."""
        await self.conn.execute(
            "CREATE TEMP TABLE IF NOT EXISTS board_history (chat_id INTEGER NOT NULL, family TEXT NOT NULL,"
            " user_id INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (chat_id, family, user_id)) WITHOUT ROWID"
        )
        await self.conn.execute("DELETE FROM temp.board_history")
        await self.conn.execute(
            "INSERT INTO temp.board_history SELECT chat_id, family, user_id, min(seq) FROM rated_results"
            " GROUP BY chat_id, family, user_id"
        )
        await self.conn.execute(
            "INSERT OR IGNORE INTO temp.board_history SELECT ?, family, user_id, min(seq) FROM rated_results"
            " GROUP BY user_id, family",
            (ALL_CHATS,),
        )

    async def forget_board_history(self) -> None:
        """Drop the table `note_board_history` made."""
        await self.conn.execute("DROP TABLE IF EXISTS temp.board_history")

    async def leaderboard_after(self, after: BoardKey, limit: int) -> list[tuple[BoardKey, bool, float, bool]]:
        """Up to `limit` board places after `after` in key order: ((chat, family, player), established,
        conservative, whether the history noted gives this place)."""
        rows = await every(
            self.conn,
            "SELECT b.chat_id, b.family, b.user_id, b.established, b.conservative, EXISTS (SELECT 1 FROM"
            " temp.board_history h WHERE h.chat_id = b.chat_id AND h.family = b.family AND h.user_id = b.user_id)"
            " FROM rating_board b WHERE (b.chat_id, b.family, b.user_id) > (?, ?, ?)"
            " ORDER BY b.chat_id, b.family, b.user_id LIMIT ?",
            (*after, limit),
        )
        return [((r[0], r[1], r[2]), bool(r[3]), r[4], bool(r[5])) for r in rows]

    async def missing_after(self, after: BoardKey, limit: int) -> list[tuple[BoardKey, int]]:
        """Up to `limit` places the noted history gives that no board has, after `after` in key order, each with
        the seq of a rated result that gives it."""
        rows = await every(
            self.conn,
            "SELECT h.chat_id, h.family, h.user_id, h.seq FROM temp.board_history h"
            " WHERE (h.chat_id, h.family, h.user_id) > (?, ?, ?) AND NOT EXISTS (SELECT 1 FROM rating_board b"
            "  WHERE b.chat_id = h.chat_id AND b.family = h.family AND b.user_id = h.user_id)"
            " ORDER BY h.chat_id, h.family, h.user_id LIMIT ?",
            (*after, limit),
        )
        return [((r[0], r[1], r[2]), r[3]) for r in rows]

    async def add_places(self, places: Sequence[tuple[BoardKey, int, bool, float]]) -> None:
        """Put players on boards: ((chat, family, player), seq of a rated result that gives the place,
        established, conservative). The place's chat is read from that result now, so a chat that moved since
        (a group upgraded to a supergroup) is followed."""
        await self.conn.executemany(
            "INSERT OR IGNORE INTO rating_board (chat_id, family, user_id, established, conservative)"
            " SELECT CASE WHEN ?1 = ?5 THEN ?5 ELSE chat_id END, family, user_id, ?3, ?4"
            " FROM rated_results WHERE seq = ?2",
            [(key[0], seq, int(est), conservative, ALL_CHATS) for key, seq, est, conservative in places],
        )

    async def drop_places(self, keys: Sequence[BoardKey]) -> None:
        """Take players off boards where no rated result puts them (chat 0: none at all in the family)."""
        await self.conn.executemany(
            "DELETE FROM rating_board WHERE chat_id = ?1 AND family = ?2 AND user_id = ?3 AND NOT EXISTS"
            " (SELECT 1 FROM rated_results WHERE user_id = ?3 AND family = ?2 AND (?1 = ?4 OR chat_id = ?1))",
            [(*key, ALL_CHATS) for key in keys],
        )

    async def set_places(self, places: Sequence[tuple[BoardKey, bool, float]]) -> None:
        """Set these board places' values: ((chat, family, player), established, conservative)."""
        await self.conn.executemany(
            "UPDATE rating_board SET established = ?, conservative = ?"
            " WHERE chat_id = ? AND family = ? AND user_id = ?",
            [(int(established), conservative, *key) for key, established, conservative in places],
        )


# The entries placed before, and after, the player (?3 established, ?4 conservative, ?5 user id) on a board
# (?1 chat, ?2 family), in board order: established first, higher conservative first, lower user id first.
# Each SELECT is one range of the rating_board_rank index.
_BOARD = "SELECT 1 FROM rating_board WHERE chat_id = ?1 AND family = ?2 AND "
_AHEAD = (
    f"{_BOARD}established > ?3 UNION ALL {_BOARD}established = ?3 AND conservative > ?4"
    f" UNION ALL {_BOARD}established = ?3 AND conservative = ?4 AND user_id < ?5"
)
_BEHIND = (
    f"{_BOARD}established < ?3 UNION ALL {_BOARD}established = ?3 AND conservative < ?4"
    f" UNION ALL {_BOARD}established = ?3 AND conservative = ?4 AND user_id > ?5"
)


def _rating(r: aiosqlite.Row) -> Rating:
    return Rating(r["user_id"], r["family"], r["mu"], r["sigma"], r["conservative"], r["games"], r["last_change"])
