"""Storage of puzzles (SQLite): the puzzles made ahead with their ratings, the players' attempts at them (a row is
the "never shown twice"), the players' puzzle ratings, what each player is solving now, the puzzle of the day's
results and its posts in groups. The SQL alone: the services decide.

Writes run inside the Store's `transaction()` (the update's). The ladder's fetch runs along `puzzles_by_rating`, each
row checked against the player's attempts by their primary key.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import aiosqlite

from bot import records
from bot.store.rows import every, iso, moment, one, scan

INVERSE = "inverse"  # the kind of puzzle: "Which code is it?"
NEXT = "next"  # the kind of puzzle: "Best next guess" (engine.review.puzzle.NextGuessPuzzle)


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle row: its id, variant, the engine's data (`Puzzle.as_dict()`, or `NextGuessPuzzle.to_data()` for
    the kind NEXT), its rating and counts, and its kind."""

    id: int
    variant: str
    data: dict[str, Any]
    skill: records.Skill
    solved: int = 0
    kind: str = INVERSE


@dataclass(frozen=True)
class Made:
    """A puzzle to store: its variant, generator version, seed, data, its rating's start and its kind."""

    variant: str
    version: int
    seed: int
    data: dict[str, Any]
    estimate: float
    start: records.Skill
    kind: str = INVERSE


@dataclass(frozen=True)
class AttemptRow:
    """A player's attempt at a ladder puzzle, as stored."""

    user_id: int
    puzzle_id: int
    shown_at: datetime
    tries: int
    rated: bool
    solved_first: bool | None
    rating_before: int | None
    rating_after: int | None
    ended: bool
    gave_up: bool


@dataclass(frozen=True)
class Current:
    """What a player is solving now: a ladder puzzle, or the puzzle of the day (exactly one of the two)."""

    puzzle_id: int | None
    day: str | None


@dataclass(frozen=True)
class DayRow:
    """A player's go at the puzzle of the day."""

    day: str
    user_id: int
    version: int
    started_at: datetime
    tries: int
    solved_at: datetime | None
    gave_up: bool

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved_at is not None or self.gave_up


@dataclass(frozen=True)
class DaySolver:
    """A line of the day's board: who solved it, in how many tries, how long after starting."""

    user_id: int
    tries: int
    seconds: float


@dataclass(frozen=True)
class GroupPost:
    """The puzzle of the day posted in a group: its first solver there, if any."""

    chat_id: int
    day: str
    answers: int
    solver_id: int | None
    solver_name: str | None


class PuzzleRepository(Protocol):
    """What the puzzle services read and write (see SqlitePuzzleRepository)."""

    async def add(self, made: Sequence[Made], now: datetime) -> int: ...
    async def count(self, variant: str, kind: str = INVERSE) -> int: ...
    async def keys(self, variant: str, kind: str) -> list[str]: ...
    async def find(self, kind: str, variant: str, version: int, seed: int) -> int | None: ...
    async def puzzle(self, puzzle_id: int) -> StoredPuzzle | None: ...
    async def nearest_unseen(
        self,
        user_id: int,
        variant: str,
        middle: float,
        low: float | None,
        high: float | None,
        limit: int,
        kind: str = INVERSE,
    ) -> list[StoredPuzzle]: ...
    async def attempt(self, user_id: int, puzzle_id: int) -> AttemptRow | None: ...
    async def show(self, user_id: int, puzzle_id: int, now: datetime) -> None: ...
    async def reopen(self, user_id: int, puzzle_id: int, now: datetime) -> None: ...
    async def tried(self, user_id: int, puzzle_id: int) -> None: ...
    async def rate(
        self,
        user_id: int,
        family: str,
        puzzle_id: int,
        player: records.Skill,
        puzzle: records.Skill,
        solved: bool,
        shown: tuple[int, int],
        now: datetime,
    ) -> None: ...
    async def end(self, user_id: int, puzzle_id: int, now: datetime, gave_up: bool) -> None: ...
    async def seen_count(self, user_id: int) -> int: ...
    async def skill(self, user_id: int, family: str) -> records.Skill | None: ...
    async def current(self, user_id: int) -> Current | None: ...
    async def set_current(self, user_id: int, current: Current | None, now: datetime) -> None: ...
    async def day_row(self, day: str, user_id: int) -> DayRow | None: ...
    async def start_day(self, day: str, user_id: int, version: int, now: datetime) -> None: ...
    async def day_tried(self, day: str, user_id: int, solved_at: datetime | None) -> None: ...
    async def day_gave_up(self, day: str, user_id: int) -> None: ...
    async def day_board(self, day: str, limit: int) -> list[DaySolver]: ...
    async def day_solvers(self, day: str) -> int: ...
    async def solved_days(self, user_id: int) -> list[str]: ...
    async def group_post(self, chat_id: int, day: str) -> GroupPost | None: ...
    async def post_in_group(self, chat_id: int, day: str, now: datetime) -> None: ...
    async def group_answered(self, chat_id: int, day: str) -> None: ...
    async def first_solver(self, chat_id: int, day: str, user_id: int, name: str, now: datetime) -> bool: ...


