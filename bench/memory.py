"""The memory of a bot process at rest: the real bot (`python -m bot`) against the Bot API emulator.

    PYTHONPATH=. .venv/bin/python bench/memory.py [--runs 3] [--code DIR] [--all-on]

Starts the emulator and the bot on a fresh database, waits until it polls, plays one coached referee game and one
game where the bot guesses (classic), waits a few seconds and reads the process's /proc/PID/status: VmRSS (what
it holds now), split into RssAnon (its own heap) and RssFile (mapped libraries and files), and VmHWM (the most it
held, start-up included), in MB, and how long the bot took from its start to its first poll (ready_ms: imports,
migrations, the engine's warm-up, Telegram's answers). Then stops it with SIGTERM. The median of --runs fresh
processes. --code runs the bot of another checkout (its PYTHONPATH), to compare two versions in one sitting.
--all-on serves the Mini App and the metrics endpoint too (a bot on long polling alone never imports their server).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.load_bench import Rig
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.games import GuesserGame, RefereeGame, is_board
from tests.e2e.processes import free_port

FIELDS = ("VmRSS", "RssAnon", "RssFile", "VmHWM")
REPORTED = (*FIELDS, "ready_ms")


def status(pid: int) -> dict[str, int]:
    """The memory fields of /proc/PID/status, in MB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in FIELDS:
            found[key] = round(int(value.split()[0]) / 1024)
    return found


def one_run(code: Path | None, settle: float, all_on: bool = False) -> dict[str, int]:
    """One fresh bot's memory at rest, and how long it took from its start to its first poll."""
    with tempfile.TemporaryDirectory() as folder:
        rig = Rig(Path(folder))
        if code is not None:
            rig.bot.env["PYTHONPATH"] = str(code)
        if all_on:
            port = free_port()
            rig.bot.env.update(
                WEBAPP_URL=f"http://127.0.0.1:{port}/", WEBAPP_PORT=str(port), METRICS_PORT=str(free_port())
            )
        try:
            begin = time.perf_counter()
            rig.bot.start_and_wait()
            ready = time.perf_counter() - begin
            assert rig.bot.popen is not None
            user = UserClient(rig.api, rig.token, user_id=4242)
            user.send_command("/play")
            user.wait_new("picked a secret")
            RefereeGame(user, PRESETS["classic"]).play_to_the_end()
            user.send_command("/think")
            GuesserGame(user, secret="7381", board=user.wait_new(is_board)).play_to_the_end()
            time.sleep(settle)
            return {**status(rig.bot.popen.pid), "ready_ms": round(ready * 1000)}
        finally:
            rig.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds at rest before reading")
    parser.add_argument("--code", type=Path, help="the checkout whose bot runs (default: this one)")
    parser.add_argument("--all-on", action="store_true", help="serve the Mini App and the metrics endpoint too")
    args = parser.parse_args()
    runs = []
    for _ in range(args.runs):
        runs.append(one_run(args.code, args.settle, args.all_on))
        print(json.dumps(runs[-1]))
    medians = {key: statistics.median(run[key] for run in runs) for key in REPORTED}
    load = os.getloadavg()[0]
    summary = {"median": medians, "runs": args.runs, "load": round(load, 1), "code": str(args.code or ".")}
    print(json.dumps({**summary, "all_on": args.all_on}))


if __name__ == "__main__":
    main()
