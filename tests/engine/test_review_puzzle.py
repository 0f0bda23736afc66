"""Best-next-guess puzzles: made from simulated games, each checked by brute force on a small variant, graded by
the loss of the guess named."""

from __future__ import annotations

import json
import random

import pytest

from engine.review.game import position_review
from engine.review.labels import GOOD_BELOW, Label
from engine.review.puzzle import (
    MAX_CODES,
    MIN_CODES,
    NextGuessPuzzle,
    grade_next_guess,
    next_guess_puzzles,
)
from engine.variant import PRESETS, InvalidCode, Variant
from tests.engine.review_brute import BruteForce
from tests.machine import needs_solver_core

SMALL = Variant(3, 6, repeats=True)
BRUTE = BruteForce(SMALL)


@needs_solver_core
def test_small_puzzles_are_what_the_brute_force_says() -> None:
    puzzles = next_guess_puzzles(SMALL, random.Random(3), 6)
    assert len(puzzles) == 6
    for puzzle in puzzles:
        secrets = BRUTE.fitting([(t.guess, tuple(t.answer)) for t in puzzle.turns])
        n, least = len(secrets), BRUTE.total(secrets)
        assert puzzle.count == n
        assert MIN_CODES <= n <= MAX_CODES
        assert puzzle.least == pytest.approx(least / n, abs=1e-12)
        fitting_losses = [(BRUTE.guess_total(secrets, code) - least) / n for code in secrets]
        assert min(fitting_losses) >= GOOD_BELOW  # no code that fits solves it
        assert puzzle.fitting_loss == pytest.approx(min(fitting_losses), abs=1e-12)
        for code in puzzle.best:
            assert BRUTE.guess_total(secrets, code) == least
        assert puzzle.entropy_loss == pytest.approx((BRUTE.guess_total(secrets, puzzle.entropy_pick) - least) / n)


def test_the_generator_is_seeded() -> None:
    classic = PRESETS["classic"]
    assert next_guess_puzzles(classic, random.Random(5), 3) == next_guess_puzzles(classic, random.Random(5), 3)
    assert len({p.key for p in next_guess_puzzles(classic, random.Random(6), 8)}) == 8  # none twice


def test_a_best_guess_solves_a_puzzle_and_a_code_that_fits_does_not() -> None:
    classic = PRESETS["classic"]
    for puzzle in next_guess_puzzles(classic, random.Random(11), 4):
        best = grade_next_guess(classic, puzzle, puzzle.best[0])
        assert best.solved
        assert best.weighed.loss == 0
        assert best.weighed.label is Label.BEST
        fitting = position_review(classic, puzzle.turns, page_size=1).codes[0]
        graded = grade_next_guess(classic, puzzle, fitting)
        assert not graded.solved
        assert graded.weighed.loss >= GOOD_BELOW
        assert graded.weighed.best[0].guess in puzzle.best


def test_a_puzzle_reads_back_from_json() -> None:
    puzzle = next_guess_puzzles(PRESETS["mastermind"], random.Random(2), 1)[0]
    assert NextGuessPuzzle.from_data(json.loads(json.dumps(puzzle.to_data()))) == puzzle


def test_a_puzzle_refuses_another_variant_and_a_bad_code() -> None:
    puzzle = next_guess_puzzles(PRESETS["mastermind"], random.Random(2), 1)[0]
    with pytest.raises(ValueError, match="a mastermind puzzle graded as classic"):
        grade_next_guess(PRESETS["classic"], puzzle, "0123")
    with pytest.raises(InvalidCode):
        grade_next_guess(PRESETS["mastermind"], puzzle, "0789")
