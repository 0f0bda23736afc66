"""An independent brute force for puzzles: every code of a variant listed from itertools, scored by counting symbols
in numpy, with nothing from engine/ but the Variant's four numbers. The puzzle tests check the engine against it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

import numpy as np
import numpy.typing as npt

from engine.variant import Variant

Column = npt.NDArray[np.int8]


@dataclass(frozen=True, eq=False)
class Codes:
    """Every code of a variant, as strings, with each place's symbols and each symbol's count as columns (numpy adds
    columns quickly, and sums a short axis slowly)."""

    texts: tuple[str, ...]
    places: tuple[Column, ...]  # places[p][i]: the symbol at place p of code i
    counts: tuple[Column, ...]  # counts[s][i]: how many times symbol s appears in code i


@lru_cache(maxsize=32)
def codes_of(length: int, symbols: int, repeats: bool, leading_zero: bool) -> Codes:
    """Every code of these rules, from itertools."""
    pool = product(range(symbols), repeat=length) if repeats else permutations(range(symbols), length)
    rows = np.array([code for code in pool if leading_zero or code[0] != 0], dtype=np.int8)
    places = tuple(np.ascontiguousarray(rows[:, p]) for p in range(length))
    counts = tuple((rows == symbol).sum(axis=1, dtype=np.int8) for symbol in range(symbols))
    return Codes(tuple("".join(map(str, row)) for row in rows.tolist()), places, counts)


def every_code(variant: Variant) -> Codes:
    """Every code of the variant, listed by the brute force."""
    return codes_of(variant.length, variant.symbols, variant.repeats, variant.leading_zero)


def scores_against(codes: Codes, guess: str) -> tuple[Column, Column]:
    """(bulls, cows) of `guess` if each code were the secret: bulls by place, and bulls + cows, the symbols in
    common, as the sum over the guess's symbols of the smaller of the two counts."""
    row = [int(ch) for ch in guess]
    bulls = np.zeros(len(codes.texts), dtype=np.int8)
    for place, symbol in enumerate(row):
        bulls += codes.places[place] == symbol
    common = np.zeros(len(codes.texts), dtype=np.int8)
    for symbol in set(row):
        common += np.minimum(codes.counts[symbol], np.int8(row.count(symbol)))
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


@dataclass(frozen=True, eq=False)
class ScoreTable:
    """Every code's score against every code, as bulls * (length + 1) + cows, built from `scores_against`: a clue's
    fitting codes are then one row compared (for runs over thousands of puzzles of a small variant)."""

    codes: Codes
    where: dict[str, int]
    table: npt.NDArray[np.int8]  # table[g, s]: the score of guess g if s were the secret
    length: int

    def fit_rows(self, clues: list[tuple[str, int, int]]) -> npt.NDArray[np.bool_]:
        """(clues, codes): whether each code would have given each clue's score."""
        wanted = np.array([bulls * (self.length + 1) + cows for _, bulls, cows in clues], dtype=np.int8)
        return self.table[[self.where[guess] for guess, _, _ in clues]] == wanted[:, None]


def score_table(variant: Variant) -> ScoreTable:
    """The brute force's table of every score of the variant (its codes squared, in bytes)."""
    codes = every_code(variant)
    table = np.empty((len(codes.texts), len(codes.texts)), dtype=np.int8)
    for g, guess in enumerate(codes.texts):
        bulls, cows = scores_against(codes, guess)
        table[g] = bulls * (variant.length + 1) + cows
    return ScoreTable(codes, {text: i for i, text in enumerate(codes.texts)}, table, variant.length)
