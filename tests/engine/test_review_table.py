"""The shipped tables of precomputed positions: they read back, agree with the shipped optimal trees, and their
entries agree with the solver on a sample."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.history import Turn, candidates
from engine.optimal.tree import replay, shipped_tree
from engine.review.game import guess_loss
from engine.review.measure import SEARCH_CODES, Weigher, position_at
from engine.review.players import human_game, some_player
from engine.review.symmetry import canonical_history, position_key, turns_from_key
from engine.review.table import EMPTY, Entry, Table, decode, encode, lookup, shipped_table
from engine.scoring import Score, score
from engine.variant import PRESETS, Variant, variant_named
from tests.machine import needs_solver_core

SHIPPED = [variant_named(name) for name in ("classic", "nozero", "mastermind", "3d10", "4r7", "4r8")]
SPOT_CHECKS = 12
SPOT_CODES = 60  # the sample's positions have at most this many codes (quick for the solver without the table)


def test_a_table_reads_back_and_refuses_another_variants_file() -> None:
    variant = Variant(3, 6)
    table = Table(2, {"-": Entry(436, ("012",)), "012/0/1": Entry(100, ("345", "134"))})
    data = encode(variant, table)
    assert decode(variant, data) == table
    assert encode(variant, decode(variant, data)) == data  # the same bytes every time
    with pytest.raises(ValueError, match="not a 3r6 review table"):
        decode(Variant(3, 6, repeats=True), data)


@pytest.mark.parametrize("variant", SHIPPED, ids=lambda v: v.name)
def test_the_start_and_the_openings_are_the_shipped_trees_totals(variant: Variant) -> None:
    table, tree = shipped_table(variant), shipped_tree(variant)
    assert tree is not None
    guesses = replay(variant, tree)  # guesses the tree takes on each secret
    assert table.turns == 2
    assert table.entries["-"].total == int(guesses.sum())
    first = variant.code(tree.guess)
    for feedback in tree.children:
        turn = Turn(first, Score.from_id(feedback, variant.length))
        part = candidates(variant, [turn])
        found = lookup(variant, table, [turn])
        if len(part) <= 2:
            continue
        assert found is not None
        assert found.entry.total == int((guesses[part] - 1).sum())  # a subtree of an optimal tree is optimal


@pytest.mark.parametrize("variant", SHIPPED, ids=lambda v: v.name)
def test_the_best_guesses_of_the_start_and_openings_reach_their_totals(variant: Variant) -> None:
    table = shipped_table(variant)
    weigher = Weigher(variant, budget=0, table=table)  # every part of these is in the table: no search
    for key, entry in table.entries.items():
        turns = turns_from_key(key)
        if len(turns) > 1:
            continue
        position = position_at(variant, turns)
        for guess in entry.best:
            total = weigher.guess_total(position, variant.index(guess))
            assert total == (entry.total, True, variant.index(guess)), key


@needs_solver_core
@pytest.mark.parametrize("variant", SHIPPED, ids=lambda v: v.name)
def test_a_sample_of_positions_after_two_turns_agrees_with_the_solver(variant: Variant) -> None:
    table = shipped_table(variant)
    keys = sorted(k for k in table.entries if k.count(",") == 1)
    rng = random.Random(29)
    checked = 0
    for key in rng.sample(keys, len(keys)):
        turns = turns_from_key(key)
        position = position_at(variant, turns)
        if position.size > SPOT_CODES:
            continue
        weigher = Weigher(variant, budget=10**12, table=EMPTY)
        entry = table.entries[key]
        assert weigher.least(position).value == entry.total, key
        for guess in entry.best:
            assert weigher.guess_total(position, variant.index(guess)).value == entry.total, (key, guess)
        checked += 1
        if checked == SPOT_CHECKS:
            break
    assert checked == SPOT_CHECKS


@pytest.mark.parametrize("variant", SHIPPED, ids=lambda v: v.name)
def test_every_position_of_two_turns_is_found(variant: Variant) -> None:
    table = shipped_table(variant)
    rng = np.random.default_rng(1)
    for _ in range(200):
        secret, first, second = (variant.code(int(i)) for i in rng.integers(0, variant.size, 3))
        turns = [Turn(first, score(secret, first)), Turn(second, score(secret, second))]
        for prefix in (turns[:1], turns):
            if len(candidates(variant, prefix)) <= 2:
                continue
            found = lookup(variant, table, prefix)
            assert found is not None, position_key(canonical_history(variant, prefix)[0])
            assert all(variant.is_valid(code) for code in found.best())


@needs_solver_core
def test_a_sample_of_classics_bigger_positions_agrees_with_the_reviews_search() -> None:
    """Positions of 61 to 250 codes (the table's entries were found by the plain solver; the review's searches fold
    absent symbols and bound parts quickly): the same least totals, exact."""
    variant = PRESETS["classic"]
    table = shipped_table(variant)
    keys = sorted(k for k in table.entries if k.count(",") == 1)
    rng = random.Random(7)
    checked = 0
    for key in rng.sample(keys, len(keys)):
        position = position_at(variant, turns_from_key(key))
        if not SPOT_CODES < position.size <= SEARCH_CODES:
            continue
        found = Weigher(variant, budget=10**13, table=EMPTY).least(position)
        assert found == (table.entries[key].total, True, found.guess), key
        checked += 1
        if checked == 4:
            break
    assert checked == 4


@pytest.mark.parametrize("variant", SHIPPED, ids=lambda v: v.name)
def test_the_first_two_guesses_of_any_game_are_exact_from_the_table_alone(variant: Variant) -> None:
    """No search at all (a budget of 0): the table holds every position of up to two turns, so the first two guesses
    of any game are weighed exactly from it."""
    rng = random.Random(11)
    for _ in range(25):
        turns = human_game(variant, rng, some_player(rng))[:2]
        for index, turn in enumerate(turns):
            weighed = guess_loss(variant, turns[:index], None, turn.guess, budget=0)
            assert weighed.exact, turns[: index + 1]
