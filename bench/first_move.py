"""The first reply of every variant in a fresh process: the engine's first guess (`/think`) and a first
coached referee move, after `engine.warm_up()` and a frozen heap, as the bot has them at start-up.

    .venv/bin/python bench/first_move.py
"""

from __future__ import annotations

import gc
import json
import random
import time

from engine import warm_up
from engine.analysis import review_move
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import score
from engine.variant import variant_named

VARIANTS = ["classic", "nozero", "mastermind", "4r7", "4r8", "mastermind10", "4r9", "3", "5", "6"]


def main() -> None:
    started = time.perf_counter()
    warmed = warm_up()
    total = time.perf_counter() - started
    # as the bot does after warming up (bot.play.service.settle_heap): else a full collection of whatever
    # is loaded lands on some variant's first move, a different one as what is loaded changes
    gc.collect()
    gc.freeze()
    print(json.dumps({"warm_up_seconds": round(warmed, 3), "import_and_warm_up_seconds": round(total, 3)}))
    rng = random.Random(1)
    for name in VARIANTS:
        variant = variant_named(name)
        started = time.perf_counter()
        first = next_guess(variant, [])
        think = time.perf_counter() - started
        secret = variant.code(rng.randrange(variant.size))
        guess = variant.code(rng.randrange(variant.size))
        started = time.perf_counter()
        review_move(variant, [Turn(guess, score(secret, guess))])
        coached = time.perf_counter() - started
        started = time.perf_counter()
        second = next_guess(variant, [Turn(first, score(secret, first))])
        reply = time.perf_counter() - started
        print(
            json.dumps(
                {
                    "variant": variant.name,
                    "first_guess_s": round(think, 3),
                    "second_guess_s": round(reply, 3),
                    "first_coached_move_s": round(coached, 3),
                    "guesses": [first, second],
                }
            )
        )


if __name__ == "__main__":
    main()
