"""The compiled core of the optimal solver: depth-first branch and bound over candidate sets.

Imported only by `engine.optimal.search`, never by the bot: it needs numba (the `solver` extra).
A node is a sorted array of secret indices; its cost is the total number of guesses, the current
one included, that solving every secret in it takes. Guesses and secrets share one index space
(`table[g, s]` is the feedback id of guess g against secret s; `table[s, s] == solved`).

Results live in a transposition table keyed by a 64-bit Zobrist hash of the set; a value packs
`cost << 16 | (guess + 1)` when the cost is exact, `cost << 16` when it is only a lower bound.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

_F = TypeVar("_F", bound=Callable[..., Any])

INFINITY = 1 << 40
STAT_NODES, STAT_EXPANDED, STAT_TT_HITS = 0, 1, 2


def _jit(function: _F) -> _F:
    """The function compiled in nopython mode (cached on disk between runs)."""
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@_jit
def set_hash(secrets: Any, zobrist: Any) -> Any:
    """The Zobrist hash of a candidate set (xor of one random word per secret)."""
    key = np.int64(0)
    for s in secrets:
        key ^= zobrist[s]
    return key


@_jit
def set_key(secrets: Any, zobrist: Any) -> Any:
    """The transposition-table key of a candidate set: its hash mixed with its size."""
    return set_hash(secrets, zobrist) ^ (np.int64(len(secrets)) * np.int64(-7046029254386353131))


def new_table() -> Any:
    """An empty transposition table (set key -> packed cost and guess)."""
    return numba.typed.Dict.empty(key_type=numba.types.int64, value_type=numba.types.int64)


@_jit
def canonical_mask(codes: Any, fixed: int, symbols: int) -> Any:
    """Which guesses are the smallest of their class under relabelling the symbols not in `fixed`:
    free symbols must appear in increasing order of first use, starting from the lowest free one."""
    count, length = codes.shape
    out = np.zeros(count, dtype=np.bool_)
    first_free = 0
    while first_free < symbols and (fixed >> first_free) & 1:
        first_free += 1
    for g in range(count):
        seen = np.int64(fixed)
        expected = np.int64(first_free)
        ok = True
        for p in range(length):
            d = np.int64(codes[g, p])
            if (seen >> d) & 1:
                continue
            if d != expected:
                ok = False
                break
            seen |= np.int64(1) << d
            expected = d + 1
            while expected < symbols and (fixed >> expected) & 1:
                expected += 1
        out[g] = ok
    return out


@_jit
def allowed_guesses(codes: Any, fixed: int, symbols: int, cache: Any, lengths: Any) -> Any:
    """The guesses canonical under `fixed` (see canonical_mask), computed once per mask."""
    if lengths[fixed] < 0:
        found = np.flatnonzero(canonical_mask(codes, fixed, symbols))
        cache[fixed, : len(found)] = found
        lengths[fixed] = len(found)
    return cache[fixed, : lengths[fixed]]


@_jit
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


@_jit
def node_bound(
    secrets: Any, fixed: int, table: Any, by_secret: Any, codes: Any, symbols: int, solved: int, feedbacks: int,
    bounds: Any, parts: int, estimate: Any, zobrist: Any, tt: Any, cache: Any, lengths: Any, stats: Any,
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
    info = guess_bounds(secrets, secrets, by_secret, solved, feedbacks, bounds[parts], estimate)
    for i in range(n):
        if info[i, 2] == 1:
            store(tt, key, 2 * n - 1, secrets[i])
            return 2 * n - 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
    stats[3] += len(allowed) * n
    stats[6] += 1
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


@_jit
def guess_bounds(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, feedbacks: int, bounds: Any, estimate: Any
) -> Any:
    """Per guess: the lower bound on the node's total after playing it (-1 if it tells nothing),
    whether it can be the secret, whether it splits the set into singletons, and an estimate of the
    total (to order guesses; sum of `estimate` over the parts), how many answers it can get; shape (len, 5).
    `by_secret[s, g]` is the feedback of g against s, read along rows so memory is read in order."""
    n = len(secrets)
    out = np.empty((len(guesses), 5), dtype=np.int64)
    counts = np.zeros(feedbacks, dtype=np.int64)
    for i in range(len(guesses)):
        g = guesses[i]
        total = n
        guessed = 0
        largest = 0
        classes = 0
        hit = 0
        for s in secrets:
            f = by_secret[s, g]
            if f == solved:
                hit = 1
                continue
            c = counts[f] + 1
            counts[f] = c
            classes += c == 1
            total += bounds[c] - bounds[c - 1]
            guessed += estimate[c] - estimate[c - 1]
            if c > largest:
                largest = c
        for s in secrets:
            counts[by_secret[s, g]] = 0
        out[i, 0] = -1 if largest == n else total
        out[i, 1] = hit
        out[i, 2] = 1 if largest <= 1 else 0
        out[i, 3] = guessed
        out[i, 4] = classes
    return out


@_jit
def scan(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, feedbacks: int, bounds: Any, parts: int, estimate: Any
) -> tuple[Any, int]:
    """guess_bounds with the static bounds for the most answers any guess gets here (at most `parts`);
    that count comes back too: no subset of these secrets splits more ways, so it bounds the subtree."""
    info = guess_bounds(secrets, guesses, by_secret, solved, feedbacks, bounds[parts], estimate)
    most = 1
    for i in range(len(guesses)):
        most = max(most, info[i, 4])
    if most < parts:
        info = guess_bounds(secrets, guesses, by_secret, solved, feedbacks, bounds[most], estimate)
    return info, most


@_jit
def greedy_cost(
    secrets: Any, table: Any, by_secret: Any, codes: Any, symbols: int, solved: int, feedbacks: int,
    bounds: Any, estimate: Any, cache: Any, lengths: Any, fixed: int, code_masks: Any,
) -> int:
    """The cost of a quick tree for a node (the guess of least estimate at every node): an upper bound."""
    n = len(secrets)
    if n <= 2:
        return 2 * n - 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
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
            buffer[starts[p] : ends[p]], table, by_secret, codes, symbols, solved, feedbacks, bounds, estimate,
            cache, lengths, fixed | code_masks[g], code_masks,
        )
    return total


@_jit
def split(secrets: Any, guess: int, table: Any, solved: int, feedbacks: int) -> Any:
    """The secrets regrouped by feedback (solved one dropped), the parts' bounds, largest first:
    (buffer, starts, ends) where part k is buffer[starts[k]:ends[k]], each part still sorted."""
    n = len(secrets)
    counts = np.zeros(feedbacks + 1, dtype=np.int64)
    for s in secrets:
        counts[table[guess, s] + 1] += 1
    counts[solved + 1] = 0
    offsets = np.cumsum(counts)
    fill = offsets[:-1].copy()
    buffer = np.empty(n, dtype=secrets.dtype)
    for s in secrets:
        f = table[guess, s]
        if f != solved:
            buffer[fill[f]] = s
            fill[f] += 1
    sizes = counts[1:]
    order = np.argsort(-sizes, kind="mergesort")
    parts = 0
    for f in range(feedbacks):
        if sizes[f] > 0:
            parts += 1
    starts = np.empty(parts, dtype=np.int64)
    ends = np.empty(parts, dtype=np.int64)
    for k in range(parts):
        f = order[k]
        starts[k] = offsets[f]
        ends[k] = offsets[f] + sizes[f]
    return buffer, starts, ends


@_jit
def partition_signature(secrets: Any, guess: int, table: Any, solved: int, feedbacks: int) -> Any:
    """A hash of the partition a guess makes, blind to which feedback labels which part (two
    guesses with equal signatures cost the same); the solved part is marked apart."""
    first = np.full(feedbacks, -1, dtype=np.int64)
    key = np.int64(1469598103934665603)
    for i in range(len(secrets)):
        f = table[guess, secrets[i]]
        if first[f] < 0:
            first[f] = i
        label = np.int64(-2) if f == solved else first[f]
        key = (key ^ (label + 3)) * np.int64(1099511628211)
    return key


@_jit
def store(tt: Any, key: int, cost: int, guess: int) -> None:
    """Record an exact cost (guess >= 0) or a lower bound (guess < 0); exact entries are final."""
    old = tt.get(key, np.int64(-1))
    if old >= 0 and (old & 0xFFFF) != 0:
        return
    if guess < 0 and old >= 0 and (old >> 16) >= cost:
        return
    tt[key] = (np.int64(cost) << 16) | (np.int64(guess) + 1 if guess >= 0 else 0)


@_jit
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
    info = guess_bounds(secrets, secrets, by_secret, solved, feedbacks, bounds[parts], estimate)
    for i in range(n):
        if info[i, 2] == 1:
            store(tt, key, 2 * n - 1, secrets[i])
            return 2 * n - 1, secrets[i]
    if 2 * n >= beta:
        return 2 * n, -1
    stats[STAT_EXPANDED] += 1
    allowed = allowed_guesses(codes, fixed, symbols, cache, lengths)
    stats[4] += len(allowed) * n
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
            secrets, table, by_secret, codes, symbols, solved, feedbacks, bounds[most], estimate, cache, lengths,
            fixed, code_masks,
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
        stats[5] += 1
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
                part, child_fixed, table, by_secret, codes, symbols, solved, feedbacks, bounds, most, estimate,
                zobrist, tt, cache, lengths, stats,
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
                part, child_fixed, best - total - remaining, most, width, table, by_secret, codes, code_masks, symbols,
                solved, feedbacks, bounds, estimate, zobrist, tt, cache, lengths, stats,
            )
            total += cost
            if total + remaining >= best:
                failed = True
                break
        if not failed and total < best:
            best, best_guess = total, g
    store(tt, key, best, best_guess)
    return best, best_guess
