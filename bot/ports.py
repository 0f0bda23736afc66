"""What the services ask of the world outside the database: the time, the chat admins, the match timers.

Telegram supplies the real ones (bot/telegram_io/admins.py, group_io.py); the console and the tests pass these.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol

from bot.matches.model import Match
from bot.who import Who

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Later:
    """An answer an update promised for later (a review made in the background): the feature that gives it, and
    what it names (a game's id, a match's...). The Core routes it to that feature when it is due."""

    feature: str
    key: tuple[str | int, ...]


# Answer `who` later, in their private chat: the Core asks the feature for the answer, and the transport sends it.
DeliverLater = Callable[[Who, Later], Awaitable[None]]


def utc_now() -> datetime:
    """The current time in UTC (the production clock)."""
    return datetime.now(UTC)


def clock_from(start: datetime) -> Clock:
    """A clock that reads `start` now and runs at the real pace from there (TEST_CLOCK)."""
    began = time.monotonic()
    return lambda: start + timedelta(seconds=time.monotonic() - began)


class AdminsUnknown(Exception):
    """The chat's admins are not known yet: the update is set aside until they are (it changed nothing)."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"the admins of chat {chat_id} are being looked up")
        self.chat_id = chat_id


class Admins(Protocol):
    """Whether a user may administer a chat: from a cache in Telegram (bot/telegram_io/admins.py), which raises
    AdminsUnknown while it looks the chat up; a fake in tests."""

    async def is_admin(self, chat_id: int, user_id: int) -> bool: ...


class Timers(Protocol):
    """Something that calls back when a match's deadline passes (the JobQueue in Telegram)."""

    def arm(self, match: Match) -> None: ...
    def disarm(self, match_id: int) -> None: ...


class NoAdmins:
    """Nobody is an admin: only the player who started a match may stop it."""

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Always False."""
        return False


@dataclass
class ManualTimers:
    """Timers that only record what is armed; tests fire them by calling the deadline handler."""

    armed: dict[int, datetime] = field(default_factory=dict)

    def arm(self, match: Match) -> None:
        """Remember the match's deadline."""
        if match.deadline is not None:
            self.armed[match.id] = match.deadline

    def disarm(self, match_id: int) -> None:
        """Forget the match's deadline."""
        self.armed.pop(match_id, None)
