"""Grading an answer and the difficulty measures, each against the independent brute force (tests/engine/brute.py)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.history import Turn
from engine.inverse import Puzzle, checked, grade, puzzle_for_seed
from engine.scoring import Score
from engine.variant import InvalidCode, Variant, variant_named
from tests.engine.brute import every_code, fit_rows, score_pair, scores_against

SMALL = [variant_named(name) for name in ("3d6", "3d10", "3r6", "3r10z", "mastermind", "classic", "nozero", "4d8z")]
TINY = checked(Variant(3, 6), [Turn("105", Score(1, 0)), Turn("412", Score(1, 2))], "142")


def test_the_solution_is_right() -> None:
    verdict = grade(TINY, "142")
    assert (verdict.answer, verdict.solved, verdict.broken, verdict.near) == ("142", True, (), False)


def test_a_wrong_answer_names_each_clue_it_breaks_and_what_it_would_have_scored() -> None:
    verdict = grade(TINY, "241")
    assert not verdict.solved
    assert [(b.clue, b.guess, b.shown, b.would_score) for b in verdict.broken] == [
        (0, "105", Score(1, 0), Score(0, 1)),
        (1, "412", Score(1, 2), Score(0, 3)),
    ]
    assert not verdict.near


def test_an_answer_that_breaks_one_clue_is_a_near_miss() -> None:
    verdict = grade(TINY, "132")
    assert verdict.near
    assert verdict.broken[0].clue == 1


@pytest.mark.parametrize(("text", "key"), [("", "empty"), ("14", "wrong_length"), ("1x2", "not_digit"),
                                            ("147", "out_of_range"), ("114", "repeated")])  # fmt: skip
def test_an_answer_that_is_not_a_code_is_refused_with_the_reason(text: str, key: str) -> None:
    with pytest.raises(InvalidCode) as refused:
        grade(TINY, text)
    assert refused.value.key == key


def test_an_answer_is_read_as_the_variant_reads_codes() -> None:
    assert grade(TINY, " 1 4 2 ").solved


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SMALL), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_the_grade_agrees_with_the_brute_force(variant: Variant, seed: int, rng: random.Random) -> None:
    puzzle = puzzle_for_seed(variant, seed)
    texts = every_code(variant).texts
    for answer in [puzzle.solution, *(texts[rng.randrange(len(texts))] for _ in range(20))]:
        verdict = grade(puzzle, answer)
        expected = [
            (i, clue.guess, tuple(clue.answer), score_pair(answer, clue.guess))
            for i, clue in enumerate(puzzle.clues)
            if score_pair(answer, clue.guess) != tuple(clue.answer)
        ]
        assert [(b.clue, b.guess, tuple(b.shown), tuple(b.would_score)) for b in verdict.broken] == expected
        assert verdict.solved == (answer == puzzle.solution) == (not expected)


# --- the difficulty ------------------------------------------------------------------------------------------------


def brute_difficulty(puzzle: Puzzle) -> dict[str, object]:
    """Each measure of Difficulty, counted by the brute force."""
    codes = every_code(puzzle.variant)
    rows = [(c.guess, c.answer.bulls, c.answer.cows) for c in puzzle.clues]
    fit = fit_rows(codes, rows)
    size = len(codes.texts)
    alive = np.ones(size, dtype=bool)
    unused, path = list(range(len(rows))), []
    while unused:  # the clue that leaves the fewest, the first of equals
        left = [int((alive & fit[i]).sum()) for i in unused]
        alive &= fit[unused.pop(left.index(min(left)))]
        path.append(min(left))
    totals = np.ones(size, dtype=bool)
    for guess, bulls, cows in rows:
        b, c = scores_against(codes, guess)
        totals &= b + c == bulls + cows
    cases = {tuple(sorted(codes.texts[i])) for i in np.flatnonzero(totals)}
    return {
        "bits_alone": [math.log2(size / int(row.sum())) for row in fit],
        "left_without": [int(np.delete(fit, i, axis=0).all(axis=0).sum()) for i in range(len(rows))],
        "path": path,
        "cases": len(cases),
        "estimate": sum(math.log2(n) for n in [size, *path[:-1]]),
    }


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SMALL), st.integers(0, 2**32))
def test_the_difficulty_measures_agree_with_the_brute_force(variant: Variant, seed: int) -> None:
    puzzle = puzzle_for_seed(variant, seed)
    found, expected = puzzle.difficulty, brute_difficulty(puzzle)
    assert found.clues == len(puzzle.clues)
    assert found.bits_alone == pytest.approx(expected["bits_alone"], abs=1e-4)
    assert list(found.left_without) == expected["left_without"]
    assert list(found.path) == expected["path"]
    assert found.cases == expected["cases"]
    assert found.estimate == pytest.approx(expected["estimate"], abs=1e-3)
    assert min(found.left_without) >= 2
    assert found.path[-1] == 1


def test_a_known_puzzle_has_known_measures() -> None:
    # Of the 120 codes of 3d6, 18 fit 105 → 1🐂 0🐄 (which of the three is in place, then two of 2, 3, 4 in the
    # other places: 3 × 3 × 2) and 3 fit 412 → 1🐂 2🐄 (4, 1, 2 with exactly one in place); 142 fits both.
    measures = TINY.difficulty
    assert measures.path == (3, 1)
    assert measures.left_without == (3, 18)
    assert measures.bits_alone == pytest.approx((math.log2(120 / 18), math.log2(120 / 3)), abs=1e-4)
    assert measures.cases == 1
    assert measures.estimate == pytest.approx(math.log2(120) + math.log2(3), abs=1e-3)
