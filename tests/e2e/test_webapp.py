"""The Mini App beside the chat, with the real bot process and the Bot API emulator: a move made in the page is
answered in the chat, a move typed in the chat shows in what the page polls, the page's menu button is set, and
the server refuses what it must (forged, expired and other users' initData, a retried move, a 1 MB body)."""

from __future__ import annotations

import http.client
import json
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

from bot.page import auth
from bot.texts import plain, t
from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory
from tests.e2e.processes import BotProcess, free_port

pytestmark = pytest.mark.e2e


def signed_for(bot: BotProcess, user: UserClient, signed_at: float | None = None) -> str:
    """initData for `user` as Telegram signs it for this bot."""
    person = {"id": user.user_id, "first_name": user.first_name, "language_code": user.language_code}
    fields = {"user": json.dumps(person), "auth_date": str(int(signed_at or time.time())), "query_id": "AAE1"}
    return auth.signed(fields, bot.token)


def call(url: str, init_data: str, method: str = "GET", body: Any = None) -> tuple[int, Any]:
    """An API call as the page makes it: the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Authorization": "tma " + init_data})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None


def announced_body(url: str, init_data: str, size: int) -> int:
    """The status a POST announcing a body of `size` bytes gets before sending any of it."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=20)
    try:
        connection.putrequest("POST", parts.path)
        connection.putheader("Authorization", "tma " + init_data)
        connection.putheader("Content-Length", str(size))
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.fixture
def webapp_bot(start_bot: BotFactory) -> tuple[BotProcess, str]:
    """The real bot with its Mini App on a free port of 127.0.0.1."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    return start_bot(WEBAPP_URL=url, WEBAPP_PORT=str(port)), url


def test_the_page_and_the_chat_play_one_game(emulator: Emulator, webapp_bot: tuple[BotProcess, str]) -> None:
    bot, url = webapp_bot
    user = UserClient(emulator, bot.token, 41_001, first_name="Vera", username="vera41001")
    user.send_command("/play")
    user.wait_new("picked a secret")
    status, session = call(url + "api/session", signed_for(bot, user))
    assert status == 200
    game = session["game"]
    assert game["active"]
    assert game["mode"] == "referee"

    # a move in the page: the chat gets the bot's reply to it
    move = {"key": secrets.token_hex(8), "text": "0123", "game": game["id"], "revision": game["revision"]}
    status, answer = call(url + "api/act", signed_for(bot, user), "POST", move)
    assert status == 200
    assert answer["did"] == "made"
    board = user.wait_new(lambda m: "0123" in m.text)
    assert [b.web_app for b in board.buttons if b.web_app] == [url]  # "🧮 Board" opens the page on this game

    # sent again (the answer was lost): one move, one reply
    status, again = call(url + "api/act", signed_for(bot, user), "POST", move)
    assert status == 200
    assert again["repeated"]
    assert len(again["game"]["turns"]) == 1

    # a move in the chat: the page's next poll shows it
    revision = again["game"]["revision"]
    user.send_text("4567")
    board = user.wait_new(lambda m: "4567" in m.text)
    assert any(b.web_app == url for b in board.buttons)
    status, polled = call(url + f"api/state?known={game['id']}:{revision}", signed_for(bot, user))
    assert status == 200
    assert [t["guess"] for t in polled["game"]["turns"]] == ["0123", "4567"]
    sent = [m for m in user.events if not m.edited]
    assert sum("0123" in m.text and "4567" not in m.text for m in sent) == 1  # the retried move: one reply

    # the menu button opens the Mini App in every private chat
    button = emulator.bot_call(bot.token, "getChatMenuButton").body
    assert button is not None
    assert button["result"].get("web_app", {}).get("url") == url
    mine = emulator.bot_call(bot.token, "getChatMenuButton", chat_id=user.user_id).body  # labelled in their language
    assert mine is not None
    assert (mine["result"]["text"], mine["result"]["web_app"]["url"]) == (plain(t("app.button", "en")), url)


def test_the_server_refuses_forged_expired_and_foreign_calls_and_big_bodies(
    emulator: Emulator, webapp_bot: tuple[BotProcess, str]
) -> None:
    bot, url = webapp_bot
    owner = UserClient(emulator, bot.token, 41_002, first_name="Oleg", username="oleg41002")
    other = UserClient(emulator, bot.token, 41_003, first_name="Ida", username="ida41003")
    owner.send_command("/play")
    owner.wait_new("picked a secret")
    _, session = call(url + "api/session", signed_for(bot, owner))
    game = session["game"]
    forged = signed_for(bot, owner).replace("Oleg", "Olga")
    expired = signed_for(bot, owner, signed_at=time.time() - 2 * 86_400)
    for data in (forged, expired, "", auth.signed({"user": '{"id": 41002}', "auth_date": "1"}, "1:other-token")):
        assert call(url + "api/session", data)[0] == 401
    move = {"key": secrets.token_hex(8), "text": "0123", "game": game["id"], "revision": game["revision"]}
    assert call(url + "api/act", signed_for(bot, other), "POST", move)[0] == 401
    assert announced_body(url + "api/act", signed_for(bot, owner), 1 << 20) == 413
    _, after = call(url + "api/state", signed_for(bot, owner))
    assert after["game"]["turns"] == []
    refused = [line for line in bot.warnings() if "webapp: refused" in line]
    assert len(refused) == 6
    assert not any(bot.token in line or "hash=" in line for line in bot.log().splitlines())
