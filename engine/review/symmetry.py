"""Positions equal up to relabelling: the canonical form of a short history, by which precomputed positions are
found.

Reordering the positions of every code and renaming its symbols (a *relabelling*) maps the codes that fit a
history onto the codes that fit the relabelled history, and scores are unchanged; so is the order of the turns.
Every figure of the review (a guess's cost, the least cost) is therefore the same for all the histories of one
class, and the precomputed tables (`engine.review.table`) keep one entry per class. A variant whose codes may not
start with 0 keeps position 0 in place and 0 as it is: moving either would change which codes are allowed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.history import Turn
from engine.scoring import Score
from engine.variant import Code, Variant


@dataclass(frozen=True)
class Relabelling:
    """A reordering of positions and a renaming of symbols: position i of a code's image holds symbol
    `names[s]` where s is the symbol at position `order[i]` of the code."""

    order: tuple[int, ...]
    names: tuple[int, ...]  # a permutation of the variant's symbols

    def apply(self, code: Code) -> Code:
        """The image of a code.

        >>> Relabelling((1, 0, 2, 3), (1, 0, 2, 3, 4, 5, 6, 7, 8, 9)).apply("0123")
        '0123'
        """
        return "".join(str(self.names[int(code[p])]) for p in self.order)

    def undo(self, image: Code) -> Code:
        """The code whose image this is."""
        back = {name: symbol for symbol, name in enumerate(self.names)}
        out = [""] * len(self.order)
        for i, p in enumerate(self.order):
            out[p] = str(back[int(image[i])])
        return "".join(out)


def position_orders(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The reorderings of positions that keep the variant's codes allowed (all, or those keeping position 0)."""
    return _orders(variant.length, variant.leading_zero)


@lru_cache(maxsize=16)
def _orders(length: int, leading_zero: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(p for p in itertools.permutations(range(length)) if leading_zero or p[0] == 0)


def canonical_history(variant: Variant, turns: Sequence[Turn]) -> tuple[tuple[Turn, ...], Relabelling]:
    """The least history (as tuples of code and score) of those equal to `turns` up to relabelling and reordering
    the turns, and the relabelling that maps `turns` onto it. Histories of one class, and only those, share it.
    It tries every order of the turns and of the positions: for the short histories of the tables (two turns,
    48 tries on four positions).

    >>> from engine.variant import PRESETS
    >>> canonical_history(PRESETS["classic"], [Turn("5821", Score(0, 2))])[0]
    (Turn(guess='0123', answer=Score(bulls=0, cows=2)),)
    """
    if not turns:  # the start, which every relabelling fixes
        return (), Relabelling(tuple(range(variant.length)), tuple(range(variant.symbols)))
    frozen = () if variant.leading_zero else (0,)
    codes = [[int(ch) for ch in turn.guess] for turn in turns]
    best: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
    for turn_order in itertools.permutations(range(len(turns))):
        answers = tuple(turns[t].answer for t in turn_order)
        for order in position_orders(variant):
            names = _first_use_names(variant.symbols, frozen, [codes[t] for t in turn_order], order)
            image = tuple(
                tuple(names[codes[t][p]] for p in order) + tuple(answers[k]) for k, t in enumerate(turn_order)
            )
            if best is None or image < best[0]:
                best = (image, turn_order, order, names)
    assert best is not None
    image, turn_order, order, names = best
    relabelling = Relabelling(order, names)
    return tuple(Turn(relabelling.apply(turns[t].guess), turns[t].answer) for t in turn_order), relabelling


def _first_use_names(
    symbols: int, frozen: Sequence[int], codes: Sequence[Sequence[int]], order: Sequence[int]
) -> tuple[int, ...]:
    """The renaming that keeps the frozen symbols and gives the others the least free names in the order they are
    first used, reading the codes (reordered by `order`) one after another; unused symbols get the names left, in
    increasing order."""
    names = [-1] * symbols
    for s in frozen:
        names[s] = s
    free = [name for name in range(symbols) if name not in frozen]
    used = 0
    for code in codes:
        for p in order:
            symbol = code[p]
            if names[symbol] < 0:
                names[symbol] = free[used]
                used += 1
    for symbol in range(symbols):
        if names[symbol] < 0:
            names[symbol] = free[used]
            used += 1
    return tuple(names)


def position_key(turns: Sequence[Turn]) -> str:
    """A history as the tables write it: `CODE/BULLS/COWS` per turn, joined by commas ('-' for none).

    >>> position_key([Turn("0123", Score(1, 2))])
    '0123/1/2'
    """
    return ",".join(f"{turn.guess}/{turn.answer.bulls}/{turn.answer.cows}" for turn in turns) or "-"


def turns_from_key(key: str) -> tuple[Turn, ...]:
    """The history a table key writes (the inverse of position_key)."""
    if key == "-":
        return ()
    out = []
    for item in key.split(","):
        guess, bulls, cows = item.split("/")
        out.append(Turn(guess, Score(int(bulls), int(cows))))
    return tuple(out)
