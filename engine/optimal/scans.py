"""Scans of the optimal solver's kernel: for a candidate set, what every guess would do to it.

Compiled with numba; see `engine.optimal.kernel` for how a node is represented.
`by_secret[s, g]` is the feedback id of guess g against secret s (the feedback table, secret-major),
so a scan over guesses reads memory in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

from engine.kernels import (  # canonical_mask is also used by the search through this module
    answer_number,
    canonical_mask,
    lane_count,
    packed_lanes,
)

_F = TypeVar("_F", bound=Callable[..., Any])

WIDE_SCAN = 12  # from this many secrets on, guess_bounds counts answers row by row


def jit(function: _F) -> _F:
    """The function compiled in nopython mode (cached on disk between runs)."""
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@jit
def set_hash(secrets: Any, zobrist: Any) -> Any:
    """The Zobrist hash of a candidate set (xor of one random word per secret)."""
    key = np.int64(0)
    for s in secrets:
        key ^= zobrist[s]
    return key


@jit
def set_key(secrets: Any, zobrist: Any) -> Any:
    """The transposition-table key of a candidate set: its hash mixed with its size."""
    return set_hash(secrets, zobrist) ^ (np.int64(len(secrets)) * np.int64(-7046029254386353131))


@jit
def allowed_guesses(codes: Any, fixed: int, symbols: int, cache: Any, lengths: Any) -> Any:
    """The guesses canonical under `fixed` (see canonical_mask), computed once per mask."""
    if lengths[fixed] < 0:
        found = np.flatnonzero(canonical_mask(codes, fixed, symbols))
        cache[fixed, : len(found)] = found
        lengths[fixed] = len(found)
    return cache[fixed, : lengths[fixed]]


@jit
def smallest_images(
    codes: Any, guesses: Any, orders: Any, maps: Any, fixed: int, symbols: int, position_of: Any
) -> Any:
    """Which guesses are the smallest (by index) of their images under every relabelling given (a
    position order and a symbol map, -1 = unmapped), each image then made canonical under `fixed`
    (free symbols renamed in order of first use): one guess per class of equivalent guesses."""
    length = codes.shape[1]
    keep = np.ones(len(guesses), dtype=np.bool_)
    names = np.empty(symbols, dtype=np.int64)
    for i in range(len(guesses)):
        g = guesses[i]
        for k in range(len(orders)):
            names[:] = -1
            free = 0
            while free < symbols and (fixed >> free) & 1:
                free += 1
            value = np.int64(0)
            for p in range(length):
                symbol = np.int64(codes[g, orders[k, p]])
                if maps[k, symbol] >= 0:
                    symbol = maps[k, symbol]
                if not (fixed >> symbol) & 1:
                    if names[symbol] < 0:
                        names[symbol] = free
                        free += 1
                        while free < symbols and (fixed >> free) & 1:
                            free += 1
                    symbol = names[symbol]
                value = value * symbols + symbol
            if position_of[value] < g:
                keep[i] = False
                break
    return keep


@jit
def fill_allowed(codes: Any, fixed: int, symbols: int, cache: Any, lengths: Any) -> None:
    """allowed_guesses for every mask that contains `fixed`, ahead of time (so threads only read)."""
    for mask in range(len(lengths)):
        if mask & fixed == fixed:
            allowed_guesses(codes, mask, symbols, cache, lengths)


@jit
def guess_bounds(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, feedbacks: int, bounds: Any, estimate: Any
) -> Any:
    """Per guess: the lower bound on the node's total after playing it (-1 if it tells nothing),
    whether it can be the secret, whether it splits the set into singletons, and an estimate of the
    total (to order guesses; sum of `estimate` over the parts), how many answers it can get; shape (len, 5).
    `by_secret[s, g]` is the feedback of g against s, read along rows so memory is read in order."""
    n = len(secrets)
    linear = True
    for c in range(1, n + 1):
        linear = linear and bounds[c] == 2 * c - 1
    if linear:
        return linear_bounds(secrets, guesses, by_secret, solved)
    if n >= WIDE_SCAN:
        return guess_bounds_wide(secrets, guesses, by_secret, solved, feedbacks, bounds, estimate)
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


@jit
def linear_bounds(secrets: Any, guesses: Any, by_secret: Any, solved: int) -> Any:
    """guess_bounds when every part's static bound is 2k - 1 (few secrets): then a guess's bound is
    3n - 2 * (1 if it can be the secret) - (answers it can get), and a bitmask of answers suffices."""
    n = len(secrets)
    out = np.empty((len(guesses), 5), dtype=np.int64)
    solved_bit = np.int64(1) << solved
    for i in range(len(guesses)):
        g = guesses[i]
        seen = np.int64(0)
        for s in secrets:
            seen |= np.int64(1) << by_secret[s, g]
        hit = 1 if seen & solved_bit else 0
        classes = 0
        rest = seen & ~solved_bit
        while rest:
            rest &= rest - 1
            classes += 1
        total = 3 * n - 2 * hit - classes
        out[i, 0] = -1 if classes == 1 and hit == 0 else total
        out[i, 1] = hit
        out[i, 2] = 1 if classes + hit == n else 0
        out[i, 3] = total * 64
        out[i, 4] = classes
    return out


@jit
def guess_bounds_wide(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, feedbacks: int, bounds: Any, estimate: Any
) -> Any:
    """guess_bounds for larger sets: one pass per secret along its row (independent increments
    pipeline well), then one pass per guess over its histogram."""
    if len(secrets) < 256:  # byte counters: half the memory to clear and to walk
        return histogram_bounds(
            secrets, guesses, by_secret, solved, bounds, estimate, np.zeros((len(guesses), feedbacks), np.uint8)
        )
    return histogram_bounds(
        secrets, guesses, by_secret, solved, bounds, estimate, np.zeros((len(guesses), feedbacks), np.uint16)
    )


@jit
def histogram_bounds(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, bounds: Any, estimate: Any, counts: Any
) -> Any:
    """guess_bounds_wide's work on zeroed (guesses, feedbacks) counters wide enough for the secrets."""
    n = len(secrets)
    m, feedbacks = counts.shape
    for s in secrets:
        row = by_secret[s]
        for i in range(m):
            counts[i, row[guesses[i]]] += 1
    out = np.empty((m, 5), dtype=np.int64)
    for i in range(m):
        total = n
        guessed = 0
        largest = 0
        classes = 0
        for f in range(feedbacks):
            c = counts[i, f]
            total += bounds[c]  # bounds[0] == estimate[0] == 0
            guessed += estimate[c]
            classes += c > 0
            largest = max(largest, c)
        hits = counts[i, solved]
        total -= bounds[hits]
        guessed -= estimate[hits]
        classes -= hits > 0
        if hits == largest:  # the solved part holds at most one secret
            largest = 0
            for f in range(feedbacks):
                if f != solved:
                    largest = max(largest, counts[i, f])
        out[i, 0] = -1 if largest == n else total
        out[i, 1] = counts[i, solved]
        out[i, 2] = 1 if largest <= 1 else 0
        out[i, 3] = guessed
        out[i, 4] = classes
    return out


