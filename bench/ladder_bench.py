"""The /puzzle ladder at scale: one player who does thousands of puzzles, never one twice.

    PYTHONPATH=. .venv/bin/python bench/ladder_bench.py [--puzzles 6000] [--attempts 6100] [--block 500]

A fresh database gets --puzzles classic puzzles made ahead (as `bullscows puzzles make` does); then one player, of
true skill θ = 25 on the model's scale, attempts puzzles one after another through the bot's services, each in a
transaction of its own as an update would be: the ladder picks one (`bot.puzzles.service.show_ladder`: the window around
their rating, widened while nothing unseen is left in it, then the nearest unseen at any rating), and they answer it,
right with the model's chance Φ((θ − d) / (√2 β)) for the puzzle's rating d, else wrong then right. Reported for
each block of attempts: the median and 95th percentile of the pick's wall time (the ladder's queries and `pick`),
how wide the window had to go, the player's shown rating and solve rate; then whether any puzzle came twice, and
what the player gets once every stored puzzle was shown to them (a few made on the fly). The load average is
printed with the figures: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from statistics import NormalDist

from bot.config import Config
from bot.ports import ManualTimers, NoAdmins
from bot.puzzles import rating as puzzle_rating
from bot.puzzles import service as puzzles
from bot.puzzles.cli import make_ahead
from bot.puzzles.store import Current
from bot.records.rating import Skill
from bot.runtime import open_runtime

USER = 7


def load() -> float:
    """The 1-minute load average."""
    return round(os.getloadavg()[0], 2)


async def bench(count: int, attempts: int, block: int) -> None:
    folder = Path(tempfile.mkdtemp())
    database = folder / "ladder.sqlite3"
    made = await make_ahead(database, "classic", count)
    print(
        f"made {made.made} classic puzzles in {made.seconds:.1f} s ({made.made / made.seconds:.0f} a second),"
        f" load {load()}"
    )
    runtime = await open_runtime(
        Config(database_path=database), random.Random(1), admins=NoAdmins(), timers=ManualTimers()
    )
    deps = runtime.core.deps
    truth = random.Random(2)
    normal = NormalDist()
    theta, beta = 25.0, puzzle_rating.MODEL.beta
    classic = puzzles.DAILY_VARIANT
    shown: set[int] = set()
    repeats = 0
    times: list[float] = []
    solved: list[bool] = []
    print("| attempts | pick median ms | pick p95 ms | player shown | solved (first answer) | load |")
    print("|---|---|---|---|---|---|")
    try:
        for attempt in range(1, attempts + 1):
            async with deps.transaction():
                started = time.perf_counter()
                ladder = await puzzles.show_ladder(deps, USER, classic, classic)
                times.append(time.perf_counter() - started)
                if ladder.made_now:
                    print(f"attempt {attempt}: every stored puzzle shown; {ladder.made_now} made on the fly")
                repeats += ladder.puzzle_id in shown
                shown.add(ladder.puzzle_id)
                row = await puzzles.repository(deps).puzzle(ladder.puzzle_id)
                assert row is not None
                chance = normal.cdf((theta - row.skill.mu) / (2**0.5 * beta))
                right = truth.random() < chance
                solving = Current(ladder.puzzle_id, None)
                if not right:
                    wrong = "0123" if ladder.puzzle.solution != "0123" else "4567"
                    await puzzles.answer(deps, USER, wrong, solving)
                await puzzles.answer(deps, USER, ladder.puzzle.solution, solving)
                solved.append(right)
            if attempt % block == 0 or attempt == attempts:
                window = [1000 * t for t in times[-block:]]
                skill = await puzzles.repository(deps).skill(USER, "digits") or Skill()
                print(
                    f"| {attempt} | {statistics.median(window):.2f} | {statistics.quantiles(window, n=20)[18]:.2f}"
                    f" | {puzzle_rating.player_shown(skill)} | {sum(solved[-block:]) / len(solved[-block:]):.2f}"
                    f" | {load()} |"
                )
    finally:
        await runtime.close()
    print(f"{len(shown)} different puzzles shown in {attempts} attempts; shown twice: {repeats}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=6000)
    parser.add_argument("--attempts", type=int, default=6100)
    parser.add_argument("--block", type=int, default=500)
    args = parser.parse_args()
    asyncio.run(bench(args.puzzles, args.attempts, args.block))


if __name__ == "__main__":
    main()
