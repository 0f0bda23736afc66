"""Games survive restarts: every move is committed before its reply, and a new app picks up where the old left."""

from engine.scoring import score
from tests.bot.fakes import USER, telegram_app
from tests.bot.members import Chat, without_awards


async def test_a_new_app_on_the_same_database_continues_a_referee_game(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database, seed=5) as (app, request):
        chat = Chat(app, request)
        await chat.send("/play")
        secret = (await app.bot_data.runtime.core.deps.store.games.active_game(USER)).secret
        first = "0123" if secret != "0123" else "4567"
        await chat.send(first)
    async with telegram_app(database, seed=99) as (app, request):
        chat = Chat(app, request)
        [reply] = without_awards([c for c in await chat.send(secret) if c.method == "sendMessage"])
        assert "got it in 2 guesses" in reply.text
        assert score(secret, first).bulls < 4


async def test_a_new_app_accepts_the_buttons_of_the_old_apps_board(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database) as (app, request):
        chat = Chat(app, request)
        await chat.send("/think")
        await chat.press_label("0🐂 1🐄")
        board = request.calls[-1]
        button = next(data for label, data in board.buttons if label == "1🐂 1🐄")
        board_id = board.params["message_id"]
    async with telegram_app(database) as (app, request):
        calls = await Chat(app, request).press(button, board_id)
        assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
        assert "2. " in calls[1].text
        assert "→ 1🐂 1🐄" in calls[1].text


async def test_a_guess_is_stored_even_when_its_reply_cannot_be_sent(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database) as (app, request):
        chat = Chat(app, request)
        await chat.send("/play")
        request.fail_sends_with = "Bad Request: chat not found"
        await chat.send("0123")
    async with telegram_app(database) as (app, _):
        game = await app.bot_data.runtime.core.deps.store.games.active_game(USER)
        assert [turn.guess for turn in game.turns] == ["0123"]


async def test_a_pressed_answer_is_shown_even_when_the_press_is_too_old_to_answer(tmp_path, caplog):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        chat = Chat(app, request)
        await chat.send("/think")
        request.fail_answers_with = "Bad Request: query is too old and response timeout expired or query id is invalid"
        calls = await chat.press_label("0🐂 1🐄")
        assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
        assert "→ 0🐂 1🐄" in calls[1].text
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
