"""The one scheduler: each timer runs when due, in order, a failure retried after a while without holding the
others; the day's close is due just after midnight, the week's on Monday."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot import schedule
from bot.schedule import Scheduler, Timer, after_midnight, every, hourly, weekly


def test_the_days_timer_is_due_just_after_the_next_midnight():
    now = datetime(2026, 11, 28, 23, 59, 30, tzinfo=UTC)
    assert after_midnight()(now) == datetime(2026, 11, 29, 0, 0, 1, tzinfo=UTC)


def test_the_weeks_timer_is_due_just_after_the_next_monday_midnight():
    saturday = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
    assert weekly()(saturday) == datetime(2026, 11, 30, 0, 0, 1, tzinfo=UTC)
    monday_noon = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert weekly()(monday_noon) == datetime(2026, 12, 7, 0, 0, 1, tzinfo=UTC)


def test_the_hours_timer_is_due_just_after_the_next_full_hour():
    assert hourly()(datetime(2026, 11, 29, 20, 59, 59, tzinfo=UTC)) == datetime(2026, 11, 29, 21, 0, 1, tzinfo=UTC)
    assert hourly()(datetime(2026, 11, 29, 21, 0, 1, tzinfo=UTC)) == datetime(2026, 11, 29, 22, 0, 1, tzinfo=UTC)
    assert hourly()(datetime(2026, 11, 29, 23, 30, tzinfo=UTC)) == datetime(2026, 11, 30, 0, 0, 1, tzinfo=UTC)


async def test_timers_run_when_due_and_a_failing_one_holds_no_other(monkeypatch):
    monkeypatch.setattr(schedule, "RETRY", timedelta(seconds=0.05))
    ran: list[str] = []

    async def fine() -> None:
        ran.append("fine")

    async def failing() -> None:
        ran.append("failing")
        raise OSError("a busy disk")

    timers = [
        Timer("fine", every(timedelta(seconds=0.02)), fine),
        Timer("failing", every(timedelta(hours=1)), failing),
        Timer("later", every(timedelta(hours=1)), fine, first=None),  # not at start: an hour away
    ]
    scheduler = Scheduler(timers, lambda: datetime.now(UTC))
    scheduler.start()
    await asyncio.sleep(0.2)
    await scheduler.stop()
    assert ran.count("fine") >= 3
    assert ran.count("failing") >= 2  # retried after RETRY, not after its hour
    assert scheduler.runs["later"] == 0
