"""The close of each league week, a timer (bot/register.py): just after Monday 00:00 UTC the bot closes the week
that ended (every division's moves, the tiers they leave) and queues, in the same transaction, one message to each
of its players in their language, so that a close is told exactly once, even across a crash; at start-up it closes
any week it missed while it was down."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.league import screens
from bot.league import service as league
from bot.outgoing import tell
from bot.store.store import Store

if TYPE_CHECKING:
    from bot.core import Core


async def close_weeks(core: Core, store: Store, wake: Callable[[], None]) -> int:
    """Close the weeks that are over and queue what to tell their players, in one transaction; how many messages
    were queued comes back."""
    deps = core.deps
    async with store.transaction():
        results = await league.close_due(deps)
        for result in results:
            await tell(store, screens.told(result), deps.clock())
    if results:
        wake()
    return len(results)
