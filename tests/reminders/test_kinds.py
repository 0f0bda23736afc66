"""Each kind of reminder, when it is due and what it says: a streak about to end (the daily challenge's, the puzzle of
the day's), the league week about to end (the league's places), a mark beaten on a ranked secret (an event); times
in the player's terms."""

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.daily.service import daily_key, daily_secret
from bot.days import day_of
from bot.events import RankedFinished
from bot.reminders import league_kind
from bot.reminders.kinds import NEW_PUZZLE, RANKED, STREAKS, ReminderKind, mark_beaten, week_end
from bot.reminders.words import soon
from tests.bot.members import Chat, sent
from tests.reminders.conftest import Bot

DAY_ONE = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)  # a Wednesday: the clock's start
EVENING = datetime(2025, 1, 2, 21, 0, 1, tzinfo=UTC)  # the next day, just after the timer's 21:00


def register(bot: Bot, *kinds: ReminderKind) -> None:
    """The register lists these kinds of reminder (as a feature adds its own)."""
    feature = bot.core.features.reminders
    feature.kinds = (STREAKS, NEW_PUZZLE, *kinds)
    feature.topics = tuple(kind.topic for kind in feature.kinds)


def reminders_to(bot: Bot, chat_id: int) -> list[str]:
    return [c.text for c in sent(bot.recorded.calls, chat_id) if any(data == "ro" for _, data in c.buttons)]


async def solve_the_daily(bot: Bot, player: Chat) -> None:
    """The player solves today's daily challenge at the first guess (the test knows the day's secret)."""
    deps = bot.core.deps
    secret = daily_secret(await daily_key(deps), day_of(bot.clock()))
    await player.send("/daily")
    await player.send(secret)


async def solved_the_day_puzzle(bot: Bot, user_id: int, day: str) -> None:
    async with bot.core.deps.transaction():
        await bot.core.deps.store.conn.execute(
            "INSERT INTO puzzle_days (day, user_id, version, started_at, tries, solved_at) VALUES (?, ?, 1, ?, 1, ?)",
            (day, user_id, f"{day}T09:00:00.000+00:00", f"{day}T09:01:00.000+00:00"),
        )


def test_times_are_told_in_whole_hours_or_minutes_under_one():
    assert [soon(timedelta(seconds=s), "en") for s in (10799, 10800, 5400, 3599, 2700, 20)] == [
        "3\u00a0h",
        "3\u00a0h",
        "2\u00a0h",
        "1\u00a0h",
        "45\u00a0min",
        "1\u00a0min",
    ]
    assert soon(timedelta(hours=3), "ru") == "3\u00a0ч"


def test_the_league_week_ends_on_monday_at_midnight_utc():
    assert week_end(datetime(2025, 1, 5, 23, 59, tzinfo=UTC)) == datetime(2025, 1, 6, tzinfo=UTC)
    assert week_end(datetime(2025, 1, 6, 0, 0, 1, tzinfo=UTC)) == datetime(2025, 1, 13, tzinfo=UTC)
    assert week_end(DAY_ONE) == datetime(2025, 1, 6, tzinfo=UTC)


async def test_a_daily_streak_about_to_end_is_told_three_hours_before_the_day_ends_unless_played(bot: Bot):
    ann, bob = Chat(bot.app, bot.recorded), Chat(bot.app, bot.recorded, 1002, 1002)
    for player in (ann, bob):
        await player.press("rs:streak", 1)
        await solve_the_daily(bot, player)
    bot.clock.now = datetime(2025, 1, 2, 10, 0, tzinfo=UTC)
    await solve_the_daily(bot, bob)  # Bob keeps his going today

    bot.clock.now = EVENING - timedelta(hours=1)
    assert await bot.run_timer() == 0  # four hours left: not yet
    bot.clock.now = EVENING
    assert await bot.run_timer() == 1
    assert reminders_to(bot, ann.chat_id) == [
        "🔥 Your daily challenge streak (1\u00a0day) ends in 3\u00a0h: play /daily to keep it."
    ]
    assert reminders_to(bot, bob.chat_id) == []


async def test_both_streaks_about_to_end_are_told_in_one_reminder_in_the_players_language(bot: Bot):
    ann = Chat(bot.app, bot.recorded)
    await ann.send("/language ru")
    await ann.press("rs:streak", 1)
    await solve_the_daily(bot, ann)
    for day in ("2024-12-31", "2025-01-01"):
        await solved_the_day_puzzle(bot, ann.user_id, day)
    bot.clock.now = EVENING + timedelta(hours=2, minutes=30)  # half an hour left
    assert await bot.run_timer() == 1
    assert reminders_to(bot, ann.chat_id) == [
        "🔥 Серия кода дня (1\u00a0день подряд) прервётся через 30\u00a0мин: сыграй /daily, чтобы её сохранить.\n"
        "🧩 Серия головоломок дня (2\u00a0дня подряд) прервётся через 30\u00a0мин: реши /puzzle, чтобы её сохранить."
    ]


