"""Webhook mode and inline queries through the emulator, with the echo bot."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory, next_id

pytestmark = pytest.mark.e2e

ECHO_BOT = [sys.executable, str(Path(__file__).with_name("echo_bot.py"))]


def test_updates_reach_a_webhook_with_the_secret_and_getupdates_is_refused(
    emulator: Emulator, start_bot: BotFactory
) -> None:
    bot = start_bot(ECHO_BOT, webhook=True)
    alice = UserClient(emulator, bot.token, user_id=20_000 + next_id())
    info = emulator.webhook_info(bot.token)
    assert info["url"] == bot.webhook_url

    alice.send_text("over the hook")
    assert alice.wait_new().text == "echo: over the hook"
    emulator.wait_confirmed(bot.token)
    assert alice.last_update_id in [
        d["update_id"] for d in emulator.webhook_deliveries(bot.token) if d["status"] == 200
    ]

    refused = emulator.bot_call(bot.token, "getUpdates")
    assert refused.status == 409
    assert refused.body is not None
    assert "webhook is active" in refused.body["description"]

    stray = 10**9 + next_id()
    assert bot.post_webhook(alice.message_update("no secret", stray), secret=None) == 403
    assert bot.post_webhook(alice.message_update("wrong secret", stray + 1), secret="not-it") == 403
    assert bot.post_webhook(alice.message_update("right secret", stray + 2)) == 200
    assert alice.wait_new().text == "echo: right secret"
    assert alice.texts() == ["echo: over the hook", "echo: right secret"]


def test_a_webhook_that_is_down_gets_the_updates_in_order_when_it_is_back(
    emulator: Emulator, start_bot: BotFactory
) -> None:
    bot = start_bot(ECHO_BOT, webhook=True)
    bob = UserClient(emulator, bot.token, user_id=20_000 + next_id(), first_name="Bob")
    bot.kill()
    for text in ("one", "two", "three"):
        bob.send_text(text)
    deadline = time.monotonic() + 10
    while not emulator.webhook_info(bot.token).get("last_error_message") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "Connection error" in emulator.webhook_info(bot.token)["last_error_message"]
    assert emulator.webhook_info(bot.token)["pending_update_count"] == 3

    bot.start_and_wait()
    assert [m.text for m in bob.wait_messages(3)] == ["echo: one", "echo: two", "echo: three"]
    emulator.wait_confirmed(bot.token)
    delivered = [d["update_id"] for d in emulator.webhook_deliveries(bot.token) if d["status"] == 200]
    assert delivered == sorted(delivered)
    failed = [d for d in emulator.webhook_deliveries(bot.token) if d["status"] is None]
    assert failed, "no delivery failed while the bot was down"


def test_an_inline_query_and_its_answer(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT)
    carol = UserClient(emulator, bot.token, user_id=20_000 + next_id(), first_name="Carol")
    answer = carol.ask_inline("bulls")
    assert [r["title"] for r in answer.results] == ["bulls #0", "bulls #1"]
    assert answer.results[0]["input_message_content"]["message_text"] == "echo: bulls"
    assert (answer.next_offset, answer.is_personal, answer.cache_time) == ("2", True, 0)
    more = carol.ask_inline("bulls", offset=answer.next_offset)
    assert [r["title"] for r in more.results] == ["bulls #2", "bulls #3"]
    assert more.next_offset == ""
    calls = emulator.calls(bot.token, "answerInlineQuery")
    assert [(c.status, c.applied) for c in calls] == [(200, True), (200, True)]


def test_the_real_bot_plays_over_a_webhook(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(webhook=True)
    dave = UserClient(emulator, bot.token, user_id=20_000 + next_id(), first_name="Dave")
    dave.send_command("/play")
    dave.wait_new("picked a secret")
    assert bot.post_webhook(dave.message_update("1234", 10**9 + next_id()), secret="wrong") == 403
    dave.send_text("5678")
    dave.wait_new("5678")
    emulator.wait_confirmed(bot.token)
    assert bot.scalar("SELECT COUNT(*) FROM moves") == 1, "the update with the wrong secret had an effect"
