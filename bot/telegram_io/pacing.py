"""Pacing of what the bot posts into chats, and nothing else.

python-telegram-bot's AIORateLimiter paces every call that names a chat: a group's 20 messages a minute, and a
429's `retry_after` held against every call of the bot. Only posting into a chat needs that. A lookup
(getChatAdministrators, getMe) or a set-up call (setMyCommands, setWebhook) that queued behind a group's 3-second
turn, or behind an hour-long `retry_after` that a decoration call earned, would hold up everything waiting on it:
those go straight to Telegram, and their own callers handle their errors.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from telegram._utils.types import JSONDict
from telegram.ext import AIORateLimiter

# the Bot API methods that post into a chat or change what it shows: these are paced
POSTING_PREFIXES = ("send", "edit", "copy", "forward", "answer", "pin", "unpin")
POSTING = frozenset({"deleteMessage", "deleteMessages", "stopPoll", "stopMessageLiveLocation"})


def paced(endpoint: str) -> bool:
    """Whether a Bot API method is paced (it posts into a chat); lookups and set-up calls are not."""
    return endpoint.startswith(POSTING_PREFIXES) or endpoint in POSTING


class ChatPacing(AIORateLimiter):
    """AIORateLimiter for the methods that post into chats; every other call goes straight through."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        """Pace a posting call as AIORateLimiter does; make any other call at once."""
        if not paced(endpoint):
            return await callback(*args, **kwargs)
        return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
