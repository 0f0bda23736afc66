"""The review's measure agrees with an independent brute force on small variants, at every position of random
histories (with and without pinned digits), and has the known answers."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.history import Turn
from engine.review.game import guess_loss, position_review
from engine.review.labels import Label
from engine.review.measure import NoCodeFits, Weigher, position_at
from engine.review.table import EMPTY
from engine.scoring import Score, score
from engine.variant import Variant
from tests.engine.review_brute import BruteForce, plain_score
from tests.machine import needs_solver_core

SMALL = {"3d6": Variant(3, 6), "3r6": Variant(3, 6, repeats=True), "3d6z": Variant(3, 6, leading_zero=False)}
BRUTE = {name: BruteForce(variant) for name, variant in SMALL.items()}
BRUTE_LIMIT = 16  # sets the brute force weighs within a second or so


def turns_of(secret: str, guesses: list[str]) -> list[Turn]:
    return [Turn(guess, score(secret, guess)) for guess in guesses]


@st.composite
def positions(draw: st.DrawFn, pinning: bool = False) -> tuple[str, list[Turn], dict[int, int], str]:
    """(variant name, turns, pins, a guess to weigh) for a random small position."""
    name = draw(st.sampled_from(sorted(SMALL)))
    codes = BRUTE[name].codes
    secret = draw(st.sampled_from(codes))
    guesses = draw(st.lists(st.sampled_from(codes), min_size=1, max_size=3))
    pins: dict[int, int] = {}
    if pinning:
        place = draw(st.integers(0, 2))
        pins = {place: int(secret[place])}
    return name, turns_of(secret, guesses), pins, draw(st.sampled_from(codes))


@needs_solver_core
@settings(max_examples=150, deadline=None)
@given(positions())
def test_cost_and_loss_match_the_brute_force(case: tuple[str, list[Turn], dict[int, int], str]) -> None:
    name, turns, pins, guess = case
    brute = BRUTE[name]
    secrets = brute.fitting([(t.guess, tuple(t.answer)) for t in turns], pins)
    assume(len(secrets) <= BRUTE_LIMIT)
    weighed = guess_loss(SMALL[name], turns, pins, guess)
    n = len(secrets)
    assert weighed.exact
    assert weighed.played.cost == pytest.approx(brute.guess_total(secrets, guess) / n, abs=1e-12)
    assert weighed.least == pytest.approx(brute.total(secrets) / n, abs=1e-12)
    assert weighed.loss == pytest.approx((brute.guess_total(secrets, guess) - brute.total(secrets)) / n, abs=1e-12)
    for best in weighed.best:  # every guess named best reaches the least total
        assert brute.guess_total(secrets, best.guess) == brute.total(secrets)


@needs_solver_core
@settings(max_examples=60, deadline=None)
@given(positions(pinning=True))
def test_pinned_positions_match_the_brute_force(case: tuple[str, list[Turn], dict[int, int], str]) -> None:
    name, turns, pins, guess = case
    brute = BRUTE[name]
    secrets = brute.fitting([(t.guess, tuple(t.answer)) for t in turns], pins)
    assume(len(secrets) <= BRUTE_LIMIT)
    weighed = guess_loss(SMALL[name], turns, pins, guess)
    assert weighed.played.cost == pytest.approx(brute.guess_total(secrets, guess) / len(secrets), abs=1e-12)
    assert weighed.least == pytest.approx(brute.total(secrets) / len(secrets), abs=1e-12)


@needs_solver_core
def test_a_whole_small_variant_has_the_brute_forces_least_total() -> None:
    # 436: BruteForce(Variant(3, 6)).total(every code), seven minutes of plain recursion, too slow to run each time
    variant = SMALL["3d6"]
    weigher = Weigher(variant, table=EMPTY)
    assert weigher.least(position_at(variant, [])).value == 436


def test_two_codes_cost_one_and_a_half_when_one_of_them_is_guessed() -> None:
    variant = Variant(4, 10)
    turns = turns_of("0123", ["4567", "8901", "0132", "1023"])  # leaves 0123 and 1032
    assert position_review(variant, turns).codes == ("0123", "1032")
    weighed = guess_loss(variant, turns, None, "1032")
    assert (weighed.played.cost, weighed.least, weighed.loss, weighed.label) == (1.5, 1.5, 0.0, Label.BEST)
    assert weighed.exact


def test_a_guess_that_cannot_win_at_two_codes_loses_half_a_guess() -> None:
    variant = Variant(4, 10)
    turns = turns_of("0123", ["4567", "8901", "0132", "1023"])
    weighed = guess_loss(variant, turns, None, "0145")  # tells 0123 from 1032, but is neither
    assert (weighed.played.cost, weighed.loss, weighed.label) == (2.0, 0.5, Label.MISTAKE)


def test_repeating_a_guess_loses_exactly_one_guess() -> None:
    variant = Variant(4, 10)
    turns = turns_of("0123", ["4567", "8901", "0132"])
    weighed = guess_loss(variant, turns, None, "0132")
    assert weighed.loss == pytest.approx(1.0)
    assert weighed.label is Label.BLUNDER


def test_a_contradiction_is_refused() -> None:
    variant = Variant(4, 10)
    turns = [Turn("0123", Score(4, 0)), Turn("4567", Score(1, 0))]
    with pytest.raises(NoCodeFits):
        guess_loss(variant, turns, None, "0123")


def test_a_pin_out_of_range_is_refused() -> None:
    with pytest.raises(NoCodeFits):
        guess_loss(Variant(4, 10), [], {7: 1}, "0123")


def test_the_brute_force_scores_as_the_engine() -> None:
    assert plain_score("1234", "1243") == (2, 2)
    assert plain_score("1122", "2211") == (0, 4)
