"""Guessing strategies: interchangeable callables that pick the next guess from a variant and a history."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np
import numpy.typing as npt

from engine import kernels
from engine.history import History, candidates
from engine.information import Counts
from engine.splits import canonical_guesses, fixed_symbols, member, splitter_for, union
from engine.sweep import Tree
from engine.variant import Code, Indices, Variant

Measure = Callable[[Counts, int], npt.NDArray[np.float64]]  # (counts, solved id) -> badness per guess


class Strategy(Protocol):
    """Anything that picks the next guess for a variant and a history of turns."""

    def __call__(self, variant: Variant, history: History) -> Code:
        """The next guess; raises NoCandidates if no secret fits the history."""
        ...


class NoCandidates(ValueError):
    """No secret of the variant fits the history: some answer in it was wrong."""

    def __init__(self, variant: Variant, history: History) -> None:
        turns = ", ".join(f"{t.guess} {t.answer}" for t in history)
        super().__init__(f"no {variant.name} secret fits every answer ({turns})")
        self.variant = variant
        self.history = tuple(history)


def history_key(history: History) -> str:
    """A history as readable text, e.g. '0123:0B2C 4567:1B1C' (used as a book key and a seed)."""
    return " ".join(f"{turn.guess}:{turn.answer}" for turn in history)


def alive_or_raise(variant: Variant, history: History) -> Indices:
    """Indices of the secrets that fit the history; NoCandidates if there are none."""
    alive = candidates(variant, history)
    if len(alive) == 0:
        raise NoCandidates(variant, history)
    return alive


def rng_for(variant: Variant, history: History, salt: int = 0) -> np.random.Generator:
    """A random generator seeded by the variant and history, so sampled decisions are reproducible."""
    seed = zlib.crc32(f"{variant.name}|{history_key(history)}|{salt}".encode())
    return np.random.default_rng(seed)


# --- measures: lower is better -----------------------------------------------------------------


def neg_entropy(counts: Counts, solved: int) -> npt.NDArray[np.float64]:
    """Minus the Shannon entropy of each partition, in nats (sum of c ln c over n, minus ln n)."""
    total = counts.sum(axis=1)
    terms = _c_log_c(int(counts.max(initial=1)))[counts].sum(axis=1)
    return np.asarray(terms / np.maximum(total, 1) - np.log(np.maximum(total, 1)))


@lru_cache(maxsize=8)
def _c_log_c(size: int) -> npt.NDArray[np.float64]:
    """c * ln(c) for c = 0..size (0 for c = 0), a lookup table."""
    c = np.arange(size + 1, dtype=np.float64)
    out = c * np.log(np.maximum(c, 1.0))
    out.setflags(write=False)
    return out


def sum_of_squares(counts: Counts, solved: int) -> npt.NDArray[np.float64]:
    """Sum of squared part sizes: the expected size of the part left, times the candidates."""
    c = counts.astype(np.float64)
    return np.asarray((c * c).sum(axis=1))


def largest_part(counts: Counts, solved: int) -> npt.NDArray[np.float64]:
    """The largest part, with the sum of squares as a small tie-breaker (Knuth-style minimax)."""
    c = counts.astype(np.float64)
    return np.asarray(c.max(axis=1) + (c * c).sum(axis=1) / (c.sum(axis=1) ** 2 + 1.0))


def minus_parts(counts: Counts, solved: int) -> npt.NDArray[np.float64]:
    """Minus the number of non-empty parts (the 'most parts' measure)."""
    return np.asarray(-(counts > 0).sum(axis=1), dtype=np.float64)


def kernel_measure(measure: Measure) -> int | None:
    """The number under which `engine.kernels` computes this measure (bit for bit), or None."""
    return _KERNEL_MEASURES.get(measure)


def best_index(scores: npt.NDArray[np.float64], is_candidate: npt.NDArray[np.bool_]) -> int:
    """Position of the lowest score; ties go to a candidate, then to the earliest position."""
    rounded = np.round(scores, 9)
    lowest = rounded.min()
    tied = np.flatnonzero(rounded == lowest)
    preferred = tied[is_candidate[tied]]
    return int(preferred[0] if len(preferred) else tied[0])


_KERNEL_MEASURES: dict[Measure, int] = {
    neg_entropy: kernels.ENTROPY,
    sum_of_squares: kernels.SQUARES,
    largest_part: kernels.LARGEST,
    minus_parts: kernels.PARTS,
}


def best_of(
    variant: Variant, measure: Measure, pool: Indices, secrets: Indices, is_candidate: npt.NDArray[np.bool_]
) -> int:
    """Position in `pool` of the guess whose split of `secrets` scores best (best_index's ties):
    compiled when the measure has a kernel, else through the partition counts."""
    splitter = splitter_for(variant)
    number = kernel_measure(measure)
    if number is not None:
        return splitter.best(pool, secrets, is_candidate, number)
    return best_index(measure(splitter.counts(pool, secrets), variant.solved), is_candidate)


def scores_of(variant: Variant, measure: Measure, pool: Indices, secrets: Indices) -> npt.NDArray[np.float64]:
    """Each pool guess's badness splitting `secrets` (compiled when the measure has a kernel)."""
    splitter = splitter_for(variant)
    number = kernel_measure(measure)
    if number is not None:
        return splitter.scores(pool, secrets, number)
    return measure(splitter.counts(pool, secrets), variant.solved)


@lru_cache(maxsize=64)
def first_guess(variant: Variant, measure: Measure) -> Code:
    """The opening guess under a measure: the best of the guesses distinct up to relabelling symbols
    (derived once per process)."""
    everything = np.arange(variant.size, dtype=np.intp)
    pool = canonical_guesses(variant, fixed_symbols(variant, ()))
    return variant.code(int(pool[best_of(variant, measure, pool, everything, np.ones(len(pool), dtype=bool))]))


def forced_move(variant: Variant, history: History, measure: Measure) -> tuple[Indices, Code | None]:
    """The secrets that fit the history, and the move when there is nothing to weigh: the measure's
    opening guess, or the only candidate left (None otherwise). NoCandidates if nothing fits."""
    alive = alive_or_raise(variant, history)
    if len(alive) == 1:
        return alive, variant.code(int(alive[0]))
    if not history:
        return alive, first_guess(variant, measure)
    return alive, None


@dataclass(frozen=True)
class Greedy:
    """Plays the guess whose split of the candidates scores best under a measure (one-step look-ahead).

    Guesses are considered up to relabelling unguessed symbols. Big variants (no full table) score a
    reproducible sample: every candidate when few remain, else `guess_sample` guesses, against at most
    `secret_sample` of the candidates.
    """

    measure: Measure
    name: str = "greedy"
    guess_sample: int = 400
    secret_sample: int = 4000

    def __call__(self, variant: Variant, history: History) -> Code:
        alive, forced = forced_move(variant, history, self.measure)
        if forced is not None:
            return forced
        pool, secrets = self.pools(variant, history, alive)
        return variant.code(int(pool[best_of(variant, self.measure, pool, secrets, member(pool, alive, variant.size))]))

    def compiled_tree(self, variant: Variant, history: History, alive: Indices) -> Tree | None:
        """Every decision below `history` for the secrets `alive`, made in one compiled pass (the same
        decisions as calling this strategy node by node); None where it samples or has no kernel."""
        number = kernel_measure(self.measure)
        splitter = splitter_for(variant)
        if number is None or not splitter.has_table:
            return None
        if len(alive) == 0:
            raise NoCandidates(variant, history)
        opening = -1 if history else variant.index(first_guess(variant, self.measure))
        return splitter.tree(alive, fixed_symbols(variant, history), opening, number)

    def pools(self, variant: Variant, history: History, alive: Indices) -> tuple[Indices, Indices]:
        """The guesses to consider and the secrets to score them against, for this history."""
        guesses = canonical_guesses(variant, fixed_symbols(variant, history))
        if splitter_for(variant).has_table:
            return guesses, alive
        rng = rng_for(variant, history)
        secrets = alive if len(alive) <= self.secret_sample else np.sort(rng.choice(alive, self.secret_sample, False))
        if len(guesses) > self.guess_sample:
            guesses = np.sort(rng.choice(guesses, self.guess_sample, replace=False))
        extra = alive if len(alive) <= self.guess_sample else np.sort(rng.choice(alive, self.guess_sample // 4, False))
        return union(variant.size, guesses, extra), secrets


@dataclass(frozen=True)
class RandomCandidate:
    """Plays a random code that could still be the secret (reproducible per history and seed)."""

    seed: int = 0
    name: str = "random-candidate"

    def __call__(self, variant: Variant, history: History) -> Code:
        alive = alive_or_raise(variant, history)
        return variant.code(int(rng_for(variant, history, self.seed).choice(alive)))


@dataclass(frozen=True)
class FirstCandidate:
    """Plays the first code, in lexicographic order, that could still be the secret."""

    name: str = "first-candidate"

    def __call__(self, variant: Variant, history: History) -> Code:
        return variant.code(int(alive_or_raise(variant, history)[0]))
