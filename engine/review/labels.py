"""How a guess's loss reads to a player: its label, and a game's accuracy.

A guess's loss is how many more guesses it costs on average than the best guess at its position (see
`engine.review`); the labels cut that scale where a player feels the difference.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

# A loss this small is no loss: costs are ratios of whole totals, so an exact loss is 0 or at least 1/|S|,
# and an estimate's rounding stays far below this.
BEST_TOLERANCE = 1e-9
# Losses below each threshold, in expected guesses, earn the label above it (the thresholds).
EXCELLENT_BELOW = 0.05
GOOD_BELOW = 0.2
INACCURACY_BELOW = 0.5
MISTAKE_BELOW = 1.0


class Label(StrEnum):
    """What a guess was, by its loss: best (no loss) down to blunder (a whole guess or more)."""

    BEST = "best"
    EXCELLENT = "excellent"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


_CUTS = ((EXCELLENT_BELOW, Label.EXCELLENT), (GOOD_BELOW, Label.GOOD), (INACCURACY_BELOW, Label.INACCURACY))


def label_for(loss: float) -> Label:
    """The label of a guess that loses `loss` expected guesses against the best one.

    >>> label_for(0.0), label_for(0.04), label_for(0.2), label_for(1.0)
    (<Label.BEST: 'best'>, <Label.EXCELLENT: 'excellent'>, <Label.INACCURACY: 'inaccuracy'>, <Label.BLUNDER: 'blunder'>)
    """
    if loss <= BEST_TOLERANCE:
        return Label.BEST
    for below, label in _CUTS:
        if loss < below:
            return label
    return Label.MISTAKE if loss < MISTAKE_BELOW else Label.BLUNDER


def accuracy(start: float, losses: Iterable[float]) -> float:
    """A game's accuracy in percent: the expected guesses the best play needs from the first position (`start`),
    over that plus the guesses the player's choices gave away (the sum of their losses). 100 for a game
    without a loss; 50 when the choices cost as many guesses again as the best play needs.

    The sum of the losses along a game is an unbiased estimate of how many more guesses the player's way of
    playing needs on average than the best play, so `start + sum(losses)` is what the player's play was worth.

    >>> accuracy(5.0, [0.0, 1.0, 0.25])
    80.0
    """
    lost = sum(max(loss, 0.0) for loss in losses)
    return 100.0 * (start / (start + lost)) if start > 0 else 100.0
