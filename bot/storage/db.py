"""Opening the one SQLite connection the app owns, and transactions on it."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from bot.config import OperatorError


class DatabaseProblem(OperatorError):
    """A database the bot cannot use; str() is one line for the operator, naming the file and the fault."""


def check_path(path: Path) -> None:
    """Raise DatabaseProblem for a path no database can live at; create a missing directory."""
    if path.is_dir():
        raise DatabaseProblem(f"DATABASE_PATH {path} is a directory; point it at a file inside it")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise DatabaseProblem(f"cannot create {path}: a part of {path.parent} is a file, not a directory") from None
    except PermissionError:
        raise DatabaseProblem(f"cannot create the directory {path.parent}: permission denied") from None
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseProblem(f"the database {path} cannot be written (read-only file)")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise DatabaseProblem(f"the directory {path.parent} cannot be written (SQLite keeps its journal there)")


async def open_database(path: Path | str) -> aiosqlite.Connection:
    """An open, checked connection in WAL mode with foreign keys on; transactions are begun explicitly.

    A file that is not a database, is damaged or cannot be written raises DatabaseProblem (and leaves no
    connection, and no thread, behind).
    """
    if str(path) != ":memory:":
        check_path(Path(path))
    # isolation_level=None: sqlite3 opens no implicit transactions, so `transaction()` decides.
    pending = aiosqlite.connect(str(path), isolation_level=None)
    worker = getattr(pending, "_thread", None)
    if worker is not None:  # every write is committed when it returns: never let this thread keep a dying process
        worker.daemon = True
    conn = await pending
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA busy_timeout=5000")
        async with conn.execute("PRAGMA quick_check") as cursor:
            verdict = [row[0] async for row in cursor]
        if verdict != ["ok"]:  # one row may hold many lines ("*** in database main ***\nOn tree page ...")
            found = [line for row in verdict for line in str(row).splitlines() if not line.startswith("***")]
            raise DatabaseProblem(f"the database {path} is damaged: {'; '.join(found[:3])}")
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("BEGIN IMMEDIATE")  # takes the write lock: fails at once on a read-only database
        await conn.execute("ROLLBACK")
    except sqlite3.DatabaseError as error:
        await conn.close()
        raise DatabaseProblem(f"{path} is not a usable SQLite database: {error}") from None
    except BaseException:
        await conn.close()
        raise
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
    """One transaction at a time on one connection; a block opened inside another, in the same task, joins it.

    Joining is what lets a whole update (its moves, its replies in the outbox, its inbox mark) commit
    together while the services inside still say `async with transaction()` for their own writes. The owner
    is the task, not the context: a task or timer started inside a transaction copies the context, and must
    wait for the lock like anyone else rather than write into a transaction that is not its own.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()
        self._owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(f"transaction_owner_{id(self)}", default=None)

    @property
    def open(self) -> bool:
        """Whether the calling task is inside a transaction of this connection."""
        owner = self._owner.get()
        return owner is not None and owner is asyncio.current_task()

    @asynccontextmanager
    async def __call__(self) -> AsyncIterator[None]:
        if self.open:
            yield  # joins the transaction this task already has open
            return
        async with self._lock:
            marker = self._owner.set(asyncio.current_task())
            try:
                async with transaction(self.conn):
                    yield
            finally:
                self._owner.reset(marker)

