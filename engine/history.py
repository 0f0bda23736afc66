"""A game's history (guesses with their answers) and the secrets that still fit it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.scoring import Score, score, scorer_for
from engine.variant import Code, Variant

Indices = npt.NDArray[np.intp]  # positions in variant.codes


class Turn(NamedTuple):
    """One guess and the answer it got."""

    guess: Code
    answer: Score


History = Sequence[Turn]


def candidates(variant: Variant, history: History, among: Indices | None = None) -> Indices:
    """Indices of the secrets (of all, or of `among`) that would have given every answer in history.

    >>> from engine.variant import PRESETS
    >>> len(candidates(PRESETS["classic"], [Turn("0123", Score(4, 0))]))
    1
    """
    alive = np.arange(variant.size, dtype=np.intp) if among is None else np.asarray(among, np.intp)
    if not history or len(alive) == 0:
        return alive
    guesses = np.array([variant.index(turn.guess) for turn in history], dtype=np.intp)
    answers = np.array([turn.answer.id(variant.length) for turn in history], dtype=np.int64)
    return scorer_for(variant).fitting(guesses, answers, alive)


def fits(secret: Code, history: History) -> bool:
    """Whether this secret would have given every answer in the history."""
    return all(score(secret, turn.guess) == turn.answer for turn in history)


def partition_counts(variant: Variant, guess: Code, among: Indices) -> npt.NDArray[np.int64]:
    """How many of the secrets `among` fall under each feedback id if `guess` is played."""
    row = scorer_for(variant).against(guess, among)
    return np.bincount(row, minlength=variant.feedback_count)
