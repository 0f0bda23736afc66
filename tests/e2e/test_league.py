"""The weekly league through the emulator, the real bot process: two players earn points in a week, the week is
closed by the timer at start-up once it is over (the week's rows are moved a week back while the bot is down, as if a
week had passed: the e2e bot has no test clock), the first moves up and the second down, each is told once, and a
restart tells nobody again."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

import pytest

from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.games import RefereeGame
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

CLOSED = "The league week of"


def play_the_daily(player: UserClient, give_up: bool = False) -> None:
    """Today's challenge, solved with the engine's guesses, or given up after one."""
    player.send_command("/daily")
    player.wait_new("Daily challenge")
    game = RefereeGame(player, PRESETS["classic"])
    if not give_up:
        game.play_to_the_end()
        return
    game.guess()
    player.send_command("/giveup")
    asked = player.wait_new("Give up today's challenge?")
    player.press(asked, plain(t("daily.btn.giveup")))
    player.wait_new("The secret was")


def a_week_back(database, tier: int) -> str:
    """Move the league's rows of this week a week back, in the second tier (the bot is down); that week comes back."""
    with sqlite3.connect(database) as conn:
        [(week,)] = conn.execute("SELECT DISTINCT week FROM league_members").fetchall()
        before = (date.fromisoformat(week) - timedelta(days=7)).isoformat()
        for table in ("league_members", "league_divisions", "league_points"):
            conn.execute(f"UPDATE {table} SET week = ?", (before,))
        conn.execute("UPDATE league_members SET tier = ?", (tier,))
        conn.execute("UPDATE league_divisions SET tier = ?", (tier,))
    return before


def test_a_week_closes_moving_the_first_up_and_the_last_down_each_told_once(
    bot: BotProcess, make_user: UserFactory
) -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    play_the_daily(ann)
    play_the_daily(bob, give_up=True)  # no points, but he played: placed
    bob.send_command("/league")
    table = bob.wait_new("Bronze league")
    assert "1. Ann" in table.text

    bot.stop()
    week = a_week_back(bot.database, tier=2)
    bot.start_and_wait()

    up = ann.wait_new(CLOSED)
    down = bob.wait_new(CLOSED)
    assert "you move up to the Gold league" in up.text
    assert "you move down to the Bronze league" in down.text
    assert bot.query("SELECT week, players, moved_up, moved_down FROM league_weeks") == [(week, 2, 1, 1)]
    tiers = dict(bot.query("SELECT user_id, tier FROM league_tiers"))
    assert (tiers[ann.user_id], tiers[bob.user_id]) == (3, 1)

    assert bot.restart() == 0
    for player in (ann, bob):
        player.send_command("/league")
        player.wait_new("league")
        assert sum(CLOSED in text for text in player.texts()) == 1  # told once, across the restart
    assert bot.scalar("SELECT count(*) FROM outbox WHERE payload LIKE '%league week of%'") == 2
