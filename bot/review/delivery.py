"""Replies that come after their update: a game's review, made in the background (bot/review/reviewer.py), is
delivered once kept, as the answer to its button pressed again, queued in the outbox in a transaction of its own."""

from __future__ import annotations

from bot.outgoing import post
from bot.review.reviewer import Deliver
from bot.telegram_io.state import App
from bot.who import Who


def review_delivery(app: App) -> Deliver:
    """What delivers a review once it is made: the Core answers `data` for `who`, and the reply goes to the outbox."""

    async def deliver(who: Who, data: str) -> None:
        state = app.bot_data
        runtime = state.runtime
        async with runtime.store.transaction():
            outcome = await runtime.core.on_button(who, data)
            await post(runtime.store, who.chat_id, outcome, runtime.core.deps.clock())
        state.wake_sender()

    return deliver
