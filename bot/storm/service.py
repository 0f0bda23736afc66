"""Puzzle Storm's runs: three minutes of "Which code is it?" puzzles, each a little harder, on the server's clock.

- **The puzzles** are the puzzles feature's, made ahead: a run draws its puzzles from Storm's own shelf, which takes
  puzzles nobody was ever shown from the puzzles' stock as it runs short (`puzzles.hand_over`: they leave the ladder
  for good, so no puzzle seen in a run is ever rated there). A run is drawn from the puzzles none of its players
  has seen, in tiers of difficulty, easiest first (`engine.inverse.storm_tiers`, `storm_sequence`); only when those
  run short is it made up from the ones seen longest ago. Nothing waits on the engine: drawing is SQL and a shuffle,
  and grading an answer (`engine.inverse.grade`) is a lookup.
- **The clock** is the server's: a run's start and its tally (bonuses, penalties) are stored, and its end with them.
  An answer at or after the end does not count: the run is closed as it stood. An answer is for the puzzle at the
  run's place; one that names another place (a replayed request from the page) is refused, and nothing changes.
- **One run at a time**: a second /storm shows the open run; the database refuses a second open run whatever the
  order two updates arrive in.
- **The boards**: each player's best run alone, all-time and on each UTC day (runs in a Racer are races, and stay out).

Every function runs inside the update's transaction (the Core's, the Mini App's, or the timer's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot import puzzles
from bot.days import day_of
from bot.deps import Deps
from bot.games.lifecycle import parsed
from bot.refusal import Refusal
from bot.storm import rules
from bot.storm.rules import RUN_PUZZLES, VARIANT, Tally
from bot.storm.store import ALL_TIME, Best, Racer, RacerPhase, Run, SqliteStormRepository
from engine.inverse import Grade, Puzzle, grade, storm_sequence, storm_tiers
from engine.inverse.storm import STORM_MAX_CLUES, STORM_TIERS

HANDOVER = 2 * RUN_PUZZLES  # puzzles taken from the stock at a time, when the unseen ones run short
POOL = 20 * RUN_PUZZLES  # unseen puzzles a run is drawn from at most: a hundred a tier
BOARD_SIZE = 10  # lines of each board


def repository(deps: Deps) -> SqliteStormRepository:
    """Storm's repository on the Store's connection."""
    return deps.store.repository(SqliteStormRepository)


@dataclass(frozen=True)
class RunEarned:
    """What a closed run alone earned on the boards: the player's bests after it (all-time, today), whether it set
    a new best, and today's leader."""

    best: Best | None
    today: Best | None
    new_best: bool
    leader: Best | None


@dataclass(frozen=True)
class RunShown:
    """A run as its player sees it after an update: the run as stored now, the puzzle at its place (None once it is
    over), and what this update's answer did (its grade and the puzzle it was for, the seconds it put on or took off
    the clock); `late` when it came after the clock had run out (it did not count); `ending` once a run alone is
    over."""

    run: Run
    puzzle: Puzzle | None
    now: datetime
    graded: Grade | None = None
    answered: Puzzle | None = None
    change: int = 0
    late: bool = False
    stopped: bool = False
    ending: RunEarned | None = None

    @property
    def over(self) -> bool:
        """Whether the run is over."""
        return self.run.over

    @property
    def left(self) -> timedelta:
        """The time left on the run's clock now."""
        return timedelta(0) if self.run.over else rules.left(self.run.ends_at, self.now)


@dataclass(frozen=True)
class InLobby:
    """The player is in a Racer's lobby: their puzzles come when it starts."""

    racer: Racer


# -- drawing a run


