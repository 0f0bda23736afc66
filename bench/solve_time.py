"""Times the optimal solver in one process (its core is compiled C: nothing to warm up): wall and CPU seconds per run.

`bullscows solve --json` reports wall seconds only; on a shared, busy machine those run well above
the CPU seconds that mmstrat's figures (issue 12) are given in. This times `Solver.solve` itself
(the search and the tree), --runs times, and prints the medians with the load. With --workers, it
also gives the CPU seconds of the busiest thread (read from /proc, Linux only): on a machine shared
with other jobs, how long the run would take with a free core per thread, less any time a thread waits.

    .venv/bin/python bench/solve_time.py --variant mastermind --runs 5
    .venv/bin/python bench/solve_time.py --variant classic --top-depth 3 --workers 2 --runs 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time

from engine.optimal.search import Solver, instance_for
from engine.optimal.tree import tree_stats
from engine.variant import variant_named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mastermind")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top-depth", type=int, default=2, help="as `bullscows solve` below 3000 codes")
    parser.add_argument("--workers", type=int, default=1, help="solver threads (the solve command's --workers)")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    instance = instance_for(variant)
    walls, cpus, busiest, totals = [], [], [], set()
    load_before = os.getloadavg()
    for _ in range(args.runs):
        sampler = _ThreadClock() if args.workers > 1 else None
        started, cpu_started = time.perf_counter(), time.process_time()
        solver = Solver(instance, top_depth=args.top_depth, workers=args.workers)
        total, tree = solver.solve()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu_started)
        if sampler is not None:
            busiest.append(sampler.stop())
        totals.add((total, tree_stats(variant, tree).total, int(solver.stats[0])))
    print(
        json.dumps(
            {
                "variant": variant.name,
                "totals_and_nodes": sorted(totals),
                "runs": args.runs,
                "wall_s_median": round(statistics.median(walls), 3),
                "cpu_s_median": round(statistics.median(cpus), 3),
                "cpu_s_min": round(min(cpus), 3),
                "busiest_thread_cpu_s": [round(b, 2) for b in busiest],
                "load_average": [load_before, os.getloadavg()],
            }
        )
    )


def _thread_seconds() -> dict[int, float]:
    """CPU seconds (user + system) of each thread of this process so far, from /proc/self/task."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/stat", encoding="ascii") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the thread ended
        out[int(task)] = (int(fields[11]) + int(fields[12])) / tick
    return out


class _ThreadClock:
    """Samples every thread's CPU seconds until stopped (a pool's threads are gone once it shuts down)."""

    def __init__(self) -> None:
        self.start = _thread_seconds()
        self.last: dict[int, float] = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        me = threading.get_native_id()
        while True:
            self.last.update((tid, s) for tid, s in _thread_seconds().items() if tid != me)
            if self.done.wait(0.1):
                return

    def stop(self) -> float:
        """The most CPU seconds any one thread used since the clock started."""
        self.done.set()
        self.thread.join()
        self.last.update(_thread_seconds())
        return max(s - self.start.get(tid, 0.0) for tid, s in self.last.items())


if __name__ == "__main__":
    main()
