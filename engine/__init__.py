"""The game's brain: variants, scoring, guessing, consistency and analysis. Pure and synchronous."""

from __future__ import annotations


def warm_up() -> float:
    """Load the engine's kernels, tables and strategies by playing a tiny variant through every path the bot
    uses; returns the seconds it took. Call it once at start-up, so that no player's first move pays for it."""
    import time

    from engine import kernels
    from engine.analysis import review_move
    from engine.guesser import next_guess, strategy_named
    from engine.history import Turn
    from engine.play import solve_counts
    from engine.scoring import score
    from engine.strategies import rng_for
    from engine.variant import Variant

    started = time.perf_counter()
    kernels.warm_up()
    rng_for(Variant(3, 6), ()).choice(2)  # the samples of big variants: numpy.random loads here, not in a move
    tiny = Variant(3, 6)
    for name in ("entropy", "expected-size", "minimax", "most-parts"):
        solve_counts(tiny, strategy_named(name))
    secret, history = "345", list[Turn]()
    while not history or history[-1].answer.bulls < tiny.length:
        guess = next_guess(tiny, history, strategy_named("planner"))
        history.append(Turn(guess, score(secret, guess)))
        review_move(tiny, history)
    return time.perf_counter() - started
