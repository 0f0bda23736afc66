"""The referee's judgement of a scored guess: the game goes on, is won, or is lost on its last attempt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.models.game import Game
from engine.history import Turn
from engine.variant import Code

Ending = Literal["won", "lost"]


@dataclass(frozen=True)
class Judged:
    """The history after a guess, how the game ended (None: it goes on) and the secret to show if it did."""

    turns: tuple[Turn, ...]
    ending: Ending | None
    secret: Code | None  # None at a hard-mode loss: the adversary must still pick a secret that fits


def judged(game: Game, turn: Turn) -> Judged:
    """What a scored guess does to the game: a win when all bulls, a loss when it used the last attempt.

    >>> from engine.scoring import Score
    >>> from bot.models.game import REFEREE
    >>> from engine.variant import PRESETS
    >>> from datetime import datetime
    >>> game = Game(1, 1, 1, REFEREE, PRESETS["classic"], datetime(2025, 1, 1), "1234", attempt_limit=1)
    >>> judged(game, Turn("1243", Score(2, 2))).ending
    'lost'
    """
    turns = (*game.turns, turn)
    won = turn.answer.bulls == game.variant.length
    out_of_attempts = game.attempt_limit is not None and len(turns) >= game.attempt_limit and not won
    ending: Ending | None = "won" if won else "lost" if out_of_attempts else None
    return Judged(turns, ending, turn.guess if won else game.secret)
