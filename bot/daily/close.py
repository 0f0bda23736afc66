"""The close of each day's challenge, a timer (bot/register.py): just after 00:00 UTC the bot closes the day that
ended: every daily challenge of it still under way ends there (lost, its result recorded) and its player is told
once, in their private chat; then that day's reviews open. At start-up it closes any day it missed while it was
down."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.chats.languages import spoken_in
from bot.daily import board
from bot.daily import service as daily
from bot.deps import Deps
from bot.events import DaysClosing
from bot.outgoing import tell
from bot.replies import Notice
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


async def on_days_closing(deps: Deps, event: DaysClosing) -> tuple[Notice, ...]:
    """The days gone are closed: their daily challenges still under way end, and what to tell each player comes
    back (in their chat's language)."""
    notices = []
    for ended in await daily.end_days_gone(deps):
        language = await spoken_in(deps, ended.game.chat_id)
        notices.append(Notice(ended.game.chat_id, board.expired(language, ended)))
    return tuple(notices)
