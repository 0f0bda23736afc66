"""What a page's read earns (a review shown: Flawless), as the chat's updates do: what it writes, the achievement it
earned and its announcement in the player's chat commit together; the page shows the same lines. (The page's acts
are the chat's updates: the Core announces what they earn.)"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from bot.page import service as page
from bot.replies import Outcome
from bot.situation import Situation
from bot.texts import plain
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

T = TypeVar("T")


async def with_awards(core: Core, who: Who, act: Callable[[Situation], Awaitable[T]]) -> tuple[T, list[str]]:
    """`act` in a transaction of its own, what it earned queued in the chat with it: its result, and the
    announcements as plain lines for the page (none when it earned nothing)."""

    async def once() -> tuple[T, Outcome]:
        result, told = await core.on_page(who, act)
        await page.announce(core.deps, who.chat_id, told)
        return result, told

    result, told = await core.alone(who.user_id, once)  # again once the engine work it waits for is done
    return result, [plain(line) for line in told.account.achieved]
