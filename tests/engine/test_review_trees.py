"""What the shipped optimal trees prove for the review: the start and every position they pass through at their
subtrees' totals (checked against a brute force on 3 digits), and, with symmetry, every first guess of a variant of
distinct digits exactly best."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from engine.history import Turn, candidates
from engine.optimal.tree import replay, shipped_tree
from engine.review.game import review_game, weigh_guess
from engine.review.labels import Label
from engine.review.measure import Weigher, position_at
from engine.review.symmetry import Relabelling, guess_class, symmetries
from engine.review.table import shipped_table
from engine.review.trees import known_table, set_key, tree_table
from engine.scoring import Score, score
from engine.variant import Variant, variant_named
from tests.engine.review_brute import BruteForce

TREES = ["classic", "nozero", "mastermind", "3d10", "4r7", "4r8"]
THREE = variant_named("3d10")
BRUTE_CODES = 8  # the tree's positions of 3 digits the brute force weighs (a few seconds in all)


def tree_only(variant: Variant) -> Weigher:
    """A weigher that knows only what the variant's tree proves, and searches nothing."""
    return Weigher(variant, budget=0, table=tree_table(variant, shipped_tree(variant)))


@pytest.mark.parametrize("name", TREES)
def test_every_position_of_a_tree_is_proven_at_its_subtrees_total(name: str) -> None:
    variant = variant_named(name)
    tree = shipped_tree(variant)
    assert tree is not None
    guesses = replay(variant, tree)  # the guesses the tree takes on each secret
    table = tree_table(variant, tree)
    assert table.entries["-"].total == int(guesses.sum())
    assert table.proven[set_key(np.arange(variant.size))].total == int(guesses.sum())
    first = variant.code(tree.guess)
    for feedback in tree.children:
        part = candidates(variant, [Turn(first, Score.from_id(feedback, variant.length))])
        if len(part) >= 3:
            assert table.proven[set_key(part)].total == int((guesses[part] - 1).sum())


@pytest.mark.parametrize("name", TREES)
def test_a_tree_and_a_shipped_table_agree_where_both_have_a_position(name: str) -> None:
    variant = variant_named(name)
    table, tree = shipped_table(variant), tree_table(variant, shipped_tree(variant))
    shared = set(table.entries) & set(tree.entries)
    assert all(table.entries[key].total == tree.entries[key].total for key in shared)
    assert known_table(variant).entries["-"].total == tree.entries["-"].total


@cache
def three_brute() -> BruteForce:
    return BruteForce(THREE)


def test_the_positions_of_the_three_digit_tree_match_the_brute_force() -> None:
    """Every position of up to BRUTE_CODES codes the 3-digit tree passes through: its least total, by plain recursion
    over every guess."""
    brute = three_brute()
    checked = 0
    for key, proven in tree_table(THREE, shipped_tree(THREE)).proven.items():
        codes = np.frombuffer(key, dtype=np.int64)
        if len(codes) <= BRUTE_CODES:
            assert brute.total(frozenset(THREE.code(int(i)) for i in codes)) == proven.total
            checked += 1
    assert checked > 90


def test_the_best_play_of_three_digits_needs_3575_guesses_exactly() -> None:
    """The tree's proven 3575 over 720 codes, not an estimate's 3589."""
    review = review_game(THREE, [Turn(g, score("123", g)) for g in ["012", "345", "132", "123"]])
    assert review.start == 3575 / 720
    assert review.start_exact
    assert review.guesses[0].weighed.least_exact
    assert review.guesses[0].exact
    assert review.guesses[0].label is Label.BEST
    assert review.exact


@pytest.mark.parametrize("source", ["shipped", "tree alone"])
def test_every_first_guess_of_three_digits_is_exactly_best(source: str) -> None:
    weigher = Weigher(THREE) if source == "shipped" else tree_only(THREE)
    start = position_at(THREE, [])
    for index in range(THREE.size):
        weighed, _parts = weigh_guess(weigher, start, index)
        assert weighed.exact, THREE.code(index)
        assert (weighed.played.cost, weighed.least, weighed.label) == (3575 / 720, 3575 / 720, Label.BEST)


