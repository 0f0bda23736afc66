"""The Mini App's menu button is labelled in each player's language: set in a private chat, through the outbox (after
the commit), at its first update and after a change of language, not at every update; groups get none."""

import json

import pytest

from bot import callback_data as cb
from bot.chats.settings import Setting
from bot.texts import plain, t
from tests.bot.members import GROUP, Member
from tests.webapp.harness import URL, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


def menus(calls) -> list[tuple[int, str, str]]:
    """The chat, label and address of each setChatMenuButton call among `calls`."""
    found = []
    for call in calls:
        if call.method == "setChatMenuButton" and "chat_id" in call.params:
            button = call.params["menu_button"]
            button = json.loads(button) if isinstance(button, str) else button
            found.append((int(call.params["chat_id"]), button["text"], button["web_app"]["url"]))
    return found


async def test_a_private_chats_menu_button_is_labelled_in_its_language_once_and_after_a_change(web):
    anya = Member(web.app, web.request, 11, "Аня", chat_id=11, language_code="ru")
    assert menus(await anya.send("/start")) == [(11, plain(t("app.button", "ru")), URL)]
    assert plain(t("app.button", "ru")) == "🧮 Доска"
    assert menus(await anya.send("/play")) == []  # labelled already
    assert menus(await anya.send("0123")) == []
    assert menus(await anya.send("/language en")) == [(11, "🧮 Board", URL)]
    assert menus(await anya.send("/help")) == []
    ben = Member(web.app, web.request, 12, "Ben", chat_id=12, language_code="en")
    assert menus(await ben.send("/start")) == [(12, "🧮 Board", URL)]


async def test_a_group_gets_no_menu_button_of_its_own(web):
    member = Member(web.app, web.request, 11, "Аня", chat_id=GROUP, language_code="ru")
    assert menus(await member.send("/help")) == []


async def test_the_settings_panels_language_button_labels_the_menu_button_in_the_new_language(web):
    """The panel's 🌐 button cycles the chat's language as /language does: the menu button follows it."""
    anya = Member(web.app, web.request, 11, "Аня", chat_id=11, language_code="ru")
    assert menus(await anya.send("/start")) == [(11, plain(t("app.button", "ru")), URL)]
    await anya.send("/settings")
    assert menus(await anya.press(cb.encode(cb.SETTING, Setting.LANGUAGE))) == [(11, "🧮 Board", URL)]
