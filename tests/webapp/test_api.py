"""The Mini App's API in-process: who may call it, its acts as what the chat sends, idempotency, the notepad, the
possibilities, and the limits on what it reads."""

import asyncio
import json
import time

import pytest

from bot import callback_data as cb
from bot.texts import plain, t
from engine.history import candidates
from engine.scoring import Score
from tests.bot.fakes import TOKEN, USER
from tests.bot.members import Chat
from tests.webapp.harness import URL, MiniApp, init_data, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def start_referee(web: MiniApp) -> dict:
    answer = await web.act("start-key-1", command="play")
    assert answer["did"] == "made"
    return {**answer["game"], "key": answer["key"]}


async def test_the_page_and_its_files_are_served_with_a_content_security_policy(web):
    async with web.http.get(web.url + "/") as response:
        assert response.status == 200
        assert "telegram-web-app.js" in await response.text()
        assert "script-src 'self' https://telegram.org" in response.headers["Content-Security-Policy"]
    for name in ("app.js", "app.css"):
        async with web.http.get(f"{web.url}/{name}") as response:
            assert response.status == 200
    async with web.http.get(web.url + "/secrets.js") as response:
        assert response.status == 404


async def test_a_session_gives_the_texts_in_the_players_language_and_no_game_yet(web):
    status, answer = await web.call("GET", "/api/session", language="ru")
    assert status == 200
    assert answer["language"] == "ru"
    assert answer["texts"]["app.tab.game"] == "Игра"
    assert answer["game"] is None


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(lambda: init_data(token="654321:ANOTHER-bot"), id="another bot's token"),
        pytest.param(lambda: init_data(signed_at=time.time() - 86_400 - 60), id="expired"),
        pytest.param(lambda: init_data().replace("Ann", "Bob"), id="changed after signing"),
        pytest.param(lambda: "user=%7B%22id%22%3A1001%7D&auth_date=1&hash=00", id="forged"),
        pytest.param(lambda: "", id="missing"),
    ],
)
async def test_forged_or_expired_init_data_is_refused_with_401(web, data):
    status, _ = await web.call("GET", "/api/session", data=data())
    assert status == 401


async def test_initdata_signed_a_little_under_a_day_ago_is_accepted(web):
    status, _ = await web.call("GET", "/api/session", data=init_data(signed_at=time.time() - 86_000))
    assert status == 200


async def test_another_players_game_is_refused_with_401(web):
    game = await start_referee(web)
    other = USER + 1
    move = {"key": "other-key-1", "text": "0123", "game": game["id"], "revision": game["revision"]}
    status, _ = await web.call("POST", "/api/act", move, user_id=other)
    assert status == 401
    status, _ = await web.call("GET", f"/api/possibilities?game={game['id']}", user_id=other)
    assert status == 401
    status, _ = await web.call("PUT", "/api/notes", {"game": game["id"], "marks": "." * 40}, user_id=other)
    assert status == 401
    assert (await web.runtime.store.games.game(game["id"])).turns == ()


async def test_a_guess_on_the_page_is_a_move_of_the_chats_game_and_the_chat_gets_the_reply(web):
    game = await start_referee(web)
    await web.flush()
    assert "picked a secret" in web.request.calls[-1].text
    move = {"key": "guess-key-1", "text": "0123", "game": game["id"], "revision": game["revision"]}
    status, answer = await web.call("POST", "/api/act", move)
    assert status == 200
    assert answer["did"] == "made"
    assert answer["game"]["turns"][0]["guess"] == "0123"
    await web.flush()
    assert "0123" in web.request.calls[-1].text


async def test_a_retried_move_is_made_once(web):
    game = await start_referee(web)
    move = {"key": "retried-key-1", "text": "4567", "game": game["id"], "revision": game["revision"]}
    first = await web.call("POST", "/api/act", move)
    again = await web.call("POST", "/api/act", move)
    assert first[0] == again[0] == 200
    assert again[1]["repeated"] is True
    stored = await web.runtime.store.games.game(game["id"])
    assert [t.guess for t in stored.turns] == ["4567"]
    rows = await web.runtime.store.conn.execute_fetchall(
        "SELECT count(*) FROM outbox WHERE chat_id = ? AND payload LIKE '%4567%'", (USER,)
    )
    assert rows[0][0] == 1


