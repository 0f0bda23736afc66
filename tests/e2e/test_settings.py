"""Settings changed with the buttons of one message, edited in place, apply to the next game."""

from __future__ import annotations

import pytest

from bot.texts import EN, Html, plain, t, variant_name, variant_text
from engine.history import fits
from engine.variant import PRESETS, Variant, variant_named
from tests.e2e.client import UserClient, has_buttons
from tests.e2e.games import RefereeGame

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("button", "variant", "refused", "reason"),
    [
        ("Mastermind 🎨", PRESETS["mastermind"], "1239", t("invalid.out_of_range", top=5, digit=9)),
        ("5", variant_named("5"), "1234", t("invalid.wrong_length", expected=5, got=4)),
    ],
    ids=["mastermind", "length-5"],
)
def test_a_game_chosen_in_settings_is_the_next_games_rules(
    user: UserClient, button: str, variant: Variant, refused: str, reason: Html
) -> None:
    user.send_command("/settings")
    panel = user.wait_new(has_buttons(button))

    user.press(panel, button)
    changed = user.wait_edit(panel)
    name = plain(variant_name(variant))  # "Mastermind 4×6 (colours)", "5 digits, no repeats": never "5d10"
    assert f"Game: {name}" in changed.text, f"the panel does not show the new game: {changed.describe()}"
    assert f"✓ {button}" in changed.labels
    answer = user.press(changed, plain(EN["set.done"]))
    assert answer is not None
    assert answer.text == plain(EN["set.closed"])
    assert not user.wait_edit(panel).keyboard, "a closed settings message keeps no buttons"

    user.send_command("/play")
    assert plain(variant_text(variant)) in user.wait_new("picked a secret").text
    user.send_text(refused)
    assert plain(reason) in user.wait_new().text

    game = RefereeGame(user, variant)
    won = game.play_to_the_end()
    secret = game.turns[-1].guess
    assert variant.is_valid(secret)
    assert secret in won.text
    assert fits(secret, game.turns)
