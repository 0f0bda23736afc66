"""Leaderboards and stats after real games, through the emulator: /stats, /top in private and in a group."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store.db import open_database
from bot.store.migrations import migrate
from bot.store.rows import iso
from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory, UserFactory, next_id
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
    assert "won 2 · clean 2" in stats.text
    assert f"Best {counts[0]}" in stats.text
    assert "Clean wins in a row 2 · best 2" in stats.text
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
    weekly = group.wait_edit(board, plain(t("top.week")))
    assert "Alice" in weekly.text
    assert weekly.message_id == board.message_id


def seed(database: Path, group: int, results: list[tuple[int, str, int]]) -> None:
    """A database as the bot leaves it after these clean solves in the group, (user id, name, guesses) each,
    finished a second ago; the bot is started on it afterwards."""

    async def write() -> None:
        conn = await open_database(database)
        await migrate(conn)
        finished = iso(datetime.now(UTC) - timedelta(seconds=1))
        for game_id, (user_id, name, guesses) in enumerate(results, start=1):
            await conn.execute(
                "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
                " started_at, finished_at) VALUES (?, ?, ?, 'race', 'classic', ?, 'won', 0, ?, ?)",
                (game_id, user_id, group, guesses, finished, finished),
            )
            await conn.execute(
                "INSERT OR REPLACE INTO players (user_id, name, last_seen) VALUES (?, ?, ?)", (user_id, name, finished)
            )
        await conn.commit()
        await conn.close()

    asyncio.run(write())


def test_a_player_ranked_twelfth_sees_where_they_stand_below_the_top_ten(start_bot: BotFactory) -> None:
    group = -(900_000 + next_id())
    zoe = 20_000 + next_id()
    ahead = [(30_000 + n, f"Player {n}", 3 + n % 2) for n in range(11)]
    behind = [(40_000 + n, f"Late {n}", 7) for n in range(3)]
    bot = start_bot(start=False)
    seed(bot.database, group, [*ahead, (zoe, "Zoe", 5), (zoe, "Zoe", 6), *behind])
    bot.start_and_wait()
    player = UserClient(bot.emulator, bot.token, zoe, group, "group", "Zoe", "zoe")

    player.send_command("/top")
    board = player.wait_new("this chat")
    you = plain(t("top.you", place=12, total=15, detail=t("top.you.best", best=5, average="5.5")))
    assert you in board.text
    assert "Zoe" not in board.text.replace(you, "")  # not among the ten shown
    player.press(board, plain(t("top.btn.global")))
    everywhere = player.wait_edit(board, plain(t("top.global")))
    assert you in everywhere.text

    leader = UserClient(bot.emulator, bot.token, 30_000, group, "group", "Player", "player0")
    leader.send_command("/top")
    assert "You are" not in leader.wait_new("this chat").text
