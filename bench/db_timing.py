"""Timing board queries for the database benchmarks (leaderboard_bench.py, rating_bench.py): a fresh schema,
the median and p95 of repeated calls, the table of them and each call's query plans."""

from __future__ import annotations

import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiosqlite

from bot.storage.db import open_database
from bot.storage.migrations import migrate

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
