"""Times the greedy sweeps and the optimal solver against the reference C++ program (mmstrat).

Each run is a fresh `python -m bot.cli bench|solve ... --json` process, as a user runs it; the figure
is the command's own seconds (the bench warms its kernels up first, as the bot does at start-up),
the median of --runs runs, and for sweeps also the process's CPU seconds over the same span (the
mmstrat figures are single-threaded CPU seconds measured on this machine class, issue 12; on a
shared, busy machine wall seconds run well above CPU seconds). Prints one JSON line per row and a
table; quote the load with the figures.

    .venv/bin/python bench/speed.py                 # greedy sweeps + mastermind solve
    .venv/bin/python bench/speed.py --classic-solve # also the classic solve (minutes)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

# (variant, strategy) -> (mmstrat CPU seconds, bullscows seconds before issue 12)
SWEEPS = {
    ("classic", "entropy"): (0.073, 2.5),
    ("classic", "expected-size"): (0.051, 2.1),
    ("classic", "minimax"): (0.096, 2.6),
    ("mastermind", "entropy"): (0.014, 0.43),
    ("mastermind", "expected-size"): (0.010, 0.41),
    ("mastermind", "minimax"): (0.013, 0.45),
    ("mastermind10", "entropy"): (0.34, 12.2),
    ("mastermind10", "expected-size"): (None, 13.8),
    ("mastermind10", "minimax"): (None, 16.4),
    ("5", "entropy"): (None, 70.5),
    ("5", "expected-size"): (None, 109.4),
    ("5", "minimax"): (None, None),
}
SOLVES = {"mastermind": (0.139, 3.8), "classic": (144.0, 307.0)}


def run(command: list[str]) -> dict[str, object]:
    """The JSON a bullscows command prints."""
    command = [sys.executable, "-m", "bot.cli", *command, "--json"]
    out = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def row(
    kind: str, variant: str, strategy: str, runs: list[dict[str, object]], mmstrat: float | None, before: float | None
) -> dict[str, object]:
    """One line of the table: median seconds, totals, and the ratios."""
    seconds = statistics.median(float(str(r["seconds"])) for r in runs)
    cpu = [float(str(r["cpu_seconds"])) for r in runs if "cpu_seconds" in r]
    cpu_seconds = statistics.median(cpu) if cpu else None
    totals = sorted({int(str(r["total_guesses"])) for r in runs})
    return {
        "work": kind,
        "variant": variant,
        "strategy": strategy,
        "total_guesses": totals[0] if len(totals) == 1 else totals,
        "seconds_median": round(seconds, 3),
        "cpu_seconds_median": None if cpu_seconds is None else round(cpu_seconds, 3),
        "runs": len(runs),
        "mmstrat_cpu_s": mmstrat,
        "ratio_to_mmstrat": None if mmstrat is None else round(seconds / mmstrat, 2),
        "cpu_ratio_to_mmstrat": None if mmstrat is None or cpu_seconds is None else round(cpu_seconds / mmstrat, 2),
        "before_s": before,
        "speed_up": None if before is None else round(before / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--classic-solve", action="store_true", help="also time the classic solve (minutes)")
    parser.add_argument("--skip-5", action="store_true", help="leave out the 5-digit sweeps (the longest)")
    parser.add_argument("--workers", type=int, help="solver threads (default: the solve command's own choice)")
    args = parser.parse_args()
    print(json.dumps({"load_average": os.getloadavg(), "cpus": os.cpu_count()}))
    rows = []
    for (variant, strategy), (mmstrat, before) in SWEEPS.items():
        if variant == "5" and args.skip_5:
            continue
        runs = [run(["bench", "--variant", variant, "--strategy", strategy]) for _ in range(args.runs)]
        rows.append(row("greedy sweep", variant, strategy, runs, mmstrat, before))
        print(json.dumps(rows[-1]), flush=True)
    for variant, (mmstrat, before) in SOLVES.items():
        if variant == "classic" and not args.classic_solve:
            continue
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "tree.txt.gz")
            count = args.runs if variant != "classic" else 1
            command = ["solve", "--variant", variant, "--out", out]
            if args.workers:
                command += ["--workers", str(args.workers)]
            runs = [run(command) for _ in range(count)]
        rows.append(row(f"optimal solve ({args.workers or 'default'} workers)", variant, "-", runs, mmstrat, before))
        print(json.dumps(rows[-1]), flush=True)
    print(json.dumps({"load_average": os.getloadavg()}))
    print()
    print(
        "| work | variant | strategy | total | s (median) | CPU s (median) | mmstrat CPU s | ratio (s / CPU s) "
        "| before s | speed-up |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['work']} | {r['variant']} | {r['strategy']} | {r['total_guesses']} | {r['seconds_median']} | "
            f"{r['cpu_seconds_median'] or '–'} | {r['mmstrat_cpu_s'] or '–'} | {r['ratio_to_mmstrat'] or '–'} / "
            f"{r['cpu_ratio_to_mmstrat'] or '–'} | {r['before_s'] or '–'} | {r['speed_up'] or '–'} |"
        )


if __name__ == "__main__":
    main()
