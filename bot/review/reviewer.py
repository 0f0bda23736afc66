"""The reviews under way in this process: each made once however often it is asked for meanwhile, one at a time (a
review is up to about a second of CPU, in a thread), and delivered to whoever asked once it is made.

A review is made outside any update's transaction: an update that finds none kept starts one here and answers at once
("reviewing…"); when it is made and kept, the transport's later delivery (`Deps.later`: Telegram's queues the reply
in the outbox) has the Core answer the asker with it, as a Later (bot/ports.py) the review feature answers. Where
no transport delivers later (the console, most tests), an update makes its review itself, in a thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, TypeVar

from bot.ports import DeliverLater, Later
from bot.who import Who

log = logging.getLogger(__name__)

T = TypeVar("T")
AT_ONCE = 1  # reviews made at the same time: each is one core's work, and there are few cores to share
# Reviews one person may have under way at once (made or waiting their turn): past that they are told to wait for
# those, so no one can queue their whole history of games ahead of everyone else's.
PER_PERSON = 2


class TooManyReviews(Exception):
    """The person asking already has PER_PERSON reviews under way: this one is not started."""


class Reviewer:
    """Reviews being made, by what they review; `gate` lets `AT_ONCE` threads make one at a time, and each person's
    work waits behind their own (a person holds one place in the gate's queue at most: another's comes next)."""

    def __init__(self, at_once: int = AT_ONCE, per_person: int = PER_PERSON) -> None:
        self.at_once = at_once
        self.per_person = per_person
        self.made = 0  # reviews this process has made (the cache's misses)
        self._gate: asyncio.Semaphore | None = None
        self._making: dict[Hashable, asyncio.Task[Any]] = {}
        self._askers: dict[Hashable, int] = {}  # who started each review under way
        self._turns: dict[int, tuple[asyncio.Lock, int]] = {}  # each person's work one at a time, and how much waits
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def gate(self) -> asyncio.Semaphore:
        """What a review's thread holds while it runs (made on first use, on the running loop)."""
        if self._gate is None:
            self._gate = asyncio.Semaphore(self.at_once)
        return self._gate

    def start(self, key: Hashable, job: Callable[[], Coroutine[Any, Any, T]], asker: int) -> asyncio.Task[T]:
        """The task making the review `key` names: the one under way, or `job` started now for `asker`; TooManyReviews
        when `asker` already has `per_person` others under way."""
        running: asyncio.Task[T] | None = self._making.get(key)
        if running is not None:
            return running
        if sum(1 for who in self._askers.values() if who == asker) >= self.per_person:
            raise TooManyReviews(asker)
        task: asyncio.Task[T] = asyncio.create_task(job(), name=f"review {key}")
        self._making[key] = task
        self._askers[key] = asker
        self._track(task, key)
        return task

    def then_deliver(self, task: asyncio.Task[Any], who: Who, later: Later, deliver: DeliverLater) -> None:
        """Once `task` is done (made, or failed: the answer then says so), deliver to `who` the answer `later`
        names."""

        async def delivered() -> None:
            try:
                await task
            except Exception:
                log.exception("a review failed; %s is told so", who.chat_id)
            try:
                await deliver(who, later)
            except Exception:
                log.exception("a review could not be delivered to %s", who.chat_id)

        self._track(asyncio.create_task(delivered(), name=f"review for {who.chat_id}"))

    @property
    def busy(self) -> bool:
        """Whether a review is being made or delivered."""
        return bool(self._tasks)

    async def settle(self) -> None:
        """Wait until every review under way is made, kept and delivered."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        """Give up the reviews under way (the bot is closing; a thread already running finishes on its own)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def run(self, work: Callable[[], T], asker: int) -> T:
        """`work` (a review's making, a position's) in a thread for `asker`, once their earlier work is done and the
        gate lets it through."""
        turn, waiting = self._turns.get(asker, (asyncio.Lock(), 0))
        self._turns[asker] = (turn, waiting + 1)
        try:
            async with turn, self.gate:
                made = await asyncio.to_thread(work)
        finally:
            turn, waiting = self._turns[asker]
            if waiting == 1:  # no other work of theirs waits: forget the lock
                del self._turns[asker]
            else:
                self._turns[asker] = (turn, waiting - 1)
        self.made += 1
        return made

    def _track(self, task: asyncio.Task[Any], key: Hashable | None = None) -> None:
        self._tasks.add(task)

        def done(finished: asyncio.Task[Any]) -> None:
            self._tasks.discard(finished)
            if key is not None and self._making.get(key) is finished:
                del self._making[key]
                self._askers.pop(key, None)

        task.add_done_callback(done)
