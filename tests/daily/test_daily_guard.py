"""The daily challenge is never thrown away or spoiled by one keystroke (issue 21, bug 6): a hint, a give-up, a
cancel or a new game asks first, saying it is the once-a-day game; the code is shown only to whoever gave up or
stopped, with the request to keep it to themselves."""

import pytest

from bot.texts import plain, t
from tests.bot.fakes import EPOCH, USER, Clock, telegram_app
from tests.bot.members import Chat, sent


async def a_daily(chat: Chat, app) -> str:
    """Start today's challenge and make one guess; the day's code comes back."""
    await chat.send("/daily")
    secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
    await chat.send(next(c for c in ("0123", "4567", "8901") if c != secret))
    return secret


async def running(app):
    return await app.bot_data.runtime.core.deps.store.games.active_game(USER)


@pytest.mark.parametrize("typed", ["/cancel", "/giveup", "/hint", "hint", "сдаюсь", "подсказка"])
async def test_a_command_that_would_end_or_spoil_the_daily_asks_first_and_shows_nothing(tmp_path, typed):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        secret = await a_daily(chat, app)
        [question] = sent(await chat.send(typed))
        assert "today's challenge" in question.text
        assert secret not in question.text
        assert len(question.buttons) == 2
        game = await running(app)
        assert game is not None  # still on, nothing revealed
        assert not game.hinted


async def test_giving_up_the_daily_after_saying_yes_shows_the_code_as_todays_shared_secret(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        await chat.send("/daily")  # no guess yet: /giveup must not show the code at once
        secret = (await running(app)).secret
        [question] = sent(await chat.send("/giveup"))
        assert secret not in question.text
        assert "next one is in 12\u00a0h 0\u00a0min" in question.text
        calls = await chat.press_label(plain(t("daily.btn.giveup")))
        [answered] = [c for c in calls if c.method == "editMessageText"]
        assert answered.params["message_id"] == question.params["_sent_id"]
        assert not answered.buttons
        board, share, _next = sent(calls)
        assert f"The secret was <b>{secret}</b>" in board.text
        assert "until 00:00 UTC: please keep it to yourself" in board.text
        assert secret not in share.text
        assert "gave up after 0" in share.text
        assert await running(app) is None


async def test_cancelling_the_daily_asks_then_stops_it_for_the_day(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        secret = await a_daily(chat, app)
        await chat.send("/cancel")
        await chat.press_label(plain(t("btn.keep")))
        assert await running(app) is not None  # "no" keeps it
        await chat.send("/cancel")
        calls = await chat.press_label(plain(t("daily.btn.cancel")))
        board, share, _next = sent(calls)
        assert f"cancelled. The secret was <b>{secret}</b>" in board.text
        assert "stopped after 1" in share.text
        [again, _] = sent(await chat.send("/daily"))
        assert "played today's challenge" in again.text  # the day is used: one attempt


async def test_a_hint_in_the_daily_after_saying_yes_reveals_a_digit_on_the_board(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        await a_daily(chat, app)
        await chat.send("/hint")
        calls = await chat.press_label(plain(t("daily.btn.hint")))
        [board] = sent(calls)
        assert "📅 <b>Daily challenge · 1 January</b>" in board.text
        assert "Hint: <code>" in board.text
        assert "#1 <code>" in board.text
        assert (await running(app)).hinted


async def test_a_new_game_during_the_daily_says_it_is_the_once_a_day_game(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        await chat.send("/daily")
        [question] = sent(await chat.send("/play"))
        assert "You're playing today's challenge (no guesses yet)" in question.text
        assert "guess #1" not in question.text
        await chat.send("0123")
        [question] = sent(await chat.send("/think"))
        assert "(1 guess so far)" in question.text
        calls = await chat.press_label(plain(t("daily.btn.leave")))
        assert any("Think of a code" in c.text for c in sent(calls))


async def test_outside_the_daily_hint_and_give_up_act_at_once(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        await chat.send("/play")
        [board] = sent(await chat.send("/hint"))
        assert "Hint: <code>" in board.text
        [board] = sent(await chat.send("/giveup"))
        assert "The secret was" in board.text


async def test_a_new_game_button_during_the_daily_warns_too(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH)) as (app, request):
        chat = Chat(app, request)
        [welcome] = sent(await chat.send("/start"))
        await chat.send("/daily")
        [question] = sent(await chat.press("n:r", welcome.params["_sent_id"]))
        assert "You're playing today's challenge (no guesses yet)" in question.text
        assert (await running(app)).daily is not None
