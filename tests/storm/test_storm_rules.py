"""Puzzle Storm's rules, pure: the clock of a run and the order of its boards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.storm import rules
from bot.storm.rules import RunResult, Tally, answered, ends_at, rank_key, winner

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_a_run_has_three_minutes_on_its_clock():
    assert ends_at(START, Tally()) == START + timedelta(minutes=3)


def test_a_wrong_answer_costs_ten_seconds_and_ends_the_streak():
    tally = answered(answered(Tally(), True), False)
    assert (tally.solved, tally.wrong, tally.streak, tally.penalty) == (1, 1, 0, 10)
    assert ends_at(START, tally) == START + timedelta(seconds=170)


def test_every_third_right_answer_in_a_row_gives_ten_seconds_back():
    tally = Tally()
    bonuses = []
    for _ in range(7):
        tally = answered(tally, True)
        bonuses.append(tally.bonus)
    assert bonuses == [0, 0, 10, 10, 10, 20, 20]
    assert tally.best_streak == 7


def test_a_streak_broken_at_two_gives_nothing_back():
    tally = Tally()
    for right in (True, True, False, True, True, False):
        tally = answered(tally, right)
    assert tally.bonus == 0
    assert tally.seconds == 180 - 20


@given(st.lists(st.booleans(), max_size=rules.RUN_PUZZLES))
def test_the_clock_is_three_minutes_less_ten_seconds_a_miss_plus_ten_for_every_third_right_in_a_row(answers):
    tally = Tally()
    for right in answers:
        tally = answered(tally, right)
    runs, streak = [], 0
    for right in [*answers, False]:
        if right:
            streak += 1
        else:
            runs.append(streak)
            streak = 0
    assert tally.place == len(answers)
    assert tally.solved == sum(answers)
    assert tally.wrong == len(answers) - sum(answers)
    assert tally.seconds == 180 - 10 * tally.wrong + 10 * sum(run // 3 for run in runs)
    assert tally.best_streak == max(runs)
    assert tally.seconds <= rules.MOST_SECONDS  # no run outlasts the longest a Racer waits for


def test_an_answer_counts_only_before_the_clock_runs_out():
    end = START + timedelta(minutes=3)
    assert rules.counts(end, end - timedelta(milliseconds=1))
    assert not rules.counts(end, end)
    assert rules.left(end, end + timedelta(seconds=5)) == timedelta(0)


def test_the_boards_rank_by_solved_then_fewer_wrong_then_sooner():
    a, b, c = RunResult(1, "a", 5, 2, 90.0), RunResult(2, "b", 5, 1, 120.0), RunResult(3, "c", 5, 1, 100.0)
    assert sorted([a, b, c], key=rank_key) == [c, b, a]
    assert winner([a, b, c]) == c


def test_nobody_wins_a_racer_in_which_nobody_solved_a_puzzle():
    assert winner([RunResult(1, "a", 0, 3, 0.0), RunResult(2, "b", 0, 0, 0.0)]) is None
    assert winner([]) is None


def test_only_people_play():
    assert rules.is_person(1001, as_chat=False)
    assert not rules.is_person(-100123, as_chat=True)  # an anonymous admin: the group itself
    assert not rules.is_person(-100999, as_chat=False)  # a channel posting in the group
