"""Achievements on the Mini App: a move made on the page tells what it earned there (and in the chat, once, however
often the page sends it), and the daily tab shows the shelf /stats shows, in the player's language."""

import pytest

from bot.achievements import service as achievements
from bot.achievements.rules import Achievement
from tests.bot.fakes import EPOCH, USER
from tests.webapp.harness import MiniApp, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def won_on_the_page(web: MiniApp, key: str) -> tuple[dict, dict]:
    """A /play game started and won at its first guess on the page (the winning move sent twice with one key): both
    answers come back."""
    status, started = await web.call("POST", "/api/move", {"key": "start-key-1", "kind": "new", "mode": "play"})
    assert status == 200, started
    game = started["game"]
    secret = (await web.runtime.store.games.active_game(USER)).secret
    move = {"key": key, "kind": "guess", "game": game["id"], "revision": game["revision"], "code": secret}
    first = await web.call("POST", "/api/move", move)
    again = await web.call("POST", "/api/move", move)
    assert first[0] == again[0] == 200
    return first[1], again[1]


async def test_a_move_that_earns_an_achievement_says_so_on_the_page_and_in_the_chat_once(web):
    first, again = await won_on_the_page(web, "win-key-123")
    assert first["changed"] is True
    assert first["notice"].startswith("🏅 New achievement: Classic in four, a classic game")  # plain text
    assert again["repeated"] is True
    assert again["notice"] == first["notice"]
    rows = await web.runtime.store.conn.execute_fetchall(
        "SELECT count(*) FROM outbox WHERE chat_id = ? AND payload LIKE '%New achievement%'", (USER,)
    )
    assert rows[0][0] == 1
    held = await web.runtime.store.conn.execute_fetchall("SELECT count(*) FROM achievements")
    assert held[0][0] == 1


async def test_the_daily_tab_shows_the_shelf_held_first_with_how_rare_each_is(web):
    status, tab = await web.call("GET", "/api/daily")
    assert status == 200
    shelf = tab["achievements"]
    assert shelf["title"] == "🏅 Achievements: 0 of 6"
    assert [item["held"] for item in shelf["items"]] == [False] * 6
    assert shelf["items"][0]["rarity"] == "held by no one yet"
    await won_on_the_page(web, "win-key-456")
    _, tab = await web.call("GET", "/api/daily")
    first = tab["achievements"]["items"][0]
    assert (first["name"], first["held"], first["rarity"]) == ("Classic in four", True, "held by 100% of players")
    deps = web.runtime.core.deps
    async with deps.transaction():
        await achievements.award(deps, USER, Achievement.RACE_OF_SIX, -5, EPOCH)
    _, tab = await web.call("GET", "/api/daily", language="ru")
    assert tab["achievements"]["title"] == "🏅 Достижения: 2 из 6"
    shown = [(item["name"], item["held"]) for item in tab["achievements"]["items"]]
    assert shown[:3] == [("Классика за четыре хода", True), ("Гонка шестерых", True), ("Без единой ошибки", False)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_daily_tab_gives_every_achievement_its_description_and_a_mark_plain_to_see(web, language):
    await won_on_the_page(web, "win-key-789")
    _, tab = await web.call("GET", "/api/daily", language=language)
    items = tab["achievements"]["items"]
    assert [item["mark"] for item in items] == ["🏅"] + ["🔒"] * 5  # not the barely visible "▫️"
    held = items[0]
    assert held["held"] is True
    assert held["how"].startswith(  # an earned achievement says what earned it too
        "a classic game (4 digits, no repeats)" if language == "en" else "классический код (4 цифры без повторов)"
    )
    assert all(item["how"] for item in items)
    names = [item["name"] for item in items]
    assert ("Puzzle rating 1800" if language == "en" else "Рейтинг 1800 в головоломках") in names
