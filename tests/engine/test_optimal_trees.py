"""The optimal trees shipped in engine/data: each solves every secret of its variant in the proven
least total, and the guesser plays them, falling back to its heuristic once a game leaves the tree."""

from __future__ import annotations

import pytest

from engine.guesser import best_strategy, next_guess
from engine.history import Turn, candidates
from engine.optimal.tree import Node, decode, encode, optimal_moves, shipped_tree, tree_stats
from engine.play import play, solve_counts
from engine.scoring import Score, score
from engine.variant import variant_named

SHIPPED = [
    ("classic", 26274, 7),
    ("nozero", 23283, 7),
    ("3", 3575, 7),
    ("mastermind", 5625, 6),
    ("4r7", 11228, 6),
    ("4r8", 20471, 7),
]


@pytest.mark.parametrize(("name", "total", "worst"), SHIPPED)
def test_shipped_tree_solves_every_secret_in_the_optimal_total(name: str, total: int, worst: int) -> None:
    variant = variant_named(name)
    tree = shipped_tree(variant)
    assert tree is not None
    stats = tree_stats(variant, tree)  # replays every secret; raises if any answer has no move
    assert (stats.total, stats.secrets, stats.worst) == (total, variant.size, worst)


@pytest.mark.parametrize(("name", "total", "worst"), SHIPPED)
def test_guesser_plays_the_shipped_tree(name: str, total: int, worst: int) -> None:
    variant = variant_named(name)
    counts = solve_counts(variant, best_strategy(variant))
    assert sum(counts.values()) == total
    assert max(counts.values()) == worst


def test_tree_file_round_trips() -> None:
    variant = variant_named("3")
    tree = shipped_tree(variant)
    assert tree is not None
    assert decode(variant, encode(variant, tree)) == tree


def test_a_tree_for_another_variant_is_refused() -> None:
    tree = shipped_tree(variant_named("3"))
    assert tree is not None
    with pytest.raises(ValueError, match="not a mastermind tree"):
        decode(variant_named("mastermind"), encode(variant_named("3"), tree))


def test_moves_are_keyed_by_history() -> None:
    variant = variant_named("mastermind")
    book = optimal_moves(variant)
    first = book[""]
    assert sorted(first) == sorted("0012")  # Koyama and Lai's opening shape: AABC
    answer = score("2345", first)
    assert f"{first}:{answer}" in book


def test_incomplete_tree_is_refused_on_replay() -> None:
    variant = variant_named("3")
    with pytest.raises(ValueError, match="no move after"):
        tree_stats(variant, Node(variant.index("012"), {}))


@pytest.mark.parametrize("name", ["classic", "3", "mastermind"])
def test_guesser_falls_back_when_the_game_leaves_the_tree(name: str) -> None:
    variant = variant_named(name)
    book = optimal_moves(variant)
    opening = variant.code(variant.size - 1)  # the last code: not the tree's opening
    assert opening != book[""]
    secret = variant.code(variant.size // 3)
    history = [Turn(opening, score(secret, opening))]
    assert f"{opening}:{history[0].answer}" not in book
    guess = next_guess(variant, history)
    assert variant.is_valid(guess)
    turns = play(variant, secret, history=history)
    assert turns[-1].guess == secret


def test_guesser_follows_the_tree_again_after_a_corrected_answer() -> None:
    variant = variant_named("3")
    book = optimal_moves(variant)
    first = book[""]
    secret = "987"
    wrong = [Turn(first, Score(0, 1))]  # a slip: the true answer is below
    right = [Turn(first, score(secret, first))]
    assert len(candidates(variant, wrong)) > 0
    next_guess(variant, wrong)  # plays on from the mistaken answer, in or out of the tree
    assert next_guess(variant, right) == book[f"{first}:{right[0].answer}"]
    assert play(variant, secret, history=right)[-1].guess == secret
