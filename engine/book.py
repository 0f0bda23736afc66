"""Opening books: precomputed first moves shipped under engine/data, loaded lazily, one file per variant."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from engine.variant import Code, Variant


def book_file(variant: Variant) -> str:
    """The data file name of a variant's book, e.g. 'book-classic.json'."""
    return f"book-{variant.name}.json"


@lru_cache(maxsize=16)
def opening_book(variant: Variant) -> dict[str, Code]:
    """The variant's book (history key -> guess), or an empty one if none is shipped."""
    resource = resources.files("engine") / "data" / book_file(variant)
    if not resource.is_file():
        return {}
    data = json.loads(resource.read_text(encoding="utf-8"))
    moves = data["moves"]
    if data.get("variant") != variant.name or not isinstance(moves, dict):
        raise ValueError(f"{book_file(variant)} is not a book for {variant.name}")
    return {str(key): str(guess) for key, guess in moves.items()}
