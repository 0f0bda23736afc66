"""Copies of the live database: SQLite's online backup API, so the bot keeps serving while it runs.

A copy is written beside its destination under a temporary name (readable by its owner only), turned into a
self-contained file (no WAL beside it), checked with `PRAGMA integrity_check`, flushed to disk, and only then
renamed into place: whatever the destination holds is always a whole, checked copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bot.store.db import DatabaseProblem
from bot.store.migrations import BeforeMigrating, Migration

BUSY_MS = 5000  # how long the copy may wait for the bot's write lock to pass (a checkpoint, a commit)


@dataclass(frozen=True)
class Copied:
    """A finished backup: where it is, how big, and the schema version it holds."""

    path: Path
    pages: int
    size: int
    version: int
    seconds: float

    def describe(self, source: Path) -> str:
        """One line for the operator."""
        return (
            f"backed up {source} to {self.path} ({self.size / 1e6:.1f} MB, schema version {self.version},"
            f" integrity ok) in {self.seconds:.1f} s"
        )


def backup_name(database: Path, folder: Path, now: datetime, before: str | None = None) -> Path:
    """A file name in `folder` for a copy of `database` made at `now` (UTC), saying which migration it precedes:
    bullscows-20261125T101500Z.sqlite3, bullscows-before-0009_name-20261125T101500Z.sqlite3."""
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    middle = f"-before-{before}" if before else ""
    return folder / f"{database.stem}{middle}-{stamp}.sqlite3"


def backup(source: Path, target: Path, now: datetime) -> Copied:
    """Copy the database at `source` to `target` (a file, or a folder to make a dated file in) while others may
    be reading and writing it; DatabaseProblem, and nothing left behind, when it cannot be done."""
    started = time.perf_counter()
    if not source.is_file():
        raise DatabaseProblem(f"there is no database at {source}")
    if target.is_dir():
        target = backup_name(source, target, now)
    if target.exists() and target.resolve() == source.resolve():
        raise DatabaseProblem(f"{target} is the database itself: back it up to another file")
    if not target.parent.is_dir():
        raise DatabaseProblem(f"cannot write {target}: the directory {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        _create_private(partial)
        pages = _copy(source, partial)
        version = _settle(partial)
        _fsync(partial)
        os.replace(partial, target)
        _fsync(target.parent)
    except sqlite3.Error as error:
        raise DatabaseProblem(f"could not back up {source} to {target}: {error}") from None
    except OSError as error:
        raise DatabaseProblem(f"could not write {target}: {error.strerror or error}") from None
    finally:
        for leftover in (partial, *(partial.with_name(partial.name + end) for end in ("-journal", "-wal", "-shm"))):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
    return Copied(target, pages, target.stat().st_size, version, time.perf_counter() - started)


def before_migrating(database: Path, clock: Callable[[], datetime], report: Callable[[str], None]) -> BeforeMigrating:
    """The step `migrate` takes before it changes a database that has tables already: a backup beside it, named
    for the first pending migration, so an upgrade can be rolled back (migrations are forward-only)."""

    def copy(now: datetime, first: str) -> Copied | None:
        if str(database) == ":memory:" or not database.is_file():
            return None
        return backup(database, backup_name(database, database.parent, now, before=first), now)

    async def take(pending: list[Migration]) -> None:
        copied = await asyncio.to_thread(copy, clock(), pending[0].name)
        if copied is not None:
            report(f"{copied.describe(database)}, before applying {', '.join(m.name for m in pending)}")

    return take


def _create_private(path: Path) -> None:
    """An empty file only its owner may read: a backup holds the daily key and every player's games."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _copy(source: Path, partial: Path) -> int:
    """Every page of `source` into `partial`, in one step: in WAL mode the copy reads one consistent snapshot
    while the bot goes on writing (a step-by-step copy would start over at each of its commits)."""
    reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        reading.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        writing = sqlite3.connect(partial, isolation_level=None)
        try:
            reading.backup(writing)
            return int(writing.execute("PRAGMA page_count").fetchone()[0])
        finally:
            writing.close()
    finally:
        reading.close()


def _settle(partial: Path) -> int:
    """Make the copy one self-contained file (the source's WAL mode comes with its pages), check every page of
    it, and return its schema version."""
    conn = sqlite3.connect(partial, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=DELETE")
        verdict = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if verdict != ["ok"]:
            raise DatabaseProblem(f"the copy failed its integrity check: {'; '.join(map(str, verdict[:3]))}")
        has_versions = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").fetchone()
        if not has_versions:
            return 0
        return int(conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()[0])
    finally:
        conn.close()


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
