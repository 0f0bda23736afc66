"""Total guesses to solve k candidates: proven lower bounds, and the estimate that orders guesses.

Shared by the engine's exact searches and the optimal solver; numpy only.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

# Average guesses per secret, the current one included, that a good strategy needs for a set of n
# candidates, by ln(n): measured on classic with max-entropy and smoothed. Only the ranking matters.
_LOG_N = np.log([1, 2, 3, 5, 10, 20, 50, 100, 250, 1260, 5040, 151200])
_PER_SECRET = np.array([1.0, 1.5, 1.72, 1.94, 2.18, 2.5, 2.95, 3.25, 3.8, 4.42, 5.24, 6.6])


@lru_cache(maxsize=8)
def estimated_totals(size: int) -> npt.NDArray[np.float64]:
    """Estimated total guesses to solve k candidates, for k = 0..size."""
    k = np.arange(size + 1, dtype=np.float64)
    per = np.interp(np.log(np.maximum(k, 1.0)), _LOG_N, _PER_SECRET)
    out = k * per
    out.setflags(write=False)
    return out


@lru_cache(maxsize=64)
def lower_bounds(parts: int, size: int) -> npt.NDArray[np.int64]:
    """Least total guesses to solve k candidates, for k = 0..size, when a guess splits them into at
    most `parts` answers besides 'solved' (each needs a guess; all but one need a second; and so on)."""
    lb = np.zeros(size + 1, dtype=np.int64)
    for k in range(1, size + 1):
        best = None
        for rest in (k - 1, k):  # the guess is a candidate (one solved now) or it is not
            q, r = divmod(rest, parts)
            split = r * int(lb[q + 1]) + (parts - r) * int(lb[q]) if q + 1 <= size else None
            if split is not None and (best is None or split < best):
                best = split
        lb[k] = k + (best if best is not None else 2 * k)
    lb[1] = 1
    return lb
