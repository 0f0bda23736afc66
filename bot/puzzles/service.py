"""Puzzles, "Which code is it?" and "Best next guess": the ladder (/puzzle), the puzzle of the day, and the day's
puzzle posted in a group.

- **The ladder.** Puzzles made ahead (`bullscows puzzles make`) wait in the database, each rated. The player gets one
  picked near their puzzle rating (`bot.puzzles.rating`: `window`, the nearest unseen, `pick`), never one shown
  to them before: the attempt's row is written as it is shown. The first answer that is a code (or giving up before
  any) rates the player and the puzzle, in the update's transaction, once. A variant whose shelf has nothing left
  for the player gets a few puzzles made on the fly, in a thread, and the player is told the operator can make more.
- **Two kinds on the ladder.** "Which code is it?" (INVERSE) and "Best next guess" (NEXT, made ahead only: one
  takes 70 ms of CPU on classic, 200 on Mastermind, too long to make a dozen while a player waits). They alternate:
  a player who has been shown an odd number of ladder puzzles gets a best-next-guess one next, where the shelf has
  one for them, else the other kind. Both kinds share the player's puzzle rating; a best-next-guess puzzle starts
  rated as the median classic "Which code is it?" one (it has no difficulty estimate of its own) and finds its level
  from how people do. Its answer, any code of the variant, is graded in a thread (`grade_next_guess`): solved when
  its loss is under the "good" threshold.
- **The puzzle of the day**: the same for everyone, made from a seed that is an HMAC of the day under the daily key
  (as /daily's secret), never stored; a player's go at it is (tries, solved or given up), for the day's board and
  the streak.
- **In a group**: the day's puzzle posted on request, answered there; the first solver is recorded once.

Every function runs inside the update's transaction (the Core's, or the Mini App's).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bot import daily as daily_feature
from bot import records
from bot.days import DayStreak, day_of, day_streak, until_next
from bot.deps import Deps
from bot.events import DayPuzzleSolved, PuzzleRated
from bot.games.lifecycle import parsed
from bot.puzzles import rating as puzzle_rating
from bot.puzzles.rating import Candidate
from bot.puzzles.store import INVERSE, DaySolver, GroupPost, Made, SqlitePuzzleRepository, StoredPuzzle
from bot.puzzles.store import NEXT as NEXT
from bot.puzzles.store import Current as Current
from bot.refusal import Refusal
from engine.inverse import GENERATOR_VERSION, Grade, Puzzle, grade, puzzle_for_seed
from engine.review.puzzle import NextGuessGrade, NextGuessPuzzle, grade_next_guess, next_guess_puzzles
from engine.variant import PRESETS, Variant, variant_named

DAILY_VARIANT = PRESETS["classic"]
FETCH = 50  # the ladder asks the database for this many unseen puzzles nearest the player, and picks among them
WIDENINGS = 4  # then widens its window this many times, before taking the nearest unseen at any rating
BOARD_SIZE = 10  # the day's board shows this many solvers
# A bare shelf gets this many puzzles made on the fly (about 10 ms of CPU for classic; a variant of 6 places with
# repeats takes 60 ms a puzzle, so fewer for those: the player is waiting).
ON_THE_FLY = 12
ON_THE_FLY_BIG = 3
BIG = 200_000  # codes in a variant above which a puzzle takes tens of milliseconds to make
NEXT_VERSION = 1  # the version of engine.review.puzzle's generator that made a best-next-guess puzzle


def repository(deps: Deps) -> SqlitePuzzleRepository:
    """The puzzles' repository on the Store's connection."""
    return deps.store.repository(SqlitePuzzleRepository)


# -- making puzzles


def new_seeds(count: int) -> list[int]:
    """`count` unguessable seeds (63 bits from the system's CSPRNG): a seed makes its puzzle again, so it is never
    shown, and seeds 0, 1, 2… would publish every solution."""
    return [secrets.randbits(63) for _ in range(count)]


def made(variant: Variant, seeds: Sequence[int]) -> list[Made]:
    """The puzzles these seeds make in the variant, as rows to store, each rated where its difficulty estimate puts
    it (CPU-bound: call it in a thread)."""
    rows = []
    for seed in seeds:
        puzzle = puzzle_for_seed(variant, seed)
        estimate = puzzle.difficulty.estimate
        rows.append(
            Made(
                variant.name, GENERATOR_VERSION, seed, puzzle.as_dict(), estimate, puzzle_rating.puzzle_start(estimate)
            )
        )
    return rows


def made_next(variant: Variant, seeds: Sequence[int], known: set[str]) -> list[Made]:
    """The best-next-guess puzzles these seeds make in the variant, as rows to store (a seed whose games yield none,
    or one equal up to relabelling to a puzzle in `known`, adds nothing; `known` gains the new ones' keys), each
    starting rated as the median classic "Which code is it?" puzzle (CPU-bound, tens of milliseconds a seed: call it
    in a thread)."""
    rows = []
    start = puzzle_rating.puzzle_start(puzzle_rating.REFERENCE_ESTIMATE)
    for seed in seeds:
        for puzzle in next_guess_puzzles(variant, random.Random(seed), 1):
            if puzzle.key in known:
                continue
            known.add(puzzle.key)
            data = puzzle.to_data()
            rows.append(Made(variant.name, NEXT_VERSION, seed, data, puzzle_rating.REFERENCE_ESTIMATE, start, NEXT))
    return rows


def _made_afresh(variant: Variant, count: int) -> list[Made]:
    return made(variant, new_seeds(count))


async def make_now(deps: Deps, variant: Variant, count: int) -> int:
    """Make `count` puzzles of the variant (engine work, off the write lock) and store them; how many were new."""
    rows = await deps.engine.need("puzzles", _made_afresh, variant, count)
    return await repository(deps).add(rows, deps.clock())


def stored(row: StoredPuzzle) -> Puzzle:
    """The engine's puzzle of a stored row (the bot wrote it: its form is checked, not its solution counted again)."""
    return Puzzle.from_dict(row.data, recheck=False)


# -- results


@dataclass(frozen=True)
class Change:
    """A rated attempt: the player's shown puzzle rating before and after, and the puzzle's after."""

    before: int
    after: int
    puzzle: int


@dataclass(frozen=True)
class Ladder:
    """A ladder puzzle as it stands for the player after the update: the puzzle, its id and shown rating, the
    player's shown puzzle rating, the answers so far, how it ended (solved, given up, or not yet), the grade of this
    update's answer and the rating change it made (if it was rated now), and how many puzzles were made on the fly."""

    puzzle_id: int
    puzzle: Puzzle
    rating: int
    puzzle_rating: int
    tries: int
    solved: bool = False
    gave_up: bool = False
    grade: Grade | None = None
    change: Change | None = None
    made_now: int = 0

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


@dataclass(frozen=True)
class Daily:
    """The puzzle of the day as it stands for the player: the day, the puzzle, the answers so far, how it ended,
    this update's grade, the player's streak of days solved, and how long until the next one."""

    day: str
    puzzle: Puzzle
    tries: int
    solved: bool
    gave_up: bool
    streak: DayStreak
    next_in: timedelta
    grade: Grade | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


@dataclass(frozen=True)
class NextLadder:
    """A best-next-guess ladder puzzle as it stands for the player after the update: as Ladder, with the engine's
    puzzle, its variant, and the grade of this update's guess."""

    puzzle_id: int
    puzzle: NextGuessPuzzle
    variant: Variant
    rating: int
    puzzle_rating: int
    tries: int
    solved: bool = False
    gave_up: bool = False
    grade: NextGuessGrade | None = None
    change: Change | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


Solving = Ladder | Daily | NextLadder


@dataclass(frozen=True)
class Board:
    """The day's board: its solvers in order, with their names, and how many solved."""

    day: str
    lines: tuple[tuple[DaySolver, str | None], ...]
    solvers: int


@dataclass(frozen=True)
class GroupDaily:
    """The day's puzzle in a group: the puzzle, the group's post of it, and for an answer its grade and whether it
    made its sender the group's first solver."""

    day: str
    puzzle: Puzzle
    post: GroupPost
    grade: Grade | None = None
    first: bool = False
    next_in: timedelta = timedelta()


# -- the ladder


async def player_skill(deps: Deps, user_id: int, variant: Variant) -> records.Skill:
    """The player's puzzle rating in the variant's family (a new player's when never rated)."""
    return await repository(deps).skill(user_id, records.family_of(variant).value) or records.Skill()


async def ladder(deps: Deps, user_id: int, variant: Variant) -> Ladder | NextLadder:
    """The player's ladder puzzle: the one they are solving (of either kind), else a new one picked near their
    rating in the variant, of the kind whose turn it is, a few made on the fly when none is left for them, shown
    from now on."""
    repo = repository(deps)
    current = await repo.current(user_id)
    if current is not None and current.puzzle_id is not None:
        open_one = await _ladder_state(deps, user_id, current.puzzle_id)
        if open_one is not None and not open_one.over:
            return open_one
    skill = await player_skill(deps, user_id, variant)
    chosen = None
    for kind in kinds_in_turn(await repo.seen_count(user_id)):
        chosen = await _pick(deps, user_id, variant, skill, kind)
        if chosen is not None:
            break
    made_now = 0
    if chosen is None:  # best-next-guess puzzles are too slow to make while the player waits: these are inverse
        made_now = await make_now(deps, variant, ON_THE_FLY_BIG if variant.size > BIG else ON_THE_FLY)
        chosen = await _pick(deps, user_id, variant, skill, INVERSE)
    assert chosen is not None, "puzzles made just now are unseen"
    now = deps.clock()
    await repo.show(user_id, chosen.id, now)
    await repo.set_current(user_id, Current(chosen.id, None), now)
    shown = puzzle_rating.player_shown(skill)
    rated = puzzle_rating.puzzle_shown(chosen.skill)
    if chosen.kind == NEXT:
        return NextLadder(chosen.id, stored_next(chosen), variant, shown, rated, 0)
    return Ladder(chosen.id, stored(chosen), shown, rated, 0, made_now=made_now)


def kinds_in_turn(seen: int) -> tuple[str, str]:
    """The kinds of puzzle to look for, in order, for a player shown `seen` ladder puzzles: they alternate, "Which
    code is it?" first."""
    return (NEXT, INVERSE) if seen % 2 else (INVERSE, NEXT)


def stored_next(row: StoredPuzzle) -> NextGuessPuzzle:
    """The engine's best-next-guess puzzle of a stored row (the bot wrote it)."""
    return NextGuessPuzzle.from_data(row.data)


async def _pick(deps: Deps, user_id: int, variant: Variant, skill: records.Skill, kind: str) -> StoredPuzzle | None:
    """An unseen puzzle of the variant for the player: from the window around their rating, widened step by step,
    then the nearest at any rating; None when they have seen every one."""
    repo = repository(deps)
    for widen in (*range(WIDENINGS + 1), None):
        if widen is None:
            low = high = None
            middle = sum(puzzle_rating.window(skill)) / 2
        else:
            low, high = puzzle_rating.window(skill, widen)
            middle = (low + high) / 2
        rows = await repo.nearest_unseen(user_id, variant.name, middle, low, high, FETCH, kind)
        by_id = {row.id: row for row in rows}
        chosen = puzzle_rating.pick(skill, [Candidate(row.id, row.skill) for row in rows], deps.rng)
        if chosen is not None:
            return by_id[chosen.puzzle_id]
    return None


async def _ladder_state(
    deps: Deps, user_id: int, puzzle_id: int, answer: Grade | NextGuessGrade | None = None, *, rated: bool = False
) -> Ladder | NextLadder | None:
    """The ladder puzzle as it stands for the player (None: never shown to them, or no such puzzle); `rated`: this
    update rated the attempt, and the change is shown."""
    repo = repository(deps)
    row, attempt = await repo.puzzle(puzzle_id), await repo.attempt(user_id, puzzle_id)
    if row is None or attempt is None:
        return None
    variant = variant_named(row.variant)
    skill = await player_skill(deps, user_id, variant)
    change = None
    if rated and attempt.rating_before is not None and attempt.rating_after is not None:
        change = Change(attempt.rating_before, attempt.rating_after, puzzle_rating.puzzle_shown(row.skill))
    player, puzzle = puzzle_rating.player_shown(skill), puzzle_rating.puzzle_shown(row.skill)  # the shown ratings
    solved, gave_up = attempt.ended and not attempt.gave_up, attempt.gave_up
    if row.kind == NEXT:
        graded_next = answer if isinstance(answer, NextGuessGrade) else None
        return NextLadder(
            puzzle_id, stored_next(row), variant, player, puzzle, attempt.tries, solved, gave_up, graded_next, change
        )
    graded = answer if isinstance(answer, Grade) else None
    return Ladder(puzzle_id, stored(row), player, puzzle, attempt.tries, solved, gave_up, graded, change)


async def _rate(deps: Deps, user_id: int, row: StoredPuzzle, solved: bool) -> None:
    """Rate the player's attempt at the puzzle (its first answer, or giving up before any), once: both ratings move
    as the rating library says, stored with the shown numbers before and after."""
    repo = repository(deps)
    family = records.family_of(variant_named(row.variant)).value
    before = await repo.skill(user_id, family) or records.Skill()
    after = puzzle_rating.attempted(before, row.skill, solved)
    shown = (puzzle_rating.player_shown(before), puzzle_rating.player_shown(after.player))
    await repo.rate(user_id, family, row.id, after.player, after.puzzle, solved, shown, deps.clock())


async def give_up_ladder(deps: Deps, user_id: int, puzzle_id: int) -> Ladder | NextLadder | Refusal:
    """Give up a ladder puzzle: a loss when it was not rated yet; its code is shown. A Refusal when it is not the
    player's open puzzle (a stale button)."""
    repo = repository(deps)
    row, attempt = await repo.puzzle(puzzle_id), await repo.attempt(user_id, puzzle_id)
    if row is None or attempt is None or attempt.ended:
        return Refusal("puzzle.stale")
    rated_now = not attempt.rated
    if rated_now:
        await _rate(deps, user_id, row, solved=False)
    await repo.end(user_id, puzzle_id, deps.clock(), gave_up=True)
    await _clear_current(deps, user_id, Current(puzzle_id, None))
    state = await _ladder_state(deps, user_id, puzzle_id, rated=rated_now)
    assert state is not None
    return state


async def _answer_ladder(deps: Deps, user_id: int, puzzle_id: int, text: str) -> Ladder | NextLadder | Refusal:
    repo = repository(deps)
    row, attempt = await repo.puzzle(puzzle_id), await repo.attempt(user_id, puzzle_id)
    if row is None or attempt is None or attempt.ended:
        return Refusal("puzzle.stale")
    variant = variant_named(row.variant)
    code = parsed(variant, text)
    if isinstance(code, Refusal):
        return code
    verdict: Grade | NextGuessGrade
    if row.kind == NEXT:  # weighing a guess may search the position: engine work, off the write lock
        verdict = await deps.engine.need(
            "next-guess grade", grade_next_guess, variant, stored_next(row), code, same=("grade", row.id, code)
        )
    else:
        verdict = grade(stored(row), code)
    await repo.tried(user_id, puzzle_id)
    if not attempt.rated:
        await _rate(deps, user_id, row, verdict.solved)
    if verdict.solved:
        await repo.end(user_id, puzzle_id, deps.clock(), gave_up=False)
        await _clear_current(deps, user_id, Current(puzzle_id, None))
    state = await _ladder_state(deps, user_id, puzzle_id, verdict, rated=not attempt.rated)
    assert state is not None
    if state.change is not None:  # rated now: a puzzle rating of 1800 may be earned here (answers are in private)
        await deps.events.publish(deps, PuzzleRated(user_id, state.rating, True, deps.clock()))
    return state


async def _clear_current(deps: Deps, user_id: int, was: Current) -> None:
    """The player solves nothing now, if they were solving `was`."""
    repo = repository(deps)
    if await repo.current(user_id) == was:
        await repo.set_current(user_id, None, deps.clock())


# -- the puzzle of the day


def day_seed(key: bytes, day: str, variant: Variant = DAILY_VARIANT) -> int:
    """The day's puzzle's seed: the same for the same key and day, unguessable without the key (63 bits)."""
    date.fromisoformat(day)  # a day, not any string
    digest = hmac.new(key, f"bullscows-puzzle:{day}:{variant.name}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _day_puzzle(key: bytes, day: str, variant_name: str) -> Puzzle:
    variant = variant_named(variant_name)
    return puzzle_for_seed(variant, day_seed(key, day, variant))


async def day_puzzle(deps: Deps, day: str) -> Puzzle:
    """The puzzle of a day (engine work the first time a day is asked for, then kept)."""
    made = (await daily_feature.daily_key(deps), day, DAILY_VARIANT.name)
    if made in _days:
        return _days[made]
    puzzle = await deps.engine.need("day puzzle", _day_puzzle, *made, same=("day puzzle", day))
    _days[made] = puzzle
    while len(_days) > DAYS_KEPT:
        _days.pop(next(iter(_days)))
    return puzzle


DAYS_KEPT = 4  # days whose puzzle is kept made (today's, and yesterday's for a while)
_days: dict[tuple[bytes, str, str], Puzzle] = {}


async def today(deps: Deps, user_id: int, start: bool = True) -> Daily:
    """Today's puzzle for the player, begun if it was not (with `start`) and made what they are solving while it is
    not over."""
    repo = repository(deps)
    now = deps.clock()
    day = day_of(now)
    puzzle = await day_puzzle(deps, day)
    if start and await repo.day_row(day, user_id) is None:
        await repo.start_day(day, user_id, GENERATOR_VERSION, now)
    state = await _day_state(deps, user_id, day, puzzle)
    if start and not state.over:
        await repo.set_current(user_id, Current(None, day), now)
    return state


async def _day_state(deps: Deps, user_id: int, day: str, puzzle: Puzzle, answer: Grade | None = None) -> Daily:
    repo = repository(deps)
    row = await repo.day_row(day, user_id)
    now = deps.clock()
    streak = day_streak(await repo.solved_days(user_id), day_of(now))
    return Daily(
        day,
        puzzle,
        row.tries if row is not None else 0,
        row is not None and row.solved_at is not None,
        row is not None and row.gave_up,
        streak,
        until_next(now),
        answer,
    )


async def _answer_day(deps: Deps, user_id: int, day: str, text: str) -> Daily | Refusal:
    repo = repository(deps)
    now = deps.clock()
    if day != day_of(now):  # the day turned while it was open: that puzzle is gone
        await _clear_current(deps, user_id, Current(None, day))
        return Refusal("puzzle.daily.gone")
    row = await repo.day_row(day, user_id)
    if row is None or row.over:
        return Refusal("puzzle.stale")
    puzzle = await day_puzzle(deps, day)
    code = parsed(puzzle.variant, text)
    if isinstance(code, Refusal):
        return code
    verdict = grade(puzzle, code)
    await repo.day_tried(day, user_id, now if verdict.solved else None)
    if verdict.solved:
        await _clear_current(deps, user_id, Current(None, day))
    state = await _day_state(deps, user_id, day, puzzle, verdict)
    if verdict.solved:  # the run of days that ends today: 7 earns the puzzle week
        await deps.events.publish(deps, DayPuzzleSolved(user_id, state.streak.current, deps.clock()))
    return state


async def give_up_day(deps: Deps, user_id: int, day: str) -> Daily | Refusal:
    """Give up the puzzle of the day: its code is shown (with the daily's request to keep it quiet)."""
    repo = repository(deps)
    row = await repo.day_row(day, user_id)
    if row is None or row.over or day != day_of(deps.clock()):
        return Refusal("puzzle.stale")
    await repo.day_gave_up(day, user_id)
    await _clear_current(deps, user_id, Current(None, day))
    return await _day_state(deps, user_id, day, await day_puzzle(deps, day))


async def board(deps: Deps, day: str | None = None) -> Board:
    """The day's board (today's by default): the solvers by tries, then time."""
    day = day or day_of(deps.clock())
    repo = repository(deps)
    solvers = await repo.day_board(day, BOARD_SIZE)
    names = await deps.store.players.names(s.user_id for s in solvers)
    return Board(day, tuple((s, names.get(s.user_id)) for s in solvers), await repo.day_solvers(day))


async def streak(deps: Deps, user_id: int) -> DayStreak:
    """The player's streak of days solving the puzzle of the day."""
    solved = await repository(deps).solved_days(user_id)
    return day_streak(solved, day_of(deps.clock()))


async def day_begun(deps: Deps, user_id: int) -> bool:
    """Whether the player has opened today's puzzle of the day (nothing is made or begun by asking)."""
    return await repository(deps).day_row(day_of(deps.clock()), user_id) is not None


async def day_over(deps: Deps, user_id: int) -> bool:
    """Whether the player has solved or given up today's puzzle of the day."""
    row = await repository(deps).day_row(day_of(deps.clock()), user_id)
    return row is not None and row.over


# -- answering what the player is solving


async def current(deps: Deps, user_id: int) -> Current | None:
    """What the player is solving now, if anything."""
    return await repository(deps).current(user_id)


async def answer(deps: Deps, user_id: int, text: str, solving: Current) -> Solving | Refusal:
    """The player's answer to what they are solving: graded (the first answer of a ladder puzzle rated), or a
    Refusal (not a code of its variant, or nothing open any more), which costs nothing."""
    if solving.puzzle_id is not None:
        return await _answer_ladder(deps, user_id, solving.puzzle_id, text)
    assert solving.day is not None
    return await _answer_day(deps, user_id, solving.day, text)


async def give_up(deps: Deps, user_id: int, solving: Current) -> Solving | Refusal:
    """Give up what the player is solving."""
    if solving.puzzle_id is not None:
        return await give_up_ladder(deps, user_id, solving.puzzle_id)
    assert solving.day is not None
    return await give_up_day(deps, user_id, solving.day)


async def state(deps: Deps, user_id: int, solving: Current) -> Solving | None:
    """What the player is solving, as it stands (None: it is gone)."""
    if solving.puzzle_id is not None:
        return await _ladder_state(deps, user_id, solving.puzzle_id)
    assert solving.day is not None
    if solving.day != day_of(deps.clock()):
        return None
    return await _day_state(deps, user_id, solving.day, await day_puzzle(deps, solving.day))


# -- in a group


async def post_in_group(deps: Deps, chat_id: int) -> GroupDaily:
    """The day's puzzle posted in the group (again, with who solved it, when it was)."""
    repo = repository(deps)
    now = deps.clock()
    day = day_of(now)
    await repo.post_in_group(chat_id, day, now)
    post = await repo.group_post(chat_id, day)
    assert post is not None
    return GroupDaily(day, await day_puzzle(deps, day), post, next_in=until_next(now))


async def answer_in_group(
    deps: Deps, chat_id: int, user_id: int, name: str, text: str, *, strict: bool
) -> GroupDaily | Refusal | None:
    """An answer to the day's puzzle posted in the group: graded, its sender recorded as the first solver if they
    are. None when the puzzle was not posted there today, or (not `strict`: a plain message, not /puzzle CODE) when
    the text is no code of its variant, which is chatter; a Refusal for a /puzzle argument that is no code."""
    repo = repository(deps)
    now = deps.clock()
    day = day_of(now)
    post = await repo.group_post(chat_id, day)
    if post is None:
        return None
    puzzle = await day_puzzle(deps, day)
    code = parsed(puzzle.variant, text)
    if isinstance(code, Refusal):
        return code if strict else None
    verdict = grade(puzzle, code)
    await repo.group_answered(chat_id, day)
    first = verdict.solved and await repo.first_solver(chat_id, day, user_id, name, now)
    post = await repo.group_post(chat_id, day)
    assert post is not None
    return GroupDaily(day, puzzle, post, verdict, first, until_next(now))
