"""Answers that come after their update (a review made in the background): when one is due, the Core asks the
feature that promised it (bot/ports.py's Later), and the answer is queued in the outbox in a transaction of its
own, then sent."""

from __future__ import annotations

from bot.outgoing import post
from bot.ports import DeliverLater, Later
from bot.telegram_io.state import App
from bot.who import Who


def later_delivery(app: App) -> DeliverLater:
    """What delivers an answer promised for later: the Core's answer for `who`, queued and sent."""

    async def deliver(who: Who, later: Later) -> None:
        state = app.bot_data
        runtime = state.runtime
        async with runtime.store.transaction():
            outcome = await runtime.core.on_later(who, later)
            await post(runtime.store, who.chat_id, outcome, runtime.core.deps.clock())
        state.wake_sender()

    return deliver
