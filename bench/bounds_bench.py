"""What a long match and a deep outbox cost: the sender's due-chats scan, and a race's guess and plain chat.

Outbox: `--pending` committed rows spread over `--chats` chats (written straight into the table, as a backlog
after an outage leaves them). Timed: `Outbox.due_chats` (the scan the sender makes after every batch's commit),
and an empty transaction (the intake beginning and committing a batch) begun while that scan runs, and alone.

Race: a race in a group with `--moves` moves already made by `--players` players (written straight into the
tables), then `/g` by a player who has guessed before and a plain chat message ("good luck everyone") in that
group, each applied as the intake applies an update (inside a transaction, statements on the event loop).

Medians (and p95) of `--runs` calls after one warm-up, with the 1-minute load average before and after.

    PYTHONPATH=. python bench/bounds_bench.py [--pending 150000] [--chats 1000] [--moves 50000] [--players 600]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.config import Config
from bot.ports import ManualTimers, NoAdmins
from bot.runtime import Runtime, open_runtime
from bot.store.db import on_loop
from bot.store.rows import iso
from bot.who import Who
from engine.scoring import score

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
GROUP = -100_500


def summary(samples: list[float]) -> dict[str, float]:
    """Median and p95 of samples in seconds, in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 2), "p95_ms": round(p95 * 1000, 2)}


async def timed(runs: int, call: Callable[[], Awaitable[object]]) -> list[float]:
    """Seconds each of `runs` calls took, after one warm-up call."""
    await call()
    samples = []
    for _ in range(runs):
        begin = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - begin)
    return samples


async def opened(folder: Path) -> Runtime:
    config = Config(database_path=folder / "bench.sqlite3")
    return await open_runtime(config, random.Random(1), lambda: NOW, admins=NoAdmins(), timers=ManualTimers())


async def outbox_scan(pending: int, chats: int, runs: int) -> dict[str, object]:
    """The due-chats scan over a backlog, and a writer's wait for the lock while it runs."""
    runtime = await opened(Path(tempfile.mkdtemp()))
    store = runtime.store
    payload = json.dumps({"kind": "message", "text": "x", "buttons": [], "board": None, "fresh": False, "edit": None})
    async with store.transaction():
        await store.conn.executemany(
            "INSERT INTO outbox (chat_id, payload, not_before, created_at) VALUES (?, ?, ?, ?)",
            [(-(1 + n % chats), payload, iso(NOW), iso(NOW)) for n in range(pending)],
        )
    assert len(await store.outbox.due_chats(NOW)) == chats
    scans = await timed(runs, lambda: store.outbox.due_chats(NOW))

    async def writer_during_scan() -> float:
        scan = asyncio.create_task(store.outbox.due_chats(NOW))
        await asyncio.sleep(0)  # the scan has begun (and holds whatever it holds)
        begin = time.perf_counter()
        async with store.transaction():
            pass
        took = time.perf_counter() - begin
        await scan
        return took

    async def writer_alone() -> None:
        async with store.transaction():
            pass

    await writer_during_scan()
    waits = [await writer_during_scan() for _ in range(runs)]
    alone = await timed(runs, writer_alone)
    await runtime.close()
    return {
        "pending": pending,
        "chats": chats,
        "scan": summary(scans),
        "writer_with_scan": summary(waits),
        "writer_alone": summary(alone),
    }


async def long_race(moves: int, players: int, runs: int) -> dict[str, object]:
    """A /g and a plain message in a group whose race already has `moves` moves by `players` players."""
    runtime = await opened(Path(tempfile.mkdtemp()))
    store, core = runtime.store, runtime.core
    starter = Who(GROUP, 1, private=False, name="p1")
    await core.on_command(starter, "challenge", "classic")
    match = await core.deps.store.matches.active_match(GROUP)
    assert match is not None
    assert match.secret is not None
    variant, rng = match.variant, random.Random(3)
    codes = [c for c in (variant.code(i) for i in range(variant.size)) if c != match.secret]
    mover_made = 50  # the measured player, below the cap of 100 guesses a player; the others share the rest
    rest, others = divmod(moves - mover_made, players - 1)
    rows, seats = [], []
    for p in range(players):
        each = mover_made if p == 1 else rest + (1 if p - (p > 1) < others else 0)
        mine = rng.sample(codes, each)
        seats.append((match.id, p + 1, p + 1, f"p{p + 1}", each))
        for guess in mine:
            answer = score(match.secret, guess)
            rows.append((match.id, len(rows) + 1, p + 1, guess, answer.bulls, answer.cows, iso(NOW)))
    async with store.transaction():
        await store.conn.executemany(
            "INSERT OR REPLACE INTO match_players (match_id, user_id, seat, name, guesses) VALUES (?, ?, ?, ?, ?)",
            seats,
        )
        await store.conn.executemany(
            "INSERT INTO match_moves (match_id, seq, user_id, guess, bulls, cows, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    mover = Who(GROUP, 2, private=False, name="p2")
    tried = {r[3] for r in rows if r[2] == 2}
    fresh = iter([c for c in codes if c not in tried])

    async def in_batch(call: Callable[[], Awaitable[object]]) -> None:
        async with store.transaction():
            with on_loop(store.conn):
                await call()

    async def guess() -> None:
        await in_batch(lambda: core.on_command(mover, "g", next(fresh)))

    async def chat() -> None:
        await in_batch(lambda: core.on_text(mover, "good luck everyone"))

    guesses = await timed(runs, guess)
    chats = await timed(runs, chat)
    made = await store.conn.execute_fetchall("SELECT count(*) FROM match_moves WHERE match_id = ?", (match.id,))
    await runtime.close()
    return {
        "moves": moves,
        "players": players,
        "moves_stored_by_the_runs": next(iter(made))[0] - moves,
        "guess": summary(guesses),
        "plain_chat": summary(chats),
    }


async def bench(args: argparse.Namespace) -> dict[str, object]:
    load_before = os.getloadavg()[0]
    result: dict[str, object] = {
        "outbox": await outbox_scan(args.pending, args.chats, args.runs),
        "race": await long_race(args.moves, args.players, args.runs),
    }
    result["load"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pending", type=int, default=150_000, help="pending outbox rows")
    parser.add_argument("--chats", type=int, default=1000, help="chats the pending rows are spread over")
    parser.add_argument("--moves", type=int, default=50_000, help="moves already made in the race")
    parser.add_argument("--players", type=int, default=600, help="players who made them (at most 100 each)")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(bench(args))))


if __name__ == "__main__":
    main()
