"""Reaching Telegram through its bad moments: transient errors retried with backoff, a rejected token named.

Every retried failure is one WARNING line, with no traceback; the token never appears (the log formatter
redacts it too, as a second guard).
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram import Bot
from telegram.error import Conflict, EndPointNotFound, InvalidToken, NetworkError, RetryAfter, TelegramError
from telegram.warnings import PTBUserWarning

from bot.config import OperatorError
from bot.store.store import Store
from bot.telegram_io.intake import Intake

log = logging.getLogger(__name__)
# getUpdates is asked for by name on purpose (fetch_updates says why): python-telegram-bot would warn at every poll
warnings.filterwarnings("ignore", message=r".*'Bot\.getUpdates'", category=PTBUserWarning)

T = TypeVar("T")
FIRST_DELAY = 1.0  # seconds before the second try; doubled each time after
MAX_DELAY = 30.0  # seconds between two tries at most
LONG_POLL = 10  # seconds Telegram may hold a getUpdates call open
POLL_SLACK = 10  # seconds more to wait for its answer before the call counts as timed out
# chat_member: who became or stopped being a group admin (sent to bots that are admins there)
ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "chat_member", "my_chat_member"]


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


async def fetch_updates(bot: Bot, offset: int | None) -> list[dict[str, Any]]:
    """The next updates, as Telegram's JSON: each is read (into python-telegram-bot's objects) only when it is
    processed, so one that cannot be read is set aside alone instead of stopping the polling."""
    params: dict[str, Any] = {"timeout": LONG_POLL, "allowed_updates": ALLOWED_UPDATES}
    if offset is not None:
        params["offset"] = offset
    try:
        answer = await bot.do_api_request("getUpdates", params, read_timeout=LONG_POLL + POLL_SLACK)
    except EndPointNotFound:  # how do_api_request reports a 401 or 404: getUpdates exists, so the token is refused
        raise InvalidToken() from None
    if not isinstance(answer, list):
        raise NetworkError(f"getUpdates answered {type(answer).__name__}, not a list")
    return [u for u in answer if isinstance(u, dict) and isinstance(u.get("update_id"), int)]


async def poll(bot: Bot, store: Store, intake: Intake, interval: float) -> None:
    """Fetch updates until cancelled, recording each batch before the next call confirms it to Telegram."""
    offset = await store.inbox.next_offset()
    delay = FIRST_DELAY
    while True:
        try:
            updates = await fetch_updates(bot, offset)
        except InvalidToken:
            raise TokenRejected() from None
        except TelegramError as error:
            intake.telemetry.fetched(ok=False)
            wait = retry_delay(error, delay)
            delay = min(MAX_DELAY, delay * 2)
            hint = " (another process polls with this token, or a webhook is set)"
            hint = hint if isinstance(error, Conflict) else ""
            log.warning("getUpdates failed (%s)%s; polling again in %.1fs", error, hint, wait)
            await asyncio.sleep(wait)
            continue
        intake.telemetry.fetched(ok=True)
        delay = FIRST_DELAY
        if updates:
            try:
                await intake.record(updates)
            except Exception as error:  # not confirmed: Telegram hands these out again on the next call
                log.warning("could not record %d updates (%s); fetching them again in 1s", len(updates), error)
                await asyncio.sleep(1)
                continue
            offset = int(updates[-1]["update_id"]) + 1
        await asyncio.sleep(interval)  # yields even at 0: a getUpdates answered at once must not starve the loop
