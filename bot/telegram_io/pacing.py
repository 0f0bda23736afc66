"""Pacing of what the bot posts into chats, and nothing else.

Telegram lets a bot post about 30 messages a second across all chats, and 20 a minute into one group. Two layers
keep within them:

- `Pace`: at most `rate` posting calls in any `period`, for the whole bot. A call holds its place from the moment it
  is made until `period` after Telegram answered it, so however long the network takes, no `rate` + 1 calls reach
  Telegram within any `period` (a call made at `t` arrives after `t`; one answered at `u` arrived before `u`). Replies
  to players go first: a bulk call (a reminder, bot/reminders) waits while any reply waits, and leaves `reserve`
  places free for replies that come meanwhile, so a burst of reminders neither exceeds the rate nor holds a reply
  back. A call is bulk when the task making it says so (`bulk_calls`): the sender does, for its bulk rows.
- python-telegram-bot's AIORateLimiter for a group's 20 messages a minute, and a 429's `retry_after` held against
  every call of the bot; its own bot-wide leaky bucket is off (it lets a burst of 30 through at once, then 30 a
  second: 60 within the first second), `Pace` is the bot-wide limit.

Only posting into a chat is paced. A lookup (getChatAdministrators, getMe) or a set-up call (setMyCommands,
setWebhook) that queued behind a group's 3-second turn, or behind an hour-long `retry_after` that a decoration call
earned, would hold up everything waiting on it: those go straight to Telegram, and their own callers handle their
errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextvars import ContextVar
from typing import Any

from telegram._utils.types import JSONDict
from telegram.constants import FloodLimit
from telegram.ext import AIORateLimiter

# the Bot API methods that post into a chat or change what it shows: these are paced
POSTING_PREFIXES = ("send", "edit", "copy", "forward", "answer", "pin", "unpin")
POSTING = frozenset({"deleteMessage", "deleteMessages", "stopPoll", "stopMessageLiveLocation"})
RATE = FloodLimit.MESSAGES_PER_SECOND  # 30 calls...
PERIOD = 1.0  # ...in any second
MARGIN = 0.01  # seconds added to PERIOD: clocks of two processes read in whole milliseconds
RESERVE = 5  # places in each period that bulk calls leave to replies

_BULK: ContextVar[bool] = ContextVar("bulk_calls", default=False)


def paced(endpoint: str) -> bool:
    """Whether a Bot API method is paced (it posts into a chat); lookups and set-up calls are not."""
    return endpoint.startswith(POSTING_PREFIXES) or endpoint in POSTING


@contextlib.contextmanager
def bulk_calls(bulk: bool = True) -> Iterator[None]:
    """Within this block, the calling task's posting calls are bulk (`bulk`) or replies."""
    marker = _BULK.set(bulk)
    try:
        yield
    finally:
        _BULK.reset(marker)


class Pace:
    """At most `rate` calls in any `period` seconds, counted from each call's start to `period` after its end;
    replies before bulk calls, which leave `reserve` places to replies."""

    def __init__(
        self,
        rate: int = RATE,
        period: float = PERIOD + MARGIN,
        reserve: int = RESERVE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not 0 <= reserve < rate:
            raise ValueError(f"the reserve ({reserve}) must leave bulk calls a place of the rate ({rate})")
        self.rate, self.period, self.reserve, self.clock = rate, period, reserve, clock
        self._flying = 0  # calls made and not answered yet
        self._ended: deque[float] = deque()  # when each call answered within the last period was answered
        self._replies_waiting = 0
        self._changed = asyncio.Event()  # replaced each time it is set: every waiter looks again
        self.bulk_waits = self.reply_waits = 0  # calls that waited for their place (for the tests and the figures)

    def _used(self) -> int:
        horizon = self.clock() - self.period
        while self._ended and self._ended[0] <= horizon:
            self._ended.popleft()
        return self._flying + len(self._ended)

    def _room(self, bulk: bool) -> bool:
        if bulk:
            return not self._replies_waiting and self._used() < self.rate - self.reserve
        return self._used() < self.rate

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _wait(self) -> None:
        """Until a call ends or the oldest ended one leaves the period."""
        changed = self._changed
        timeout = self._ended[0] + self.period - self.clock() if self._ended else None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), None if timeout is None else max(timeout, 0.001))

    @contextlib.asynccontextmanager
    async def place(self, bulk: bool = False) -> AsyncIterator[None]:
        """Hold a place for one call (a reply, or a bulk call) while the block runs, and `period` after."""
        if bulk and not self._room(True):
            self.bulk_waits += 1
            while not self._room(True):
                await self._wait()
        elif not bulk and not self._room(False):
            self.reply_waits += 1
            self._replies_waiting += 1
            try:
                while not self._room(False):
                    await self._wait()
            finally:
                self._replies_waiting -= 1
                self._notify()  # bulk calls that held back for this reply look again
        self._flying += 1  # no await between the look and the taking: nobody takes the place meanwhile
        try:
            yield
        finally:
            self._flying -= 1
            self._ended.append(self.clock())
            self._notify()


class ChatPacing(AIORateLimiter):
    """AIORateLimiter for the methods that post into chats, each call of a chat also holding a place of the bot's
    `Pace`; every other call goes straight through."""

    def __init__(self, pace: Pace | None = None, **limits: Any) -> None:
        super().__init__(overall_max_rate=0, **limits)  # the bot-wide limit is the Pace's
        self.pace = pace or Pace()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        """Pace a posting call as AIORateLimiter does, a call of a chat within the Pace too; make any other call at
        once."""
        if not paced(endpoint):
            return await callback(*args, **kwargs)
        if data.get("chat_id") is None:  # a callback query's or an inline query's answer: no message of a chat
            return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
        bulk = _BULK.get()

        async def placed(*call_args: Any, **call_kwargs: Any) -> bool | JSONDict | list[JSONDict]:
            async with self.pace.place(bulk):  # each try of the call (a 429 retried) holds a place of its own
                return await callback(*call_args, **call_kwargs)

        return await super().process_request(placed, args, kwargs, endpoint, data, rate_limit_args)
