"""Storage of ranked games: the secrets two players play in turn, the games that play them, the ranked ratings and
their history (SQLite, on the Store's connection and inside its transactions)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from bot.ranked.rules import Mark
from bot.store.rows import every, iso, moment, one


@dataclass(frozen=True)
class StoredSecret:
    """A ranked secret as stored: its code, who set the mark and who played it, and when each step happened."""

    id: int
    variant: str
    secret: str
    marker: int
    made_at: datetime
    mark_mu: float | None
    opened_at: datetime | None
    taker: int | None
    taken_at: datetime | None
    closed_at: datetime | None


@dataclass(frozen=True)
class Play:
    """A game that plays a ranked secret: whose, and in which seat (1 sets the mark, 2 plays it)."""

    game_id: int
    secret_id: int
    user_id: int
    seat: int


@dataclass(frozen=True)
class StoredSkill:
    """A player's ranked rating in a family."""

    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class RatedPlace:
    """A player's place in a closed secret, and their rating before and after it."""

    user_id: int
    place: int
    before: StoredSkill
    after: StoredSkill


def _secret(row: aiosqlite.Row) -> StoredSecret:
    return StoredSecret(
        row["id"],
        row["variant"],
        row["secret"],
        row["marker"],
        datetime.fromisoformat(row["made_at"]),
        row["mark_mu"],
        moment(row["opened_at"]),
        row["taker"],
        moment(row["taken_at"]),
        moment(row["closed_at"]),
    )


