"""Opening the one SQLite connection the app owns, and transactions on it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Generator, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, asynccontextmanager, contextmanager, nullcontext
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.config import OperatorError

log = logging.getLogger(__name__)


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


def private_file(path: Path) -> None:
    """Create a missing database file readable by its owner only (SQLite gives its -wal and -shm files the same
    mode): it holds the daily key, running secrets and what players typed."""
    with contextlib.suppress(OSError):  # it exists, or the place is wrong: check_path and SQLite say what is wrong
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def warn_if_shared(path: Path) -> None:
    """A database others on this machine may read is left as the operator made it, with a warning."""
    if path.stat().st_mode & 0o077:
        log.warning("%s can be read by other users of this machine: chmod 600 it (and its -wal, -shm files)", path)


async def open_database(path: Path | str) -> aiosqlite.Connection:
    """An open, checked connection in WAL mode with foreign keys on; transactions are begun explicitly.

    A file that is not a database, is damaged or cannot be written raises DatabaseProblem (and leaves no
    connection, and no thread, behind).
    """
    if str(path) != ":memory:":
        check_path(Path(path))
        private_file(Path(path))
    # isolation_level=None: sqlite3 opens no implicit transactions, so `transaction()` decides.
    # check_same_thread=False: Connection.on_loop runs statements on the event loop's thread too, never two at once.
    location = str(path)
    conn = await Connection(lambda: sqlite3.connect(location, isolation_level=None, check_same_thread=False), 64)
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
        if str(path) != ":memory:":
            warn_if_shared(Path(path))
    except sqlite3.DatabaseError as error:
        await conn.close()
        raise DatabaseProblem(f"{path} is not a usable SQLite database: {error}") from None
    except BaseException:
        await conn.close()
        raise
    return conn


async def open_reader(path: Path | str) -> aiosqlite.Connection:
    """A second connection to an open database that only reads (its own thread): in WAL mode it sees only
    committed rows and neither waits for the writer nor makes it wait, so what it reads may be acted on at once
    (the sender: no reply is read before the transaction that queued it has committed)."""
    conn = await aiosqlite.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA query_only = ON")
        await conn.execute("PRAGMA busy_timeout = 5000")
    except BaseException:
        await conn.close()
        raise
    return conn


# Statements that may wait for the disk (a commit's fsync, a checkpoint) or for another process's lock.
_WAITING = ("BEGIN", "COMMIT", "END", "ROLLBACK", "PRAGMA", "VACUUM", "ANALYZE")
_QUICK = {"execute", "executemany", "fetchone", "fetchall", "fetchmany", "close", "_execute_fetchall"}


@functools.lru_cache(maxsize=1024)
def _quick_sql(sql: str) -> bool:
    """Whether a statement never waits (not BEGIN, COMMIT, PRAGMA...): the bot's statements are a few hundred
    constant strings, so each is looked at once."""
    return sql.lstrip()[:9].upper().split(" ", 1)[0] not in _WAITING


class StatementRows:
    """A statement's cursor, as the repositories read it (its rows, rowcount, lastrowid), whichever thread ran it:
    one run right here reads its rows right here; one run on aiosqlite's thread reads them there, each read counted
    as the connection's work on that thread."""

    def __init__(self, conn: Connection, here: sqlite3.Cursor | None = None, there: aiosqlite.Cursor | None = None):
        self._conn, self._here, self._there = conn, here, there

    @property
    def rowcount(self) -> int:
        """The rows the statement changed."""
        return self._here.rowcount if self._here is not None else self._there.rowcount if self._there else -1

    @property
    def lastrowid(self) -> int | None:
        """The rowid of the row the statement inserted."""
        return self._here.lastrowid if self._here is not None else self._there.lastrowid if self._there else None

    async def fetchone(self) -> Any:
        """The next row, or None."""
        if self._here is not None:
            return self._here.fetchone()
        assert self._there is not None
        return await self._conn.worker(self._there.fetchone())

    async def fetchall(self) -> list[Any]:
        """Every row left."""
        if self._here is not None:
            return self._here.fetchall()
        assert self._there is not None
        return list(await self._conn.worker(self._there.fetchall()))

    async def __aiter__(self) -> AsyncIterator[Any]:
        for row in await self.fetchall():
            yield row

    async def close(self) -> None:
        """Let the cursor go."""
        if self._here is not None:
            self._here.close()
        elif self._there is not None:
            await self._conn.worker(self._there.close())

    async def __aenter__(self) -> StatementRows:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()


class _Statement:
    """What `Connection.execute` gives: awaited, its StatementRows; or `async with`, them, closed afterwards."""

    def __init__(self, started: Coroutine[Any, Any, StatementRows]) -> None:
        self._started = started
        self._rows: StatementRows | None = None

    def __await__(self) -> Generator[Any, None, StatementRows]:
        return self._started.__await__()

    async def __aenter__(self) -> StatementRows:
        self._rows = await self._started
        return self._rows

    async def __aexit__(self, *_: object) -> None:
        if self._rows is not None:
            await self._rows.close()


