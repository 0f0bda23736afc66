"""Benchmark of the game review (`engine.review.review_game`): CPU per whole review over simulated human games.

"Human-like" games are those of `engine.review.players`: the first guess is any code; after it a player mostly
guesses a code that fits every answer so far, sometimes forgets one answer (the guess fits all the others), a
beginner now and then guesses any code, and a studied player now and then plays the engine's own move; four kinds
of players from beginner to studied, drawn 25/40/25/10 %; a game stops at the win or after 15 guesses. The games
are seeded (--seed), the same in every run. Each run reviews every game from scratch (a review keeps nothing from
the one before) and times it in CPU seconds (time.process_time: the review is single-threaded); the figures printed
are the medians over the runs of each run's p50, p95 and max, with the share of guesses whose figures are exact and
the machine's load.

    .venv/bin/python bench/review_bench.py --variant classic --games 1000 --runs 3
    .venv/bin/python bench/review_bench.py --variant mastermind --games 1000 --runs 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections import Counter

import numpy as np

from engine.history import Turn
from engine.review import DEFAULT_BUDGET, review_game
from engine.review.players import human_game, some_player
from engine.variant import Variant, variant_named


def games_of(variant: Variant, count: int, seed: int) -> list[list[Turn]]:
    """The benchmark's games: `count` simulated human games, seeded."""
    rng = random.Random(seed)
    return [human_game(variant, rng, some_player(rng)) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="solver work per position, in pairs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    games = games_of(variant, args.games, args.seed)
    review_game(variant, games[0], budget=args.budget)  # loads the tables and the solver's core: no review pays it
    load_before = os.getloadavg()[0]
    runs = []
    for _ in range(args.runs):
        timings, exact, guesses, labels, accuracy = [], 0, 0, Counter[str](), []
        for turns in games:
            started = time.process_time()
            review = review_game(variant, turns, budget=args.budget)
            timings.append(time.process_time() - started)
            exact += sum(item.exact for item in review.guesses)
            guesses += len(review.guesses)
            labels.update(item.label.value for item in review.guesses)
            accuracy.append(review.accuracy)
        cpu = np.array(timings)
        runs.append(
            {
                "p50": float(np.percentile(cpu, 50)),
                "p95": float(np.percentile(cpu, 95)),
                "max": float(cpu.max()),
                "total": float(cpu.sum()),
                "exact_share": exact / guesses,
                "labels": {label: count / guesses for label, count in labels.items()},
                "accuracy_p50": float(np.percentile(accuracy, 50)),
            }
        )
    load_after = os.getloadavg()[0]
    median = {key: statistics.median(run[key] for run in runs) for key in ("p50", "p95", "max", "total")}
    result = {
        "variant": variant.name,
        "games": len(games),
        "guesses": sum(len(g) for g in games),
        "runs": args.runs,
        "budget": args.budget,
        **{f"cpu_{key}_s": round(value, 4) for key, value in median.items()},
        "exact_share": min(run["exact_share"] for run in runs),
        "labels": runs[0]["labels"],
        "accuracy_p50": runs[0]["accuracy_p50"],
        "load": [round(load_before, 2), round(load_after, 2)],
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{variant.name}: {len(games)} games, {result['guesses']} guesses, {args.runs} runs (medians of each run's)")
    print(f"  CPU per review: p50 {median['p50']:.3f} s, p95 {median['p95']:.3f} s, max {median['max']:.3f} s")
    print(f"  exact figures: {result['exact_share']:.2%} of guesses; median accuracy {result['accuracy_p50']:.1f}%")
    print("  labels: " + ", ".join(f"{k} {v:.1%}" for k, v in sorted(result["labels"].items(), key=lambda kv: -kv[1])))
    print(f"  load average {load_before:.2f} before, {load_after:.2f} after")


if __name__ == "__main__":
    main()
