"""Reaching Telegram through its bad moments: transient errors retried with backoff, a rejected token named.

Every retried failure is one WARNING line, with no traceback; the token never appears (the log formatter
redacts it too, as a second guard).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import Bot
from telegram.error import Conflict, InvalidToken, RetryAfter, TelegramError

from bot.config import OperatorError
from bot.storage.store import Store
from bot.telegram_io.intake import Intake

log = logging.getLogger(__name__)

T = TypeVar("T")
FIRST_DELAY = 1.0  # seconds before the second try; doubled each time after
MAX_DELAY = 30.0  # seconds between two tries at most
LONG_POLL = 10  # seconds Telegram may hold a getUpdates call open
ALLOWED_UPDATES = ["message", "callback_query", "inline_query"]


class TokenRejected(OperatorError):
    """Telegram refused the bot token (401); str() says so without the token."""

    def __init__(self) -> None:
        super().__init__("Telegram rejected BOT_TOKEN (401 Unauthorized): copy the token from @BotFather again")


def retry_delay(error: TelegramError, delay: float) -> float:
    """How long to wait after `error`, when the backoff stands at `delay` seconds."""
    if isinstance(error, RetryAfter):
        after = error.retry_after
        return after if isinstance(after, int | float) else after.total_seconds()
    return delay


async def retrying(call: Callable[[], Awaitable[T]], what: str) -> T:
    """The result of `call`, retried after any transient Telegram error; TokenRejected if the token is refused."""
    delay = FIRST_DELAY
    while True:
        try:
            return await call()
        except InvalidToken:
            raise TokenRejected() from None
        except TelegramError as error:
            wait = retry_delay(error, delay)
            delay = min(MAX_DELAY, delay * 2)
            log.warning("%s failed (%s); trying again in %.1fs", what, error, wait)
            await asyncio.sleep(wait)


async def poll(bot: Bot, store: Store, intake: Intake, interval: float) -> None:
    """Fetch updates until cancelled, recording each batch before the next call confirms it to Telegram."""
    offset = await store.inbox.next_offset()
    delay = FIRST_DELAY
    while True:
        try:
            updates = await bot.get_updates(offset=offset, timeout=LONG_POLL, allowed_updates=ALLOWED_UPDATES)
        except InvalidToken:
            raise TokenRejected() from None
        except TelegramError as error:
            wait = retry_delay(error, delay)
            delay = min(MAX_DELAY, delay * 2)
            hint = " (another process polls with this token, or a webhook is set)"
            hint = hint if isinstance(error, Conflict) else ""
            log.warning("getUpdates failed (%s)%s; polling again in %.1fs", error, hint, wait)
            await asyncio.sleep(wait)
            continue
        delay = FIRST_DELAY
        if updates:
            try:
                await intake.record(list(updates))
            except Exception as error:  # not confirmed: Telegram hands these out again on the next call
                log.warning("could not record %d updates (%s); fetching them again in 1s", len(updates), error)
                await asyncio.sleep(1)
                continue
            offset = updates[-1].update_id + 1
        await asyncio.sleep(interval)  # yields even at 0: a getUpdates answered at once must not starve the loop
