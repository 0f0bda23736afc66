"""Moves per second through the transport-independent core, with everything a Telegram move costs but the network.

Each move is what the intake does for one update: one transaction holding the Core's work (coaching included
when on), the replies written to the outbox and the inbox's mark. Players in many private chats play referee
games with the engine's guesses; a won game starts anew.

    PYTHONPATH=. python bench/core_bench.py --chats 20 --moves 2000 [--no-coaching] [--variant 6] [--json]
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
from bot.models.who import Who
from bot.runtime import open_runtime
from bot.services.ports import ManualTimers, NoAdmins
from bot.telegram_io.outgoing import post
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import score
from engine.variant import variant_named


async def bench(chats: int, moves: int, coaching: bool, variant_name: str) -> dict[str, object]:
    variant = variant_named(variant_name)
    folder = Path(tempfile.mkdtemp())
    runtime = await open_runtime(
        Config(database_path=folder / "bench.sqlite3"), random.Random(1), admins=NoAdmins(), timers=ManualTimers()
    )
    store, core = runtime.store, runtime.core
    update_ids = iter(range(1, 10**9))

    async def move(who: Who, text: str, command: bool = False) -> None:
        update_id = next(update_ids)
        await store.inbox.record([{"update_id": update_id}], core.deps.clock())
        async with store.transaction():
            outcome = await (core.on_command(who, "play", variant_name) if command else core.on_text(who, text))
            await post(store, who.chat_id, outcome, core.deps.clock(), update_id)
            await store.inbox.finish(update_id, core.deps.clock())

    players = [Who(10_000 + i, 10_000 + i) for i in range(chats)]
    histories: dict[int, list[Turn]] = {}
    for who in players:
        async with store.transaction():
            settings = replace(await core.deps.games.settings(who.chat_id), coaching=coaching)
            await core.deps.games.save_settings(who.chat_id, settings, core.deps.clock())
        await move(who, "", command=True)
        histories[who.chat_id] = []
    await asyncio.to_thread(next_guess, variant, ())  # warm, as the bot is before its first update
    timings: list[float] = []
    started = time.perf_counter()
    done = 0
    while done < moves:
        for who in players:
            game = await core.deps.games.active_game(who.chat_id)
            assert game is not None
            assert game.secret is not None
            history = histories[who.chat_id]
            guess = next_guess(variant, history)
            t0 = time.perf_counter()
            await move(who, guess)
            timings.append(time.perf_counter() - t0)
            history.append(Turn(guess, score(game.secret, guess)))
            done += 1
            if history[-1].answer.bulls == variant.length:
                histories[who.chat_id] = []
                await move(who, "", command=True)
            if done >= moves:
                break
    wall = time.perf_counter() - started
    await runtime.close()
    timings.sort()
    return {
        "variant": variant_name,
        "coaching": coaching,
        "chats": chats,
        "moves": done,
        "moves_per_second_of_move_time": round(done / sum(timings), 1),
        "p50_ms": round(statistics.median(timings) * 1000, 2),
        "p95_ms": round(timings[int(len(timings) * 0.95)] * 1000, 2),
        "max_ms": round(timings[-1] * 1000, 2),
        "wall_s": round(wall, 1),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chats", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--no-coaching", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(bench(args.chats, args.moves, not args.no_coaching, args.variant))
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:32} {value}")


if __name__ == "__main__":
    main()
