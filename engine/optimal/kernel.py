"""The compiled core of the optimal solver: depth-first branch and bound over candidate sets.

Imported only by `engine.optimal.search`; the bot plays the trees it finds, never the search itself.
A node is a sorted array of secret indices; its cost is the total number of guesses, the current
one included, that solving every secret in it takes. Guesses and secrets share one index space
(`table[g, s]` is the feedback id of guess g against secret s; `table[s, s] == solved`).

Results live in a transposition table keyed by a 64-bit Zobrist hash of the set; a value packs
`cost << 16 | (guess + 1)` when the cost is exact, `cost << 16` when it is only a lower bound.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from engine.kernels import PACKED_LENGTH
from engine.optimal.scans import (
    allowed_guesses,
    guess_bounds,
    jit,
    packed_bounds,
    packed_guess_bounds,
    packed_scan,
    partition_signature,
    scan,
    set_key,
    split,
)

INFINITY = 1 << 40
# counters in the stats array the kernel fills
STAT_NODES, STAT_EXPANDED, STAT_TT_HITS, STAT_BOUND_WORK, STAT_SCAN_WORK, STAT_TRIED, STAT_BOUND_SCANS = range(7)


def new_table() -> Any:
    """An empty transposition table (set key -> packed cost and guess)."""
    return numba.typed.Dict.empty(key_type=numba.types.int64, value_type=numba.types.int64)


@jit
def small_plan(secrets: Any, table: Any, solved: int) -> tuple[int, int]:
    """(exact cost, guess) for three secrets: 5 if one of them tells the other two apart, else 6."""
    for g in secrets:
        seen = -1
        ok = True
        for s in secrets:
            f = table[g, s]
            if f == solved:
                continue
            if f == seen:
                ok = False
            seen = f
        if ok:
            return 5, g
    return 6, secrets[0]


@jit
def node_bound(
    secrets: Any,
    fixed: int,
    table: Any,
    by_secret: Any,
    codes: Any,
    symbols: int,
    solved: int,
    feedbacks: int,
    bounds: Any,
    parts: int,
    estimate: Any,
    zobrist: Any,
    tt: Any,
    cache: Any,
    lengths: Any,
    stats: Any,
    words: Any,
) -> int:
    """A lower bound on a node's cost one guess deep: the least, over guesses, of the node's size plus
    the static bounds of the parts; exact when a guess splits it into singletons. Memoised."""
    n = len(secrets)
    if n <= 2:
        return 2 * n - 1
    if n == 3:
        return small_plan(secrets, table, solved)[0]
    key = set_key(secrets, zobrist)
    found = tt.get(key, np.int64(-1))
    if found >= 0:
        return found >> 16
    length = codes.shape[1]
    if length <= PACKED_LENGTH:  # the same bound from part sizes tallied for every guess at once
        perfect, _least = packed_bounds(secrets, secrets, words, length, bounds[parts])
        if perfect >= 0:
            store(tt, key, 2 * n - 1, secrets[perfect])
            return 2 * n - 1
        allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
        stats[STAT_BOUND_WORK] += len(allowed) * n
        stats[STAT_BOUND_SCANS] += 1
        perfect, least = packed_bounds(secrets, allowed, words, length, bounds[parts])
        if perfect >= 0:
            store(tt, key, 2 * n, allowed[perfect])
            return 2 * n
        least = max(least, 2 * n)
        store(tt, key, least, -1)
        return least
    info = guess_bounds(secrets, secrets, by_secret, solved, feedbacks, bounds[parts], estimate)
    for i in range(n):
        if info[i, 2] == 1:
            store(tt, key, 2 * n - 1, secrets[i])
            return 2 * n - 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
    stats[STAT_BOUND_WORK] += len(allowed) * n
    stats[STAT_BOUND_SCANS] += 1
    info, _most = scan(secrets, allowed, by_secret, solved, feedbacks, bounds, parts, estimate)
    best = INFINITY
    for i in range(len(allowed)):
        if info[i, 0] >= 0:
            if info[i, 2] == 1:
                store(tt, key, 2 * n, allowed[i])
                return 2 * n
            best = min(best, int(info[i, 0]))
    best = max(best, 2 * n)
    store(tt, key, best, -1)
    return best


@jit
def greedy_cost(
    secrets: Any,
    table: Any,
    by_secret: Any,
    codes: Any,
    symbols: int,
    solved: int,
    feedbacks: int,
    bounds: Any,
    estimate: Any,
    cache: Any,
    lengths: Any,
    fixed: int,
    code_masks: Any,
    words: Any,
) -> int:
    """The cost of a quick tree for a node (the guess of least estimate at every node): an upper bound."""
    n = len(secrets)
    if n <= 2:
        return 2 * n - 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
    if codes.shape[1] <= PACKED_LENGTH:
        info, _most = packed_guess_bounds(secrets, allowed, words, codes.shape[1], bounds, estimate)
    else:
        info = guess_bounds(secrets, allowed, by_secret, solved, feedbacks, bounds, estimate)
    best = -1
    for i in range(len(allowed)):
        if info[i, 0] >= 0 and (best < 0 or info[i, 3] * 2 - info[i, 1] < info[best, 3] * 2 - info[best, 1]):
            best = i
    g = allowed[best]
    buffer, starts, ends = split(secrets, g, table, solved, feedbacks)
    total = n
    for p in range(len(starts)):
        total += greedy_cost(
            buffer[starts[p] : ends[p]],
            table,
            by_secret,
            codes,
            symbols,
            solved,
            feedbacks,
            bounds,
            estimate,
            cache,
            lengths,
            fixed | code_masks[g],
            code_masks,
            words,
        )
    return total


@jit
def store(tt: Any, key: int, cost: int, guess: int) -> None:
    """Record an exact cost (guess >= 0) or a lower bound (guess < 0); exact entries are final."""
    old = tt.get(key, np.int64(-1))
    if old >= 0 and (old & 0xFFFF) != 0:
        return
    if guess < 0 and old >= 0 and (old >> 16) >= cost:
        return
    tt[key] = (np.int64(cost) << 16) | (np.int64(guess) + 1 if guess >= 0 else 0)


@jit
def solve(
    secrets: Any,
    fixed: int,
    beta: int,
    parts: int,
    width: int,
    table: Any,
    by_secret: Any,
    codes: Any,
    code_masks: Any,
    symbols: int,
    solved: int,
    feedbacks: int,
    bounds: Any,
    estimate: Any,
    zobrist: Any,
    tt: Any,
    cache: Any,
    lengths: Any,
    stats: Any,
    words: Any,
) -> tuple[int, int]:
    """(cost, best guess) of solving `secrets` if the cost is below `beta`; else (a lower bound
    >= beta, -1). `fixed` is the mask of symbols already guessed (the others are interchangeable)."""
    n = len(secrets)
    stats[STAT_NODES] += 1
    if n == 1:
        return 1, secrets[0]
    if n == 2:
        return 3, secrets[0]
    if n == 3:
        return small_plan(secrets, table, solved)
    key = set_key(secrets, zobrist)
    found = tt.get(key, np.int64(-1))
    if found >= 0:
        cost = found >> 16
        if (found & 0xFFFF) != 0:
            stats[STAT_TT_HITS] += 1
            return cost, (found & 0xFFFF) - 1
        if cost >= beta:
            stats[STAT_TT_HITS] += 1
            return cost, -1
    # A candidate that splits the rest into singletons is optimal: 2n - 1 is the least possible.
    length = codes.shape[1]
    packed = length <= PACKED_LENGTH  # tally every guess at once instead of scanning the feedback table
    if packed:
        perfect, _least = packed_bounds(secrets, secrets, words, length, bounds[parts])
    else:
        info = guess_bounds(secrets, secrets, by_secret, solved, feedbacks, bounds[parts], estimate)
        perfect = -1
        for i in range(n):
            if info[i, 2] == 1:
                perfect = i
                break
    if perfect >= 0:
        store(tt, key, 2 * n - 1, secrets[perfect])
        return 2 * n - 1, secrets[perfect]
    if 2 * n >= beta:
        return 2 * n, -1
    stats[STAT_EXPANDED] += 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
    stats[STAT_SCAN_WORK] += len(allowed) * n
    if packed:
        info, most = packed_scan(secrets, allowed, words, length, bounds, parts, estimate)
    else:
        info, most = scan(secrets, allowed, by_secret, solved, feedbacks, bounds, parts, estimate)
    keep = 0
    for i in range(len(allowed)):
        if info[i, 0] >= 0 and info[i, 2] == 1:
            # no candidate splits perfectly (checked above), so 2n is the least possible
            store(tt, key, 2 * n, allowed[i])
            return 2 * n, allowed[i]
        if 0 <= info[i, 0] < beta:
            keep += 1
    guesses = np.empty(keep, dtype=np.int64)
    lower = np.empty(keep, dtype=np.int64)
    rank = np.empty(keep, dtype=np.int64)
    k = 0
    for i in range(len(allowed)):
        if 0 <= info[i, 0] < beta:
            guesses[k] = allowed[i]
            lower[k] = info[i, 0]
            rank[k] = info[i, 3] * 2 + (0 if info[i, 1] > 0 else 1)
            k += 1
    order = np.argsort(rank, kind="mergesort")
    best, best_guess = beta, -1
    if beta >= INFINITY:
        best = 1 + greedy_cost(
            secrets,
            table,
            by_secret,
            codes,
            symbols,
            solved,
            feedbacks,
            bounds[most],
            estimate,
            cache,
            lengths,
            fixed,
            code_masks,
            words,
        )
    seen = set()
    seen.add(np.int64(0))
    seen.discard(np.int64(0))
    for position in order:
        bound = lower[position]
        if bound >= best:
            continue
        g = guesses[position]
        signature = partition_signature(secrets, g, table, solved, feedbacks)
        if signature in seen:
            continue
        seen.add(signature)
        stats[STAT_TRIED] += 1
        if width > 0 and len(seen) > width:
            break
        buffer, starts, ends = split(secrets, g, table, solved, feedbacks)
        child_fixed = fixed | code_masks[g]
        count = len(starts)
        part_bounds = np.empty(count, dtype=np.int64)
        total = n
        remaining = bound - n  # static bounds of the parts, replaced by their node bounds one by one
        failed = False
        for p in range(count):
            part = buffer[starts[p] : ends[p]]
            remaining -= bounds[most, len(part)]
            part_bounds[p] = node_bound(
                part,
                child_fixed,
                table,
                by_secret,
                codes,
                symbols,
                solved,
                feedbacks,
                bounds,
                most,
                estimate,
                zobrist,
                tt,
                cache,
                lengths,
                stats,
                words,
            )
            remaining += part_bounds[p]
            if total + remaining >= best:
                failed = True
                break
        if failed:
            continue
        for p in range(count):
            part = buffer[starts[p] : ends[p]]
            remaining -= part_bounds[p]
            cost, _ = solve(
                part,
                child_fixed,
                best - total - remaining,
                most,
                width,
                table,
                by_secret,
                codes,
                code_masks,
                symbols,
                solved,
                feedbacks,
                bounds,
                estimate,
                zobrist,
                tt,
                cache,
                lengths,
                stats,
                words,
            )
            total += cost
            if total + remaining >= best:
                failed = True
                break
        if not failed and total < best:
            best, best_guess = total, g
    store(tt, key, best, best_guess)
    return best, best_guess
