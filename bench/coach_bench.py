"""Micro-benchmark of the engine's side of a coached referee move (`engine.analysis.review_move`).

Plays reproducible games in which the player guesses a random code that still fits (as a careful
human does; with --sloppy, a random code), reviews every move as the bot does with coaching on, and
prints moves per second and the per-move percentiles. The SQLite commit is not included: the bot's
own benchmark adds it.

    .venv/bin/python bench/coach_bench.py --variant classic --games 300
    .venv/bin/python bench/coach_bench.py --variant 6 --games 40
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

from engine import warm_up
from engine.analysis import review_move
from engine.history import Turn, candidates
from engine.scoring import score
from engine.variant import variant_named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sloppy", action="store_true", help="guess any code, not one that fits")
    args = parser.parse_args()
    variant = variant_named(args.variant)
    warmed = warm_up()
    rng = random.Random(args.seed)
    timings: list[float] = []
    for _ in range(args.games):
        secret = variant.code(rng.randrange(variant.size))
        history: list[Turn] = []
        while not history or history[-1].answer.bulls < variant.length:
            if args.sloppy and len(history) < 4:
                guess = variant.code(rng.randrange(variant.size))
            else:
                alive = candidates(variant, history)
                guess = variant.code(int(alive[rng.randrange(len(alive))]))
            history.append(Turn(guess, score(secret, guess)))
            started = time.perf_counter()
            review_move(variant, history)
            timings.append(time.perf_counter() - started)
    ms = np.array(timings) * 1000
    print(
        json.dumps(
            {
                "variant": variant.name,
                "games": args.games,
                "moves": len(ms),
                "moves_per_second": round(len(ms) / (ms.sum() / 1000), 1),
                "ms_p50": round(float(np.percentile(ms, 50)), 3),
                "ms_p95": round(float(np.percentile(ms, 95)), 3),
                "ms_max": round(float(ms.max()), 3),
                "warm_up_seconds": round(warmed, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
