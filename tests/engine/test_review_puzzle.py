"""Best-next-guess puzzles: made from simulated games, each checked by brute force on a small variant, graded by
the loss of the guess named."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine.review.game import position_review
from engine.review.labels import GOOD_BELOW, Label
from engine.review.measure import Weigher, position_at
from engine.review.puzzle import (
    MAX_CODES,
    MIN_CODES,
    REFERENCE_ESTIMATE,
    NextGuessPuzzle,
    good_margin,
    grade_next_guess,
    next_guess_estimate,
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
        good = [code for code in BRUTE.codes if (BRUTE.guess_total(secrets, code) - least) / n < GOOD_BELOW]
        assert puzzle.good == len(good)  # every code of the variant that solves it, counted


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


@pytest.mark.parametrize("codes", range(1, 200))
def test_the_good_margin_is_the_first_total_the_review_labels_short_of_good(codes: int) -> None:
    margin = good_margin(codes)
    assert margin / codes >= GOOD_BELOW
    assert (margin - 1) / codes < GOOD_BELOW


def test_rarer_good_guesses_more_codes_and_a_closer_trap_make_a_harder_puzzle() -> None:
    middle = next_guess_estimate(8, 0.25, 2**-2.86)
    assert middle == pytest.approx(REFERENCE_ESTIMATE, abs=1e-3)
    assert next_guess_estimate(8, 0.25, 0.01) > middle > next_guess_estimate(8, 0.25, 0.5)
    assert next_guess_estimate(30, 0.25, 2**-2.86) > middle > next_guess_estimate(4, 0.25, 2**-2.86)
    assert next_guess_estimate(8, 0.2, 2**-2.86) > middle > next_guess_estimate(8, 0.5, 2**-2.86)
    assert next_guess_estimate(8, 0.25, None) == middle  # a row without the count: the median stands in


def test_a_puzzle_has_an_estimate_of_its_own() -> None:
    classic = PRESETS["classic"]
    puzzles = next_guess_puzzles(classic, random.Random(5), 6)
    for puzzle in puzzles:
        assert puzzle.good is not None
        assert 0 < puzzle.good < classic.size
        assert puzzle.estimate == next_guess_estimate(puzzle.count, puzzle.fitting_loss, puzzle.good / classic.size)
    assert len({p.estimate for p in puzzles}) > 1


def test_a_row_stored_before_the_estimate_reads_back_with_one() -> None:
    puzzle = next_guess_puzzles(PRESETS["mastermind"], random.Random(2), 1)[0]
    old = {k: v for k, v in puzzle.to_data().items() if k not in ("good", "estimate")}
    read = NextGuessPuzzle.from_data(old)
    assert read.good is None
    assert read.estimate == next_guess_estimate(puzzle.count, puzzle.fitting_loss, None)
    assert read == dataclasses.replace(puzzle, good=None)
    assert puzzle.to_data()["estimate"] == puzzle.estimate


def test_good_guesses_the_budget_cannot_count_are_unknown_not_guessed() -> None:
    classic = PRESETS["classic"]
    puzzle = next(p for p in next_guess_puzzles(classic, random.Random(5), 6) if p.count > 15)
    position = position_at(classic, puzzle.turns)
    limit = round(puzzle.least * puzzle.count) + good_margin(puzzle.count)
    assert Weigher(classic, budget=1).count_below(position, limit) is None
    assert Weigher(classic).count_below(position, limit) == puzzle.good
