"""Puzzle Storm: a timed run of "Which code is it?" puzzles, each a little harder, drawn from puzzles made ahead.

A run never waits on the engine: the bot keeps a stock of puzzles made ahead (`make_puzzle`), buckets the
Storm-ready ones into tiers by difficulty (`storm_tiers`), and draws a run from the tiers (`storm_sequence`), easiest
tier first; answers are graded by `grade` (60 µs a classic answer). Storm-ready means quick to read and solve: few
clues (`storm_ready`). The difficulty a tier is cut by is the estimate (`Difficulty.estimate`), or a puzzle's rating
(μ) once people's attempts have given it one: the functions take any number, lower meaning easier.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from engine.inverse.difficulty import Difficulty

T = TypeVar("T")

STORM_MAX_CLUES = 4  # a Storm puzzle reads at a glance: 77% of classic puzzles have at most 4 clues
STORM_TIERS = 6  # a run climbs through this many tiers of difficulty


def storm_ready(difficulty: Difficulty) -> bool:
    """Whether a puzzle of this difficulty suits Storm: few enough clues to read and weigh in seconds.

    >>> storm_ready(Difficulty(3, (2.0, 2.0, 2.0), (4, 4, 4), (64, 8, 1), 1, 16.0))
    True
    """
    return difficulty.clues <= STORM_MAX_CLUES


def storm_tiers(stock: Sequence[tuple[T, float]], tiers: int = STORM_TIERS) -> list[list[T]]:
    """The stock's puzzles (each with its difficulty, lower is easier) in `tiers` tiers of as equal sizes as can be,
    easiest first; equal difficulties keep the stock's order.

    >>> storm_tiers([("a", 3.0), ("b", 1.0), ("c", 2.0), ("d", 4.0)], 2)
    [['b', 'c'], ['a', 'd']]
    """
    if tiers < 1:
        raise ValueError("a Storm needs at least one tier")
    ranked = [item for item, _ in sorted(stock, key=lambda pair: pair[1])]
    size, extra = divmod(len(ranked), tiers)
    out, start = [], 0
    for tier in range(tiers):
        end = start + size + (tier < extra)
        out.append(ranked[start:end])
        start = end
    return out


def storm_sequence(stock_by_tier: Sequence[Sequence[T]], rng: random.Random, length: int) -> list[T]:
    """A run of `length` puzzles (fewer if the stock has fewer), none twice, that never gets easier: the run's places
    shared out among the tiers in order, each tier's puzzles drawn at random and kept in the tier's order (sorted by
    difficulty, as `storm_tiers` gives them); a tier short of puzzles is made up from the nearest tiers that have some
    (the harder first).

    >>> storm_sequence([["a", "b"], ["c"], ["d", "e"]], random.Random(1), 3)[1]
    'c'
    """
    tiers = len(stock_by_tier)
    left = [len(tier) for tier in stock_by_tier]
    taken = [0] * tiers
    for place in range(length if tiers else 0):
        source = _nearest_with_stock(left, place * tiers // length)
        if source is None:
            break
        left[source] -= 1
        taken[source] += 1
    run: list[T] = []
    for tier, count in zip(stock_by_tier, taken, strict=True):
        run += [tier[i] for i in sorted(rng.sample(range(len(tier)), count))]
    return run


def _nearest_with_stock(left: Sequence[int], tier: int) -> int | None:
    """The tier nearest `tier` (itself first, then the harder of two as near) with a puzzle left; None if none has."""
    for distance in range(len(left)):
        for source in (tier + distance, tier - distance):
            if 0 <= source < len(left) and left[source] > 0:
                return source
    return None
