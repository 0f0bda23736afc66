"""Storage of ratings: the rated history, current ratings and the rating boards (SQLite).

Writes run inside the Store's `transaction()`. Every board read goes along the `rating_board_rank` index:
established players first, then by the conservative estimate (mu - 3 sigma), then by user id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

import aiosqlite

from bot.models.rating import PROVISIONAL_GAMES, BoardLine, Placed, RatedRow, Rating, Z
from bot.storage.rows import every, iso, placeholders, scan, scan_one
from bot.storage.stats import ALL_CHATS  # the board of every chat together, as for the other boards


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

    async def board(self, chat_id: int, family: str, limit: int) -> list[BoardLine]:
        """The top of a rating board (a chat, or ALL_CHATS): established players first, by conservative estimate."""
        rows = await scan(
            self.conn,
            "SELECT b.user_id, b.conservative, b.established, r.games FROM rating_board b"
            " JOIN ratings r ON r.family = b.family AND r.user_id = b.user_id"
            " WHERE b.chat_id = ? AND b.family = ?"
            " ORDER BY b.established DESC, b.conservative DESC, b.user_id LIMIT ?",
            (chat_id, family, limit),
        )
        return [BoardLine(r["user_id"], r["conservative"], r["games"], bool(r["established"])) for r in rows]

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

    async def history(self, after_seq: int, limit: int) -> list[RatedRow]:
        """Up to `limit` rated results after `after_seq`, in the order the ratings were applied."""
        rows = await every(
            self.conn,
            "SELECT seq, match_id, family, user_id, chat_id, rank, rated_at FROM rated_results WHERE seq > ?"
            " ORDER BY seq LIMIT ?",
            (after_seq, limit),
        )
        return [
            RatedRow(r["seq"], r["match_id"], r["family"], r["user_id"], r["chat_id"], r["rank"], r["rated_at"])
            for r in rows
        ]

    async def rewrite_results(self, after: Sequence[tuple[int, float, float]]) -> None:
        """Set the rating after each of these history rows: (seq, mu, sigma)."""
        await self.conn.executemany(
            "UPDATE rated_results SET mu = ?, sigma = ? WHERE seq = ?", [(mu, sigma, seq) for seq, mu, sigma in after]
        )

    async def stored_after(self, first_seq: int, last_seq: int) -> dict[int, tuple[float, float]]:
        """The stored rating after each history row in a range of seq: {seq: (mu, sigma)}."""
        rows = await every(
            self.conn, "SELECT seq, mu, sigma FROM rated_results WHERE seq BETWEEN ? AND ?", (first_seq, last_seq)
        )
        return {r["seq"]: (r["mu"], r["sigma"]) for r in rows}

    async def all_ratings(self) -> list[tuple[Rating, str]]:
        """Every stored rating with when it last changed."""
        rows = await every(
            self.conn,
            "SELECT user_id, family, mu, sigma, conservative, games, last_change, updated_at FROM ratings",
            (),
        )
        return [(_rating(r), r["updated_at"]) for r in rows]

    async def replace_ratings(self, current: Sequence[tuple[Rating, str]]) -> None:
        """Replace every current rating (with when it last changed) and rebuild the boards from the history
        (inside the caller's transaction)."""
        await self.conn.execute("DELETE FROM ratings")
        await self.conn.executemany(
            "INSERT INTO ratings (family, user_id, mu, sigma, conservative, games, last_change, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(r.family, r.user_id, r.mu, r.sigma, r.conservative, r.games, r.last_change, at) for r, at in current],
        )
        await self.conn.execute("DELETE FROM rating_board")
        await self.conn.execute(
            "INSERT INTO rating_board (chat_id, family, user_id, established, conservative)"
            " SELECT DISTINCT h.chat_id, h.family, h.user_id, r.games >= ?, r.conservative"
            " FROM rated_results h JOIN ratings r ON r.family = h.family AND r.user_id = h.user_id",
            (PROVISIONAL_GAMES,),
        )
        await self.conn.execute(
            "INSERT OR IGNORE INTO rating_board (chat_id, family, user_id, established, conservative)"
            " SELECT ?, family, user_id, games >= ?, conservative FROM ratings",
            (ALL_CHATS, PROVISIONAL_GAMES),
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
