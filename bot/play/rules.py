"""The referee's judgement of a scored guess: the game goes on, is won, or is lost on its last attempt."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.model import Game
from bot.games.rules import MAX_GUESSES
from bot.games.status import Status
from engine.history import Turn
from engine.variant import Code


@dataclass(frozen=True)
class Judged:
    """The history after a guess, how the game ended (None: it goes on) and the secret to show if it did."""

    turns: tuple[Turn, ...]
    ending: Status | None  # WON or LOST
    secret: Code | None  # None at a hard-mode loss: the adversary must still pick a secret that fits


def judged(game: Game, turn: Turn) -> Judged:
    """What a scored guess does to the game: a win when all bulls, a loss when it used the last attempt.

    >>> from engine.scoring import Score
    >>> from bot.games.model import Mode
    >>> from engine.variant import PRESETS
    >>> from datetime import datetime
    >>> game = Game(1, 1, 1, Mode.REFEREE, PRESETS["classic"], datetime(2025, 1, 1), "1234", attempt_limit=1)
    >>> judged(game, Turn("1243", Score(2, 2))).ending
    <Status.LOST: 'lost'>
    """
    turns = (*game.turns, turn)
    won = turn.answer.bulls == game.variant.length
    limit = MAX_GUESSES if game.attempt_limit is None else min(game.attempt_limit, MAX_GUESSES)
    out_of_attempts = len(turns) >= limit and not won
    ending = Status.WON if won else Status.LOST if out_of_attempts else None
    return Judged(turns, ending, turn.guess if won else game.secret)
