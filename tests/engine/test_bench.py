"""The bench: figures over every secret, reproducible samples, re-scorable games."""

from engine.bench import Bench, sample_secrets, weighted_percentiles
from engine.guesser import best_strategy
from engine.play import solve_counts
from engine.scoring import Score, score
from engine.variant import variant_named


def test_bench_figures_agree_with_solve_counts() -> None:
    variant = variant_named("3d6")
    bench = Bench(variant, best_strategy(variant))
    games = list(bench.games())
    report = bench.report()
    counts = solve_counts(variant)
    assert report.secrets == variant.size == len(games)
    assert report.total_guesses == sum(counts.values())
    assert report.max == max(counts.values())
    assert sum(report.histogram.values()) == variant.size
    assert report.decision_ms_p50 <= report.decision_ms_p95 <= report.decision_ms_max


def test_every_game_can_be_rescored_from_its_sequence() -> None:
    variant = variant_named("3d6")
    for game in Bench(variant, best_strategy(variant)).games():
        for item in game.sequence.split():
            guess, answer = item.split(":")
            assert str(score(game.secret, guess)) == answer
        assert game.turns[-1].answer == Score(3, 0)


def test_report_json_has_the_documented_keys() -> None:
    variant = variant_named("3d6")
    bench = Bench(variant, best_strategy(variant))
    list(bench.games())
    keys = set(bench.report().as_dict())
    assert {"variant", "secrets", "total_guesses", "average", "max", "histogram"} <= keys
    assert {"decision_ms_p50", "decision_ms_p95", "seconds"} <= keys


def test_a_sample_is_reproducible_and_plays_only_those_secrets() -> None:
    variant = variant_named("classic")
    sample = sample_secrets(variant, 25, seed=7)
    assert sample == sample_secrets(variant, 25, seed=7)
    games = list(Bench(variant, best_strategy(variant), sample).games())
    assert sorted(game.secret for game in games) == sample


def test_weighted_percentiles_weigh_each_value_by_its_games() -> None:
    samples = [(1.0, 90), (5.0, 9), (9.0, 1)]
    assert weighted_percentiles(samples, (0.5, 0.95, 1.0)) == [1.0, 5.0, 9.0]
