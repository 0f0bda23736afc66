"""How guesses split candidate sets: bulk feedback ids, partition counts, and guesses up to symmetry."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from engine import kernels, sweep
from engine.history import History
from engine.information import Counts
from engine.scoring import FeedbackIds, scorer_for
from engine.variant import Indices, Variant


class Splitter:
    """Feedback ids and partition counts for one variant, scored on the fly by the kernels
    (`engine.kernels`): feedback id = length * |same symbol, same place| + |common symbols|."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.feedbacks = variant.feedback_count
        self.solved = variant.solved
        scorer = scorer_for(variant)
        self._places, self._counts = scorer.places, scorer.counts
        self._exhaustive = scorer.has_table
        self._code_masks = np.bitwise_or.reduce(np.left_shift(1, variant.codes.astype(np.int64)), axis=1)
        self._pools: sweep.Pools | None = None

    @property
    def has_table(self) -> bool:
        """Whether the variant is small enough to weigh every guess against every candidate."""
        return self._exhaustive

    def feedback(self, guesses: Indices, secrets: Indices) -> FeedbackIds:
        """Feedback ids, shape (len(guesses), len(secrets)), of each guess against each secret."""
        return kernels.feedback_block(
            self._places, self._counts, _indices(guesses), _indices(secrets), self.variant.length
        )

    def counts(self, guesses: Indices, secrets: Indices) -> Counts:
        """Partition counts, shape (len(guesses), feedback ids), of the secrets under each guess."""
        return kernels.counts_block(
            self._places, self._counts, _indices(guesses), _indices(secrets), self.variant.length, self.feedbacks
        )

    def best(self, pool: Indices, secrets: Indices, is_candidate: npt.NDArray[np.bool_], measure: int) -> int:
        """Position in `pool` of the best split of `secrets` under a measure numbered as in
        `engine.kernels` (rounded to 9 decimals; ties to a candidate, then to the first)."""
        c_log_c, log_n = _log_tables(self.variant.size)
        return int(
            kernels.best_guess(
                self._places,
                self._counts,
                _indices(pool),
                _indices(secrets),
                is_candidate,
                self.variant.length,
                self.feedbacks,
                measure,
                c_log_c,
                log_n,
            )
        )

    def scores(self, pool: Indices, secrets: Indices, measure: int) -> npt.NDArray[np.float64]:
        """Each pool guess's badness (a measure numbered as in `engine.kernels`) splitting `secrets`."""
        c_log_c, log_n = _log_tables(self.variant.size)
        return kernels.measure_scores(
            self._places,
            self._counts,
            _indices(pool),
            _indices(secrets),
            self.variant.length,
            self.feedbacks,
            measure,
            c_log_c,
            log_n,
        )

    def two_step_costs(
        self,
        contenders: Indices,
        helpers: Indices,
        secrets: Indices,
        estimate: npt.NDArray[np.float64],
        prune: bool = False,
    ) -> npt.NDArray[np.float64]:
        """Each contender's cost two guesses deep (see `engine.kernels.two_step_costs`): for every part
        it leaves of `secrets`, the part's size plus the least `estimate`d cost that a helper or one of
        the part's own secrets leaves of it (`estimate[m] >= m` is assumed: the kernel stops weighing
        follow-ups at one that leaves single secrets). With `prune`, only the cheapest is sure to be exact: a
        contender that cannot beat one before it gets infinity."""
        return kernels.two_step_costs(
            self._places,
            self._counts,
            _indices(contenders),
            _indices(helpers),
            _indices(secrets),
            self.variant.length,
            self.feedbacks,
            self.solved,
            estimate,
            prune,
        )

    def tree(self, alive: Indices, fixed: int, opening: int, measure: int) -> sweep.Tree:
        """The greedy tree (measure numbered as in `engine.kernels`) below a position whose candidates
        are `alive` and guessed symbols `fixed`, playing `opening` there if >= 0; see `engine.sweep`
        (no nodes when a guess would tell nothing)."""
        variant = self.variant
        if self._pools is None:
            self._pools = kernels.new_pools(variant.symbols)
        c_log_c, log_n = _log_tables(variant.size)
        arrays = kernels.greedy_tree(
            self._places,
            self._counts,
            variant.codes,
            self._code_masks,
            _indices(alive),
            fixed,
            opening,
            variant.solved,
            self.feedbacks,
            measure,
            c_log_c,
            log_n,
            self._pools,
        )
        if arrays is None:
            return sweep.Tree(*(np.zeros(0, dtype=np.int64) for _ in range(8)))
        return sweep.Tree(*arrays)


def _indices(values: Indices) -> Indices:
    return np.ascontiguousarray(values, dtype=np.intp)


@lru_cache(maxsize=8)
def _log_tables(size: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """c * ln(c) and ln(c) for c = 0..size (0 for c = 0), computed by numpy as the measures are."""
    c = np.arange(size + 1, dtype=np.float64)
    return c * np.log(np.maximum(c, 1.0)), np.log(np.maximum(c, 1.0))


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
    symbols appear in increasing order of first use. Computed once per variant and mask.
    """
    return _canonical(variant, fixed)


@lru_cache(maxsize=4096)
def _canonical(variant: Variant, fixed: int) -> Indices:
    free = [s for s in range(variant.symbols) if not fixed >> s & 1]
    if len(free) <= 1:
        out = np.arange(variant.size, dtype=np.intp)
    else:
        out = np.flatnonzero(kernels.canonical_mask(variant.codes, fixed, variant.symbols)).astype(np.intp)
    out.setflags(write=False)
    return out


def union(size: int, *groups: Indices) -> Indices:
    """The sorted union of index arrays below `size` (a mask, faster than np.union1d for big arrays)."""
    mask = np.zeros(size, dtype=bool)
    for group in groups:
        mask[group] = True
    return np.flatnonzero(mask).astype(np.intp)


def member(pool: Indices, group: Indices, size: int) -> npt.NDArray[np.bool_]:
    """Whether each index of `pool` is in `group` (both below `size`)."""
    return kernels.member_mask(_indices(pool), _indices(group), size)