@jit
def scan(
    secrets: Any, guesses: Any, by_secret: Any, solved: int, feedbacks: int, bounds: Any, parts: int, estimate: Any
) -> tuple[Any, int]:
    """guess_bounds with the static bounds for `parts` answers, and the most answers any guess gets here:
    no subset of these secrets splits more ways, so that count bounds the whole subtree."""
    info = guess_bounds(secrets, guesses, by_secret, solved, feedbacks, bounds[parts], estimate)
    most = 1
    for i in range(len(guesses)):
        most = max(most, info[i, 4])
    return info, most


@jit
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


@jit
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


@jit
def guess_words(words: Any, guesses: Any) -> tuple[Any, Any]:
    """The (places, symbol counts) words of these guesses (sorted, distinct code indices): the code
    set's own arrays when they are every code, as below the top levels they mostly are (no copy)."""
    if len(guesses) == words.shape[1]:
        return words[0], words[1]
    return words[0][guesses], words[1][guesses]


@jit
def packed_tally(secrets: Any, guesses: Any, words: Any, length: int, row: Any) -> tuple[Any, int, int]:
    """(every guess's part sizes in packed lanes, the solved answer's number, the largest part size whose
    static bound in `row` is 2c - 1) for codes of at most 4 positions."""
    gp, gc = guess_words(words, guesses)
    lanes = packed_lanes(gp, gc, words[0][secrets], words[1][secrets], length)
    # Up to `linear` secrets a part's bound is 2c - 1 (one guess splits it into singletons), so a guess's
    # total is n + 2 (n - hit) - parts plus corrections for the parts above that, which are rare.
    linear = 0
    while linear + 1 < len(row) and row[linear + 1] == 2 * (linear + 1) - 1:
        linear += 1
    return lanes, answer_number(length, length, length), linear


