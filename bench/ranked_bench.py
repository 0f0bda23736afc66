"""Pairing time of /ranked over a simulated population (issue 35).

    .venv/bin/python bench/ranked_bench.py [--players 20000] [--marks 5000] [--history 40000] [--asks 400] [--seed 1]

A fresh database gets `players` ranked ratings (μ around 25, spread as a season's would be, σ narrowing with the
games behind it), `marks` open marks they set in the last 7 days (and as many older ones, lapsed), `history` secrets
already played by two of them in the last week (the pairs that met, and the codes each has had), and races of four
players (people who know each other). Then `asks` random players ask for a ranked game in classic, each in a
transaction of its own as an update is, and the bench times the pairing alone (bot.ranked.service.pair: the nearest
open marks read on either side of the player's μ along the ranked_open index, then each candidate's exclusions) and
the whole start (bot.ranked.service.begin: the pairing, the mark taken or a fresh code drawn, the game and its ranked
play written). It prints the medians and p95 in ms, how many asks were given a mark and how many a fresh code, and
the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import Config
from bot.ports import ManualTimers, NoAdmins
from bot.ranked import service as ranked
from bot.runtime import open_runtime
from engine.variant import PRESETS

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
CLASSIC = PRESETS["classic"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def populate(conn, rng: random.Random, players: int, marks: int, history: int) -> list[int]:
    await conn.execute("PRAGMA foreign_keys = OFF")  # the history's plays name no stored game: only their codes count
    users = list(range(10_000, 10_000 + players))
    ratings = []
    for user in users:
        games = rng.randint(0, 200)
        sigma = max(1.0, 25 / 3 / (1 + games / 10))
        ratings.append(("digits", user, rng.gauss(25, 4), sigma, games, NOW.isoformat()))
    await conn.executemany(
        "INSERT INTO ranked_ratings (family, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)", ratings
    )
    secrets = []
    for n in range(2 * marks):  # half open, half lapsed
        age = timedelta(days=rng.uniform(0, 7)) if n < marks else timedelta(days=rng.uniform(8, 30))
        marker = rng.choice(users)
        opened = (NOW - age).isoformat()
        code = CLASSIC.code(rng.randrange(CLASSIC.size))
        secrets.append(("classic", code, marker, opened, rng.gauss(25, 4), opened, None, None, None))
    for _ in range(history):  # played by two players in the last week
        marker, taker = rng.sample(users, 2)
        at = (NOW - timedelta(days=rng.uniform(0, 7))).isoformat()
        code = CLASSIC.code(rng.randrange(CLASSIC.size))
        secrets.append(("classic", code, marker, at, rng.gauss(25, 4), at, taker, at, at))
    await conn.executemany(
        "INSERT INTO ranked_secrets (variant, secret, marker, made_at, mark_mu, opened_at, taker, taken_at,"
        " closed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        secrets,
    )
    await conn.execute(
        "INSERT INTO ranked_plays (game_id, secret_id, user_id, seat) SELECT -id, id, marker, 1 FROM ranked_secrets"
    )
    await conn.execute(
        "INSERT INTO ranked_plays (game_id, secret_id, user_id, seat)"
        " SELECT -id - 10000000, id, taker, 2 FROM ranked_secrets WHERE taker IS NOT NULL"
    )
    races = []
    for match in range(1, players // 2):
        for seat, user in enumerate(rng.sample(users, 4), start=1):
            races.append((match, user, seat, "p"))
    await conn.executemany(
        "INSERT INTO matches (id, chat_id, kind, variant, started_by, phase, status, started_at)"
        " VALUES (?, -1, 'race', 'classic', 0, 'over', 'won', ?)",
        [(match, NOW.isoformat()) for match in range(1, players // 2)],
    )
    await conn.executemany("INSERT INTO match_players (match_id, user_id, seat, name) VALUES (?, ?, ?, ?)", races)
    await conn.commit()
    await conn.execute("PRAGMA foreign_keys = ON")
    return users


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        config = Config(database_path=Path(folder) / "db.sqlite3")
        runtime = await open_runtime(config, rng, lambda: NOW, admins=NoAdmins(), timers=ManualTimers())
        try:
            deps = runtime.core.deps
            users = await populate(runtime.store.conn, rng, args.players, args.marks, args.history)
            asking = rng.sample(users, args.asks)
            pairing, starting, paired = [], [], 0
            for user in asking:
                mu = (await ranked.standing(deps, user, CLASSIC)).skill.mu
                began = time.perf_counter()
                async with deps.transaction():
                    await ranked.pair(deps, user, CLASSIC, mu, NOW)
                pairing.append((time.perf_counter() - began) * 1000)
                began = time.perf_counter()
                found = await runtime.core.alone(user, lambda u=user: ranked.begin(deps, u, u, None, CLASSIC))
                starting.append((time.perf_counter() - began) * 1000)
                paired += isinstance(found, ranked.Begun) and found.opponent is not None
        finally:
            await runtime.close()
    load_after = os.getloadavg()
    print(f"population: {args.players} players, {args.marks} open marks (+{args.marks} lapsed), {args.history} played")
    for name, times in (("pairing", pairing), ("start (begin)", starting)):
        print(f"{name:>14}: median {statistics.median(times):.2f} ms, p95 {percentile(times, 0.95):.2f} ms")
    print(f"asks: {args.asks}, given a mark {paired}, a fresh code {args.asks - paired}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--marks", type=int, default=5_000)
    parser.add_argument("--history", type=int, default=40_000)
    parser.add_argument("--asks", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
