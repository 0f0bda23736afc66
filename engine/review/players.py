"""Simulated human players, for the review's benchmark and the puzzles' positions: seeded, pure.

"Human-like" here means: the first guess is any code; after it, a player mostly guesses a code that fits every
answer so far (picked at random among them, as a person who checks their guesses does), sometimes forgets one
answer (the guess fits all the others: the commonest slip), a beginner now and then guesses any code at all, and a
studied player now and then plays the engine's own guess. Players differ in how often they slip; a game runs until
the win or `max_guesses`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.guesser import next_guess
from engine.history import Turn, candidates
from engine.scoring import score
from engine.variant import Code, Variant

MAX_GUESSES = 15  # a simulated game that has not won by then stops, as a person gives up


@dataclass(frozen=True)
class SimulatedPlayer:
    """How a simulated player guesses after the first guess: the shares of guesses that fit every answer so far, that
    are the engine's pick and that are any code at all; the rest fit every answer but one (a slip)."""

    name: str
    fits: float
    engine: float = 0.0
    wild: float = 0.0


PLAYERS = (
    SimulatedPlayer("beginner", fits=0.5, wild=0.1),
    SimulatedPlayer("casual", fits=0.75, wild=0.03),
    SimulatedPlayer("keen", fits=0.9, engine=0.03),
    SimulatedPlayer("studied", fits=0.8, engine=0.15),
)
PLAYER_WEIGHTS = (0.25, 0.4, 0.25, 0.1)  # how common each kind of player is


def some_player(rng: random.Random) -> SimulatedPlayer:
    """A player drawn by how common each kind is."""
    return rng.choices(PLAYERS, weights=PLAYER_WEIGHTS)[0]


def human_game(
    variant: Variant,
    rng: random.Random,
    player: SimulatedPlayer,
    secret: Code | None = None,
    max_guesses: int = MAX_GUESSES,
) -> list[Turn]:
    """The turns of one simulated game against `secret` (default: a random code), up to the win or `max_guesses`.

    >>> from engine.variant import PRESETS
    >>> game = human_game(PRESETS["classic"], random.Random(1), PLAYERS[1], "0123")
    >>> game[-1].guess
    '0123'
    """
    secret = variant.code(rng.randrange(variant.size)) if secret is None else variant.parse(secret)
    turns: list[Turn] = []
    while len(turns) < max_guesses:
        guess = _guess(variant, rng, player, turns)
        turns.append(Turn(guess, score(secret, guess)))
        if guess == secret:
            break
    return turns


def _guess(variant: Variant, rng: random.Random, player: SimulatedPlayer, turns: list[Turn]) -> Code:
    """The player's next guess."""
    if not turns:
        return variant.code(rng.randrange(variant.size))
    draw = rng.random()
    if draw < player.engine:
        return next_guess(variant, turns)
    if draw < player.engine + player.wild:
        return variant.code(rng.randrange(variant.size))
    if draw < player.engine + player.wild + player.fits or len(turns) == 1:
        kept = turns  # with one answer, forgetting it would be a random guess: a slip needs two
    else:
        forgotten = rng.randrange(len(turns))
        kept = turns[:forgotten] + turns[forgotten + 1 :]
    alive = candidates(variant, kept)
    return variant.code(int(alive[rng.randrange(len(alive))]))
