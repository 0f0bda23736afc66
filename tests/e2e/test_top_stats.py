"""Leaderboards and stats after real games, through the emulator: /stats, /top in private and in a group."""

from __future__ import annotations

import pytest

from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.games import RefereeGame
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e


def play_one(user: UserClient) -> int:
    """Play a referee game to the end; the number of guesses it took."""
    user.send_command("/play")
    user.wait_new("picked a secret")
    game = RefereeGame(user, PRESETS["classic"])
    game.play_to_the_end()
    return len(game.turns)


def test_stats_and_leaderboards_after_two_games(
    user: UserClient, make_user: UserFactory, emulator: Emulator, bot: BotProcess
) -> None:
    for scope in ("all_private_chats", "all_group_chats"):
        assert {"top", "stats"} <= {c["command"] for c in emulator.my_commands(bot.token, scope)}
    counts = sorted(play_one(user) for _ in range(2))

    user.send_command("/stats")
    stats = user.wait_new("Games 2")
    assert "won 2 · clean solves 2" in stats.text
    assert f"Best {counts[0]}" in stats.text
    assert "Streak 2 · best streak 2" in stats.text
    assert f"{counts[0]} ▇" in stats.text  # the distribution's bars

    user.send_command("/top")
    top = user.wait_new("all chats")
    assert f"Alice — best {counts[0]}" in top.text

    group = make_user("Bob", chat_id=-(900_000 + next_id()), chat_type="group")
    group.send_command("/top")
    empty = group.wait_new("this chat")
    assert plain(t("top.empty")) in empty.text
    group.send_command("/top global")
    board = group.wait_new("all chats")
    assert "Alice" in board.text
    group.press(board, plain(t("top.btn.week")))
    weekly = group.wait_edit(board, "last 7 days")
    assert "Alice" in weekly.text
    assert weekly.message_id == board.message_id
