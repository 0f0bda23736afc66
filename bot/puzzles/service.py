"""Puzzles, "Which code is it?" and "Best next guess": the ladder (/puzzle), the puzzle of the day, and the day's
puzzle posted in a group.

- **The ladder.** Puzzles made ahead (the stock, bot/puzzles/stock.py, or `bullscows puzzles make`) wait in the
  database, each rated from the start where its difficulty estimate puts it. The player gets one picked near their
  puzzle rating (`bot.puzzles.rating`: `window`, the nearest unseen, `pick`), never one shown to them before: the
  attempt's row is written as it is shown. The first answer that is a code (or giving up before any) rates the
  player and the puzzle, in the update's transaction, once. A puzzle left unanswered counts as failed when the
  player asks for another (the day's, or one of another variant), as on Lichess: no puzzle can be parked to skip
  it. A variant whose shelf has nothing left for the player gets a few puzzles made on the fly, as engine work.
- **Two questions on the ladder.** "Which code is it?" (Question.INVERSE) and "Best next guess" (BEST_NEXT, made ahead
  only). They alternate: a player who has been shown an odd number of ladder puzzles gets a best-next-guess one next,
  where the shelf has one for them, else the other question. Both share the player's puzzle rating. A best-next-guess
  answer, any code of the variant, is graded as engine work (`grade_next_guess`): solved when its loss is under the
  "good" threshold. A miss is told how good it was and how far from the best, never which guesses are best: those are
  named, with what makes the first one best (`engine.partition`), once it is solved or given up.
- **The puzzle of the day**: the same for everyone, made from a seed that is an HMAC of the day under the daily key
  (as /daily's secret), never stored; a player's go at it is (first shown, tries, solved or given up), for the day's
  board (fewest tries, then least time from when they were first shown it) and the streak.
- **In a group**: the day's puzzle posted on request. A member's answer there is one of their tries at the day's
  puzzle, counted as in private, their clock running from when the post first showed the clues to the group (or
  from when they were shown it before); the group's first solver is recorded once, and no message prints the code.
- **A retry** (bot/puzzles/retry.py): a position of the player's own reviewed game, "🔁 Retry #n" under its review,
  is an unrated best-next-guess puzzle they solve as a ladder puzzle (typed codes answer it). It is never rated,
  counts for nothing on the ladder (its turn of questions, its latest variant), and is refused while a ladder puzzle or
  today's puzzle is open (it would park it); asking for another puzzle leaves a retry open for later, never failed.
- **An answer is idempotent once it ends the puzzle**: an answer to a puzzle that is over is refused, and changes
  nothing. A code that is one of the clues' own guesses is answered as that, and counts for nothing.

Each update reads what it needs in one statement (`SqlitePuzzleRepository.load`) and writes what it decided in one
call (`save`). Every function runs inside the update's transaction (the Core's, or the Mini App's).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from bot import daily as daily_feature
from bot import records
from bot.days import DayStreak, day_of, day_streak, until_next
from bot.deps import Deps
from bot.events import DayPuzzleSolved, PuzzleRated
from bot.games.lifecycle import parsed
from bot.puzzles import rating as puzzle_rating
from bot.puzzles import retry as retries
from bot.puzzles.rating import Candidate
from bot.puzzles.retry import Retry, RetryPuzzle
from bot.puzzles.store import (
    AttemptRated,
    AttemptWrite,
    DaySolver,
    DayWrite,
    GroupPost,
    Loaded,
    NewPuzzle,
    Plan,
    Question,
    SqlitePuzzleRepository,
    StoredPuzzle,
)
from bot.puzzles.store import Current as Current
from bot.refusal import Refusal
from engine.history import candidates
from engine.inverse import GENERATOR_VERSION, Grade, Puzzle, grade, puzzle_for_seed
from engine.partition import Partition, partitions
from engine.review.puzzle import NextGuessGrade, NextGuessPuzzle, grade_next_guess, next_guess_puzzles
from engine.variant import PRESETS, InvalidVariant, Variant, variant_named

log = logging.getLogger(__name__)

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


def made(variant: Variant, seeds: Sequence[int]) -> list[NewPuzzle]:
    """The puzzles these seeds make in the variant, as rows to store, each rated where its difficulty estimate puts
    it (CPU-bound: call it in a thread)."""
    rows = []
    for seed in seeds:
        puzzle = puzzle_for_seed(variant, seed)
        estimate = puzzle.difficulty.estimate
        rows.append(
            NewPuzzle(
                variant.name, GENERATOR_VERSION, seed, puzzle.as_dict(), estimate, puzzle_rating.puzzle_start(estimate)
            )
        )
    return rows


def made_next(variant: Variant, seeds: Sequence[int], known: set[str]) -> list[NewPuzzle]:
    """The best-next-guess puzzles these seeds make in the variant, as rows to store (a seed whose games yield none,
    or one equal up to relabelling to a puzzle in `known`, adds nothing; `known` gains the new ones' keys), each
    rated where its own difficulty estimate puts it (`NextGuessPuzzle.estimate`, on the scale of the other question's)
    (CPU-bound, tens of milliseconds a seed: call it in a thread)."""
    rows = []
    for seed in seeds:
        for puzzle in next_guess_puzzles(variant, random.Random(seed), 1):
            if puzzle.key in known:
                continue
            known.add(puzzle.key)
            estimate = puzzle.estimate
            start = puzzle_rating.puzzle_start(estimate)
            rows.append(
                NewPuzzle(variant.name, NEXT_VERSION, seed, puzzle.to_data(), estimate, start, Question.BEST_NEXT)
            )
    return rows


def _made_afresh(variant: Variant, count: int) -> list[NewPuzzle]:
    return made(variant, new_seeds(count))


async def make_now(deps: Deps, variant: Variant, count: int) -> int:
    """Make `count` puzzles of the variant (engine work, off the write lock) and store them; how many were new."""
    rows = await deps.engine.need("puzzles", _made_afresh, variant, count)
    return await repository(deps).add(rows, deps.clock())


def stored(row: StoredPuzzle) -> Puzzle:
    """The engine's puzzle of a stored row (the bot wrote it: its form is checked, not its solution counted again)."""
    return Puzzle.from_dict(row.data, recheck=False)


def stored_next(row: StoredPuzzle) -> NextGuessPuzzle:
    """The engine's best-next-guess puzzle of a stored row (the bot wrote it)."""
    return NextGuessPuzzle.from_data(row.data)


# -- results


@dataclass(frozen=True)
class Change:
    """A rated attempt: the player's shown puzzle rating before and after (`provisional` after: shown with "?"), and
    the puzzle's after."""

    before: int
    after: int
    puzzle: int
    provisional: bool = False


@dataclass(frozen=True)
class Ladder:
    """A ladder puzzle as it stands for the player after the update: the puzzle, its id and shown rating, the
    player's shown puzzle rating (and whether it is provisional), the answers so far, how it ended (solved, given
    up, or not yet), the grade of this update's answer and the rating change it made (if it was rated now), the
    puzzle they left unanswered to get this one (counted as failed now), and how many puzzles were made on the fly."""

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
    provisional: bool = False
    left: Change | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


@dataclass(frozen=True)
class Daily:
    """The puzzle of the day as it stands for the player: the day, the puzzle, the answers so far, how it ended,
    this update's grade, the player's streak of days solved, how long until the next one, and the ladder puzzle they
    left unanswered to get to it (counted as failed now)."""

    day: str
    puzzle: Puzzle
    tries: int
    solved: bool
    gave_up: bool
    streak: DayStreak
    next_in: timedelta
    grade: Grade | None = None
    left: Change | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


@dataclass(frozen=True)
class NextLadder:
    """A best-next-guess ladder puzzle as it stands for the player after the update: as Ladder, with the engine's
    puzzle, its variant and the grade of this update's guess; `played` how that guess splits the codes that fit, and
    `why` how the best guess to explain does (the graded one if it is among the best, else the first best): the
    screen names it only once the puzzle is over."""

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
    provisional: bool = False
    left: Change | None = None
    played: Partition | None = None
    why: Partition | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


Solving = Ladder | Daily | NextLadder | Retry


@dataclass(frozen=True)
class DaySolvers:
    """The day's board: its solvers in order, with their names, and how many solved."""

    day: str
    lines: tuple[tuple[DaySolver, str | None], ...]
    solvers: int


@dataclass(frozen=True)
class GroupDaily:
    """The day's puzzle in a group: the puzzle, the group's post of it, and for an answer its grade, whether it made
    its sender the group's first solver, and their go at the day's puzzle after it."""

    day: str
    puzzle: Puzzle
    post: GroupPost
    grade: Grade | None = None
    first: bool = False
    next_in: timedelta = timedelta()
    player: Daily | None = None


@dataclass(frozen=True)
class PuzzleRating:
    """A player's puzzle rating in a family, as /stats shows it: the shown number, whether it is provisional, and
    the rated puzzles behind it."""

    rating: int
    provisional: bool
    puzzles: int


# -- reading and rating


def _family(variant: Variant) -> str:
    return records.family_of(variant).value


def _rated(before: records.Skill, row: StoredPuzzle, family: str, solved: bool) -> AttemptRated:
    """The attempt at the puzzle rated now: both ratings move as the rating library says."""
    after = puzzle_rating.attempted(before, row.skill, solved)
    shown = puzzle_rating.player_shown
    return AttemptRated(family, after.player, after.puzzle, solved, shown(before), shown(after.player))


def _change(rated: AttemptRated) -> Change:
    return Change(
        rated.before,
        rated.after,
        puzzle_rating.puzzle_shown(rated.puzzle),
        not puzzle_rating.established(rated.player),
    )


async def _published(deps: Deps, user_id: int, rated: AttemptRated, puzzle_id: int | None = None) -> None:
    """A rated attempt told to whoever listens, solved or failed (a puzzle rating may earn an achievement, once it is
    established; the league counts puzzles solved)."""
    established = puzzle_rating.established(rated.player)
    event = PuzzleRated(user_id, rated.after, established, deps.clock(), rated.solved, puzzle_id)
    await deps.events.publish(deps, event)


def _open_ladder(loaded: Loaded) -> tuple[StoredPuzzle, bool] | None:
    """The ladder puzzle the player is solving (loaded with its attempt), and whether it is rated yet; None when
    they are solving none (a retry of their own game's position is no ladder puzzle: it never holds the ladder up,
    and is never left as failed)."""
    row, attempt = loaded.puzzle, loaded.attempt
    current = loaded.current
    if current is None or current.puzzle_id is None or row is None or attempt is None or attempt.ended:
        return None
    if row.question == Question.RETRY:
        return None
    return row, attempt.rated


def _open_day(loaded: Loaded, now: datetime) -> bool:
    """Whether the player is solving today's puzzle of the day (loaded with their go at it), not over yet."""
    current = loaded.current
    if current is None or current.day is None or current.day != day_of(now):
        return False
    return loaded.day is None or not loaded.day.over


def _leave(loaded: Loaded) -> tuple[AttemptWrite | None, AttemptRated | None]:
    """The ladder puzzle the player is solving, left for another: it ends, and counts as failed if it was not rated
    yet (as on Lichess: a puzzle skipped is a puzzle failed)."""
    found = _open_ladder(loaded)
    if found is None:
        return None, None
    row, was_rated = found
    family = _family(variant_named(row.variant))
    rated = None if was_rated else _rated(loaded.skill(family), row, family, solved=False)
    return AttemptWrite(row.id, rated=rated, ended=True, gave_up=True), rated


def _clue_number(guesses: Sequence[str], code: str) -> int | None:
    """Which clue (from 1) has `code` as its guess, if one does."""
    return next((number for number, guess in enumerate(guesses, start=1) if guess == code), None)


# -- the ladder


async def player_skill(deps: Deps, user_id: int, variant: Variant) -> records.Skill:
    """The player's puzzle rating in the variant's family (a new player's when never rated)."""
    return (await repository(deps).load(user_id, Current(None, None))).skill(_family(variant))


async def standing(deps: Deps, user_id: int, variant: Variant) -> PuzzleRating | None:
    """The player's puzzle rating in the variant's family as /stats shows it; None when they were never rated in it."""
    loaded = await repository(deps).load(user_id, Current(None, None))
    skill = loaded.skills.get(_family(variant))
    if skill is None:
        return None
    return PuzzleRating(puzzle_rating.player_shown(skill), not puzzle_rating.established(skill), skill.games)


async def show_ladder(deps: Deps, user_id: int, variant: Variant | None, usual: Variant) -> Ladder | NextLadder:
    """The player's ladder puzzle in `variant` (None: the variant of their latest ladder puzzle, else `usual`): the
    one they are solving in it, else a new one picked near their rating, of the question whose turn it is, a few made on
    the fly when none is left for them, shown from now on. A puzzle of another variant they were solving counts as
    failed (if it was not rated yet) and ends; a retry of their game's they were solving is left open for later,
    neither failed nor rated."""
    loaded = await repository(deps).load(user_id, ladder=True, latest=variant is None)
    found = _open_ladder(loaded)
    if found is not None and (variant is None or variant.name == found[0].variant):
        return _ladder_state(loaded, found[0])
    if variant is None:
        variant = _known(loaded.last_variant) or usual
    left, rated = _leave(loaded)
    family = _family(variant)
    skill = rated.player if rated is not None and rated.family == family else loaded.skill(family)
    chosen = None
    for question in questions_in_turn(loaded.seen):
        chosen = await _pick(deps, user_id, variant, skill, question)
        if chosen is not None:
            break
    made_now = 0
    if chosen is None:  # best-next-guess puzzles are too slow to make while the player waits: these are inverse
        count = ON_THE_FLY_BIG if variant.size > BIG else ON_THE_FLY
        made_now = await make_now(deps, variant, count)
        log.warning(
            "no %s puzzle was left for player %s: %s made on the fly (the stock keeps the variants players ask for;"
            " `bullscows puzzles make --variant %s` makes more ahead)",
            variant.name,
            user_id,
            made_now,
            variant.name,
        )
        chosen = await _pick(deps, user_id, variant, skill, Question.INVERSE)
    assert chosen is not None, "puzzles made just now are unseen"
    await repository(deps).save(
        Plan(
            user_id,
            deps.clock(),
            attempts=(left,) if left is not None else (),
            shown=chosen.id,
            move=True,
            current=Current(chosen.id, None),
        )
    )
    if rated is not None:
        await _published(deps, user_id, rated, left.puzzle_id if left is not None else None)
    state = _ladder_state(loaded, chosen, player=skill, left=_change(rated) if rated is not None else None)
    return replace(state, made_now=made_now) if isinstance(state, Ladder) else state


def _known(name: str | None) -> Variant | None:
    """The variant of a stored name, if it is still one (a preset a newer version dropped is not)."""
    try:
        return variant_named(name) if name else None
    except InvalidVariant:
        return None


def questions_in_turn(seen: int) -> tuple[Question, Question]:
    """The questions of puzzle to look for, in order, for a player shown `seen` ladder puzzles: they alternate, "Which
    code is it?" first."""
    return (Question.BEST_NEXT, Question.INVERSE) if seen % 2 else (Question.INVERSE, Question.BEST_NEXT)


async def _pick(
    deps: Deps, user_id: int, variant: Variant, skill: records.Skill, question: Question
) -> StoredPuzzle | None:
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
        rows = await repo.nearest_unseen(user_id, variant.name, middle, low, high, FETCH, question)
        by_id = {row.id: row for row in rows}
        chosen = puzzle_rating.pick(skill, [Candidate(row.id, row.skill) for row in rows], deps.rng)
        if chosen is not None:
            return by_id[chosen.puzzle_id]
    return None


def _ladder_state(
    loaded: Loaded,
    row: StoredPuzzle,
    *,
    player: records.Skill | None = None,
    tries: int | None = None,
    solved: bool | None = None,
    gave_up: bool | None = None,
    verdict: Grade | NextGuessGrade | None = None,
    rated: AttemptRated | None = None,
    left: Change | None = None,
) -> Ladder | NextLadder:
    """A ladder puzzle as it stands for the player: as loaded, or as this update left it (the tries, the end, the
    answer's grade and the rating it made, the player's rating when it moved otherwise; a puzzle shown just now has
    no attempt loaded: nothing tried)."""
    variant = variant_named(row.variant)
    attempt = loaded.attempt if loaded.attempt is not None and loaded.attempt.puzzle_id == row.id else None
    tries = tries if tries is not None else attempt.tries if attempt is not None else 0
    gave_up = gave_up if gave_up is not None else attempt is not None and attempt.gave_up
    if solved is None:
        solved = attempt is not None and attempt.ended and not attempt.gave_up
    skill = rated.player if rated is not None else player or loaded.skill(_family(variant))
    puzzle_skill = rated.puzzle if rated is not None else row.skill
    change = _change(rated) if rated is not None else None
    shown = puzzle_rating.player_shown(skill), puzzle_rating.puzzle_shown(puzzle_skill)
    provisional = not puzzle_rating.established(skill)
    if row.question == Question.BEST_NEXT:
        puzzle = stored_next(row)
        graded = verdict if isinstance(verdict, NextGuessGrade) else None
        played, why = _explained(variant, puzzle, graded, over=solved or gave_up)
        return NextLadder(
            row.id, puzzle, variant, *shown, tries, solved, gave_up, graded, change, provisional, left, played, why
        )
    graded_inverse = verdict if isinstance(verdict, Grade) else None
    return Ladder(
        row.id, stored(row), *shown, tries, solved, gave_up, graded_inverse, change, 0, provisional, left=left
    )


def _explained(
    variant: Variant, puzzle: NextGuessPuzzle, graded: NextGuessGrade | None, *, over: bool
) -> tuple[Partition | None, Partition | None]:
    """How the graded guess splits the codes that fit (when there is one), and how the best guess to explain does
    (the graded one if it is among the best, else the first): once over, or beside a graded guess. Tens of
    microseconds (bench/puzzle_bench.py why)."""
    if graded is None and not over:
        return None, None
    guess = graded.weighed.played.guess if graded is not None else None
    best = guess if guess in puzzle.best else puzzle.best[0]
    alive = candidates(variant, puzzle.turns)
    if guess is None or guess == best:
        (why,) = partitions(variant, alive, [best])
        return (why if guess is not None else None), why
    played, why = partitions(variant, alive, [guess, best])
    return played, why


async def give_up_ladder(deps: Deps, user_id: int, puzzle_id: int) -> Ladder | NextLadder | Retry | Refusal:
    """Give up a ladder puzzle: a loss when it was not rated yet; its code (or its best guesses) shown (a retry:
    never rated). A Refusal when it is not the player's open puzzle (a stale button)."""
    loaded = await repository(deps).load(user_id, Current(puzzle_id, None))
    row, attempt = loaded.puzzle, loaded.attempt
    if row is None or attempt is None or attempt.ended:
        return Refusal("puzzle.stale")
    if row.question == Question.RETRY:
        return await retries.give_up(deps, loaded, row, attempt)
    family = _family(variant_named(row.variant))
    rated = None if attempt.rated else _rated(loaded.skill(family), row, family, solved=False)
    clear = loaded.current == Current(puzzle_id, None)
    write = AttemptWrite(puzzle_id, rated=rated, ended=True, gave_up=True)
    await repository(deps).save(Plan(user_id, deps.clock(), attempts=(write,), move=clear))
    if rated is not None:
        await _published(deps, user_id, rated, puzzle_id)
    return _ladder_state(loaded, row, gave_up=True, solved=False, rated=rated)


async def _answer_ladder(deps: Deps, loaded: Loaded, text: str) -> Ladder | NextLadder | Retry | Refusal:
    row, attempt = loaded.puzzle, loaded.attempt
    if row is None or attempt is None or attempt.ended:
        return Refusal("puzzle.stale")
    if row.question == Question.RETRY:  # a retry of the player's game: weighed as the review weighs it, never rated
        return await retries.answer(deps, loaded, row, attempt, text)
    variant = variant_named(row.variant)
    code = parsed(variant, text)
    if isinstance(code, Refusal):
        return code
    verdict: Grade | NextGuessGrade
    if row.question == Question.BEST_NEXT:
        puzzle = stored_next(row)
        clue = _clue_number([turn.guess for turn in puzzle.turns], code)
        if clue is not None:  # guessed already: it tells nothing new, and counts for nothing
            return Refusal("puzzle.next.clue_code", {"code": code, "number": clue})
        # weighing a guess may search the position: engine work, off the write lock
        verdict = await deps.engine.need(
            "next-guess grade", grade_next_guess, variant, puzzle, code, same=("grade", row.id, code)
        )
    else:
        inverse = stored(row)
        clue = _clue_number([c.guess for c in inverse.clues], code)
        if clue is not None:  # a clue's own guess: its score says it is not the code, and it counts for nothing
            return Refusal("puzzle.clue_code", {"code": code, "number": clue})
        verdict = grade(inverse, code)
    family = _family(variant)
    rated = None if attempt.rated else _rated(loaded.skill(family), row, family, verdict.solved)
    clear = verdict.solved and loaded.current == Current(row.id, None)
    write = AttemptWrite(row.id, tried=True, rated=rated, ended=verdict.solved)
    await repository(deps).save(Plan(loaded.user_id, deps.clock(), attempts=(write,), move=clear))
    if rated is not None:  # a puzzle rating may earn an achievement here, once established
        await _published(deps, loaded.user_id, rated, row.id)
    return _ladder_state(
        loaded, row, tries=attempt.tries + 1, solved=verdict.solved, gave_up=False, verdict=verdict, rated=rated
    )


# -- a retry of a position of the player's own game


async def open_retry(deps: Deps, user_id: int, puzzle: RetryPuzzle) -> Retry | Refusal:
    """A position of the player's game as an unrated puzzle (bot.puzzles.retry), what they type its answer from now
    on (a retry they were solving is left open); a Refusal while they are solving a ladder puzzle or today's puzzle
    of the day (a retry would park it: leaving it for one would keep it unrated, and failing it for one would cost
    a rating for practice)."""
    loaded = await repository(deps).load(user_id)
    if _open_ladder(loaded) is not None or _open_day(loaded, deps.clock()):
        return Refusal("puzzle.retry.busy")
    return await retries.begin(deps, user_id, puzzle)


# -- the puzzle of the day


def day_seed(key: bytes, day: str, variant: Variant = DAILY_VARIANT) -> int:
    """The day's puzzle's seed: the same for the same key and day, unguessable without the key (63 bits)."""
    date.fromisoformat(day)  # a day, not any string
    digest = hmac.new(key, f"bullscows-puzzle:{day}:{variant.name}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _day_puzzle(key: bytes, day: str, variant_name: str) -> Puzzle:
    variant = variant_named(variant_name)
    return puzzle_for_seed(variant, day_seed(key, day, variant))


DAYS_KEPT = 4  # days whose puzzle is kept made (today's, and yesterday's for a while)


@dataclass
class DayPuzzles:
    """The puzzles of the days asked for lately, made once each for the life of the process (the daily key does not
    change while it runs): an answer to the day's puzzle reads nothing to find it. A part of the process's Deps with
    nothing to wait for."""

    made: dict[str, Puzzle] = field(default_factory=dict)

    @property
    def busy(self) -> bool:
        """Never: nothing runs in the background."""
        return False

    async def settle(self) -> None:
        """Nothing to wait for."""

    async def stop(self) -> None:
        """Nothing to stop."""


async def day_puzzle(deps: Deps, day: str) -> Puzzle:
    """The puzzle of a day (engine work the first time a day is asked for, then kept)."""
    kept = deps.part(DayPuzzles).made
    if day in kept:
        return kept[day]
    made_from = (await daily_feature.daily_key(deps), day, DAILY_VARIANT.name)
    puzzle = await deps.engine.need("day puzzle", _day_puzzle, *made_from, same=("day puzzle", day))
    kept[day] = puzzle
    while len(kept) > DAYS_KEPT:
        kept.pop(next(iter(kept)))
    return puzzle


async def show_today(deps: Deps, user_id: int) -> Daily:
    """Today's puzzle for the player, its clues shown to them from now (their clock starts the first time), and made
    what they are solving while it is not over (a ladder puzzle they were solving counts as failed if it was not
    rated yet, and ends). Only to look at it: `day_state`."""
    now = deps.clock()
    day = day_of(now)
    puzzle = await day_puzzle(deps, day)
    loaded = await repository(deps).load(user_id, today=day, days=True)
    row = loaded.day
    over = row is not None and row.over
    move = not over and loaded.current != Current(None, day)
    left, rated = _leave(loaded) if move else (None, None)
    first = DayWrite(day, GENERATOR_VERSION, now) if row is None else None
    if first is not None or move:
        await repository(deps).save(
            Plan(
                user_id,
                now,
                attempts=(left,) if left is not None else (),
                day=first,
                move=move,
                current=Current(None, day),
            )
        )
    if rated is not None:
        await _published(deps, user_id, rated, left.puzzle_id if left is not None else None)
    state = _day_state(loaded, day, puzzle, now)
    return replace(state, left=_change(rated)) if rated is not None else state


async def day_state(deps: Deps, user_id: int) -> Daily:
    """Today's puzzle as it stands for the player, only read: `show_today` shows it (their clock starts there)."""
    now = deps.clock()
    day = day_of(now)
    puzzle = await day_puzzle(deps, day)
    return _day_state(await repository(deps).load(user_id, today=day, days=True), day, puzzle, now)


def _day_state(
    loaded: Loaded,
    day: str,
    puzzle: Puzzle,
    now: datetime,
    *,
    tried: bool = False,
    solved: bool = False,
    gave_up: bool = False,
    verdict: Grade | None = None,
) -> Daily:
    """The player's go at the day's puzzle as loaded, or as this update left it (one more try, solved, given up)."""
    row = loaded.day
    tries = (row.tries if row is not None else 0) + int(tried)
    solved = solved or (row is not None and row.solved_at is not None)
    gave_up = gave_up or (row is not None and row.gave_up)
    days = [*loaded.solved_days, day] if solved else list(loaded.solved_days)
    return Daily(day, puzzle, tries, solved, gave_up, day_streak(days, day_of(now)), until_next(now), verdict)


async def _answer_day(deps: Deps, loaded: Loaded, day: str, text: str) -> Daily | Refusal:
    now = deps.clock()
    repo = repository(deps)
    if day != day_of(now):  # the day turned while it was open: that puzzle is gone
        if loaded.current == Current(None, day):
            await repo.save(Plan(loaded.user_id, now, move=True))
        return Refusal("puzzle.daily.gone")
    row = loaded.day
    if row is None or row.over:
        return Refusal("puzzle.stale")
    puzzle = await day_puzzle(deps, day)
    code = parsed(puzzle.variant, text)
    if isinstance(code, Refusal):
        return code
    clue = _clue_number([c.guess for c in puzzle.clues], code)
    if clue is not None:
        return Refusal("puzzle.clue_code", {"code": code, "number": clue})
    verdict = grade(puzzle, code)
    clear = verdict.solved and loaded.current == Current(None, day)
    write = DayWrite(day, row.version, row.started_at, tried=True, solved_at=now if verdict.solved else None)
    await repo.save(Plan(loaded.user_id, now, day=write, move=clear))
    state = _day_state(loaded, day, puzzle, now, tried=True, solved=verdict.solved, verdict=verdict)
    if verdict.solved:  # the run of days that ends today: 7 earns the puzzle week
        await deps.events.publish(deps, DayPuzzleSolved(loaded.user_id, state.streak.current, now))
    return state


async def give_up_day(deps: Deps, user_id: int, day: str) -> Daily | Refusal:
    """Give up the puzzle of the day: its code is shown (with the daily's request to keep it quiet)."""
    now = deps.clock()
    loaded = await repository(deps).load(user_id, Current(None, day), days=True)
    row = loaded.day
    if row is None or row.over or day != day_of(now):
        return Refusal("puzzle.stale")
    clear = loaded.current == Current(None, day)
    write = DayWrite(day, row.version, row.started_at, gave_up=True)
    await repository(deps).save(Plan(user_id, now, day=write, move=clear))
    return _day_state(loaded, day, await day_puzzle(deps, day), now, gave_up=True)


async def day_solvers(deps: Deps, day: str | None = None) -> DaySolvers:
    """The day's board (today's by default): the solvers by tries, then time from when they were first shown it."""
    day = day or day_of(deps.clock())
    repo = repository(deps)
    solvers = await repo.day_board(day, BOARD_SIZE)
    names = await deps.store.players.names(s.user_id for s in solvers)
    return DaySolvers(day, tuple((s, names.get(s.user_id)) for s in solvers), await repo.day_solvers(day))


async def streak(deps: Deps, user_id: int) -> DayStreak:
    """The player's streak of days solving the puzzle of the day."""
    loaded = await repository(deps).load(user_id, Current(None, None), days=True)
    return day_streak(list(loaded.solved_days), day_of(deps.clock()))


HISTORY_READ = 500  # rated puzzles read back for a rating history (of both families; one is kept)


async def rating_history(deps: Deps, user_id: int, family: records.Family, last: int) -> tuple[int, ...]:
    """The player's puzzle rating in a family as /stats shows it, right after each of their last `last` rated
    puzzles of that family (among their latest rated), oldest first: what the page's Stats tab draws."""
    rows = await repository(deps).rated_ratings(user_id, HISTORY_READ)
    mine = [shown for shown, name in rows if _family_named(name) == family.value]
    return tuple(mine[-last:])


def _family_named(name: str) -> str | None:
    try:
        return _family(variant_named(name))
    except InvalidVariant:
        return None


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
    """The player's answer to the puzzle named (a ladder puzzle's or a day's): graded (the first answer of a ladder
    puzzle rated), or a Refusal (not a code of its variant, a clue's own guess, or nothing open any more), which
    costs nothing. Read at once, written at once."""
    loaded = await repository(deps).load(user_id, solving, days=solving.day is not None)
    return await _answered(deps, loaded, solving, text)


async def answer_open(deps: Deps, user_id: int, text: str) -> Solving | Refusal | None:
    """The player's answer to the puzzle they are solving now, as `answer`; None when they are solving none."""
    loaded = await repository(deps).load(user_id, days=True)
    if loaded.current is None:
        return None
    return await _answered(deps, loaded, loaded.current, text)


async def _answered(deps: Deps, loaded: Loaded, solving: Current, text: str) -> Solving | Refusal:
    if solving.puzzle_id is not None:
        return await _answer_ladder(deps, loaded, text)
    assert solving.day is not None
    return await _answer_day(deps, loaded, solving.day, text)


async def give_up(deps: Deps, user_id: int, solving: Current) -> Solving | Refusal:
    """Give up what the player is solving."""
    if solving.puzzle_id is not None:
        return await give_up_ladder(deps, user_id, solving.puzzle_id)
    assert solving.day is not None
    return await give_up_day(deps, user_id, solving.day)


async def state(deps: Deps, user_id: int, solving: Current | None = None) -> Solving | None:
    """What the player is solving (`solving`; None: the one they are solving now), as it stands (None: it is gone, or
    nothing is open)."""
    loaded = await repository(deps).load(user_id, solving, days=solving is None or solving.day is not None)
    target = solving or loaded.current
    if target is None:
        return None
    if target.puzzle_id is not None:
        if loaded.puzzle is None or loaded.attempt is None:
            return None
        if loaded.puzzle.question == Question.RETRY:
            return retries.state(loaded.puzzle, loaded.attempt)
        return _ladder_state(loaded, loaded.puzzle)
    assert target.day is not None
    now = deps.clock()
    if target.day != day_of(now):
        return None
    return _day_state(loaded, target.day, await day_puzzle(deps, target.day), now)


# -- in a group


async def post_in_group(deps: Deps, chat_id: int, user_id: int) -> GroupDaily:
    """The day's puzzle posted in the group (again, with who solved it, when it was). Its clues are shown to the
    member who asked for it: their clock runs from now, unless it ran before."""
    now = deps.clock()
    day = day_of(now)
    repo = repository(deps)
    post = await repo.post_in_group(chat_id, day, now)
    if user_id > 0:  # a person, not a chat posting as itself
        await repo.save(Plan(user_id, now, day=DayWrite(day, GENERATOR_VERSION, now)))
    return GroupDaily(day, await day_puzzle(deps, day), post, next_in=until_next(now))


async def answer_in_group(
    deps: Deps, chat_id: int, user_id: int, name: str, text: str, *, strict: bool
) -> GroupDaily | Refusal | None:
    """A member's answer to the day's puzzle posted in the group: one of their tries at the day's puzzle, counted as
    in private (their clock from the post's first showing there, unless it ran before), its sender recorded as the
    group's first solver if they are. None when the puzzle was not posted there today, or (not `strict`: a plain
    message, not /puzzle CODE) when the text is no code of its variant, which is chatter; a Refusal for a /puzzle
    argument that is no code, a clue's own guess, a sender that is a chat, or a member whose go is over."""
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
    clue = _clue_number([c.guess for c in puzzle.clues], code)
    if clue is not None:
        return Refusal("puzzle.clue_code", {"code": code, "number": clue})
    if user_id <= 0:  # posted as a chat (a channel, an anonymous admin): tries and streaks are people's
        return Refusal("puzzle.group.person")
    loaded = await repository(deps).load(user_id, today=day, days=True)
    if loaded.day is not None and loaded.day.over:
        return Refusal("puzzle.group.over", {"name": name})
    verdict = grade(puzzle, code)
    first = verdict.solved and post.solver_id is None
    clear = verdict.solved and loaded.current == Current(None, day)
    write = DayWrite(day, GENERATOR_VERSION, post.posted_at, tried=True, solved_at=now if verdict.solved else None)
    await repo.save(Plan(user_id, now, day=write, move=clear))
    await repo.count_group_answer(post, (user_id, name) if first else None, now)
    post = replace(post, answers=post.answers + 1)
    if first:
        post = replace(post, solver_id=user_id, solver_name=name)
    player = _day_state(loaded, day, puzzle, now, tried=True, solved=verdict.solved, verdict=verdict)
    if verdict.solved:
        await deps.events.publish(deps, DayPuzzleSolved(user_id, player.streak.current, now))
    return GroupDaily(day, puzzle, post, verdict, first, until_next(now), player)
