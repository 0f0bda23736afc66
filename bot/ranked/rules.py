"""The rules of ranked games, pure: which variants are ranked, how two games of one secret are compared, who may be
paired with whom, and how long a mark waits.

- Two games of one secret: a solved game beats an unsolved one; between two solved games the fewer guesses win, a
  hint counted as a guess (a hint is bought knowledge: it may not be free); equal, the fewer hints; equal, the less
  time. Two games not solved (given up, abandoned) draw, as do two games equal in all three.
- Pairing: a player is given the open mark (a secret whose first game is over, set in the last MARK_DAYS days) whose
  setter's skill μ is nearest their own, within WINDOW; with none, a fresh secret, whose mark they set.
- Never paired: a player with themselves, with someone they met in a ranked game within the last MEET_DAYS days,
  with someone they have played a race or a duel with (people who know each other could pass a code on), nor with a
  code they have had as a ranked secret before in that variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from openskill.models import PlackettLuce

from engine.variant import PRESETS, Variant

RANKED_PRESETS = ("classic", "nozero", "mastermind", "mastermind10")  # the variants ranked games are played in
DEFAULT = "classic"
MARK_DAYS = 7  # a mark is offered this long after its game ended, then it lapses unrated
MEET_DAYS = 7  # two players meet at most once in this many days
MEETINGS = 1
WINDOW = 2 * PlackettLuce().beta  # at most this far apart in μ (two "classes" of skill: about 9 to 1 odds)
NEAREST = 16  # open marks read on either side of a player's μ before a fresh secret is made instead


def ranked_variant(variant: Variant) -> bool:
    """Whether ranked games are played in this variant (its rules are one of the ranked presets')."""
    return any(PRESETS[name] == variant for name in RANKED_PRESETS)


def mark_lapses(opened_days: float) -> bool:
    """Whether a mark whose game ended this many days ago is too old to be offered."""
    return opened_days > MARK_DAYS


@dataclass(frozen=True)
class Attempt:
    """One player's game of a ranked secret, as the comparison weighs it."""

    solved: bool
    guesses: int
    hints: int
    seconds: float

    @property
    def key(self) -> tuple[int, int, int, float]:
        """The order of games: lower is better (solved first; then guesses with hints, hints, time)."""
        if not self.solved:
            return (1, 0, 0, 0.0)
        return (0, self.guesses + self.hints, self.hints, self.seconds)


def places(first: Attempt, second: Attempt) -> tuple[int, int]:
    """The places of two games of one secret: (1, 2), (2, 1), or (1, 1) for a draw.

    >>> places(Attempt(True, 5, 0, 90.0), Attempt(True, 4, 1, 30.0))  # a hint counts as a guess; then fewer hints
    (1, 2)
    >>> places(Attempt(False, 2, 0, 10.0), Attempt(False, 30, 0, 900.0))
    (1, 1)
    """
    if first.key == second.key:
        return 1, 1
    return (1, 2) if first.key < second.key else (2, 1)


@dataclass(frozen=True)
class Mark:
    """An open mark, as the pairing reads it: its secret's id, who set it, their μ then, and the code."""

    secret_id: int
    marker: int
    mu: float
    secret: str


def nearest_first(mu: float, marks: list[Mark]) -> list[Mark]:
    """The marks within WINDOW of `mu`, nearest first (equally near: the one set first)."""
    near = [mark for mark in marks if abs(mark.mu - mu) <= WINDOW]
    return sorted(near, key=lambda mark: (abs(mark.mu - mu), mark.secret_id))


MEET_SPAN = timedelta(days=MEET_DAYS)
MARK_SPAN = timedelta(days=MARK_DAYS)
