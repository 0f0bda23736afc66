"""Best-next-guess puzzles: positions from human-like games where the best guesses are clearly better than the
obvious ones, and their grader.

The obvious guesses at a position are the codes that still fit: a player's natural move is one that could win now.
A position makes a puzzle when every one of them loses at least GOOD_BELOW against the best guess, so the player
must find a better idea, a guess that cannot win but splits the codes well, to solve it: a guess whose loss is under
GOOD_BELOW (a "good" guess or better). About one position in nine of 4 to 40 codes in simulated classic games
qualifies, one in seventeen on Mastermind. The textbook move, the guess that splits the codes most evenly
(max-entropy), is weighed too: on nearly every puzzle it does solve it. Every figure is exact, or the position is not
used. The generator is seeded and pure; the bot stores what it makes.

How hard a puzzle is (`NextGuessPuzzle.estimate`) is estimated from how rare the good guesses are among the variant's
codes, how many codes fit (each a tempting move that falls short) and how far the best of those falls short: weights
fitted on simulated solvers (bench/puzzle_bench.py next-population), on the scale of the "Which code is it?"
puzzles' estimate (`engine.inverse.Difficulty.estimate`), so that one mapping rates both kinds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.history import Turn
from engine.inverse.difficulty import REFERENCE_ESTIMATE
from engine.review.game import GuessLoss, best_costs, weigh_guess
from engine.review.labels import GOOD_BELOW
from engine.review.measure import DEFAULT_BUDGET, Position, Weigher, position_at
from engine.review.players import human_game, some_player
from engine.review.symmetry import canonical_history, position_key
from engine.scoring import Score
from engine.splits import canonical_guesses, member
from engine.strategies import best_of, neg_entropy
from engine.variant import Code, Variant, variant_named

MIN_CODES, MAX_CODES = 4, 40  # a puzzle's codes that fit: enough to think about, few enough to list
GAMES_PER_PUZZLE = 60  # the generator gives up after this many games per puzzle asked for

# The difficulty estimate, in the bits of the "Which code is it?" puzzles' estimate: REFERENCE_ESTIMATE (that of a
# median classic "Which code is it?" puzzle) at the medians of the calibration's classic puzzles' measures
# (bench/puzzle_bench.py next-population), plus SEARCH_WEIGHT for each bit of search a good guess takes (log2 of the
# variant's codes over the codes that solve it), COUNT_WEIGHT for each doubling of the codes that fit, less
# FITTING_WEIGHT for each guess the best of those loses (a trap that costs more is easier to see through).
SEARCH_WEIGHT, COUNT_WEIGHT, FITTING_WEIGHT = 2.3, 5.0, 20.0
MEDIAN_SEARCH, MEDIAN_LOG2_COUNT, MEDIAN_FITTING_LOSS = 2.86, 3.0, 0.25  # stands in where a measure is missing


@dataclass(frozen=True)
class NextGuessPuzzle:
    """A position to find a good guess in: the clues (turns), how many codes fit, the least cost of a guess there,
    some of the best guesses, the least loss of a code that fits (how far the obvious moves fall short), and the
    max-entropy guess with its loss."""

    variant: str
    turns: tuple[Turn, ...]
    count: int
    least: float
    best: tuple[Code, ...]
    fitting_loss: float
    entropy_pick: Code
    entropy_loss: float
    key: str  # the position's canonical history: equal for puzzles equal up to relabelling
    good: int | None = None  # codes of the variant that solve it (None: not counted, as in rows made before)

    @property
    def estimate(self) -> float:
        """How hard the puzzle looks, on the scale of the "Which code is it?" puzzles' estimate (bits)."""
        share = self.good / variant_named(self.variant).size if self.good else None  # none counted: the median
        return next_guess_estimate(self.count, self.fitting_loss, share)

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (with the estimate, for reading; from_data works it out again)."""
        return {
            "variant": self.variant,
            "turns": [[t.guess, t.answer.bulls, t.answer.cows] for t in self.turns],
            "count": self.count,
            "least": self.least,
            "best": list(self.best),
            "fitting_loss": self.fitting_loss,
            "entropy_pick": self.entropy_pick,
            "entropy_loss": self.entropy_loss,
            "key": self.key,
            "good": self.good,
            "estimate": self.estimate,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> NextGuessPuzzle:
        """The record to_data() wrote (rows written before the good guesses were counted have no "good")."""
        good = data.get("good")
        return cls(
            str(data["variant"]),
            tuple(Turn(str(g), Score(int(b), int(c))) for g, b, c in data["turns"]),
            int(data["count"]),
            float(data["least"]),
            tuple(str(code) for code in data["best"]),
            float(data["fitting_loss"]),
            str(data["entropy_pick"]),
            float(data["entropy_loss"]),
            str(data["key"]),
            None if good is None else int(good),
        )


@dataclass(frozen=True)
class NextGuessGrade:
    """A guess named for a puzzle: how it weighs there, and whether it solves the puzzle (a loss under GOOD_BELOW)."""

    weighed: GuessLoss
    solved: bool


def next_guess_puzzles(
    variant: Variant, rng: random.Random, count: int, budget: int = DEFAULT_BUDGET
) -> list[NextGuessPuzzle]:
    """Up to `count` puzzles from simulated games (one at most per game, none twice up to relabelling); fewer if
    GAMES_PER_PUZZLE * count games do not yield them."""
    out: list[NextGuessPuzzle] = []
    keys: set[str] = set()
    for _ in range(GAMES_PER_PUZZLE * count):
        if len(out) >= count:
            break
        game = human_game(variant, rng, some_player(rng))
        for made in range(1, len(game)):
            puzzle = puzzle_at(variant, game[:made], budget)
            if puzzle is not None and puzzle.key not in keys:
                keys.add(puzzle.key)
                out.append(puzzle)
                break
    return out


def puzzle_at(
    variant: Variant, turns: tuple[Turn, ...] | list[Turn], budget: int = DEFAULT_BUDGET
) -> NextGuessPuzzle | None:
    """The puzzle the position after `turns` makes, or None: too few or too many codes fit, a figure is not exact,
    or some code that fits is good enough."""
    position = position_at(variant, turns)
    if not MIN_CODES <= position.size <= MAX_CODES:
        return None
    weigher = Weigher(variant, budget)
    least = weigher.least(position)
    if not least.exact:
        return None
    n, closest = position.size, float("inf")
    for guess in position.alive.tolist():
        total = weigher.guess_total(position, int(guess))
        loss = (total.value - least.value) / n
        if not total.exact or loss < GOOD_BELOW:
            return None
        closest = min(closest, loss)
    pick = entropy_pick(variant, position)
    picked = weigher.guess_total(position, pick)
    best = best_costs(weigher, position, least)
    if not picked.exact or not best or not all(item.exact for item in best):
        return None
    weigher.begin()
    good = weigher.count_below(position, int(least.value) + good_margin(n))
    return NextGuessPuzzle(
        variant=variant.name,
        turns=tuple(turns),
        count=n,
        least=least.value / n,
        best=tuple(item.guess for item in best),
        fitting_loss=closest,
        entropy_pick=variant.code(pick),
        entropy_loss=(picked.value - least.value) / n,
        key=position_key(canonical_history(variant, turns)[0]),
        good=good,
    )


def good_margin(codes: int) -> int:
    """The fewest guesses over the least total (over `codes` codes) that lose GOOD_BELOW: a guess whose total is
    less than the least plus this solves a puzzle (its loss, computed as the review computes it, is under it)."""
    margin = math.ceil(GOOD_BELOW * codes)
    while margin > 0 and (margin - 1) / codes >= GOOD_BELOW:
        margin -= 1
    while margin / codes < GOOD_BELOW:
        margin += 1
    return margin


def next_guess_estimate(count: int, fitting_loss: float, good_share: float | None) -> float:
    """How hard a best-next-guess puzzle looks, on the "Which code is it?" puzzles' scale (bits): from the codes that
    fit, how much the best of them loses, and the share of the variant's codes that solve it (None: unknown, the
    calibration's median stands in).

    >>> next_guess_estimate(8, 0.25, 2**-2.86)
    21.0
    >>> next_guess_estimate(8, 0.25, 0.01) > next_guess_estimate(8, 0.25, 0.3)
    True
    """
    search = MEDIAN_SEARCH if good_share is None else -math.log2(good_share)
    return round(
        REFERENCE_ESTIMATE
        + SEARCH_WEIGHT * (search - MEDIAN_SEARCH)
        + COUNT_WEIGHT * (math.log2(count) - MEDIAN_LOG2_COUNT)
        - FITTING_WEIGHT * (fitting_loss - MEDIAN_FITTING_LOSS),
        4,
    )


def entropy_pick(variant: Variant, position: Position) -> int:
    """The guess (a code index) that splits the position's codes most evenly, the textbook move (ties to a code that
    fits, then to the first)."""
    pool = canonical_guesses(variant, position.fixed)
    alive = np.asarray(position.alive, dtype=np.intp)
    return int(pool[best_of(variant, neg_entropy, pool, alive, member(pool, alive, variant.size))])


def grade_next_guess(
    variant: Variant, puzzle: NextGuessPuzzle, guess: Code, budget: int = DEFAULT_BUDGET
) -> NextGuessGrade:
    """How `guess` (InvalidCode if it is not a code of the variant) does on the puzzle: its loss and label, the best
    guesses, and whether it solves it."""
    if puzzle.variant != variant.name:
        raise ValueError(f"a {puzzle.variant} puzzle graded as {variant.name}")
    code = variant.parse(guess)
    weigher = Weigher(variant, budget)
    weighed, _parts = weigh_guess(weigher, position_at(variant, puzzle.turns), variant.index(code))
    return NextGuessGrade(weighed, weighed.loss < GOOD_BELOW)