@jit
def packed_bounds(secrets: Any, guesses: Any, words: Any, length: int, bounds: Any) -> tuple[int, Any]:
    """guess_bounds' two uses in a node's bound, for codes of at most 4 positions (words: the
    codes' (places, symbol counts), see engine.kernels.code_words): (the position of the first guess
    that splits the secrets into singletons besides solving, or -1; the least static total, the
    node's size plus the bounds of the parts, over the guesses that split them at all)."""
    n = len(secrets)
    m = len(guesses)
    lanes, solved, linear = packed_tally(secrets, guesses, words, length, bounds)
    hits = np.empty(m, dtype=np.int64)
    classes = np.empty(m, dtype=np.int64)
    most = np.empty(m, dtype=np.int64)
    lane = np.uint64(0xFFFF)
    keep = np.full(4, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)  # every lane but the solved one
    keep[solved & 3] &= ~(lane << np.uint64(16 * (solved >> 2)))
    for i in range(m):
        hits[i] = lane_count(lanes, solved, i)
        parts = 0
        largest = np.uint64(0)
        for r in range(4):
            word = lanes[r, i] & keep[r]
            for k in range(4):
                c = (word >> np.uint64(16 * k)) & lane
                parts += c != 0
                largest = max(largest, c)
        classes[i] = parts
        most[i] = np.int64(largest)
    none = np.int64(1) << 40
    for i in range(m):
        if most[i] <= 1:
            return i, none
    # the least total over the guesses that split the secrets (largest part below n): first over those
    # whose parts all have linear bounds (a branch-free pass), then the others, corrected, which can
    # only cost more than 3n - 2 hit - parts (a part's bound is at least 2c - 1)
    least = none
    for i in range(m):
        plain = most[i] <= linear and most[i] < n
        least = min(least, 3 * n - 2 * hits[i] - classes[i] if plain else none)
    for i in range(m):
        if linear < most[i] < n:
            total = 3 * n - 2 * hits[i] - classes[i]
            if total >= least:
                continue
            for t in range(16):
                c = lane_count(lanes, t, i)
                if t != solved and c > linear:
                    total += bounds[c] - (2 * c - 1)
            least = min(least, total)
    return -1, least


@jit
def packed_scan(
    secrets: Any, guesses: Any, words: Any, length: int, bounds: Any, parts: int, estimate: Any
) -> tuple[Any, int]:
    """scan for codes of at most 4 positions, from part sizes tallied for every guess at once: the
    same array, value for value, and the most answers any guess gets."""
    return packed_guess_bounds(secrets, guesses, words, length, bounds[parts], estimate)


@jit
def packed_guess_bounds(
    secrets: Any, guesses: Any, words: Any, length: int, row: Any, estimate: Any
) -> tuple[Any, int]:
    """guess_bounds (static bounds `row`) for codes of at most 4 positions, value for value, from part
    sizes tallied for every guess at once; and the most answers any guess gets."""
    n = len(secrets)
    m = len(guesses)
    lanes, solved, linear = packed_tally(secrets, guesses, words, length, row)
    out = np.empty((m, 5), dtype=np.int64)
    most = 1
    for i in range(m):
        hit = lane_count(lanes, solved, i)
        total = n
        guessed = 0
        largest = 0
        classes = 0
        for t in range(16):
            c = lane_count(lanes, t, i)
            if t != solved and c > 0:
                total += row[c]
                guessed += estimate[c]
                classes += 1
                largest = max(largest, c)
        out[i, 0] = -1 if largest == n else total
        out[i, 1] = hit
        out[i, 2] = 1 if largest <= 1 else 0
        out[i, 3] = total * 64 if linear >= n else guessed  # as guess_bounds orders them on few secrets
        out[i, 4] = classes
        most = max(most, classes)
    return out, most
