"""What the review tells beyond each guess's figures, checked against an independent brute force on small variants
(tests/engine/review_brute.py): the codes each hint left, the splits the turning point compares, and where a game not
won stopped (the codes left, what the best play needed from there, the best next guess). Then the rules the coach
follows: the moment that teaches, and labels that agree with their numbers as printed."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bot.review import lessons
from bot.review import screens as review_board
from bot.review.figures import printed, shown_label
from bot.review.lessons import Split
from bot.review.service import Hinted, HowEnded, Made, Reviewed, Subject, make
from bot.texts import plain
from engine.history import Turn
from engine.review import GameReview, GuessCost, GuessLoss, GuessReview, Label, label_for
from engine.review.labels import EXCELLENT_BELOW, GOOD_BELOW, INACCURACY_BELOW, MISTAKE_BELOW
from engine.scoring import score
from engine.variant import PRESETS, Variant
from tests.engine.review_brute import BruteForce, plain_score
from tests.machine import needs_solver_core

SMALL = {"3d6": Variant(3, 6), "3r6": Variant(3, 6, repeats=True)}
BRUTE = {name: BruteForce(variant) for name, variant in SMALL.items()}
BRUTE_LIMIT = 16  # sets the brute force weighs within a second or so


def brute_split(codes: frozenset[str], guess: str) -> tuple[int, float, bool]:
    """The most codes an answer to `guess` leaves, how many on average (Σ|part|²/n), and whether every code gets its
    own answer, by plain scoring."""
    parts: dict[tuple[int, int], int] = {}
    for code in codes:
        answer = plain_score(code, guess)
        parts[answer] = parts.get(answer, 0) + 1
    return max(parts.values()), sum(n * n for n in parts.values()) / len(codes), max(parts.values()) == 1


@st.composite
def unfinished_games(draw: st.DrawFn) -> tuple[str, str, list[Turn], list[tuple[int, int, int]]]:
    """(variant name, secret, turns not reaching the secret, hints as (guesses before it, position, digit))."""
    name = draw(st.sampled_from(sorted(SMALL)))
    codes = BRUTE[name].codes
    secret = draw(st.sampled_from(codes))
    guesses = draw(st.lists(st.sampled_from([c for c in codes if c != secret]), min_size=1, max_size=3, unique=True))
    turns = [Turn(guess, score(secret, guess)) for guess in guesses]
    places = draw(st.lists(st.integers(0, 2), max_size=2, unique=True))
    hints = [(draw(st.integers(0, len(turns))), place, int(secret[place])) for place in places]
    hints.sort(key=lambda hint: hint[0])
    return name, secret, turns, hints


def subject_of(variant: Variant, turns: list[Turn], hints: list[tuple[int, int, int]]) -> Subject:
    known = tuple({p: d for at, p, d in hints if at <= index} for index in range(len(turns)))
    return Subject(
        Reviewed.GAME,
        1,
        1,
        variant,
        tuple(turns),
        known,
        Hinted.NOTED if hints else Hinted.NONE,
        hints=tuple(hints),
        ended=HowEnded.GAVE_UP,
    )


@needs_solver_core
@settings(max_examples=60, deadline=None)
@given(unfinished_games())
def test_the_hints_the_moment_and_where_it_stopped_match_the_brute_force(case) -> None:
    name, _secret, turns, hints = case
    variant, brute = SMALL[name], BRUTE[name]
    answers = [(turn.guess, tuple(turn.answer)) for turn in turns]
    made = make(subject_of(variant, turns, hints))
    pins: dict[int, int] = {}
    for taken, (at, position, digit) in zip(made.hints, hints, strict=True):
        before = len(brute.fitting(answers[:at], pins))
        pins[position] = digit
        assert (taken.at, taken.before, taken.after) == (at, before, len(brute.fitting(answers[:at], pins)))
    if made.moment is not None:
        moment = made.moment
        known = {p: d for at, p, d in hints if at <= moment.turn}
        codes = brute.fitting(answers[: moment.turn], known)
        for split in (moment.played, moment.best):
            worst, average, apart = brute_split(codes, split.guess)
            assert (split.codes, split.worst, split.identifies) == (len(codes), worst, apart)
            assert split.expected == pytest.approx(average, abs=1e-12)
        assert moment.teaches == (not moment.played.alike(moment.best))
    assert made.end is not None  # the code was not found: where it stopped
    left = brute.fitting(answers, pins)
    assert made.end.count == len(left)
    assume(len(left) <= BRUTE_LIMIT)
    assert made.end.exact
    assert made.end.least == pytest.approx(brute.total(left) / len(left), abs=1e-12)
    assert made.end.best is not None
    assert brute.guess_total(left, made.end.best.guess) == brute.total(left)  # the best next guess is best
    assert made.end.best.worst == brute_split(left, made.end.best.guess)[0]


def _review(variant: Variant, turns: list[Turn], weighed: list[tuple[float, str]]) -> GameReview:
    """A review of `turns` whose guesses lost what `weighed` says, each against the best guess it names."""
    guesses = []
    for index, (turn, (loss, best)) in enumerate(zip(turns, weighed, strict=True)):
        played = GuessCost(turn.guess, 3.0 + loss, 1, True)
        weighs = GuessLoss(played, 3.0, loss, label_for(loss), True, (GuessCost(best, 3.0, 1, True),))
        guesses.append(GuessReview(index, turn.guess, turn.answer, 10, 5, (), weighs))
    return GameReview(variant.name, tuple(guesses), 5.0, 80.0, None, True)


def test_the_moment_that_teaches_is_chosen_over_a_bigger_loss_that_reads_alike() -> None:
    classic = PRESETS["classic"]
    secret = "9876"
    turns = [Turn(code, score(secret, code)) for code in ("0123", "4567", secret)]
    # at the start every classic guess splits the codes alike (they are all one by symmetry): that loss teaches
    # nothing a player can see; the second guess against 0145 does show a difference
    review = _review(classic, turns, [(0.9, "3210"), (0.5, "0145"), (0.0, secret)])
    moment = lessons.moment(classic, review, turns, None)
    assert moment is not None
    assert moment.turn == 1
    assert moment.teaches
    alike_only = _review(classic, turns, [(0.9, "3210"), (0.1, "0145"), (0.0, secret)])  # the other is a small slip
    moment = lessons.moment(classic, alike_only, turns, None)
    assert moment is not None
    assert moment.turn == 0
    assert not moment.teaches
    subject = Subject(Reviewed.GAME, 1, 1, classic, tuple(turns), None, ended=HowEnded.WON)
    board = review_board.board("en", subject, Made(alike_only, moment=moment))
    [line] = [plain(line) for line in board.coach if line.startswith("🧭")]
    assert "split the codes alike" in line  # said so, not passed off as a difference


def test_a_label_is_decided_by_its_loss_as_printed() -> None:
    classic = PRESETS["classic"]
    turns = [Turn(code, score("9876", code)) for code in ("0123", "4567", "9876")]
    review = _review(classic, turns, [(50 / 256, "0123"), (0.0499, "0145"), (0.0, "9876")])
    subject = Subject(Reviewed.GAME, 1, 1, classic, tuple(turns), None, ended=HowEnded.WON)
    board = review_board.board("en", subject, Made(review))
    assert [row.label for row in board.rows] == [Label.INACCURACY, Label.GOOD, Label.BEST]
    assert "🤔" in board.rows[0].line  # "0.20" is not "good, under 0.2"
    assert "👍" in board.rows[1].line  # "0.05" is not "excellent, under 0.05"


CUTS = ((EXCELLENT_BELOW, Label.EXCELLENT), (GOOD_BELOW, Label.GOOD), (INACCURACY_BELOW, Label.INACCURACY))


@given(st.floats(min_value=1e-6, max_value=3.0))
def test_a_printed_loss_is_under_its_labels_bound_and_not_under_the_better_ones(loss: float) -> None:
    label = shown_label(loss, label_for(loss))
    shown = printed(loss)
    order = [Label.EXCELLENT, Label.GOOD, Label.INACCURACY, Label.MISTAKE, Label.BLUNDER]
    bounds = {Label.EXCELLENT: EXCELLENT_BELOW, Label.GOOD: GOOD_BELOW, Label.INACCURACY: INACCURACY_BELOW}
    bounds[Label.MISTAKE] = MISTAKE_BELOW
    if label in bounds:
        assert shown < bounds[label]
    for better in order[: order.index(label)]:
        assert shown >= bounds[better]


def test_a_split_reads_alike_only_when_a_player_sees_no_difference() -> None:
    a = Split("0123", 10, 4, 2.6, False, True, ())
    assert a.alike(Split("4567", 10, 4, 2.64, False, True, ()))  # 2.6 either way, as printed
    assert not a.alike(Split("4567", 10, 4, 2.6, False, False, ()))  # one can win now
    assert not a.alike(Split("4567", 10, 3, 2.6, False, True, ()))
    assert Split.from_data(a.to_data()) == a
