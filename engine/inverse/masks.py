"""Which codes of a variant fit each clue of a puzzle: one row of booleans a clue, over every code, from which
the generator and the difficulty count."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from engine.history import Turn
from engine.scoring import scorer_for
from engine.variant import Variant

Mask = npt.NDArray[np.bool_]  # shape (clues, codes) or (codes,): whether each code fits


def fit_masks(variant: Variant, clues: Sequence[Turn]) -> Mask:
    """(clues, codes): whether each code of the variant would have scored each clue's answer.

    >>> from engine.scoring import Score
    >>> from engine.variant import Variant
    >>> int(fit_masks(Variant(3, 6), [Turn("012", Score(3, 0))]).sum())
    1
    """
    scorer = scorer_for(variant)
    fit = np.empty((len(clues), variant.size), dtype=np.bool_)
    for row, clue in enumerate(clues):
        fit[row] = scorer.against(clue.guess) == clue.answer.id(variant.length)
    return fit


def total_masks(variant: Variant, clues: Sequence[Turn]) -> Mask:
    """(clues, codes): whether each code's bulls + cows would have been each clue's (its symbols are right, whatever
    their places).

    >>> from engine.scoring import Score
    >>> from engine.variant import Variant
    >>> int(total_masks(Variant(3, 6), [Turn("012", Score(3, 0))]).sum())
    6
    """
    scorer = scorer_for(variant)
    totals = _total_of_id(variant.length)
    total = np.empty((len(clues), variant.size), dtype=np.bool_)
    for row, clue in enumerate(clues):
        total[row] = totals[scorer.against(clue.guess)] == clue.answer.bulls + clue.answer.cows
    return total


@lru_cache(maxsize=8)
def _total_of_id(length: int) -> npt.NDArray[np.int8]:
    """Bulls + cows of every feedback id of a code length (ids are bulls * (length + 1) + cows)."""
    ids = np.arange((length + 1) ** 2)
    totals = (ids // (length + 1) + ids % (length + 1)).astype(np.int8)
    totals.setflags(write=False)
    return totals


def breaks(fit: Mask) -> npt.NDArray[np.int64]:
    """How many of the clues (rows of `fit`) each code breaks."""
    return len(fit) - fit.sum(axis=0, dtype=np.int64)


def left_without(fit: Mask) -> tuple[int, ...]:
    """For each clue, how many codes fit every other clue (those that fit all, and those that break it alone)."""
    broken = breaks(fit)
    fitting_all = int(np.count_nonzero(broken == 0))
    alone = broken == 1
    return tuple(fitting_all + int(np.count_nonzero(alone & ~row)) for row in fit)
