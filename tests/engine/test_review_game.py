"""Reviews of whole games: the optimal trees' games lose nothing, relabelled games review alike, hints are taken
into account, estimates are marked, and every record reads back from plain data."""

from __future__ import annotations

import json
import random

import pytest

from engine.history import Turn, candidates, pinned
from engine.play import play
from engine.review import measure
from engine.review.game import (
    GameReview,
    GuessLoss,
    PositionReview,
    guess_loss,
    position_review,
    review_game,
)
from engine.review.labels import Label
from engine.review.players import PLAYERS, human_game
from engine.review.symmetry import Relabelling, position_orders
from engine.scoring import Score, score
from engine.variant import PRESETS, InvalidCode, Variant
from tests.machine import needs_solver_core

CLASSIC, MASTERMIND = PRESETS["classic"], PRESETS["mastermind"]


def game_of(secret: str, guesses: list[str]) -> list[Turn]:
    return [Turn(guess, score(secret, guess)) for guess in guesses]


@pytest.mark.parametrize("variant", [CLASSIC, MASTERMIND], ids=lambda v: v.name)
def test_every_guess_of_the_optimal_tree_is_best(variant: Variant) -> None:
    rng = random.Random(29)
    for _ in range(6):
        secret = variant.code(rng.randrange(variant.size))
        review = review_game(variant, play(variant, secret))
        assert all(item.label is Label.BEST and item.exact for item in review.guesses), secret
        assert review.accuracy == 100.0
        assert review.turning_point is None


def test_the_classic_opening_costs_the_proven_optimum() -> None:
    review = review_game(CLASSIC, game_of("5670", ["9012"]))
    first = review.guesses[0]
    assert first.cost == first.weighed.least == review.start == 26274 / 5040
    assert first.before == 5040
    assert first.after == 1440
    assert first.worst == 1440


def test_mastermind_openings_cost_what_the_solver_finds() -> None:
    best = guess_loss(MASTERMIND, [], None, "1123")
    assert best.played.cost == best.least == 5625 / 1296  # Koyama and Lai's optimum, AABC first
    assert best.label is Label.BEST
    worst = guess_loss(MASTERMIND, [], None, "4444")
    assert worst.played.cost == 6318 / 1296
    assert worst.label is Label.MISTAKE  # 0.53 guesses


@needs_solver_core
@pytest.mark.parametrize("variant", [CLASSIC, MASTERMIND], ids=lambda v: v.name)
def test_a_relabelled_game_reviews_alike(variant: Variant) -> None:
    rng = random.Random(7)
    for _ in range(3):
        turns = human_game(variant, rng, PLAYERS[1])
        order = rng.choice(position_orders(variant))
        names = tuple(rng.sample(range(variant.symbols), variant.symbols))
        relabelling = Relabelling(order, names)
        moved = [Turn(relabelling.apply(t.guess), t.answer) for t in turns]
        first, second = review_game(variant, turns), review_game(variant, moved)
        for a, b in zip(first.guesses, second.guesses, strict=True):
            assert (a.cost, a.weighed.least, a.loss, a.label, a.before, a.after, a.worst) == (
                b.cost,
                b.weighed.least,
                b.loss,
                b.label,
                b.before,
                b.after,
                b.worst,
            )
        assert first.accuracy == second.accuracy


def test_a_repeated_guess_is_the_turning_point() -> None:
    turns = game_of("0123", ["4567", "4567", "0189", "0123"])
    review = review_game(CLASSIC, turns)
    point = review.turning_point
    assert point is not None
    assert point.turn == 1
    assert point.guess == "4567"
    assert point.loss == pytest.approx(1.0)
    assert point.after == review.guesses[1].before  # a repeat leaves every code
    assert point.best_worst < point.worst
    assert review.guesses[1].label is Label.BLUNDER
    start = review.start
    assert review.accuracy == pytest.approx(100 * start / (start + sum(g.loss for g in review.guesses)))


