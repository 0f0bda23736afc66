"""Rules every game and match shares: how long any game may run, and a code guessed twice."""

from __future__ import annotations

from bot.refusal import Refusal
from engine.history import Turn
from engine.variant import Code

# Every game ends by this many guesses even without an attempt limit, so that a move costs the same at any
# length of game (a game's history is read and checked on every move). Honest games end far sooner.
MAX_GUESSES = 100


def tried_before(turns: tuple[Turn, ...], code: Code) -> Refusal | None:
    """A refusal naming the earlier score when `code` was already guessed in these turns (it costs nothing).

    >>> from engine.scoring import Score
    >>> tried_before((Turn("0123", Score(1, 2)),), "0123").params
    {'guess': '0123', 'bulls': 1, 'cows': 2}
    >>> tried_before((Turn("0123", Score(1, 2)),), "3210") is None
    True
    """
    earlier = next((turn for turn in turns if turn.guess == code), None)
    if earlier is None:
        return None
    return Refusal("guess.again", {"guess": code, "bulls": earlier.answer.bulls, "cows": earlier.answer.cows})
