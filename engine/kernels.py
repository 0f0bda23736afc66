"""Compiled kernels (numba): feedback ids, partition counts, split measures and guesses up to symmetry.

A code is two 64-bit words (see `code_words`): `places` has one bit per (position, symbol) it uses,
and `counts` holds each symbol's multiplicity in unary, `length` bits per symbol. Then
feedback id = length * popcount(places_g & places_s) + popcount(counts_g & counts_s)
= bulls * (length + 1) + cows, with no table: scoring on the fly is as fast as a table lookup.
Kernels are compiled once and cached on disk (`cache=True`); `warm_up()` loads them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import types
from numba.extending import intrinsic

_F = TypeVar("_F", bound=Callable[..., Any])

Words = npt.NDArray[np.uint64]

# measures by number (lower is better), as in engine.strategies
ENTROPY, SQUARES, LARGEST, PARTS = range(4)


def jit(function: _F) -> _F:
    """The function compiled in nopython mode, cached on disk between runs."""
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


def _popcount(typingctx: Any, value: Any) -> Any:
    signature = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return signature, codegen


def _trailing_zeros(typingctx: Any, value: Any) -> Any:
    signature = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return signature, codegen


def _read_cycle_counter(typingctx: Any) -> Any:
    signature = types.int64()

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        function = builder.module.declare_intrinsic("llvm.readcyclecounter", fnty=ir.FunctionType(ir.IntType(64), []))
        return builder.call(function, [])

    return signature, codegen


# LLVM's popcount, count-trailing-zeros and cycle counter, callable from compiled code
_ctpop: Any = intrinsic(_popcount)
_ctz: Any = intrinsic(_trailing_zeros)
_cycles: Any = intrinsic(_read_cycle_counter)


def code_words(codes: npt.NDArray[np.uint8], symbols: int) -> tuple[Words, Words]:
    """(places, symbol counts) words of every code (rows of symbols), as the kernels read them."""
    length = codes.shape[1]
    one = np.uint64(1)
    wide = codes.astype(np.uint64)
    offsets = (np.arange(length, dtype=np.uint64) * np.uint64(symbols))[None, :]
    places = np.bitwise_or.reduce(one << (wide + offsets), axis=1).astype(np.uint64)
    counts = np.zeros(len(codes), dtype=np.uint64)
    for symbol in range(symbols):
        count = (codes == symbol).sum(axis=1).astype(np.uint64)
        counts |= ((one << count) - one) << (np.uint64(symbol) * np.uint64(length))
    return np.ascontiguousarray(places), counts


@jit
def feedback_block(places: Any, counts: Any, guesses: Any, secrets: Any, length: int) -> Any:
    """Feedback ids, shape (len(guesses), len(secrets)), of each guess against each secret."""
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    sp = places[secrets]
    sc = counts[secrets]
    width = np.uint64(length)
    for i in range(len(guesses)):
        gp = places[guesses[i]]
        gc = counts[guesses[i]]
        for j in range(len(secrets)):
            out[i, j] = _ctpop(gp & sp[j]) * width + _ctpop(gc & sc[j])
    return out


@jit
def feedback_all(places: Any, counts: Any, guess_places: np.uint64, guess_counts: np.uint64, length: int) -> Any:
    """Feedback ids of one guess (given by its words) against every code."""
    out = np.empty(len(places), dtype=np.uint8)
    width = np.uint64(length)
    for j in range(len(places)):
        out[j] = _ctpop(guess_places & places[j]) * width + _ctpop(guess_counts & counts[j])
    return out


@jit
def feedback_row(
    places: Any, counts: Any, guess_places: np.uint64, guess_counts: np.uint64, secrets: Any, length: int
) -> Any:
    """Feedback ids of one guess (given by its words) against the secrets at these indices."""
    out = np.empty(len(secrets), dtype=np.uint8)
    width = np.uint64(length)
    for j in range(len(secrets)):
        s = secrets[j]
        out[j] = _ctpop(guess_places & places[s]) * width + _ctpop(guess_counts & counts[s])
    return out


@jit
def filter_secrets(
    places: Any, counts: Any, guess_places: np.uint64, guess_counts: np.uint64, secrets: Any, length: int, answer: int
) -> Any:
    """The secrets (indices) that give this answer (feedback id) to the guess."""
    out = np.empty(len(secrets), dtype=np.intp)
    width = np.uint64(length)
    k = 0
    for j in range(len(secrets)):
        s = secrets[j]
        if _ctpop(guess_places & places[s]) * width + _ctpop(guess_counts & counts[s]) == answer:
            out[k] = s
            k += 1
    return out[:k]


@jit
def fitting(places: Any, counts: Any, guesses: Any, answers: Any, secrets: Any, length: int) -> Any:
    """The secrets (indices) that give every guess (by index) its answer (feedback id)."""
    out = np.empty(len(secrets), dtype=np.intp)
    width = np.uint64(length)
    k = 0
    for j in range(len(secrets)):
        s = secrets[j]
        ok = True
        for t in range(len(guesses)):
            g = guesses[t]
            if _ctpop(places[g] & places[s]) * width + _ctpop(counts[g] & counts[s]) != answers[t]:
                ok = False
                break
        if ok:
            out[k] = s
            k += 1
    return out[:k]


@jit
def counts_block(places: Any, counts: Any, guesses: Any, secrets: Any, length: int, feedbacks: int) -> Any:
    """Partition counts, shape (len(guesses), feedbacks), of the secrets under each guess."""
    out = np.zeros((len(guesses), feedbacks), dtype=np.int64)
    sp = places[secrets]
    sc = counts[secrets]
    width = np.uint64(length)
    for i in range(len(guesses)):
        gp = places[guesses[i]]
        gc = counts[guesses[i]]
        row = out[i]
        for j in range(len(secrets)):
            row[_ctpop(gp & sp[j]) * width + _ctpop(gc & sc[j])] += 1
    return out


@jit
def split_order(row: Any) -> tuple[Any, Any, Any]:
    """A stable counting sort of feedback ids: (order, ids present ascending, start of each id's run)."""
    n = len(row)
    tally = np.zeros(257, dtype=np.int64)
    for j in range(n):
        tally[row[j] + 1] += 1
    present = 0
    for f in range(256):
        if tally[f + 1] > 0:
            present += 1
    ids = np.empty(present, dtype=np.int64)
    starts = np.empty(present, dtype=np.int64)
    k = 0
    for f in range(256):
        if tally[f + 1] > 0:
            ids[k] = f
            k += 1
        tally[f + 1] += tally[f]
    for k in range(present):
        starts[k] = tally[ids[k]]
    order = np.empty(n, dtype=np.intp)
    for j in range(n):
        f = row[j]
        order[tally[f]] = j
        tally[f] += 1
    return order, ids, starts


@jit
def _measure(
    tally: Any, touched: np.uint64, feedbacks: int, total: int, measure: int, c_log_c: Any, log_n: Any, acc: Any
) -> float:
    """The badness of one partition (`touched`: a bit per non-empty part), equal bit for bit to what
    engine.strategies computes with numpy."""
    if measure == ENTROPY:
        # numpy sums a row pairwise: 8 accumulators over the leading multiple of 8, then the rest in
        # order; empty parts add exact zeros, so only the non-empty ones need visiting.
        main = feedbacks - feedbacks % 8 if feedbacks >= 8 else 0
        acc[:] = 0.0
        rest = touched
        while rest:
            f = np.int64(_ctz(rest))
            rest &= rest - np.uint64(1)
            if f >= main:
                break
            acc[f & 7] += c_log_c[tally[f]]
        terms = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))
        if feedbacks < 8:
            terms = 0.0
            rest = touched
        else:
            rest = touched & ~((np.uint64(1) << np.uint64(main)) - np.uint64(1))
        while rest:
            f = np.int64(_ctz(rest))
            rest &= rest - np.uint64(1)
            terms += c_log_c[tally[f]]
        t = max(total, 1)
        return terms / t - log_n[t]
    squares = 0.0
    largest = 0
    parts = 0
    rest = touched
    while rest:
        f = _ctz(rest)
        rest &= rest - np.uint64(1)
        c = tally[f]
        squares += float(c) * float(c)
        largest = max(largest, c)
        parts += 1
    if measure == SQUARES:
        return squares
    if measure == LARGEST:
        return largest + squares / (float(total) * float(total) + 1.0)
    return -float(parts)


