"""A greedy strategy's whole decision tree in one pass, for sweeps over every secret.

`Greedy` decides one position at a time from Python; a bench or an outlook walks thousands of
positions, where the per-call overhead would dominate. `engine.kernels.greedy_tree` makes exactly the
same decisions (the same pools, measures and ties: `engine.kernels.best_guess`) for every node of the
tree, depth first, and times each decision.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from engine import kernels

Pools = Any  # engine.kernels.new_pools(): the guesses canonical under each fixed-symbol mask, kept per game


class Tree(NamedTuple):
    """A strategy's tree over some secrets: node k plays guess[k] and was reached from parent[k]
    (-1 for the root) by answer[k]; secret `leaf_secret[i]` is solved by the guess at `leaf_node[i]`;
    `depth[k]` counts guesses before node k; `cycles[k]` is what deciding node k took, in ticks of
    cycle_counter()."""

    guess: npt.NDArray[np.int64]
    parent: npt.NDArray[np.int64]
    answer: npt.NDArray[np.int64]
    depth: npt.NDArray[np.int64]
    reach: npt.NDArray[np.int64]
    cycles: npt.NDArray[np.int64]
    leaf_secret: npt.NDArray[np.int64]
    leaf_node: npt.NDArray[np.int64]


def cycle_counter() -> int:
    """The clock the trees time their decisions with (see seconds_per_cycle)."""
    return kernels.ticks()


def seconds_per_cycle() -> float:
    """How long one tick of cycle_counter() lasts, measured over a few milliseconds."""
    started, ticks = time.perf_counter(), cycle_counter()
    while time.perf_counter() - started < 0.002:
        pass
    return (time.perf_counter() - started) / max(1, cycle_counter() - ticks)
