"""Scoring: known answers, a cross-check against a deliberately simple reference, and invariants."""

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.scoring import Score, is_possible, possible_scores, score, scorer_for
from engine.variant import PRESETS, Variant, variant_named


def reference_score(secret: str, guess: str) -> tuple[int, int]:
    """Bulls and cows by counting, the way a person does it on paper."""
    bulls = sum(1 for i in range(len(secret)) if secret[i] == guess[i])
    rest_secret = Counter(s for s, g in zip(secret, guess, strict=True) if s != g)
    rest_guess = Counter(g for s, g in zip(secret, guess, strict=True) if s != g)
    cows = sum(min(rest_secret[d], rest_guess[d]) for d in rest_guess)
    return bulls, cows


@pytest.mark.parametrize(
    ("secret", "guess", "expected"),
    [
        ("1234", "1243", (2, 2)),
        ("1234", "1234", (4, 0)),
        ("1234", "5678", (0, 0)),
        ("1234", "4321", (0, 4)),
        ("0123", "1035", (0, 3)),
        ("1122", "1212", (2, 2)),
        ("1122", "2221", (1, 2)),
        ("1111", "1222", (1, 0)),
        ("123", "132", (1, 2)),
        ("123456", "654321", (0, 6)),
    ],
)
def test_score_known_answers(secret: str, guess: str, expected: tuple[int, int]) -> None:
    assert score(secret, guess) == expected


@pytest.mark.parametrize("name", ["3r6", "3d6", "3d6z", "3r6z"])
def test_bulk_scoring_matches_reference_on_every_pair_of_a_small_variant(name: str) -> None:
    variant = variant_named(name)
    table = scorer_for(variant).table
    codes = [variant.code(i) for i in range(variant.size)]
    for gi, guess in enumerate(codes):
        for si, secret in enumerate(codes):
            assert Score.from_id(table[gi, si], variant.length) == reference_score(secret, guess)


@pytest.mark.parametrize("name", ["classic", "mastermind", "mastermind10", "5", "6", "5r8", "6d10z"])
def test_bulk_scoring_matches_reference_on_random_pairs(name: str) -> None:
    variant = variant_named(name)
    rng = random.Random(7)
    scorer = scorer_for(variant)
    for _ in range(40):
        guess = variant.code(rng.randrange(variant.size))
        secrets = [rng.randrange(variant.size) for _ in range(50)]
        row = scorer.against(guess, secrets)
        for feedback, si in zip(row, secrets, strict=True):
            expected = reference_score(variant.code(si), guess)
            assert Score.from_id(feedback, variant.length) == expected


def test_full_table_row_equals_on_the_fly_row() -> None:
    scorer = scorer_for(PRESETS["mastermind"])
    for index in (0, 17, 1295):
        row = scorer.row_for(PRESETS["mastermind"].codes[index])
        assert np.array_equal(row, scorer.table[index])


codes4 = st.lists(st.integers(0, 9), min_size=4, max_size=4).map(lambda d: "".join(map(str, d)))


@given(codes4, codes4)
def test_score_is_symmetric_and_bounded(a: str, b: str) -> None:
    s = score(a, b)
    assert s == score(b, a)
    assert 0 <= s.bulls + s.cows <= 4
    assert s == reference_score(a, b)


@given(codes4)
def test_code_against_itself_is_all_bulls(a: str) -> None:
    assert score(a, a) == (4, 0)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(3, 6))
def test_score_id_round_trips(bulls: int, cows: int, length: int) -> None:
    if bulls + cows <= length:
        assert Score.from_id(Score(bulls, cows).id(length), length) == (bulls, cows)


def brute_possible(variant: Variant) -> set[tuple[int, int]]:
    table = scorer_for(variant).table
    return {tuple(Score.from_id(f, variant.length)) for f in np.unique(table).tolist()}


@pytest.mark.parametrize("name", ["classic", "nozero", "mastermind", "3", "3r6z", "4d6", "4d6z", "3d6"])
def test_possible_scores_equal_brute_force(name: str) -> None:
    variant = variant_named(name)
    assert set(possible_scores(variant)) == brute_possible(variant)


def test_three_bulls_one_cow_never_happens_with_distinct_digits() -> None:
    assert not is_possible(PRESETS["classic"], Score(3, 1))
    assert is_possible(PRESETS["classic"], Score(0, 4))
    assert len(possible_scores(PRESETS["classic"])) == 14


def test_six_distinct_of_ten_always_share_two_digits() -> None:
    scores = possible_scores(variant_named("6"))
    assert Score(0, 0) not in scores
    assert Score(1, 0) not in scores
    assert Score(0, 2) in scores
