"""Variants: presets, stored names, sizes, specs and the parsing of users' codes."""

import re
from importlib import resources

import pytest

from engine.book import book_file, opening_book
from engine.optimal.tree import shipped_tree, tree_file
from engine.variant import PRESETS, STORED_NAMES, InvalidCode, InvalidVariant, Variant, variant_named


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("classic", 5040),
        ("nozero", 4536),
        ("mastermind", 1296),
        ("mastermind10", 10000),
        ("3", 720),
        ("5", 30240),
        ("6", 151200),
        ("5r8", 32768),
        ("4d10z", 4536),
    ],
)
def test_variant_sizes(name: str, size: int) -> None:
    assert variant_named(name).size == size


def test_the_stored_names_are_those_already_stored() -> None:
    # games, settings, leaderboards, ratings, buttons' data and engine/data hold these words: they never change
    assert sorted(STORED_NAMES.values()) == ["classic", "mastermind", "mastermind10", "nozero"]
    for name, variant in PRESETS.items():  # the four presets are still named as they are stored
        assert variant.name == name
        assert variant_named(name) == variant
    assert variant_named("5").name == "5d10"
    assert variant_named("4r8z").name == "4r8z"
    assert variant_named("4d10").name == "classic"
    assert variant_named("4r6").spec == "4r6"
    assert variant_named("mastermind").spec == "4r6"


def test_every_shipped_tree_and_book_is_found_under_its_variants_stored_name() -> None:
    files = [f.name for f in (resources.files("engine") / "data").iterdir()]
    shipped = [m for name in files if (m := re.fullmatch(r"(tree|book)-(\w+)\.(txt\.gz|json)", name))]
    assert len(shipped) >= 8
    for found in shipped:
        variant = variant_named(found[2])
        assert variant.name == found[2]
        assert (tree_file if found[1] == "tree" else book_file)(variant) == found[0]


def test_a_new_preset_on_rules_already_in_use_renames_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    three, five, classic = variant_named("3d10"), variant_named("5d10"), variant_named("classic")
    monkeypatch.setitem(PRESETS, "three", Variant(3, 10))  # 3d10: games stored under that name, a shipped tree
    monkeypatch.setitem(PRESETS, "five", Variant(5, 10))  # 5d10: a shipped opening book
    monkeypatch.setitem(PRESETS, "bulls", Variant(4, 10))  # a second name for classic
    assert [PRESETS[name].name for name in ("three", "five", "bulls")] == ["3d10", "5d10", "classic"]
    assert variant_named("three") == variant_named("3d10") == three
    assert variant_named("bulls") == variant_named("classic") == classic
    # the files are found as before (read past the caches, which key on the rules and could hide a new name)
    assert tree_file(PRESETS["three"]) == "tree-3d10.txt.gz"
    assert shipped_tree.__wrapped__(PRESETS["three"]) == shipped_tree(three) is not None
    assert shipped_tree.__wrapped__(PRESETS["bulls"]) == shipped_tree(classic) is not None
    assert book_file(PRESETS["five"]) == "book-5d10.json"
    assert opening_book.__wrapped__(PRESETS["five"]) == opening_book(five) != {}


@pytest.mark.parametrize("bad", ["7", "2", "4d11", "4d5", "banana", ""])
def test_bad_variant_names_are_refused(bad: str) -> None:
    with pytest.raises(InvalidVariant):
        variant_named(bad)


@pytest.mark.parametrize("text", ["0123", "0 1 2 3", "0-1-2-3", " 0,1,2,3 "])
def test_parse_accepts_common_spellings(text: str) -> None:
    assert PRESETS["classic"].parse(text) == "0123"


@pytest.mark.parametrize(
    ("variant", "text", "key"),
    [
        ("classic", "123", "wrong_length"),
        ("classic", "12345", "wrong_length"),
        ("classic", "1123", "repeated"),
        ("classic", "12a4", "not_digit"),
        ("nozero", "0123", "leading_zero"),
        ("mastermind", "1276", "out_of_range"),
        ("classic", "", "empty"),
    ],
)
def test_parse_rejects_with_a_reason(variant: str, text: str, key: str) -> None:
    with pytest.raises(InvalidCode) as caught:
        PRESETS[variant].parse(text)
    assert caught.value.key == key
    assert str(caught.value)


def test_mastermind_allows_repeats() -> None:
    assert PRESETS["mastermind"].parse("1111") == "1111"


def test_codes_are_valid_and_distinct() -> None:
    v = Variant(4, 10, repeats=False, leading_zero=False)
    codes = {v.code(i) for i in range(v.size)}
    assert len(codes) == v.size
    assert all(v.is_valid(c) for c in list(codes)[:500])
    assert v.index(v.code(123)) == 123


@pytest.mark.parametrize("name", ["classic", "nozero", "mastermind", "3", "4r8z", "3d6z", "5r6", "6d10z"])
def test_size_is_counted_without_building_and_matches_the_codes(name: str) -> None:
    variant = variant_named(name)
    assert variant.size == len(variant.codes)
    for i in (0, 1, variant.size // 2, variant.size - 1):
        assert variant.index(variant.code(i)) == i


def test_equal_variants_share_one_code_table() -> None:
    assert variant_named("5d10").codes is Variant(5, 10).codes


@pytest.mark.parametrize("text", ["1176", "0123", "012", "01234", "01a3"])
def test_index_refuses_what_is_not_a_code_of_the_variant(text: str) -> None:
    with pytest.raises(KeyError):
        PRESETS["nozero"].index(text)
