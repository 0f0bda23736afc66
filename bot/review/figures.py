"""The review's figures as a player reads them: a loss as it is printed (two decimals) and the label that printed
number earns, so that a number and the label beside it never disagree ("0.20" is not "good, under 0.2")."""

from __future__ import annotations

from engine.review import Label, label_for

LOSS_PLACES = 2  # a loss is printed with two decimals
FIXABLE = frozenset({Label.INACCURACY, Label.MISTAKE, Label.BLUNDER})  # the labels a retry is offered for


def printed(loss: float) -> float:
    """A loss as the player reads it: never below 0, rounded as it is printed (0.195 reads 0.20).

    >>> printed(50 / 256), printed(-1e-12)
    (0.2, 0.0)
    """
    return float(f"{max(loss, 0.0):.{LOSS_PLACES}f}")


def shown_label(loss: float, label: Label) -> Label:
    """The label a guess shows: best where the engine found it among the best; else the label of its loss as printed,
    never best (a loss too small to print, 0.00, is still a loss: excellent).

    >>> shown_label(50 / 256, Label.GOOD), shown_label(0.0499, Label.EXCELLENT), shown_label(0.001, Label.EXCELLENT)
    (<Label.INACCURACY: 'inaccuracy'>, <Label.GOOD: 'good'>, <Label.EXCELLENT: 'excellent'>)
    """
    if label is Label.BEST:
        return Label.BEST
    shown = label_for(printed(loss))
    return Label.EXCELLENT if shown is Label.BEST else shown
