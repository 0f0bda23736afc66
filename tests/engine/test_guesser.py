"""The guesser: next_guess, the best strategy, named strategies, contradictions."""

import pytest

from engine.guesser import NoCandidates, TreeStrategy, best_strategy, next_guess, strategy_named
from engine.history import Turn, candidates
from engine.play import play, solve_counts
from engine.scoring import Score, score
from engine.variant import PRESETS, variant_named


def test_next_guess_is_deterministic() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(0, 2)), Turn("4567", Score(1, 0))]
    assert next_guess(variant, history) == next_guess(variant, list(history))


def test_the_first_guess_is_fixed_for_each_variant() -> None:
    for name in ("classic", "mastermind", "3"):
        variant = variant_named(name)
        assert next_guess(variant, []) == next_guess(variant, ())
        assert variant.is_valid(next_guess(variant, []))


def test_a_single_candidate_is_guessed_outright() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(4, 0))]
    assert next_guess(variant, history) == "0123"


def test_contradictory_history_raises_no_candidates() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(0, 0)), Turn("4567", Score(0, 0)), Turn("8901", Score(0, 0))]
    with pytest.raises(NoCandidates) as raised:
        next_guess(variant, history)
    assert isinstance(raised.value, ValueError)
    assert "0123" in str(raised.value)


def test_history_with_non_candidate_guesses_still_leads_to_a_candidate_or_a_good_split() -> None:
    variant = PRESETS["classic"]
    secret = "7381"
    history = [Turn(g, score(secret, g)) for g in ("0123", "0124", "5678")]
    guess = next_guess(variant, history)
    assert variant.is_valid(guess)
    assert guess not in {t.guess for t in history}


def test_every_named_strategy_returns_a_valid_guess() -> None:
    variant = variant_named("3d6")
    history = [Turn("012", Score(0, 1))]
    for name in ("best", "entropy", "expected-size", "minimax", "most-parts", "random-candidate"):
        assert variant.is_valid(strategy_named(name, variant)(variant, history))


def test_unknown_strategy_name_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown strategy"):
        strategy_named("telepathy")


def test_tree_strategy_plays_its_tree_and_falls_back_outside_it() -> None:
    variant = PRESETS["classic"]
    tree = {"": "9876", "9876:0B0C": "0123"}
    strategy = TreeStrategy(tree, fallback=best_strategy(variant))
    assert strategy(variant, []) == "9876"
    assert strategy(variant, [Turn("9876", Score(0, 0))]) == "0123"
    off_book = [Turn("9876", Score(0, 1))]
    assert strategy(variant, off_book) == best_strategy(variant)(variant, off_book)


def test_tree_strategy_still_rejects_contradictions() -> None:
    variant = variant_named("3d6")
    history = [Turn("012", Score(3, 0)), Turn("345", Score(3, 0))]
    assert len(candidates(variant, history)) == 0
    with pytest.raises(NoCandidates):
        TreeStrategy({"012:3B0C 345:3B0C": "012"}, best_strategy(variant))(variant, history)


@pytest.mark.parametrize(
    ("name", "worst", "average"), [("classic", 7, 5.235), ("nozero", 7, 5.17), ("mastermind", 6, 4.40)]
)
def test_the_best_strategy_solves_every_secret_within_the_target(name: str, worst: int, average: float) -> None:
    variant = variant_named(name)
    counts = solve_counts(variant)
    assert len(counts) == variant.size
    assert max(counts.values()) <= worst
    assert sum(counts.values()) / variant.size <= average


def test_a_six_position_game_plays_to_the_end() -> None:
    variant = variant_named("6")
    turns = play(variant, "813702")
    assert turns[-1] == Turn("813702", Score(6, 0))
    assert len(turns) <= 10


def test_the_guess_may_be_a_code_that_cannot_be_the_secret_when_it_splits_better() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(1, 2))]
    guess = next_guess(variant, history, strategy_named("planner"))
    assert guess not in {variant.code(i) for i in candidates(variant, history)}


def test_the_exact_endgame_needs_no_more_guesses_than_max_entropy_on_small_sets() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(0, 4))]
    exact = solve_counts(variant, strategy_named("planner"), history)
    greedy = solve_counts(variant, strategy_named("entropy"), history)
    assert exact.keys() == greedy.keys()
    assert sum(exact.values()) <= sum(greedy.values())
    assert sum(exact.values()) >= 2 * len(exact) - 1


def test_lower_bounds_grow_like_one_guess_plus_one_more_for_all_but_one() -> None:
    from engine.totals import lower_bounds

    bounds = lower_bounds(13, 20)
    assert bounds[:4].tolist() == [0, 1, 3, 5]
    assert all(bounds[k] >= 2 * k - 1 for k in range(1, 21))


def test_the_lookahead_plays_one_of_the_measures_best_guesses_and_only_between_its_limits() -> None:
    from dataclasses import replace

    import numpy as np

    from engine.planner import Planner
    from engine.splits import member
    from engine.strategies import neg_entropy, scores_of

    variant = variant_named("4d8")
    history = [Turn("0123", Score(0, 1))]
    alive = candidates(variant, history)
    assert len(alive) == 288
    planner = Planner(lookahead_to=288, lookahead_width=8)
    pool, secrets = planner.pools(variant, history, alive)
    rounded = np.round(scores_of(variant, neg_entropy, pool, secrets), 9)
    best_eight = pool[np.lexsort((~member(pool, alive, variant.size), rounded))[:8]]
    looked_ahead = planner(variant, history)
    assert variant.index(looked_ahead) in best_eight.tolist()
    assert looked_ahead != variant.code(int(best_eight[0]))  # here two guesses deep differs from entropy
    assert replace(planner, lookahead_width=1)(variant, history) == variant.code(int(best_eight[0]))
    assert replace(planner, lookahead_to=287)(variant, history) == variant.code(int(best_eight[0]))
    assert replace(planner, lookahead_to=0)(variant, history) == variant.code(int(best_eight[0]))


@pytest.mark.parametrize(("name", "without", "with_lookahead"), [("4d8", 7869, 7843), ("3r10", 5275, 5251)])
def test_the_lookahead_takes_fewer_guesses_over_every_secret(name: str, without: int, with_lookahead: int) -> None:
    from dataclasses import replace

    from engine.guesser import fallback_planner

    variant = variant_named(name)
    planner = fallback_planner(variant)
    assert planner.lookahead_to > 0
    assert sum(solve_counts(variant, planner).values()) == with_lookahead
    assert sum(solve_counts(variant, replace(planner, lookahead_to=0)).values()) == without


def test_where_a_tree_is_shipped_the_planner_filling_its_gaps_does_not_look_ahead() -> None:
    from engine.guesser import fallback_planner, strategy_named
    from engine.planner import Planner

    for name in ("classic", "nozero", "mastermind", "3", "4r7", "4r8"):
        assert fallback_planner(variant_named(name)).lookahead_to == 0
    planner = strategy_named("planner")
    assert isinstance(planner, Planner)
    assert planner.lookahead_to > 0
