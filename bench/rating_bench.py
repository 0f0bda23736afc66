"""Ratings at scale: a million generated rated matches replayed by `rerate`, then the rating views timed.

    PYTHONPATH=. python bench/rating_bench.py [--matches 1000000] [--runs 30] [--db PATH [--rerate]]

Builds the database through the real migrations, stores a million finished races and duels with their rated
results (skewed players and chats, two years; every stored rating a placeholder, so the replay rewrites them all
and builds the boards from nothing), rebuilds every rating with the real `rerate` service (timed: the cost of
`bullscows rerate` at this size, with how long each of its transactions held the write lock and how long a
writer on another connection, as the bot's, waited meanwhile; `--rerate` runs it again on a kept database, where
it finds nothing to change), then times the services behind `/top rating` (the busiest chat, global),
the "#N of M" place of the lowest-ranked player and of the middle one (the longest count: half the board
counted each way) and the `/stats` rating line: median and p95
over repeated runs, with each query's EXPLAIN QUERY PLAN.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from bench.db_timing import Call, LockProbe, TimedTransactions, prepare, report, spread
from bot.deps import Deps
from bot.ports import ManualTimers, NoAdmins
from bot.records import ratings, replay
from bot.records.model import ALL_CHATS
from bot.store.db import open_database
from bot.store.store import Store

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
DAYS = 730
BATCH = 100_000


def generate(matches: int, seed: int = 7) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Match rows and rated-result rows: 3 races of 2–6 players to 1 duel, 85% digits, power-law activity."""
    rng = np.random.default_rng(seed)
    users = max(1000, matches // 16)
    groups = max(100, matches // 120)
    user_weight = 1 / np.arange(1, users + 1) ** 0.6
    user_p = user_weight / user_weight.sum()
    group_weight = 1 / np.arange(1, groups + 1) ** 1.1
    group_of = -(rng.choice(groups, size=matches, p=group_weight / group_weight.sum()) + 1_000_000_000_000)
    duel = rng.random(matches) < 0.25
    sizes = np.where(duel, 2, rng.integers(2, 7, size=matches))
    colours = rng.random(matches) < 0.15
    seconds = np.sort(rng.random(matches) ** 0.7 * DAYS * 86400)  # activity grows over time
    pool = rng.choice(users, size=int(sizes.sum()) * 2, p=user_p) + 1_000_000
    match_rows: list[tuple[object, ...]] = []
    result_rows: list[tuple[object, ...]] = []
    start = NOW - timedelta(days=DAYS)
    cursor = 0
    for i in range(matches):
        size = int(sizes[i])
        players: list[int] = []
        while len(players) < size:  # distinct players, drawn by activity
            user = int(pool[cursor % len(pool)])
            cursor += 1
            if user not in players:
                players.append(user)
        at = (start + timedelta(seconds=float(seconds[i]))).isoformat(timespec="milliseconds")
        kind = "duel" if duel[i] else "race"
        variant = "mastermind" if colours[i] else "classic"
        family = "colours" if colours[i] else "digits"
        chat = int(group_of[i])
        draw = kind == "duel" and rng.random() < 0.08
        match_rows.append((i + 1, chat, kind, variant, players[0], at, "draw" if draw else "won", "over", at))
        for seat, user in enumerate(players):
            rank = 1 if seat == 0 or draw else 2  # the winner, then everyone else tied (a race) or the loser
            result_rows.append((i + 1, family, user, chat, rank, at, 25.0, 25 / 3))
    return match_rows, result_rows


def fill(path: Path, match_rows: list[tuple[object, ...]], result_rows: list[tuple[object, ...]]) -> float:
    """Insert everything in big transactions; the seconds it took."""
    begin = time.perf_counter()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=OFF")  # a throwaway database: no need to survive a power cut
    conn.execute("PRAGMA cache_size=-200000")
    for rows, sql in (
        (
            match_rows,
            "INSERT INTO matches (id, chat_id, kind, variant, started_by, started_at, status, phase, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ),
        (
            result_rows,
            "INSERT INTO rated_results (match_id, family, user_id, chat_id, rank, rated_at, mu, sigma)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ),
    ):
        for start in range(0, len(rows), BATCH):
            conn.execute("BEGIN")
            conn.executemany(sql, rows[start : start + BATCH])
            conn.execute("COMMIT")
    conn.execute(
        "INSERT INTO players (user_id, name, last_seen) SELECT DISTINCT user_id, 'Player ' || user_id, ?"
        " FROM rated_results",
        (NOW.isoformat(),),
    )
    conn.close()
    return time.perf_counter() - begin


async def rerate(path: Path) -> None:
    conn = await open_database(path)
    store = Store(conn)
    store.transaction = steps = TimedTransactions(conn)
    probe = LockProbe(path)
    await asyncio.sleep(10)  # the writer alone first: what its transactions take with nothing in the way
    alone = probe.stop()
    probe = LockProbe(path)
    load = os.getloadavg()
    begin = time.perf_counter()
    done = await replay.rerate(store)
    took = time.perf_counter() - begin
    waits = probe.stop()
    print(
        f"rerate: {done.players:,} players, {done.matches:,} matches, {done.changed:,} results rewritten"
        f" in {took:.1f} s (load average {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after)"
    )
    print(spread("  its transactions (write lock held)", steps.held))
    print(spread("  another connection's writes meanwhile (BEGIN IMMEDIATE to COMMIT)", waits))
    print(spread("  the same writes for 10 s before, alone", alone))
    await conn.execute("ANALYZE")
    await store.close()


async def bench(path: Path, runs: int) -> None:
    conn = await open_database(path)
    store = Store(conn)
    deps = Deps(store, random.Random(1), lambda: NOW, NoAdmins(), ManualTimers(), None)
    async with conn.execute(
        "SELECT chat_id, count(*) FROM rating_board WHERE chat_id != 0 AND family = 'digits' GROUP BY chat_id"
        " ORDER BY 2 DESC LIMIT 1"
    ) as cursor:
        big_chat, chat_players = await cursor.fetchone()  # type: ignore[misc]
    async with conn.execute(
        "SELECT user_id FROM rating_board WHERE chat_id = 0 AND family = 'digits'"
        " ORDER BY established, conservative, user_id DESC LIMIT 1"
    ) as cursor:
        (last,) = await cursor.fetchone()  # type: ignore[misc]
    async with conn.execute("SELECT count(*) FROM rating_board WHERE chat_id = 0 AND family = 'digits'") as cursor:
        (everyone,) = await cursor.fetchone()  # type: ignore[misc]
    async with conn.execute(
        "SELECT user_id FROM rating_board WHERE chat_id = 0 AND family = 'digits'"
        " ORDER BY established DESC, conservative DESC, user_id LIMIT 1 OFFSET ?",
        (everyone // 2,),
    ) as cursor:
        (middle,) = await cursor.fetchone()  # type: ignore[misc]
    print(f"busiest group {big_chat}: {chat_players:,} rated players; global digits board: {everyone:,} players")
    calls: dict[str, Call] = {
        "/top rating chat": lambda: ratings.leaderboard(deps, big_chat, "classic"),
        "/top rating global": lambda: ratings.leaderboard(deps, ALL_CHATS, "classic"),
        "#N of M, last place": lambda: ratings.place(deps, ALL_CHATS, "digits", last),
        "#N of M, middle (worst)": lambda: ratings.place(deps, ALL_CHATS, "digits", middle),
        "/stats rating line, middle": lambda: ratings.player_rating(deps, middle, "classic"),
    }
    await report(conn, calls, runs, 28)
    await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--db", type=Path, help="database file (default: a temporary one, deleted afterwards)")
    parser.add_argument("--rerate", action="store_true", help="rerate a kept database (--db) again")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "bench.sqlite3"
        if path.exists():
            print(f"reusing {path}")
            if args.rerate:
                asyncio.run(rerate(path))
        else:
            asyncio.run(prepare(path))
            begin = time.perf_counter()
            match_rows, result_rows = generate(args.matches)
            took = time.perf_counter() - begin
            print(f"generated {len(match_rows):,} matches, {len(result_rows):,} rated results in {took:.1f} s")
            print(f"filled in {fill(path, match_rows, result_rows):.1f} s")
            del match_rows, result_rows
            asyncio.run(rerate(path))
            print(f"database: {path.stat().st_size / 1e6:.0f} MB")
        asyncio.run(bench(path, args.runs))


if __name__ == "__main__":
    main()
