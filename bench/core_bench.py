"""Moves per second through the transport-independent core, with everything a Telegram move costs but the network.

The moves go the intake's way: each round of updates is recorded in the inbox (one commit, as polling records
what one getUpdates brought), then applied by the intake's `apply_batch` (their runs counted in one commit,
then one transaction with a savepoint per update, committed once), each update as the handlers and the intake apply
it: the Core's work (coaching included when on) and its replies written to the outbox, then the inbox's mark.
`--batch 1` is one update per commit pair, as an idle bot processes a lone update. Players in `--chats`
private chats play referee games with the engine's guesses, `--batch` of them per round (one move each); a
won game starts anew. With `--players fitting` they guess a random code that still fits instead, as a careful
human does: their moves leave the engine's optimal tree, so more of the coach's reviews search (in a thread).

Figures: moves per second of the timed rounds (recording, counting and the batch transaction, commits
included; choosing the players' guesses is not timed), each move's own time inside its savepoint (p50, p95,
max), a reply's wait (from its round's start to the commit after which it may be sent), and the SQL statements a
move runs inside its savepoint (the mean of a timed move: every statement, and the reads among them; the savepoint's
own SAVEPOINT and RELEASE not counted, a statement's triggers counted with it).

    PYTHONPATH=. python bench/core_bench.py --chats 100 --moves 3000 --batch 100 [--no-coaching] [--variant 6]
        [--players fitting]
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
from dataclasses import replace
from pathlib import Path

from bot.config import Config
from bot.outgoing import post
from bot.ports import ManualTimers, NoAdmins
from bot.replies import Outcome
from bot.runtime import open_runtime
from bot.store.inbox import Recorded
from bot.telegram_io.intake import MAX_BATCH, apply_batch
from bot.warm import settle_heap, warm_up
from bot.who import Who
from engine.guesser import next_guess
from engine.history import Turn, candidates
from engine.scoring import score
from engine.variant import variant_named


def percentile(sorted_values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie."""
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))]


