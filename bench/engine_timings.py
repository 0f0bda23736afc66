"""Wall-clock budgets of the engine's interactive paths, timed here rather than asserted in the tests.

    PYTHONPATH=. python bench/engine_timings.py

Finding a typical contradiction (after each guesser answer) should take under 50 ms, and the coaching
review after a referee guess under 100 ms, on a warm process. Exits 1 when a budget is exceeded.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from engine.analysis import review_move
from engine.consistency import find_contradiction
from engine.history import Turn
from engine.scoring import score
from engine.variant import PRESETS
from tests.engine.test_consistency import corrupt, real_game  # the same planted slips the tests use

CLASSIC = PRESETS["classic"]


def seconds_each(run: Callable[[], object], times: int) -> float:
    """The average wall-clock seconds of `run`, after one warm-up call (shared tables built)."""
    run()
    start = time.perf_counter()
    for _ in range(times):
        run()
    return (time.perf_counter() - start) / times


def main() -> int:
    """Time both paths against their budgets; 0 when both are within."""
    rng = random.Random(3)
    bad = corrupt(CLASSIC, real_game(CLASSIC, "7381", rng), 1, rng)
    contradiction = seconds_each(lambda: find_contradiction(CLASSIC, bad), 10)
    history = [Turn(guess, score("7381", guess)) for guess in ("0123", "4567", "1389")]
    coaching = seconds_each(lambda: [review_move(CLASSIC, history[:length]) for length in (1, 2, 3)], 1) / 3
    failed = 0
    for name, took, budget in (("contradiction", contradiction, 0.05), ("coaching", coaching, 0.1)):
        verdict = "ok" if took < budget else "OVER BUDGET"
        print(f"{name:14} {took * 1000:7.1f} ms  (budget {budget * 1000:.0f} ms)  {verdict}")
        failed += took >= budget
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
