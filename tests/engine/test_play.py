"""Playing games: play() to the end, solve_counts() over every secret."""

from statistics import mean

from engine.guesser import best_strategy, strategy_named
from engine.history import Turn
from engine.play import play, solve_counts
from engine.scoring import Score, score
from engine.variant import PRESETS, variant_named


def test_play_ends_with_the_all_bulls_turn_and_scores_every_turn() -> None:
    variant = PRESETS["classic"]
    turns = play(variant, "7381")
    assert turns[-1] == Turn("7381", Score(4, 0))
    assert all(turn.answer == score("7381", turn.guess) for turn in turns)


def test_play_continues_from_a_given_history() -> None:
    variant = PRESETS["classic"]
    history = [Turn("5678", score("7381", "5678"))]
    turns = play(variant, "7381", history=history)
    assert turns[0].guess != "5678"
    assert turns[-1].guess == "7381"


def test_solve_counts_agrees_with_playing_each_secret() -> None:
    variant = variant_named("3d6")
    counts = solve_counts(variant)
    assert len(counts) == variant.size
    for secret in ("012", "543", "250"):
        assert counts[secret] == len(play(variant, secret))


def test_solve_counts_from_a_history_covers_only_fitting_secrets() -> None:
    variant = PRESETS["classic"]
    history = [Turn("0123", Score(2, 1))]
    counts = solve_counts(variant, history=history)
    assert all(score(secret, "0123") == Score(2, 1) for secret in counts)
    for secret in list(counts)[:5]:
        assert counts[secret] == len(play(variant, secret, history=history))


def test_the_best_strategy_beats_random_candidates_on_a_small_variant() -> None:
    variant = variant_named("4r6")
    best = mean(solve_counts(variant, best_strategy(variant)).values())
    random = mean(solve_counts(variant, strategy_named("random-candidate")).values())
    assert best < random - 0.15