def test_a_hinted_guess_is_reviewed_against_the_pinned_codes() -> None:
    turns = game_of("0123", ["4567", "8901", "0132", "0123"])
    known = [{}, {}, {0: 0}, {0: 0, 3: 3}]
    review = review_game(CLASSIC, turns, known)
    for item, pins in zip(review.guesses, known, strict=True):
        expected = pinned(CLASSIC, candidates(CLASSIC, turns[: item.turn]), pins)
        assert item.before == len(expected)
        assert dict(item.pins) == pins
    assert review.guesses[3].before == 1
    assert review.guesses[3].label is Label.BEST


def test_hints_must_come_one_per_guess() -> None:
    with pytest.raises(ValueError, match="pins for 1 guesses"):
        review_game(CLASSIC, game_of("0123", ["4567", "0123"]), [{}])


def test_a_guess_that_is_not_a_code_is_refused() -> None:
    with pytest.raises(InvalidCode):
        review_game(CLASSIC, [Turn("0023", Score(1, 0))])
    with pytest.raises(InvalidCode):
        guess_loss(CLASSIC, [], None, "12")


def test_out_of_budget_figures_are_estimates() -> None:
    turns = game_of("9876", ["0123", "4567", "8901", "2345", "6789", "9876"])
    review = review_game(CLASSIC, turns, budget=1)
    assert not review.exact
    assert all(item.loss >= 0 for item in review.guesses)
    assert review.guesses[0].exact
    assert review.guesses[1].exact
    estimated = [item for item in review.guesses if not item.exact]
    assert estimated
    exact = review_game(CLASSIC, turns)
    assert exact.exact
    for rough, true in zip(review.guesses, exact.guesses, strict=True):
        assert rough.weighed.least >= true.weighed.least - 1e-12  # a quick tree never beats the optimum


def test_without_the_solvers_core_big_positions_are_estimates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(measure, "_core_game", lambda variant: None)
    turns = game_of("0123", ["4567", "8901", "0132", "1023", "0123"])
    review = review_game(CLASSIC, turns)
    assert [item.exact for item in review.guesses[:2]] == [True, True]  # from the table alone
    assert not review.guesses[2].exact
    assert review.guesses[4].before == 2
    assert review.guesses[4].exact  # two codes: a closed form


def test_a_review_reads_back_from_json() -> None:
    turns = game_of("0123", ["4567", "4567", "0189", "0123"])
    review = review_game(CLASSIC, turns, [{}, {}, {1: 1}, {1: 1}])
    data = json.loads(json.dumps(review.to_data()))
    assert GameReview.from_data(data) == review
    weighed = guess_loss(CLASSIC, turns[:2], None, "0189")
    assert GuessLoss.from_data(json.loads(json.dumps(weighed.to_data()))) == weighed
    position = position_review(CLASSIC, turns[:2], page_size=7)
    assert PositionReview.from_data(json.loads(json.dumps(position.to_data()))) == position


def test_a_position_lists_its_codes_a_page_at_a_time() -> None:
    turns = game_of("0123", ["4567", "8901"])
    whole = candidates(CLASSIC, turns)
    first = position_review(CLASSIC, turns, page_size=10)
    assert first.count == len(whole)
    assert first.pages == -(-len(whole) // 10)
    assert first.codes == tuple(CLASSIC.code(int(i)) for i in whole[:10])
    last = position_review(CLASSIC, turns, page=10**6, page_size=10)
    assert last.page == last.pages - 1
    assert last.codes == tuple(CLASSIC.code(int(i)) for i in whole[last.page * 10 :])
    assert first.best
    assert all(item.cost == first.least for item in first.best)


def test_the_best_guesses_named_reach_the_least_cost() -> None:
    rng = random.Random(3)
    for _ in range(4):
        turns = human_game(CLASSIC, rng, PLAYERS[0])
        review = review_game(CLASSIC, turns)
        for item in review.guesses:
            for best in (best for best in item.weighed.best if best.exact):
                again = guess_loss(CLASSIC, turns[: item.turn], dict(item.pins), best.guess, budget=10**12)
                assert again.loss == 0
                assert again.played.worst == best.worst
