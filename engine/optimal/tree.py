"""Decision trees of complete strategies: a compact text encoding, and the trees shipped in engine/data.

A tree file is gzip'd text: one header line, then the nodes in preorder as space-separated tokens,
each node written `CODE CHILDREN` followed, per child, by `FEEDBACK-ID child`. The all-bulls answer
has no child. Example (3 secrets): ``012 2 0 345 0 3 678 0`` guesses 012, then 345 or 678.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.history import Turn
from engine.scoring import Score
from engine.variant import Code, Variant

MAGIC = "bullscows-tree 1"


class Node(NamedTuple):
    """A decision: the guess (a code index) and the node to go to after each answer (feedback id)."""

    guess: int
    children: dict[int, Node]


class TreeStats(NamedTuple):
    """What a tree costs: total guesses over every secret it solves, the secrets, the most guesses."""

    total: int
    secrets: int
    worst: int

    @property
    def average(self) -> float:
        """Guesses per secret."""
        return self.total / self.secrets


def replay(variant: Variant, tree: Node) -> npt.NDArray[np.int64]:
    """How many guesses the tree takes on each secret of the variant (by index); ValueError if some
    answer has no child or the tree repeats itself, so a tree that replays is complete and correct.

    Scored with numpy alone, apart from the compiled kernels the solver and the bot score with: a tree
    is checked by a second implementation."""
    codes = variant.codes
    counts = np.stack([(codes == symbol).sum(axis=1) for symbol in range(variant.symbols)], axis=1)
    out = np.zeros(variant.size, dtype=np.int64)
    stack = [(tree, np.arange(variant.size, dtype=np.intp), 1)]
    while stack:
        node, alive, depth = stack.pop()
        if depth > 2 * variant.size:
            raise ValueError("the tree repeats itself")
        bulls = (codes[alive] == codes[node.guess]).sum(axis=1)
        common = np.minimum(counts[alive], counts[node.guess]).sum(axis=1)
        row = bulls * (variant.length + 1) + common - bulls
        for feedback in np.unique(row).tolist():
            part = alive[row == feedback]
            if feedback == variant.solved:
                out[part] = depth
            elif feedback in node.children:
                stack.append((node.children[feedback], part, depth + 1))
            else:
                raise ValueError(f"no move after {variant.code(node.guess)} {Score.from_id(feedback, variant.length)}")
    return out


def tree_stats(variant: Variant, tree: Node) -> TreeStats:
    """The totals of a tree, by replaying every secret."""
    guesses = replay(variant, tree)
    return TreeStats(int(guesses.sum()), len(guesses), int(guesses.max()))


def encode(variant: Variant, tree: Node) -> bytes:
    """The gzip'd text encoding of a tree for a variant (header line, then preorder tokens)."""
    stats = tree_stats(variant, tree)
    tokens: list[str] = []

    def write(node: Node) -> None:
        tokens.extend((variant.code(node.guess), str(len(node.children))))
        for feedback, child in node.children.items():
            tokens.append(str(feedback))
            write(child)

    write(tree)
    header = f"{MAGIC} variant={variant.name} total={stats.total} secrets={stats.secrets} worst={stats.worst}"
    text = header + "\n" + " ".join(tokens) + "\n"
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def decode(variant: Variant, data: bytes) -> Node:
    """The tree a file encodes; ValueError if it is not a tree for this variant."""
    header, _, body = gzip.decompress(data).decode("ascii").partition("\n")
    fields = dict(item.split("=", 1) for item in header.split()[2:])
    if not header.startswith(MAGIC) or fields.get("variant") != variant.name:
        raise ValueError(f"not a {variant.name} tree: {header[:80]!r}")
    tokens = iter(body.split())

    def read() -> Node:
        guess = variant.index(next(tokens))
        children = {}
        for _ in range(int(next(tokens))):
            feedback = int(next(tokens))
            children[feedback] = read()
        return Node(guess, children)

    return read()


def node_text(node: Node) -> str:
    """A subtree as text with code indices (`GUESS CHILDREN` then `FEEDBACK-ID child` per child, in
    preorder), as a solver's checkpoint keeps it."""
    tokens: list[str] = []
    stack = [node]
    while stack:
        item = stack.pop()
        tokens.extend((str(item.guess), str(len(item.children))))
        for feedback, child in reversed(list(item.children.items())):
            stack.append(child)
            stack.append(Node(-1 - feedback, {}))  # a marker: the child that follows answers `feedback`
    return " ".join(tokens)


def node_from_text(text: str) -> Node:
    """The subtree node_text wrote."""
    tokens = iter(int(token) for token in text.split())

    def read() -> Node:
        guess, count = next(tokens), next(tokens)
        children = {}
        for _ in range(count):
            marker, _zero = next(tokens), next(tokens)
            children[-1 - marker] = read()
        return Node(guess, children)

    return read()


def tree_file(variant: Variant) -> str:
    """The data file name of a variant's tree, e.g. 'tree-classic.txt.gz'."""
    return f"tree-{variant.name}.txt.gz"


@lru_cache(maxsize=16)
def shipped_tree(variant: Variant) -> Node | None:
    """The optimal tree shipped for a variant, or None."""
    resource = resources.files("engine") / "data" / tree_file(variant)
    if not resource.is_file():
        return None
    return decode(variant, resource.read_bytes())


def moves(variant: Variant, tree: Node) -> Iterator[tuple[str, Code]]:
    """(history key, guess) for every node of a tree, as TreeStrategy looks them up."""
    from engine.strategies import history_key  # the strategies load the play-time kernels; a solve needs neither

    stack: list[tuple[list[Turn], Node]] = [([], tree)]
    while stack:
        turns, node = stack.pop()
        guess = variant.code(node.guess)
        yield history_key(turns), guess
        for feedback, child in node.children.items():
            stack.append(([*turns, Turn(guess, Score.from_id(feedback, variant.length))], child))


@lru_cache(maxsize=16)
def optimal_moves(variant: Variant) -> dict[str, Code]:
    """The shipped optimal tree of a variant as history key -> guess; empty if none is shipped."""
    tree = shipped_tree(variant)
    return {} if tree is None else dict(moves(variant, tree))
