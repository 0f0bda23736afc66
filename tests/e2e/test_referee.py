"""A whole game where the bot keeps the secret and the user finds it, as a user would."""

from __future__ import annotations

import pytest

from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.games import RefereeGame

pytestmark = pytest.mark.e2e


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