class SqlitePuzzleRepository:
    """The puzzles' tables on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    # -- the puzzles made ahead

    async def add(self, made: Sequence[Made], now: datetime) -> int:
        """Store new puzzles (one already stored, by its kind, variant, version and seed, is skipped); how many
        were new."""
        before = self.conn.total_changes
        await self.conn.executemany(
            "INSERT OR IGNORE INTO puzzles (kind, variant, version, seed, data, estimate, mu, sigma, made_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    m.kind,
                    m.variant,
                    m.version,
                    m.seed,
                    json.dumps(m.data),
                    m.estimate,
                    m.start.mu,
                    m.start.sigma,
                    iso(now),
                )
                for m in made
            ],
        )
        return self.conn.total_changes - before

    async def count(self, variant: str, kind: str = INVERSE) -> int:
        """How many puzzles of a variant and kind are stored."""
        row = await one(self.conn, "SELECT count(*) FROM puzzles WHERE kind = ? AND variant = ?", (kind, variant))
        return int(row[0]) if row is not None else 0

    async def fresh(self, variant: str, kind: str) -> int:
        """How many puzzles of a variant and kind nobody has answered yet."""
        row = await one(
            self.conn, "SELECT count(*) FROM puzzles WHERE kind = ? AND variant = ? AND attempts = 0", (kind, variant)
        )
        return int(row[0]) if row is not None else 0

    async def variants(self) -> list[str]:
        """The variants some puzzle is stored for (those players have asked the ladder for, or were made ahead)."""
        rows = await every(self.conn, "SELECT DISTINCT variant FROM puzzles ORDER BY variant", ())
        return [str(r["variant"]) for r in rows]

    async def keys(self, variant: str, kind: str) -> list[str]:
        """The `key` of every stored puzzle of the variant and kind whose data has one (best-next-guess puzzles: the
        position's canonical history, equal for puzzles equal up to relabelling)."""
        rows = await every(
            self.conn,
            "SELECT json_extract(data, '$.key') AS key FROM puzzles WHERE kind = ? AND variant = ?"
            " AND json_extract(data, '$.key') IS NOT NULL",
            (kind, variant),
        )
        return [str(r["key"]) for r in rows]

    async def find(self, kind: str, variant: str, version: int, seed: int) -> int | None:
        """The id of the puzzle of a kind, variant, version and seed, if it is stored."""
        row = await one(
            self.conn,
            "SELECT id FROM puzzles WHERE kind = ? AND variant = ? AND version = ? AND seed = ?",
            (kind, variant, version, seed),
        )
        return int(row["id"]) if row is not None else None

    async def puzzle(self, puzzle_id: int) -> StoredPuzzle | None:
        """A stored puzzle by its id."""
        row = await one(self.conn, f"SELECT {_PUZZLE} FROM puzzles WHERE id = ?", (puzzle_id,))
        return _puzzle(row) if row is not None else None

    async def nearest_unseen(
        self,
        user_id: int,
        variant: str,
        middle: float,
        low: float | None,
        high: float | None,
        limit: int,
        kind: str = INVERSE,
    ) -> list[StoredPuzzle]:
        """Up to `limit` puzzles of the variant and kind the player has never been shown, rated within [low, high]
        (None: no bound), nearest `middle` first. Read as two walks of the rating index outward from `middle`, each
        stopping after `limit` unseen puzzles, so a shelf of any size costs what its nearest puzzles cost, not a sort
        of the whole range."""
        unseen = "NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = ? AND a.puzzle_id = p.id)"
        up_to = "" if high is None else " AND mu <= ?"
        down_to = "" if low is None else " AND mu >= ?"
        rows = await scan(
            self.conn,
            f"SELECT * FROM (SELECT {_PUZZLE} FROM puzzles p WHERE kind = ? AND variant = ? AND mu >= ?{up_to}"
            f" AND {unseen} ORDER BY mu LIMIT ?)"
            f" UNION ALL SELECT * FROM (SELECT {_PUZZLE} FROM puzzles p WHERE kind = ? AND variant = ? AND mu < ?"
            f"{down_to} AND {unseen} ORDER BY mu DESC LIMIT ?)",
            (
                *(kind, variant, middle, *(() if high is None else (high,)), user_id, limit),
                *(kind, variant, middle, *(() if low is None else (low,)), user_id, limit),
            ),
        )
        found = sorted((_puzzle(r) for r in rows), key=lambda p: (abs(p.skill.mu - middle), p.id))
        return found[:limit]

    # -- a player's attempts

    async def attempt(self, user_id: int, puzzle_id: int) -> AttemptRow | None:
        """The player's attempt at a puzzle, if it was ever shown to them."""
        row = await one(
            self.conn,
            "SELECT user_id, puzzle_id, shown_at, tries, rated_at, solved_first, rating_before, rating_after, ended_at,"
            " gave_up FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?",
            (user_id, puzzle_id),
        )
        if row is None:
            return None
        shown_at = moment(row["shown_at"])
        assert shown_at is not None
        solved = row["solved_first"]
        return AttemptRow(
            row["user_id"],
            row["puzzle_id"],
            shown_at,
            row["tries"],
            row["rated_at"] is not None,
            None if solved is None else bool(solved),
            row["rating_before"],
            row["rating_after"],
            row["ended_at"] is not None,
            bool(row["gave_up"]),
        )

    async def show(self, user_id: int, puzzle_id: int, now: datetime) -> None:
        """Record that the puzzle was shown to the player: never again."""
        await self.conn.execute(
            "INSERT OR IGNORE INTO puzzle_attempts (user_id, puzzle_id, shown_at) VALUES (?, ?, ?)",
            (user_id, puzzle_id, iso(now)),
        )

    async def reopen(self, user_id: int, puzzle_id: int, now: datetime) -> None:
        """The player's attempt at the puzzle begun afresh (shown now, no answer yet): a retry's, never a rated one."""
        await self.conn.execute("DELETE FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?", (user_id, puzzle_id))
        await self.show(user_id, puzzle_id, now)

    async def tried(self, user_id: int, puzzle_id: int) -> None:
        """Count one more answer of the player's at the puzzle."""
        await self.conn.execute(
            "UPDATE puzzle_attempts SET tries = tries + 1 WHERE user_id = ? AND puzzle_id = ?", (user_id, puzzle_id)
        )

    async def rate(
        self,
        user_id: int,
        family: str,
        puzzle_id: int,
        player: records.Skill,
        puzzle: records.Skill,
        solved: bool,
        shown: tuple[int, int],
        now: datetime,
    ) -> None:
        """Store a rated attempt: the player's new rating in the family, the puzzle's new rating and counts, and the
        attempt's result with the shown numbers before and after (the caller checked it was not rated yet)."""
        at = iso(now)
        await self.conn.execute(
            "INSERT INTO puzzle_ratings (user_id, family, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, family) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, updated_at = excluded.updated_at",
            (user_id, family, player.mu, player.sigma, player.games, at),
        )
        await self.conn.execute(
            "UPDATE puzzles SET mu = ?, sigma = ?, attempts = ?, solved = solved + ? WHERE id = ?",
            (puzzle.mu, puzzle.sigma, puzzle.games, int(solved), puzzle_id),
        )
        await self.conn.execute(
            "UPDATE puzzle_attempts SET rated_at = ?, solved_first = ?, rating_before = ?, rating_after = ?"
            " WHERE user_id = ? AND puzzle_id = ?",
            (at, int(solved), shown[0], shown[1], user_id, puzzle_id),
        )

    async def end(self, user_id: int, puzzle_id: int, now: datetime, gave_up: bool) -> None:
        """The attempt is over: solved, or given up."""
        await self.conn.execute(
            "UPDATE puzzle_attempts SET ended_at = ?, gave_up = ? WHERE user_id = ? AND puzzle_id = ?"
            " AND ended_at IS NULL",
            (iso(now), int(gave_up), user_id, puzzle_id),
        )

    async def seen_count(self, user_id: int) -> int:
        """How many ladder puzzles the player has been shown (a retry of their own game's position is none)."""
        row = await one(
            self.conn,
            "SELECT count(*) FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id"
            " WHERE a.user_id = ? AND p.kind != 'retry'",
            (user_id,),
        )
        return int(row[0]) if row is not None else 0

    async def skill(self, user_id: int, family: str) -> records.Skill | None:
        """The player's puzzle rating in a family, if they were ever rated in it."""
        row = await one(
            self.conn,
            "SELECT mu, sigma, games FROM puzzle_ratings WHERE user_id = ? AND family = ?",
            (user_id, family),
        )
        return records.Skill(row["mu"], row["sigma"], row["games"]) if row is not None else None

    # -- what the player is solving now

    async def current(self, user_id: int) -> Current | None:
        """What the player is solving now, if anything."""
        row = await one(self.conn, "SELECT puzzle_id, day FROM puzzle_current WHERE user_id = ?", (user_id,))
        return Current(row["puzzle_id"], row["day"]) if row is not None else None

    async def set_current(self, user_id: int, current: Current | None, now: datetime) -> None:
        """The player now solves this (None: nothing)."""
        if current is None:
            await self.conn.execute("DELETE FROM puzzle_current WHERE user_id = ?", (user_id,))
            return
        await self.conn.execute(
            "INSERT INTO puzzle_current (user_id, puzzle_id, day, since) VALUES (?, ?, ?, ?) ON CONFLICT (user_id)"
            " DO UPDATE SET puzzle_id = excluded.puzzle_id, day = excluded.day, since = excluded.since",
            (user_id, current.puzzle_id, current.day, iso(now)),
        )

    # -- the puzzle of the day

    async def day_row(self, day: str, user_id: int) -> DayRow | None:
        """The player's go at the day's puzzle, if they began it."""
        row = await one(
            self.conn,
            "SELECT day, user_id, version, started_at, tries, solved_at, gave_up FROM puzzle_days"
            " WHERE day = ? AND user_id = ?",
            (day, user_id),
        )
        if row is None:
            return None
        started = moment(row["started_at"])
        assert started is not None
        return DayRow(
            row["day"],
            row["user_id"],
            row["version"],
            started,
            row["tries"],
            moment(row["solved_at"]),
            bool(row["gave_up"]),
        )

    async def start_day(self, day: str, user_id: int, version: int, now: datetime) -> None:
        """The player begins the day's puzzle (kept as it was if they had)."""
        await self.conn.execute(
            "INSERT OR IGNORE INTO puzzle_days (day, user_id, version, started_at) VALUES (?, ?, ?, ?)",
            (day, user_id, version, iso(now)),
        )

    async def day_tried(self, day: str, user_id: int, solved_at: datetime | None) -> None:
        """Count an answer at the day's puzzle; `solved_at` when it was right."""
        await self.conn.execute(
            "UPDATE puzzle_days SET tries = tries + 1, solved_at = ? WHERE day = ? AND user_id = ?",
            (None if solved_at is None else iso(solved_at), day, user_id),
        )

    async def day_gave_up(self, day: str, user_id: int) -> None:
        """The player gave up the day's puzzle."""
        await self.conn.execute("UPDATE puzzle_days SET gave_up = 1 WHERE day = ? AND user_id = ?", (day, user_id))

    async def day_board(self, day: str, limit: int) -> list[DaySolver]:
        """The day's solvers: fewest tries, then least time, then who began first."""
        rows = await scan(
            self.conn,
            "SELECT user_id, tries, (julianday(solved_at) - julianday(started_at)) * 86400.0 AS seconds"
            " FROM puzzle_days WHERE day = ? AND solved_at IS NOT NULL ORDER BY tries, seconds, started_at LIMIT ?",
            (day, limit),
        )
        return [DaySolver(r["user_id"], r["tries"], max(0.0, float(r["seconds"]))) for r in rows]

    async def day_solvers(self, day: str) -> int:
        """How many solved the day's puzzle."""
        row = await one(self.conn, "SELECT count(*) FROM puzzle_days WHERE day = ? AND solved_at IS NOT NULL", (day,))
        return int(row[0]) if row is not None else 0

    async def solved_days(self, user_id: int) -> list[str]:
        """The days ('YYYY-MM-DD') the player solved the puzzle of the day."""
        rows = await every(
            self.conn,
            "SELECT day FROM puzzle_days WHERE user_id = ? AND solved_at IS NOT NULL ORDER BY day",
            (user_id,),
        )
        return [r["day"] for r in rows]

    # -- the puzzle of the day in a group

    async def group_post(self, chat_id: int, day: str) -> GroupPost | None:
        """The day's puzzle as posted in the group, if it was."""
        row = await one(
            self.conn,
            "SELECT chat_id, day, answers, solver_id, solver_name FROM puzzle_groups WHERE chat_id = ? AND day = ?",
            (chat_id, day),
        )
        if row is None:
            return None
        return GroupPost(row["chat_id"], row["day"], row["answers"], row["solver_id"], row["solver_name"])

    async def post_in_group(self, chat_id: int, day: str, now: datetime) -> None:
        """The day's puzzle was posted in the group (kept as it was if it had been)."""
        await self.conn.execute(
            "INSERT OR IGNORE INTO puzzle_groups (chat_id, day, posted_at) VALUES (?, ?, ?)", (chat_id, day, iso(now))
        )

    async def group_answered(self, chat_id: int, day: str) -> None:
        """Count an answer in the group."""
        await self.conn.execute(
            "UPDATE puzzle_groups SET answers = answers + 1 WHERE chat_id = ? AND day = ?", (chat_id, day)
        )

    async def first_solver(self, chat_id: int, day: str, user_id: int, name: str, now: datetime) -> bool:
        """Record the group's first solver of the day; False when someone solved it there before."""
        cursor = await self.conn.execute(
            "UPDATE puzzle_groups SET solver_id = ?, solver_name = ?, solved_at = ?"
            " WHERE chat_id = ? AND day = ? AND solver_id IS NULL",
            (user_id, name, iso(now), chat_id, day),
        )
        return cursor.rowcount == 1


_PUZZLE = "id, variant, data, mu, sigma, attempts, solved, kind"


def _puzzle(row: aiosqlite.Row) -> StoredPuzzle:
    return StoredPuzzle(
        row["id"],
        row["variant"],
        json.loads(row["data"]),
        records.Skill(row["mu"], row["sigma"], row["attempts"]),
        row["solved"],
        row["kind"],
    )
