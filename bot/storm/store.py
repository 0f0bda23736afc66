"""Storage of Puzzle Storm (SQLite): its puzzles (handed over from the puzzles' stock), what each player has seen, the
runs with their clocks, the Racers and their players, and the boards of the best runs. The SQL alone: the services
decide.

Writes run inside the Store's `transaction()` (the update's, or the timer's). Every write that moves a run is
conditional on the run being where the caller read it (its place, still open), and says whether it took: a replayed
answer, or two answers racing each other, move a run once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

import aiosqlite

from bot.store.rows import every, iso, moment, one, placeholders, scan
from bot.storm.rules import RunResult, Tally


@dataclass(frozen=True)
class Run:
    """A run as stored: whose, its Racer (None: alone), its puzzles in order, its clock and its tally."""

    id: int
    user_id: int
    name: str
    racer_id: int | None
    variant: str
    sequence: tuple[int, ...]
    started_at: datetime
    ends_at: datetime
    day: str
    tally: Tally
    reached_seconds: float
    closed_at: datetime | None

    @property
    def over(self) -> bool:
        """Whether the run is closed (its result final)."""
        return self.closed_at is not None

    @property
    def result(self) -> RunResult:
        """The run as the boards rank it."""
        return RunResult(self.user_id, self.name, self.tally.solved, self.tally.wrong, self.reached_seconds)


class RacerPhase(StrEnum):
    """Where a Racer stands (the words stored in its row's `phase`)."""

    LOBBY = "lobby"  # players join until it starts
    RUNNING = "running"  # its runs are on
    OVER = "over"  # every run closed, the winner known


@dataclass(frozen=True)
class Racer:
    """A Racer as stored: where, who started it, its phase and times, its puzzles once drawn, its winner once over."""

    id: int
    chat_id: int
    topic: int | None
    started_by: int
    bot_username: str | None
    variant: str
    phase: RacerPhase
    created_at: datetime
    starts_at: datetime
    ends_at: datetime | None
    sequence: tuple[int, ...]
    winner_id: int | None
    finished_at: datetime | None


@dataclass(frozen=True)
class Entrant:
    """A player of a Racer: who, the name shown, when they joined."""

    user_id: int
    name: str
    joined_at: datetime


@dataclass(frozen=True)
class Best:
    """A line of a board: a player's best run on it."""

    user_id: int
    name: str
    solved: int
    wrong: int
    reached_seconds: float
    at: datetime


ALL_TIME = ""  # the all-time board's key in storm_bests (a day's is 'YYYY-MM-DD')
NO_TOPIC = 0


class SqliteStormRepository:
    """Storm's tables on the bot's one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        # the players who may have a run open: read once, then every run started is added at once, and a player found
        # with none is dropped (a false "may" costs one read; nobody outside it has one). So a message from someone
        # with no run (every move of every game) costs no statement here
        self._maybe_open: set[int] | None = None

    async def may_have_run(self, user_id: int) -> bool:
        """Whether the player may have a run open (False: surely none)."""
        if self._maybe_open is None:
            rows = await every(self.conn, "SELECT user_id FROM storm_runs WHERE closed_at IS NULL", ())
            self._maybe_open = {int(row["user_id"]) for row in rows}
        return user_id in self._maybe_open

    def forget_runs(self) -> None:
        """Read the players with a run open afresh at the next ask (a rolled-back close may have left one open)."""
        self._maybe_open = None

    # -- the puzzles

    async def add_puzzles(self, variant: str, puzzles: Sequence[tuple[dict[str, Any], float]], now: datetime) -> int:
        """Keep puzzles handed over (each its engine data and difficulty estimate); how many were added."""
        before = self.conn.total_changes
        await self.conn.executemany(
            "INSERT INTO storm_puzzles (variant, data, estimate, taken_at) VALUES (?, ?, ?, ?)",
            [(variant, json.dumps(data), estimate, iso(now)) for data, estimate in puzzles],
        )
        return self.conn.total_changes - before

    async def pool(
        self, variant: str, players: Sequence[int], *, after: int = 0, limit: int = 1_000_000
    ) -> list[tuple[int, float]]:
        """Up to `limit` of the variant's puzzles (id, estimate) none of these players has seen, in the order of their
        ids past `after`, then from the first (a window at a random place: ids say nothing of difficulty, so any
        window samples every tier)."""
        who = placeholders(players)
        unseen = f"NOT EXISTS (SELECT 1 FROM storm_seen s WHERE s.puzzle_id = p.id AND s.user_id IN ({who}))"
        sql = (
            f"SELECT id, estimate FROM storm_puzzles p WHERE variant = ? AND {unseen} AND id {{}} ? ORDER BY id LIMIT ?"
        )
        found = await scan(self.conn, sql.format(">"), (variant, *players, after, limit))
        if len(found) < limit and after > 0:
            found += await scan(self.conn, sql.format("<="), (variant, *players, after, limit - len(found)))
        return [(r["id"], r["estimate"]) for r in found]

    async def seen_pool(self, variant: str, players: Sequence[int], limit: int) -> list[tuple[int, float]]:
        """Up to `limit` of the variant's puzzles (id, estimate) some of these players have seen, the longest ago
        first (a run made up from them when the unseen run short)."""
        rows = await scan(
            self.conn,
            "SELECT p.id, p.estimate, max(s.seen_at) AS last FROM storm_puzzles p JOIN storm_seen s ON s.puzzle_id ="
            f" p.id WHERE p.variant = ? AND s.user_id IN ({placeholders(players)}) GROUP BY p.id ORDER BY last, p.id"
            " LIMIT ?",
            (variant, *players, limit),
        )
        return [(r["id"], r["estimate"]) for r in rows]

    async def last_id(self, variant: str) -> int:
        """The highest id of the variant's puzzles (0: none)."""
        row = await one(self.conn, "SELECT max(id) FROM storm_puzzles WHERE variant = ?", (variant,))
        return int(row[0]) if row is not None and row[0] is not None else 0

    async def puzzle(self, puzzle_id: int) -> dict[str, Any] | None:
        """A Storm puzzle's engine data."""
        row = await one(self.conn, "SELECT data FROM storm_puzzles WHERE id = ?", (puzzle_id,))
        return None if row is None else dict(json.loads(row["data"]))

    async def count(self, variant: str) -> int:
        """How many Storm puzzles the variant has."""
        row = await one(self.conn, "SELECT count(*) FROM storm_puzzles WHERE variant = ?", (variant,))
        return int(row[0]) if row is not None else 0

    async def see(self, user_id: int, puzzle_id: int, now: datetime) -> None:
        """The player has been shown the puzzle (kept as it was if they had been)."""
        await self.conn.execute(
            "INSERT OR IGNORE INTO storm_seen (user_id, puzzle_id, seen_at) VALUES (?, ?, ?)",
            (user_id, puzzle_id, iso(now)),
        )

    # -- the runs

    async def start_run(
        self,
        user_id: int,
        name: str,
        racer_id: int | None,
        variant: str,
        sequence: Sequence[int],
        started: datetime,
        ends: datetime,
        day: str,
    ) -> Run | None:
        """A new open run; None if the player has an open run already (never two at once)."""
        if self._maybe_open is not None:
            self._maybe_open.add(user_id)  # at once, committed or not: a "may" too many costs one read
        cursor = await self.conn.execute(
            "INSERT OR IGNORE INTO storm_runs (user_id, name, racer_id, variant, sequence, started_at, ends_at, day)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (user_id, name, racer_id, variant, json.dumps(list(sequence)), iso(started), iso(ends), day),
        )
        if cursor.rowcount != 1:
            return None
        return await self.run(int(cursor.lastrowid or 0))

    async def run(self, run_id: int) -> Run | None:
        """A run by its id."""
        return _run(await one(self.conn, "SELECT * FROM storm_runs WHERE id = ?", (run_id,)))

    async def open_run(self, user_id: int) -> Run | None:
        """The player's open run (alone or in a Racer), if any: the clock may have run out since."""
        if not await self.may_have_run(user_id):
            return None
        found = _run(
            await one(self.conn, "SELECT * FROM storm_runs WHERE user_id = ? AND closed_at IS NULL", (user_id,))
        )
        if found is None and self._maybe_open is not None:
            self._maybe_open.discard(user_id)
        return found

    async def last_run(self, user_id: int) -> Run | None:
        """The player's latest run, open or closed."""
        return _run(
            await one(self.conn, "SELECT * FROM storm_runs WHERE user_id = ? ORDER BY id DESC LIMIT 1", (user_id,))
        )

    async def move(
        self, run: Run, tally: Tally, ends: datetime, reached_seconds: float, closed_at: datetime | None
    ) -> bool:
        """Write a run's new tally and clock (closed, if `closed_at`), if it is still open at the place it was read
        at; whether it took."""
        cursor = await self.conn.execute(
            "UPDATE storm_runs SET place = ?, solved = ?, wrong = ?, streak = ?, best_streak = ?, bonus = ?,"
            " penalty = ?, ends_at = ?, reached_seconds = ?, closed_at = ? WHERE id = ? AND place = ?"
            " AND closed_at IS NULL",
            (
                tally.place,
                tally.solved,
                tally.wrong,
                tally.streak,
                tally.best_streak,
                tally.bonus,
                tally.penalty,
                iso(ends),
                reached_seconds,
                None if closed_at is None else iso(closed_at),
                run.id,
                run.tally.place,
            ),
        )
        return cursor.rowcount == 1

    async def close(self, run_id: int, at: datetime) -> bool:
        """Close an open run at `at`; False if it was closed already."""
        cursor = await self.conn.execute(
            "UPDATE storm_runs SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (iso(at), run_id)
        )
        return cursor.rowcount == 1

    async def due_runs(self, now: datetime, limit: int = 100) -> list[Run]:
        """Open runs whose clock has run out by `now`."""
        rows = await every(
            self.conn,
            "SELECT * FROM storm_runs WHERE closed_at IS NULL AND ends_at <= ? ORDER BY ends_at LIMIT ?",
            (iso(now), limit),
        )
        return [run for row in rows if (run := _run(row)) is not None]

    async def racer_runs(self, racer_id: int) -> list[Run]:
        """Every run of a Racer."""
        rows = await every(self.conn, "SELECT * FROM storm_runs WHERE racer_id = ? ORDER BY id", (racer_id,))
        return [run for row in rows if (run := _run(row)) is not None]

    # -- the boards

    async def keep_best(self, board: str, run: Run, at: datetime) -> bool:
        """Put a closed run on a board if it beats the player's best there; whether it did."""
        result = run.result
        cursor = await self.conn.execute(
            "INSERT INTO storm_bests (board, user_id, name, solved, wrong, reached_seconds, run_id, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (board, user_id) DO UPDATE SET name = excluded.name,"
            " solved = excluded.solved, wrong = excluded.wrong, reached_seconds = excluded.reached_seconds,"
            " run_id = excluded.run_id, at = excluded.at WHERE excluded.solved > storm_bests.solved"
            " OR (excluded.solved = storm_bests.solved AND (excluded.wrong < storm_bests.wrong"
            " OR (excluded.wrong = storm_bests.wrong AND excluded.reached_seconds < storm_bests.reached_seconds)))",
            (board, run.user_id, run.name, result.solved, result.wrong, result.reached_seconds, run.id, iso(at)),
        )
        return cursor.rowcount == 1

    async def best(self, board: str, user_id: int) -> Best | None:
        """The player's best on a board."""
        row = await one(self.conn, "SELECT * FROM storm_bests WHERE board = ? AND user_id = ?", (board, user_id))
        return _best(row) if row is not None else None

    async def board(self, board: str, limit: int) -> list[Best]:
        """A board's best runs, best first."""
        rows = await scan(
            self.conn,
            "SELECT * FROM storm_bests WHERE board = ? ORDER BY solved DESC, wrong, reached_seconds, at LIMIT ?",
            (board, limit),
        )
        return [_best(row) for row in rows]

    async def players_on(self, board: str) -> int:
        """How many players a board has."""
        row = await one(self.conn, "SELECT count(*) FROM storm_bests WHERE board = ?", (board,))
        return int(row[0]) if row is not None else 0

    async def forget_days(self, before: str) -> int:
        """Forget the day boards of days before `before` ('YYYY-MM-DD'); how many lines went."""
        cursor = await self.conn.execute("DELETE FROM storm_bests WHERE board != '' AND board < ?", (before,))
        return cursor.rowcount

    # -- the Racers

    async def open_racer(
        self,
        chat_id: int,
        topic: int | None,
        started_by: int,
        bot_username: str | None,
        variant: str,
        now: datetime,
        starts: datetime,
    ) -> Racer | None:
        """A new Racer in its lobby; None if one is on in that chat's topic already."""
        cursor = await self.conn.execute(
            "INSERT OR IGNORE INTO storm_racers (chat_id, topic, started_by, bot_username, variant, created_at,"
            " starts_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (chat_id, topic or NO_TOPIC, started_by, bot_username, variant, iso(now), iso(starts)),
        )
        if cursor.rowcount != 1:
            return None
        return await self.racer(int(cursor.lastrowid or 0))

    async def racer(self, racer_id: int) -> Racer | None:
        """A Racer by its id."""
        return _racer(await one(self.conn, "SELECT * FROM storm_racers WHERE id = ?", (racer_id,)))

    async def racer_here(self, chat_id: int, topic: int | None) -> Racer | None:
        """The Racer on in a chat's topic, if any."""
        return _racer(
            await one(
                self.conn,
                "SELECT * FROM storm_racers WHERE chat_id = ? AND topic = ? AND phase != 'over'",
                (chat_id, topic or NO_TOPIC),
            )
        )

    async def live_in_chat(self, chat_id: int) -> int:
        """How many Racers are on in a chat, across its topics."""
        row = await one(
            self.conn, "SELECT count(*) FROM storm_racers WHERE chat_id = ? AND phase != 'over'", (chat_id,)
        )
        return int(row[0]) if row is not None else 0

    async def racer_of(self, user_id: int) -> Racer | None:
        """The Racer the player is in that is not over, if any."""
        return _racer(
            await one(
                self.conn,
                "SELECT r.* FROM storm_racers r JOIN storm_racer_players p ON p.racer_id = r.id WHERE p.user_id = ?"
                " AND r.phase != 'over' ORDER BY r.id DESC LIMIT 1",
                (user_id,),
            )
        )

    async def join(self, racer_id: int, user_id: int, name: str, now: datetime, most: int) -> bool:
        """Seat a player in a Racer's lobby, if it is still in its lobby and has room; whether they were seated."""
        cursor = await self.conn.execute(
            "INSERT OR IGNORE INTO storm_racer_players (racer_id, user_id, name, joined_at) SELECT ?, ?, ?, ?"
            " WHERE EXISTS (SELECT 1 FROM storm_racers WHERE id = ? AND phase = 'lobby')"
            " AND (SELECT count(*) FROM storm_racer_players WHERE racer_id = ?) < ?",
            (racer_id, user_id, name, iso(now), racer_id, racer_id, most),
        )
        return cursor.rowcount == 1

    async def players(self, racer_id: int) -> list[Entrant]:
        """A Racer's players, in the order they joined."""
        rows = await every(
            self.conn,
            "SELECT user_id, name, joined_at FROM storm_racer_players WHERE racer_id = ? ORDER BY joined_at, user_id",
            (racer_id,),
        )
        return [Entrant(r["user_id"], r["name"], datetime.fromisoformat(r["joined_at"])) for r in rows]

    async def leave(self, racer_id: int, user_id: int) -> None:
        """Take a player out of a Racer (one who could not start: another run of theirs was open)."""
        await self.conn.execute(
            "DELETE FROM storm_racer_players WHERE racer_id = ? AND user_id = ?", (racer_id, user_id)
        )

    async def run_racer(self, racer_id: int, sequence: Sequence[int], now: datetime, ends: datetime) -> bool:
        """The Racer's lobby closes and its runs start; False if it had left its lobby already."""
        cursor = await self.conn.execute(
            "UPDATE storm_racers SET phase = 'running', sequence = ?, starts_at = ?, ends_at = ? WHERE id = ?"
            " AND phase = 'lobby'",
            (json.dumps(list(sequence)), iso(now), iso(ends), racer_id),
        )
        return cursor.rowcount == 1

    async def finish_racer(self, racer_id: int, winner_id: int | None, now: datetime) -> bool:
        """The Racer is over; False if it was over already."""
        cursor = await self.conn.execute(
            "UPDATE storm_racers SET phase = 'over', winner_id = ?, finished_at = ? WHERE id = ? AND phase != 'over'",
            (winner_id, iso(now), racer_id),
        )
        return cursor.rowcount == 1

    async def due_lobbies(self, now: datetime, limit: int = 20) -> list[Racer]:
        """Racers whose lobby should close by `now`."""
        rows = await every(
            self.conn,
            "SELECT * FROM storm_racers WHERE phase = 'lobby' AND starts_at <= ? ORDER BY starts_at LIMIT ?",
            (iso(now), limit),
        )
        return [racer for row in rows if (racer := _racer(row)) is not None]

    async def settled_racers(self, now: datetime) -> list[Racer]:
        """Racers under way whose runs are all over, or whose time is past."""
        rows = await every(
            self.conn,
            "SELECT * FROM storm_racers r WHERE phase = 'running' AND (ends_at <= ? OR NOT EXISTS (SELECT 1 FROM"
            " storm_runs s WHERE s.racer_id = r.id AND s.closed_at IS NULL)) ORDER BY id",
            (iso(now),),
        )
        return [racer for row in rows if (racer := _racer(row)) is not None]

    async def anything_due(self, now: datetime) -> bool:
        """Whether the clock has made something of Storm due by `now`: a run's time run out, a lobby to close, a
        Racer to call over (one statement, on partial indexes: the timer asks every second)."""
        at = iso(now)
        row = await one(
            self.conn,
            "SELECT EXISTS (SELECT 1 FROM storm_runs WHERE closed_at IS NULL AND ends_at <= ?)"
            " OR EXISTS (SELECT 1 FROM storm_racers WHERE phase = 'lobby' AND starts_at <= ?)"
            " OR EXISTS (SELECT 1 FROM storm_racers r WHERE phase = 'running' AND (ends_at <= ? OR NOT EXISTS"
            " (SELECT 1 FROM storm_runs s WHERE s.racer_id = r.id AND s.closed_at IS NULL)))",
            (at, at, at),
        )
        return row is not None and bool(row[0])


def _run(row: aiosqlite.Row | None) -> Run | None:
    if row is None:
        return None
    tally = Tally(
        row["place"], row["solved"], row["wrong"], row["streak"], row["best_streak"], row["bonus"], row["penalty"]
    )
    started, ends = datetime.fromisoformat(row["started_at"]), datetime.fromisoformat(row["ends_at"])
    return Run(
        row["id"],
        row["user_id"],
        row["name"],
        row["racer_id"],
        row["variant"],
        tuple(json.loads(row["sequence"])),
        started,
        ends,
        row["day"],
        tally,
        float(row["reached_seconds"]),
        moment(row["closed_at"]),
    )


def _racer(row: aiosqlite.Row | None) -> Racer | None:
    if row is None:
        return None
    created, starts = datetime.fromisoformat(row["created_at"]), datetime.fromisoformat(row["starts_at"])
    return Racer(
        row["id"],
        row["chat_id"],
        row["topic"] or None,
        row["started_by"],
        row["bot_username"],
        row["variant"],
        RacerPhase(row["phase"]),
        created,
        starts,
        moment(row["ends_at"]),
        tuple(json.loads(row["sequence"])) if row["sequence"] else (),
        row["winner_id"],
        moment(row["finished_at"]),
    )


def _best(row: aiosqlite.Row) -> Best:
    at = datetime.fromisoformat(row["at"])
    return Best(row["user_id"], row["name"], row["solved"], row["wrong"], float(row["reached_seconds"]), at)
