"""The engine's kernels in numpy, for a machine where the C kernels (engine/kernels/native.c) were not built.

The same functions, arguments and answers, bit for bit, as engine.kernels gives with the C kernels (the
tests run on both); slower, but the bot plays the same games. Codes are the two words of
`engine.kernels.code_words`.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.variant import Indices

Words = npt.NDArray[np.uint64]
ENTROPY, SQUARES, LARGEST, PARTS = range(4)


def _popcount(words: Any) -> npt.NDArray[np.uint64]:
    if hasattr(np, "bitwise_count"):  # numpy 2
        return np.bitwise_count(words).astype(np.uint64)
    as_bytes = words.view(np.uint8).reshape(*words.shape, 8)
    return _BYTE_BITS[as_bytes].sum(axis=-1, dtype=np.uint64)


_BYTE_BITS = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint64)


def _ids(gp: Any, gc: Any, sp: Words, sc: Words, length: int) -> npt.NDArray[np.uint8]:
    """Feedback ids of guesses (words gp, gc, broadcast) against secrets (sp, sc)."""
    return (_popcount(gp & sp) * np.uint64(length) + _popcount(gc & sc)).astype(np.uint8)


def feedback_block(places: Words, counts: Words, guesses: Indices, secrets: Indices, length: int) -> Any:
    """Feedback ids, shape (len(guesses), len(secrets)), of each guess against each secret."""
    return _ids(
        places[guesses][:, None], counts[guesses][:, None], places[secrets][None, :], counts[secrets][None, :], length
    )


def feedback_row(
    places: Words, counts: Words, guess_places: np.uint64, guess_counts: np.uint64, secrets: Indices | None, length: int
) -> Any:
    """Feedback ids of one guess (given by its words) against the secrets at these indices (None: every code)."""
    if secrets is None:
        return _ids(np.uint64(guess_places), np.uint64(guess_counts), places, counts, length)
    return _ids(np.uint64(guess_places), np.uint64(guess_counts), places[secrets], counts[secrets], length)


def fitting(
    places: Words, counts: Words, guesses: Indices, answers: npt.NDArray[np.int64], secrets: Indices, length: int
) -> Any:
    """The secrets (indices) that give every guess (by index) its answer (feedback id)."""
    keep = np.ones(len(secrets), dtype=bool)
    for guess, answer in zip(guesses.tolist(), answers.tolist(), strict=False):
        keep &= feedback_row(places, counts, places[guess], counts[guess], secrets, length) == answer
    return secrets[keep].astype(np.intp)


def counts_block(places: Words, counts: Words, guesses: Indices, secrets: Indices, length: int, feedbacks: int) -> Any:
    """Partition counts, shape (len(guesses), feedbacks), of the secrets under each guess."""
    ids = feedback_block(places, counts, guesses, secrets, length).astype(np.intp)
    rows = len(guesses)
    flat = ids + (np.arange(rows, dtype=np.intp) * feedbacks)[:, None]
    return np.bincount(flat.ravel(), minlength=rows * feedbacks).reshape(rows, feedbacks).astype(np.int64)


def split_order(row: npt.NDArray[np.uint8]) -> tuple[Any, Any, Any]:
    """A stable counting sort of feedback ids: (order, ids present ascending, start of each id's run)."""
    order = np.argsort(row, kind="stable").astype(np.intp)
    ids, sizes = np.unique(row, return_counts=True)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
    return order, ids.astype(np.int64), starts


def measure_scores(
    places: Words,
    counts: Words,
    pool: Indices,
    secrets: Indices,
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: npt.NDArray[np.float64],
    log_n: npt.NDArray[np.float64],
) -> Any:
    """Each pool guess's badness under a measure, bit for bit as engine.strategies computes it."""
    tallies = counts_block(places, counts, pool, secrets, length, feedbacks)
    total = max(len(secrets), 1)
    if measure == ENTROPY:
        return c_log_c[tallies].sum(axis=1) / total - log_n[total]
    c = tallies.astype(np.float64)
    squares = (c * c).sum(axis=1)
    if measure == SQUARES:
        return squares
    if measure == LARGEST:
        return c.max(axis=1) + squares / (float(len(secrets)) * float(len(secrets)) + 1.0)
    return -(tallies > 0).sum(axis=1).astype(np.float64)


def best_guess(
    places: Words,
    counts: Words,
    pool: Indices,
    secrets: Indices,
    is_candidate: npt.NDArray[np.bool_],
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: npt.NDArray[np.float64],
    log_n: npt.NDArray[np.float64],
) -> int:
    """Position in `pool` of the guess whose split of `secrets` is best under a measure (rounded to 9 decimals);
    ties go to a candidate, then to the first."""
    if len(pool) == 0:
        return -1
    scores = np.rint(measure_scores(places, counts, pool, secrets, length, feedbacks, measure, c_log_c, log_n) * 1e9)
    tied = np.flatnonzero(scores == scores.min())
    preferred = tied[is_candidate[tied]]
    return int(preferred[0] if len(preferred) else tied[0])


def two_step_costs(
    places: Words,
    counts: Words,
    contenders: Indices,
    helpers: Indices,
    secrets: Indices,
    length: int,
    feedbacks: int,
    solved: int,
    estimate: npt.NDArray[np.float64],
    prune: bool,
) -> Any:
    """Each contender's cost two guesses deep, as engine.kernels.two_step_costs (with estimate[0] = 0, summed in
    answer order as the C kernel does)."""
    least = np.inf
    out = np.zeros(len(contenders), dtype=np.float64)
    for i, contender in enumerate(contenders.tolist()):
        row = feedback_row(places, counts, places[contender], counts[contender], secrets, length)
        order, ids, starts = split_order(row)
        if len(ids) == 1 and ids[0] != solved and len(secrets) > 1:
            out[i] = np.inf
            continue
        cost = 0.0
        bounds = [*starts.tolist(), len(secrets)]
        for k, answer in enumerate(ids.tolist()):
            size = bounds[k + 1] - bounds[k]
            if answer == solved:
                continue
            if size <= 2:
                cost += 2 * size - 1
                continue
            part = secrets[order[bounds[k] : bounds[k + 1]]]
            tallies = counts_block(places, counts, np.concatenate([part, helpers]), part, length, feedbacks)
            tallies[:, solved] = 0
            totals = estimate[tallies].cumsum(axis=1)[:, -1]  # left to right, as the C kernel adds them
            cost += size + float(totals.min())
            if prune and cost > least + 1e-6:
                cost = np.inf
                break
        out[i] = cost
        least = min(least, cost)
    return out


def canonical_mask(codes: npt.NDArray[np.uint8], fixed: int, symbols: int) -> Any:
    """Which codes are the smallest of their class under relabelling the symbols not in `fixed`: free symbols
    appear in increasing order of first use, starting from the lowest free one."""
    free_from = np.array(
        [next((s for s in range(start, symbols) if not fixed >> s & 1), symbols) for start in range(symbols + 1)]
    )
    wide = codes.astype(np.int64)
    seen = np.full(len(codes), fixed, dtype=np.int64)
    expected = np.full(len(codes), free_from[0], dtype=np.int64)
    ok = np.ones(len(codes), dtype=bool)
    for p in range(codes.shape[1]):
        d = wide[:, p]
        new = ((seen >> d) & 1) == 0
        ok &= ~new | (d == expected)
        seen |= np.where(new, np.int64(1) << d, 0)
        expected = np.where(new, free_from[d + 1], expected)
    return ok


class Pools(dict[int, Indices]):
    """Guess pools by fixed-symbol mask, kept between the greedy trees of one game."""

    def __init__(self, symbols: int) -> None:
        super().__init__()
        self.symbols = symbols


def greedy_tree(
    places: Words,
    counts: Words,
    codes: npt.NDArray[np.uint8],
    code_masks: npt.NDArray[np.int64],
    alive: Indices,
    fixed: int,
    opening: int,
    solved: int,
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: npt.NDArray[np.float64],
    log_n: npt.NDArray[np.float64],
    pools: Pools,
) -> tuple[Any, ...] | None:
    """The greedy tree of engine.kernels.greedy_tree, node by node; None if a guess tells nothing."""
    guess, parent, answer, depth, reach, took = ([] for _ in range(6))
    leaf_secret, leaf_node = [], []
    stack = [(alive.astype(np.intp), 0, fixed)]
    parent.append(-1)
    answer.append(-1)
    depth.append(0)
    guess.append(0)
    reach.append(0)
    took.append(0)
    while stack:
        secrets, node, mask = stack.pop()
        started = time.perf_counter_ns()
        if len(secrets) == 1:
            g = int(secrets[0])
        elif node == 0 and opening >= 0:
            g = opening
        else:
            if mask not in pools:
                free = sum(1 - (mask >> s & 1) for s in range(pools.symbols))
                everything = np.arange(len(codes), dtype=np.intp)
                pools[mask] = everything if free <= 1 else everything[canonical_mask(codes, mask, pools.symbols)]
            pool = pools[mask]
            is_candidate = np.isin(pool, secrets)
            g = int(
                pool[
                    best_guess(places, counts, pool, secrets, is_candidate, length, feedbacks, measure, c_log_c, log_n)
                ]
            )
        took[node] = time.perf_counter_ns() - started
        guess[node], reach[node] = g, len(secrets)
        row = feedback_row(places, counts, places[g], counts[g], secrets, length)
        order, ids, starts = split_order(row)
        if len(secrets) > 1 and len(ids) == 1 and ids[0] != solved:
            return None
        bounds = [*starts.tolist(), len(secrets)]
        child_fixed = mask | int(code_masks[g])
        for k in range(len(ids) - 1, -1, -1):
            part = secrets[order[bounds[k] : bounds[k + 1]]]
            if ids[k] == solved:
                leaf_secret.append(int(part[0]))
                leaf_node.append(node)
                continue
            parent.append(node)
            answer.append(int(ids[k]))
            depth.append(depth[node] + 1)
            guess.append(0)
            reach.append(0)
            took.append(0)
            stack.append((part, len(parent) - 1, child_fixed))
    return tuple(
        np.array(x, dtype=np.int64) for x in (guess, parent, answer, depth, reach, took, leaf_secret, leaf_node)
    )
