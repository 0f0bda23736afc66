"""Information: what a guess is expected to tell (the entropy of its answer), and what an answer told."""

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
    return np.asarray(0.0 - (p * logs).sum(axis=-1))  # 0.0 - x, not -x: one part tells +0.0 bits, never -0.0


def bits_gained(before: int, after: int) -> float:
    """Information an answer gave: log2 of how much it shrank the candidates."""
    if before <= 0 or after <= 0:
        return 0.0
    return float(np.log2(before / after))