@jit
def _tally(gp: Any, gc: Any, sp: Any, sc: Any, width: Any, tally: Any) -> Any:
    """Count the secrets (sp, sc) under each feedback of the guess (gp, gc) into `tally`; the bit set of the
    feedbacks touched comes back, for _measure and _clear."""
    touched = np.uint64(0)
    one = np.uint64(1)
    for j in range(len(sp)):
        f = _ctpop(gp & sp[j]) * width + _ctpop(gc & sc[j])
        tally[f] += 1
        touched |= one << f
    return touched


@jit
def _clear(tally: Any, touched: Any) -> None:
    """Zero the tally's touched entries (cheaper than the whole array)."""
    one = np.uint64(1)
    rest = touched
    while rest:
        tally[_ctz(rest)] = 0
        rest &= rest - one


@jit
def best_guess(
    places: Any,
    counts: Any,
    pool: Any,
    secrets: Any,
    is_candidate: Any,
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: Any,
    log_n: Any,
) -> int:
    """Position in `pool` of the guess whose split of `secrets` is best under a measure (rounded to
    9 decimals, as engine.strategies.best_index does); ties go to a candidate, then to the first.

    Every measure scores a split into singletons best of all, and all such splits alike: so the
    first candidate that makes one wins outright, and failing that the first guess that does."""
    sp = places[secrets]
    sc = counts[secrets]
    n = len(secrets)
    width = np.uint64(length)
    tally = np.zeros(feedbacks, dtype=np.int64)
    acc = np.zeros(8, dtype=np.float64)
    for i in range(len(pool)):
        if is_candidate[i] and _splits_apart(places[pool[i]], counts[pool[i]], sp, sc, width, tally):
            return i
    if length <= PACKED_LENGTH and measure != PARTS:
        return _best_packed(places, counts, pool, sp, sc, is_candidate, length, feedbacks, measure, c_log_c, log_n)
    best, best_score, best_candidate = -1, 0.0, False
    for i in range(len(pool)):
        touched = _tally(places[pool[i]], counts[pool[i]], sp, sc, width, tally)
        if _ctpop(touched) == n:
            return i  # no candidate splits apart (checked above), so the first that does wins
        score = np.rint(_measure(tally, touched, feedbacks, n, measure, c_log_c, log_n, acc) * 1e9)
        _clear(tally, touched)
        if best < 0 or score < best_score or (score == best_score and is_candidate[i] and not best_candidate):
            best, best_score, best_candidate = i, score, is_candidate[i]
    return best


