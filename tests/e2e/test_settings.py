"""Settings changed with the buttons of one message, edited in place, apply to the next game."""

from __future__ import annotations

import pytest

from bot.texts import EN, plain, t
from engine.history import fits
from engine.variant import variant_named
from tests.e2e.client import UserClient, has_buttons
from tests.e2e.games import RefereeGame

pytestmark = pytest.mark.e2e


def test_length_five_chosen_in_settings_is_the_next_games_length(user: UserClient) -> None:
    length_five = plain(t("set.length", n=5))
    user.send_command("/settings")
    panel = user.wait_new(has_buttons(length_five))

    user.press(panel, length_five)
    changed = user.wait_edit(panel)
    assert changed.text != panel.text
    assert "5" in changed.text.split("\n")[1], f"the panel does not show the new game: {changed.describe()}"
    done = plain(EN["set.done"])
    if done in changed.labels:
        user.press(changed, done)

    user.send_command("/play")
    user.wait_new("picked a secret")
    user.send_text("1234")
    assert plain(t("invalid.wrong_length", expected=5, got=4)) in user.wait_new().text

    five = variant_named("5")
    game = RefereeGame(user, five)
    won = game.play_to_the_end()
    secret = game.turns[-1].guess
    assert len(secret) == 5
    assert secret in won.text
    assert fits(secret, game.turns)
