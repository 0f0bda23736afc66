"""Over-long input never makes the bot send what Telegram would refuse: text ≤ 4,096 characters of valid HTML,
toasts ≤ 200 characters, callback data ≤ 64 bytes; and the player never gets "Sorry" for it."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from bot.texts import plain, t
from tests.bot.fakes import Call, telegram_app
from tests.bot.members import Member

LONG = "1" * 4080
TELEGRAM_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "code", "pre",
                 "blockquote", "tg-emoji"}  # fmt: skip
BARE_AMPERSAND = re.compile(r"&(?!(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);)")


class TagBalance(HTMLParser):
    """Fails on a tag Telegram does not know, a closing tag that closes nothing open, or a tag left open."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert tag in TELEGRAM_TAGS, f"<{tag}> is not one of Telegram's tags"
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open, f"</{tag}> closes nothing"
        assert self.open[-1] == tag, f"</{tag}> closes <{self.open[-1]}>"
        self.open.pop()


def assert_valid_html(text: str) -> None:
    assert not BARE_AMPERSAND.search(text), text[:200]
    parser = TagBalance()
    parser.feed(text)
    parser.close()
    assert not parser.open, f"left open: {parser.open}"


def check(calls: list[Call]) -> None:
    for call in calls:
        if call.method in {"sendMessage", "editMessageText"}:
            text = call.text
            assert len(text) <= 4096, (call.method, len(text))
            assert plain(t("error")) not in plain(text)
            # the sender's last guard (plain text, cut) is never needed: the views keep within the limit
            assert call.params.get("parse_mode") == "HTML", (call.method, len(text))
            assert_valid_html(text)
        if call.method == "answerCallbackQuery":
            assert len(str(call.params.get("text") or "")) <= 200
        markup = call.params.get("reply_markup") or {}
        markup = json.loads(markup) if isinstance(markup, str) else markup
        for row in markup.get("inline_keyboard", []):
            for button in row:
                if "callback_data" in button:
                    assert len(button["callback_data"].encode()) <= 64, button


COMMANDS = ["/play", "/think", "/stats", "/top", "/challenge", "/duel", "/versus", "/reveal", "/g", "/start",
            "/settings", "/help", "/daily", "/race"]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS)
async def test_a_command_with_a_4080_character_argument_gets_a_reply_telegram_accepts(tmp_path, command):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 1001, "Ann" * 30)
        bob = Member(app, request, 1002, "<b>Bob & co")
        for where in (ann.in_private(), ann):
            calls = await where.send(f"{command} {LONG}")
            assert calls, f"{command} in {where.chat_id} got no answer"
            check(calls)
        await ann.send("/race")  # a match running in the group: its commands take the long argument next
        check(await bob.send(f"{command} {LONG}"))
        check(await ann.send(f"{command}@bullscows_test_bot {LONG}"))
        check(request.calls)


async def test_a_long_plain_text_guess_in_a_game_and_in_a_race(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 1001, "Ann")
        private = ann.in_private()
        await private.send("/play")
        for text in (LONG, "12" * 2040, "<b>" * 1360, "&" * 4080, " ".join(["1234"] * 816)):
            calls = await private.send(text)
            assert calls
            check(calls)
        await ann.send("/race")
        for text in (LONG, "<i>" * 1360):
            check(await ann.send(text))
        check(await ann.send(f"/g {LONG}"))
        check(request.calls)


def test_the_html_check_catches_what_telegram_would_refuse():
    for bad in ("<b>open", "a</b>", "<b><i>x</b></i>", "<div>x</div>", "fish & chips"):
        with pytest.raises(AssertionError):
            assert_valid_html(bad)
    assert_valid_html("<b>1🐂</b> &amp; <i>2🐄</i> &lt;tag&gt;")