async def draw(deps: Deps, players: Sequence[int], now: datetime) -> list[int]:
    """The puzzles of a new run (a Racer's: every player gets the same), RUN_PUZZLES at most, easiest first: none of
    the players has seen them, unless too few are left (then the ones seen longest ago make the run up). Puzzles are
    taken from the stock made ahead when the unseen run short; an empty list when there are none at all. The run is
    drawn from a window of at most POOL unseen puzzles at a random place on the shelf, so a start costs the same
    however big the shelf has grown."""
    repo = repository(deps)
    after = deps.rng.randrange(await repo.last_id(VARIANT) + 1)
    pool = await repo.pool(VARIANT, players, after=after, limit=POOL)
    if len(pool) < RUN_PUZZLES:
        handed = await puzzles.hand_over(deps, VARIANT, HANDOVER, STORM_MAX_CLUES)
        if handed:
            await repo.add_puzzles(VARIANT, [(h.data, h.estimate) for h in handed], now)
            pool = await repo.pool(VARIANT, players, limit=POOL)
    if len(pool) < RUN_PUZZLES:
        pool += await repo.seen_pool(VARIANT, players, RUN_PUZZLES - len(pool))
    return storm_sequence(storm_tiers(pool, STORM_TIERS), deps.rng, RUN_PUZZLES)


async def puzzle_at(deps: Deps, run: Run) -> Puzzle | None:
    """The puzzle at the run's place (None once past its last)."""
    if run.tally.place >= len(run.sequence):
        return None
    data = await repository(deps).puzzle(run.sequence[run.tally.place])
    return None if data is None else Puzzle.from_dict(data, recheck=False)


async def begin_run(
    deps: Deps, user_id: int, name: str, sequence: Sequence[int], now: datetime, racer_id: int | None = None
) -> Run | None:
    """Open a run of these puzzles for the player, its clock starting now, its first puzzle shown; None if another
    run of theirs is open."""
    repo = repository(deps)
    run = await repo.start_run(
        user_id, name, racer_id, VARIANT, sequence, now, rules.ends_at(now, Tally()), day_of(now)
    )
    if run is not None and run.sequence:
        await repo.see(user_id, run.sequence[0], now)
    return run


# -- a run alone


async def open_run(deps: Deps, user_id: int) -> Run | None:
    """The player's open run, if any (its clock may have run out: the next look closes it)."""
    return await repository(deps).open_run(user_id)


async def start(deps: Deps, user_id: int, name: str) -> RunShown | InLobby | Refusal:
    """/storm in private: the open run as it stands, or a new one (none while the player waits in a Racer's lobby;
    a Refusal when no puzzle is ready at all)."""
    now = deps.clock()
    running = await open_run(deps, user_id)
    if running is not None and rules.counts(running.ends_at, now):
        return RunShown(running, await puzzle_at(deps, running), now)
    if running is not None:  # its clock ran out before the timer closed it
        await close_run(deps, running, running.ends_at)
    racer = await repository(deps).racer_of(user_id)
    if racer is not None and racer.phase == RacerPhase.LOBBY:
        return InLobby(racer)
    sequence = await draw(deps, (user_id,), now)
    if not sequence:
        return Refusal("storm.empty")
    run = await begin_run(deps, user_id, name, sequence, now)
    if run is None:  # another update opened one first
        run = await open_run(deps, user_id)
        assert run is not None
    return RunShown(run, await puzzle_at(deps, run), now)


async def answer(
    deps: Deps, user_id: int, text: str, place: int | None = None, run_id: int | None = None
) -> RunShown | Refusal | None:
    """The player's answer to their open run's puzzle (`place` and `run_id`, when the caller names the puzzle it
    answers: the page; they must be the open run's and its place now): graded, the clock moved, the next puzzle
    shown. None when no run is open.
    An answer at or after the clock's end does not count: the run closes as it stood. A text that is no code of the
    variant is refused and costs nothing."""
    now = deps.clock()
    run = await open_run(deps, user_id)
    if run is None:
        return None
    if run_id is not None and run.id != run_id:  # another run's puzzle (a page showing an older one)
        return Refusal("storm.stale")
    if not rules.counts(run.ends_at, now):
        closed, ending = await close_run(deps, run, run.ends_at)
        return RunShown(closed, None, now, late=True, ending=ending)
    if place is not None and place != run.tally.place:
        return Refusal("storm.stale")
    puzzle = await puzzle_at(deps, run)
    if puzzle is None:  # answered to the last already (closed with it: not reached)
        return Refusal("storm.stale")
    code = parsed(puzzle.variant, text)
    if isinstance(code, Refusal):
        return code
    verdict = grade(puzzle, code)
    tally = rules.answered(run.tally, verdict.solved)
    ends = rules.ends_at(run.started_at, tally)
    reached = (now - run.started_at).total_seconds() if verdict.solved else run.reached_seconds
    over = tally.place >= len(run.sequence) or not rules.counts(ends, now)
    repo = repository(deps)
    if not await repo.move(run, tally, ends, reached, min(now, ends) if over else None):
        return Refusal("storm.stale")
    change = tally.seconds - run.tally.seconds
    moved = replace(run, tally=tally, ends_at=ends, reached_seconds=reached, closed_at=min(now, ends) if over else None)
    if over:
        ending = await _ended(deps, moved, moved.closed_at or now)
        return RunShown(moved, None, now, verdict, puzzle, change, ending=ending)
    await repo.see(user_id, moved.sequence[moved.tally.place], now)
    return RunShown(moved, await puzzle_at(deps, moved), now, verdict, puzzle, change)


