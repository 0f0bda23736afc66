"""How guesses split candidate sets: bulk feedback ids, partition counts, and guesses up to symmetry."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from engine.history import History, Indices
from engine.scoring import FeedbackIds, scorer_for
from engine.variant import Variant

Counts = npt.NDArray[np.int64]  # (guesses, feedback ids): how many candidates each answer would leave

# Work is done in blocks of at most this many guess-secret pairs, so memory stays bounded
# (a block costs about 20 bytes a pair at its peak).
BLOCK_PAIRS = 2_000_000


class Splitter:
    """Feedback ids and partition counts for one variant, from the full table when it fits, else
    from bitmasks: feedback id = length * |same symbol, same place| + |common symbols|."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.feedbacks = variant.feedback_count
        self.solved = variant.solved
        scorer = scorer_for(variant)
        self._table: FeedbackIds | None = scorer.table if scorer.has_table else None
        codes = variant.codes.astype(np.uint64)
        one = np.uint64(1)
        offsets = (np.arange(variant.length, dtype=np.uint64) * np.uint64(variant.symbols))[None, :]
        self._places = np.bitwise_or.reduce(one << (codes + offsets), axis=1)
        # Symbol multiplicities in unary, `length` bits per symbol: popcount(a & b) = sum of min(counts).
        width = np.uint64(variant.length)
        symbols = np.zeros(variant.size, dtype=np.uint64)
        for symbol in range(variant.symbols):
            count = (variant.codes == symbol).sum(axis=1).astype(np.uint64)
            symbols |= ((one << count) - one) << (np.uint64(symbol) * width)
        self._symbols = symbols

    @property
    def has_table(self) -> bool:
        """Whether feedback ids come from the variant's full table."""
        return self._table is not None

    def feedback(self, guesses: Indices, secrets: Indices) -> FeedbackIds:
        """Feedback ids, shape (len(guesses), len(secrets)), of each guess against each secret."""
        if self._table is not None:
            return self._table[np.ix_(guesses, secrets)]
        length = np.uint8(self.variant.length)
        bulls = np.bitwise_count(self._places[guesses][:, None] & self._places[secrets][None, :])
        common = np.bitwise_count(self._symbols[guesses][:, None] & self._symbols[secrets][None, :])
        return np.asarray(bulls * length + common, dtype=np.uint8)

    def counts(self, guesses: Indices, secrets: Indices) -> Counts:
        """Partition counts, shape (len(guesses), feedback ids), of the secrets under each guess."""
        out = np.empty((len(guesses), self.feedbacks), dtype=np.int64)
        step = max(1, BLOCK_PAIRS // max(1, len(secrets)))
        for start in range(0, len(guesses), step):
            block = self.feedback(guesses[start : start + step], secrets)
            out[start : start + step] = counts_of_rows(block, self.feedbacks)
        return out


def counts_of_rows(ids: FeedbackIds, feedbacks: int) -> Counts:
    """Per-row histograms of a (rows, secrets) block of feedback ids, shape (rows, feedbacks)."""
    rows = ids.shape[0]
    flat = ids.astype(np.intp) + (np.arange(rows, dtype=np.intp) * feedbacks)[:, None]
    return np.bincount(flat.ravel(), minlength=rows * feedbacks).reshape(rows, feedbacks)


@lru_cache(maxsize=16)
def splitter_for(variant: Variant) -> Splitter:
    """The shared Splitter of a variant (its arrays are built on first use, never at import)."""
    return Splitter(variant)


def fixed_symbols(variant: Variant, history: History) -> int:
    """Bitmask of symbols that a relabelling must keep: those already guessed, and 0 when a
    leading zero is forbidden (swapping it with another symbol would change which codes are valid)."""
    mask = 0 if variant.leading_zero else 1
    for turn in history:
        for ch in turn.guess:
            mask |= 1 << int(ch)
    return mask


def canonical_guesses(variant: Variant, fixed: int) -> Indices:
    """Indices of one guess per class of guesses equal up to relabelling the symbols not in `fixed`.

    Relabelling unguessed symbols maps the candidates of a history onto themselves, so every guess in
    a class splits them the same way. The representative is the lexicographically smallest: free
    symbols appear in increasing order of first use.
    """
    codes = variant.codes
    free = [s for s in range(variant.symbols) if not fixed >> s & 1]
    if len(free) <= 1:
        return np.arange(variant.size, dtype=np.intp)
    is_free = np.array([not fixed >> s & 1 for s in range(variant.symbols)])
    expected = np.array([*free, 255], dtype=np.int64)
    seen = np.zeros(variant.size, dtype=np.int64)
    rank = np.zeros(variant.size, dtype=np.intp)
    ok = np.ones(variant.size, dtype=bool)
    for position in range(variant.length):
        symbol = codes[:, position].astype(np.int64)
        new = is_free[symbol] & ((seen >> symbol) & 1 == 0)
        ok &= ~new | (symbol == expected[np.minimum(rank, len(free))])
        rank += new
        seen |= np.int64(1) << symbol
    return np.flatnonzero(ok).astype(np.intp)


def union(size: int, *groups: Indices) -> Indices:
    """The sorted union of index arrays below `size` (a mask, faster than np.union1d for big arrays)."""
    mask = np.zeros(size, dtype=bool)
    for group in groups:
        mask[group] = True
    return np.flatnonzero(mask).astype(np.intp)


def member(pool: Indices, group: Indices, size: int) -> npt.NDArray[np.bool_]:
    """Whether each index of `pool` is in `group` (both below `size`)."""
    mask = np.zeros(size, dtype=bool)
    mask[group] = True
    return mask[pool]
