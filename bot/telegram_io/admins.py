"""Who administers each group, from a cache: no handler ever waits for Telegram to answer that.

A handler that needs a group's admins asks `AdminRoster.is_admin`. When the roster knows the group, the answer is
immediate. When it does not, it starts one `getChatAdministrators` call in the background (outside every
transaction, and outside the group's send pacing) and raises `AdminsUnknown`: the intake then sets that update, and
the rest of that group's updates, aside until the list arrives, and goes on with every other chat. So what one
group member presses costs that group at most one lookup, never another chat's time.

A list is fresh for `FRESH` seconds; after that it still answers while a new one is fetched, up to `STALE`.
`chat_member` updates (sent while the bot is an admin) keep a known list current without a call, and a change of
the bot's own membership (`my_chat_member`) forgets it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.ports import AdminsUnknown

log = logging.getLogger(__name__)

FRESH = 600.0  # seconds a fetched list is used as it is
STALE = 3600.0  # seconds it may still answer while a newer one is on its way
FAILED = 60.0  # seconds a failed lookup counts as "no admins" before it is tried again
FETCH_TIMEOUT = 10.0  # seconds one lookup may take; the group's updates wait for it, nobody else's do
MAX_CHATS = 10_000  # lists kept at most (the least recently used go first)
ADMIN_STATUSES = frozenset({ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER})

Fetch = Callable[[int], Awaitable[frozenset[int]]]


class AdminRoster:
    """Each group's admins as last fetched; `is_admin` never makes a network call."""

    def __init__(
        self,
        fetch: Fetch,
        on_known: Callable[[], None] = lambda: None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.fetch, self.on_known, self.monotonic = fetch, on_known, monotonic
        # chat: (admins, fresh until, usable until), by the monotonic clock
        self._lists: OrderedDict[int, tuple[frozenset[int], float, float]] = OrderedDict()
        self._fetching: dict[int, asyncio.Task[None]] = {}

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Whether the user administers the chat, by the cached list; AdminsUnknown while it is being fetched."""
        known = self._lists.get(chat_id)
        now = self.monotonic()
        if known is None or now > known[2]:
            self.want(chat_id)
            raise AdminsUnknown(chat_id)
        self._lists.move_to_end(chat_id)
        if now > known[1]:
            self.want(chat_id)  # answer from the old list; the next question gets the new one
        return user_id in known[0]

    def want(self, chat_id: int) -> None:
        """Fetch the chat's admins in the background, unless that is under way already."""
        if chat_id not in self._fetching:
            self._fetching[chat_id] = asyncio.create_task(self._refresh(chat_id), name=f"admins of {chat_id}")

    def waiting(self) -> frozenset[int]:
        """The chats whose updates wait for their admin list."""
        now = self.monotonic()
        return frozenset(chat for chat in self._fetching if chat not in self._lists or now > self._lists[chat][2])

    async def settled(self) -> None:
        """Return when no lookup is under way (tests, and processing everything pending)."""
        while self._fetching:
            await asyncio.gather(*self._fetching.values(), return_exceptions=True)

    def member_changed(self, chat_id: int, user_id: int, status: str) -> None:
        """A chat_member update: keep a known list current (an unknown one is fetched when it is needed)."""
        known = self._lists.get(chat_id)
        if known is None:
            return
        admins = known[0] | {user_id} if status in ADMIN_STATUSES else known[0] - {user_id}
        self._lists[chat_id] = (frozenset(admins), *known[1:])

    def forget(self, chat_id: int) -> None:
        """Drop a chat's list (the bot's own rights there changed, or it left)."""
        self._lists.pop(chat_id, None)

    async def close(self) -> None:
        """Cancel the lookups under way."""
        for task in list(self._fetching.values()):
            task.cancel()
        await asyncio.gather(*self._fetching.values(), return_exceptions=True)

    async def _refresh(self, chat_id: int) -> None:
        try:
            admins, fresh = await asyncio.wait_for(self.fetch(chat_id), FETCH_TIMEOUT), FRESH
        except (TelegramError, TimeoutError) as error:  # tried again in a minute, while "nobody" answers
            log.info("could not look up the admins of chat %s (%s); taking nobody as admin for now", chat_id, error)
            admins, fresh = frozenset(), FAILED
        except Exception:  # an answer not shaped as Telegram's: the chat's updates must not wait for ever
            log.exception("looking up the admins of chat %s failed; taking nobody as admin for now", chat_id)
            admins, fresh = frozenset(), FAILED
        finally:
            self._fetching.pop(chat_id, None)
        now = self.monotonic()
        self._lists[chat_id] = (admins, now + fresh, now + STALE)
        self._lists.move_to_end(chat_id)
        while len(self._lists) > MAX_CHATS:
            self._lists.popitem(last=False)
        self.on_known()


def telegram_fetch(bot: Bot) -> Fetch:
    """The roster's lookup: getChatAdministrators, the user ids of the owner and the administrators."""

    async def fetch(chat_id: int) -> frozenset[int]:
        members = await bot.get_chat_administrators(chat_id, read_timeout=FETCH_TIMEOUT)
        return frozenset(m.user.id for m in members if m.status in ADMIN_STATUSES)

    return fetch
