"""A "Which code is it?" puzzle as plain data: the variant, the clues (guess → score), the one code that fits them
all, the difficulty estimate and the seed it was made from; as a JSON-ready dict and back, checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.history import History, Turn, candidates
from engine.inverse.difficulty import Difficulty, difficulty_of
from engine.inverse.masks import fit_masks
from engine.scoring import Score, is_possible
from engine.variant import Code, Indices, InvalidCode, InvalidVariant, Variant, variant_named

# Which puzzle a seed makes: bumped whenever make_puzzle would make another puzzle from the same variant and seed,
# so that a stored seed is read with the generator that made it.
GENERATOR_VERSION = 1

MAX_CLUES = 64  # more than any puzzle made has: a stored or sent puzzle with more is refused unread


class InvalidPuzzle(ValueError):
    """Puzzle data that is malformed, or whose clues do not leave exactly its solution; str() says why."""


@dataclass(frozen=True)
class Puzzle:
    """Clues that exactly one code of the variant fits (`solution`), how hard they look, and the seed they came from
    (None when made from a caller's own random.Random)."""

    variant: Variant
    clues: tuple[Turn, ...]
    solution: Code
    difficulty: Difficulty
    seed: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data: {"version", "variant", "seed", "solution", "clues": [[guess, bulls, cows],
        ...], "difficulty": {...}}; `from_dict` reads it back."""
        return {
            "version": GENERATOR_VERSION,
            "variant": self.variant.name,
            "seed": self.seed,
            "solution": self.solution,
            "clues": [[clue.guess, clue.answer.bulls, clue.answer.cows] for clue in self.clues],
            "difficulty": {
                "estimate": self.difficulty.estimate,
                "clues": self.difficulty.clues,
                "bits_alone": list(self.difficulty.bits_alone),
                "left_without": list(self.difficulty.left_without),
                "path": list(self.difficulty.path),
                "cases": self.difficulty.cases,
            },
        }

    def as_public_dict(self) -> dict[str, Any]:
        """What a player may be sent before solving (the Mini App, a share): the variant and the clues only. The
        solution, of course, and the seed, which makes the same puzzle again, stay with the bot."""
        return {
            "variant": self.variant.name,
            "clues": [[clue.guess, clue.answer.bulls, clue.answer.cows] for clue in self.clues],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, recheck: bool = True) -> Puzzle:
        """The puzzle in `as_dict`'s data, its form checked (the variant, every code and score); with `recheck`, also
        that the clues leave exactly the solution and need every clue, its difficulty worked out again; without, the
        stored difficulty is read, for data the bot wrote itself (rechecking a 6-digit puzzle takes a tenth of a
        second or more). InvalidPuzzle when anything is wrong."""
        try:
            variant = variant_named(str(data["variant"]))
            raw = data["clues"]
            if not isinstance(raw, Sequence) or isinstance(raw, str) or not 0 < len(raw) <= MAX_CLUES:
                raise InvalidPuzzle(f"clues must be a list of 1 to {MAX_CLUES}")
            clues = tuple(_clue(variant, item) for item in raw)
            solution = variant.parse(str(data["solution"]))
            seed = data.get("seed")
            if seed is not None and not _is_int(seed):
                raise InvalidPuzzle("the seed must be an integer or null")
            if recheck:
                return checked(variant, clues, solution, seed)
            return cls(variant, clues, solution, _difficulty(data["difficulty"], len(clues)), seed)
        except (KeyError, TypeError, ValueError, InvalidVariant, InvalidCode) as error:
            if isinstance(error, InvalidPuzzle):
                raise
            raise InvalidPuzzle(f"malformed puzzle: {error!r}") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _difficulty(data: Any, clues: int) -> Difficulty:
    """The stored difficulty measures, their form checked."""
    per_clue = {name: list(data[name]) for name in ("bits_alone", "left_without")}
    path = list(data["path"])
    counts = [*per_clue["left_without"], *path, data["cases"], data["clues"]]
    if not all(_is_int(n) and n >= 1 for n in counts) or data["clues"] != clues:
        raise InvalidPuzzle("the difficulty's counts are whole numbers, one a clue")
    if any(len(values) != clues for values in (*per_clue.values(), path)):
        raise InvalidPuzzle("the difficulty has a measure a clue")
    return Difficulty(
        clues=clues,
        bits_alone=tuple(float(b) for b in per_clue["bits_alone"]),
        left_without=tuple(per_clue["left_without"]),
        path=tuple(path),
        cases=data["cases"],
        estimate=float(data["estimate"]),
    )


def _clue(variant: Variant, item: Any) -> Turn:
    """A clue from its data [guess, bulls, cows], checked against the variant."""
    if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 3:
        raise InvalidPuzzle(f"a clue is [guess, bulls, cows], not {item!r}")
    guess, bulls, cows = item
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (bulls, cows)):
        raise InvalidPuzzle(f"bulls and cows are integers: {item!r}")
    answer = Score(bulls, cows)
    if not is_possible(variant, answer):
        raise InvalidPuzzle(f"no guess of {variant.name} scores {bulls} bulls and {cows} cows")
    return Turn(variant.parse(str(guess)), answer)


def solutions(variant: Variant, clues: History) -> Indices:
    """The codes (indices) of the variant that fit every clue, counted by the engine's candidates."""
    return candidates(variant, clues, among=np.arange(variant.size, dtype=np.intp))


def checked(variant: Variant, clues: Sequence[Turn], solution: Code, seed: int | None = None) -> Puzzle:
    """A puzzle of these clues, with its difficulty, once they are known to leave exactly `solution` (the engine's
    candidates count them) and to need every clue; else InvalidPuzzle."""
    clues = tuple(clues)
    fitting = solutions(variant, clues)
    if len(fitting) != 1 or variant.code(int(fitting[0])) != solution:
        raise InvalidPuzzle(f"{len(fitting)} codes fit the clues, and the solution must be the only one")
    difficulty = difficulty_of(variant, clues, fit_masks(variant, clues))
    if min(difficulty.left_without) < 2:
        raise InvalidPuzzle("a clue is not needed: the others leave the solution alone")
    return Puzzle(variant, clues, solution, difficulty, seed)
