"""Which codes of a variant fit each clue of a puzzle: one row of booleans a clue, over every code, from which
the generator, the difficulty and the checks all count."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.history import Turn
from engine.scoring import scorer_for
from engine.variant import Variant

Mask = npt.NDArray[np.bool_]  # shape (clues, codes) or (codes,): whether each code fits


class ClueMasks(NamedTuple):
    """For every clue (row) and every code of the variant (column): `fit`, the code would have scored the clue's
    answer; `total`, its bulls + cows would have been the answer's (the symbols are right, whatever their places)."""

    fit: Mask
    total: Mask


def clue_masks(variant: Variant, clues: Sequence[Turn]) -> ClueMasks:
    """The codes that fit each clue, and those whose bulls + cows fit it, as (clues, codes) boolean rows.

    >>> from engine.scoring import Score
    >>> from engine.variant import Variant
    >>> masks = clue_masks(Variant(3, 6), [Turn("012", Score(3, 0))])
    >>> int(masks.fit.sum()), int(masks.total.sum())
    (1, 6)
    """
    scorer = scorer_for(variant)
    length = variant.length
    totals = _total_of_id(length)
    fit = np.empty((len(clues), variant.size), dtype=np.bool_)
    total = np.empty_like(fit)
    for row, clue in enumerate(clues):
        ids = scorer.against(clue.guess)
        fit[row] = ids == clue.answer.id(length)
        total[row] = totals[ids] == clue.answer.bulls + clue.answer.cows
    return ClueMasks(fit, total)


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
