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


# The most orders of the turns (those that keep each turn's answer) `symmetries` tries; beyond, it keeps the turns in
# their order: fewer relabellings found, each still one that maps the position onto itself.
TURN_ORDERS = 24


def symmetries(
    variant: Variant, turns: Sequence[Turn], pins: Sequence[tuple[int, int]] = ()
) -> tuple[Relabelling, ...]:
    """Relabellings that map a position (its turns, in any order, and its pinned digits) onto itself, one for each way
    to map the symbols the position uses; they leave the other symbols in place, since any renaming of those maps the
    position onto itself as well. Each of them maps the codes that fit onto the codes that fit, so a guess and its
    image cost the same there. All of them, unless many turns share an answer (then those keeping the turns' order).

    >>> from engine.variant import PRESETS
    >>> len(symmetries(PRESETS["classic"], [Turn("0123", Score(0, 4))]))  # any order of the 4 places
    24
    """
    codes = [[int(ch) for ch in turn.guess] for turn in turns]
    pinned = dict(pins)
    keep = [] if variant.leading_zero else [0]
    found = []
    for turn_order in _turn_orders(turns):
        for order in position_orders(variant):
            names = _names_mapping(variant.symbols, keep, codes, turn_order, order, pinned)
            if names is not None:
                found.append(Relabelling(order, names))
    return tuple(dict.fromkeys(found))


def _turn_orders(turns: Sequence[Turn]) -> list[tuple[int, ...]]:
    """The orders of the turns that move each turn only to one with the same answer (each as, for turn t, the turn its
    image must be), or the given order alone when there are more than TURN_ORDERS."""
    groups: dict[Score, list[int]] = {}
    for t, turn in enumerate(turns):
        groups.setdefault(turn.answer, []).append(t)
    count = 1
    for group in groups.values():
        count *= len(list(itertools.islice(itertools.permutations(group), TURN_ORDERS + 1)))
        if count > TURN_ORDERS:
            return [tuple(range(len(turns)))]
    out = []
    for choice in itertools.product(*(itertools.permutations(group) for group in groups.values())):
        target = [0] * len(turns)
        for group, image in zip(groups.values(), choice, strict=True):
            for t, u in zip(group, image, strict=True):
                target[t] = u
        out.append(tuple(target))
    return out


def _names_mapping(
    symbols: int,
    keep: Sequence[int],
    codes: Sequence[Sequence[int]],
    turn_order: Sequence[int],
    order: Sequence[int],
    pinned: dict[int, int],
) -> tuple[int, ...] | None:
    """The renaming that, with the positions reordered by `order`, maps every turn t's guess onto turn
    `turn_order[t]`'s and the pins onto the pins, leaving unused symbols in place; None if there is none."""
    names = [-1] * symbols
    taken = [False] * symbols
    for s in keep:
        names[s] = s
        taken[s] = True

    def bind(symbol: int, name: int) -> bool:
        if names[symbol] >= 0:
            return names[symbol] == name
        if taken[name]:
            return False
        names[symbol], taken[name] = name, True
        return True

    for t, code in enumerate(codes):
        image = codes[turn_order[t]]
        if not all(bind(code[p], image[i]) for i, p in enumerate(order)):
            return None
    inverse = {p: i for i, p in enumerate(order)}
    for position, symbol in pinned.items():
        name = pinned.get(inverse[position])
        if name is None or not bind(symbol, name):
            return None
    for symbol in range(symbols):
        if names[symbol] < 0:
            if taken[symbol]:
                return None  # a used symbol's name went to an unused one: not a map of the position onto itself
            names[symbol], taken[symbol] = symbol, True
    return tuple(names)


def guess_class(relabellings: Sequence[Relabelling], used: int, guess: Code) -> tuple[int, ...]:
    """The least image of a guess under the relabellings (`symmetries` of a position) followed by any renaming of
    the symbols outside `used` (a mask: those the position's turns and pins use, and 0 where a code may not start
    with it). Two guesses of one class cost the same at that position.

    >>> from engine.variant import PRESETS
    >>> guess_class(symmetries(PRESETS["classic"], []), 0, "5821") == guess_class((), 0, "0123")
    True
    """
    best: tuple[int, ...] | None = None
    for relabelling in relabellings or (None,):
        image = guess if relabelling is None else relabelling.apply(guess)
        free: dict[int, int] = {}
        key = []
        for ch in image:
            symbol = int(ch)
            if used >> symbol & 1:
                key.append(symbol)
            else:
                key.append(-1 - free.setdefault(symbol, len(free)))
        if best is None or tuple(key) < best:
            best = tuple(key)
    assert best is not None
    return best
