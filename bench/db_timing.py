"""Timing board queries for the database benchmarks (leaderboard_bench.py, rating_bench.py): a fresh schema,
the median and p95 of repeated calls, the table of them and each call's query plans; and for the work that runs
beside the bot in short transactions (pruning, rerate), how long each held the write lock and how long another
connection's write waited meanwhile."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.store.db import Transactions, open_database
from bot.store.migrations import migrate

Call = Callable[[], Awaitable[object]]


async def prepare(path: Path) -> None:
    """Create the schema in a database file (or bring an older one up to date)."""
    conn = await open_database(path)
    await migrate(conn)
    await conn.close()


async def timed(label: str, runs: int, call: Call) -> tuple[str, float, float]:
    """Median and p95 in milliseconds of `runs` calls (after one warm-up)."""
    await call()
    samples = []
    for _ in range(runs):
        begin = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - begin) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return label, statistics.median(samples), p95


async def plans(conn: aiosqlite.Connection, label: str, call: Call) -> list[str]:
    """The EXPLAIN QUERY PLAN of every SELECT a call runs."""
    seen: list[str] = []
    await conn.set_trace_callback(seen.append)
    await call()
    await conn.set_trace_callback(None)  # type: ignore[arg-type]  # sqlite3 takes None (no callback); the stub omits it
    out = []
    for sql in seen:
        if not sql.lstrip().upper().startswith(("SELECT", "WITH")):
            continue
        async with conn.execute("EXPLAIN QUERY PLAN " + sql) as cursor:
            steps = [row[3] for row in await cursor.fetchall()]
        out.append(f"  {label}: {sql[:90]}...\n      " + "\n      ".join(steps))
    return out


async def report(conn: aiosqlite.Connection, calls: dict[str, Call], runs: int, width: int) -> None:
    """Time every call, print the table (labels `width` wide) and then every call's query plans."""
    results = [await timed(label, runs, call) for label, call in calls.items()]
    print(f"\n{'query':<{width}}{'median ms':>10}{'p95 ms':>10}   ({runs} runs each)")
    for label, median, p95 in results:
        print(f"{label:<{width}}{median:>10.2f}{p95:>10.2f}")
    print("\nEXPLAIN QUERY PLAN")
    for label, call in calls.items():
        print("\n".join(await plans(conn, label, call)))


class TimedTransactions(Transactions):
    """The store's transactions, each timed from BEGIN IMMEDIATE to the end of its COMMIT: how long it kept the
    database's write lock from every other connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__(conn)
        self.held: list[float] = []

    @asynccontextmanager
    async def __call__(self) -> AsyncIterator[None]:
        if self.open:
            yield
            return
        begin = time.perf_counter()
        async with super().__call__():
            yield
        self.held.append(time.perf_counter() - begin)


def spread(label: str, seconds: list[float]) -> str:
    """One line: how many, and the median, p99 and longest in milliseconds."""
    if not seconds:
        return f"{label}: none"
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"{label}: {len(ms):,}, median {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, longest {ms[-1]:.2f} ms"


# A writer on its own connection, as the bot is: a one-row write transaction every 20 ms (full sync, as the bot's),
# each timed from BEGIN IMMEDIATE to the end of COMMIT, until a line arrives on stdin; the times as JSON.
_PROBE = """
import json, select, sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
conn.execute("PRAGMA synchronous=FULL")
conn.execute("CREATE TABLE IF NOT EXISTS bench_probe (at REAL)")
waits = []
print("ready", flush=True)
while not select.select([sys.stdin], [], [], 0.02)[0]:
    begin = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO bench_probe VALUES (?)", (begin,))
    conn.execute("COMMIT")
    waits.append(time.perf_counter() - begin)
conn.execute("DROP TABLE bench_probe")
print(json.dumps(waits))
"""


class LockProbe:
    """A writer in another process (see _PROBE) while some work runs: how long the bot's writes would wait."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _PROBE, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        self.process.stdout.readline()  # "ready"

    def stop(self) -> list[float]:
        """Stop the writer; the seconds each of its transactions took."""
        out, _ = self.process.communicate("stop\n")
        return list(json.loads(out.splitlines()[-1]))
