"""The adversary: honest but unhelpful answers, resumable from the history alone."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.adversary import adversary_answer, adversary_secret, play_adversary
from engine.guesser import next_guess
from engine.history import History, Turn, candidates, fits, partition_counts
from engine.play import solve_counts
from engine.scoring import Score, score
from engine.strategies import NoCandidates
from engine.variant import PRESETS, Code, Variant, variant_named

SMALL = variant_named("3d6")
CLASSIC = PRESETS["classic"]


def first_candidate(variant: Variant, history: History) -> Code:
    return variant.code(int(candidates(variant, history)[0]))


def guesses_against(variant: Variant, secret: Code) -> int:
    history: list[Turn] = []
    while not history or history[-1].answer != Score(variant.length, 0):
        guess = first_candidate(variant, history)
        history.append(Turn(guess, score(secret, guess)))
    return len(history)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, SMALL.size - 1), min_size=1, max_size=8), st.integers(0, 3))
def test_the_adversary_never_contradicts_itself(guesses: list[int], seed: int) -> None:
    rng = random.Random(seed) if seed else None
    history: list[Turn] = []
    for index in guesses:
        guess = SMALL.code(index)
        history.append(Turn(guess, adversary_answer(SMALL, history, guess, rng)))
        assert len(candidates(SMALL, history)) > 0
    assert fits(adversary_secret(SMALL, history), history)


def test_it_keeps_the_largest_part_alive() -> None:
    history = [Turn("0123", adversary_answer(CLASSIC, [], "0123"))]
    alive = candidates(CLASSIC, history)
    answer = adversary_answer(CLASSIC, history, "4567")
    counts = partition_counts(CLASSIC, "4567", alive)
    assert counts[answer.id(4)] == counts.max()


def test_it_concedes_only_when_the_guess_is_the_last_secret() -> None:
    history = [Turn("012", Score(1, 2))]  # 021, 102 and 210: one digit in place
    alive = [SMALL.code(i) for i in candidates(SMALL, history)]
    assert len(alive) == 3
    first = adversary_answer(SMALL, history, alive[0])
    assert first != Score(3, 0)
    history.append(Turn(alive[0], first))
    last = [SMALL.code(i) for i in candidates(SMALL, history)]
    while len(last) > 1:
        history.append(Turn(last[0], adversary_answer(SMALL, history, last[0])))
        last = [SMALL.code(i) for i in candidates(SMALL, history)]
    assert adversary_answer(SMALL, history, last[0]) == Score(3, 0)


def test_a_game_resumes_from_its_history() -> None:
    game = play_adversary(CLASSIC, first_candidate)
    for i, turn in enumerate(game):
        assert adversary_answer(CLASSIC, list(game[:i]), turn.guess) == turn.answer
    assert game[-1].answer == Score(4, 0)


def test_a_broken_history_has_no_answer() -> None:
    broken = [Turn("0123", Score(0, 0)), Turn("0123", Score(1, 0))]
    with pytest.raises(NoCandidates):
        adversary_answer(CLASSIC, broken, "4567")
    with pytest.raises(NoCandidates):
        adversary_secret(CLASSIC, broken)


def test_random_tie_breaks_stay_honest_and_reveal_a_fitting_secret() -> None:
    rng = random.Random(5)
    game = play_adversary(CLASSIC, first_candidate, rng)
    assert fits(game[-1].guess, game)
    assert fits(adversary_secret(CLASSIC, game[:2], rng), game[:2])


@pytest.mark.parametrize("name", ["3d6", "3r6"])
def test_the_adversary_is_harder_than_an_average_secret(name: str) -> None:
    variant = variant_named(name)
    average = np.mean([guesses_against(variant, variant.code(i)) for i in range(variant.size)])
    assert len(play_adversary(variant, first_candidate)) >= average


@pytest.mark.parametrize("name", ["3d6", "mastermind"])
def test_the_engine_needs_more_guesses_against_the_adversary(name: str) -> None:
    # Measured: 3d6 5 guesses (random secret 3.63 on average, worst 5); mastermind 6 (4.41, worst 6);
    # classic 7 (5.24, worst 8).
    variant = variant_named(name)
    needed = solve_counts(variant)
    game = play_adversary(variant, next_guess)
    assert len(game) > np.mean(list(needed.values()))
    # the adversary's answers are those of the secret it finally concedes, so the engine's game is that one
    assert len(game) == needed[game[-1].guess]
