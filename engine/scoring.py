"""Bulls and cows: exact scoring of one pair, and fast vectorised scoring in bulk."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.variant import Code, CodeArray, Variant

FeedbackIds = npt.NDArray[np.uint8]  # feedback ids, bulls * (length + 1) + cows

# Variants up to this many codes keep a full guess-by-secret table of feedback ids in memory
# (10000**2 bytes = 100 MB for mastermind10); bigger ones score one guess row at a time.
FULL_TABLE_LIMIT = 10_000

_POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 10)], dtype=np.uint8)


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
    """Vectorised scoring for one variant: rows of feedback ids, and the full table when it fits."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        codes = variant.codes
        self._codes = codes
        if variant.repeats:
            self._counts = np.stack(
                [(codes == symbol).sum(axis=1) for symbol in range(variant.symbols)], axis=1
            ).astype(np.uint8)
        else:
            self._masks = np.bitwise_or.reduce(np.left_shift(1, codes.astype(np.uint16)), axis=1)
        self._table: FeedbackIds | None = None

    def row_for(self, guess: CodeArray, among: CodeArray | None = None) -> FeedbackIds:
        """Feedback ids of one guess (a length-row of symbols) against every code, or those given."""
        return self.block_for(guess.reshape(1, -1), among)[0]

    def block_for(self, guesses: CodeArray, among: CodeArray | None = None) -> FeedbackIds:
        """Feedback ids, shape (len(guesses), len(among)), of each guess against each code."""
        secrets = self._codes if among is None else among
        bulls = (guesses[:, None, :] == secrets[None, :, :]).sum(axis=2, dtype=np.uint8)
        common = self._common(guesses, secrets, among is None)
        cows = common - bulls
        return (bulls * np.uint8(self.variant.length + 1) + cows).astype(np.uint8)

    def _common(self, guesses: CodeArray, secrets: CodeArray, all_codes: bool) -> npt.NDArray[np.uint8]:
        if self.variant.repeats:
            counts = self._counts if all_codes else self._counts_of(secrets)
            return np.minimum(self._counts_of(guesses)[:, None, :], counts[None, :, :]).sum(
                axis=2, dtype=np.uint8
            )
        masks = self._masks if all_codes else self._masks_of(secrets)
        return _POPCOUNT[self._masks_of(guesses)[:, None] & masks[None, :]]

    def _counts_of(self, codes: CodeArray) -> npt.NDArray[np.uint8]:
        return np.stack([(codes == s).sum(axis=1) for s in range(self.variant.symbols)], axis=1).astype(
            np.uint8
        )

    @staticmethod
    def _masks_of(codes: CodeArray) -> npt.NDArray[np.uint16]:
        return np.bitwise_or.reduce(np.left_shift(1, codes.astype(np.uint16)), axis=1)

    @property
    def has_table(self) -> bool:
        """Whether this variant is small enough for the full guess-by-secret table."""
        return self.variant.size <= FULL_TABLE_LIMIT

    @property
    def table(self) -> FeedbackIds:
        """The full (size, size) table of feedback ids, row = guess index, column = secret index."""
        if self._table is None:
            if not self.has_table:
                raise MemoryError(f"{self.variant.name} has too many codes for a full table")
            size = self.variant.size
            table = np.empty((size, size), dtype=np.uint8)
            step = max(1, 2_000_000 // size)
            for start in range(0, size, step):
                table[start : start + step] = self.block_for(self._codes[start : start + step])
            table.setflags(write=False)
            self._table = table
        return self._table

    def rows(self, guess_indices: npt.ArrayLike, secret_indices: npt.ArrayLike) -> FeedbackIds:
        """Feedback ids for guesses (by index) against secrets (by index), shape (guesses, secrets)."""
        g = np.asarray(guess_indices, dtype=np.intp)
        s = np.asarray(secret_indices, dtype=np.intp)
        if self.has_table:
            return self.table[np.ix_(g, s)]
        return self.block_for(self._codes[g], self._codes[s])

    def against(self, guess: Code, secret_indices: npt.ArrayLike | None = None) -> FeedbackIds:
        """Feedback ids of one guess (any valid code) against the secrets given by index (default all)."""
        if self.has_table:
            row = self.table[self.variant.index(guess)]
            return row if secret_indices is None else row[np.asarray(secret_indices, dtype=np.intp)]
        symbols = np.array([int(ch) for ch in guess], dtype=np.uint8)
        if secret_indices is None:
            return self.row_for(symbols)
        return self._row_at(symbols, np.asarray(secret_indices, dtype=np.intp))

    def _row_at(self, guess: CodeArray, indices: npt.NDArray[np.intp]) -> FeedbackIds:
        """Feedback ids of one guess against the codes at `indices`, reusing the per-code
        symbol counts or masks built once for the variant."""
        bulls = (self._codes[indices] == guess).sum(axis=1, dtype=np.uint8)
        if self.variant.repeats:
            common = np.minimum(self._counts[indices], self._counts_of(guess.reshape(1, -1))[0]).sum(
                axis=1, dtype=np.uint8
            )
        else:
            common = _POPCOUNT[self._masks[indices] & self._masks_of(guess.reshape(1, -1))[0]]
        return (bulls * np.uint8(self.variant.length + 1) + (common - bulls)).astype(np.uint8)


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
