"""The "Which code is it?" puzzles: made with exactly one solution, every clue needed, clues that look played, and
checked against an independent brute force (tests/engine/brute.py); their data, read back and refused when wrong."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.history import Turn
from engine.inverse import InvalidPuzzle, Puzzle, checked, make_puzzle, puzzle_for_seed, solutions
from engine.inverse.difficulty import REFERENCE_ESTIMATE, START_MU_AT_REFERENCE, START_MU_PER_BIT, start_mu
from engine.scoring import Score
from engine.variant import Variant, variant_named
from tests.engine.brute import every_code, fit_rows

CLASSIC = variant_named("classic")
SMALL = [variant_named(name) for name in ("3d6", "3d10", "3r6", "3r10z", "mastermind", "classic", "nozero", "4d8z")]


def as_rows(puzzle: Puzzle) -> list[tuple[str, int, int]]:
    return [(clue.guess, clue.answer.bulls, clue.answer.cows) for clue in puzzle.clues]


def brute_check(puzzle: Puzzle) -> None:
    """The brute force finds the solution alone fitting every clue, and more than one code for every clue dropped."""
    codes = every_code(puzzle.variant)
    fit = fit_rows(codes, as_rows(puzzle))
    together = np.flatnonzero(fit.all(axis=0))
    assert [codes.texts[i] for i in together] == [puzzle.solution]
    broken = (~fit).sum(axis=0)
    for clue in range(len(fit)):
        assert np.count_nonzero((broken == 1) & ~fit[clue]) >= 1, f"clue {clue} of {puzzle} is not needed"


def test_a_seed_makes_the_same_puzzle_every_time() -> None:
    assert puzzle_for_seed(CLASSIC, 7) == puzzle_for_seed(CLASSIC, 7)
    assert puzzle_for_seed(CLASSIC, 7) != puzzle_for_seed(CLASSIC, 8)
    assert puzzle_for_seed(CLASSIC, 7).seed == 7
    assert make_puzzle(CLASSIC, random.Random(7)).seed is None


def test_a_known_seed_makes_a_known_puzzle() -> None:
    # the generator's output for one seed, pinned: a change to what a seed makes must bump GENERATOR_VERSION
    puzzle = puzzle_for_seed(CLASSIC, 1)
    assert puzzle.solution == "2173"
    assert as_rows(puzzle) == [("1038", 0, 2), ("8359", 0, 1), ("6812", 0, 2), ("3124", 1, 2), ("3641", 0, 2)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SMALL), st.integers(0, 2**32))
def test_every_puzzle_has_one_solution_and_needs_every_clue(variant: Variant, seed: int) -> None:
    puzzle = puzzle_for_seed(variant, seed)
    brute_check(puzzle)
    assert len(puzzle.clues) >= 2
    assert [variant.code(int(i)) for i in solutions(variant, puzzle.clues)] == [puzzle.solution]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SMALL), st.integers(0, 2**32))
def test_clues_look_like_a_game(variant: Variant, seed: int) -> None:
    puzzle = puzzle_for_seed(variant, seed)
    guesses = [clue.guess for clue in puzzle.clues]
    assert len(set(guesses)) == len(guesses)
    assert puzzle.solution not in guesses
    assert all(clue.answer.bulls < variant.length for clue in puzzle.clues)
    assert all(len(set(guess)) * 2 >= variant.length for guess in guesses)


@pytest.mark.parametrize("length", [3, 4, 5, 6])
@pytest.mark.parametrize("repeats", [False, True])
@pytest.mark.parametrize("leading_zero", [True, False])
def test_every_length_with_or_without_repeats_and_a_leading_zero_makes_puzzles(
    length: int, repeats: bool, leading_zero: bool
) -> None:
    variant = Variant(length, 6, repeats=repeats, leading_zero=leading_zero)
    for seed in range(3):
        brute_check(puzzle_for_seed(variant, seed))


@pytest.mark.parametrize("name", ["5d10", "5r10z", "6d10"])
def test_bigger_variants_make_puzzles_with_one_solution(name: str) -> None:
    variant = variant_named(name)
    puzzle = puzzle_for_seed(variant, 3)
    brute_check(puzzle)


def test_a_puzzle_reads_back_from_its_json() -> None:
    puzzle = puzzle_for_seed(CLASSIC, 11)
    data = json.loads(json.dumps(puzzle.as_dict()))
    assert data["variant"] == "classic"
    assert data["clues"] == [list(row) for row in as_rows(puzzle)]
    assert Puzzle.from_dict(data) == puzzle


def test_a_puzzle_the_bot_stored_reads_back_without_the_recheck() -> None:
    puzzle = puzzle_for_seed(variant_named("6d10"), 4)
    data = json.loads(json.dumps(puzzle.as_dict()))
    assert Puzzle.from_dict(data, recheck=False) == puzzle


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["difficulty"].update(clues=99),
        lambda d: d["difficulty"]["path"].pop(),
        lambda d: d["difficulty"].update(cases="1"),
        lambda d: d["difficulty"].update(left_without=[1.5, 2, 2, 2, 2]),
        lambda d: d["difficulty"].pop("estimate"),
        lambda d: d["difficulty"].update(estimate="hard"),
        lambda d: d.update(difficulty=None),
        lambda d: d["clues"].__setitem__(0, ["1038", 3, 1]),
    ],
)
def test_stored_data_of_the_wrong_form_is_refused_even_without_the_recheck(change: Any) -> None:
    with pytest.raises(InvalidPuzzle):
        Puzzle.from_dict(_tampered(change), recheck=False)


def test_what_a_player_is_sent_holds_neither_the_solution_nor_the_seed() -> None:
    puzzle = puzzle_for_seed(CLASSIC, 11)
    public = puzzle.as_public_dict()
    assert public == {"variant": "classic", "clues": [list(row) for row in as_rows(puzzle)]}
    assert puzzle.solution not in json.dumps(public)


def _tampered(change: Any) -> dict[str, Any]:
    data = puzzle_for_seed(CLASSIC, 1).as_dict()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(solution="0123"),  # another code: not the one that fits
        lambda d: d.update(solution="01234"),
        lambda d: d.update(variant="chess"),
        lambda d: d.update(variant="mastermind"),  # 2173 is not a code of it
        lambda d: d["clues"].pop(),  # more than one code fits
        lambda d: d["clues"].append(["2710", 1, 2]),  # true of 2173, but the others make it needless
        lambda d: d["clues"].__setitem__(0, ["1038", 0, 3]),  # no code fits
        lambda d: d["clues"].__setitem__(0, ["1038", 3, 1]),  # no guess scores 3 bulls and a cow
        lambda d: d["clues"].__setitem__(0, ["1038", True, 2]),
        lambda d: d["clues"].__setitem__(0, ["1038", 0]),
        lambda d: d["clues"].__setitem__(0, "1038 0 2"),
        lambda d: d["clues"].__setitem__(0, ["1138", 0, 2]),
        lambda d: d.update(clues="1038"),
        lambda d: d.update(clues=[]),
        lambda d: d.update(clues=[["1038", 0, 2]] * 65),
        lambda d: d.update(seed="7"),
        lambda d: d.pop("solution"),
    ],
)
def test_wrong_puzzle_data_is_refused(change: Any) -> None:
    with pytest.raises(InvalidPuzzle):
        Puzzle.from_dict(_tampered(change))


def test_checked_refuses_clues_that_leave_another_code() -> None:
    clues = [Turn("105", Score(1, 0)), Turn("412", Score(1, 2))]
    assert checked(Variant(3, 6), clues, "142").solution == "142"
    with pytest.raises(InvalidPuzzle):
        checked(Variant(3, 6), clues[:1], "142")
    with pytest.raises(InvalidPuzzle):
        checked(Variant(3, 6), clues, "412")


def test_a_new_puzzle_starts_higher_the_more_bits_it_hides() -> None:
    assert start_mu(REFERENCE_ESTIMATE) == START_MU_AT_REFERENCE
    assert start_mu(REFERENCE_ESTIMATE + 10) == pytest.approx(START_MU_AT_REFERENCE + 10 * START_MU_PER_BIT)
    easy, middle, hard = (start_mu(e) for e in (14.9, 20.9, 32.6))  # classic's 5th, 50th, 95th percentiles
    assert easy < 25 - 3 < middle < 25 + 1 < hard - 8  # the easiest well below a new player's μ, the hardest far above
