"""Forward-only migrations: migrations/NNNN_description.sql, each applied in one transaction with its record."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

from bot.store.db import DatabaseProblem, transaction

# the checkout's top-level migrations/, shipped in the package as bot.migrations (see setup.py); pip installs a
# package's files unzipped, so it is a folder on disk
MIGRATIONS_DIR = Path(str(resources.files("bot.migrations")))
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    """One migration file: its version number, name and SQL."""

    version: int
    name: str
    sql: str


def migrations_in(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations in a directory, in version order; a duplicate version is an error."""
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise ValueError(f"migration file {path.name} is not named NNNN_description.sql")
        version = int(match[1])
        if version in found:
            raise ValueError(f"two migrations have version {version}")
        found[version] = Migration(version, path.stem, path.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


def statements(sql: str) -> list[str]:
    """The complete SQL statements in a script, in order (triggers' inner semicolons respected)."""
    out: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if _has_code(buffer):
                out.append(buffer.strip())
            buffer = ""
    if _has_code(buffer):
        raise ValueError(f"incomplete SQL statement at the end: {buffer.strip()[:60]!r}")
    return out


def _has_code(sql: str) -> bool:
    return any(line.strip() and not line.strip().startswith("--") for line in sql.splitlines())


async def applied_versions(conn: aiosqlite.Connection) -> set[int]:
    """The versions already recorded in the schema_migrations table (created if missing)."""
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
    )
    async with conn.execute("SELECT version FROM schema_migrations") as cursor:
        return {row[0] async for row in cursor}


BeforeMigrating = Callable[[list[Migration]], Awaitable[None]]


async def migrate(
    conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR, before: BeforeMigrating | None = None
) -> list[str]:
    """Apply the pending migrations in order; the names applied come back.

    Each migration runs in one transaction together with its schema_migrations row, so one that
    fails leaves the database as it was before it and stays pending. `before` is awaited with the pending
    migrations first, when a database that has some already is about to get more (a backup: migrations are
    forward-only, and an older bullscows refuses a newer schema).
    """
    done = await applied_versions(conn)
    known = migrations_in(directory)
    if not known:  # an install that lost its SQL would call an empty database "up to date" and fail at the first game
        raise DatabaseProblem(f"no migrations found in {directory}: this bullscows install is incomplete")
    newest = max((m.version for m in known), default=0)
    if done and max(done) > newest:
        raise DatabaseProblem(
            f"the database has schema version {max(done)}, newer than this bullscows knows ({newest}):"
            " run the newer version, or restore a backup"
        )
    pending = [m for m in known if m.version not in done]
    if pending and done and before is not None:
        await before(pending)
    applied: list[str] = []
    for migration in pending:
        async with transaction(conn):
            for statement in statements(migration.sql):
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (migration.version, migration.name)
            )
        applied.append(migration.name)
    return applied
