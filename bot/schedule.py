"""The bot's timers on one scheduler: the day's close, the hourly tidy, the stock of puzzles made ahead, the week's
close... Each is a Timer (when it is next due, given the time; what it does), declared by the kernel or by a feature
and listed in bot/register.py; one task sleeps until the soonest is due, runs it, and asks it when it is due again.

A timer that fails is logged and tried again after RETRY seconds (a busy disk: the next try will do); the others go
on. Times come from the Store's clock (a test's clock moves them); the scheduler only sleeps on the event loop's.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.days import until_next

log = logging.getLogger(__name__)

RETRY = timedelta(seconds=60)  # after a failure
IDLE = 60.0  # seconds at most between two looks at the clock (a test's clock, a machine that slept)


@dataclass(frozen=True)
class Timer:
    """A job on the scheduler: its name (for the log), when it is next due after a moment, and what it does."""

    name: str
    due_after: Callable[[datetime], datetime]
    run: Callable[[], Awaitable[object]]
    # the first run this long after the start (0: at once, so a day missed while the bot was down is closed);
    # None: when `due_after` says
    first: timedelta | None = timedelta(0)


def every(period: timedelta) -> Callable[[datetime], datetime]:
    """Due `period` after each run."""
    return lambda now: now + period


def after_midnight(seconds: float = 1.0) -> Callable[[datetime], datetime]:
    """Due just after each 00:00 UTC: `seconds` past it, when every clock that agrees with ours within them has
    passed it too."""
    return lambda now: now + until_next(now) + timedelta(seconds=seconds)


def hourly(seconds: float = 1.0) -> Callable[[datetime], datetime]:
    """Due just after each full hour (UTC): `seconds` past it."""

    def due_after(now: datetime) -> datetime:
        hour = now.replace(minute=0, second=0, microsecond=0)
        return hour + timedelta(hours=1, seconds=seconds)

    return due_after


def weekly(weekday: int = 0, seconds: float = 1.0) -> Callable[[datetime], datetime]:
    """Due just after 00:00 UTC of each `weekday` (0: Monday)."""

    def due_after(now: datetime) -> datetime:
        midnight = now + until_next(now)
        while midnight.weekday() != weekday:
            midnight += timedelta(days=1)
        return midnight + timedelta(seconds=seconds)

    return due_after


class Scheduler:
    """One task that runs the timers when they are due, until stopped."""

    def __init__(self, timers: Sequence[Timer], clock: Callable[[], datetime]) -> None:
        self.timers = tuple(timers)
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._order = itertools.count()
        self.runs: dict[str, int] = {timer.name: 0 for timer in self.timers}  # for the tests and the metrics

    def start(self) -> None:
        """Start running the timers (those due at start first)."""
        self._task = asyncio.create_task(self._loop(), name="timers")

    async def stop(self) -> None:
        """Stop: a timer under way is cancelled (each timer's work is a transaction, undone or done whole)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        now = self.clock()
        queue: list[tuple[datetime, int, Timer]] = []
        for timer in self.timers:
            due = timer.due_after(now) if timer.first is None else now + timer.first
            heapq.heappush(queue, (due, next(self._order), timer))
        while queue:
            due, _, timer = queue[0]
            wait = (due - self.clock()).total_seconds()
            if wait > 0:
                await asyncio.sleep(min(wait, IDLE))
                continue
            heapq.heappop(queue)
            try:
                await timer.run()
                self.runs[timer.name] += 1
                next_due = timer.due_after(self.clock())
            except Exception as error:  # the next try will do; the other timers go on meanwhile
                log.warning("the timer %s failed: %s; trying again in %d s", timer.name, error, RETRY.seconds)
                next_due = self.clock() + RETRY
            heapq.heappush(queue, (next_due, next(self._order), timer))