class SqliteRankedRepository:
    """Ranked secrets, plays and ratings on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def new_secret(self, variant: str, secret: str, marker: int, now: datetime) -> int:
        """Store a fresh secret whose mark `marker` sets; its id comes back."""
        cursor = await self.conn.execute(
            "INSERT INTO ranked_secrets (variant, secret, marker, made_at) VALUES (?, ?, ?, ?)",
            (variant, secret, marker, iso(now)),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def take(self, secret_id: int, taker: int, now: datetime) -> bool:
        """Give an open mark to its second player; whether it was still open (nobody else took it)."""
        cursor = await self.conn.execute(
            "UPDATE ranked_secrets SET taker = ?, taken_at = ?"
            " WHERE id = ? AND taker IS NULL AND opened_at IS NOT NULL AND closed_at IS NULL AND marker != ?",
            (taker, iso(now), secret_id, taker),
        )
        return cursor.rowcount == 1

    async def add_play(self, play: Play) -> None:
        """Record that a game plays a ranked secret (in its seat)."""
        await self.conn.execute(
            "INSERT INTO ranked_plays (game_id, secret_id, user_id, seat) VALUES (?, ?, ?, ?)",
            (play.game_id, play.secret_id, play.user_id, play.seat),
        )

    async def secret(self, secret_id: int) -> StoredSecret | None:
        """A ranked secret by id."""
        row = await one(self.conn, "SELECT * FROM ranked_secrets WHERE id = ?", (secret_id,))
        return None if row is None else _secret(row)

    async def plays(self, secret_id: int) -> list[Play]:
        """The games that play a secret, its mark's first."""
        rows = await every(self.conn, "SELECT * FROM ranked_plays WHERE secret_id = ? ORDER BY seat", (secret_id,))
        return [Play(r["game_id"], r["secret_id"], r["user_id"], r["seat"]) for r in rows]

    async def play(self, game_id: int) -> Play | None:
        """The ranked play of a game, if it is one."""
        row = await one(self.conn, "SELECT * FROM ranked_plays WHERE game_id = ?", (game_id,))
        return None if row is None else Play(row["game_id"], row["secret_id"], row["user_id"], row["seat"])

    async def open_mark(self, secret_id: int, mu: float, now: datetime) -> None:
        """The marker's game is over: the secret is offered from now on, paired by the marker's skill now."""
        await self.conn.execute(
            "UPDATE ranked_secrets SET opened_at = ?, mark_mu = ? WHERE id = ? AND opened_at IS NULL",
            (iso(now), mu, secret_id),
        )

    async def close(self, secret_id: int, now: datetime) -> None:
        """Both games are over and rated."""
        await self.conn.execute("UPDATE ranked_secrets SET closed_at = ? WHERE id = ?", (iso(now), secret_id))

    async def open_marks(self, variant: str, mu: float, since: datetime, not_by: int, limit: int) -> list[Mark]:
        """Up to `limit` open marks of the variant on either side of `mu` (nearest first on each side), set since
        `since` by anyone but `not_by`: two ranges of the ranked_open index."""
        found: list[Mark] = []
        for side in (">= ? ORDER BY mark_mu", "< ? ORDER BY mark_mu DESC"):
            rows = await every(
                self.conn,
                "SELECT id, marker, mark_mu, secret FROM ranked_secrets"
                " WHERE variant = ? AND opened_at IS NOT NULL AND taker IS NULL AND closed_at IS NULL"
                " AND opened_at >= ? AND marker != ?"
                f" AND mark_mu {side} LIMIT ?",
                (variant, iso(since), not_by, mu, limit),
            )
            found += [Mark(r["id"], r["marker"], r["mark_mu"], r["secret"]) for r in rows]
        return found

    async def lapse(self, before: datetime, now: datetime) -> int:
        """Close the open marks set before `before`, unplayed (they are offered no more); how many comes back."""
        cursor = await self.conn.execute(
            "UPDATE ranked_secrets SET closed_at = ?"
            " WHERE opened_at IS NOT NULL AND taker IS NULL AND closed_at IS NULL AND opened_at < ?",
            (iso(now), iso(before)),
        )
        return cursor.rowcount

    async def stalled(self, before: datetime) -> list[int]:
        """The games of players given a mark before `before` who have not finished it yet."""
        rows = await every(
            self.conn,
            "SELECT p.game_id FROM ranked_secrets s JOIN ranked_plays p ON p.secret_id = s.id AND p.seat = 2"
            " WHERE s.taker IS NOT NULL AND s.closed_at IS NULL AND s.taken_at < ?",
            (iso(before),),
        )
        return [row["game_id"] for row in rows]

    async def meetings(self, one_player: int, other: int, since: datetime) -> int:
        """How many secrets these two have played against each other since `since` (either way round)."""
        row = await one(
            self.conn,
            "SELECT count(*) AS n FROM ranked_secrets WHERE taken_at >= ?3"
            " AND ((marker = ?1 AND taker = ?2) OR (marker = ?2 AND taker = ?1))",
            (one_player, other, iso(since)),
        )
        return int(row["n"]) if row is not None else 0

    async def played_together(self, one_player: int, other: int) -> bool:
        """Whether these two have played a race, a duel or a versus game together."""
        row = await one(
            self.conn,
            "SELECT 1 FROM match_players a JOIN match_players b ON b.match_id = a.match_id AND b.user_id = ?"
            " WHERE a.user_id = ? LIMIT 1",
            (other, one_player),
        )
        return row is not None

    async def had_code(self, user_id: int, variant: str, code: str) -> bool:
        """Whether the player has had this code as a ranked secret in this variant before."""
        row = await one(
            self.conn,
            "SELECT 1 FROM ranked_plays p JOIN ranked_secrets s ON s.id = p.secret_id"
            " WHERE p.user_id = ? AND s.variant = ? AND s.secret = ? LIMIT 1",
            (user_id, variant, code),
        )
        return row is not None

    async def skills(self, family: str, user_ids: tuple[int, ...]) -> dict[int, StoredSkill]:
        """The stored ranked ratings of these players in a family (players never rated are missing)."""
        found = {}
        for user_id in dict.fromkeys(user_ids):
            row = await one(
                self.conn,
                "SELECT mu, sigma, games FROM ranked_ratings WHERE family = ? AND user_id = ?",
                (family, user_id),
            )
            if row is not None:
                found[user_id] = StoredSkill(row["mu"], row["sigma"], row["games"])
        return found

    async def rate(self, secret_id: int, family: str, placed: tuple[RatedPlace, ...], now: datetime) -> None:
        """Store a closed secret's places and each player's new rating."""
        at = iso(now)
        await self.conn.executemany(
            "INSERT INTO ranked_results (secret_id, user_id, family, place, mu_before, sigma_before, games_before,"
            " mu, sigma, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    secret_id,
                    p.user_id,
                    family,
                    p.place,
                    p.before.mu,
                    p.before.sigma,
                    p.before.games,
                    p.after.mu,
                    p.after.sigma,
                    at,
                )
                for p in placed
            ],
        )
        await self.conn.executemany(
            "INSERT INTO ranked_ratings (family, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (family, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, updated_at = excluded.updated_at",
            [(family, p.user_id, p.after.mu, p.after.sigma, p.after.games, at) for p in placed],
        )

    async def results(self, secret_id: int) -> list[RatedPlace]:
        """The places and ratings of a closed secret (none before it closed)."""
        rows = await every(self.conn, "SELECT * FROM ranked_results WHERE secret_id = ?", (secret_id,))
        return [
            RatedPlace(
                r["user_id"],
                r["place"],
                StoredSkill(r["mu_before"], r["sigma_before"], r["games_before"]),
                StoredSkill(r["mu"], r["sigma"], r["games_before"] + 1),
            )
            for r in rows
        ]

    async def history(self, user_id: int, family: str, limit: int) -> list[tuple[float, float]]:
        """The player's ranked rating (μ, σ) right after each of their last `limit` rated games in a family, oldest
        first (ranked_results_by_player)."""
        rows = await every(
            self.conn,
            "SELECT mu, sigma FROM (SELECT mu, sigma, rated_at, secret_id FROM ranked_results"
            " WHERE user_id = ? AND family = ? ORDER BY rated_at DESC, secret_id DESC LIMIT ?)"
            " ORDER BY rated_at, secret_id",
            (user_id, family, limit),
        )
        return [(float(row["mu"]), float(row["sigma"])) for row in rows]

    async def recent(self, user_id: int, limit: int) -> list[StoredSecret]:
        """The player's latest ranked secrets, as marker or taker, newest first."""
        rows = await every(
            self.conn,
            "SELECT * FROM ranked_secrets WHERE id IN (SELECT secret_id FROM ranked_plays WHERE user_id = ?"
            " ORDER BY secret_id DESC LIMIT ?) ORDER BY id DESC",
            (user_id, limit),
        )
        return [_secret(row) for row in rows]
