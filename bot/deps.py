"""The one bundle every service gets: the store, randomness, the clock, the daily key, the link signer, the two
ports, the reviews being made, the events' handlers and the engine's threads."""

from __future__ import annotations

import random
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field

from bot.config import Secret
from bot.engine_work import EngineWork
from bot.events import Events
from bot.links import LinkSigner
from bot.ports import Admins, Clock, Timers
from bot.review.reviewer import Reviewer
from bot.store.store import Store


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
    reviews: Reviewer = field(default_factory=Reviewer, repr=False)  # the game reviews being made in this process
    events: Events = field(default_factory=Events, repr=False)  # the handlers the features registered
    engine: EngineWork = field(default=None, repr=False)  # type: ignore[assignment]  # made in __post_init__

    def __post_init__(self) -> None:
        if self.engine is None:  # the engine's threads never work for a task that holds this store's transaction
            self.engine = EngineWork(lambda: self.store.transaction.held)

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """A block whose writes are committed together, or not at all (joined when nested)."""
        return self.store.transaction()
