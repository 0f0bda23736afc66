"""Celebrations: one line each for a first win against the bot, a new personal best, a run of clean wins and a run
of days solving the daily, with a message effect in a private chat; and the daily streak in /stats."""

from bot.outgoing import post
from bot.play.celebrations import CONFETTI, FIRE
from bot.replies import Outcome, Reply
from bot.texts import Html
from tests.bot.fakes import EPOCH, USER, Clock, telegram_app
from tests.bot.members import Chat, sent

WRONG = ("0123", "4567", "8901", "2345", "6789")


async def win(chat: Chat, app, misses: int, command: str = "/play"):
    """Play a game and win it after `misses` wrong guesses; the board that ended it comes back."""
    await chat.send(command)
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    for code in [c for c in WRONG if c != secret][:misses]:
        await chat.send(code)
    return sent(await chat.send(secret))[0]


async def test_a_first_win_a_personal_best_and_a_streak_each_get_one_line_and_an_effect(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        first = await win(chat, app, misses=2)
        assert "🥳 Your first win against me!" in first.text
        assert first.params["message_effect_id"] == CONFETTI
        assert "personal best" not in first.text
        best = await win(chat, app, misses=1)
        assert "🏅 New personal best: 2 guesses (was 3)." in best.text
        assert "first win" not in best.text
        third = await win(chat, app, misses=3)
        assert "🔥 3 clean wins in a row!" in third.text
        assert third.params["message_effect_id"] == FIRE
        assert "personal best" not in third.text
        plain = await win(chat, app, misses=3)
        assert "message_effect_id" not in plain.params  # nothing new: no cheer, no effect


async def test_a_hinted_win_is_no_personal_best_and_ends_the_streak(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await win(chat, app, misses=3)
        await chat.send("/play")
        await chat.send("/hint")
        secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
        [hinted] = sent(await chat.send(secret))
        assert "personal best" not in hinted.text


async def test_days_in_a_row_solving_the_daily_are_cheered_and_shown_in_stats(tmp_path):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        chat = Chat(app, request)
        for _day in range(3):
            board = await win(chat, app, misses=1, command="/daily")
            clock.advance(24 * 3600)
        assert "📅 3 days in a row solving the daily!" in board.text
        [stats] = sent(await chat.send("/stats"))
        assert "📅 Daily challenge: 0 days in a row · best 3" not in stats.text
        assert "📅 Daily challenge: 3 days in a row · best 3" in stats.text  # yesterday's counts until today ends
        clock.advance(24 * 3600)
        [stats] = sent(await chat.send("/stats"))
        assert "📅 Daily challenge: 0 days in a row · best 3" in stats.text


async def test_a_message_effect_is_sent_only_to_a_private_chat(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        store, sender = app.bot_data.runtime.store, app.bot_data.sender
        cheer = Outcome.say(Reply(Html("🎉"), effect=CONFETTI))
        async with store.transaction():
            await post(store, USER, cheer, EPOCH)
            await post(store, -500, cheer, EPOCH)
        await sender.flush()
        by_chat = {int(c.params["chat_id"]): c.params for c in request.calls if c.method == "sendMessage"}
        assert by_chat[USER]["message_effect_id"] == CONFETTI
        assert "message_effect_id" not in by_chat[-500]
