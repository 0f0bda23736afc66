"""The hard code-maker: it never fixes a secret, answering each guess so that most secrets survive.

Its whole state is the history of guesses and answers: the secrets still possible are
recomputed from it, so a game stored as plain turns resumes exactly after a restart.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from engine.history import History, Turn, partition_counts
from engine.scoring import Score
from engine.strategies import alive_or_raise
from engine.variant import Code, Variant


def adversary_answer(variant: Variant, history: History, guess: Code, rng: random.Random | None = None) -> Score:
    """The answer that keeps the most secrets alive; all bulls only when the guess is the last one.

    Ties go to the smallest feedback id (fewest bulls, then fewest cows), or to a random one of
    them when `rng` is given. Every answer is the true score of some secret that fits the history;
    NoCandidates if the history itself rules out every secret (a corrupted stored game).

    >>> from engine.variant import PRESETS
    >>> adversary_answer(PRESETS["classic"], [], "0123")
    Score(bulls=0, cows=1)
    """
    guess = variant.parse(guess)
    alive = alive_or_raise(variant, history)
    counts = partition_counts(variant, guess, alive)
    if counts.sum() > counts[variant.solved]:
        counts[variant.solved] = 0  # while anything else is possible, never concede the win
    best = np.flatnonzero(counts == counts.max())
    feedback = int(best[0]) if rng is None else int(rng.choice(best.tolist()))
    return Score.from_id(feedback, variant.length)


def adversary_secret(variant: Variant, history: History, rng: random.Random | None = None) -> Code:
    """A secret that fits every answer so far (the first one, or a random one with `rng`), to reveal."""
    alive = alive_or_raise(variant, history)
    index = int(alive[0]) if rng is None else int(alive[rng.randrange(len(alive))])
    return variant.code(index)


Guesser = Callable[[Variant, History], Code]


def play_adversary(
    variant: Variant, guesser: Guesser, rng: random.Random | None = None, max_turns: int = 100
) -> tuple[Turn, ...]:
    """The turns of a whole game between a guesser and the adversary, ending with all bulls."""
    history: list[Turn] = []
    while len(history) < max_turns:
        guess = guesser(variant, history)
        answer = adversary_answer(variant, history, guess, rng)
        history.append(Turn(guess, answer))
        if answer.bulls == variant.length:
            return tuple(history)
    raise RuntimeError(f"the guesser did not win within {max_turns} turns")