async def test_the_league_week_about_to_end_is_told_on_its_last_day_from_the_players_hour(bot: Bot):
    asked: list[Sequence[int]] = []

    async def places(deps, user_ids):  # the league: Ann is 6th of 30 in her division, Bob in none this week
        asked.append(list(user_ids))
        return {1001: (6, 30)}

    register(bot, league_kind(places))
    ann, bob = Chat(bot.app, bot.recorded), Chat(bot.app, bot.recorded, 1002, 1002)
    for player in (ann, bob):
        [panel] = [c for c in await player.press("rs:league", 1) if c.method == "editMessageText"]
    assert "🏆 League week ending: on" in [label for label, _ in panel.buttons]

    bot.clock.now = datetime(2025, 1, 4, 12, 0, 1, tzinfo=UTC)  # Saturday: the week ends in 36 h
    assert await bot.run_timer() == 0
    bot.clock.now = datetime(2025, 1, 5, 11, 0, 1, tzinfo=UTC)  # Sunday, before the hour they asked at
    assert await bot.run_timer() == 0
    assert asked == []
    bot.clock.now = datetime(2025, 1, 5, 12, 0, 1, tzinfo=UTC)
    assert await bot.run_timer() == 1
    assert asked == [[1001, 1002]]
    assert reminders_to(bot, ann.chat_id) == [
        "🏆 The league week ends in 12\u00a0h: you're 6th of 30 in your division. /league shows the table."
    ]
    assert reminders_to(bot, bob.chat_id) == []
    bot.clock.now += timedelta(hours=1)
    assert await bot.run_timer() == 0  # once a week


async def test_a_beaten_ranked_mark_is_told_at_once_to_its_setter_if_they_asked(bot: Bot):
    register(bot, RANKED)
    ann = Chat(bot.app, bot.recorded)
    await ann.press("rs:ranked", 1)
    deps = bot.core.deps
    now = bot.clock()
    ended = (
        RankedFinished(1, "classic", ((1001, 2), (1002, 1)), now, ((1001, 6), (1002, 4))),  # Ann's mark, beaten
        RankedFinished(2, "classic", ((1003, 2), (1001, 1)), now, ((1003, 6), (1001, 4))),  # Ann beat Cat's
        RankedFinished(3, "classic", ((1004, 2), (1002, 1)), now, ((1004, 5), (1002, 3))),  # Dan never asked
    )
    async with deps.transaction():  # what the ranked games publish as the second game of a secret ends
        for event in ended:
            await deps.events.publish(deps, event)
    await bot.app.bot_data.sender.flush()
    assert reminders_to(bot, ann.chat_id) == [
        "⚔️ Someone beat your mark on a ranked secret: solved in 4\u00a0guesses, where you took 6. "
        "/ranked to set a new one."
    ]
    assert [reminders_to(bot, user) for user in (1002, 1003, 1004)] == [[], [], []]


def test_a_mark_is_beaten_only_in_fewer_guesses_by_a_game_that_solved_it():
    at = DAY_ONE

    def told(places, solved):
        due = mark_beaten(RankedFinished(1, "classic", places, at, solved))
        return None if due is None else (due.user_id, due.words("en"))

    beaten = told(((1, 2), (2, 1)), ((1, 6), (2, 5)))
    assert beaten is not None
    assert beaten[0] == 1
    assert "solved in 5\u00a0guesses, where you took 6" in beaten[1]
    assert told(((1, 2), (2, 1)), ((1, 5), (2, 5))) is None  # the same guesses, fewer hints or sooner
    assert told(((1, 1), (2, 2)), ((1, 5), (2, 6))) is None  # the mark held
    assert told(((1, 1), (2, 1)), ((1, 5), (2, 5))) is None  # a draw
    assert told(((1, 2), (2, 1)), ((2, 7),)) is None  # its setter never solved it: no mark in guesses
    assert told(((1, 1),), ((1, 5),)) is None


async def test_the_leagues_own_places_are_told_on_the_weeks_last_day(bot: Bot):
    ann, bob = Chat(bot.app, bot.recorded), Chat(bot.app, bot.recorded, 1002, 1002)
    for player in (ann, bob):
        await player.press("rs:league", 1)
    await solve_the_daily(bot, ann)  # the daily's points place them in this week's division: Ann's first guess wins
    secret = daily_secret(await daily_key(bot.core.deps), day_of(bot.clock()))
    await bob.send("/daily")
    await bob.send(secret[::-1])  # Bob's takes two
    await bob.send(secret)
    bot.clock.now = datetime(2025, 1, 5, 12, 0, 1, tzinfo=UTC)  # Sunday, their hour
    assert await bot.run_timer() == 2
    [to_ann] = reminders_to(bot, ann.chat_id)
    [to_bob] = reminders_to(bot, bob.chat_id)
    assert "you're 1st of 2 in your division" in to_ann
    assert "you're 2nd of 2 in your division" in to_bob
