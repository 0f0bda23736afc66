"""Positions equal up to relabelling share one canonical history, and only they do (checked against brute force)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.history import Turn, candidates
from engine.review.symmetry import Relabelling, canonical_history, position_key, position_orders, turns_from_key
from engine.scoring import Score, score
from engine.variant import PRESETS, Variant

VARIANTS = [PRESETS["classic"], PRESETS["nozero"], PRESETS["mastermind"], Variant(3, 6)]


def random_relabelling(variant: Variant, rng: random.Random) -> Relabelling:
    """Any relabelling that keeps the variant's codes allowed."""
    order = rng.choice(position_orders(variant))
    names = list(range(variant.symbols))
    movable = names if variant.leading_zero else names[1:]
    shuffled = rng.sample(movable, len(movable))
    mapping = dict(zip(movable, shuffled, strict=True))
    return Relabelling(order, tuple(mapping.get(s, s) for s in names))


@st.composite
def histories(draw: st.DrawFn) -> tuple[Variant, list[Turn], int]:
    variant = draw(st.sampled_from(VARIANTS))
    secret = variant.code(draw(st.integers(0, variant.size - 1)))
    guesses = [variant.code(draw(st.integers(0, variant.size - 1))) for _ in range(draw(st.integers(0, 2)))]
    return variant, [Turn(g, score(secret, g)) for g in guesses], draw(st.integers(0, 2**32))


@settings(max_examples=200, deadline=None)
@given(histories())
def test_a_relabelled_history_in_any_order_has_the_same_canonical_history(
    case: tuple[Variant, list[Turn], int],
) -> None:
    variant, turns, seed = case
    rng = random.Random(seed)
    relabelling = random_relabelling(variant, rng)
    moved = [Turn(relabelling.apply(t.guess), t.answer) for t in turns]
    rng.shuffle(moved)
    assert canonical_history(variant, moved)[0] == canonical_history(variant, turns)[0]


@settings(max_examples=200, deadline=None)
@given(histories())
def test_the_canonical_history_is_the_history_relabelled(case: tuple[Variant, list[Turn], int]) -> None:
    variant, turns, _seed = case
    canonical, relabelling = canonical_history(variant, turns)
    images = sorted((relabelling.apply(t.guess), t.answer) for t in turns)
    assert images == sorted(canonical)
    for turn in turns:
        assert relabelling.undo(relabelling.apply(turn.guess)) == turn.guess
        assert variant.is_valid(relabelling.apply(turn.guess))
    fitting = {variant.code(int(i)) for i in candidates(variant, turns)}
    assert {relabelling.apply(code) for code in fitting} == {
        variant.code(int(i)) for i in candidates(variant, canonical)
    }


def test_one_guess_histories_fall_into_the_classes_brute_force_finds() -> None:
    """On 3 distinct of 6, two one-guess histories share a canonical history exactly when some relabelling maps one
    onto the other (every relabelling tried)."""
    variant = Variant(3, 6)
    codes = [variant.code(i) for i in range(variant.size)]
    relabellings = [
        Relabelling(order, names)
        for order in position_orders(variant)
        for names in itertools.permutations(range(variant.symbols))
    ]
    answer = Score(1, 1)
    histories = [[Turn(code, answer)] for code in codes[:40]]
    for first, second in itertools.combinations(histories, 2):
        related = any(r.apply(first[0].guess) == second[0].guess for r in relabellings)
        assert (canonical_history(variant, first)[0] == canonical_history(variant, second)[0]) == related


def test_a_variant_without_a_leading_zero_keeps_zero_first() -> None:
    nozero = PRESETS["nozero"]
    canonical, _ = canonical_history(nozero, [Turn("5021", Score(0, 2))])
    assert canonical[0].guess[0] != "0"
    assert canonical[0].guess.count("0") == 1
    assert (
        canonical_history(nozero, [Turn("1023", Score(0, 2))])[0]
        != canonical_history(nozero, [Turn("1234", Score(0, 2))])[0]
    )


def test_keys_read_back() -> None:
    turns = [Turn("0123", Score(1, 2)), Turn("4567", Score(0, 0))]
    assert position_key(turns) == "0123/1/2,4567/0/0"
    assert list(turns_from_key(position_key(turns))) == turns
    assert turns_from_key(position_key([])) == ()
