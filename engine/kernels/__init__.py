"""The engine's kernels: feedback ids, partition counts, split measures, guesses up to symmetry, greedy trees.

A code is two 64-bit words (see `code_words`): `places` has one bit per (position, symbol) it uses,
and `counts` holds each symbol's multiplicity in unary, `length` bits per symbol. Then
feedback id = length * popcount(places_g & places_s) + popcount(counts_g & counts_s)
= bulls * (length + 1) + cows, with no table: scoring on the fly is as fast as a table lookup.

They run in C (engine/kernels/native.c, built at install with the solver's core) and fall back to numpy
(engine/kernels/fallback.py) where no C compiler was at hand: the same answers, bit for bit, more slowly. No
JIT: a bot process pays neither a compiler's memory nor a first compilation.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.kernels import fallback
from engine.kernels.fallback import Words
from engine.variant import Indices

_c: Any  # the C kernels (engine/kernels/native.c), or None
try:
    _c = importlib.import_module("engine.kernels.native")
except ImportError:  # built without a C compiler: numpy does the work
    _c = None


# measures by number (lower is better), as in engine.strategies
ENTROPY, SQUARES, LARGEST, PARTS = range(4)


def backend() -> str:
    """Which kernels run: 'C', or 'numpy' when the extension was not built."""
    return "numpy" if _c is None else "C"


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


def feedback_block(places: Words, counts: Words, guesses: Indices, secrets: Indices, length: int) -> Any:
    """Feedback ids, shape (len(guesses), len(secrets)), of each guess against each secret."""
    if _c is None:
        return fallback.feedback_block(places, counts, guesses, secrets, length)
    out = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    _c.feedback_block(places, counts, _ix(guesses), _ix(secrets), length, out)
    return out


def feedback_all(places: Words, counts: Words, guess_places: np.uint64, guess_counts: np.uint64, length: int) -> Any:
    """Feedback ids of one guess (given by its words) against every code."""
    if _c is None:
        return fallback.feedback_row(places, counts, guess_places, guess_counts, None, length)
    out = np.empty(len(places), dtype=np.uint8)
    _c.feedback_row(places, counts, guess_places, guess_counts, None, length, out)
    return out


def feedback_row(
    places: Words, counts: Words, guess_places: np.uint64, guess_counts: np.uint64, secrets: Indices, length: int
) -> Any:
    """Feedback ids of one guess (given by its words) against the secrets at these indices."""
    if _c is None:
        return fallback.feedback_row(places, counts, guess_places, guess_counts, secrets, length)
    out = np.empty(len(secrets), dtype=np.uint8)
    _c.feedback_row(places, counts, guess_places, guess_counts, _ix(secrets), length, out)
    return out


def fitting(
    places: Words, counts: Words, guesses: Indices, answers: npt.NDArray[np.int64], secrets: Indices, length: int
) -> Any:
    """The secrets (indices) that give every guess (by index) its answer (feedback id)."""
    if _c is None:
        return fallback.fitting(places, counts, guesses, answers, secrets, length)
    out = np.empty(len(secrets), dtype=np.intp)
    kept = _c.fitting(places, counts, _ix(guesses), np.ascontiguousarray(answers, np.int64), _ix(secrets), length, out)
    return out[:kept]


def counts_block(places: Words, counts: Words, guesses: Indices, secrets: Indices, length: int, feedbacks: int) -> Any:
    """Partition counts, shape (len(guesses), feedbacks), of the secrets under each guess."""
    if _c is None:
        return fallback.counts_block(places, counts, guesses, secrets, length, feedbacks)
    out = np.empty((len(guesses), feedbacks), dtype=np.int64)
    _c.counts_block(places, counts, _ix(guesses), _ix(secrets), length, feedbacks, out)
    return out


def split_order(row: npt.NDArray[np.uint8]) -> tuple[Any, Any, Any]:
    """A stable counting sort of feedback ids: (order, ids present ascending, start of each id's run)."""
    if _c is None:
        return fallback.split_order(row)
    order = np.empty(len(row), dtype=np.intp)
    ids = np.empty(256, dtype=np.int64)
    starts = np.empty(256, dtype=np.int64)
    present = _c.split_order(np.ascontiguousarray(row, np.uint8), order, ids, starts)
    return order, ids[:present], starts[:present]


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
    """Position in `pool` of the guess whose split of `secrets` is best under a measure (rounded to
    9 decimals, as engine.strategies.best_index does); ties go to a candidate, then to the first."""
    if _c is None:
        return fallback.best_guess(
            places, counts, pool, secrets, is_candidate, length, feedbacks, measure, c_log_c, log_n
        )
    candidate = np.ascontiguousarray(is_candidate, np.bool_)
    return int(
        _c.best_guess(places, counts, _ix(pool), _ix(secrets), candidate, length, feedbacks, measure, c_log_c, log_n)
    )


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
    if _c is None:
        return fallback.measure_scores(places, counts, pool, secrets, length, feedbacks, measure, c_log_c, log_n)
    out = np.empty(len(pool), dtype=np.float64)
    _c.measure_scores(places, counts, _ix(pool), _ix(secrets), length, feedbacks, measure, c_log_c, log_n, out)
    return out


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
    """Each contender's cost looked at two guesses deep: every part it leaves of the secrets is charged
    its size (the next guess) plus the least estimated cost, `estimate[k]` summed over the parts not
    solved, that one of `helpers` or of the part's own secrets leaves of it; a part of one secret
    costs 1 and of two, 3; a contender that splits nothing, infinity. With `prune`, a contender is
    given up (infinity) as soon as its sum so far exceeds the least complete one before it: the
    cheapest contender, the first among equals, stays. `estimate[0]` is 0 and `estimate[m] >= m`."""
    if _c is None:
        return fallback.two_step_costs(
            places, counts, contenders, helpers, secrets, length, feedbacks, solved, estimate, prune
        )
    out = np.empty(len(contenders), dtype=np.float64)
    plain = np.ascontiguousarray(estimate, np.float64)
    _c.two_step_costs(
        places, counts, _ix(contenders), _ix(helpers), _ix(secrets), length, feedbacks, solved, plain, prune, out
    )
    return out


def canonical_mask(codes: npt.NDArray[np.uint8], fixed: int, symbols: int) -> Any:
    """Which codes are the smallest of their class under relabelling the symbols not in `fixed`:
    free symbols appear in increasing order of first use, starting from the lowest free one."""
    if _c is None:
        return fallback.canonical_mask(codes, fixed, symbols)
    out = np.empty(len(codes), dtype=np.bool_)
    _c.canonical_mask(np.ascontiguousarray(codes, np.uint8), codes.shape[1], fixed, symbols, out)
    return out


def member_mask(pool: Indices, group: Indices, size: int) -> Any:
    """Whether each index of `pool` is in `group` (both below `size`)."""
    mask = np.zeros(size, dtype=np.bool_)
    mask[group] = True
    return mask[pool]


def new_pools(symbols: int) -> Any:
    """An empty cache of guess pools by fixed-symbol mask, for the greedy trees of one game."""
    return fallback.Pools(symbols) if _c is None else _c.Pools(symbols)


def ticks() -> int:
    """The clock greedy_tree times its decisions with, in nanoseconds."""
    return time.perf_counter_ns() if _c is None else int(_c.ticks())


def greedy_tree(
    places: Words,
    counts: Words,
    codes: npt.NDArray[np.uint8],
    code_masks: npt.NDArray[np.int64],
    alive: Indices,
    fixed: int,
    opening: int,
    solved: int,
    feedbacks: int,
    measure: int,
    c_log_c: npt.NDArray[np.float64],
    log_n: npt.NDArray[np.float64],
    pools: Any,
) -> tuple[Any, ...] | None:
    """A greedy strategy's whole tree below a position whose candidates are `alive` and whose guessed
    symbols are `fixed` (`opening`: the guess to play there, -1 to decide it), depth first, in one pass:
    arrays (guess, parent, answer, depth, reach, took, leaf_secret, leaf_node) as engine.sweep.Tree
    describes, `took` in ticks(); None if a guess told nothing (the strategy would repeat itself)."""
    length = codes.shape[1]
    if _c is None:
        return fallback.greedy_tree(
            places, counts, codes, code_masks, alive, fixed, opening, solved, length, feedbacks, measure, c_log_c,
            log_n, pools,
        )  # fmt: skip
    n = len(alive)
    nodes_out = [np.empty(2 * n + 16, dtype=np.int64) for _ in range(6)]
    leaves_out = [np.empty(n, dtype=np.int64) for _ in range(2)]
    nodes, leaves = _c.greedy_tree(
        places, counts, np.ascontiguousarray(codes, np.uint8), np.ascontiguousarray(code_masks, np.int64), _ix(alive),
        fixed, opening, solved, length, feedbacks, measure, c_log_c, log_n, pools, *nodes_out, *leaves_out,
    )  # fmt: skip
    if nodes == 0 and n > 0:
        return None
    return (*(a[:nodes] for a in nodes_out), *(a[:leaves] for a in leaves_out))


def _ix(values: Indices) -> Indices:
    return np.ascontiguousarray(values, dtype=np.intp)


def warm_up() -> None:
    """Run every kernel once on a tiny game (their first call, and numpy's, pays for loading them)."""
    codes = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2]], dtype=np.uint8)
    places, counts = code_words(codes, 3)
    every = np.arange(3, dtype=np.intp)
    feedback_block(places, counts, every, every, 3)
    feedback_all(places, counts, places[0], counts[0], 3)
    row = feedback_row(places, counts, places[0], counts[0], every, 3)
    fitting(places, counts, every, np.zeros(3, dtype=np.int64), every, 3)
    counts_block(places, counts, every, every, 3, 16)
    split_order(row)
    table = np.zeros(4, dtype=np.float64)
    for measure in (ENTROPY, SQUARES, LARGEST, PARTS):
        best_guess(places, counts, every, every, np.ones(3, dtype=np.bool_), 3, 16, measure, table, table)
        measure_scores(places, counts, every, every, 3, 16, measure, table, table)
    canonical_mask(codes, 0, 3)
    member_mask(every, every, 3)
    two_step_costs(places, counts, every, every, every, 3, 16, 12, table, True)
