"""A first evening's two checks, in English and in Russian: a slip at #2 in /think whose true fix is offered and
taken (issue 21: 2047 in mind, answers 0 2, then 1 0 where the truth is 1 1, then truthful ones), and '🔁 Same
again' replaying a 5-digit game."""

from __future__ import annotations

import re

import pytest

from bot.texts import plain, score_text, t
from engine.scoring import Score, score
from tests.e2e.client import BotMessage
from tests.e2e.conftest import UserFactory

pytestmark = pytest.mark.e2e

SECRET = "2047"
ASKED = re.compile(r"[#№](?P<n>\d+): (?P<guess>\d{4})")  # the board's question: "#2: 0245" or «№2: 0245»
MAX_TURNS = 12


def asked(message: BotMessage) -> tuple[int, str] | None:
    found = ASKED.search(message.text)
    return (int(found["n"]), found["guess"]) if found else None


def label(answer: Score, language: str) -> str:
    return plain(score_text(answer, language))


def next_step(after: int):
    def check(message: BotMessage) -> bool:
        now = asked(message)
        moved_on = now is not None and now[0] > after and bool(message.keyboard)
        return moved_on or "🤔" in message.text or ("🎉" in message.text and SECRET in message.text)

    return check


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_slip_at_two_is_caught_explained_and_its_true_fix_offered(make_user: UserFactory, language: str) -> None:
    user = make_user(language_code=language)
    user.send_command("/think")
    board = user.wait_new(lambda m: asked(m) is not None and bool(m.keyboard))
    shown = board
    for _ in range(MAX_TURNS):
        n, guess = asked(user.current(board.message_id)) or (0, "")
        truth = score(SECRET, guess)
        given = Score(truth.bulls, truth.cows - 1) if n == 2 else truth  # #2: 1🐂 0🐄 where the truth is 1🐂 1🐄
        user.press(board, label(given, language))
        shown = user.wait_for(next_step(n))
        if "🤔" in shown.text:
            break
        board = shown
    else:
        raise AssertionError("the slip was never caught")
    assert plain(t("contra.conflict", language, turns="")).rstrip(".") in shown.text
    assert len(shown.text.splitlines()) >= 2  # the reason, in a sentence, after the conflicting answers
    fix = plain(t("btn.fix.codes", language, n=2, score=score_text(Score(1, 1), language), remaining=1))
    assert fix in shown.labels, shown.describe()
    user.press(shown, fix)
    solved = user.wait_for(next_step(1))  # the board asking its next guess, or the code found
    board = solved
    for _ in range(MAX_TURNS):
        if "🎉" in solved.text:
            break
        n, guess = asked(user.current(board.message_id)) or (0, "")
        user.press(board, label(score(SECRET, guess), language))
        solved = user.wait_for(next_step(n))
        assert "🤔" not in solved.text, solved.describe()
        board = solved if asked(solved) else board
    assert SECRET in solved.text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_same_again_replays_a_5_digit_game(make_user: UserFactory, language: str) -> None:
    user = make_user(language_code=language)
    user.send_command("/play 5")
    five = plain(t("name.distinct", language, n=5))  # "5 digits, no repeats"
    started = user.wait_new(lambda m: five in m.text)
    user.send_command("/giveup")
    ended = user.wait_new(lambda m: bool(m.keyboard) and plain(t("btn.again", language)) in m.labels)
    user.press(ended, plain(t("btn.again", language)))
    again = user.wait_new(lambda m: m.message_id != started.message_id)
    assert again.text == started.text  # the same intro: a 5-digit code, the same settings
    user.send_text("01234")
    scored = user.wait_new()
    assert "#1 01234 →" in scored.text, scored.describe()
