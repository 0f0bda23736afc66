"""How hard a puzzle is, estimated from its clues alone: how many there are, how much each cuts alone and together,
and how many cases the player must weigh."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.history import Turn
from engine.inverse.masks import Mask, left_without, total_masks
from engine.scoring import scorer_for
from engine.variant import Variant

# Where a new puzzle's rating starts, from its estimate: μ on the puzzle ratings' scale (OpenSkill's, where a new
# player starts at 25), START_MU_AT_REFERENCE at REFERENCE_ESTIMATE bits and START_MU_PER_BIT more for each bit. Fitted
# on where a settled simulated ladder rates puzzles of each estimate (bench/puzzle_bench.py population, its
# "settled_fit"): a ladder spreads its ratings wider than the skills behind them, so a puzzle made today starts among
# the puzzles of its estimate that people's attempts have rated, not nearer the middle.
REFERENCE_ESTIMATE = 21.0
START_MU_AT_REFERENCE = 25.3
START_MU_PER_BIT = 0.8


@dataclass(frozen=True)
class Difficulty:
    """The measures of a puzzle's clues (each tuple in clue order) and the estimate made of them."""

    clues: int
    bits_alone: tuple[float, ...]  # log2(codes / codes that fit this clue alone): what the clue tells by itself
    left_without: tuple[int, ...]  # codes that fit every clue but this one (2 or more: each clue is needed)
    path: tuple[int, ...]  # codes left after 1, 2, ... clues, each time taking the clue that cuts the most
    cases: int  # symbol sets (with their counts) that the clues' bulls + cows totals leave: cases to weigh
    estimate: float  # the combined estimate: the bits still unknown before each step of `path`, summed


def difficulty_of(variant: Variant, clues: Sequence[Turn], fit: Mask) -> Difficulty:
    """The difficulty measures of clues that leave exactly one code, given which codes fit each (`fit_masks`)."""
    size = variant.size
    alone = fit.sum(axis=1, dtype=np.int64)
    bits_alone = tuple(round(math.log2(size / int(n)), 4) for n in alone)
    path = _greedy_path(fit)
    steps = [size, *path[:-1]]
    estimate = sum(math.log2(n) for n in steps)
    return Difficulty(
        clues=len(fit),
        bits_alone=bits_alone,
        left_without=left_without(fit),
        path=path,
        cases=_cases(variant, clues),
        estimate=round(estimate, 4),
    )


def _greedy_path(fit: Mask) -> tuple[int, ...]:
    """Codes left after each clue, taking at each step the unused clue that leaves the fewest."""
    alive = np.ones(fit.shape[1], dtype=np.bool_)
    unused = list(range(len(fit)))
    path: list[int] = []
    while unused:
        counts = [int(np.count_nonzero(alive & fit[i])) for i in unused]
        best = int(np.argmin(counts))
        alive &= fit[unused.pop(best)]
        path.append(counts[best])
    return tuple(path)


def _cases(variant: Variant, clues: Sequence[Turn]) -> int:
    """How many symbol sets (a symbol's count in the code included) fit every clue's bulls + cows total."""
    together = np.logical_and.reduce(total_masks(variant, clues), axis=0)
    return len(np.unique(scorer_for(variant).counts[together]))


def start_mu(estimate: float) -> float:
    """Where a new puzzle's rating (μ) starts, from its difficulty estimate (bits, of either kind of puzzle).

    >>> start_mu(REFERENCE_ESTIMATE) == START_MU_AT_REFERENCE
    True
    """
    return START_MU_AT_REFERENCE + START_MU_PER_BIT * (estimate - REFERENCE_ESTIMATE)
