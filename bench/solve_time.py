"""Times the optimal solver in one process, after its kernels are warm: wall and CPU seconds per run.

`bullscows solve --json` reports wall seconds only; on a shared, busy machine those run well above
the CPU seconds that mmstrat's figures (issue 12) are given in. This times `Solver.solve` itself
(the search and the tree), --runs times, and prints the medians with the load.

    .venv/bin/python bench/solve_time.py --variant mastermind --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from engine.optimal.search import Solver, instance_for, warm_up
from engine.optimal.tree import tree_stats
from engine.variant import variant_named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="mastermind")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top-depth", type=int, default=2, help="as `bullscows solve` below 3000 codes")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    warm_up()
    instance = instance_for(variant)
    walls, cpus, totals = [], [], set()
    load_before = os.getloadavg()
    for _ in range(args.runs):
        started, cpu_started = time.perf_counter(), time.process_time()
        solver = Solver(instance, top_depth=args.top_depth)
        total, tree = solver.solve()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu_started)
        totals.add((total, tree_stats(variant, tree).total, int(solver.stats[0])))
    print(json.dumps({
        "variant": variant.name,
        "totals_and_nodes": sorted(totals),
        "runs": args.runs,
        "wall_s_median": round(statistics.median(walls), 3),
        "cpu_s_median": round(statistics.median(cpus), 3),
        "cpu_s_min": round(min(cpus), 3),
        "load_average": [load_before, os.getloadavg()],
    }))


if __name__ == "__main__":
    main()
