"""The possibilities tab: how many codes still fit a game's answers, the uncertainty left, and the codes themselves
a page at a time, each with what playing it next would be expected to tell (its entropy over the codes that fit).

The count is the engine's (`engine.history.candidates`, narrowed by `pinned` to the digits hints revealed), the same
the chat's coach and /think board give.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bot.games.model import Game
from engine.history import Pins, Turn, candidates, pinned
from engine.information import entropy_bits
from engine.scoring import scorer_for
from engine.variant import Code, Variant

PAGE_SIZE = 40  # codes a page: each is weighed against every code that fits (40 x 151,200 at most)


@dataclass(frozen=True)
class Possibilities:
    """One page of the codes that fit, in the variant's order, with the expected information of each as a guess."""

    count: int
    bits: float  # log2(count): the uncertainty left, in bits
    page: int  # 0-based
    pages: int
    codes: tuple[tuple[Code, float], ...]  # (code, expected bits if played next)


def revealed(game: Game) -> Pins:
    """The digits the player knows in their places: those the game's hints revealed (a referee game's)."""
    if game.secret is None:
        return {}
    return {int(position): int(game.secret[int(position)]) for position in game.hints}


def possibilities(
    variant: Variant, turns: Sequence[Turn], page: int = 0, size: int = PAGE_SIZE, pins: Pins | None = None
) -> Possibilities:
    """The codes of `variant` that fit `turns` (and have the `pins` a referee's hints revealed, as the chat's coach
    counts them), page `page` of them (clamped to the last); runs the engine's scoring, so call it in a thread."""
    alive = pinned(variant, candidates(variant, turns), pins or {})
    count = len(alive)
    pages = max(1, math.ceil(count / size))
    page = min(max(page, 0), pages - 1)
    shown = alive[page * size : (page + 1) * size]
    scorer = scorer_for(variant)
    weighed = []
    for index in shown:
        code = variant.code(int(index))
        parts = np.bincount(scorer.against(code, alive), minlength=variant.feedback_count)
        weighed.append((code, round(float(entropy_bits(parts)), 2)))
    bits = round(math.log2(count), 2) if count else 0.0
    return Possibilities(count, bits, page, pages, tuple(weighed))
