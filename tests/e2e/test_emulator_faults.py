"""The emulator's Telegram-like update queue and its injected faults, checked with raw Bot API calls and with the
echo bot: the reliability tests of the real bot rely on every one of these behaving as described."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.client import BotCallAnswer, Emulator, UserClient
from tests.e2e.conftest import BotFactory, next_id

pytestmark = pytest.mark.e2e

ECHO_BOT = [sys.executable, str(Path(__file__).with_name("echo_bot.py"))]


def new_token() -> str:
    n = next_id()
    return f"{900000 + n}:RAW-{n}"


def say(emulator: Emulator, token: str, text: str, chat_id: int = 4242) -> int:
    """A user message queued for the bot with this token; its update_id comes back."""
    user = UserClient(emulator, token, user_id=chat_id)
    before = emulator.post(
        "sendMessage",
        {"botToken": token, "from": user.user, "chat": user.chat, "date": int(time.time()), "text": text},
    )
    return int(before["update_id"])


def ids(answer: BotCallAnswer) -> list[int]:
    assert answer.status == 200, answer
    assert answer.body is not None
    return [int(update["update_id"]) for update in answer.body["result"]]


# --- getUpdates ------------------------------------------------------------------------------------


def test_an_update_is_handed_out_until_an_offset_confirms_it(emulator: Emulator) -> None:
    token = new_token()
    a, b, c = (say(emulator, token, text) for text in ("one", "two", "three"))

    first = emulator.bot_call(token, "getUpdates", limit=2)
    assert ids(first) == [a, b]
    assert token not in first.text, "an update carries no bot token"
    assert ids(emulator.bot_call(token, "getUpdates")) == [a, b, c], "unconfirmed updates come again"
    assert ids(emulator.bot_call(token, "getUpdates", offset=b + 1)) == [c], "the offset confirms a and b"
    assert [u["update_id"] for u in emulator.pending_updates(token)] == [c]
    assert ids(emulator.bot_call(token, "getUpdates", offset=-1)) == [c]
    assert ids(emulator.bot_call(token, "getUpdates", offset=c + 1)) == []
    assert emulator.pending_updates(token) == []
    assert [call.update_ids for call in emulator.calls(token, "getUpdates")] == [(a, b), (a, b, c), (c,), (c,), ()]


def test_a_long_poll_answers_as_soon_as_an_update_arrives_and_empty_at_its_timeout(emulator: Emulator) -> None:
    token = new_token()
    empty = emulator.bot_call(token, "getUpdates", timeout=1)
    assert ids(empty) == []
    assert 0.9 < empty.seconds < 5

    result: list[BotCallAnswer] = []
    poll = threading.Thread(target=lambda: result.append(emulator.bot_call(token, "getUpdates", timeout=20)))
    poll.start()
    deadline = time.monotonic() + 5
    while not emulator.calls(token, "getUpdates")[1:] and time.monotonic() < deadline:
        time.sleep(0.01)
    update_id = say(emulator, token, "wake up")
    poll.join(10)
    assert ids(result[0]) == [update_id]
    assert result[0].seconds < 5, "the long poll was not answered when the update arrived"


def test_a_second_poll_ends_the_first_with_409_and_deletewebhook_can_drop_pending_updates(emulator: Emulator) -> None:
    token = new_token()
    result: list[BotCallAnswer] = []
    first = threading.Thread(target=lambda: result.append(emulator.bot_call(token, "getUpdates", timeout=20)))
    first.start()
    deadline = time.monotonic() + 5
    while not emulator.calls(token, "getUpdates") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ids(emulator.bot_call(token, "getUpdates")) == []
    first.join(10)
    assert result[0].status == 409
    assert result[0].body is not None
    assert "terminated by other getUpdates request" in result[0].body["description"]

    say(emulator, token, "stale")
    assert emulator.bot_call(token, "deleteWebhook").status == 200
    assert len(emulator.pending_updates(token)) == 1
    assert emulator.bot_call(token, "deleteWebhook", drop_pending_updates=True).status == 200
    assert emulator.pending_updates(token) == []


def test_updates_a_bot_did_not_confirm_reach_it_again(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT, start=False)
    alice = UserClient(emulator, bot.token, user_id=20_000 + next_id())
    alice.send_text("lost")
    # The first getUpdates hands "lost" out but its answer never arrives: PTB asks again with the same offset.
    emulator.inject(bot.token, "getUpdates", "reset", after_apply=True)
    bot.errors_expected = True  # PTB logs the reset with a traceback
    bot.start_and_wait()
    assert alice.wait_new().text == "echo: lost"
    handed_out = [call.update_ids for call in emulator.calls(bot.token, "getUpdates") if call.update_ids]
    assert handed_out[0] == handed_out[1], f"the update was not handed out again: {handed_out}"
    assert emulator.faults(bot.token)[0]["fired"] == 1

    emulator.wait_confirmed(bot.token)  # PTB confirms with its next getUpdates

    # Handed out, never answered, then the bot dies: the next process gets the update again.
    bot.kill()
    alice.send_text("while down")
    update_id = alice.last_update_id
    emulator.inject(bot.token, "getUpdates", "slow", delay=30)
    bot.start()
    bot.wait_until(lambda: any(update_id in c.update_ids for c in emulator.calls(bot.token, "getUpdates")), "poll")
    bot.kill()
    bot.start_and_wait()
    assert alice.wait_new().text == "echo: while down"
    assert alice.texts() == ["echo: lost", "echo: while down"]
    assert bot.kills == 2


# --- faults, raw ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "options", "status", "description"),
    [
        ("429", {"retry_after": 7}, 429, "Too Many Requests: retry after 7"),
        ("500", {}, 500, "Internal Server Error"),
        ("502", {}, 502, "Bad Gateway"),
        ("error", {"status": 401, "description": "Unauthorized"}, 401, "Unauthorized"),
        ("error", {"status": 403, "description": "Forbidden: bot was blocked by the user"}, 403, "Forbidden"),
    ],
)
def test_a_telegram_error_is_answered_and_the_call_has_no_effect(
    emulator: Emulator, kind: str, options: dict[str, Any], status: int, description: str
) -> None:
    token = new_token()
    emulator.inject(token, "sendMessage", kind, **options)
    answer = emulator.bot_call(token, "sendMessage", chat_id=1, text="refused")
    assert answer.status == status
    assert answer.body is not None
    assert answer.body["ok"] is False
    assert answer.body["error_code"] == status
    assert answer.body["description"].startswith(description)
    if kind == "429":
        assert answer.body["parameters"] == {"retry_after": 7}
    assert emulator.bot_call(token, "sendMessage", chat_id=1, text="fine").status == 200, "one call only"
    first, second = emulator.calls(token, "sendMessage")
    assert (first.fault, first.status, first.applied, first.answered) == (kind, status, False, True)
    assert (second.fault, second.status, second.applied) == (None, 200, True)
    assert UserClient(emulator, token, user_id=1).texts() == ["fine"]


def test_an_html_error_page_comes_as_from_telegrams_front_end(emulator: Emulator) -> None:
    token = new_token()
    emulator.inject(token, "getMe", "html")
    emulator.inject(token, "getMe", "html", status=504)
    answer = emulator.bot_call(token, "getMe")
    assert answer.status == 502
    assert answer.content_type.startswith("text/html")
    assert "<title>502 Bad Gateway</title>" in answer.text
    assert "504 Gateway Time-out" in emulator.bot_call(token, "getMe").text
    assert emulator.bot_call(token, "getMe").status == 200


def test_a_reset_connection_gets_no_answer_and_after_apply_the_call_took_effect(emulator: Emulator) -> None:
    token = new_token()
    emulator.inject(token, "sendMessage", "reset")
    emulator.inject(token, "sendMessage", "reset", after_apply=True)
    assert emulator.bot_call(token, "sendMessage", chat_id=2, text="never").status is None
    assert emulator.bot_call(token, "sendMessage", chat_id=2, text="sent").status is None
    assert UserClient(emulator, token, user_id=2).texts() == ["sent"]
    calls = emulator.calls(token, "sendMessage")
    assert [(c.fault, c.applied, c.answered) for c in calls] == [("reset", False, False), ("reset", True, False)]
    stats = emulator.call_stats(token, "sendMessage")
    assert (stats.attempted, stats.faulted, stats.applied, stats.ok) == (2, 2, 1, 0)


def test_a_slow_answer_times_the_client_out_though_the_message_was_sent(emulator: Emulator) -> None:
    token = new_token()
    emulator.inject(token, "sendMessage", "slow", delay=2)
    answer = emulator.bot_call(token, "sendMessage", http_timeout=0.5, chat_id=3, text="late")
    assert answer.status is None
    assert "timed out" in answer.error
    assert UserClient(emulator, token, user_id=3).texts() == ["late"]
    (call,) = emulator.calls(token, "sendMessage")
    assert (call.fault, call.status, call.applied, call.answered) == ("slow", 200, True, False)

    emulator.inject(token, "sendMessage", "slow", delay=0.3)
    waited = emulator.bot_call(token, "sendMessage", chat_id=3, text="patient")
    assert waited.status == 200
    assert waited.seconds >= 0.3


def test_rules_fire_by_count_skip_chat_and_seeded_probability(emulator: Emulator) -> None:
    token = new_token()

    def statuses(n: int, chat_id: int = 1) -> list[int | None]:
        return [emulator.bot_call(token, "sendMessage", chat_id=chat_id, text=f"m{i}").status for i in range(n)]

    emulator.inject(token, "sendMessage", "500", count=2, skip=1)
    assert statuses(4) == [200, 500, 500, 200]

    emulator.inject(token, "sendMessage", "502", chat_id=7)
    assert statuses(1, chat_id=1) == [200]
    assert statuses(2, chat_id=7) == [502, 200]

    emulator.inject(token, "*", "429", probability=0.5, seed=42)
    first = statuses(20)
    emulator.clear_faults(token)
    assert statuses(3) == [200, 200, 200]
    emulator.inject(token, "*", "429", probability=0.5, seed=42)
    assert statuses(20) == first, "the same seed gives the same faults"
    assert 3 <= first.count(429) <= 17
    assert emulator.bot_call(token, "getMe").status in (200, 429), "'*' matches any method"

    emulator.clear_faults(token)
    emulator.inject(token, "sendMessage", "500", count=3, probability=1.0)
    assert statuses(4) == [500, 500, 500, 200]
    rule = emulator.faults(token)[0]
    assert (rule["fired"], rule["count"]) == (3, 3)


def test_start_up_calls_fail_on_request(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT, start=False)
    emulator.inject(bot.token, "getMe", "500")
    bot.start()
    assert bot.wait_exit() != 0, "PTB gives up when getMe fails at start-up"
    bot.expect_errors(r".")  # the echo bot's traceback is the point here

    emulator.inject(bot.token, "setMyCommands", "429", retry_after=1)
    emulator.inject(bot.token, "deleteWebhook", "502")
    bot.start()
    assert bot.wait_exit() != 0
    bot.start()
    assert bot.wait_exit() != 0
    bot.start_and_wait()  # the rules are used up
    calls = [(c.method, c.fault) for c in emulator.calls(bot.token) if c.method != "getUpdates"]
    assert calls[:2] == [("getMe", "500"), ("getMe", None)]
    assert ("setMyCommands", "429") in calls
    assert ("deleteWebhook", "502") in calls


def test_the_echo_bot_meets_a_429_and_the_record_says_what_happened(emulator: Emulator, start_bot: BotFactory) -> None:
    bot = start_bot(ECHO_BOT)
    bob = UserClient(emulator, bot.token, user_id=20_000 + next_id())
    emulator.inject(bot.token, "sendMessage", "429", retry_after=2, chat_id=bob.chat_id)
    bot.errors_expected = True  # PTB logs the RetryAfter with a traceback
    bob.send_text("first")
    deadline = time.monotonic() + 10
    while not emulator.call_stats(bot.token, "sendMessage").attempted and time.monotonic() < deadline:
        time.sleep(0.02)
    bob.send_text("second")
    assert bob.wait_new().text == "echo: second"
    stats = emulator.call_stats(bot.token, "sendMessage")
    assert (stats.attempted, stats.faulted, stats.applied, stats.ok) == (2, 1, 1, 1)
    assert bob.texts() == ["echo: second"]
    sent = emulator.calls(bot.token, "sendMessage")[-1]
    assert (sent.chat_id, sent.params["text"]) == (bob.chat_id, "echo: second")
    (commands,) = emulator.calls(bot.token, "setMyCommands")
    assert commands.params["commands"] == [{"command": "start", "description": "start"}], "nested values decoded"


def test_flood_control_when_turned_on_answers_429_with_the_wait(emulator: Emulator) -> None:
    token = new_token()
    group = -(100 + next_id())

    def send(chat_id: int) -> BotCallAnswer:
        return emulator.bot_call(token, "sendMessage", chat_id=chat_id, text="hi")

    for _ in range(5):
        assert send(group).status == 200, "no limits unless turned on"
    emulator.flood_control(token, group_per_minute=3, bot_per_second=None)
    assert [send(group).status for _ in range(4)] == [200, 200, 200, 429]
    refused = send(group)
    assert refused.body is not None
    assert 55 <= refused.body["parameters"]["retry_after"] <= 60
    assert send(5).status == 200, "a private chat is not a group"

    emulator.flood_control(token, group_per_minute=None, chat_per_second=2, bot_per_second=None)
    assert [send(6).status for _ in range(3)] == [200, 200, 429]
    assert send(7).status == 200
    emulator.flood_control_off(token)
    assert send(6).status == 200
    last = emulator.calls(token, "sendMessage")[-5:]
    assert [c.fault for c in last] == [None, None, "flood", None, None]
    assert last[0].chat_id == 6
