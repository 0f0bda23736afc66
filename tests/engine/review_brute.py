"""An independent brute force for the review's measure, on small variants: plain Python scoring and plain
recursion over every code of the variant as the guess, memoised by set (no bounds, no symmetry, no kernels)."""

from __future__ import annotations

import itertools

from engine.variant import Variant


def all_codes(variant: Variant) -> list[str]:
    """The variant's codes, built apart from the engine's tables."""
    digits = "0123456789"[: variant.symbols]
    if variant.repeats:
        rows = itertools.product(digits, repeat=variant.length)
    else:
        rows = itertools.permutations(digits, variant.length)
    return ["".join(row) for row in rows if variant.leading_zero or row[0] != "0"]


def plain_score(secret: str, guess: str) -> tuple[int, int]:
    """Bulls and cows in plain Python."""
    bulls = sum(a == b for a, b in zip(secret, guess, strict=True))
    common = sum(min(secret.count(d), guess.count(d)) for d in set(guess))
    return bulls, common - bulls


class BruteForce:
    """T* and guess totals of any set of a small variant's codes. Sets are bitmasks over the codes (an int), each
    guess's parts one AND per answer with masks built from plain_score: fast enough for sets of a few dozen."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.codes = all_codes(variant)
        self.solved = (variant.length, 0)
        self._answers: list[dict[tuple[int, int], int]] = []  # per guess: answer -> mask of the codes giving it
        for guess in self.codes:
            masks: dict[tuple[int, int], int] = {}
            for bit, code in enumerate(self.codes):
                answer = plain_score(code, guess)
                masks[answer] = masks.get(answer, 0) | 1 << bit
            self._answers.append(masks)
        self._memo: dict[int, int] = {}

    def fitting(self, turns: list[tuple[str, tuple[int, int]]], pins: dict[int, int] | None = None) -> frozenset[str]:
        """The codes that give every turn its answer and have every pinned digit in place."""
        pins = pins or {}
        return frozenset(
            code
            for code in self.codes
            if all(plain_score(code, guess) == answer for guess, answer in turns)
            and all(code[p] == str(s) for p, s in pins.items())
        )

    def total(self, secrets: frozenset[str]) -> int:
        """T*: the least total guesses that solve every code of the set, any code of the variant guessed."""
        return self._total(self._mask(secrets))

    def guess_total(self, secrets: frozenset[str], guess: str) -> int:
        """|S| plus T* of every part but the win (a guess that learns nothing leaves S itself)."""
        return self._guess_total(self._mask(secrets), self.codes.index(guess))

    def _mask(self, secrets: frozenset[str]) -> int:
        return sum(1 << self.codes.index(code) for code in secrets)

    def _guess_total(self, mask: int, guess: int) -> int:
        total = mask.bit_count()
        for answer, codes in self._answers[guess].items():
            part = mask & codes
            if part and answer != self.solved:
                total += self._total(part)
        return total

    def _total(self, mask: int) -> int:
        size = mask.bit_count()
        if size == 1:
            return 1
        found = self._memo.get(mask)
        if found is None:
            found = min(
                self._guess_total(mask, guess)
                for guess in range(len(self.codes))
                if mask >> guess & 1 or all(mask & codes != mask for codes in self._answers[guess].values())
            )
            self._memo[mask] = found
        return found