async def test_a_move_on_an_old_revision_changes_nothing_and_says_so_on_the_page_only(web):
    game = await start_referee(web)
    await web.flush()
    sent = len(web.request.calls)
    move = {"key": "stale-key-1", "text": "0123", "game": game["id"], "revision": game["revision"] + 5}
    status, answer = await web.call("POST", "/api/act", move)
    assert status == 200
    assert answer["did"] != "made"
    assert answer["notice"]
    await web.flush()
    assert len(web.request.calls) == sent


async def test_a_guess_tried_before_is_refused_on_the_page_and_costs_nothing(web):
    game = await start_referee(web)
    first = {"key": "dup-key-1", "text": "0123", "game": game["id"], "revision": game["revision"]}
    _, answer = await web.call("POST", "/api/act", first)
    again = {**first, "key": "dup-key-2", "revision": answer["game"]["revision"]}
    _, answer = await web.call("POST", "/api/act", again)
    assert answer["did"] != "made"
    assert "0123" in answer["notice"]
    assert len(answer["game"]["turns"]) == 1


async def test_the_possibilities_count_is_the_engines(web):
    game = await start_referee(web)
    move = {"key": "poss-key-1", "text": "0123", "game": game["id"], "revision": game["revision"]}
    _, answer = await web.call("POST", "/api/act", move)
    turn = answer["game"]["turns"][0]
    status, found = await web.call("GET", f"/api/possibilities?game={game['id']}&page=1")
    assert status == 200
    stored = await web.runtime.store.games.game(game["id"])
    expected = len(candidates(stored.variant, stored.turns))
    assert found["count"] == expected
    assert stored.turns[0].answer == Score(turn["bulls"], turn["cows"])
    assert found["page"] == 1
    assert len(found["codes"]) == min(40, expected - 40)
    assert all(0 <= c["bits"] <= 4.0 for c in found["codes"])
    assert f"{found['bits']:.1f}" in found["bitsText"]
    _, russian = await web.call("GET", f"/api/possibilities?game={game['id']}", language="ru")
    assert f"{found['bits']:.1f}".replace(".", ",") in russian["bitsText"]  # «Осталось узнать 6,2 бита»


async def test_the_notepad_is_kept_per_game_and_must_have_the_games_shape(web):
    game = await start_referee(web)
    marks = "x" + "." * 38 + "o"
    status, _ = await web.call("PUT", "/api/notes", {"game": game["id"], "marks": marks})
    assert status == 200
    _, answer = await web.call("GET", "/api/state")
    assert answer["game"]["notes"] == marks
    for bad in ("x" * 39, "?" * 40):
        status, _ = await web.call("PUT", "/api/notes", {"game": game["id"], "marks": bad})
        assert status == 400


async def test_a_body_over_the_limit_is_refused_before_it_is_read(web):
    host, port = web.url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    head = f"POST /api/act HTTP/1.1\r\nHost: {host}\r\nAuthorization: tma {init_data()}\r\n"
    writer.write((head + f"Content-Length: {1 << 20}\r\n\r\n").encode())  # a megabyte announced, none of it sent
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 10)
    writer.close()
    assert status.split()[1] == b"413"


async def test_a_chat_move_shows_in_the_state_the_page_polls(web):
    game = await start_referee(web)
    _, same = await web.call("GET", f"/api/state?known={game['key']}")
    assert same == {"same": True}
    await web.chat().send("5678")
    _, answer = await web.call("GET", f"/api/state?known={game['key']}")
    assert [t["guess"] for t in answer["game"]["turns"]] == ["5678"]
    assert answer["key"] != game["key"]


async def test_malformed_acts_are_refused_with_400(web):
    key = "k" * 10
    for body in ({"text": "0123"}, {"key": key}, {"key": key, "command": "Play!"}, {"key": key, "text": ""}, [1]):
        status, _ = await web.call("POST", "/api/act", body)
        assert status == 400


def test_the_token_signs_what_telegram_signs():
    data = init_data(signed_at=1_700_000_000)
    assert "hash=" in data
    assert TOKEN not in data


