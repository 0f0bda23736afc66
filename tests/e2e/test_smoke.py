"""Smoke: the real bot starts, registers its command menu and answers /start with both modes."""

from __future__ import annotations

import re

import pytest

from bot.texts import EN, plain
from tests.e2e.client import Emulator, UserClient, has_buttons
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.processes import BotProcess, EmulatorProcess

pytestmark = pytest.mark.e2e


def test_start_offers_both_modes_and_the_menu_is_registered(
    emulator: Emulator, bot: BotProcess, user: UserClient
) -> None:
    started = [line for line in bot.log().splitlines() if str(bot.database) in line]
    assert len(started) == 1, "the bot says once how it runs and on which database"
    assert "polling" in started[0]
    private = [c["command"] for c in emulator.my_commands(bot.token, "all_private_chats")]
    groups = [c["command"] for c in emulator.my_commands(bot.token, "all_group_chats")]
    assert {"start", "play", "think", "settings"} <= set(private)
    assert groups

    user.send_command("/start")
    welcome = user.wait_new(has_buttons(plain(EN["btn.play"]), plain(EN["btn.think"])))

    assert "Bulls and Cows" in welcome.text
    user.press(welcome, plain(EN["btn.play"]))
    assert user.wait_new(plain(EN["ref.started"]).split("{")[0].strip())


def test_a_group_is_pointed_to_a_private_chat_whose_link_starts_a_game(
    make_user: UserFactory, emulator_process: EmulatorProcess
) -> None:
    in_group = make_user("Dora", chat_id=-(900_000 + next_id()), chat_type="group")
    in_group.send_command(f"/play@{emulator_process.bot_username}")
    note = in_group.wait_new()
    link = re.search(r"https://t\.me/(?P<bot>\w+)\?start=(?P<payload>[\w-]+)", note.text)
    assert link, f"no deep link to a private chat: {note.describe()}"
    assert link["bot"] == emulator_process.bot_username

    in_private = make_user("Dora", user_id=in_group.user_id)
    in_private.send_command(f"/start {link['payload']}")
    assert in_private.wait_new("picked a secret")
