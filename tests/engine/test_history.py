"""Candidates: the secrets that fit a history."""

from engine.history import Turn, candidates, fits, partition_counts
from engine.scoring import Score, score
from engine.variant import PRESETS, variant_named


def test_every_candidate_fits_and_every_fitting_code_is_a_candidate() -> None:
    variant = variant_named("3d6")
    history = [Turn("012", Score(0, 1)), Turn("345", Score(1, 1))]
    alive = {variant.code(i) for i in candidates(variant, history)}
    everything = {variant.code(i) for i in range(variant.size)}
    assert alive == {c for c in everything if fits(c, history)}
    assert alive


def test_a_real_game_keeps_the_secret_alive() -> None:
    variant = PRESETS["classic"]
    secret = "7381"
    history = [Turn(g, score(secret, g)) for g in ("0123", "4567", "1389")]
    alive = [variant.code(i) for i in candidates(variant, history)]
    assert secret in alive


def test_partition_counts_sum_to_the_candidates() -> None:
    variant = PRESETS["classic"]
    among = candidates(variant, [Turn("0123", Score(0, 2))])
    counts = partition_counts(variant, "4567", among)
    assert counts.sum() == len(among)
    assert counts[Score(4, 0).id(4)] == 0