def web_apps(call) -> list[str]:
    """The addresses of a sent message's web_app buttons."""
    markup = call.params.get("reply_markup") or {}
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [b["web_app"]["url"] for row in markup.get("inline_keyboard", []) for b in row if "web_app" in b]


async def test_boards_in_a_private_chat_carry_the_board_button_whoever_moved(web):
    chat = web.chat()
    await chat.send("/play")
    board = [c for c in await chat.send("0123") if c.method == "sendMessage"][-1]
    assert web_apps(board) == [URL]
    game = await web.runtime.store.games.active_game(USER)
    move = {"key": "button-key-1", "text": "4567", "game": game.id, "revision": game.revision}
    await web.call("POST", "/api/act", move)
    sent = len(web.request.calls)
    await web.flush()
    boards = [c for c in web.request.calls[sent:] if "4567" in c.text and c.method == "sendMessage"]
    assert web_apps(boards[-1]) == [URL]


async def test_a_group_gets_no_board_button(web):
    group = Chat(web.app, web.request, chat_id=-5001, user_id=USER)
    calls = await group.send("/challenge")
    calls += await group.send("/g 0123")
    assert calls
    assert not any(web_apps(c) for c in calls)


async def test_a_versus_board_gets_no_board_button(web):
    chat = web.chat()
    await chat.send("/versus")
    calls = await chat.send("0123")  # the versus board: the round so far and the answer buttons
    boards = [c for c in calls if c.method == "sendMessage" and c.params.get("reply_markup")]
    assert boards
    assert not any(web_apps(c) for c in calls)


async def test_todays_challenge_asked_for_again_from_the_page_says_so_and_changes_nothing(web):
    started = await web.act("daily-key-1", command="daily")
    assert started["did"] == "made"
    again = await web.act("daily-key-2", command="daily")
    assert again["did"] != "made"
    assert again["notice"]  # the running challenge's own line, from the move's account
    assert again["game"]["id"] == started["game"]["id"]


async def test_a_new_game_asked_for_under_a_finished_one_starts(web):
    game = await start_referee(web)
    secret = (await web.runtime.store.games.active_game(USER)).secret
    won = await web.act("win-key-123", text=secret, game=game["id"], revision=game["revision"])
    assert won["game"]["active"] is False
    again = await web.act("again-key-12", command="think")  # as the chat's /think: about no game
    assert again["did"] == "made", again["notice"]
    assert (again["game"]["mode"], again["game"]["active"]) == ("guesser", True)


async def test_a_new_game_asked_for_while_one_runs_is_the_chats_question_first(web):
    game = await start_referee(web)
    asked = await web.act("think-key-1", command="think")  # as the chat's /think
    assert (asked["did"], asked["game"]["id"]) == ("asked", game["id"])  # nothing changed yet
    assert "Abandon it and start a new one?" in asked["notice"]
    confirm, keep = asked["choices"]  # the chat's own buttons, pressed as there
    assert keep["data"].startswith(f"{cb.KEEP}:")
    await web.flush()
    sent = len(web.request.calls)
    started = await web.act("think-key-2", data=confirm["data"])
    assert started["did"] == "made"
    assert (started["game"]["mode"], started["game"]["active"]) == ("guesser", True)
    await web.flush()
    assert len(web.request.calls) > sent  # the chat is told, as if pressed there


async def test_a_button_of_another_game_pressed_about_this_one_is_stale(web):
    game = await start_referee(web)
    other = cb.game_button(cb.CONFIRM, game["id"] + 1, game["revision"], "g")
    pressed = await web.act("other-key-1", data=other, game=game["id"], revision=game["revision"])
    assert (pressed["did"], pressed["notice"]) == ("refused", plain(t("app.stale", "en")))
    assert pressed["game"]["id"] == game["id"]


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"text": "hello"}, "hello"),
        ({"command": "hint"}, "/hint"),
        ({"command": "puzzle", "args": "1234"}, "/puzzle 1234"),
        ({"command": "giveup"}, "/giveup"),
    ],
)
async def test_the_page_is_answered_what_the_chat_is(web, sent, said):
    answer = await web.act("same-key-" + said.strip("/").replace(" ", "-"), **sent)
    [reply] = [call for call in await web.chat().send(said) if call.method == "sendMessage"]
    assert answer["notice"] == plain(reply.text)
    assert answer["did"] != "made"
