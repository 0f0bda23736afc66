"""Storage of puzzles (SQLite): the puzzles made ahead with their ratings, the players' attempts at them (a row is
the "never shown twice"), the players' puzzle ratings, what each player is solving now, the puzzle of the day's
results and its posts in groups. The SQL alone: the services decide.

An update reads what it needs in one statement (`load`: what the player is solving, its puzzle, their attempt or
day's go, their ratings, and on request their solved days and ladder history) and writes what it decided in one call
(`save`: a `Plan`, a statement a table it changes). Writes run inside the Store's `transaction()` (the update's).
The ladder's fetch runs along `puzzles_by_rating`, each row checked against the player's attempts by their primary
key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

import aiosqlite

from bot import records
from bot.store.db import execute
from bot.store.rows import every, iso, moment, one, scan


class Question(StrEnum):
    """What a stored puzzle asks (the words stored in its row's `kind` column)."""

    INVERSE = "inverse"  # "Which code is it?"
    BEST_NEXT = "next"  # "Best next guess" (engine.review.puzzle.NextGuessPuzzle)
    RETRY = "retry"  # a position of a player's own reviewed game (bot.puzzles.retry): never rated, never on the ladder


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle row: its id, variant, the engine's data (`Puzzle.as_dict()`, or `NextGuessPuzzle.to_data()` for
    Question.BEST_NEXT), its rating and counts, and what it asks."""

    id: int
    variant: str
    data: dict[str, Any]
    skill: records.Skill
    solved: int = 0
    question: Question = Question.INVERSE


@dataclass(frozen=True)
class NewPuzzle:
    """A puzzle to store: its variant, generator version, seed, data, its rating's start and what it asks."""

    variant: str
    version: int
    seed: int
    data: dict[str, Any]
    estimate: float
    start: records.Skill
    question: Question = Question.INVERSE


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
class Loaded:
    """What an update about a player's puzzles needs, read at once: what they are solving now, the puzzle asked
    about (a ladder puzzle's row and their attempt at it, or their go at a day's puzzle), their puzzle ratings by
    family, and on request the days they solved the puzzle of the day, how many ladder puzzles they were shown and
    the variant of the latest."""

    user_id: int
    current: Current | None
    puzzle: StoredPuzzle | None = None
    attempt: AttemptRow | None = None
    day: DayRow | None = None
    skills: Mapping[str, records.Skill] = field(default_factory=dict)
    solved_days: tuple[str, ...] = ()
    seen: int = 0
    last_variant: str | None = None

    def skill(self, family: str) -> records.Skill:
        """The player's puzzle rating in a family (a new player's when never rated)."""
        return self.skills.get(family) or records.Skill()


@dataclass(frozen=True)
class AttemptRated:
    """An attempt rated now: the family, both ratings after it, whether it was solved, and the player's shown
    numbers before and after."""

    family: str
    player: records.Skill
    puzzle: records.Skill
    solved: bool
    before: int
    after: int


@dataclass(frozen=True)
class AttemptWrite:
    """What an update changes of a player's attempt at a ladder puzzle: one more answer, its rating, its end."""

    puzzle_id: int
    tried: bool = False
    rated: AttemptRated | None = None
    ended: bool = False
    gave_up: bool = False


@dataclass(frozen=True)
class DayWrite:
    """What an update changes of a player's go at a day's puzzle (begun if it was not): when they were first shown
    it (the earlier of this and what is stored, while the go is not over), one more answer, solved, given up."""

    day: str
    version: int
    shown_at: datetime
    tried: bool = False
    solved_at: datetime | None = None
    gave_up: bool = False


@dataclass(frozen=True)
class Plan:
    """Everything an update writes of one player's puzzles, saved in one call: the attempts it changes, a ladder
    puzzle shown to them (`afresh`: begun again if it was before, its attempt's answers and end forgotten: a
    retry's, never a rated one), their go at a day's puzzle, and what they solve from now on (`current`, when `move`
    says it changes: None is nothing)."""

    user_id: int
    now: datetime
    attempts: tuple[AttemptWrite, ...] = ()
    shown: int | None = None
    afresh: bool = False
    day: DayWrite | None = None
    move: bool = False
    current: Current | None = None


@dataclass(frozen=True)
class DaySolver:
    """A line of the day's board: who solved it, in how many tries, how long after starting."""

    user_id: int
    tries: int
    seconds: float


@dataclass(frozen=True)
class GroupPost:
    """The puzzle of the day posted in a group: when it was first shown there, how many answers came, its first solver
    there, if any."""

    chat_id: int
    day: str
    posted_at: datetime
    answers: int
    solver_id: int | None
    solver_name: str | None


