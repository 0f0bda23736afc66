"""Opening and closing what the bot runs on: the database (migrated) and the Core on top of it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.config import Secret
from bot.core import Core
from bot.services.common import Clock, Deps, utc_now
from bot.storage.db import open_database
from bot.storage.group_repository import SqliteMatchRepository
from bot.storage.migrations import MIGRATIONS_DIR, migrate
from bot.storage.repository import SqliteRepository
from bot.storage.stats_repository import SqliteStatsRepository


@dataclass
class Runtime:
    """The open connection and the Core that uses it."""

    conn: aiosqlite.Connection
    core: Core
    applied: list[str]

    async def close(self) -> None:
        """Close the database (everything was committed move by move)."""
        await self.conn.close()


async def open_runtime(
    database: Path | str,
    rng: random.Random | None = None,
    clock: Clock = utc_now,
    migrations: Path = MIGRATIONS_DIR,
    daily_secret: Secret | None = None,
) -> Runtime:
    """Open the database, apply pending migrations, and build the Core."""
    conn = await open_database(database)
    try:
        applied = await migrate(conn, migrations)
    except BaseException:
        await conn.close()
        raise
    repo = SqliteRepository(conn)
    deps = Deps(repo, rng or random.Random(), clock, SqliteStatsRepository(repo), daily_secret)
    return Runtime(conn, Core(deps, SqliteMatchRepository(conn)), applied)
