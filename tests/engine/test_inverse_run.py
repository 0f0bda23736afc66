"""The 10,000-puzzle run: every puzzle the generator makes from seeds 0–9,999 (of classic, nozero and mastermind)
has exactly one solution and needs every clue, each counted by the independent brute force (tests/engine/brute.py).
About 16 s of CPU on this machine (30 s at a load of 5 on its 2 cores), hence `slow`."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from engine.inverse import puzzle_for_seed
from engine.variant import variant_named
from tests.engine.brute import score_table

RUN = (("classic", 6000), ("nozero", 2000), ("mastermind", 2000))


@pytest.mark.slow
def test_ten_thousand_puzzles_each_have_one_solution_and_need_every_clue() -> None:
    checked, clue_counts = 0, Counter[int]()
    seed = 0
    for name, count in RUN:
        variant = variant_named(name)
        brute = score_table(variant)
        for _ in range(count):
            puzzle = puzzle_for_seed(variant, seed)
            seed += 1
            fit = brute.fit_rows([(c.guess, c.answer.bulls, c.answer.cows) for c in puzzle.clues])
            broken = len(fit) - fit.sum(axis=0)
            solved_by = np.flatnonzero(broken == 0)
            assert [brute.codes.texts[i] for i in solved_by] == [puzzle.solution], puzzle
            alone = broken == 1  # codes that break one clue: dropping that clue would let them in
            needed = [bool(np.any(alone & ~row)) for row in fit]
            assert all(needed), puzzle
            clue_counts[len(puzzle.clues)] += 1
            checked += 1
    assert checked == 10_000
    assert min(clue_counts) >= 2