async def stop(deps: Deps, user_id: int, run_id: int | None = None) -> RunShown | Refusal:
    """The player ends their open run now (`run_id`: the run a button names, which must be theirs and open)."""
    now = deps.clock()
    run = await open_run(deps, user_id)
    if run is None or (run_id is not None and run.id != run_id):
        return Refusal("storm.none")
    closed, ending = await close_run(deps, run, min(now, run.ends_at))
    return RunShown(closed, None, now, stopped=rules.counts(run.ends_at, now), ending=ending)


async def close_run(deps: Deps, run: Run, at: datetime) -> tuple[Run, RunEarned | None]:
    """Close an open run at `at` (its result final; a run alone goes on the boards): the run as stored after, and,
    alone, what it earned there."""
    repo = repository(deps)
    closing = await repo.close(run.id, at)
    closed = await repo.run(run.id)
    assert closed is not None
    if closing:
        return closed, await _ended(deps, closed, at)
    return closed, await ending_of(deps, closed) if closed.racer_id is None else None


async def _ended(deps: Deps, run: Run, at: datetime) -> RunEarned | None:
    """A run just closed: a run alone goes on the all-time board and its day's (when it solved any); what it earned
    (a new best: one that beats a best the player had)."""
    if run.racer_id is not None:
        return None
    repo = repository(deps)
    new_best = False
    if run.tally.solved > 0:
        before = await repo.best(ALL_TIME, run.user_id)
        new_best = await repo.keep_best(ALL_TIME, run, at) and before is not None
        await repo.keep_best(run.day, run, at)
    return await ending_of(deps, run, new_best)


async def ending_of(deps: Deps, run: Run, new_best: bool = False) -> RunEarned:
    """The boards as a run alone left them for its player."""
    repo = repository(deps)
    leaders = await repo.board(run.day, 1)
    return RunEarned(
        await repo.best(ALL_TIME, run.user_id),
        await repo.best(run.day, run.user_id),
        new_best,
        leaders[0] if leaders else None,
    )


# -- the boards


@dataclass(frozen=True)
class Boards:
    """Storm's boards for a player: today's (its day) and all-time, best first, with how many are on each, and the
    player's own bests."""

    day: str
    today: tuple[Best, ...]
    today_players: int
    all_time: tuple[Best, ...]
    all_time_players: int
    best: Best | None
    best_today: Best | None


async def boards(deps: Deps, user_id: int) -> Boards:
    """Today's board and the all-time board, and the player's bests."""
    repo = repository(deps)
    day = day_of(deps.clock())
    return Boards(
        day,
        tuple(await repo.board(day, BOARD_SIZE)),
        await repo.players_on(day),
        tuple(await repo.board(ALL_TIME, BOARD_SIZE)),
        await repo.players_on(ALL_TIME),
        await repo.best(ALL_TIME, user_id),
        await repo.best(day, user_id),
    )


async def forget_days(deps: Deps, keep: int = 2) -> int:
    """Forget the day boards older than `keep` days (today's and yesterday's stay); how many lines went."""
    before = day_of(deps.clock() - timedelta(days=keep - 1))
    return await repository(deps).forget_days(before)
