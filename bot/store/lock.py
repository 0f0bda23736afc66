"""One bot process per database: a second one would send every reply again.

The lock is an advisory `flock` on `<database>.lock`, which the kernel releases when its process ends however it
ends: a killed process leaves no lock behind to clear by hand. The file says who holds it (pid, start time), so the
second process can name the first.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from bot.config import OperatorError
from bot.store.db import check_path


class DatabaseInUse(OperatorError):
    """Another process serves this database; str() names it."""


def lock_path(database: Path) -> Path:
    """The lock file beside a database."""
    return database.with_name(database.name + ".lock")


@contextmanager
def claim(database: Path) -> Iterator[None]:
    """Hold the database's lock for the block; DatabaseInUse if another process holds it."""
    if str(database) == ":memory:":
        yield
        return
    check_path(database)
    path = lock_path(database)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").split()
            who = f"pid {holder[0]}, started {holder[1]}" if len(holder) >= 2 else "a process that is starting"
            raise DatabaseInUse(
                f"{database} is already served by another bullscows process ({who}); stop it first"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {datetime.now(UTC).isoformat(timespec='seconds')}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # releases the lock
