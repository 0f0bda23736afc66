"""Why answers contradict each other, in terms a player can check by hand: which digits they allow, or which codes
the other answers leave.

A conflict from `engine.consistency` is minimal (drop any answer and the rest fit some code), so a reason found
here always uses every answer of the conflict. Digit reasons count only which digits are in the code (for variants
with distinct digits); when the conflict is about positions instead, the reason is what the other answers leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.history import History
from engine.scoring import Score, scorer_for
from engine.variant import Code, Variant

# At most this many codes are named when the other answers leave only a few, and this many answers they would give.
FEW_CODES = 3
FEW_ANSWERS = 3


@dataclass(frozen=True)
class DigitsShort:
    """Answers about guesses with no digit in common leave too few digits: each gives `counts` of its guess's
    digits, and only the digits in none of the guesses (`free`) can fill the rest. "#1 and #2 leave only 8 and 9,
    but the code has 4 digits"."""

    turns: tuple[int, ...]
    counts: tuple[int, ...]  # each turn's bulls + cows: how many of its guess's digits are in the code
    free: tuple[str, ...]  # the digits in none of the turns' guesses

    @property
    def room(self) -> int:
        """How many digits the code could have at most."""
        return sum(self.counts) + len(self.free)


@dataclass(frozen=True)
class DigitsOver:
    """Answers about guesses with no digit in common need more digits than the code has: "#1 and #2 need
    3 + 3 = 6 different digits"."""

    turns: tuple[int, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True)
class RuledOut:
    """Answers of nothing (0 bulls, 0 cows) rule out digits that another answer needs: "0 and 1 can't be in the
    code (by #1), so #3 has at most 2 of its digits in it, not 3"."""

    turns: tuple[int, ...]  # the answers of nothing
    digits: tuple[str, ...]  # the digits of `turn`'s guess they rule out
    turn: int
    at_most: int
    needed: int


@dataclass(frozen=True)
class DigitsKnown:
    """An answer that places every digit of its guess in the code fixes the code's digits, and another answer
    disagrees: "by #1 the code is made of 0, 1, 2 and 3, so #2 has 2 of its digits in it, not 1"."""

    source: int
    digits: tuple[str, ...]
    turn: int
    has: int
    said: int


@dataclass(frozen=True)
class NoneFits:
    """The other answers of the conflict leave some codes, and none of them gives `turn` its answer: "12 codes fit
    #1, #2 and #4, which would answer #5 with 0🐂 2🐄 or 1🐂 1🐄, never 1🐂 0🐄". `codes` are all of them when there
    are few; `answers` what they would answer instead, most codes first, at most FEW_ANSWERS of them."""

    turns: tuple[int, ...]
    count: int
    codes: tuple[Code, ...]
    turn: int
    answers: tuple[Score, ...]
    more_answers: bool = False  # the codes would give still other answers, not listed


Reason = DigitsShort | DigitsOver | RuledOut | DigitsKnown | NoneFits


def why(variant: Variant, history: History, conflict: Sequence[int]) -> Reason | None:
    """A reason the answers of `conflict` (a minimal conflicting set of turns) cannot all be true; None for a single
    impossible answer or the same guess answered twice, whose texts say why already.

    >>> from engine.history import Turn
    >>> from engine.variant import PRESETS
    >>> why(PRESETS["classic"], [Turn("0123", Score(0, 0)), Turn("4567", Score(0, 0))], (0, 1))
    DigitsShort(turns=(0, 1), counts=(0, 0), free=('8', '9'))
    """
    turns = tuple(sorted(conflict))
    if len(turns) < 2 or len({history[i].guess for i in turns}) < len(turns):
        return None
    if not variant.repeats:
        found = _digit_reason(variant, history, turns)
        if found is not None:
            return found
    return _none_fits(variant, history, turns)


def _digit_reason(variant: Variant, history: History, turns: tuple[int, ...]) -> Reason | None:
    """A reason from which digits the answers put in the code, if they are enough to see it."""
    held = {i: len(set(history[i].guess)) for i in turns}  # distinct digits: the guess's digits, all different
    counts = {i: history[i].answer.bulls + history[i].answer.cows for i in turns}
    if _disjoint([history[i].guess for i in turns]):
        free = _free_digits(variant, {d for i in turns for d in history[i].guess})
        needed = tuple(counts[i] for i in turns)
        if sum(needed) > variant.length:
            return DigitsOver(turns, needed)
        if sum(needed) + len(free) < variant.length:
            return DigitsShort(turns, needed, free)
    nothing = tuple(i for i in turns if counts[i] == 0)
    rest = [i for i in turns if counts[i] > 0]
    if nothing and len(rest) == 1:
        turn = rest[0]
        out = {d for i in nothing for d in history[i].guess}
        ruled = tuple(sorted(set(history[turn].guess) & out))
        at_most = held[turn] - len(ruled)
        if at_most < counts[turn]:
            return RuledOut(nothing, ruled, turn, at_most, counts[turn])
    full = [i for i in turns if counts[i] == variant.length == held[i]]
    if full and len(turns) == 2:
        source = full[0]
        turn = turns[1] if source == turns[0] else turns[0]
        digits = tuple(sorted(history[source].guess))
        has = len(set(history[turn].guess) & set(digits))
        if has != counts[turn]:
            return DigitsKnown(source, digits, turn, has, counts[turn])
    return None


def _disjoint(guesses: Sequence[Code]) -> bool:
    """Whether no digit appears in two of the guesses."""
    return sum(len(set(g)) for g in guesses) == len(set().union(*map(set, guesses)))


def _free_digits(variant: Variant, used: set[str]) -> tuple[str, ...]:
    """The variant's digits that are in none of the guesses, in order."""
    return tuple(d for d in (str(s) for s in range(variant.symbols)) if d not in used)


def _none_fits(variant: Variant, history: History, turns: tuple[int, ...]) -> NoneFits:
    """What the conflict's other answers leave, none of which gives the one left out its answer. The one left out is
    the one whose others leave the fewest codes (the most telling sentence), the latest of those."""
    scorer = scorer_for(variant)
    passes = {i: scorer.against(history[i].guess) == history[i].answer.id(variant.length) for i in turns}
    lefts = {}
    for turn in turns:
        fitting = np.ones(variant.size, dtype=bool)
        for i in turns:
            if i != turn:
                fitting &= passes[i]
        lefts[turn] = np.flatnonzero(fitting)
    turn = min(reversed(turns), key=lambda i: len(lefts[i]))
    left = lefts[turn]
    codes = tuple(variant.code(int(i)) for i in left) if len(left) <= FEW_CODES else ()
    given = scorer.against(history[turn].guess, left)
    ids, counts = np.unique(given, return_counts=True)
    ranked = sorted(zip(counts.tolist(), ids.tolist(), strict=True), key=lambda pair: (-pair[0], pair[1]))
    answers = tuple(Score.from_id(int(f), variant.length) for _, f in ranked[:FEW_ANSWERS])
    others = tuple(i for i in turns if i != turn)
    return NoneFits(others, len(left), codes, turn, answers, len(ranked) > FEW_ANSWERS)
