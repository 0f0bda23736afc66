"""The one bundle every service gets: the store, randomness, the clock, the daily key, the link signer, the ports
(admins, timers, later delivery), the events' handlers, the engine's threads, and the parts features keep for the
life of the process (a feature's own, made on first use)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot.config import Secret
from bot.engine_work import EngineWork
from bot.events import Events
from bot.links import LinkSigner
from bot.ports import Admins, Clock, DeliverLater, Timers
from bot.store.store import Store

P = TypeVar("P")


class Resident(Protocol):
    """What a feature keeps for the life of the process (the reviews under way...): whether it is busy, and how to
    wait for it or stop it."""

    @property
    def busy(self) -> bool: ...
    async def settle(self) -> None: ...
    async def stop(self) -> None: ...


@dataclass
class Deps:
    """The services' collaborators, all of them, passed in so tests can fix them."""

    store: Store
    rng: random.Random
    clock: Clock
    admins: Admins
    timers: Timers
    daily_secret: Secret | None = field(repr=False)  # DAILY_SECRET; None: one stored in the db
    links: LinkSigner = field(default_factory=LinkSigner.random, repr=False)  # signs deep links (key kept in the db)
    events: Events = field(default_factory=Events, repr=False)  # the handlers the features registered
    engine: EngineWork = field(default=None, repr=False)  # type: ignore[assignment]  # made in __post_init__
    later: DeliverLater | None = field(default=None, repr=False)  # set by a transport that answers later (Telegram)
    _parts: dict[Callable[[], Any], Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.engine is None:  # the engine's threads never work for a task that holds this store's transaction
            self.engine = EngineWork(lambda: self.store.transaction.held)

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """A block whose writes are committed together, or not at all (joined when nested)."""
        return self.store.transaction()

    def part(self, kind: Callable[[], P]) -> P:
        """The one `kind` this process keeps (made on first use): a feature's own state, which the kernel knows only
        as a Resident to wait for or stop."""
        if kind not in self._parts:
            self._parts[kind] = kind()
        made: P = self._parts[kind]
        return made

    @property
    def busy(self) -> bool:
        """Whether a part is busy (work an update started that answers later)."""
        return any(getattr(part, "busy", False) for part in self._parts.values())

    async def settle(self) -> None:
        """Wait until no part is busy (the tests' drain)."""
        while self.busy:
            await asyncio.gather(*(part.settle() for part in self._parts.values() if getattr(part, "busy", False)))

    async def stop(self) -> None:
        """Stop every part (the bot is closing)."""
        await asyncio.gather(*(part.stop() for part in self._parts.values()), return_exceptions=True)
