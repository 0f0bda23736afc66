"""What one group member presses costs that group, never another chat: admin checks come from a cache filled in
the background, so a burst of presses that need one waits for a single lookup while every other chat is served."""

from __future__ import annotations

import time

import pytest

from bot.texts import plain, t
from tests.e2e.client import Emulator
from tests.e2e.conftest import BotProcess, UserFactory, next_id

pytestmark = pytest.mark.e2e

LOOKUP = 3.0  # seconds the emulator takes to answer getChatAdministrators: far above any other wait in the test


def test_a_members_stop_and_settings_presses_wait_for_one_lookup_while_a_private_chat_is_answered_at_once(
    make_user: UserFactory, emulator: Emulator, bot: BotProcess
) -> None:
    group = -(800_000 + next_id())
    ann, bob, dan, eve = (
        make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob", "Dan", "Eve")
    )
    for other in (bob, dan, eve):  # the emulator hands each message out once: all see Ann's
        other.view, other.events = ann.view, ann.events
    emulator.set_chat_member(group, dan.user_id, "creator")
    ann.send_command("/challenge")
    ann.wait_new("Race!")
    bob.send_command("/settings")
    panel = bob.wait_new(plain(t("gset.title", variant="", race="", duel="")).split("\n")[0])
    unlimited = plain(t("set.race", limit=t("set.unlimited")))
    emulator.set_lookup_delay(LOOKUP)
    try:
        started = time.monotonic()
        for _ in range(6):
            bob.send_command("/stop")
        for _ in range(30):
            eve.press(panel, unlimited, expect_answer=False)
        carol = make_user("Carol")
        carol.send_command("/start")
        carol.wait_new()
        answered_in = time.monotonic() - started
        assert answered_in < LOOKUP, f"a private /start waited {answered_in:.1f} s behind a group's admin lookup"

        ann.wait_new(plain(t("race.stop_refused")))
        assert time.monotonic() - started >= LOOKUP * 0.9  # the group's presses waited for the lookup
    finally:
        emulator.set_lookup_delay(0)
    assert len(emulator.calls(bot.token, "getChatAdministrators")) == 1  # one lookup for 36 presses
    assert not emulator.calls(bot.token, "getChatMember")

    settings_answers = [
        c for c in emulator.calls(bot.token, "answerCallbackQuery") if c.params.get("text") == plain(t("gset.admins"))
    ]
    deadline = time.monotonic() + 20
    while len(settings_answers) < 30 and time.monotonic() < deadline:  # each press answered, with the refusal
        time.sleep(0.1)
        settings_answers = [
            c
            for c in emulator.calls(bot.token, "answerCallbackQuery")
            if c.params.get("text") == plain(t("gset.admins"))
        ]
    assert len(settings_answers) == 30
    assert bot.scalar("SELECT count(*) FROM matches WHERE chat_id = ? AND status = 'active'", group) == 1

    dan.send_command("/stop")  # an admin's rights still hold, from the same list
    ann.wait_new("Race stopped")
    assert len(emulator.calls(bot.token, "getChatAdministrators")) == 1
