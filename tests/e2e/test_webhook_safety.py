"""The webhook is closed to everyone but Telegram: without WEBHOOK_SECRET the bot makes and registers its own,
a request without the secret changes nothing, and an oversized body is refused before it is read."""

from __future__ import annotations

import socket
import time

import pytest

from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory, next_id

pytestmark = pytest.mark.e2e


def registered_secret(emulator: Emulator, token: str) -> str:
    call = emulator.calls(token, "setWebhook")[-1]
    secret = call.params.get("secret_token")
    assert isinstance(secret, str)
    return secret


def test_without_a_configured_secret_the_bot_registers_a_strong_one_and_forged_updates_change_nothing(
    emulator: Emulator, start_bot: BotFactory
) -> None:
    bot = start_bot(webhook=True, WEBHOOK_SECRET="")  # empty: unset
    secret = registered_secret(emulator, bot.token)
    assert len(secret) >= 40
    assert secret != bot.webhook_secret
    victim = UserClient(emulator, bot.token, user_id=30_000 + next_id())

    forged = bot.post_webhook(victim.message_update("/play", 10**9 + next_id()), secret=None)
    assert forged == 403
    assert bot.post_webhook(victim.message_update("/play", 10**9 + next_id()), secret="guess") == 403
    assert bot.scalar("SELECT count(*) FROM inbox") == 0  # nothing was recorded, no update id was taken

    victim.send_command("/start")  # Telegram's own delivery carries the registered secret
    assert victim.wait_new().text
    assert bot.post_webhook(victim.message_update("/rules", 10**9 + next_id()), secret=secret) == 200
    refused = [line for line in bot.warnings() if "webhook: refused" in line]
    assert len(refused) == 2
    assert all("/play" not in line for line in refused)  # the body is never logged

    bot.restart()  # the stored secret is the one registered again
    assert registered_secret(emulator, bot.token) == secret


def test_a_twenty_megabyte_body_is_refused_from_its_length_without_being_read(
    emulator: Emulator, start_bot: BotFactory
) -> None:
    bot = start_bot(webhook=True)
    assert bot.webhook_url is not None
    assert bot.webhook_secret is not None
    path = "/" + bot.webhook_url.split("/", 3)[3]
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"X-Telegram-Bot-Api-Secret-Token: {bot.webhook_secret}\r\nContent-Length: {20 * 2**20}\r\n\r\n"
    )
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", bot.webhook_port or 0), timeout=5) as conn:
        conn.sendall(head.encode() + b"{" + b" " * 1000)  # a kilobyte of the 20 MB announced, and no more
        answer = conn.recv(200).decode("latin-1")
        assert answer.startswith("HTTP/1.1 413")
        conn.settimeout(5)
        assert conn.recv(100) == b""  # closed: the rest is not waited for
    assert time.monotonic() - started < 3
    assert any("20971520 bytes (413)" in line for line in bot.warnings())


def test_a_configured_secret_is_required_and_a_wrong_or_missing_one_gets_403(
    emulator: Emulator, start_bot: BotFactory
) -> None:
    bot = start_bot(webhook=True)
    assert registered_secret(emulator, bot.token) == bot.webhook_secret
    user = UserClient(emulator, bot.token, user_id=30_000 + next_id())
    assert bot.post_webhook(user.message_update("/start", 10**9 + next_id()), secret=None) == 403
    assert bot.post_webhook(user.message_update("/start", 10**9 + next_id()), secret="wrong") == 403
    assert bot.post_webhook(user.message_update("/start", 10**9 + next_id())) == 200
    assert user.wait_new().text
