"""Consistency: impossible answers, contradictions between answers, and the fixes proposed."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.consistency import (
    Consistent,
    Contradiction,
    InvalidAnswer,
    check_history,
    check_new_answer,
    find_contradiction,
    validate_answer,
    wrong_answers,
)
from engine.history import History, Turn, candidates, fits
from engine.scoring import Score, possible_scores, score
from engine.variant import PRESETS, InvalidCode, Variant, variant_named

CLASSIC = PRESETS["classic"]


def real_game(variant: Variant, secret: str, rng: random.Random) -> list[Turn]:
    """A game won by guessing a random remaining candidate each turn."""
    history: list[Turn] = []
    while not history or history[-1].answer != Score(variant.length, 0):
        alive = candidates(variant, history)
        guess = variant.code(int(rng.choice(alive)))
        history.append(Turn(guess, score(secret, guess)))
    return history


def corrupt(variant: Variant, history: list[Turn], turn: int, rng: random.Random) -> list[Turn]:
    """The history with one answer replaced by a different score the guess could get."""
    options = [s for s in possible_scores(variant) if s != history[turn].answer and s != Score(variant.length, 0)]
    changed = list(history)
    changed[turn] = Turn(history[turn].guess, rng.choice(options))
    return changed


def is_consistent(variant: Variant, history: History) -> bool:
    return len(candidates(variant, history)) > 0


def test_a_consistent_history_has_no_contradiction() -> None:
    history = [Turn("0123", Score(0, 2)), Turn("4567", Score(1, 1))]
    assert find_contradiction(CLASSIC, history) is None
    assert check_history(CLASSIC, history) == Consistent(len(candidates(CLASSIC, history)))


@pytest.mark.parametrize(
    ("answer", "key"),
    [(Score(3, 1), "impossible"), (Score(2, 3), "too_many"), (Score(-1, 0), "negative")],
)
def test_an_impossible_answer_is_refused_with_a_reason(answer: Score, key: str) -> None:
    with pytest.raises(InvalidAnswer) as refused:
        validate_answer(CLASSIC, answer)
    assert refused.value.key == key
    assert str(refused.value)


def test_an_answer_impossible_for_that_guess_is_refused() -> None:
    with pytest.raises(InvalidAnswer) as refused:
        validate_answer(PRESETS["mastermind"], Score(0, 1), "1111")
    assert refused.value.key == "impossible_for_guess"
    assert validate_answer(PRESETS["mastermind"], Score(1, 0), "1111") == Score(1, 0)


def test_a_repeated_guess_with_two_answers_names_both() -> None:
    history = [Turn("0123", Score(0, 2)), Turn("4567", Score(1, 0)), Turn("0123", Score(1, 1))]
    found = find_contradiction(CLASSIC, history)
    assert found is not None
    assert (found.key, found.conflict) == ("repeated_guess", (0, 2))


def test_an_answer_no_secret_gives_is_a_conflict_on_its_own() -> None:
    found = find_contradiction(CLASSIC, [Turn("0123", Score(0, 2)), Turn("4567", Score(3, 1))])
    assert found is not None
    assert (found.key, found.conflict) == ("impossible_answer", (1,))


def test_the_new_answer_is_checked_against_the_history() -> None:
    history = [Turn("0123", Score(0, 0))]
    assert isinstance(check_new_answer(CLASSIC, history, Turn("4567", Score(0, 4))), Consistent)
    clash = check_new_answer(CLASSIC, history, Turn("0124", Score(0, 2)))
    assert isinstance(clash, Contradiction)
    assert clash.conflict == (0, 1)
    with pytest.raises(InvalidAnswer):
        check_new_answer(CLASSIC, history, Turn("4567", Score(3, 1)))


def assert_minimal(variant: Variant, history: History, conflict: tuple[int, ...]) -> None:
    assert not is_consistent(variant, [history[i] for i in conflict])
    for dropped in conflict:
        assert is_consistent(variant, [history[i] for i in conflict if i != dropped])


def test_one_planted_wrong_answer_is_found_and_its_fix_proposed() -> None:
    rng = random.Random(1)
    checked = 0
    while checked < 15:
        secret = CLASSIC.code(rng.randrange(CLASSIC.size))
        history = real_game(CLASSIC, secret, rng)
        wrong = rng.randrange(len(history) - 1)
        bad = corrupt(CLASSIC, history, wrong, rng)
        found = find_contradiction(CLASSIC, bad)
        if found is None:
            continue
        checked += 1
        assert wrong in found.conflict
        assert_minimal(CLASSIC, bad, found.conflict)
        fixes = {(c.turn, c.answer) for c in found.corrections}
        assert (wrong, history[wrong].answer) in fixes
        assert abs(sum(c.share for c in found.corrections) - 1.0) < 1e-9
        assert [w.turn for w in wrong_answers(CLASSIC, bad, secret)] == [wrong]


def test_two_planted_wrong_answers_are_named_by_the_real_secret() -> None:
    rng = random.Random(2)
    checked = 0
    while checked < 10:
        secret = CLASSIC.code(rng.randrange(CLASSIC.size))
        history = real_game(CLASSIC, secret, rng)
        if len(history) < 4:
            continue
        first, second = sorted(rng.sample(range(len(history) - 1), 2))
        bad = corrupt(CLASSIC, corrupt(CLASSIC, history, first, rng), second, rng)
        found = find_contradiction(CLASSIC, bad)
        if found is None:
            continue
        checked += 1
        assert {first, second} & set(found.conflict)
        assert_minimal(CLASSIC, bad, found.conflict)
        named = wrong_answers(CLASSIC, bad, secret)
        assert [(w.turn, w.actual) for w in named] == [(first, history[first].answer), (second, history[second].answer)]


def test_a_one_off_slip_is_usually_the_likeliest_fix() -> None:
    rng = random.Random(4)
    first = checked = 0
    while checked < 20:
        secret = CLASSIC.code(rng.randrange(CLASSIC.size))
        history = real_game(CLASSIC, secret, rng)
        wrong = rng.randrange(len(history) - 1)
        bulls, cows = history[wrong].answer
        slipped = Score(bulls, cows + 1) if bulls + cows < 4 else Score(bulls, cows - 1)
        bad = [*history[:wrong], Turn(history[wrong].guess, slipped), *history[wrong + 1 :]]
        found = find_contradiction(CLASSIC, bad)
        if found is None:
            continue
        checked += 1
        shares = [c.share for c in found.corrections]
        assert shares == sorted(shares, reverse=True)
        best = found.corrections[0]
        first += (best.turn, best.answer) == (wrong, history[wrong].answer)
    assert first >= 12


def test_wrong_answers_validates_the_secret() -> None:
    with pytest.raises(InvalidCode):
        wrong_answers(CLASSIC, [Turn("0123", Score(0, 0))], "1123")


SMALL = variant_named("3d6")
SMALL_SCORES = possible_scores(SMALL)


@st.composite
def small_histories(draw: st.DrawFn) -> list[Turn]:
    size = draw(st.integers(1, 6))
    codes = st.integers(0, SMALL.size - 1).map(SMALL.code)
    return [Turn(draw(codes), draw(st.sampled_from(SMALL_SCORES))) for _ in range(size)]


@settings(max_examples=60, deadline=None)
@given(small_histories())
def test_conflicts_and_fixes_match_brute_force(history: list[Turn]) -> None:
    found = find_contradiction(SMALL, history)
    everything = [SMALL.code(i) for i in range(SMALL.size)]
    if any(fits(code, history) for code in everything):
        assert found is None
        return
    assert found is not None
    smallest = min(
        size
        for size in range(1, len(history) + 1)
        for subset in combinations(history, size)
        if not any(fits(code, subset) for code in everything)
    )
    assert len(found.conflict) == smallest
    assert_minimal(SMALL, history, found.conflict)
    expected = {}
    for i, turn in enumerate(history):
        for answer in SMALL_SCORES:
            if answer == turn.answer:
                continue
            fixed = [*history[:i], Turn(turn.guess, answer), *history[i + 1 :]]
            count = sum(fits(code, fixed) for code in everything)
            if count:
                expected[(i, answer)] = count
    assert {(c.turn, c.answer): c.remaining for c in found.corrections} == expected
