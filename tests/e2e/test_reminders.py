"""Reminders through the emulator, the real bot on a test clock: switched on in /settings, sent the next day at the
players' hour only to those who asked, paced within Telegram's 30 messages a second (the emulator's flood control
on) with a player's reply going out among them, stopped by the button under one and by a 403."""

from __future__ import annotations

import sqlite3

import pytest

from bot.telegram_io.pacing import RATE, RESERVE
from tests.e2e.client import Call, Emulator, UserClient
from tests.e2e.conftest import BotFactory, UserFactory
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

DAY_ONE, DAY_TWO, DAY_THREE = "2025-01-01T12:00:00Z", "2025-01-02T12:00:05Z", "2025-01-03T12:00:05Z"
CROWD = range(900_001, 900_151)  # players who asked before (written into the database: 150 reminders at once)
NEW_PUZZLE = "A new puzzle of the day is out"
STOP = "🔕 Stop reminders"


def switch_on_the_new_puzzle(player: UserClient) -> None:
    player.send_command("/settings")
    panel = player.wait_new("Settings")
    player.press(panel, "🔔 Reminders")
    player.wait_edit(panel, "at most twice a day")
    player.press(panel, "🧩 New puzzle of the day: off")
    player.wait_edit(panel, lambda m: "🧩 New puzzle of the day: on" in m.labels)


def restart_at(bot: BotProcess, moment: str, *, crowd: bool) -> None:
    """Stop the bot, seat (or unseat) the crowd of players who asked for the new puzzle, and start it at `moment`."""
    bot.stop()
    with sqlite3.connect(bot.database) as db:
        db.execute("DELETE FROM reminder_wishes WHERE user_id >= ?", (CROWD[0],))
        if crowd:
            db.executemany(
                "INSERT INTO reminder_wishes (user_id, topic, hour, since) VALUES (?, 'puzzle', 12, ?)",
                [(user, "2025-01-01T12:00:00.000+00:00") for user in CROWD],
            )
    bot.env["TEST_CLOCK"] = moment
    bot.start_and_wait()


@pytest.fixture
def bot(start_bot: BotFactory) -> BotProcess:
    """The real bot, its clock starting at noon UTC on the first day (the players switch reminders on then)."""
    return start_bot(TEST_CLOCK=DAY_ONE)


def reminders(emulator: Emulator, bot: BotProcess) -> list[Call]:
    return [c for c in emulator.calls(bot.token, "sendMessage") if NEW_PUZZLE in str(c.params.get("text", ""))]


def most_in_a_second(calls: list[Call]) -> int:
    times = sorted(c.at for c in calls)
    return max((sum(1 for u in times if t <= u < t + 1.0) for t in times), default=0)


def test_reminders_go_only_to_those_who_asked_at_the_pace_behind_replies_and_stop_after_a_403(
    bot: BotProcess, emulator: Emulator, make_user: UserFactory
) -> None:
    ann, cat, eve = make_user("Ann"), make_user("Cat"), make_user("Eve")
    dan = make_user("Dan")  # asks for nothing
    for player in (ann, cat, eve):
        switch_on_the_new_puzzle(player)
    dan.send_command("/settings")
    dan.wait_new("Settings")

    emulator.flood_control(bot.token, bot_per_second=30, group_per_minute=20)
    blocked = "Forbidden: bot was blocked by the user"
    emulator.inject(bot.token, "sendMessage", "error", status=403, description=blocked, chat_id=eve.user_id)
    restart_at(bot, DAY_TWO, crowd=True)  # the players' hour the next day: the timer's first run finds them all
    dan.send_command("/help")  # a player's command while the reminders go out
    dan.wait_new("/play")

    wanted = {ann.user_id, cat.user_id, eve.user_id, *CROWD}
    bot.wait_until(lambda: {c.chat_id for c in reminders(emulator, bot)} >= wanted, "every reminder sent", 60)
    sent = reminders(emulator, bot)
    assert {c.chat_id for c in sent} == wanted  # those who asked, and only they
    assert sorted(c.chat_id for c in sent if c.applied) == sorted(wanted - {eve.user_id})  # each once
    assert [c for c in emulator.calls(bot.token, "sendMessage") if c.fault == "flood"] == []  # within the limits
    assert most_in_a_second([c for c in sent if c.applied]) <= 30

    # Dan's reply went out among the reminders, ahead of those waiting: from its commit to Telegram's answer fewer
    # reminders were answered than one second's share of them (most often only those already under way, BULK_LANES)
    [(queued, answered)] = bot.query(
        "SELECT created_at, sent_at FROM outbox WHERE chat_id = ? AND payload LIKE '%/play%'", dan.user_id
    )
    meanwhile = bot.scalar(
        "SELECT count(*) FROM outbox WHERE bulk = 1 AND status = 'sent' AND sent_at > ? AND sent_at < ?",
        queued,
        answered,
    )
    assert meanwhile < RATE - RESERVE
    assert bot.scalar("SELECT count(*) FROM outbox WHERE bulk = 1 AND sent_at > ?", answered) > 50  # still going

    assert bot.query("SELECT user_id FROM reminder_wishes WHERE user_id = ?", eve.user_id) == []  # the 403
    reminder = cat.wait_new(NEW_PUZZLE)
    assert reminder.labels == [STOP]
    cat.press(reminder, STOP)
    cat.wait_edit(reminder, "Reminders are off")

    ann.wait_new(NEW_PUZZLE)
    restart_at(bot, DAY_THREE, crowd=False)
    ann.wait_new(NEW_PUZZLE)  # the next day's
    latest = {c.chat_id for c in reminders(emulator, bot) if c.applied and c.seq > sent[-1].seq}
    assert latest == {ann.user_id}  # Cat switched them off, Eve blocked the bot
