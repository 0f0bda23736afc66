"""Labels by loss, at the edges of their thresholds, and a game's accuracy."""

from __future__ import annotations

import pytest

from engine.review.labels import (
    BEST_TOLERANCE,
    EXCELLENT_BELOW,
    GOOD_BELOW,
    INACCURACY_BELOW,
    MISTAKE_BELOW,
    Label,
    accuracy,
    label_for,
)


@pytest.mark.parametrize(
    ("loss", "label"),
    [
        (0.0, Label.BEST),
        (BEST_TOLERANCE, Label.BEST),
        (2 * BEST_TOLERANCE, Label.EXCELLENT),
        (1 / 5040, Label.EXCELLENT),  # the smallest exact loss on classic
        (EXCELLENT_BELOW - 1e-12, Label.EXCELLENT),
        (EXCELLENT_BELOW, Label.GOOD),
        (GOOD_BELOW - 1e-12, Label.GOOD),
        (GOOD_BELOW, Label.INACCURACY),
        (INACCURACY_BELOW - 1e-12, Label.INACCURACY),
        (INACCURACY_BELOW, Label.MISTAKE),
        (MISTAKE_BELOW - 1e-12, Label.MISTAKE),
        (MISTAKE_BELOW, Label.BLUNDER),
        (7.5, Label.BLUNDER),
    ],
)
def test_a_loss_gets_the_label_of_its_band(loss: float, label: Label) -> None:
    assert label_for(loss) is label


def test_the_thresholds_are_the_issues() -> None:
    assert (EXCELLENT_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW) == (0.05, 0.2, 0.5, 1.0)
    assert [label.value for label in Label] == ["best", "excellent", "good", "inaccuracy", "mistake", "blunder"]


def test_accuracy_is_the_best_plays_guesses_over_those_plus_the_losses() -> None:
    assert accuracy(26274 / 5040, []) == 100.0
    assert accuracy(26274 / 5040, [0.0, 0.0]) == 100.0
    assert accuracy(5.0, [0.0, 1.0, 0.25]) == pytest.approx(80.0)
    assert accuracy(4.0, [4.0]) == pytest.approx(50.0)
    assert accuracy(5.0, [-1e-15]) == 100.0  # rounding below zero is no gain


def test_accuracy_falls_as_losses_grow() -> None:
    figures = [accuracy(5.2, [loss]) for loss in (0.0, 0.1, 0.5, 1.0, 3.0)]
    assert figures == sorted(figures, reverse=True)
    assert 0 < figures[-1] < 100