class Connection(aiosqlite.Connection):
    """aiosqlite's connection, whose statements can also run on the event loop's own thread.

    A statement inside an open transaction costs SQLite far less than a round trip to aiosqlite's thread (two
    thread switches, more on a busy machine), and a move makes many statements (bench/core_bench.py: about three
    times the moves a second). So inside `on_loop()` (the intake applying a batch of updates) statements run at once
    on the calling thread, except those that may wait (BEGIN, COMMIT, ROLLBACK, PRAGMA) and those in `in_worker()`
    (queries that read many rows: leaderboards, stats). A call made while another is still with aiosqlite's thread
    queues behind it, so the connection is never used from two threads at once and order is kept.

    Only aiosqlite's public methods are overridden, each counting itself while it is with the thread; the sqlite3
    connection used right here is the one our own connector made, the same aiosqlite's thread uses.
    """

    def __init__(self, connector: Callable[[], sqlite3.Connection], iter_chunk_size: int) -> None:
        made: list[sqlite3.Connection] = []

        def connect() -> sqlite3.Connection:
            made.append(connector())
            return made[-1]

        super().__init__(connect, iter_chunk_size)
        self._made = made
        self._open = True
        self._with_worker = 0
        self._here: ContextVar[asyncio.Task[Any] | None] = ContextVar(f"sqlite_on_loop_{id(self)}", default=None)

    @contextmanager
    def on_loop(self) -> Iterator[None]:
        """Within this block, the calling task's quick statements run on the event loop's thread."""
        marker = self._here.set(asyncio.current_task())
        try:
            yield
        finally:
            self._here.reset(marker)

    @contextmanager
    def in_worker(self) -> Iterator[None]:
        """Within this block, every statement goes to aiosqlite's thread (it may read many rows)."""
        marker = self._here.set(None)
        try:
            yield
        finally:
            self._here.reset(marker)

    def here(self, sql: str) -> sqlite3.Connection | None:
        """The sqlite3 connection, if the calling task may run this statement on it right away (inside
        `on_loop()`, nothing with the worker, a statement that does not wait)."""
        if self._with_worker or not self._open or not self._made or not _quick_sql(sql):
            return None
        here = self._here.get()
        return self._made[-1] if here is not None and here is asyncio.current_task() else None

    async def worker(self, call: Awaitable[T]) -> T:
        """`call`, which goes to aiosqlite's thread, counted while it is there (nothing runs right here meanwhile)."""
        self._with_worker += 1
        try:
            return await call
        finally:
            self._with_worker -= 1

    def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> _Statement:  # type: ignore[override]
        """As aiosqlite's (awaited, or `async with`): its StatementRows; right here when it may be."""
        return _Statement(self._execute_rows(sql, tuple(parameters) if parameters is not None else ()))

    async def _execute_rows(self, sql: str, params: tuple[Any, ...]) -> StatementRows:
        raw = self.here(sql)
        if raw is not None:
            return StatementRows(self, here=raw.execute(sql, params))
        return StatementRows(self, there=await self.worker(super().execute(sql, params)))

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> StatementRows:  # type: ignore[override]
        """As aiosqlite's; right here when it may be."""
        raw = self.here(sql)
        if raw is not None:
            return StatementRows(self, here=raw.executemany(sql, parameters))
        return StatementRows(self, there=await self.worker(super().executemany(sql, parameters)))

    async def execute_fetchall(  # type: ignore[override]
        self, sql: str, parameters: Iterable[Any] | None = None
    ) -> Iterable[sqlite3.Row]:
        """As aiosqlite's; right here when it may be."""
        params = tuple(parameters) if parameters is not None else ()
        raw = self.here(sql)
        if raw is not None:
            return raw.execute(sql, params).fetchall()
        return await self.worker(super().execute_fetchall(sql, params))

    async def commit(self) -> None:
        """As aiosqlite's (on its thread: a commit waits for the disk)."""
        await self.worker(super().commit())

    async def rollback(self) -> None:
        """As aiosqlite's (on its thread)."""
        await self.worker(super().rollback())

    async def close(self) -> None:
        """As aiosqlite's (its thread ends)."""
        self._open = False
        await self.worker(super().close())


T = TypeVar("T")


def on_loop(conn: aiosqlite.Connection) -> AbstractContextManager[None]:
    """`conn.on_loop()` for the bot's connection; nothing changes on a plain aiosqlite connection."""
    return conn.on_loop() if isinstance(conn, Connection) else nullcontext()


def here(conn: aiosqlite.Connection, sql: str) -> sqlite3.Connection | None:
    """`conn.here(sql)` for the bot's connection; None (go through aiosqlite) on a plain aiosqlite connection."""
    return conn.here(sql) if isinstance(conn, Connection) else None


