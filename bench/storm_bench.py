"""Puzzle Storm at scale: how many puzzles the bot serves a second, and what starting a run costs.

    PYTHONPATH=. .venv/bin/python bench/storm_bench.py [--puzzles 3000] [--players 200] [--answers 20] [--runs 3]
        [--shelf 0]

A fresh database gets --puzzles classic puzzles made ahead (as `bullscows puzzles make` does); then --players players
each start a run and give --answers answers (right or wrong at random), every start and every answer in a transaction
of its own through the bot's services, as an update is (`bot.storm.service.start`, `answer`), on a clock that moves
a second an answer so that no run runs out. Reported, for each of --runs rounds (each its own players, so each draws
from puzzles they have not seen: the first players' starts also hand puzzles over from the stock): the puzzles
served a second (an answer graded and the next puzzle shown, wall time), the median and 95th percentile of an answer
and of a start, and the size of Storm's shelf; then the medians of the rounds. --shelf N hands N puzzles over to
Storm first (a shelf that has grown: each start reads the puzzles its player has not seen). First, the CPU time of
Storm's clock looking with nothing due (bot/storm/timer.py: once a second). The load average is printed with them:
the machine is shared.
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

from bot import puzzles
from bot.config import Config
from bot.ports import ManualTimers, NoAdmins
from bot.puzzles.cli import make_ahead
from bot.runtime import open_runtime
from bot.storm import service as storm
from bot.storm import timer
from engine.inverse.storm import STORM_MAX_CLUES


class Clock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def load() -> float:
    """The 1-minute load average."""
    return round(os.getloadavg()[0], 2)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[18] if len(values) > 1 else values[0]


async def bench(count: int, players: int, answers: int, runs: int, shelf: int) -> None:
    folder = Path(tempfile.mkdtemp())
    database = folder / "storm.sqlite3"
    made = await make_ahead(database, "classic", count)
    print(f"made {made.made} classic puzzles in {made.seconds:.1f} s, load {load()}")
    clock = Clock()
    runtime = await open_runtime(
        Config(database_path=database), random.Random(1), clock, admins=NoAdmins(), timers=ManualTimers()
    )
    core, deps = runtime.core, runtime.core.deps
    ticks = []
    for _ in range(1000):  # Storm's clock with nothing due: what it costs a second, every second
        started = time.process_time()
        await timer.tick(core, runtime.store, lambda: None, core.features.storm.due)
        ticks.append(time.process_time() - started)
    print(f"the clock's look with nothing due: {1e6 * statistics.median(ticks):.0f} µs of CPU (median of 1000)")
    if shelf:

        async def grow() -> int:
            handed = await puzzles.hand_over(deps, "classic", shelf, STORM_MAX_CLUES)
            return await storm.repository(deps).add_puzzles("classic", [(h.data, h.estimate) for h in handed], clock())

        print(f"handed {await core.alone(0, grow)} puzzles over to Storm")
    chance = random.Random(2)
    served_rates, answer_medians, start_medians = [], [], []
    print(
        "| round | puzzles served a second | answer median ms | answer p95 ms | start median ms | start p95 ms"
        " | Storm's shelf | load |"
    )
    print("|---|---|---|---|---|---|---|---|")
    try:
        for round_ in range(runs):
            starts, times = [], []
            began = time.perf_counter()
            for player in range(players):
                user = 1 + round_ * players + player
                started = time.perf_counter()
                shown = await core.alone(user, lambda user=user: storm.start(deps, user, f"P{user}"))
                starts.append(time.perf_counter() - started)
                assert isinstance(shown, storm.RunShown)
                for _ in range(answers):
                    clock.now += timedelta(seconds=1)
                    puzzle = shown.puzzle
                    assert puzzle is not None
                    code = (
                        puzzle.solution if chance.random() < 0.7 else ("0123" if puzzle.solution != "0123" else "4567")
                    )
                    started = time.perf_counter()
                    shown = await core.alone(user, lambda user=user, code=code: storm.answer(deps, user, code))
                    times.append(time.perf_counter() - started)
                    assert isinstance(shown, storm.RunShown)
                    if shown.over:
                        break
                await core.alone(user, lambda user=user: storm.stop(deps, user))
            wall = time.perf_counter() - began
            shelf = await storm.repository(deps).count("classic")
            served_rates.append(len(times) / sum(times))
            answer_medians.append(1000 * statistics.median(times))
            start_medians.append(1000 * statistics.median(starts))
            print(
                f"| {round_ + 1} | {len(times) / sum(times):.0f} ({len(times)} in {wall:.1f} s with the starts)"
                f" | {1000 * statistics.median(times):.2f} | {1000 * p95(times):.2f}"
                f" | {1000 * statistics.median(starts):.2f} | {1000 * p95(starts):.2f} | {shelf} | {load()} |"
            )
    finally:
        await runtime.close()
    print(
        f"medians of {runs} rounds: {statistics.median(served_rates):.0f} puzzles served a second, an answer"
        f" {statistics.median(answer_medians):.2f} ms, a start {statistics.median(start_medians):.2f} ms; load {load()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=3000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shelf", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(bench(args.puzzles, args.players, args.answers, args.runs, args.shelf))


if __name__ == "__main__":
    main()
