"""Bulls and cows: exact scoring of one pair, and fast vectorised scoring in bulk."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine import kernels
from engine.variant import Code, CodeArray, Variant

FeedbackIds = npt.NDArray[np.uint8]  # feedback ids, bulls * (length + 1) + cows

# Variants up to this many codes weigh every guess against every candidate; bigger ones score
# samples. Only the optimal solver builds a full table (10000**2 bytes = 100 MB for mastermind10).
FULL_TABLE_LIMIT = 10_000


class Score(NamedTuple):
    """The answer to a guess: bulls (right symbol, right place) and cows (right symbol, wrong place)."""

    bulls: int
    cows: int

    def id(self, length: int) -> int:
        """This score as a small integer for a code length: bulls * (length + 1) + cows."""
        return self.bulls * (length + 1) + self.cows

    @classmethod
    def from_id(cls, feedback: int, length: int) -> Score:
        """The score a feedback id stands for."""
        return cls(*divmod(int(feedback), length + 1))

    def __str__(self) -> str:
        return f"{self.bulls}B{self.cows}C"


def score(secret: Code, guess: Code) -> Score:
    """The bulls and cows of `guess` against `secret`; cows per symbol as in Mastermind.

    >>> score("1234", "1243")
    Score(bulls=2, cows=2)
    """
    bulls = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(symbol), guess.count(symbol)) for symbol in set(guess))
    return Score(bulls, common - bulls)


class Scorer:
    """Scoring in bulk for one variant, by the kernels of `engine.kernels` (no table needed);
    the full guess-by-secret table is built only on request."""

    def __init__(self, variant: Variant) -> None:
        self._kernels = kernels
        self.variant = variant
        self.places, self.counts = self._kernels.code_words(variant.codes, variant.symbols)
        self._table: FeedbackIds | None = None

    def row_for(self, guess: CodeArray, among: CodeArray | None = None) -> FeedbackIds:
        """Feedback ids of one guess (a length-row of symbols) against every code, or those given."""
        return self.block_for(guess.reshape(1, -1), among)[0]

    def block_for(self, guesses: CodeArray, among: CodeArray | None = None) -> FeedbackIds:
        """Feedback ids, shape (len(guesses), len(among)), of each guess against each code."""
        symbols = self.variant.symbols
        g_places, g_counts = self._kernels.code_words(np.asarray(guesses, dtype=np.uint8), symbols)
        if among is None:
            s_places, s_counts = self.places, self.counts
        else:
            s_places, s_counts = self._kernels.code_words(np.asarray(among, dtype=np.uint8), symbols)
        places = np.concatenate([g_places, s_places])
        counts = np.concatenate([g_counts, s_counts])
        guess_at = np.arange(len(g_places), dtype=np.intp)
        secret_at = np.arange(len(g_places), len(places), dtype=np.intp)
        return self._kernels.feedback_block(places, counts, guess_at, secret_at, self.variant.length)

    @property
    def has_table(self) -> bool:
        """Whether this variant is small enough to weigh every guess against every secret
        (and for the full table, when the solver asks for it)."""
        return self.variant.size <= FULL_TABLE_LIMIT

    @property
    def table(self) -> FeedbackIds:
        """The full (size, size) table of feedback ids, row = guess index, column = secret index."""
        if self._table is None:
            if not self.has_table:
                raise MemoryError(f"{self.variant.name} has too many codes for a full table")
            everything = np.arange(self.variant.size, dtype=np.intp)
            table = self._kernels.feedback_block(self.places, self.counts, everything, everything, self.variant.length)
            table.setflags(write=False)
            self._table = table
        return self._table

    def rows(self, guess_indices: npt.ArrayLike, secret_indices: npt.ArrayLike) -> FeedbackIds:
        """Feedback ids for guesses (by index) against secrets (by index), shape (guesses, secrets)."""
        g = np.asarray(guess_indices, dtype=np.intp)
        s = np.asarray(secret_indices, dtype=np.intp)
        return self._kernels.feedback_block(self.places, self.counts, g, s, self.variant.length)

    def against(self, guess: Code, secret_indices: npt.ArrayLike | None = None) -> FeedbackIds:
        """Feedback ids of one guess (any valid code) against the secrets given by index (default all)."""
        g = self.variant.index(guess)
        if secret_indices is None:
            return self._kernels.feedback_all(
                self.places, self.counts, self.places[g], self.counts[g], self.variant.length
            )
        s = np.asarray(secret_indices, dtype=np.intp)
        return self._kernels.feedback_row(
            self.places, self.counts, self.places[g], self.counts[g], s, self.variant.length
        )

    def fitting(
        self, guesses: npt.NDArray[np.intp], answers: npt.NDArray[np.int64], secret_indices: npt.NDArray[np.intp]
    ) -> npt.NDArray[np.intp]:
        """The secrets (by index) that give every guess (by index) its answer (a feedback id)."""
        return self._kernels.fitting(
            self.places, self.counts, guesses, answers, np.ascontiguousarray(secret_indices), self.variant.length
        )


@lru_cache(maxsize=16)
def scorer_for(variant: Variant) -> Scorer:
    """The shared Scorer of a variant (its arrays are built once per process)."""
    return Scorer(variant)


@lru_cache(maxsize=64)
def possible_scores(variant: Variant) -> tuple[Score, ...]:
    """Every score that some guess can get against some secret of the variant, in reading order."""
    scorer = scorer_for(variant)
    found: set[int] = set()
    for guess in _representative_guesses(variant):
        found.update(np.unique(scorer.row_for(guess)).tolist())
    return tuple(sorted(Score.from_id(f, variant.length) for f in found))


def _representative_guesses(variant: Variant) -> list[CodeArray]:
    """Valid guesses such that every guess is one of them up to renaming symbols (and, when
    the leading zero is allowed, reordering positions): scores are invariant under both."""
    guesses: dict[tuple[object, ...], CodeArray] = {}
    for pattern in _patterns(variant.length, variant.symbols, variant.repeats):
        classes = max(pattern) + 1
        # which class, if any, is labelled 0 matters only when a leading zero is forbidden
        zero_choices: list[int | None] = [0] if variant.leading_zero else [None, *range(classes)]
        for zero in zero_choices:
            if zero is None and classes >= variant.symbols:
                continue
            others = iter(range(1, variant.symbols))
            labels = [0 if cls == zero else next(others) for cls in range(classes)]
            code = np.array([labels[c] for c in pattern], dtype=np.uint8)
            if variant.leading_zero or code[0] != 0:
                guesses.setdefault(_shape(code, variant.leading_zero), code)
    return list(guesses.values())


def _shape(code: CodeArray, leading_zero: bool) -> tuple[object, ...]:
    """What a guess looks like once symbols are renamed and positions reordered (keeping 0 and
    the first position apart when a leading zero is forbidden): equal shapes score alike."""
    symbols = code.tolist()
    if leading_zero:
        return (tuple(sorted(symbols.count(s) for s in set(symbols))),)
    nonzero = sorted(symbols.count(s) for s in set(symbols) if s != 0)
    return (symbols.count(0), symbols.count(symbols[0]), tuple(nonzero))


def _patterns(length: int, symbols: int, repeats: bool) -> list[list[int]]:
    """Every way positions can share symbols, as restricted growth strings ([0, 1, 0, 2], ...)."""
    if not repeats:
        return [list(range(length))]
    out: list[list[int]] = []

    def extend(prefix: list[int], top: int) -> None:
        if len(prefix) == length:
            out.append(prefix)
            return
        for cls in range(min(top + 2, symbols)):
            extend([*prefix, cls], max(top, cls))

    extend([], -1)
    return out


def is_possible(variant: Variant, answer: Score) -> bool:
    """Whether some guess and secret of the variant can produce this score."""
    return answer in possible_scores(variant)
