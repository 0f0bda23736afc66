"""The precomputed positions of a variant: the least total guesses (and some guesses that reach it) for every
position of up to two turns, one entry per class of positions equal up to relabelling.

On the classic game a guess's cost after the first turn needs the least totals of positions after two turns, and
some of those take the solver minutes; `bench/build_review_table.py` solves them all once, offline, and writes
`engine/data/review-NAME.txt.gz`: gzip'd text, a header line, then one line per class of positions,
`KEY TOTAL GUESS...`, where KEY is the canonical history (`engine.review.symmetry.position_key`), TOTAL the least
total guesses over the codes that fit it and the GUESSes (in the canonical history's labels) some of the guesses
that reach it, best first. Example: `0123/0/0 1446 4567` (the 360 codes with none of 0, 1, 2, 3 need 1446 guesses in
all; 4567 first does it).
"""

from __future__ import annotations

import gzip
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import NamedTuple

from engine.history import Turn
from engine.review.symmetry import Relabelling, canonical_history, position_key
from engine.variant import Code, Variant

MAGIC = "bullscows-review 1"


class Entry(NamedTuple):
    """A class of positions: the least total guesses over the codes that fit, and guesses that reach it (in the
    labels of the class's canonical history)."""

    total: int
    best: tuple[Code, ...]


class Proven(NamedTuple):
    """A set of codes whose least total guesses is proven (a node of an optimal tree), and a guess (a code index)
    that reaches it."""

    total: int
    guess: int


class Table(NamedTuple):
    """A variant's precomputed positions: up to `turns` turns, by canonical key; and sets of codes whose least total
    is proven wherever they come from (an optimal tree's nodes, `engine.review.trees`), by their codes' indices as
    int64 bytes."""

    turns: int
    entries: Mapping[str, Entry]
    proven: Mapping[bytes, Proven] = MappingProxyType({})


class Found(NamedTuple):
    """A position found in a table: its entry, and the relabelling from the position to the entry's history."""

    entry: Entry
    relabelling: Relabelling

    def best(self) -> tuple[Code, ...]:
        """The entry's guesses in the position's own labels."""
        return tuple(self.relabelling.undo(guess) for guess in self.entry.best)


EMPTY = Table(0, {})


def table_file(variant: Variant) -> str:
    """The data file of a variant's table, e.g. 'review-classic.txt.gz'."""
    return f"review-{variant.name}.txt.gz"


@lru_cache(maxsize=8)
def shipped_table(variant: Variant) -> Table:
    """The table shipped for a variant (EMPTY if none)."""
    resource = resources.files("engine") / "data" / table_file(variant)
    if not resource.is_file():
        return EMPTY
    return decode(variant, resource.read_bytes())


def lookup(variant: Variant, table: Table, turns: Sequence[Turn]) -> Found | None:
    """The table's entry for the position after `turns` (no digit pinned), or None if it has none."""
    if len(turns) > table.turns or not table.entries:
        return None
    canonical, relabelling = canonical_history(variant, turns)
    entry = table.entries.get(position_key(canonical))
    return None if entry is None else Found(entry, relabelling)


def encode(variant: Variant, table: Table) -> bytes:
    """The gzip'd text of a table (entries in key order, so a build writes the same bytes every time)."""
    header = f"{MAGIC} variant={variant.name} turns={table.turns} entries={len(table.entries)}"
    lines = [header]
    for key in sorted(table.entries, key=lambda k: (k.count(","), k)):
        entry = table.entries[key]
        lines.append(" ".join([key, str(entry.total), *entry.best]))
    return gzip.compress(("\n".join(lines) + "\n").encode("ascii"), compresslevel=9, mtime=0)


def decode(variant: Variant, data: bytes) -> Table:
    """The table a file encodes; ValueError if it is not one for this variant."""
    header, _, body = gzip.decompress(data).decode("ascii").partition("\n")
    fields = dict(item.split("=", 1) for item in header.split()[2:])
    if not header.startswith(MAGIC) or fields.get("variant") != variant.name:
        raise ValueError(f"not a {variant.name} review table: {header[:80]!r}")
    entries = {}
    for line in body.splitlines():
        key, total, *best = line.split()
        entries[key] = Entry(int(total), tuple(best))
    if len(entries) != int(fields["entries"]):
        raise ValueError(f"a truncated {variant.name} review table: {len(entries)} of {fields['entries']} entries")
    return Table(int(fields["turns"]), entries)
