"""Leaderboard and stats queries at scale: a fresh database with a million generated results, timed.

    PYTHONPATH=. python bench/leaderboard_bench.py [--games 1000000] [--runs 30] [--db PATH]

Builds the database through the real migrations, fills game_results (the standings triggers run for every
row, as in production) with executemany in big transactions, then times the real services behind every /top
view (this chat and all chats; today, this week, this month, all time), each as a low-ranked player sees it
(the board and their "#N of M" line), the "#N" query alone, /stats and the daily board: median and p95 over
repeated runs, and prints each query's EXPLAIN QUERY PLAN. Then prunes the boards of past periods as the bot's
hourly tidy does (timed, with each transaction's hold on the write lock and another writer's waits meanwhile).
With --db an existing file is migrated and reused (its past periods are then pruned already).

The clock stands late on a Sunday at the end of a month, so this week and this month are nearly whole.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
import numpy as np

from bench.db_timing import Call, LockProbe, TimedTransactions, prepare, report, spread
from bot.daily import service as daily
from bot.days import day_of
from bot.deps import Deps
from bot.ports import ManualTimers, NoAdmins
from bot.records import stats
from bot.records.model import ALL_CHATS
from bot.records.store import SqliteStatsRepository
from bot.store.db import open_database
from bot.store.store import Store

NOW = datetime(2026, 11, 29, 22, 0, tzinfo=UTC)  # a Sunday evening: the week and the month nearly over
DAYS = 730
VARIANTS: tuple[tuple[str, float, float], ...] = (
    ("classic", 0.68, 5.6),
    ("mastermind", 0.1, 4.8),
    ("nozero", 0.08, 5.5),
    ("5d10", 0.09, 6.3),
    ("3d10", 0.05, 4.9),
)
MODES = (("referee", 0.55), ("guesser", 0.2), ("race", 0.12), ("duel", 0.04), ("versus", 0.04), ("daily", 0.05))
BATCH = 100_000


def generate(games: int, seed: int = 7) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Result rows (game_results) and daily_plays rows: skewed users and chats, two years, growing activity."""
    rng = np.random.default_rng(seed)
    users = max(1000, games // 16)
    groups = max(100, games // 120)
    # activity follows a power law: a few players and groups play a lot
    user_weight = 1 / np.arange(1, users + 1) ** 0.6
    user_of = rng.choice(users, size=games, p=user_weight / user_weight.sum()) + 1_000_000
    group_weight = 1 / np.arange(1, groups + 1) ** 1.1
    group_of = -(rng.choice(groups, size=games, p=group_weight / group_weight.sum()) + 1_000_000_000_000)
    names = [name for name, _, _ in VARIANTS]
    shares = np.array([share for _, share, _ in VARIANTS])
    means = np.array([mean for _, _, mean in VARIANTS])
    variant_ix = rng.choice(len(names), size=games, p=shares / shares.sum())
    mode_names, mode_shares = zip(*MODES, strict=True)
    mode_ix = rng.choice(len(mode_names), size=games, p=mode_shares)
    mode = np.array(mode_names)[mode_ix]
    in_group = np.isin(mode, ("race", "duel")) | ((mode == "referee") & (rng.random(games) < 0.35))
    chat = np.where(in_group, group_of, user_of)
    skill = rng.normal(0, 0.6, users + 1)[user_of - 1_000_000]
    guesses = np.clip(np.rint(rng.normal(means[variant_ix] + skill, 1.2)), 1, 15).astype(int)
    roll = rng.random(games)
    outcome = np.where(
        mode == "guesser",
        np.where(roll < 0.85, "solved", "abandoned"),
        np.where(
            mode == "race",
            np.where(roll < 0.35, "won", "lost"),
            np.select([roll < 0.78, roll < 0.86, roll < 0.96], ["won", "gave_up", "abandoned"], "lost"),
        ),
    )
    hinted = ((mode == "referee") | (mode == "daily")) & (outcome == "won") & (rng.random(games) < 0.12)
    # more games lately: days ago drawn from an exponential, capped at two years
    ago = np.minimum(rng.exponential(DAYS / 3, games), DAYS - 1) * 86_400_000
    finished = np.datetime64(NOW.replace(tzinfo=None), "ms") - ago.astype("timedelta64[ms]")
    started = finished - (rng.gamma(2.0, 60_000, games)).astype("timedelta64[ms]")
    finished_s = np.char.add(np.datetime_as_string(finished, unit="ms"), "+00:00")
    started_s = np.char.add(np.datetime_as_string(started, unit="ms"), "+00:00")
    variant = np.array(names)[variant_ix]
    rows = list(
        zip(
            range(1, games + 1),
            user_of.tolist(),
            chat.tolist(),
            mode.tolist(),
            variant.tolist(),
            guesses.tolist(),
            outcome.tolist(),
            hinted.astype(int).tolist(),
            started_s.tolist(),
            finished_s.tolist(),
            strict=True,
        )
    )
    plays: dict[tuple[str, int], tuple[object, ...]] = {}
    for row in rows:
        if row[3] == "daily":
            day = str(row[9])[:10]
            plays.setdefault((day, int(str(row[1]))), (day, row[1], row[0], row[2]))
    return rows, list(plays.values())


def fill(path: Path, rows: list[tuple[object, ...]], plays: list[tuple[object, ...]]) -> float:
    """Insert everything in big transactions; the seconds it took."""
    begin = time.perf_counter()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=OFF")  # a throwaway database: no need to survive a power cut
    conn.execute("PRAGMA cache_size=-200000")
    conn.execute("BEGIN")
    # daily plays first, so the trigger records those results as mode 'daily' (as the bot does)
    conn.executemany("INSERT INTO daily_plays (day, user_id, game_id, chat_id) VALUES (?, ?, ?, ?)", plays)
    conn.execute("COMMIT")
    for start in range(0, len(rows), BATCH):
        batch = [(*r[:3], "referee" if r[3] == "daily" else r[3], *r[4:]) for r in rows[start : start + BATCH]]
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
            " started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            batch,
        )
        conn.execute("COMMIT")
        print(f"  {start + len(batch):>9,} results", end="\r", flush=True)
    conn.execute(
        "INSERT INTO players (user_id, name, last_seen) SELECT DISTINCT user_id, 'Player ' || user_id, ?"
        " FROM game_results",
        (NOW.isoformat(),),
    )
    conn.execute("ANALYZE")
    conn.close()
    print()
    return time.perf_counter() - begin


@dataclass(frozen=True)
class BoardView:
    """One /top view to time: the board as a low-ranked player sees it (with their "#N of M" line), and the
    "#N" query alone. The rating view (issue 13) joins VIEWS the same way."""

    label: str
    shown: Callable[[], Awaitable[object]]
    place: Callable[[], Awaitable[object]]


async def low_ranked(conn: aiosqlite.Connection, chat_id: int, variant: str, period: stats.Period) -> int:
    """The player the "#N" query works hardest for on a board: the last of the most common best score (the
    count reads that whole group of the rank index)."""
    key = stats.period_key(period, NOW)
    table, where = ("standings", "") if key is None else ("period_standings", " AND period = :key")
    async with conn.execute(
        f"SELECT user_id FROM {table} WHERE chat_id = :chat AND variant = :variant{where} AND best = ("
        "SELECT best FROM standing_counts WHERE board = :board AND chat_id = :chat AND variant = :variant"
        " ORDER BY players DESC LIMIT 1)"
        " ORDER BY CAST(total_guesses AS REAL) / solved DESC, best_at DESC, user_id DESC LIMIT 1",
        {"chat": chat_id, "variant": variant, "key": key, "board": key or ""},
    ) as cursor:
        row = await cursor.fetchone()
    assert row is not None, (chat_id, period)
    return int(row[0])


async def board_views(deps: Deps, conn: aiosqlite.Connection, big_chat: int) -> list[BoardView]:
    """Every /top view of the busiest group and of all chats, in classic."""
    views = []
    for scope, where in ((big_chat, "chat"), (ALL_CHATS, "global")):
        for period in stats.PERIODS:
            user = await low_ranked(conn, scope, "classic", period)
            key = stats.period_key(period, NOW)

            def shown(scope: int = scope, period: stats.Period = period, user: int = user) -> Awaitable[object]:
                return stats.leaderboard(deps, scope, "classic", period, user_id=user)

            def place(scope: int = scope, key: str | None = key, user: int = user) -> Awaitable[object]:
                return deps.store.repository(SqliteStatsRepository).place(scope, "classic", user, key)

            views.append(BoardView(f"/top {where} {period}", shown, place))
    return views


async def bench(path: Path, runs: int) -> None:
    conn = await open_database(path)
    store = Store(conn)
    deps = Deps(store, random.Random(1), lambda: NOW, NoAdmins(), ManualTimers(), None)
    async with conn.execute(
        "SELECT chat_id, count(*) FROM game_results WHERE chat_id < 0 GROUP BY chat_id ORDER BY 2 DESC LIMIT 1"
    ) as cursor:
        big_chat, chat_games = await cursor.fetchone()  # type: ignore[misc]
    async with conn.execute(
        "SELECT user_id, count(*) FROM game_results WHERE variant = 'classic' GROUP BY user_id ORDER BY 2 DESC LIMIT 1"
    ) as cursor:
        big_user, user_games = await cursor.fetchone()  # type: ignore[misc]
    print(f"busiest group {big_chat}: {chat_games:,} results; busiest player {big_user}: {user_games:,} classic")
    for scope, where in ((big_chat, "chat"), (ALL_CHATS, "global")):
        sizes = []
        for period in stats.PERIODS:
            async with conn.execute(
                "SELECT sum(players) FROM standing_counts WHERE board = ? AND chat_id = ? AND variant = 'classic'",
                (stats.period_key(period, NOW) or "", scope),
            ) as cursor:
                sizes.append(f"{period} {(await cursor.fetchone() or (0,))[0] or 0:,}")
        print(f"players on the {where} classic boards: " + ", ".join(sizes))
    day = day_of(NOW - timedelta(days=1))
    calls: dict[str, Call] = {}
    for view in await board_views(deps, conn, big_chat):
        calls[f"{view.label} + #N"] = view.shown
        calls[f"  #N alone ({view.label[5:]})"] = view.place
    calls["/stats busiest player"] = lambda: stats.player_stats(deps, big_user, "classic")
    calls["/daily top (yesterday)"] = lambda: daily.leaderboard(deps, day)
    await report(conn, calls, runs, 30)
    await conn.close()


async def prune(path: Path) -> None:
    """Delete the boards of past periods as the bot's hourly tidy does, with the clock at NOW (the views above read
    only the current periods): rows, time, each transaction's hold on the write lock and another writer's waits."""
    conn = await open_database(path)
    store = Store(conn)
    store.transaction = steps = TimedTransactions(conn)
    async with conn.execute("SELECT count(*) FROM period_standings") as cursor:
        (before,) = await cursor.fetchone()  # type: ignore[misc]
    probe = LockProbe(path)
    begin = time.perf_counter()
    deleted = await stats.prune_periods(store, NOW)
    took = time.perf_counter() - begin
    waits = probe.stop()
    print(
        f"\npruning past periods: {deleted:,} rows deleted ({before:,} period_standings rows before, also their"
        f" standing_counts) in {took:.1f} s, load average {os.getloadavg()[0]:.1f}"
    )
    print(spread("  its transactions (write lock held)", steps.held))
    print(spread("  another connection's writes meanwhile (BEGIN IMMEDIATE to COMMIT)", waits))
    await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--db", type=Path, help="database file (default: a temporary one, deleted afterwards)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "bench.sqlite3"
        if path.exists():
            print(f"reusing {path}")
            begin = time.perf_counter()
            asyncio.run(prepare(path))  # a database from before a migration gets it now
            print(f"migrated in {time.perf_counter() - begin:.1f} s")
        else:
            asyncio.run(prepare(path))
            begin = time.perf_counter()
            rows, plays = generate(args.games)
            print(
                f"generated {len(rows):,} results and {len(plays):,} daily plays in {time.perf_counter() - begin:.1f} s"
            )
            print(f"filled in {fill(path, rows, plays):.1f} s ({path.stat().st_size / 1e6:.0f} MB)")
            del rows, plays
        asyncio.run(bench(path, args.runs))
        asyncio.run(prune(path))


if __name__ == "__main__":
    main()
