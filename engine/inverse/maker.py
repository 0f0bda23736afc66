"""Making "Which code is it?" puzzles: a few clues (guess → score) that exactly one code of the variant fits.

A puzzle is made as a person's game is played: from a secret drawn at random, guesses that look like a player's
(mostly codes that could still be the secret, now and then a probe that could not) are scored against it until only
the secret fits. Then clues are dropped, in a random order, for as long as the secret stays the only code that fits:
what is left is minimal (drop any clue and more than one code fits), and its clues keep the order they were played in.
"""

from __future__ import annotations

import math
import random

import numpy as np

from engine.history import Turn
from engine.inverse.difficulty import difficulty_of
from engine.inverse.masks import Mask, breaks, fit_masks
from engine.inverse.puzzle import Puzzle
from engine.scoring import score, scorer_for
from engine.variant import Indices, Variant

# How many draws a guess gets to look like a player's before any code will do, and how many guesses that tell
# nothing new may be drawn in a row before the next one is taken from the codes that still fit.
DRAWS = 20
IDLE_GUESSES = 50
# A clue that leaves one code alone (1122 → 0🐂 4🐄 in Mastermind) is a riddle, not a puzzle: its game is played again.
MIN_CLUES = 2


def make_puzzle(variant: Variant, rng: random.Random, *, seed: int | None = None) -> Puzzle:
    """A puzzle of the variant whose clues exactly one code fits, each clue needed; `seed` is recorded as given."""
    while True:
        secret = rng.randrange(variant.size)
        clues = _game(variant, secret, rng)
        fit = fit_masks(variant, clues)
        kept = _minimal(fit, rng)
        if len(kept) >= MIN_CLUES:
            break
    puzzle_clues = tuple(clues[i] for i in kept)
    return Puzzle(
        variant=variant,
        clues=puzzle_clues,
        solution=variant.code(secret),
        difficulty=difficulty_of(variant, puzzle_clues, fit[kept]),
        seed=seed,
    )


def puzzle_for_seed(variant: Variant, seed: int) -> Puzzle:
    """The puzzle a seed makes for a variant, the same every time (for a given GENERATOR_VERSION)."""
    return make_puzzle(variant, random.Random(seed), seed=seed)


def _game(variant: Variant, secret: int, rng: random.Random) -> list[Turn]:
    """Scored guesses, as a player might make them, until only the secret fits them all (never the secret itself)."""
    scorer = scorer_for(variant)
    length = variant.length
    secret_code = variant.code(secret)
    consistent = rng.uniform(0.5, 1.0)  # this player's share of guesses that could still be the secret
    alive: Indices = np.arange(variant.size, dtype=np.intp)
    guessed = {secret}
    clues: list[Turn] = []
    idle = 0
    while len(alive) > 1:
        from_alive = idle >= IDLE_GUESSES or rng.random() < consistent
        drawn = _draw(variant, alive if from_alive else None, guessed, rng)
        guessed.add(drawn)
        guess = variant.code(drawn)
        answer = score(secret_code, guess)
        left = alive[scorer.against(guess, alive) == answer.id(length)]
        if len(left) == len(alive):  # a guess that tells nothing new: a player would not keep it as a clue
            idle += 1
            continue
        idle = 0
        clues.append(Turn(guess, answer))
        alive = left
    return clues


def _draw(variant: Variant, among: Indices | None, guessed: set[int], rng: random.Random) -> int:
    """A code not guessed yet (and not the secret), from `among` or from every code: one that looks like a
    player's guess if one of DRAWS draws is; `among` must hold a code not guessed yet."""
    pick: int | None = None
    for _ in range(DRAWS):
        index = int(among[rng.randrange(len(among))]) if among is not None else rng.randrange(variant.size)
        if index in guessed:
            continue
        pick = index
        if _looks_played(variant, index):
            return index
    pool = among if among is not None else np.arange(variant.size, dtype=np.intp)
    if pick is not None:  # DRAWS draws found only probes: one that looks played, from the pool, else from every code
        played = [int(i) for i in pool if int(i) not in guessed and _looks_played(variant, int(i))]
        if played:
            return played[rng.randrange(len(played))]
        for _ in range(DRAWS * DRAWS if among is not None else 0):  # the codes left are all probes (333, 444...)
            index = rng.randrange(variant.size)
            if index not in guessed and _looks_played(variant, index):
                return index
        return pick
    fresh = [int(i) for i in pool if int(i) not in guessed]
    return fresh[rng.randrange(len(fresh))]


def _looks_played(variant: Variant, index: int) -> bool:
    """Whether a code looks like a player's guess: with repeats allowed, it uses at least half as many different
    symbols as it has places (1122 and 1123 do; 1111, and 111222 of 6 places, are probes no puzzle is built on)."""
    return len(set(variant.codes[index].tolist())) >= math.ceil(variant.length / 2)


def _minimal(fit: Mask, rng: random.Random) -> list[int]:
    """The clues kept (indices, in order) once every clue that the others make needless is dropped, in a random
    order: the one code that fits them all still does, and no other code fits all but one of those kept."""
    broken = breaks(fit)
    kept = set(range(len(fit)))
    order = list(range(len(fit)))
    rng.shuffle(order)
    for clue in order:
        if not np.any((broken == 1) & ~fit[clue]):  # no code breaks this clue alone: the others suffice
            kept.discard(clue)
            broken -= ~fit[clue]
    return sorted(kept)
