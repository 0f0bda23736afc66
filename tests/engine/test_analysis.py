"""Analysis: what each guess learned, the engine's guess from the same spot, and its outlook."""

import math

import numpy as np
import pytest

from engine.analysis import Outlook, outlook, rate_guess, review_move
from engine.guesser import next_guess
from engine.history import Turn, candidates, partition_counts
from engine.information import entropy_bits
from engine.play import play
from engine.scoring import Score, score
from engine.strategies import NoCandidates
from engine.variant import PRESETS, variant_named

CLASSIC = PRESETS["classic"]
SECRET = "7381"


def game(*guesses: str) -> list[Turn]:
    return [Turn(guess, score(SECRET, guess)) for guess in guesses]


def test_a_first_guess_of_distinct_digits_splits_classic_as_known() -> None:
    quality = rate_guess(CLASSIC, candidates(CLASSIC, []), "0123")
    counts = partition_counts(CLASSIC, "0123", candidates(CLASSIC, []))
    assert quality.worst_left == 1440  # 0 bulls 1 cow
    assert quality.expected_bits == pytest.approx(float(entropy_bits(counts)))
    assert quality.could_win


def test_a_move_review_counts_candidates_and_bits() -> None:
    history = game("0123", "4567", "1389")
    review = review_move(CLASSIC, history)
    before, after = len(candidates(CLASSIC, history[:2])), len(candidates(CLASSIC, history))
    assert (review.turn, review.before, review.after) == (2, before, after)
    assert review.bits == pytest.approx(math.log2(before / after))
    assert review.best is not None
    assert review.best.guess == next_guess(CLASSIC, history[:2])


def test_repeating_a_guess_is_worth_nothing_and_the_engine_knows_better() -> None:
    history = game("0123", "0123")
    review = review_move(CLASSIC, history)
    assert review.bits == 0.0
    assert review.played.expected_bits == 0.0
    assert review.bits_short is not None
    assert review.bits_short > 2


def test_an_earlier_turn_can_be_reviewed() -> None:
    history = game("0123", "4567", "1389")
    assert review_move(CLASSIC, history, turn=0).before == CLASSIC.size


def test_a_won_game_gathers_all_the_information_there_is() -> None:
    history = game("0123", "4567", "1389", "7381")
    reviews = [review_move(CLASSIC, history, turn=turn) for turn in range(len(history))]
    assert [review.turn for review in reviews] == [0, 1, 2, 3]
    assert reviews[-1].solved
    assert reviews[-1].after == 1
    assert reviews[-1].outlook is None
    assert sum(review.bits for review in reviews) == pytest.approx(math.log2(CLASSIC.size))


def test_the_outlook_is_the_engine_playing_each_remaining_secret() -> None:
    variant = variant_named("mastermind")
    history = [Turn("0011", Score(1, 1)), Turn("1223", Score(0, 2))]
    needed = [len(play(variant, variant.code(i), history=history)) for i in candidates(variant, history)]
    assert outlook(variant, history) == Outlook(len(needed), float(np.mean(needed)), max(needed))


def test_an_unfinished_game_reports_the_engine_outlook_from_where_it_stands() -> None:
    history = game("0123", "4567", "1389")
    review = review_move(CLASSIC, history)
    assert not review.solved
    assert review.outlook == outlook(CLASSIC, history)
    assert review.outlook is not None
    assert review.outlook.average >= 1


def test_the_outlook_is_skipped_beyond_its_budget() -> None:
    review = review_move(CLASSIC, game("0123"), outlook_budget=0)
    assert review.outlook is None


def test_contradictory_answers_cannot_be_reviewed() -> None:
    with pytest.raises(NoCandidates):
        review_move(CLASSIC, [Turn("0123", Score(0, 0)), Turn("0123", Score(1, 0)), Turn("4567", Score(0, 1))])
