"""Why answers contradict: digit counts a player can check by hand, else the codes the other answers leave."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.consistency import find_contradiction
from engine.explanation import DigitsKnown, DigitsOver, DigitsShort, NoneFits, RuledOut, why
from engine.history import Turn, candidates
from engine.scoring import Score, score
from engine.variant import PRESETS, variant_named

CLASSIC = PRESETS["classic"]


def test_two_answers_of_nothing_leave_too_few_digits() -> None:
    history = [Turn("0123", Score(0, 0)), Turn("4567", Score(0, 0))]
    assert why(CLASSIC, history, (0, 1)) == DigitsShort((0, 1), (0, 0), ("8", "9"))


def test_answers_about_guesses_with_no_digit_in_common_can_leave_too_little_room() -> None:
    history = [Turn("0123", Score(0, 0)), Turn("4567", Score(0, 1))]
    found = why(CLASSIC, history, (0, 1))
    assert found == DigitsShort((0, 1), (0, 1), ("8", "9"))
    assert found.room == 3


def test_answers_about_guesses_with_no_digit_in_common_can_need_too_many_digits() -> None:
    history = [Turn("0123", Score(1, 2)), Turn("4567", Score(0, 2))]
    assert why(CLASSIC, history, (0, 1)) == DigitsOver((0, 1), (3, 2))


def test_an_answer_of_nothing_rules_out_digits_another_answer_needs() -> None:
    history = [Turn("0123", Score(0, 0)), Turn("0145", Score(1, 2))]
    assert why(CLASSIC, history, (0, 1)) == RuledOut((0,), ("0", "1"), 1, 2, 3)


def test_an_answer_with_every_digit_fixes_the_digits_of_the_code() -> None:
    history = [Turn("0123", Score(0, 4)), Turn("0145", Score(0, 1))]
    assert why(CLASSIC, history, (0, 1)) == DigitsKnown(0, ("0", "1", "2", "3"), 1, 2, 1)


def test_a_conflict_about_places_names_the_codes_the_other_answers_leave() -> None:
    history = [Turn("0123", Score(2, 2)), Turn("1023", Score(2, 2))]  # 0123 → 2🐂 2🐄: two of its digits swapped
    found = why(CLASSIC, history, (0, 1))
    assert isinstance(found, NoneFits)
    assert (found.turns, found.turn, found.count) == ((0,), 1, 6)  # either way round 6: the later one is named
    assert found.codes == ()
    assert found.answers[0] == Score(1, 3)  # four of the six keep one digit of 1023 in place
    assert set(found.answers) == {Score(1, 3), Score(0, 4), Score(4, 0)}
    assert not found.more_answers


def test_when_one_code_is_left_the_reason_says_what_it_would_have_answered() -> None:
    history = [Turn("0123", Score(0, 2)), Turn("1245", Score(1, 0)), Turn("1067", Score(2, 0))]
    history += [Turn("1378", Score(0, 1)), Turn("3065", Score(1, 0))]  # 2047 in mind, #2 truly 1🐂 1🐄
    conflict = find_contradiction(CLASSIC, history).conflict
    found = why(CLASSIC, history, conflict)
    assert isinstance(found, NoneFits)
    fewest = min(len(candidates(CLASSIC, [history[i] for i in conflict if i != t])) for t in conflict)
    assert found.count == fewest  # the most telling of the sentences the conflict allows
    assert found.count == len(candidates(CLASSIC, [history[i] for i in found.turns]))
    left = [CLASSIC.code(int(i)) for i in candidates(CLASSIC, [history[i] for i in found.turns])]
    assert found.codes == (tuple(left) if len(left) <= 3 else ())
    given = [score(code, history[found.turn].guess) for code in left]
    assert set(found.answers) <= set(given)
    assert history[found.turn].answer not in given
    assert found.more_answers == (len(set(given)) > len(found.answers))
    assert [given.count(a) for a in found.answers] == sorted((given.count(a) for a in found.answers), reverse=True)


def test_a_single_impossible_answer_or_a_repeated_guess_needs_no_more_reason() -> None:
    assert why(CLASSIC, [Turn("0123", Score(3, 1))], (0,)) is None
    assert why(CLASSIC, [Turn("0123", Score(0, 1)), Turn("0123", Score(1, 0))], (0, 1)) is None


def test_with_repeated_digits_only_the_codes_left_are_named() -> None:
    mastermind = variant_named("mastermind")
    history = [Turn("0011", Score(0, 0)), Turn("2233", Score(0, 0)), Turn("4455", Score(0, 1))]
    conflict = find_contradiction(mastermind, history).conflict
    assert isinstance(why(mastermind, history, conflict), NoneFits)


def holds(variant, history, reason) -> bool:
    """Whether a reason's claim is true of the history, checked the long way (over every code)."""
    codes = [variant.code(i) for i in range(variant.size)]
    if isinstance(reason, DigitsShort | DigitsOver):
        counts = tuple(history[i].answer.bulls + history[i].answer.cows for i in reason.turns)
        digits = {d for i in reason.turns for d in history[i].guess}
        free = tuple(str(d) for d in range(variant.symbols) if str(d) not in digits)
        if isinstance(reason, DigitsOver):
            return reason.counts == counts and sum(counts) > variant.length
        return (reason.counts, reason.free) == (counts, free) and reason.room < variant.length
    if isinstance(reason, RuledOut):
        out = {d for i in reason.turns for d in history[i].guess}
        assert all(history[i].answer == Score(0, 0) for i in reason.turns)
        guess = history[reason.turn].guess
        said = history[reason.turn].answer
        return len(set(guess) - out) == reason.at_most < said.bulls + said.cows == reason.needed
    if isinstance(reason, DigitsKnown):
        guess = history[reason.turn].guess
        return len(set(guess) & set(reason.digits)) == reason.has != reason.said
    fitting = [c for c in codes if all(score(c, history[i].guess) == history[i].answer for i in reason.turns)]
    answers = {score(c, history[reason.turn].guess) for c in fitting}
    said = history[reason.turn].answer
    return len(fitting) == reason.count and said not in answers and set(reason.answers) <= answers


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_reason_given_for_a_slip_is_true(seed: int) -> None:
    rng = random.Random(seed)
    variant = variant_named(rng.choice(["3d10", "classic", "nozero", "3d6"]))
    secret = variant.code(rng.randrange(variant.size))
    history: list[Turn] = []
    slipped = False
    for _ in range(12):
        alive = candidates(variant, history)
        guess = variant.code(int(rng.choice(alive))) if len(alive) else variant.code(rng.randrange(variant.size))
        truth = score(secret, guess)
        answer = truth
        if not slipped and truth.bulls < variant.length and rng.random() < 0.4:
            answer = Score(truth.bulls, truth.cows + 1 if truth.bulls + truth.cows < variant.length else truth.cows - 1)
            slipped = answer != truth and answer.cows >= 0
            answer = answer if slipped else truth
        history.append(Turn(guess, answer))
        found = find_contradiction(variant, history)
        if found is not None:
            reason = why(variant, history, found.conflict)
            if reason is not None:
                assert holds(variant, history, reason), (history, found.conflict, reason)
            return
        if truth.bulls == variant.length:
            return
