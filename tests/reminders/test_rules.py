"""The rules every reminder keeps: only to whoever asked, in their private chat only, two a player a day at most, once
for each occasion (a timer run again after a crash or a failure queues nothing twice), as a bulk call of the outbox
with the button that stops them, and none after Telegram refuses the chat (403)."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.events import RankedFinished
from bot.reminders import service
from bot.reminders.kinds import Due, ReminderKind, Topic
from bot.reminders.store import ReminderStore
from bot.texts import Html
from tests.bot.members import Chat, sent
from tests.reminders.conftest import Bot

NEXT_DAY = datetime(2025, 1, 2, 12, 0, 30, tzinfo=UTC)  # the players switched on at 12:00 the day before


async def rows(bot: Bot, sql: str, *params: object) -> list[tuple[object, ...]]:
    async with bot.core.deps.store.transaction.settled():
        return [tuple(r) for r in await bot.core.deps.store.conn.execute_fetchall(sql, params)]


async def asks(bot: Bot, user_id: int, *topics: str) -> Chat:
    player = Chat(bot.app, bot.recorded, user_id, user_id)
    for topic in topics:
        await player.press(f"rs:{topic}", 1)
    return player


def reminders_to(bot: Bot, chat_id: int) -> list[str]:
    """The reminders Telegram took for this chat."""
    calls = sent(bot.recorded.calls, chat_id)
    return [c.text for c in calls if ("🔕 Stop reminders", "ro") in c.buttons and not c.params.get("_refused")]


async def test_a_new_puzzle_is_told_only_to_those_who_asked_from_their_hour_the_next_day(bot: Bot):
    await asks(bot, 1001, "puzzle")
    await asks(bot, 1002, "streak")  # asked for another topic
    Chat(bot.app, bot.recorded, 1003, 1003)  # asked for nothing
    assert await bot.run_timer() == 0  # the day they asked: from the next one

    bot.clock.now = NEXT_DAY - timedelta(hours=1)  # the next day, an hour before their hour
    assert await bot.run_timer() == 0
    bot.clock.now = NEXT_DAY
    assert await bot.run_timer() == 1
    assert reminders_to(bot, 1001) == ["🧩 A new puzzle of the day is out: /puzzle to solve it."]
    assert reminders_to(bot, 1002) == reminders_to(bot, 1003) == []
    assert await bot.run_timer() == 0  # once a day


async def test_a_player_who_opened_todays_puzzle_is_not_told_it_is_out(bot: Bot):
    ann = await asks(bot, 1001, "puzzle")
    bot.clock.now = NEXT_DAY
    await ann.send("/puzzle daily")
    assert await bot.run_timer() == 0


async def test_no_player_gets_more_than_two_a_day_whatever_asks(bot: Bot):
    await asks(bot, 1001, "puzzle", "ranked")
    deps = bot.core.deps
    bot.clock.now = NEXT_DAY

    async def mark_beaten(at: datetime) -> None:  # Ann set the mark in 6 guesses, Bob beat it in 4
        async with deps.transaction():
            event = RankedFinished(1, "classic", ((1001, 2), (1002, 1)), at, ((1001, 6), (1002, 4)))
            await deps.events.publish(deps, event)

    await mark_beaten(NEXT_DAY)
    await mark_beaten(NEXT_DAY)  # the same day: one a day for beaten marks
    assert await bot.run_timer() == 1  # the puzzle: the second of the day
    async with deps.transaction():  # a third asks, for an occasion of its own: the trigger skips it
        said = Due(1001, "another", lambda language: Html("third"), NEXT_DAY + timedelta(hours=1))
        assert not await service.remind(deps, Topic.PUZZLE, said, NEXT_DAY)
        await deps.store.conn.execute(
            "INSERT INTO reminders_sent (user_id, topic, occasion, day, at) VALUES (1001, 'x', 'y', '2025-01-02', 'z')"
        )
    await bot.app.bot_data.sender.flush()
    assert len(reminders_to(bot, 1001)) == 2
    assert await rows(bot, "SELECT count(*) FROM reminders_sent WHERE user_id = 1001") == [(2,)]

    bot.clock.now = NEXT_DAY + timedelta(days=1)
    await mark_beaten(bot.clock.now)  # a new day: two more may come
    assert len(reminders_to(bot, 1001)) == 2
    await bot.app.bot_data.sender.flush()
    assert len(reminders_to(bot, 1001)) == 3


async def test_a_reminder_never_goes_to_a_group_or_a_channel(bot: Bot):
    deps = bot.core.deps
    async with deps.transaction():  # a group's id among the wishes, however it came there
        await deps.store.repository(ReminderStore).switch(-100123, Topic.PUZZLE, True, bot.clock())
        said = Due(-100123, "2025-01-02", lambda language: Html("hi"), NEXT_DAY + timedelta(hours=1))
        assert not await service.remind(deps, Topic.PUZZLE, said, NEXT_DAY)
    bot.clock.now = NEXT_DAY
    assert await bot.run_timer() == 0
    assert [c for c in bot.recorded.calls if c.method == "sendMessage" and int(c.params["chat_id"]) < 0] == []


async def test_the_decision_and_its_message_commit_together_so_a_failed_run_leaves_neither_and_a_rerun_one(bot: Bot):
    for user in (1001, 1002, 1003):
        await asks(bot, user, "puzzle")
    bot.clock.now = NEXT_DAY
    deps = bot.core.deps
    kinds = bot.core.features.reminders.kinds
    found = kinds[1].find
    assert found is not None

    async def failing(deps_, now, wishes):  # queues them all, then the run fails before the chunk commits
        for due in await found(deps_, now, wishes):
            await service.remind(deps_, Topic.PUZZLE, due, now)
        raise OSError("disk I/O error")

    with pytest.raises(OSError, match="disk"):
        await service.run(deps, [ReminderKind(Topic.PUZZLE, failing)], lambda: None)
    assert await rows(bot, "SELECT count(*) FROM reminders_sent") == [(0,)]
    assert await rows(bot, "SELECT count(*) FROM outbox WHERE bulk = 1") == [(0,)]

    assert await bot.run_timer() == 3  # the scheduler's retry
    assert await bot.run_timer() == 0  # and again, as after a restart: nothing twice
    assert await rows(bot, "SELECT count(*) FROM outbox WHERE bulk = 1") == [(3,)]
    assert [len(reminders_to(bot, user)) for user in (1001, 1002, 1003)] == [1, 1, 1]


async def test_a_run_looks_at_the_players_a_chunk_at_a_time_and_misses_none(bot: Bot):
    deps = bot.core.deps
    async with deps.transaction():
        for user in range(2000, 2011):
            await deps.store.repository(ReminderStore).switch(user, Topic.PUZZLE, True, bot.clock())
    bot.clock.now = NEXT_DAY
    woken = []
    assert await service.run(deps, bot.core.features.reminders.kinds, lambda: woken.append(1), chunk=4) == 11
    assert len(woken) == 3  # once a chunk that queued some
    assert await rows(bot, "SELECT count(DISTINCT chat_id) FROM outbox WHERE bulk = 1") == [(11,)]


async def test_a_player_who_blocked_the_bot_is_switched_off(bot: Bot):
    await asks(bot, 1001, "puzzle", "streak")
    await asks(bot, 1002, "puzzle")
    bot.recorded.unreachable.add(1001)
    bot.clock.now = NEXT_DAY
    assert await bot.run_timer() == 2
    assert await rows(bot, "SELECT user_id, topic FROM reminder_wishes") == [(1002, "puzzle")]
    assert reminders_to(bot, 1002) != []

    bot.recorded.unreachable.clear()
    bot.clock.now = NEXT_DAY + timedelta(days=1)
    assert await bot.run_timer() == 1  # Bob's only: Ann asks again when she wants them
    assert reminders_to(bot, 1001) == []


async def test_a_reminder_is_a_bulk_call_dropped_if_unsent_when_what_it_says_is_over(bot: Bot):
    await asks(bot, 1001, "puzzle")
    bot.clock.now = NEXT_DAY
    assert await bot.core.features.reminders.run(lambda: None) == 1
    assert await rows(bot, "SELECT bulk, stale_at FROM outbox WHERE chat_id = 1001 AND status = 'pending'") == [
        (1, "2025-01-03T00:00:00.000+00:00")
    ]
    bot.clock.now = datetime(2025, 1, 3, 0, 0, 1, tzinfo=UTC)  # the bot was down until the day ended
    await bot.app.bot_data.sender.flush()
    assert reminders_to(bot, 1001) == []
    assert await rows(bot, "SELECT status, error FROM outbox WHERE chat_id = 1001 AND bulk = 1") == [
        ("failed", "stale")
    ]
