"""A whole game where the bot keeps the secret and the user finds it, as a user would."""

from __future__ import annotations

import re

import pytest

from bot.texts import plain, t
from engine.history import fits
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, UserClient
from tests.e2e.games import RefereeGame, text_pattern

pytestmark = pytest.mark.e2e

HINT = re.compile(text_pattern("ref.hint", place=r"(?P<position>\d)(?:st|nd|rd|th)", digit=r"(?P<digit>\d)"))
GAVE_UP = re.compile(text_pattern("ref.gave_up", secret=r"(?P<secret>\d+)", n=r"(?P<n>\d+)"))


def is_hint(message: BotMessage) -> bool:
    """Whether a message reveals one digit of the secret."""
    return bool(HINT.search(message.text))


def is_gave_up(message: BotMessage) -> bool:
    """Whether a message reveals the secret of an abandoned game."""
    return bool(GAVE_UP.search(message.text))


def test_a_referee_game_is_played_to_the_end(user: UserClient) -> None:
    classic = PRESETS["classic"]
    user.send_command("/play")
    user.wait_new("picked a secret")

    user.send_text("12")
    refusal = user.wait_new()
    assert plain(t("invalid.wrong_length", expected=4, got=2)) in refusal.text

    game = RefereeGame(user, classic)
    game.guess()  # numbered #1: the refused guess cost nothing
    won = game.play_to_the_end()

    secret = game.turns[-1].guess
    assert secret in won.text
    assert f"got it in {len(game.turns)} guesses" in won.text.lower()


def test_a_hint_and_giving_up_reveal_a_secret_that_fits_every_score(user: UserClient) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    game = RefereeGame(user, PRESETS["classic"])
    game.guess()
    game.guess()

    user.send_command("/hint")
    hint = HINT.search(user.wait_new(is_hint).text)
    assert hint
    user.send_command("/giveup")
    ending = GAVE_UP.search(user.wait_new(is_gave_up).text)

    assert ending
    secret = ending["secret"]
    assert PRESETS["classic"].is_valid(secret)
    assert fits(secret, game.turns), f"{secret} does not give the scores the bot gave: {game.turns}"
    assert secret[int(hint["position"]) - 1] == hint["digit"]
    assert int(ending["n"]) == len(game.turns)
