"""The one place that builds what the bot runs on, for every transport: the store (migrated) and the Core."""

from __future__ import annotations

import logging
import random
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot import links
from bot.config import Config, Secret
from bot.core import Core
from bot.deps import Deps
from bot.links import LinkSigner
from bot.ports import Admins, Clock, Timers, utc_now
from bot.store.backup import before_migrating
from bot.store.db import DatabaseProblem, open_database, open_reader
from bot.store.migrations import MIGRATIONS_DIR, migrate
from bot.store.store import Store

log = logging.getLogger(__name__)

DAILY_KEY_NAME = "daily"  # the stored key of the daily challenge's secrets, when DAILY_SECRET is not set


@dataclass
class Runtime:
    """The open store and the Core that uses it."""

    store: Store
    core: Core
    applied: list[str]

    async def close(self) -> None:
        """Stop the engine's threads and close the database (everything was committed update by update)."""
        self.core.deps.engine.close()
        await self.store.close()


async def open_runtime(
    config: Config,
    rng: random.Random | None = None,
    clock: Clock = utc_now,
    *,
    admins: Admins,
    timers: Timers,
    migrations: Path = MIGRATIONS_DIR,
) -> Runtime:
    """Open the configured database, apply pending migrations, and build the Core on it with the given
    ports (Telegram's timers and admin check; `ManualTimers()` and `NoAdmins()` elsewhere).

    Telegram, the console and the tests all come through here, so they agree on everything the
    configuration decides (the daily challenge's key among them). A database that has tables already is
    backed up beside itself before a migration changes it.
    """
    conn = await open_database(config.database_path)
    try:
        backing_up = before_migrating(config.database_path, clock, log.info)
        applied = await migrate(conn, migrations, backing_up)
    except sqlite3.DatabaseError as error:
        await conn.close()
        raise DatabaseProblem(f"{config.database_path} could not be migrated: {error}") from None
    except BaseException:
        await conn.close()
        raise
    try:
        reader = None if str(config.database_path) == ":memory:" else await open_reader(config.database_path)
    except BaseException:
        await conn.close()
        raise
    store = Store(conn, reader)
    try:
        async with store.transaction():
            link_key = await store.ensure_secret(links.KEY_NAME, secrets.token_hex(32))
            # the daily's key: DAILY_SECRET, else one made once and kept (never made inside an update, which may be
            # rolled back, nor inside a read)
            daily_key = config.daily_secret or Secret(await store.ensure_secret(DAILY_KEY_NAME, secrets.token_hex(32)))
    except BaseException:
        await store.close()
        raise
    # secrets (a race's, a game's, hard mode's choices) come from the operating system: a Mersenne Twister's state
    # can be worked out from enough of its outputs; tests pass a seeded Random to replay games
    deps = Deps(store, rng or secrets.SystemRandom(), clock, admins, timers, daily_key, LinkSigner(Secret(link_key)))
    return Runtime(store, Core(deps), applied)
