"""The close of each day's challenge, a timer (bot/register.py): just after 00:00 UTC the bot closes the day that
ended (its best awarded, bot/achievements/service.py) and tells the holders in their private chats; at start-up it
closes any day it missed while it was down."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.outgoing import tell
from bot.store.store import Store

if TYPE_CHECKING:
    from bot.core import Core


async def close_days(core: Core, store: Store, wake: Callable[[], None]) -> int:
    """Close the days that are over and queue what to tell their holders, in one transaction; how many messages
    were queued comes back."""
    async with store.transaction():
        notices = await core.on_day_end()
        for notice in notices:
            await tell(store, notice, core.deps.clock())
    if notices:
        wake()
    return len(notices)
