"""Why a guess is good, in terms a player can check: the parts its answers split the codes that still fit into.

A guess splits the codes that fit (a position) by the score each would give it. The player reads that split as a few
numbers: the largest part (the most codes an answer can leave: the worst case), the average size of the part the
code is in (Σ|part|² / n, each code equally likely: the expected size), whether every code gets its own score (the
next guess is the code), and whether the guess can win now (it is one of the codes). "4659 gives each of the 8 codes
left its own score: you know the code next turn"; "5678 could leave up to 132 codes, 72 on average; 2045 never more
than 70, 40 on average". The win counts as a part of one code, as the guess itself, so a guess that tells every code
apart averages exactly 1.

Every figure comes from one pass of the kernels over the codes (`engine.splits`), several guesses at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.scoring import Score
from engine.splits import splitter_for
from engine.variant import Code, Variant


@dataclass(frozen=True)
class Part:
    """The codes that would give a guess one score: the score, how many codes, and whether it is the win."""

    score: Score
    size: int
    win: bool


@dataclass(frozen=True)
class Partition:
    """How a guess splits the codes that fit: its parts, largest first (ties: more bulls, then more cows first), and
    what a player reads from them."""

    guess: Code
    codes: int  # the codes that fit, before the guess
    parts: tuple[Part, ...]
    can_win: bool  # the guess is one of the codes: one answer wins now
    worst: int  # the largest part: the most codes an answer can leave
    expected: float  # Σ|part|² / codes: the expected size of the part the code is in
    identifies: bool  # every code gets its own score: the code is known after this guess
    tells_nothing: bool  # every code gives the same score, and it is not the win: the guess is wasted
    bits: float  # the entropy of the answer: what the guess is expected to tell

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (JSON-ready): the parts as [bulls, cows, size]."""
        return {
            "guess": self.guess,
            "codes": self.codes,
            "parts": [[p.score.bulls, p.score.cows, p.size] for p in self.parts],
            "can_win": self.can_win,
            "worst": self.worst,
            "expected": self.expected,
            "identifies": self.identifies,
            "tells_nothing": self.tells_nothing,
            "bits": self.bits,
        }


@dataclass(frozen=True)
class Comparison:
    """Two guesses at one position, like with like: each one's partition, and which is better on the worst case, on
    average, and on both (None where they are equal, or where each is better on one)."""

    first: Partition
    second: Partition
    lower_worst: Code | None
    lower_expected: Code | None
    better: Code | None  # better on one measure and no worse on the other


def partition(variant: Variant, alive: npt.ArrayLike, guess: Code) -> Partition:
    """How `guess` splits the codes `alive` (code indices, as `engine.history.candidates` gives them).

    >>> from engine.variant import PRESETS
    >>> classic = PRESETS["classic"]
    >>> two = [classic.index("0123"), classic.index("0132")]
    >>> partition(classic, two, "0123").identifies
    True
    >>> partition(classic, two, "4567").tells_nothing
    True
    """
    return partitions(variant, alive, [guess])[0]


def partitions(variant: Variant, alive: npt.ArrayLike, guesses: Sequence[Code]) -> tuple[Partition, ...]:
    """How each guess splits the codes `alive`, in the order given: one pass of the kernels for them all."""
    secrets = _sorted_set(np.asarray(alive, dtype=np.intp))
    if len(secrets) == 0:
        raise ValueError("no code fits: a partition needs at least one")
    if secrets[0] < 0 or secrets[-1] >= variant.size:
        raise ValueError(f"a code index out of {variant.name}'s range")
    indices = np.array([variant.index(code) for code in guesses], dtype=np.intp)
    counts = splitter_for(variant).counts(indices, secrets)
    at = np.minimum(np.searchsorted(secrets, indices), len(secrets) - 1)
    member = secrets[at] == indices
    return tuple(
        _partition(variant, code, row, bool(wins)) for code, row, wins in zip(guesses, counts, member, strict=True)
    )


def compared(variant: Variant, alive: npt.ArrayLike, first: Code, second: Code) -> Comparison:
    """Two guesses at the position `alive`, side by side.

    >>> from engine.history import candidates
    >>> from engine.variant import PRESETS
    >>> classic = PRESETS["classic"]
    >>> compared(classic, candidates(classic, []), "0123", "4567").better is None
    True
    """
    a, b = partitions(variant, alive, [first, second])
    lower_worst = _lower(a, b, a.worst, b.worst)
    lower_expected = _lower(a, b, a.expected, b.expected)
    better = None
    if lower_worst is None or lower_expected is None or lower_worst == lower_expected:
        better = lower_worst or lower_expected
    return Comparison(a, b, lower_worst, lower_expected, better)


def _sorted_set(indices: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """The indices sorted, each once (as given when they already are, as candidates are)."""
    if indices.ndim == 1 and bool(np.all(indices[1:] > indices[:-1])):
        return indices
    return np.unique(indices.ravel())


def _lower(a: Partition, b: Partition, of_a: float, of_b: float) -> Code | None:
    """The guess whose figure is lower, None when they are equal."""
    if math.isclose(of_a, of_b, rel_tol=1e-12):
        return None
    return a.guess if of_a < of_b else b.guess


def _partition(variant: Variant, guess: Code, counts: npt.NDArray[np.int64], can_win: bool) -> Partition:
    """The partition of a row of partition counts (by feedback id)."""
    ids = np.flatnonzero(counts)
    sizes = counts[ids]
    n = int(sizes.sum())
    parts = sorted(
        (
            Part(Score.from_id(int(f), variant.length), int(size), int(f) == variant.solved)
            for f, size in zip(ids, sizes, strict=True)
        ),
        key=lambda p: (-p.size, -p.score.bulls, -p.score.cows),
    )
    shares = sizes / n
    return Partition(
        guess=guess,
        codes=n,
        parts=tuple(parts),
        can_win=can_win,
        worst=parts[0].size,
        expected=float((sizes * sizes).sum()) / n,
        identifies=parts[0].size == 1,
        tells_nothing=len(parts) == 1 and not parts[0].win,
        bits=float(0.0 - (shares * np.log2(shares)).sum()),
    )
