"""What a shipped optimal tree proves for the review: the least total guesses of every position it passes through.

A tree of `engine/data/tree-NAME.txt.gz` takes the least total guesses over every code of its variant, any code
being a guess; so does each of its subtrees over the codes that reach it (were one beaten, the whole tree would be).
Each node of the tree is thus a position whose T* is proven, with a guess (the tree's) that reaches it: the start
(3575 guesses over the 720 codes of 3 distinct digits, whose best play no estimate found), the parts of the tree's
first guess, and so on down. `tree_table` keeps them as a review table (`engine.review.table`): the nodes of up to
two turns by their canonical history, so that any history equal to the tree's up to relabelling finds them, and every
node of three codes or more by its set of codes. `known_table` joins it to the variant's precomputed table, if one
is shipped: the measure's first source of least totals (`engine.review.measure.Weigher`).
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from engine.history import Turn
from engine.optimal.tree import Node, shipped_tree
from engine.review.symmetry import canonical_history, position_key
from engine.review.table import EMPTY, Entry, Proven, Table, shipped_table
from engine.scoring import Score, scorer_for
from engine.variant import Variant

KEYED_TURNS = 2  # tree nodes found by canonical history up to this many turns (as the precomputed tables)


def set_key(alive: npt.NDArray[np.integer]) -> bytes:
    """The key a set of codes (sorted indices) is found under: its indices as int64 bytes."""
    return np.ascontiguousarray(alive, dtype=np.int64).tobytes()


def tree_table(variant: Variant, tree: Node | None) -> Table:
    """The positions a tree passes through as a review table (EMPTY for no tree): their T* (the subtree's total) and
    the tree's guess there."""
    if tree is None:
        return EMPTY
    entries: dict[str, Entry] = {}
    proven: dict[bytes, Proven] = {}
    scorer = scorer_for(variant)

    def walk(node: Node, alive: npt.NDArray[np.int64], turns: tuple[Turn, ...]) -> int:
        guess = variant.code(node.guess)
        row = scorer.against(guess, alive)
        total = len(alive)
        for feedback in np.unique(row).tolist():
            if feedback != variant.solved:
                turn = Turn(guess, Score.from_id(feedback, variant.length))
                total += walk(node.children[feedback], alive[row == feedback], (*turns, turn))
        if len(alive) >= 3:
            proven[set_key(alive)] = Proven(total, node.guess)
            if len(turns) <= KEYED_TURNS:
                canonical, relabelling = canonical_history(variant, turns)
                entries.setdefault(position_key(canonical), Entry(total, (relabelling.apply(guess),)))
        return total

    walk(tree, np.arange(variant.size, dtype=np.int64), ())
    return Table(KEYED_TURNS, MappingProxyType(entries), MappingProxyType(proven))


@lru_cache(maxsize=8)
def known_table(variant: Variant) -> Table:
    """Every position whose T* the shipped data prove: the variant's precomputed table, if any, and its optimal tree's
    positions (where both have a position, the table's entry, which lists more of the best guesses)."""
    table, tree = shipped_table(variant), tree_table(variant, shipped_tree(variant))
    if not tree.entries:
        return table
    return Table(
        max(table.turns, tree.turns),
        MappingProxyType({**tree.entries, **table.entries}),
        tree.proven,
    )
