"""The close of each day's challenge, on a timer: just after 00:00 UTC the bot closes the day that ended (its best
awarded, bot/achievements/service.py) and tells the holders in their private chats; at start-up it closes any day it
missed while it was down."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.days import until_next
from bot.outgoing import tell
from bot.ports import Clock
from bot.runtime import Runtime
from bot.telegram_io.state import App

log = logging.getLogger(__name__)

AFTER_MIDNIGHT = 1.0  # seconds past 00:00 UTC: the day is over for every clock that agrees with ours within it
RETRY = 60.0  # seconds before trying again after a failure (a busy disk)


async def close_days(runtime: Runtime, wake: Callable[[], None]) -> int:
    """Close the days that are over and queue what to tell their holders, in one transaction; how many messages
    were queued comes back."""
    store, core = runtime.store, runtime.core
    async with store.transaction():
        notices = await core.on_day_end()
        for notice in notices:
            await tell(store, notice, core.deps.clock())
    if notices:
        wake()
    return len(notices)


async def keep_closing(app: App, clock: Clock) -> None:
    """Close the days now, then just after each midnight (UTC), until cancelled."""
    while True:
        wait = RETRY
        try:
            await close_days(app.bot_data.runtime, app.bot_data.wake_sender)
            wait = until_next(clock()).total_seconds() + AFTER_MIDNIGHT
        except Exception as error:  # the next try will do: a day is closed once, whenever that is
            log.warning("could not close the daily challenge's past days: %s", error)
        await asyncio.sleep(wait)
