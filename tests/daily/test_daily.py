"""The daily challenge: the secret from the date and a server key, one attempt a day, the share grid, the board."""

import json
import logging
import re
from datetime import timedelta

from bot.config import Config, Secret
from bot.daily.board import share_text
from bot.daily.service import daily_key, daily_secret, grid_row
from bot.games.model import Game
from bot.play.celebrations import CONFETTI
from bot.telegram_io.app import configure_logging
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import PRESETS
from tests.bot.fakes import EPOCH, Clock, runtime_on, telegram_app
from tests.bot.members import Chat

CLASSIC = PRESETS["classic"]
DAYS = [f"2026-11-{d:02d}" for d in range(1, 21)]


def sent(calls):
    return [c for c in calls if c.method == "sendMessage"]


def test_the_daily_secret_is_the_same_for_the_same_key_and_day():
    assert daily_secret(b"key", "2026-11-23") == daily_secret(b"key", "2026-11-23")
    assert CLASSIC.is_valid(daily_secret(b"key", "2026-11-23"))


def test_the_daily_secret_depends_on_the_key_so_the_date_alone_does_not_give_it_away():
    mine = [daily_secret(b"one key", day) for day in DAYS]
    other = [daily_secret(b"another key", day) for day in DAYS]
    assert sum(a != b for a, b in zip(mine, other, strict=True)) >= len(DAYS) - 1
    assert len(set(mine)) >= len(DAYS) - 1  # a new secret every day


def test_the_share_grid_shows_bulls_and_cows_but_no_digit():
    secret = "0123"
    turns = tuple(Turn(g, score(secret, g)) for g in ("4567", "1032", "0132", "0123"))
    game = Game(
        1,
        5,
        5,
        "referee",
        CLASSIC,
        EPOCH,
        secret=secret,
        status="won",
        finished_at=EPOCH + timedelta(seconds=95),
        turns=turns,
    )
    text = share_text("en", "2026-11-23", game)
    head, *rows = text.split("\n")
    assert "23 November" in head
    assert "solved in 4" in head
    assert rows == ["⬜⬜⬜⬜", "🐄🐄🐄🐄", "🐂🐂🐄🐄", "🐂🐂🐂🐂"]
    assert not re.search(r"\d", "".join(rows))
    assert grid_row(Score(1, 2), 4) == "🐂🐄🐄⬜"


async def test_without_daily_secret_a_random_key_is_stored_once_and_kept_across_restarts(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        first = await daily_key(runtime.core.deps)
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        assert await daily_key(runtime.core.deps) == first
        runtime.core.deps.daily_secret = Secret("configured")
        assert await daily_key(runtime.core.deps) == b"configured"
    assert len(first) == 64


async def test_a_daily_is_played_once_per_day_shared_and_ranked(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    configure_logging(Config(log_level="DEBUG"))  # the bot's own logging at its most verbose
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        chat = Chat(app, request)
        [started] = sent(await chat.send("/daily"))
        assert "Daily challenge · 1 January" in started.text
        game = await deps.store.games.active_game(chat.chat_id)
        secret = game.secret
        assert secret == daily_secret(await daily_key(deps), "2025-01-01")
        assert not game.coaching
        [running] = sent(await chat.send("/daily"))
        assert "Your move" in running.text  # the board again, anew
        assert json.loads(running.params.get("reply_markup") or "null") is None
        wrong = next(c for c in ("0123", "4567", "8901") if c != secret)
        await chat.send(wrong)
        clock.advance(80)
        assert all(secret not in record.getMessage() for record in caplog.records)  # not logged before the end
        won, share, next_one, earned = sent(await chat.send(secret))
        assert earned.text.startswith("🏅 New achievement: <b>Classic in four</b>")  # after the daily's replies
        assert "got it in 2 guesses" in won.text
        assert f"#1 <code>{wrong}</code>" in won.text  # the board: every guess
        assert "Your first win against me!" in won.text
        assert won.params["message_effect_id"] == CONFETTI
        assert "solved in 2 · 1m 20s" in share.text
        assert secret not in share.text
        assert not re.search(r"\d", "".join(share.text.split("\n")[1:3]))
        assert [d for _, d in share.buttons] == ["dy:t:20250101", ""]
        assert share.markup[0][1]["switch_inline_query"] == "daily"
        # 12:01:20 UTC: 11 h 58 min 40 s to midnight
        assert "next challenge is in 11\u00a0h 59\u00a0min" in next_one.text
        again, result = sent(await chat.send("/daily"))
        assert "next one is in 11\u00a0h 59\u00a0min" in again.text
        assert result.text == share.text
        [board] = sent(await chat.press("dy:t:20250101"))
        assert "Ann — 2 guesses · 1m 20s" in board.text
        refreshed = await chat.press("dy:r:20250101", board.params["_sent_id"])
        assert [c.method for c in refreshed] == ["answerCallbackQuery", "editMessageText"]
        async with deps.store.games.conn.execute("SELECT mode FROM game_results") as cursor:
            assert [row[0] for row in await cursor.fetchall()] == ["daily"]
        [top] = sent(await chat.send("/top"))
        assert "Ann" in top.text
        clock.advance(24 * 3600)
        [tomorrow] = sent(await chat.send("/daily"))
        assert "Daily challenge · 2 January" in tomorrow.text


async def test_daily_in_a_group_links_to_the_private_chat_and_a_running_game_is_asked_about_first(app, recorded):
    group = Chat(app, recorded, chat_id=-42, user_id=1001)
    [link] = sent(await group.send("/daily"))
    markup = link.params["reply_markup"]
    markup = markup if isinstance(markup, dict) else __import__("json").loads(markup)
    [[button]] = markup["inline_keyboard"]
    assert button["url"] == "https://t.me/bullscows_test_bot?start=daily"
    chat = Chat(app, recorded)
    await chat.send("/play")
    [asked] = sent(await chat.send("/start daily"))
    assert "Abandon it" in asked.text  # as /play asks: Yes / No
    await chat.send("/cancel")
    [started] = sent(await chat.send("/start daily"))
    assert "Daily challenge" in started.text
