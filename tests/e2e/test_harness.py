"""The end-to-end harness itself, against a tiny echo bot: if these fail, the other e2e failures mean nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.variant import PRESETS
from tests.e2e.client import Emulator, UserClient, has_buttons
from tests.e2e.conftest import BotFactory, next_id
from tests.e2e.games import RefereeGame
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

ECHO_BOT = [sys.executable, str(Path(__file__).with_name("echo_bot.py"))]


def test_a_user_talks_to_a_bot_process_through_the_emulator(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT)
    alice = UserClient(emulator, bot.token, user_id=20_000 + next_id())
    assert emulator.my_commands(bot.token, "all_private_chats") == [{"command": "start", "description": "start"}]

    alice.send_text("hi <there> & you")
    assert alice.wait_new().text == "echo: hi <there> & you"

    alice.send_command("/start")
    board = alice.wait_new(has_buttons("Count", "same"))
    assert board.text == "Count: 0"
    assert board.raw_text == "<b>Count:</b> 0"

    answer = alice.press(board, "Count")
    assert answer is not None
    assert answer.text == "now 1"
    assert alice.wait_edit(board).text == "Count: 1"
    assert alice.current(board.message_id).labels == ["Count", "Same"]


def test_an_edit_that_changes_nothing_is_refused_as_by_telegram(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT)
    bob = UserClient(emulator, bot.token, user_id=20_000 + next_id(), first_name="Bob")
    bob.send_command("/start")
    board = bob.wait_new(has_buttons("Same"))
    answer = bob.press(board, "Same")
    assert answer is not None
    assert answer.text is not None
    assert "message is not modified" in answer.text.lower()
    [refused] = [c for c in emulator.calls(bot.token, "editMessageText") if c.error]
    assert refused.status == 400
    assert refused.error is not None
    assert refused.error.startswith("message is not modified")


def test_two_bots_do_not_see_each_others_users(emulator: Emulator, start_bot: BotFactory) -> None:
    first, second = start_bot(ECHO_BOT), start_bot(ECHO_BOT)
    user_id = 20_000 + next_id()
    to_first = UserClient(emulator, first.token, user_id)
    to_second = UserClient(emulator, second.token, user_id)
    to_first.send_text("one")
    to_second.send_text("two")
    assert to_first.wait_new().text == "echo: one"
    assert to_second.wait_new().text == "echo: two"
    assert to_first.texts() == ["echo: one"]


def test_a_restarted_bot_keeps_its_token_and_exits_cleanly(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT)
    carol = UserClient(emulator, bot.token, user_id=20_000 + next_id(), first_name="Carol")
    assert bot.restart() == 0
    carol.send_text("still there?")
    assert carol.wait_new().text == "echo: still there?"


def test_a_test_reads_the_database_of_a_running_bot_and_a_killed_bot_comes_back(
    emulator: Emulator, bot: BotProcess, user: UserClient
) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    game = RefereeGame(user, PRESETS["classic"])
    game.guess()
    game.guess()
    assert bot.scalar("SELECT COUNT(*) FROM moves") == 2
    assert [row[0] for row in bot.query("SELECT seq FROM moves ORDER BY seq")] == [1, 2]

    emulator.wait_confirmed(bot.token)
    bot.kill()  # no clean exit asked of this run
    assert bot.restart() == -9
    game.guess()
    assert bot.scalar("SELECT COUNT(*) FROM moves WHERE user_id = ?", user.user_id) == 3
    assert bot.kills == 1
