"""Measures of how well a guess splits the candidates: entropy, expected size, worst part."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Counts = npt.NDArray[np.int64]  # how many candidates fall under each feedback id (last axis), per guess


def entropy_bits(counts: Counts) -> npt.NDArray[np.float64]:
    """Expected information in bits of each partition along the last axis (Shannon entropy).

    >>> float(entropy_bits(np.array([2, 2])))
    1.0
    """
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(counts > 0, counts / total, 0.0)
        logs = np.where(counts > 0, np.log2(np.where(counts > 0, p, 1.0)), 0.0)
    return np.asarray(-(p * logs).sum(axis=-1))


def expected_size(counts: Counts) -> npt.NDArray[np.float64]:
    """Expected number of candidates left after the guess: sum of squared parts over the total."""
    counts = np.asarray(counts, dtype=np.float64)
    return np.asarray((counts**2).sum(axis=-1) / np.maximum(counts.sum(axis=-1), 1.0))


def worst_part(counts: Counts) -> npt.NDArray[np.int64]:
    """The largest number of candidates the guess can leave (Knuth's minimax measure)."""
    return np.asarray(np.asarray(counts).max(axis=-1))


def bits_gained(before: int, after: int) -> float:
    """Information an answer gave: log2 of how much it shrank the candidates."""
    if before <= 0 or after <= 0:
        return 0.0
    return float(np.log2(before / after))
