"""Puzzle Storm's clock on the bot's one scheduler (bot/register.py lists it): every second it asks, in one statement
on partial indexes, whether anything is due (a run's time run out, a Racer's lobby to close, a Racer whose runs are
all over); only then does it settle them, in a transaction of its own, and queue what to tell whom."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.deps import Deps
from bot.outgoing import tell
from bot.replies import Notice
from bot.store.store import Store
from bot.storm import service as storm

if TYPE_CHECKING:
    from bot.core import Core

EVERY = timedelta(seconds=1)  # how often the clock is looked at: a run's end is told within a second of it


async def tick(core: Core, store: Store, wake: Callable[[], None], due: Callable[[], Awaitable[list[Notice]]]) -> int:
    """Settle what Storm's clock has made due, and queue what `due` says to tell (in the same transaction); how many
    notices were queued."""
    deps = core.deps
    async with store.transaction.settled():
        waiting = await storm.repository(deps).anything_due(deps.clock())
    if not waiting:
        return 0

    async def settle() -> int:
        notices = await due()
        for notice in notices:
            await tell(store, notice, deps.clock())
        return len(notices)

    told = await core.alone(0, settle)
    if told:
        wake()
    return told


async def forget_days(deps: Deps) -> int:
    """Forget Storm's day boards of the days before yesterday (inside the caller's transaction), and who may have a
    run open is read afresh next (a close rolled back with a failed batch would otherwise be missed); how many lines
    went."""
    storm.repository(deps).forget_runs()
    return await storm.forget_days(deps)
