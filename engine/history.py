"""A game's history (guesses with their answers) and the secrets that still fit it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.scoring import Score, score, scorer_for
from engine.variant import Code, Indices, Variant


class Turn(NamedTuple):
    """One guess and the answer it got."""

    guess: Code
    answer: Score


History = Sequence[Turn]
Pins = Mapping[int, int]  # position -> the symbol known to be there (a digit a hint revealed)


def candidates(variant: Variant, history: History, among: Indices | None = None) -> Indices:
    """Indices of the secrets (of all, or of `among`) that would have given every answer in history.

    >>> from engine.variant import PRESETS
    >>> len(candidates(PRESETS["classic"], [Turn("0123", Score(4, 0))]))
    1
    """
    if among is None and history:
        return _remembered(variant, tuple(history))
    alive = np.arange(variant.size, dtype=np.intp) if among is None else np.asarray(among, np.intp)
    if not history or len(alive) == 0:
        return alive
    return _fitting(variant, history, alive)


def _fitting(variant: Variant, history: History, alive: Indices) -> Indices:
    guesses = np.array([variant.index(turn.guess) for turn in history], dtype=np.intp)
    answers = np.array([turn.answer.id(variant.length) for turn in history], dtype=np.int64)
    return scorer_for(variant).fitting(guesses, answers, alive)


# The candidates of recent histories (read-only), up to this many indices in all: a coached move,
# its engine pick and its outlook ask for the same few positions again and again.
REMEMBERED_INDICES = 2_000_000
_remembered_sets: OrderedDict[tuple[Variant, tuple[Turn, ...]], Indices] = OrderedDict()
_remembered_size = [0]
_remembered_lock = threading.Lock()


def _remembered(variant: Variant, history: tuple[Turn, ...]) -> Indices:
    key = (variant, history)
    with _remembered_lock:
        found = _remembered_sets.get(key)
        if found is not None:
            _remembered_sets.move_to_end(key)
            return found
    alive = _fitting(variant, history, np.arange(variant.size, dtype=np.intp))
    remember(variant, history, alive)
    return alive


def remember(variant: Variant, history: History, alive: Indices) -> None:
    """Keep `alive` (made read-only) as the candidates of `history`, worked out by the caller from the previous
    position's: a coach's review of a move finds those of the next one, which the next move's review asks for."""
    key = (variant, tuple(history))
    alive.setflags(write=False)
    with _remembered_lock:
        if key in _remembered_sets:
            return
        _remembered_sets[key] = alive
        _remembered_size[0] += len(alive)
        while _remembered_size[0] > REMEMBERED_INDICES and len(_remembered_sets) > 1:
            _old, dropped = _remembered_sets.popitem(last=False)
            _remembered_size[0] -= len(dropped)


def fits(secret: Code, history: History) -> bool:
    """Whether this secret would have given every answer in the history."""
    return all(score(secret, turn.guess) == turn.answer for turn in history)


def partition_counts(variant: Variant, guess: Code, among: Indices) -> npt.NDArray[np.int64]:
    """How many of the secrets `among` fall under each feedback id if `guess` is played."""
    row = scorer_for(variant).against(guess, among)
    return np.bincount(row, minlength=variant.feedback_count)


def pinned(variant: Variant, alive: Indices, pins: Pins) -> Indices:
    """The codes of `alive` that have each pinned symbol in its place (all of them when nothing is pinned).

    >>> from engine.variant import PRESETS
    >>> classic = PRESETS["classic"]
    >>> len(pinned(classic, candidates(classic, []), {0: 1}))
    504
    """
    if not pins or len(alive) == 0:
        return alive
    codes = variant.codes[alive]
    keep = np.ones(len(alive), dtype=bool)
    for position, symbol in pins.items():
        keep &= codes[:, position] == symbol
    return np.asarray(alive, np.intp)[keep]
