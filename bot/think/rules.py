"""The guesser's settle decision: after the user's answers, is the code found, is there a contradiction,
or does the bot ask its next guess?"""

from __future__ import annotations

from enum import StrEnum

from engine.consistency import Consistent, Contradiction
from engine.history import Turn
from engine.variant import Variant


class Settled(StrEnum):
    """What follows from the answers so far."""

    SOLVED = "solved"  # the last answer was all bulls and the answers agree
    CONTRADICTED = "contradicted"  # no code fits every answer
    ASKING = "asking"  # the bot asks its next guess


def settled(variant: Variant, turns: tuple[Turn, ...], check: Consistent | Contradiction) -> Settled:
    """Solved, contradicted or asking, from the answers and their consistency check."""
    if isinstance(check, Contradiction):
        return Settled.CONTRADICTED
    if turns and turns[-1].answer.bulls == variant.length:
        return Settled.SOLVED
    return Settled.ASKING
