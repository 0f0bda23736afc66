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