async def execute(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Run one statement that returns no rows, right here when it may (see `Connection.here`); the number of
    rows it changed comes back."""
    raw = here(conn, sql)
    if raw is not None:
        return raw.execute(sql, params).rowcount
    cursor = await conn.execute(sql, params)  # not closed: that would be one more trip to the worker
    return cursor.rowcount


async def execute_many(conn: aiosqlite.Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    """Run one statement for each row of parameters, right here when it may (see `Connection.here`)."""
    raw = here(conn, sql)
    if raw is not None:
        raw.executemany(sql, rows)
        return
    await conn.executemany(sql, rows)


def in_worker(conn: aiosqlite.Connection) -> AbstractContextManager[None]:
    """`conn.in_worker()` for the bot's connection; nothing changes on a plain aiosqlite connection."""
    return conn.in_worker() if isinstance(conn, Connection) else nullcontext()


async def checkpoint(conn: aiosqlite.Connection) -> None:
    """Copy what the write-ahead log holds into the database where no reader still needs it, without waiting for
    readers or writers (a passive checkpoint: other connections go on writing meanwhile).

    Best effort: SQLite refuses it ("database table is locked") while a read on this same connection is still
    open, and then the pages wait for the next checkpoint, which SQLite also makes on its own.
    """
    try:
        await conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    except sqlite3.OperationalError as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF not in (sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_BUSY):
            raise  # a fault of the disk or the file: the caller says so
        log.debug("checkpoint put off: %s", error)


async def _begin(conn: aiosqlite.Connection) -> None:
    """BEGIN IMMEDIATE. Cancelling a task that waits for it does not stop the statement, which still runs on the
    connection's thread: a ROLLBACK queued behind it closes what it opened before the cancellation goes on, or the
    next BEGIN on this connection would fail ("cannot start a transaction within a transaction")."""
    try:
        await conn.execute("BEGIN IMMEDIATE")
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):  # BEGIN itself failed (a busy lock): nothing is open
            await conn.execute("ROLLBACK")  # queued at once: even a second cancellation leaves it in place
        raise


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block raises."""
    await _begin(conn)
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
        self._depth = 0  # savepoints open inside the current transaction
        self._owner: ContextVar[asyncio.Task[Any] | None] = ContextVar(f"transaction_owner_{id(self)}", default=None)
        self._reader: ContextVar[asyncio.Task[Any] | None] = ContextVar(f"settled_reader_{id(self)}", default=None)
        self._after: list[list[Callable[[], None]]] = []  # what to do once committed: one list a savepoint deep

    @property
    def open(self) -> bool:
        """Whether the calling task is inside a transaction of this connection."""
        owner = self._owner.get()
        return owner is not None and owner is asyncio.current_task()

    @property
    def held(self) -> bool:
        """Whether the calling task holds the write lock: inside a transaction, or a `settled()` read (either way,
        every other writer waits for it)."""
        reader = self._reader.get()
        return self.open or (reader is not None and reader is asyncio.current_task())

    def after_commit(self, done: Callable[[], None]) -> None:
        """Call `done` once the calling task's transaction has committed (never if it, or the savepoint it was
        asked in, rolls back): for what the process keeps in memory about rows it wrote. At once outside one."""
        if not self.open or not self._after:
            done()
            return
        self._after[-1].append(done)

    @asynccontextmanager
    async def __call__(self) -> AsyncIterator[None]:
        if self.open:
            yield  # joins the transaction this task already has open
            return
        if self.held:  # a write asked for inside this task's own read would wait for itself for ever
            raise RuntimeError("a transaction was opened inside a settled read of the same task")
        async with self._lock:
            marker = self._owner.set(asyncio.current_task())
            self._after = [[]]
            try:
                async with transaction(self.conn):
                    yield
                committed = self._after[0]
            finally:
                self._after = []
                self._owner.reset(marker)
        for done in committed:
            done()

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """A transaction of its own, or inside the one this task has open a SAVEPOINT: if the block raises,
        only its own writes are undone (one update of a batch failing leaves the others in place)."""
        if not self.open:
            async with self():
                yield
            return
        if not self.conn.in_transaction:  # SQLite ended it (a full disk, an I/O error): go no further
            raise sqlite3.OperationalError("the enclosing transaction was rolled back by SQLite")
        self._depth += 1
        name = f"update_{self._depth}"
        await execute(self.conn, f"SAVEPOINT {name}")
        self._after.append([])
        try:
            yield
        except BaseException:
            self._after.pop()  # undone: nothing of it is to be remembered
            if self.conn.in_transaction:
                await self.conn.execute(f"ROLLBACK TO {name}")
                await self.conn.execute(f"RELEASE {name}")
            raise
        finally:
            self._depth -= 1
        await execute(self.conn, f"RELEASE {name}")
        kept = self._after.pop()
        self._after[-1].extend(kept)

    @asynccontextmanager
    async def settled(self) -> AsyncIterator[None]:
        """Reads of committed rows only: waits while another task has a transaction open (on this one
        connection its uncommitted rows would show), without beginning one; inside our own, reads at once."""
        if self.held:
            yield
            return
        async with self._lock:
            marker = self._reader.set(asyncio.current_task())
            try:
                yield
            finally:
                self._reader.reset(marker)