async def bench(
    chats: int, moves: int, batch: int, coaching: bool, variant_name: str, players_play: str = "engine"
) -> dict[str, object]:
    variant = variant_named(variant_name)
    choice = random.Random(2)
    folder = Path(tempfile.mkdtemp())
    runtime = await open_runtime(
        Config(database_path=folder / "bench.sqlite3"), random.Random(1), admins=NoAdmins(), timers=ManualTimers()
    )
    store, core = runtime.store, runtime.core
    clock = core.deps.clock
    update_ids = iter(range(1, 10**9))
    move_times: list[float] = []
    waits: list[float] = []
    traced: list[str] = []  # the statements run since the list was last cleared
    # aiosqlite's public trace: every statement passes it, whichever thread runs it
    await core.deps.store.conn.set_trace_callback(traced.append)
    statements: list[tuple[int, int]] = []  # (every statement, the reads) of each timed move

    async def round_of(updates: list[tuple[Who, str | None]], timed: bool) -> None:
        """Record and apply one update per (player, guess); a guess of None is /play."""
        ids = [next(update_ids) for _ in updates]
        work = {update_id: who_text for update_id, who_text in zip(ids, updates, strict=True)}

        async def apply(recorded: Recorded) -> None:
            who, text = work[recorded.update_id]

            async def outcome() -> Outcome:
                return await (core.on_command(who, "play", variant_name) if text is None else core.on_text(who, text))

            traced.clear()
            t0 = time.perf_counter()
            async with store.transaction.savepoint():  # as the intake applies an update: its handler's savepoint
                await post(store, who.chat_id, await outcome(), clock(), recorded.update_id)
            await store.inbox.finish(recorded.update_id, clock())  # then the intake's mark
            if timed and text is not None:
                move_times.append(time.perf_counter() - t0)
                # a statement's triggers are traced as the statement again, right after it: counted once
                own = [s.lstrip().upper() for i, s in enumerate(traced) if i == 0 or s != traced[i - 1]]
                own = [s for s in own if not s.startswith(("SAVEPOINT", "RELEASE"))]
                statements.append((len(own), sum(s.startswith(("SELECT", "WITH")) for s in own)))

        arrived = time.perf_counter()
        await store.inbox.record([{"update_id": i} for i in ids], clock())
        pending = [Recorded(i, {"update_id": i}, 0) for i in ids]
        while pending:  # a batch cut short by its time budget leaves the rest for the next one, as the intake
            applied = await apply_batch(store, pending[:batch], apply)
            if timed:  # these replies may be sent now
                waits.extend([time.perf_counter() - arrived] * applied)
            pending = pending[applied:]

    players = [Who(10_000 + i, 10_000 + i) for i in range(chats)]
    histories: dict[int, list[Turn]] = {who.chat_id: [] for who in players}
    secrets: dict[int, str] = {}
    for who in players:
        async with store.transaction():
            settings = replace(await core.deps.store.settings.of_chat(who.chat_id), coaching=coaching)
            await core.deps.store.settings.save(who.chat_id, settings, clock())
    await round_of([(who, None) for who in players], timed=False)
    await asyncio.to_thread(warm_up)  # as the bot does before its first update
    await asyncio.to_thread(settle_heap)
    await asyncio.to_thread(next_guess, variant, ())
    timed_seconds = cpu_seconds = 0.0
    done, turn = 0, 0
    started = time.perf_counter()
    while done < moves:
        updates: list[tuple[Who, str | None]] = []
        guesses: dict[int, str] = {}
        while len(updates) < min(batch, moves - done):
            who = players[turn % chats]
            turn += 1
            if who.chat_id in guesses:
                break  # one move a chat a round: its next guess needs this one's score
            if who.chat_id not in secrets:
                game = await core.deps.store.games.active_game(who.chat_id)
                assert game is not None
                assert game.secret is not None
                secrets[who.chat_id] = game.secret
            if players_play == "engine":
                guesses[who.chat_id] = next_guess(variant, histories[who.chat_id])
            else:
                alive = candidates(variant, histories[who.chat_id])
                guesses[who.chat_id] = variant.code(int(alive[choice.randrange(len(alive))]))
            updates.append((who, guesses[who.chat_id]))
        t0, cpu0 = time.perf_counter(), time.process_time()
        await round_of(updates, timed=True)
        elapsed = time.perf_counter() - t0
        timed_seconds += elapsed
        cpu_seconds += time.process_time() - cpu0
        done += len(updates)
        won = []
        for chat_id, guess in guesses.items():
            history = histories[chat_id]
            history.append(Turn(guess, score(secrets[chat_id], guess)))
            if history[-1].answer.bulls == variant.length:
                won.append(next(who for who in players if who.chat_id == chat_id))
                histories[chat_id] = []
                del secrets[chat_id]
        if won:
            await round_of([(who, None) for who in won], timed=False)
    wall = time.perf_counter() - started
    await runtime.close()
    move_times.sort()
    waits.sort()
    return {
        "variant": variant_name,
        "coaching": coaching,
        "players": players_play,
        "chats": chats,
        "batch": batch,
        "moves": done,
        "moves_per_second": round(done / timed_seconds, 1),
        "moves_per_cpu_second": round(done / cpu_seconds, 1),
        "move_mean_ms": round(statistics.fmean(move_times) * 1000, 2),
        "move_p50_ms": round(statistics.median(move_times) * 1000, 2),
        "move_p95_ms": round(percentile(move_times, 0.95) * 1000, 2),
        "move_max_ms": round(move_times[-1] * 1000, 2),
        "statements_per_move": round(statistics.fmean(n for n, _ in statements), 2),
        "reads_per_move": round(statistics.fmean(r for _, r in statements), 2),
        "reply_wait_p50_ms": round(statistics.median(waits) * 1000, 2),
        "reply_wait_p95_ms": round(percentile(waits, 0.95) * 1000, 2),
        "wall_s": round(wall, 1),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=100)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument(
        "--batch", type=int, default=MAX_BATCH, help="updates a round brings (at most one a chat): 1 = one at a time"
    )
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--no-coaching", action="store_true")
    parser.add_argument(
        "--players", choices=("engine", "fitting"), default="engine", help="guess as the engine, or any code that fits"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(bench(args.chats, args.moves, args.batch, not args.no_coaching, args.variant, args.players))
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:32} {value}")


if __name__ == "__main__":
    main()
