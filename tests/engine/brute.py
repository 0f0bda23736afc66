"""An independent brute force for puzzles: every code of a variant listed from itertools, scored by counting symbols
in numpy, with nothing from engine/ but the Variant's four numbers. The puzzle tests check the engine against it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

import numpy as np
import numpy.typing as npt

from engine.variant import Variant


@dataclass(frozen=True)
class Codes:
    """Every code of a variant: as rows of symbols, as strings, and each symbol's count in each."""

    rows: npt.NDArray[np.int64]  # (codes, length)
    texts: tuple[str, ...]
    counts: npt.NDArray[np.int64]  # (codes, symbols)


@lru_cache(maxsize=32)
def codes_of(length: int, symbols: int, repeats: bool, leading_zero: bool) -> Codes:
    """Every code of these rules, from itertools."""
    pool = product(range(symbols), repeat=length) if repeats else permutations(range(symbols), length)
    rows = np.array([code for code in pool if leading_zero or code[0] != 0], dtype=np.int64)
    counts = np.stack([(rows == symbol).sum(axis=1) for symbol in range(symbols)], axis=1)
    return Codes(rows, tuple("".join(map(str, row)) for row in rows.tolist()), counts)


def every_code(variant: Variant) -> Codes:
    """Every code of the variant, listed by the brute force."""
    return codes_of(variant.length, variant.symbols, variant.repeats, variant.leading_zero)


def scores_against(codes: Codes, guess: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(bulls, cows) of `guess` if each code were the secret: bulls by place, cows from the symbols' counts."""
    row = np.array([int(ch) for ch in guess], dtype=np.int64)
    bulls = (codes.rows == row).sum(axis=1)
    guess_counts = np.bincount(row, minlength=codes.counts.shape[1])
    common = np.minimum(codes.counts, guess_counts).sum(axis=1)
    return bulls, common - bulls


def fit_rows(codes: Codes, clues: list[tuple[str, int, int]]) -> npt.NDArray[np.bool_]:
    """(clues, codes): whether each code would have given each clue's score."""
    out = np.empty((len(clues), len(codes.texts)), dtype=np.bool_)
    for i, (guess, bulls, cows) in enumerate(clues):
        b, c = scores_against(codes, guess)
        out[i] = (b == bulls) & (c == cows)
    return out


def score_pair(secret: str, guess: str) -> tuple[int, int]:
    """Bulls and cows of one guess against one secret, counted by hand."""
    bulls = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(ch), guess.count(ch)) for ch in set(guess))
    return bulls, common - bulls
