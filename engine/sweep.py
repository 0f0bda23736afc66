"""A greedy strategy's whole decision tree in one compiled pass (numba), for sweeps over every secret.

`Greedy` decides one position at a time from Python; a bench or an outlook walks thousands of
positions, where the per-call overhead would dominate. `greedy_tree` makes exactly the same decisions
(the same pools, measures and ties: `engine.kernels.best_guess`) for every node of the tree, depth
first, and times each decision with the CPU's cycle counter.

numba's on-disk cache of `greedy_tree` is keyed by this file alone, and the kernels it calls are
compiled into it: when one of them changes in `engine.kernels`, this file must change too (or
`engine/__pycache__` be cleared), else a stale compiled tree keeps running the old kernel.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

import numba
import numpy as np
import numpy.typing as npt
from numba import types

from engine.kernels import _ctpop, _cycles, best_guess, canonical_mask, jit

Pools = Any  # a numba typed dict: fixed-symbol mask -> the guesses canonical under it


class Tree(NamedTuple):
    """A strategy's tree over some secrets: node k plays guess[k] and was reached from parent[k]
    (-1 for the root) by answer[k]; secret `leaf_secret[i]` is solved by the guess at `leaf_node[i]`;
    `depth[k]` counts guesses before node k; `cycles[k]` is what deciding node k took."""

    guess: npt.NDArray[np.int64]
    parent: npt.NDArray[np.int64]
    answer: npt.NDArray[np.int64]
    depth: npt.NDArray[np.int64]
    reach: npt.NDArray[np.int64]
    cycles: npt.NDArray[np.int64]
    leaf_secret: npt.NDArray[np.int64]
    leaf_node: npt.NDArray[np.int64]


@jit
def cycle_counter() -> int:
    """The CPU's cycle counter (for timing decisions inside compiled code)."""
    return _cycles()


@jit
def _pool(codes: Any, fixed: int, symbols: int, free_count: int, pools: Any) -> Any:
    if fixed not in pools:
        if free_count <= 1:
            pools[fixed] = np.arange(len(codes))
        else:
            pools[fixed] = np.flatnonzero(canonical_mask(codes, fixed, symbols)).astype(np.int64)
    return pools[fixed]


@jit
def greedy_tree(
    places: Any,
    counts: Any,
    codes: Any,
    symbols: int,
    code_masks: Any,
    alive: Any,
    fixed: int,
    opening: int,
    solved: int,
    feedbacks: int,
    measure: int,
    c_log_c: Any,
    log_n: Any,
    pools: Any,
) -> tuple[Any, Any, Any, Any, Any, Any, Any, Any]:
    """Every node of the greedy tree below a position whose candidates are `alive` and whose guessed
    symbols are `fixed`; `opening` is the guess to play there (-1: decide it). See `Tree`."""
    length = codes.shape[1]
    width = np.uint64(length)
    n_all = len(alive)
    buffer = alive.astype(np.int64).copy()
    cap = 2 * n_all + 16
    guess = np.empty(cap, dtype=np.int64)
    parent = np.empty(cap, dtype=np.int64)
    answer = np.empty(cap, dtype=np.int64)
    depth = np.empty(cap, dtype=np.int64)
    reach = np.empty(cap, dtype=np.int64)
    cycles = np.empty(cap, dtype=np.int64)
    leaf_secret = np.empty(n_all, dtype=np.int64)
    leaf_node = np.empty(n_all, dtype=np.int64)
    member = np.zeros(len(codes), dtype=np.bool_)
    # the stack of nodes to decide: (start, end) in buffer, node id, fixed mask
    stack_lo = np.empty(cap, dtype=np.int64)
    stack_hi = np.empty(cap, dtype=np.int64)
    stack_node = np.empty(cap, dtype=np.int64)
    stack_fixed = np.empty(cap, dtype=np.int64)
    top = 0
    nodes = 1
    leaves = 0
    parent[0], answer[0], depth[0] = -1, -1, 0
    stack_lo[0], stack_hi[0], stack_node[0], stack_fixed[0] = 0, n_all, 0, fixed
    top = 1
    tally = np.zeros(feedbacks + 1, dtype=np.int64)
    scratch = np.empty(n_all, dtype=np.int64)
    row = np.empty(n_all, dtype=np.int64)
    while top > 0:
        top -= 1
        lo, hi, node, mask = stack_lo[top], stack_hi[top], stack_node[top], stack_fixed[top]
        n = hi - lo
        secrets = buffer[lo:hi]
        started: int = _cycles()
        if n == 1:
            g = secrets[0]
        elif node == 0 and opening >= 0:
            g = opening
        else:
            free = 0
            for s in range(symbols):
                free += 1 - ((mask >> s) & 1)
            pool = _pool(codes, mask, symbols, free, pools)
            for s in secrets:
                member[s] = True
            is_candidate = np.empty(len(pool), dtype=np.bool_)
            for i in range(len(pool)):
                is_candidate[i] = member[pool[i]]
            for s in secrets:
                member[s] = False
            g = pool[
                best_guess(places, counts, pool, secrets, is_candidate, length, feedbacks, measure, c_log_c, log_n)
            ]
        cycles[node] = _cycles() - started
        guess[node] = g
        reach[node] = n
        # split the node's secrets by answer (a stable counting sort), children in answer order
        gp, gc = places[g], counts[g]
        tally[:] = 0
        for j in range(n):
            fid = np.int64(_ctpop(gp & places[secrets[j]]) * width + _ctpop(gc & counts[secrets[j]]))
            row[j] = fid
            tally[fid + 1] += 1
        single_part = False
        for f in range(feedbacks):
            if tally[f + 1] == n and f != solved:
                single_part = True
        if single_part and n > 1:  # the guess tells nothing: the strategy would repeat itself
            return guess[:0], parent[:0], answer[:0], depth[:0], reach[:0], cycles[:0], leaf_secret[:0], leaf_node[:0]
        for f in range(feedbacks):
            tally[f + 1] += tally[f]
        starts = tally[:feedbacks].copy()
        for j in range(n):
            scratch[tally[row[j]]] = secrets[j]
            tally[row[j]] += 1
        secrets[:] = scratch[:n]
        child_fixed = mask | code_masks[g]
        for f in range(feedbacks - 1, -1, -1):
            a, b = starts[f], tally[f]
            if a == b:
                continue
            if f == solved:
                leaf_secret[leaves] = secrets[a]
                leaf_node[leaves] = node
                leaves += 1
                continue
            parent[nodes], answer[nodes], depth[nodes] = node, f, depth[node] + 1
            stack_lo[top], stack_hi[top], stack_node[top], stack_fixed[top] = lo + a, lo + b, nodes, child_fixed
            nodes += 1
            top += 1
    return (
        guess[:nodes],
        parent[:nodes],
        answer[:nodes],
        depth[:nodes],
        reach[:nodes],
        cycles[:nodes],
        leaf_secret[:leaves],
        leaf_node[:leaves],
    )


def new_pools() -> Pools:
    """An empty cache of guess pools by fixed-symbol mask, for greedy_tree."""
    return numba.typed.Dict.empty(key_type=types.int64, value_type=types.int64[:])


def seconds_per_cycle() -> float:
    """How long one tick of cycle_counter() lasts, measured over a few milliseconds."""
    started, ticks = time.perf_counter(), cycle_counter()
    while time.perf_counter() - started < 0.002:
        pass
    return (time.perf_counter() - started) / max(1, cycle_counter() - ticks)