# Up to 4 positions there are at most 15 answers, numbered bulls * length - bulls * (bulls - 1) / 2 +
# common symbols (0..14), so a guess's part sizes fit in four 64-bit words of 16-bit lanes (answer
# 4k + r in lane k of word r). Every guess of the pool is tallied at once, secret by secret, with no
# tally array in memory: the loop over guesses vectorises. Secrets are counted 15 at a time into 4 bits
# per answer of one word (no nibble can overflow), then spread into the lanes.
PACKED_LENGTH = 4
PACKED_RUN = 15


@jit
def packed_lanes(gp: Any, gc: Any, sp: Any, sc: Any, length: int) -> Any:
    """How many of the secrets (words sp, sc) give each answer to each guess (words gp, gc), for codes
    of at most PACKED_LENGTH positions: shape (4, guesses), answer 4k + r in 16-bit lane k of row r
    (answers numbered as `answer_number` does)."""
    n = len(sp)
    m = len(gp)
    one = np.uint64(1)
    width = np.uint64(length)
    fours = np.uint64(0x000F000F000F000F)
    packed = np.empty(m, dtype=np.uint64)
    lanes = np.empty((4, m), dtype=np.uint64)
    for start in range(0, max(n, 1), PACKED_RUN):
        packed[:] = 0
        for j in range(start, min(start + PACKED_RUN, n)):
            a = sp[j]
            b = sc[j]
            for i in range(m):
                bulls = _ctpop(gp[i] & a)
                answer = bulls * width - ((bulls * (bulls - one)) >> one) + _ctpop(gc[i] & b)
                packed[i] += one << (np.uint64(4) * answer)
        for r in range(4):
            shift = np.uint64(4 * r)
            row = lanes[r]
            if start == 0:  # the first run sets the lanes: no separate zeroing pass
                for i in range(m):
                    row[i] = (packed[i] >> shift) & fours
            else:
                for i in range(m):
                    row[i] += (packed[i] >> shift) & fours
    return lanes


@jit
def answer_number(bulls: int, common: int, length: int) -> int:
    """The packed kernels' number (0..14 for 4 positions) of the answer with these bulls and symbols in common."""
    return bulls * length - (bulls * (bulls - 1)) // 2 + common