def test_symmetry_proves_a_first_guess_best_on_a_variant_without_a_table() -> None:
    """No zero first: the codes without a 0 are the tree's opening relabelled, so they are exactly best from the tree
    alone; a code with a 0 is of another class, and the tree alone does not weigh it (its table does)."""
    nozero = variant_named("nozero")
    weigher, start = tree_only(nozero), position_at(nozero, [])
    for guess in ["1234", "9876", "5281"]:
        weighed, _parts = weigh_guess(weigher, start, nozero.index(guess))
        assert weighed.exact, guess
        assert weighed.label is Label.BEST, guess
        assert weighed.played.cost == 23283 / 4536, guess
    weighed, _parts = weigh_guess(weigher, start, nozero.index("1023"))
    assert weighed.least_exact
    assert not weighed.exact


def test_symmetry_proves_a_guess_best_deep_in_a_tree() -> None:
    """On 3 digits after 012 and 345, both scored 0 0, the tree plays 067. Turning the places round (the second to
    the first) while renaming 1 to 0, 2 to 1, 0 to 2 and 4, 5, 3 to 3, 4, 5 maps both turns onto themselves and 067
    onto 672: so 672 is exactly best too, with no search, though its parts alone are not all proven."""
    turns = [Turn("012", Score(0, 0)), Turn("345", Score(0, 0))]
    position = position_at(THREE, turns)
    weigher = tree_only(THREE)
    least = weigher.least(position)
    assert least.exact
    assert THREE.code(least.guess) == "067"
    turn = Relabelling((1, 2, 0), (2, 0, 1, 5, 3, 4, 6, 7, 8, 9))
    assert [turn.apply(t.guess) for t in turns] == ["012", "345"]
    image = turn.apply("067")
    assert image == "672"
    assert not weigher.guess_total(position, THREE.index(image)).exact
    weighed, _parts = weigh_guess(weigher, position, THREE.index(image))
    assert weighed.exact
    assert weighed.label is Label.BEST
    assert weighed.played.cost == least.value / position.size


def test_a_start_no_tree_proves_is_marked_an_estimate() -> None:
    review = review_game(variant_named("3d10z"), [Turn("123", score("456", "123"))])
    assert not review.start_exact
    assert not review.exact


def test_the_start_is_exact_though_a_later_guess_is_not() -> None:
    """A hint taken after the first guess leaves a pinned position no table holds, and without a search its figures
    are estimates: the start stays proven."""
    classic = variant_named("classic")
    turns = [Turn(g, score("5678", g)) for g in ["0123", "4567", "5678"]]
    review = review_game(classic, turns, [{}, {0: 5}, {0: 5}], budget=0)
    assert not review.guesses[1].exact
    assert review.start_exact
    assert review.start == 26274 / 5040
    assert not review.exact


def test_every_guess_at_a_small_three_digit_position_weighs_as_the_brute_force_finds() -> None:
    """All 720 guesses at a position of 8 codes (after 012 and 123, both scored 0 2): each one's cost and the least
    cost, exact, as plain recursion finds them; and guesses of one class under the position's symmetries cost the
    same."""
    turns = [Turn("012", Score(0, 2)), Turn("123", Score(0, 2))]
    brute = three_brute()
    secrets = brute.fitting([(t.guess, tuple(t.answer)) for t in turns])
    position = position_at(THREE, turns)
    assert position.size == len(secrets) == 8
    weigher = Weigher(THREE)
    relabellings = symmetries(THREE, turns)
    by_class: dict[tuple[int, ...], set[int]] = {}
    least = brute.total(secrets)
    for index in range(THREE.size):
        guess = THREE.code(index)
        weighed, _parts = weigh_guess(weigher, position, index)
        total = brute.guess_total(secrets, guess)
        assert weighed.exact, guess
        assert weighed.played.cost * 8 == pytest.approx(total, abs=1e-9), guess
        assert weighed.least * 8 == pytest.approx(least, abs=1e-9)
        by_class.setdefault(guess_class(relabellings, position.fixed, guess), set()).add(total)
    assert all(len(totals) == 1 for totals in by_class.values())
    assert len(by_class) == 39  # 720 guesses, 39 classes: places reversed, 0 and 3, 1 and 2 swapped, swap the turns
