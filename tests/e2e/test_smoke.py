"""Smoke: the real bot starts, registers its command menu and answers /start with both modes."""

from __future__ import annotations

import pytest

from bot.texts import EN, plain
from tests.e2e.client import Emulator, UserClient, has_buttons
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e


def test_start_offers_both_modes_and_the_menu_is_registered(
    emulator: Emulator, bot: BotProcess, user: UserClient
) -> None:
    private = [c["command"] for c in emulator.my_commands(bot.token, "all_private_chats")]
    groups = [c["command"] for c in emulator.my_commands(bot.token, "all_group_chats")]
    assert {"start", "play", "think", "settings"} <= set(private)
    assert groups

    user.send_command("/start")
    welcome = user.wait_new(has_buttons(plain(EN["btn.play"]), plain(EN["btn.think"])))

    assert "Bulls and Cows" in welcome.text
    user.press(welcome, plain(EN["btn.play"]))
    assert user.wait_new(plain(EN["ref.started"]).split("{")[0].strip())
