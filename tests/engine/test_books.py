"""The opening books shipped in engine/data: every move is a legal guess of a position the book itself
reaches, and the guesser plays a few recorded secrets in the recorded number of guesses."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from engine.book import book_file, opening_book
from engine.guesser import heuristic_strategy
from engine.history import Turn, candidates
from engine.play import play
from engine.scoring import Score
from engine.variant import variant_named

BOOKS = sorted(
    str(json.loads(entry.read_text(encoding="utf-8"))["variant"])
    for entry in (resources.files("engine") / "data").iterdir()
    if entry.name.startswith("book-") and entry.name.endswith(".json")
)


def recorded(name: str) -> dict[str, object]:
    """The book file of a variant, as JSON."""
    variant = variant_named(name)
    data: dict[str, object] = json.loads(
        (resources.files("engine") / "data" / book_file(variant)).read_text(encoding="utf-8")
    )
    return data


def test_the_books_of_the_big_variants_are_shipped() -> None:
    assert {"classic", "nozero", "mastermind", "5d10"} <= set(BOOKS)


def parse(key: str) -> list[Turn]:
    """A history from its book key, e.g. '0123:0B2C 4567:1B1C'."""
    turns = []
    for part in key.split():
        guess, answer = part.split(":")
        turns.append(Turn(guess, Score(int(answer[0]), int(answer[2]))))
    return turns


@pytest.mark.parametrize("name", BOOKS)
def test_every_book_move_is_a_new_code_played_where_the_book_leads(name: str) -> None:
    variant = variant_named(name)
    book = opening_book(variant)
    assert book
    for key, guess in book.items():
        history = parse(key)
        variant.index(guess)  # raises unless a code of the variant
        assert guess not in {turn.guess for turn in history}
        assert len(candidates(variant, history)) > 1
        if history:  # the position comes from the book's own move one level up
            parent = " ".join(key.split()[:-1])
            assert book[parent] == history[-1].guess


@pytest.mark.parametrize("name", [name for name in BOOKS if "checks" in recorded(name)])
def test_recorded_secrets_take_the_recorded_number_of_guesses(name: str) -> None:
    variant = variant_named(name)
    checks = recorded(name)["checks"]
    assert isinstance(checks, dict)
    assert checks
    strategy = heuristic_strategy(variant)
    for secret, guesses in checks.items():
        assert len(play(variant, secret, strategy)) == guesses, secret
