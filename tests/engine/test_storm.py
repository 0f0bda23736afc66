"""Puzzle Storm's stock: Storm-ready puzzles, tiers by difficulty, and runs that only get harder."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.inverse import puzzle_for_seed
from engine.inverse.storm import STORM_MAX_CLUES, storm_ready, storm_sequence, storm_tiers
from engine.variant import variant_named

CLASSIC = variant_named("classic")


def test_a_storm_puzzle_has_few_clues() -> None:
    puzzles = [puzzle_for_seed(CLASSIC, seed) for seed in range(40)]
    ready = [p for p in puzzles if storm_ready(p.difficulty)]
    assert ready
    assert len(ready) < len(puzzles)  # some have 5 or 6 clues
    assert all(p.difficulty.clues <= STORM_MAX_CLUES for p in ready)


def test_tiers_are_cut_by_difficulty_easiest_first() -> None:
    stock = [("hard", 30.0), ("easy", 15.0), ("middle", 21.0), ("easier", 14.0), ("harder", 33.0)]
    assert storm_tiers(stock, 3) == [["easier", "easy"], ["middle", "hard"], ["harder"]]


def test_a_run_climbs_through_the_tiers() -> None:
    tiers = [[f"t{t}p{p}" for p in range(10)] for t in range(5)]
    run = storm_sequence(tiers, random.Random(3), 20)
    assert [int(item[1]) for item in run] == [t for t in range(5) for _ in range(4)]
    assert len(set(run)) == 20


def test_a_short_tier_is_made_up_from_its_neighbours_and_a_short_stock_gives_a_short_run() -> None:
    run = storm_sequence([["a1", "a2", "a3"], [], ["c1", "c2", "c3"]], random.Random(0), 6)
    assert sorted(run) == ["a1", "a2", "a3", "c1", "c2", "c3"]
    assert [item[0] for item in run] == ["a", "a", "a", "c", "c", "c"]
    assert storm_sequence([["a"], ["b"]], random.Random(0), 10) == ["a", "b"]
    assert storm_sequence([], random.Random(0), 10) == []


def test_the_same_seed_draws_the_same_run() -> None:
    tiers = [list(range(t * 100, t * 100 + 50)) for t in range(6)]
    assert storm_sequence(tiers, random.Random(9), 30) == storm_sequence(tiers, random.Random(9), 30)
    assert storm_sequence(tiers, random.Random(9), 30) != storm_sequence(tiers, random.Random(10), 30)


def test_no_tier_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one tier"):
        storm_tiers([("a", 1.0)], 0)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 8), min_size=0, max_size=7),
    st.integers(0, 40),
    st.integers(0, 2**32),
)
def test_a_run_never_repeats_never_gets_easier_and_is_as_long_as_the_stock_allows(
    sizes: list[int], length: int, seed: int
) -> None:
    tiers = [[(t, p) for p in range(n)] for t, n in enumerate(sizes)]
    run = storm_sequence(tiers, random.Random(seed), length)
    assert len(run) == min(length, sum(sizes))
    assert len(set(run)) == len(run)
    assert run == sorted(run)  # by tier, then in the tier's order


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(0, 60, allow_nan=False), max_size=50), st.integers(1, 8))
def test_tiers_hold_every_puzzle_once_in_order_of_difficulty(difficulties: list[float], tiers: int) -> None:
    stock = list(enumerate(difficulties))
    cut = storm_tiers([(i, d) for i, d in stock], tiers)
    assert len(cut) == tiers
    assert sorted(i for tier in cut for i in tier) == list(range(len(stock)))
    assert max(map(len, cut)) - min(map(len, cut)) <= 1
    flat = [difficulties[i] for tier in cut for i in tier]
    assert flat == sorted(flat)


def test_real_stock_makes_a_run_of_rising_estimates() -> None:
    puzzles = [puzzle_for_seed(CLASSIC, seed) for seed in range(120)]
    stock = [(p, p.difficulty.estimate) for p in puzzles if storm_ready(p.difficulty)]
    tiers = storm_tiers(stock)
    run = storm_sequence(tiers, random.Random(1), 30)
    estimates = [p.difficulty.estimate for p in run]
    assert estimates == sorted(estimates)
    assert estimates[0] < estimates[-1]
