"""Building a variant's table of precomputed positions (`engine.review.table`), offline: `bench/build_review_table.py`
runs it.

Only the positions after two turns are searched. Each is one class of histories (`engine.review.symmetry`), solved
in the frame of its first turn's canonical history, by the optimal solver with its symmetry reduction at the top
levels (the relabellings that fix both guesses). The positions after one turn and the start then follow without a
search: T* of a position is the least, over the classes of guesses that split it, of |S| plus T* of the parts, which
are table positions one turn deeper. A position after two turns whose codes are those of its first turn (the second
guess split nothing, as a repeated guess) takes its first turn's figures.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from engine.history import Turn, candidates
from engine.optimal.search import INFINITY, Solver, instance_for
from engine.review.measure import Core, Total, Weigher, as_core, position_at, split
from engine.review.symmetry import Relabelling, canonical_history, position_key
from engine.review.table import EMPTY, Entry, Table
from engine.scoring import Score
from engine.splits import fixed_symbols
from engine.variant import Code, Variant

BEST_LISTED = 3  # guesses of least total an entry lists
# The work the builder gives to finding more guesses of least total at a position after two turns, in (guess, code)
# pairs scored (a few seconds): where it runs out, the entry lists the solver's guess alone.
EXTRA_BEST_BUDGET = 2_000_000_000


class Opening(NamedTuple):
    """A position after one turn, in its canonical frame: its history, its codes, and one guess of each class of
    guesses a relabelling fixing the history maps onto each other."""

    turns: tuple[Turn, ...]
    secrets: Core
    guesses: tuple[int, ...]


class Leaf(NamedTuple):
    """A position after two turns: its key, the opening it follows (key) and the turn played there (in the opening's
    frame), the relabelling from the opening's frame to the leaf's canonical history, and its codes (opening's
    frame)."""

    key: str
    opening: str
    turn: Turn
    frame: Relabelling
    secrets: Core


@dataclass
class TableBuilder:
    """The positions of a variant's table, and the entries that follow from solved ones."""

    variant: Variant
    _solver: Solver = field(init=False)
    _openings: dict[str, Opening] = field(default_factory=dict, init=False)
    _leaves: dict[str, Leaf] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self._solver = Solver(instance_for(self.variant), top_depth=2)
        variant, solver = self.variant, self._solver
        for first in solver.guesses_up_to_symmetry((), solver.instance.fixed).tolist():
            for feedback in split(variant, as_core(np.arange(variant.size)), first):
                if feedback == variant.solved:
                    continue
                turn = Turn(variant.code(first), Score.from_id(feedback, variant.length))
                turns, _frame = canonical_history(variant, [turn])
                key = position_key(turns)
                if key not in self._openings:
                    self._openings[key] = self._opening(turns)
        for key, opening in self._openings.items():
            for leaf in self._leaves_after(key, opening):
                self._leaves.setdefault(leaf.key, leaf)

    def _opening(self, turns: tuple[Turn, ...]) -> Opening:
        variant = self.variant
        secrets = as_core(candidates(variant, list(turns)))
        guess = variant.index(turns[0].guess)
        classes = self._solver.guesses_up_to_symmetry((guess,), fixed_symbols(variant, turns)).tolist()
        return Opening(turns, secrets, tuple(int(g) for g in classes))

    def _leaves_after(self, key: str, opening: Opening) -> Iterator[Leaf]:
        variant = self.variant
        for guess in opening.guesses:
            for feedback, secrets in split(variant, opening.secrets, guess).items():
                if feedback == variant.solved or len(secrets) < 3:
                    continue  # the review never looks up one or two codes
                turn = Turn(variant.code(guess), Score.from_id(feedback, variant.length))
                turns, frame = canonical_history(variant, [*opening.turns, turn])
                yield Leaf(position_key(turns), key, turn, frame, secrets)

    def to_solve(self) -> list[Leaf]:
        """The positions after two turns that need a search (not those whose codes are their opening's), fewest
        codes first."""
        leaves = [leaf for leaf in self._leaves.values() if not self._repeats(leaf)]
        return sorted(leaves, key=lambda leaf: (len(leaf.secrets), leaf.key))

    def _repeats(self, leaf: Leaf) -> bool:
        return len(leaf.secrets) == len(self._openings[leaf.opening].secrets)

    def solve(self, leaf: Leaf) -> Entry:
        """A position after two turns, searched: T* and up to BEST_LISTED guesses reaching it (in its own labels)."""
        variant, solver = self.variant, self._solver
        turns = [*self._openings[leaf.opening].turns, leaf.turn]
        history = tuple(variant.index(turn.guess) for turn in turns)
        total, guess = solver.node(leaf.secrets, history, INFINITY, 0, solver.instance.parts)
        weigher = Weigher(variant, EXTRA_BEST_BUDGET, table=EMPTY)
        best = weigher.best_guesses(position_at(variant, turns), Total(total, True, guess), BEST_LISTED)
        return Entry(total, tuple(leaf.frame.apply(variant.code(g)) for g in best))

    def finish(self, solved: Mapping[str, Entry]) -> Table:
        """The whole table from the solved positions after two turns: the openings (fewest codes first, as a part of
        one may repeat a smaller opening), the start, and the positions that repeat their opening follow from them."""
        entries = dict(solved)
        repeats: dict[str, list[Leaf]] = {}
        for leaf in self._leaves.values():
            if self._repeats(leaf):
                repeats.setdefault(leaf.opening, []).append(leaf)
        for key, opening in sorted(self._openings.items(), key=lambda item: len(item[1].secrets)):
            above = entries[key] = self._derived(opening.secrets, opening.guesses, opening.turns, entries)
            for leaf in repeats.get(key, []):
                entries[leaf.key] = Entry(above.total, tuple(leaf.frame.apply(code) for code in above.best))
        start = as_core(np.arange(self.variant.size))
        solver = self._solver
        firsts = tuple(solver.guesses_up_to_symmetry((), solver.instance.fixed).tolist())
        entries["-"] = self._derived(start, firsts, (), entries)
        return Table(2, entries)

    def _derived(
        self, secrets: Core, guesses: tuple[int, ...], turns: tuple[Turn, ...], known: Mapping[str, Entry]
    ) -> Entry:
        """T* of a position from the entries one turn deeper: the least total over its classes of guesses that split
        it, and up to BEST_LISTED guesses reaching it."""
        variant, n = self.variant, len(secrets)
        totals: list[tuple[int, Code]] = []
        for guess in guesses:
            parts = split(variant, secrets, guess)
            if len(parts) == 1 and variant.solved not in parts:
                continue  # learns nothing
            total = n
            for feedback, part in parts.items():
                if feedback == variant.solved:
                    continue
                if len(part) <= 2:
                    total += 2 * len(part) - 1
                    continue
                turn = Turn(variant.code(guess), Score.from_id(feedback, variant.length))
                canonical, _frame = canonical_history(variant, [*turns, turn])
                total += known[position_key(canonical)].total
            totals.append((total, variant.code(guess)))
        least = min(total for total, _code in totals)
        return Entry(least, tuple(code for total, code in totals if total == least)[:BEST_LISTED])
