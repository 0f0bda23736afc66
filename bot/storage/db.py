"""Opening the one SQLite connection the app owns, and transactions on it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path

import aiosqlite


async def open_database(path: Path | str) -> aiosqlite.Connection:
    """An open connection in WAL mode with foreign keys on; transactions are begun explicitly."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: sqlite3 opens no implicit transactions, so `transaction()` decides.
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    conn.row_factory = aiosqlite.Row
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute("PRAGMA busy_timeout=5000")
    return conn


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block raises."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")


class Transactions:
    """One transaction at a time on one connection; a block opened inside another joins it.

    Joining is what lets a whole update (its moves, its replies in the outbox, its inbox mark) commit
    together while the services inside still say `async with store.transaction()` for their own writes.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()
        self._inside: ContextVar[bool] = ContextVar(f"in_transaction_{id(self)}", default=False)

    @property
    def open(self) -> bool:
        """Whether the calling task is inside a transaction of this connection."""
        return self._inside.get()

    @asynccontextmanager
    async def __call__(self) -> AsyncIterator[None]:
        if self._inside.get():
            yield  # joins the transaction already open in this task
            return
        async with self._lock:
            marker = self._inside.set(True)
            try:
                async with transaction(self.conn):
                    yield
            finally:
                self._inside.reset(marker)
