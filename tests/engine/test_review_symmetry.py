"""Positions equal up to relabelling share one canonical history, and only they do; the relabellings that map a
position onto itself, and the classes of guesses they make, are those a brute force over every relabelling finds."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.history import Turn, candidates
from engine.review.symmetry import (
    Relabelling,
    canonical_history,
    guess_class,
    position_key,
    position_orders,
    symmetries,
    turns_from_key,
)
from engine.scoring import Score, score
from engine.splits import fixed_symbols
from engine.variant import PRESETS, Variant, variant_named
from tests.engine.review_brute import BruteForce

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


SMALL = [Variant(3, 6), Variant(3, 6, repeats=True), Variant(3, 6, leading_zero=False)]
SMALL_BRUTE = {variant: BruteForce(variant) for variant in SMALL}


def every_relabelling(variant: Variant) -> list[Relabelling]:
    """Every relabelling that keeps the variant's codes allowed (4,320 on 3 of 6 symbols)."""
    movable = list(range(variant.symbols)) if variant.leading_zero else list(range(1, variant.symbols))
    out = []
    for order in position_orders(variant):
        for image in itertools.permutations(movable):
            mapping = dict(zip(movable, image, strict=True))
            out.append(Relabelling(order, tuple(mapping.get(s, s) for s in range(variant.symbols))))
    return out


@st.composite
def small_positions(draw: st.DrawFn) -> tuple[Variant, list[Turn], dict[int, int]]:
    variant = draw(st.sampled_from(SMALL))
    codes = SMALL_BRUTE[variant].codes
    secret = draw(st.sampled_from(codes))
    guesses = draw(st.lists(st.sampled_from(codes), min_size=0, max_size=3))
    pins = {place: int(secret[place]) for place in draw(st.sets(st.integers(0, 2), max_size=2))}
    return variant, [Turn(g, score(secret, g)) for g in guesses], pins


def _used(variant: Variant, turns: list[Turn], pins: dict[int, int]) -> int:
    return fixed_symbols(variant, turns) | sum({1 << s for s in pins.values()})


@settings(max_examples=40, deadline=None)
@given(small_positions())
def test_the_symmetries_of_a_position_are_those_brute_force_finds_and_fix_its_codes(
    case: tuple[Variant, list[Turn], dict[int, int]],
) -> None:
    """Every relabelling mapping the turns (in any order) and the pins onto themselves is one `symmetries` found, up
    to renaming the unused symbols; and each maps the codes that fit onto themselves."""
    variant, turns, pins = case
    used = _used(variant, turns, pins)
    found = symmetries(variant, turns, sorted(pins.items()))
    turn_set = sorted((t.guess, t.answer) for t in turns)
    brute = set()
    for r in every_relabelling(variant):
        moved_pins = {r.order.index(p): r.names[s] for p, s in pins.items()}
        if sorted((r.apply(t.guess), t.answer) for t in turns) == turn_set and moved_pins == pins:
            brute.add((r.order, tuple(r.names[s] for s in range(variant.symbols) if used >> s & 1)))
    assert {(r.order, tuple(r.names[s] for s in range(variant.symbols) if used >> s & 1)) for r in found} == brute
    fitting = SMALL_BRUTE[variant].fitting([(t.guess, tuple(t.answer)) for t in turns], pins)
    for r in found:
        assert {r.apply(code) for code in fitting} == fitting


@settings(max_examples=40, deadline=None)
@given(small_positions())
def test_guesses_share_a_class_exactly_when_a_symmetry_maps_one_onto_the_other(
    case: tuple[Variant, list[Turn], dict[int, int]],
) -> None:
    variant, turns, pins = case
    used = _used(variant, turns, pins)
    found = symmetries(variant, turns, sorted(pins.items()))
    codes = SMALL_BRUTE[variant].codes
    stabiliser = [
        r
        for r in every_relabelling(variant)
        if sorted((r.apply(t.guess), t.answer) for t in turns) == sorted((t.guess, t.answer) for t in turns)
        and {r.order.index(p): r.names[s] for p, s in pins.items()} == pins
    ]
    orbit_of: dict[str, frozenset[str]] = {}
    for code in codes:
        if code not in orbit_of:
            orbit = frozenset(r.apply(code) for r in stabiliser)
            orbit_of.update(dict.fromkeys(orbit, orbit))
    classes: dict[tuple[int, ...], set[str]] = {}
    for code in codes:
        classes.setdefault(guess_class(found, used, code), set()).add(code)
    assert sorted(map(sorted, classes.values())) == sorted(map(sorted, set(orbit_of.values())))


@pytest.mark.parametrize(
    ("name", "classes"), [("classic", 1), ("3d10", 1), ("nozero", 2), ("mastermind", 5), ("3d10z", 2)]
)
def test_first_guesses_fall_into_the_known_classes(name: str, classes: int) -> None:
    """Every first guess of a variant of distinct digits with a leading zero is the same up to relabelling; without
    one, those with a 0 differ from those without; Mastermind's fall into its five patterns (1111, 1112, 1122, 1123,
    1234)."""
    variant = variant_named(name)
    found = symmetries(variant, [])
    used = fixed_symbols(variant, [])
    assert len({guess_class(found, used, variant.code(i)) for i in range(variant.size)}) == classes
