"""Versus the bot through the emulator: the user guesses the bot's code and answers its guesses, in turns."""

from __future__ import annotations

import re

import pytest

from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, UserClient
from tests.e2e.games import CODE, NUMBER, SCORE, score_label, text_pattern

pytestmark = pytest.mark.e2e

MINE = "7031"
YOURS = re.compile(text_pattern("vs.your_guess", n=NUMBER, guess=CODE, score=SCORE))
ASK = re.compile(text_pattern("vs.ask", n=NUMBER, guess=CODE))
LAST = re.compile(text_pattern("vs.ask.last", n=NUMBER, m=r"\d+", guess=CODE))
ENDING = re.compile(r"🎉 You win!|🤖 I win:|🤝 A draw:")  # the starts of vs.won, vs.lost and vs.draw


def is_over(message: BotMessage) -> bool:
    """Whether a message announces the end of the game."""
    return bool(ENDING.search(message.text))


def test_a_versus_game_is_played_to_the_end_with_answer_buttons(user: UserClient) -> None:
    user.send_command("/versus")
    user.wait_new("You vs me")
    classic = PRESETS["classic"]
    mine: list[Turn] = []
    for _ in range(10):
        guess = next_guess(classic, tuple(mine))
        user.send_text(guess)
        scored = YOURS.search(user.wait_new(lambda m: bool(YOURS.search(m.text))).text)
        assert scored
        assert scored["guess"] == guess
        mine.append(Turn(guess, Score(int(scored["bulls"]), int(scored["cows"]))))
        ask = user.wait_new(lambda m: bool(ASK.search(m.text) or LAST.search(m.text) or is_over(m)))
        if is_over(ask):
            ending = ask
            break
        asked = ASK.search(ask.text) or LAST.search(ask.text)
        assert asked
        user.press(ask, score_label(score(MINE, asked["guess"])))
        after = user.wait_edit(ask)
        if is_over(after):
            ending = after
            break
        assert "Your turn" in after.text
    else:
        raise AssertionError("no ending in 10 rounds")
    assert re.search(r"You win|I win|A draw", ending.text), ending.describe()
    if "You win" in ending.text:
        assert mine[-1].answer.bulls == 4
    if "I win" in ending.text:
        assert f"your code is {MINE}" in ending.text
    user.send_command("/versus")  # the game is over: a new one can start
    user.wait_new("You vs me")