@jit
def _best_packed(
    places: Any,
    counts: Any,
    pool: Any,
    sp: Any,
    sc: Any,
    is_candidate: Any,
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: Any,
    log_n: Any,
) -> int:
    """best_guess (after its candidates' check for a split into singletons) for codes of at most
    PACKED_LENGTH positions and a measure other than PARTS, the same answer bit for bit."""
    n = len(sp)
    m = len(pool)
    one = np.uint64(1)
    lanes = packed_lanes(places[pool], counts[pool], sp, sc, length)
    lane = np.uint64(0xFFFF)
    if measure != ENTROPY:
        # Expected size orders guesses by their sum of squares, the largest part by (largest, sum of
        # squares): value = largest + squares / (n² + 1) with squares <= n². Both are whole numbers
        # here, exactly what _measure computes, and different values stay apart after rounding to
        # 9 decimals (by 1 / (n² + 1) at least: over 1e-8 up to 10,000 secrets). So the best guess is
        # the least key, ties to a candidate then to the first: found without any float.
        scale = np.uint64(n * n + 1) if measure == LARGEST else np.uint64(0)
        key = np.empty(m, dtype=np.uint64)
        for i in range(m):
            squares = np.uint64(0)
            largest = np.uint64(0)
            for r in range(4):
                word = lanes[r, i]
                for k in range(4):
                    c = (word >> np.uint64(16 * k)) & lane
                    squares += c * c
                    largest = max(largest, c)
            key[i] = largest * scale + squares
        least = key.min()
        first = -1
        for i in range(m):
            if key[i] == least:
                if is_candidate[i]:
                    return i
                if first < 0:
                    first = i
        return first
    # which feedback id (bulls * (length + 1) + cows) each numbered answer stands for
    answer_of = np.zeros(16, dtype=np.int64)
    for bulls in range(length + 1):
        for common in range(bulls, length + 1):
            answer_of[answer_number(bulls, common, length)] = bulls * (length + 1) + common - bulls
    # Entropy: the plain sum of c ln c first; only a guess that may tie or beat the best gets numpy's
    # pairwise sum (the two differ by rounding, ~1e-8 at most, far below the margin of the ceiling).
    tally = np.zeros(feedbacks, dtype=np.int64)
    acc = np.zeros(8, dtype=np.float64)
    ceiling = np.inf
    best, best_score, best_candidate = -1, 0.0, False
    for i in range(m):
        terms = 0.0
        for t in range(16):
            terms += c_log_c[(lanes[t & 3, i] >> np.uint64(16 * (t >> 2))) & lane]
        if terms == 0.0:
            return i  # a split into singletons (no candidate makes one: checked before): the first wins
        if terms > ceiling:
            continue
        touched = np.uint64(0)
        for t in range(16):
            c = np.int64((lanes[t & 3, i] >> np.uint64(16 * (t >> 2))) & lane)
            if c:
                tally[answer_of[t]] = c
                touched |= one << np.uint64(answer_of[t])
        value = _measure(tally, touched, feedbacks, n, measure, c_log_c, log_n, acc)
        _clear(tally, touched)
        score = np.rint(value * 1e9)
        if best < 0 or score < best_score or (score == best_score and is_candidate[i] and not best_candidate):
            best, best_score, best_candidate = i, score, is_candidate[i]
            ceiling = (value + 1e-6 + log_n[n]) * n
    return best


@jit
def measure_scores(
    places: Any,
    counts: Any,
    pool: Any,
    secrets: Any,
    length: int,
    feedbacks: int,
    measure: int,
    c_log_c: Any,
    log_n: Any,
) -> Any:
    """Each pool guess's badness under a measure, bit for bit as engine.strategies computes it."""
    sp = places[secrets]
    sc = counts[secrets]
    n = len(secrets)
    width = np.uint64(length)
    tally = np.zeros(feedbacks, dtype=np.int64)
    acc = np.zeros(8, dtype=np.float64)
    out = np.empty(len(pool), dtype=np.float64)
    for i in range(len(pool)):
        touched = _tally(places[pool[i]], counts[pool[i]], sp, sc, width, tally)
        out[i] = _measure(tally, touched, feedbacks, n, measure, c_log_c, log_n, acc)
        _clear(tally, touched)
    return out


