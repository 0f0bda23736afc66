"""Storage of game reviews, each kept with what it reviews, and the finished games a player may ask a review of: on
the bot's one connection."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import aiosqlite

from bot.store.db import execute
from bot.store.rows import iso, one, scan

RECENT = 20  # results looked at for a player's last game with guesses of their own


class SqliteReviewRepository:
    """Reviews by what they review (kind, owner, player), and where a player's finished games are, on the bot's one
    connection (the Store makes it: `store.repository(...)`)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def review(self, kind: str, owner_id: int, user_id: int) -> tuple[int, dict[str, Any]] | None:
        """The kept review of a game or of one player's guesses in a match, with the version it was made at."""
        row = await one(
            self.conn,
            "SELECT version, review FROM reviews WHERE kind = ? AND owner_id = ? AND user_id = ?",
            (kind, owner_id, user_id),
        )
        return None if row is None else (int(row["version"]), json.loads(row["review"]))

    async def keep(
        self, kind: str, owner_id: int, user_id: int, version: int, review: dict[str, Any], now: datetime
    ) -> None:
        """Keep a review (in place of an older one of the same game and player)."""
        await execute(
            self.conn,
            "INSERT OR REPLACE INTO reviews (kind, owner_id, user_id, version, review, made_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (kind, owner_id, user_id, version, json.dumps(review, separators=(",", ":")), iso(now)),
        )

    async def latest(self, user_id: int) -> tuple[tuple[str, int], ...]:
        """The player's most recent finished games, newest first, as (mode, game or match id): a few, enough to find
        the last one with guesses of their own (a /think game's mode is 'guesser')."""
        rows = await scan(
            self.conn,
            "SELECT mode, game_id FROM game_results WHERE user_id = ? ORDER BY finished_at DESC, rowid DESC LIMIT ?",
            (user_id, RECENT),
        )
        return tuple((str(row["mode"]), int(row["game_id"])) for row in rows)

    async def latest_daily(self, user_id: int, before: str) -> int | None:
        """The game of the player's latest daily challenge of a day before `before` ('YYYY-MM-DD'), if any."""
        row = await one(
            self.conn,
            "SELECT game_id FROM daily_plays WHERE user_id = ? AND day < ? ORDER BY day DESC LIMIT 1",
            (user_id, before),
        )
        return None if row is None else int(row["game_id"])

    async def daily_on(self, user_id: int, day: str) -> int | None:
        """The game of the player's daily challenge of `day`, if they played it."""
        row = await one(self.conn, "SELECT game_id FROM daily_plays WHERE user_id = ? AND day = ?", (user_id, day))
        return None if row is None else int(row["game_id"])

    async def accuracies(self, user_id: int, limit: int, variant: str | None = None) -> tuple[float, ...]:
        """The accuracy of the player's last `limit` reviews as they were kept, oldest first: one a game, or one a
        match's guesses of theirs (by the player, newest first: reviews_by_player); of one `variant`'s games and
        matches only, when it is given (each found by its key: what a review is of is a game's or a match's id)."""
        if variant is None:
            rows = await scan(
                self.conn,
                "SELECT accuracy FROM (SELECT json_extract(review, '$.review.accuracy') AS accuracy, made_at, kind,"
                " owner_id FROM reviews WHERE user_id = ? ORDER BY made_at DESC, kind DESC, owner_id DESC LIMIT ?)"
                " WHERE accuracy IS NOT NULL ORDER BY made_at, kind, owner_id",
                (user_id, limit),
            )
            return tuple(float(row["accuracy"]) for row in rows)
        rows = await scan(
            self.conn,
            "SELECT accuracy FROM (SELECT json_extract(r.review, '$.review.accuracy') AS accuracy, r.made_at,"
            " r.kind, r.owner_id FROM reviews r"
            " LEFT JOIN games g ON r.kind = 'game' AND g.id = r.owner_id"
            " LEFT JOIN matches m ON r.kind <> 'game' AND m.id = r.owner_id"
            " WHERE r.user_id = ? AND coalesce(g.variant, m.variant) = ?"
            " ORDER BY r.made_at DESC, r.kind DESC, r.owner_id DESC LIMIT ?)"
            " WHERE accuracy IS NOT NULL ORDER BY made_at, kind, owner_id",
            (user_id, variant, limit),
        )
        return tuple(float(row["accuracy"]) for row in rows)
