"""A wrong answer on purpose: the bot names the answers that contradict, offers fixes, and one button fixes it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from engine.scoring import Score, score
from tests.e2e.client import BotMessage, Button, UserClient
from tests.e2e.games import CONTRADICTION, MAX_TURNS, SCORE, SOLVED, GuesserGame, a_slip, is_board, text_pattern

pytestmark = pytest.mark.e2e

FIX_LABEL = re.compile(text_pattern("btn.fix.codes", n=r"(?P<n>\d+)", score=SCORE))  # "#1 → 1🐂 2🐄 (3 codes)"


def fix_for(turn: int, answer: Score) -> Callable[[Button], bool]:
    """A check for the fix button that sets answer #turn to `answer`."""

    def check(button: Button) -> bool:
        match = FIX_LABEL.fullmatch(button.text)
        if match is None:
            return False
        return int(match["n"]) == turn and Score(int(match["bulls"]), int(match["cows"])) == answer

    return check


def test_a_contradiction_is_named_and_fixed_with_a_button(user: UserClient) -> None:
    secret = "7381"
    user.send_command("/think")
    board = user.wait_new(is_board)
    game = GuesserGame(user, secret, board)
    _, first_guess = game.current_guess
    truth = score(secret, first_guess)

    shown = game.answer(a_slip(first_guess, truth))
    while CONTRADICTION not in shown.text:
        assert not SOLVED.search(shown.text), f"solved despite a wrong answer: {shown.describe()}"
        assert len(game.asked) < MAX_TURNS, "the wrong answer was never caught"
        shown = game.answer()

    assert re.search(r"#1\b", shown.text), f"the contradiction does not name answer #1: {shown.describe()}"
    check = fix_for(1, truth)
    offers: list[BotMessage] = [m for m in user.view.values() if any(check(b) for b in m.buttons)]
    assert offers, f"no button fixes #1 to {truth}: {[m.describe() for m in user.view.values() if m.keyboard]}"
    asked = len(game.asked)
    user.press(offers[-1], check)

    shown = game.wait_for_next_step(after=asked)
    assert CONTRADICTION not in shown.text
    if not SOLVED.search(shown.text):
        shown = game.play_to_the_end()
    solved = SOLVED.search(shown.text)
    assert solved
    assert solved["secret"] == secret