@jit
def two_step_costs(
    places: Any,
    counts: Any,
    contenders: Any,
    helpers: Any,
    secrets: Any,
    length: int,
    feedbacks: int,
    solved: int,
    estimate: Any,
    prune: bool,
) -> Any:
    """Each contender's cost looked at two guesses deep: every part it leaves of the secrets is charged
    its size (the next guess) plus the least estimated cost, `estimate[k]` summed over the parts not
    solved, that one of `helpers` or of the part's own secrets leaves of it; a part of one secret
    costs 1 and of two, 3; a contender that splits nothing, infinity. With `prune`, a contender is
    given up (infinity) as soon as its sum so far exceeds the least complete one before it: the
    cheapest contender, the first among equals, stays."""
    width = np.uint64(length)
    least = np.inf
    tally = np.zeros(feedbacks, dtype=np.int64)
    out = np.zeros(len(contenders), dtype=np.float64)
    for i in range(len(contenders)):
        row = feedback_row(places, counts, places[contenders[i]], counts[contenders[i]], secrets, length)
        order, ids, starts = split_order(row)
        if len(ids) == 1 and ids[0] != solved and len(secrets) > 1:
            out[i] = np.inf  # it splits nothing: playing it would only come back here
            continue
        cost = 0.0
        for k in range(len(ids)):
            if ids[k] == solved:
                continue
            end = starts[k + 1] if k + 1 < len(ids) else len(secrets)
            size = end - starts[k]
            if size <= 2:
                cost += 2 * size - 1
                continue
            part = secrets[order[starts[k] : end]]
            pp = places[part]
            pc = counts[part]
            # estimate[m] >= m: no guess leaves less than one per secret it does not solve, so once the
            # part's own secrets are weighed, helpers stop at one that splits it into single secrets
            best = np.inf
            for h in range(size + len(helpers)):
                if best <= size - 1 + 1e-9 or (h >= size and best <= size + 1e-9):
                    break
                guess = part[h] if h < size else helpers[h - size]
                touched = _tally(places[guess], counts[guess], pp, pc, width, tally)
                total = 0.0
                rest = touched
                while rest:
                    f = np.int64(_ctz(rest))
                    rest &= rest - np.uint64(1)
                    if f != solved:
                        total += estimate[tally[f]]
                    tally[f] = 0
                best = min(best, total)
            cost += size + best
            if prune and cost > least + 1e-6:
                cost = np.inf
                break
        out[i] = cost
        least = min(least, cost)
    return out


@jit
def _splits_apart(gp: np.uint64, gc: np.uint64, sp: Any, sc: Any, width: np.uint64, tally: Any) -> bool:
    """Whether the guess with these words gives every secret a different answer (tally: zeros, kept so)."""
    ok = True
    j = 0
    while j < len(sp):
        f = _ctpop(gp & sp[j]) * width + _ctpop(gc & sc[j])
        if tally[f]:
            ok = False
            break
        tally[f] = 1
        j += 1
    for k in range(min(j + 1, len(sp))):
        tally[_ctpop(gp & sp[k]) * width + _ctpop(gc & sc[k])] = 0
    return ok


@jit
def canonical_mask(codes: Any, fixed: int, symbols: int) -> Any:
    """Which codes are the smallest of their class under relabelling the symbols not in `fixed`:
    free symbols appear in increasing order of first use, starting from the lowest free one."""
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


@jit
def member_mask(pool: Any, group: Any, size: int) -> Any:
    """Whether each index of `pool` is in `group` (both below `size`)."""
    mask = np.zeros(size, dtype=np.bool_)
    for g in group:
        mask[g] = True
    out = np.empty(len(pool), dtype=np.bool_)
    for i in range(len(pool)):
        out[i] = mask[pool[i]]
    return out


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every kernel the engine uses at play time."""
    codes = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2]], dtype=np.uint8)
    places, counts = code_words(codes, 3)
    every = np.arange(3, dtype=np.intp)
    feedback_block(places, counts, every, every, 3)
    feedback_all(places, counts, places[0], counts[0], 3)
    row = feedback_row(places, counts, places[0], counts[0], every, 3)
    filter_secrets(places, counts, places[0], counts[0], every, 3, 12)
    fitting(places, counts, every, np.zeros(3, dtype=np.int64), every, 3)
    counts_block(places, counts, every, every, 3, 16)
    split_order(row)
    table = np.zeros(4, dtype=np.float64)
    for measure in (ENTROPY, SQUARES, LARGEST, PARTS):
        best_guess(places, counts, every, every, np.ones(3, dtype=np.bool_), 3, 16, measure, table, table)
    canonical_mask(codes, 0, 3)
    for measure in (ENTROPY, SQUARES, LARGEST, PARTS):
        measure_scores(places, counts, every, every, 3, 16, measure, table, table)
    member_mask(every, every, 3)
    estimate = table.copy()
    estimate.setflags(write=False)  # the planner passes engine.totals' read-only tables: another specialisation
    two_step_costs(places, counts, every, every, every, 3, 16, 12, estimate, True)
