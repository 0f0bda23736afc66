"""How values are written to and read from rows, shared by every repository."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

import aiosqlite

from bot.store.db import here, in_worker


@lru_cache(maxsize=4)  # a move writes its one moment in four rows
def iso(moment: datetime) -> str:
    """A moment as stored in the database (UTC, milliseconds), so text comparison orders it."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def moment(text: str | None) -> datetime | None:
    """A stored moment read back (None stays None)."""
    return None if text is None else datetime.fromisoformat(text)


def column(value: Any) -> Any:
    """A value as a column holds it: moments as text, the rest as they are."""
    return iso(value) if isinstance(value, datetime) else value


def placeholders(values: Sequence[object]) -> str:
    """'?, ?, ?' for an IN (...) list of these values."""
    return ", ".join("?" for _ in values)


async def one(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> aiosqlite.Row | None:
    """The first row of a query, or None (the query should select at most one: every row is read)."""
    rows = await every(conn, sql, params)
    return rows[0] if rows else None


async def every(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> list[aiosqlite.Row]:
    """All rows of a query (read in one call: one round trip to the database's thread, not three; none when the
    statement may run right here)."""
    raw = here(conn, sql)
    if raw is not None:
        return raw.execute(sql, params).fetchall()
    return list(await conn.execute_fetchall(sql, params))


async def scan(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> list[aiosqlite.Row]:
    """All rows of a query that may read many (leaderboards, stats): always in the database's own thread, so
    the event loop is not held while SQLite reads."""
    with in_worker(conn):
        return await every(conn, sql, params)


async def scan_one(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...]) -> aiosqlite.Row | None:
    """The first row of a query that may read many rows to find it, in the database's own thread (see `scan`)."""
    rows = await scan(conn, sql, params)
    return rows[0] if rows else None