class SqlitePuzzleRepository:
    """The puzzles' tables on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    # -- the puzzles made ahead

    async def add(self, made: Sequence[NewPuzzle], now: datetime) -> int:
        """Store new puzzles (one already stored, by its kind, variant, version and seed, is skipped); how many
        were new."""
        before = self.conn.total_changes
        await self.conn.executemany(
            "INSERT OR IGNORE INTO puzzles (kind, variant, version, seed, data, estimate, mu, sigma, made_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    m.question,
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

    async def keep_one(self, made: NewPuzzle, now: datetime) -> int:
        """Store one puzzle, or find it stored (by its kind, variant, version and seed: its data made again replace
        what was stored), and its id: a retry's, made when the player asks for it."""
        row = await one(
            self.conn,
            "INSERT INTO puzzles (kind, variant, version, seed, data, estimate, mu, sigma, made_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, variant, version, seed)"
            " DO UPDATE SET data = excluded.data RETURNING id",
            (
                made.question,
                made.variant,
                made.version,
                made.seed,
                json.dumps(made.data),
                made.estimate,
                made.start.mu,
                made.start.sigma,
                iso(now),
            ),
        )
        assert row is not None, "an upsert returns its row"
        return int(row["id"])

    async def count(self, variant: str, question: Question = Question.INVERSE) -> int:
        """How many puzzles of a variant asking `question` are stored."""
        row = await one(self.conn, "SELECT count(*) FROM puzzles WHERE kind = ? AND variant = ?", (question, variant))
        return int(row[0]) if row is not None else 0

    async def fresh(self, variant: str, question: Question) -> int:
        """How many puzzles of a variant asking `question` nobody has answered yet."""
        row = await one(
            self.conn,
            "SELECT count(*) FROM puzzles WHERE kind = ? AND variant = ? AND attempts = 0",
            (question, variant),
        )
        return int(row[0]) if row is not None else 0

    async def variants(self) -> list[str]:
        """The variants some ladder puzzle is stored for (those players have asked the ladder for, or were made
        ahead; a retry of a reviewed game's position asks for no shelf)."""
        rows = await every(
            self.conn, "SELECT DISTINCT variant FROM puzzles WHERE kind != ? ORDER BY variant", (Question.RETRY,)
        )
        return [str(r["variant"]) for r in rows]

    async def keys(self, variant: str, question: Question) -> list[str]:
        """The `key` of every stored puzzle of the variant asking `question` whose data has one (best-next-guess
        puzzles: the position's canonical history, equal for puzzles equal up to relabelling)."""
        rows = await every(
            self.conn,
            "SELECT json_extract(data, '$.key') AS key FROM puzzles WHERE kind = ? AND variant = ?"
            " AND json_extract(data, '$.key') IS NOT NULL",
            (question, variant),
        )
        return [str(r["key"]) for r in rows]

    async def find(self, question: Question, variant: str, version: int, seed: int) -> int | None:
        """The id of the puzzle asking `question` of a variant, version and seed, if it is stored."""
        row = await one(
            self.conn,
            "SELECT id FROM puzzles WHERE kind = ? AND variant = ? AND version = ? AND seed = ?",
            (question, variant, version, seed),
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
        question: Question = Question.INVERSE,
    ) -> list[StoredPuzzle]:
        """Up to `limit` puzzles of the variant asking `question` the player has never been shown, rated within [low,
        high] (None: no bound), nearest `middle` first. Read as two walks of the rating index outward from `middle`,
        each stopping after `limit` unseen puzzles, so a shelf of any size costs what its nearest puzzles cost, not a
        sort of the whole range."""
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
                *(question, variant, middle, *(() if high is None else (high,)), user_id, limit),
                *(question, variant, middle, *(() if low is None else (low,)), user_id, limit),
            ),
        )
        found = sorted((_puzzle(r) for r in rows), key=lambda p: (abs(p.skill.mu - middle), p.id))
        return found[:limit]

    # -- what an update reads, at once

    async def load(
        self,
        user_id: int,
        asked: Current | None = None,
        *,
        today: str | None = None,
        days: bool = False,
        ladder: bool = False,
        latest: bool = False,
    ) -> Loaded:
        """What an update about the player's puzzles needs, in one statement: what they are solving now, the puzzle
        `asked` about (None: the one they are solving, and the day `today` if given, else the day they are solving)
        with their attempt at it or their go at that day's puzzle, and their puzzle ratings; with `days` the days
        they solved the puzzle of the day, with `ladder` how many ladder puzzles they were shown, with `latest` the
        variant of the latest."""
        row = await one(
            self.conn,
            _LOAD,
            (
                user_id,
                asked.puzzle_id if asked is not None else None,
                asked.day if asked is not None else today,
                int(asked is not None),
                int(asked is not None or today is not None),
                int(days),
                int(ladder),
                int(latest),
            ),
        )
        assert row is not None, "the query's one row, whatever it finds"
        current = None
        if row["current_puzzle"] is not None or row["current_day"] is not None:
            current = Current(row["current_puzzle"], row["current_day"])
        puzzle = _puzzle(row) if row["id"] is not None else None
        attempt = None
        if puzzle is not None and row["shown_at"] is not None:
            shown_at = moment(row["shown_at"])
            assert shown_at is not None
            solved = row["solved_first"]
            attempt = AttemptRow(
                user_id,
                puzzle.id,
                shown_at,
                row["a_tries"],
                row["rated_at"] is not None,
                None if solved is None else bool(solved),
                row["rating_before"],
                row["rating_after"],
                row["ended_at"] is not None,
                bool(row["a_gave_up"]),
            )
        day = None
        if row["d_day"] is not None:
            started = moment(row["started_at"])
            assert started is not None
            day = DayRow(
                row["d_day"],
                user_id,
                row["version"],
                started,
                row["d_tries"],
                moment(row["solved_at"]),
                bool(row["d_gave_up"]),
            )
        skills = {
            family.value: records.Skill(row[f"{family}_mu"], row[f"{family}_sigma"], row[f"{family}_games"])
            for family in records.Family
            if row[f"{family}_mu"] is not None
        }
        solved_days = tuple(sorted(row["solved_days"].split(","))) if row["solved_days"] else ()
        return Loaded(
            user_id,
            current,
            puzzle,
            attempt,
            day,
            skills,
            solved_days,
            int(row["seen"] or 0),
            row["last_variant"],
        )

    # -- what an update writes, at once

    async def save(self, plan: Plan) -> None:
        """Write what an update decided about the player's puzzles: a statement a table it changes (each rated
        attempt also moves the player's rating and the puzzle's)."""
        user_id, at = plan.user_id, iso(plan.now)
        if plan.shown is not None and plan.afresh:
            await execute(
                self.conn,
                "INSERT INTO puzzle_attempts (user_id, puzzle_id, shown_at) VALUES (?, ?, ?) ON CONFLICT"
                " (user_id, puzzle_id) DO UPDATE SET shown_at = excluded.shown_at, tries = 0, rated_at = NULL,"
                " solved_first = NULL, rating_before = NULL, rating_after = NULL, ended_at = NULL, gave_up = 0",
                (user_id, plan.shown, at),
            )
        elif plan.shown is not None:
            await execute(
                self.conn,
                "INSERT OR IGNORE INTO puzzle_attempts (user_id, puzzle_id, shown_at) VALUES (?, ?, ?)",
                (user_id, plan.shown, at),
            )
        for write in plan.attempts:
            rated = write.rated
            await execute(
                self.conn,
                "UPDATE puzzle_attempts SET tries = tries + ?, rated_at = coalesce(rated_at, ?),"
                " solved_first = coalesce(solved_first, ?), rating_before = coalesce(rating_before, ?),"
                " rating_after = coalesce(rating_after, ?), ended_at = coalesce(ended_at, ?),"
                " gave_up = max(gave_up, ?) WHERE user_id = ? AND puzzle_id = ?",
                (
                    int(write.tried),
                    at if rated is not None else None,
                    int(rated.solved) if rated is not None else None,
                    rated.before if rated is not None else None,
                    rated.after if rated is not None else None,
                    at if write.ended else None,
                    int(write.gave_up),
                    user_id,
                    write.puzzle_id,
                ),
            )
            if rated is not None:
                player, puzzle = rated.player, rated.puzzle
                await execute(
                    self.conn,
                    "INSERT INTO puzzle_ratings (user_id, family, mu, sigma, games, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, family) DO UPDATE SET mu = excluded.mu,"
                    " sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at",
                    (user_id, rated.family, player.mu, player.sigma, player.games, at),
                )
                await execute(
                    self.conn,
                    "UPDATE puzzles SET mu = ?, sigma = ?, attempts = ?, solved = solved + ? WHERE id = ?",
                    (puzzle.mu, puzzle.sigma, puzzle.games, int(rated.solved), write.puzzle_id),
                )
        if plan.day is not None:
            day = plan.day
            await execute(
                self.conn,
                "INSERT INTO puzzle_days (day, user_id, version, started_at, tries, solved_at, gave_up)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO UPDATE SET"
                " started_at = CASE WHEN solved_at IS NULL AND NOT gave_up THEN min(started_at, excluded.started_at)"
                " ELSE started_at END, tries = tries + excluded.tries,"
                " solved_at = coalesce(solved_at, excluded.solved_at), gave_up = max(gave_up, excluded.gave_up)",
                (
                    day.day,
                    user_id,
                    day.version,
                    iso(day.shown_at),
                    int(day.tried),
                    None if day.solved_at is None else iso(day.solved_at),
                    int(day.gave_up),
                ),
            )
        if plan.move and plan.current is None:
            await execute(self.conn, "DELETE FROM puzzle_current WHERE user_id = ?", (user_id,))
        elif plan.move and plan.current is not None:
            await execute(
                self.conn,
                "INSERT INTO puzzle_current (user_id, puzzle_id, day, since) VALUES (?, ?, ?, ?) ON CONFLICT"
                " (user_id) DO UPDATE SET puzzle_id = excluded.puzzle_id, day = excluded.day, since = excluded.since",
                (user_id, plan.current.puzzle_id, plan.current.day, at),
            )

    # -- a player's attempts and ratings, one at a time (the command line, the tests, /stats)

    async def attempt(self, user_id: int, puzzle_id: int) -> AttemptRow | None:
        """The player's attempt at a puzzle, if it was ever shown to them."""
        loaded = await self.load(user_id, Current(puzzle_id, None))
        return loaded.attempt

    async def show(self, user_id: int, puzzle_id: int, now: datetime) -> None:
        """Record that the puzzle was shown to the player: never again."""
        await self.save(Plan(user_id, now, shown=puzzle_id))

    async def seen_count(self, user_id: int) -> int:
        """How many ladder puzzles the player has been shown (a retry of their own game's position is none)."""
        return (await self.load(user_id, Current(None, None), ladder=True)).seen

    async def skill(self, user_id: int, family: str) -> records.Skill | None:
        """The player's puzzle rating in a family, if they were ever rated in it."""
        row = await one(
            self.conn,
            "SELECT mu, sigma, games FROM puzzle_ratings WHERE user_id = ? AND family = ?",
            (user_id, family),
        )
        return records.Skill(row["mu"], row["sigma"], row["games"]) if row is not None else None

    async def current(self, user_id: int) -> Current | None:
        """What the player is solving now, if anything."""
        row = await one(self.conn, "SELECT puzzle_id, day FROM puzzle_current WHERE user_id = ?", (user_id,))
        return Current(row["puzzle_id"], row["day"]) if row is not None else None

    async def rated_ratings(self, user_id: int, limit: int) -> list[tuple[int, str]]:
        """The player's puzzle rating as shown right after each of their last `limit` rated ladder puzzles, with the
        puzzle's variant, oldest first (their attempts by the key's player)."""
        rows = await scan(
            self.conn,
            "SELECT rating_after, variant FROM (SELECT a.rating_after, p.variant, a.rated_at, a.puzzle_id"
            " FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id"
            " WHERE a.user_id = ? AND a.rating_after IS NOT NULL ORDER BY a.rated_at DESC, a.puzzle_id DESC LIMIT ?)"
            " ORDER BY rated_at, puzzle_id",
            (user_id, limit),
        )
        return [(int(row["rating_after"]), str(row["variant"])) for row in rows]

    async def day_row(self, day: str, user_id: int) -> DayRow | None:
        """The player's go at the day's puzzle, if they were shown it."""
        return (await self.load(user_id, Current(None, day))).day

    # -- the puzzle of the day's board

    async def day_board(self, day: str, limit: int) -> list[DaySolver]:
        """The day's solvers: fewest tries, then least time from when they were first shown it, then who was shown
        it first."""
        rows = await scan(
            self.conn,
            "SELECT user_id, tries, round((julianday(solved_at) - julianday(started_at)) * 86400.0, 3) AS seconds"
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
        return list((await self.load(user_id, Current(None, None), days=True)).solved_days)

    # -- the puzzle of the day in a group

    async def group_post(self, chat_id: int, day: str) -> GroupPost | None:
        """The day's puzzle as posted in the group, if it was."""
        row = await one(self.conn, f"SELECT {_POST} FROM puzzle_groups WHERE chat_id = ? AND day = ?", (chat_id, day))
        return _post(row) if row is not None else None

    async def post_in_group(self, chat_id: int, day: str, now: datetime) -> GroupPost:
        """The day's puzzle posted in the group (kept as it was if it had been), as it stands."""
        row = await one(
            self.conn,
            "INSERT INTO puzzle_groups (chat_id, day, posted_at) VALUES (?, ?, ?) ON CONFLICT (chat_id, day)"
            f" DO UPDATE SET posted_at = posted_at RETURNING {_POST}",
            (chat_id, day, iso(now)),
        )
        assert row is not None
        return _post(row)

    async def count_group_answer(self, post: GroupPost, solver: tuple[int, str] | None, now: datetime) -> None:
        """Count an answer in the group; `solver` (user id, name): it solved the puzzle there first."""
        await execute(
            self.conn,
            "UPDATE puzzle_groups SET answers = answers + 1, solver_id = coalesce(solver_id, ?),"
            " solver_name = coalesce(solver_name, ?), solved_at = coalesce(solved_at, ?) WHERE chat_id = ? AND day = ?",
            (
                solver[0] if solver else None,
                solver[1] if solver else None,
                iso(now) if solver else None,
                post.chat_id,
                post.day,
            ),
        )


_PUZZLE = "id, variant, data, mu, sigma, attempts, solved, kind"
_POST = "chat_id, day, posted_at, answers, solver_id, solver_name"

# The one statement an update reads with (`load`): the asked-for parts only where asked (CASE reads its subquery only
# when its condition holds); the player's puzzle rating in each family (records.Family) joined by its key. The
# ladder's count and latest variant leave out retries (Question.RETRY: a reviewed game's position is no ladder puzzle).
_LOAD = """
SELECT c.puzzle_id AS current_puzzle, c.day AS current_day,
    p.id, p.variant, p.data, p.mu, p.sigma, p.attempts, p.solved, p.kind,
    a.shown_at, a.tries AS a_tries, a.rated_at, a.solved_first, a.rating_before, a.rating_after, a.ended_at,
    a.gave_up AS a_gave_up,
    d.day AS d_day, d.version, d.started_at, d.tries AS d_tries, d.solved_at, d.gave_up AS d_gave_up,
    {skills},
    CASE WHEN q.days AND (q.named_day OR d.day IS NOT NULL) THEN (SELECT group_concat(s.day) FROM puzzle_days s
        WHERE s.user_id = q.user_id AND s.solved_at IS NOT NULL) END AS solved_days,
    CASE WHEN q.ladder THEN (SELECT count(*) FROM puzzle_attempts n JOIN puzzles k ON k.id = n.puzzle_id
        WHERE n.user_id = q.user_id AND k.kind != 'retry') END AS seen,
    CASE WHEN q.latest THEN (SELECT l.variant FROM puzzle_attempts m JOIN puzzles l ON l.id = m.puzzle_id
        WHERE m.user_id = q.user_id AND l.kind != 'retry' ORDER BY m.shown_at DESC LIMIT 1) END AS last_variant
FROM (SELECT ? AS user_id, ? AS puzzle_id, ? AS day, ? AS named, ? AS named_day, ? AS days, ? AS ladder, ? AS latest) q
LEFT JOIN puzzle_current c ON c.user_id = q.user_id
LEFT JOIN puzzles p ON p.id = CASE WHEN q.named THEN q.puzzle_id ELSE c.puzzle_id END
LEFT JOIN puzzle_attempts a ON a.user_id = q.user_id AND a.puzzle_id = p.id
LEFT JOIN puzzle_days d ON d.user_id = q.user_id AND d.day = CASE WHEN q.named_day THEN q.day ELSE c.day END
{ratings}
""".format(
    skills=", ".join(f"r_{f}.mu AS {f}_mu, r_{f}.sigma AS {f}_sigma, r_{f}.games AS {f}_games" for f in records.Family),
    ratings="\n".join(
        f"LEFT JOIN puzzle_ratings r_{f} ON r_{f}.user_id = q.user_id AND r_{f}.family = '{f}'" for f in records.Family
    ),
)


def _puzzle(row: aiosqlite.Row) -> StoredPuzzle:
    return StoredPuzzle(
        row["id"],
        row["variant"],
        json.loads(row["data"]),
        records.Skill(row["mu"], row["sigma"], row["attempts"]),
        row["solved"],
        Question(row["kind"]),
    )


def _post(row: aiosqlite.Row) -> GroupPost:
    posted = moment(row["posted_at"])
    assert posted is not None
    return GroupPost(row["chat_id"], row["day"], posted, row["answers"], row["solver_id"], row["solver_name"])
