"""Why a guess is good: the parts it splits the codes into, checked by hand on small sets, against the classic
opening's well-known split, and against scores counted one pair at a time."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.history import candidates
from engine.partition import Part, compared, partition, partitions
from engine.scoring import Score, score
from engine.variant import Variant, variant_named

CLASSIC = variant_named("classic")
SMALL = [variant_named(name) for name in ("3d6", "3r6", "mastermind", "classic", "4d8z")]


def indices(variant: Variant, *codes: str) -> list[int]:
    return [variant.index(code) for code in codes]


def test_the_classic_opening_splits_the_5040_codes_as_every_table_says() -> None:
    split = partition(CLASSIC, candidates(CLASSIC, []), "0123")
    sizes = [1440, 1260, 720, 480, 360, 264, 216, 180, 72, 24, 9, 8, 6, 1]
    assert [p.size for p in split.parts] == sizes
    assert split.parts[0] == Part(Score(0, 1), 1440, win=False)
    assert split.parts[-1] == Part(Score(4, 0), 1, win=True)
    assert split.worst == 1440
    assert split.expected == pytest.approx(4694294 / 5040)  # Σ size², by hand
    assert split.can_win
    assert not split.identifies
    assert not split.tells_nothing


def test_a_code_that_fits_and_tells_the_others_apart_wins_now_or_next_turn() -> None:
    # 0132 against 0123, 0132, 1023: 2🐂 2🐄, 4🐂, 0🐂 4🐄
    split = partition(CLASSIC, indices(CLASSIC, "0123", "0132", "1023"), "0132")
    assert {p.score for p in split.parts} == {Score(2, 2), Score(4, 0), Score(0, 4)}
    assert split.identifies
    assert split.can_win
    assert split.worst == 1
    assert split.expected == 1
    assert split.bits == pytest.approx(1.5849625)


def test_a_guess_that_cannot_win_can_still_name_the_code_next_turn() -> None:
    # 0124 against 0123, 0132, 1023: 3🐂 0🐄, 2🐂 1🐄, 1🐂 2🐄
    split = partition(CLASSIC, indices(CLASSIC, "0123", "0132", "1023"), "0124")
    assert [p.score for p in split.parts] == [Score(3, 0), Score(2, 1), Score(1, 2)]
    assert split.identifies
    assert not split.can_win


def test_a_code_that_fits_but_leaves_two_codes_together() -> None:
    # 0123 against 0123, 0132, 1023: 4🐂, and 2🐂 2🐄 twice
    split = partition(CLASSIC, indices(CLASSIC, "0123", "0132", "1023"), "0123")
    assert split.parts == (Part(Score(2, 2), 2, win=False), Part(Score(4, 0), 1, win=True))
    assert split.worst == 2
    assert split.expected == pytest.approx(5 / 3)
    assert split.can_win
    assert not split.identifies


def test_a_guess_of_none_of_the_codes_digits_tells_nothing() -> None:
    split = partition(CLASSIC, indices(CLASSIC, "0123", "0132"), "4567")
    assert split.parts == (Part(Score(0, 0), 2, win=False),)
    assert split.tells_nothing
    assert not split.can_win
    assert split.expected == 2
    assert split.bits == 0


def test_the_better_guess_on_both_counts_is_named() -> None:
    alive = indices(CLASSIC, "0123", "0132", "1023")
    both = compared(CLASSIC, alive, "0123", "0132")
    assert (both.first.worst, both.second.worst) == (2, 1)
    assert both.lower_worst == both.lower_expected == both.better == "0132"


def test_equal_guesses_have_no_better_one() -> None:
    both = compared(CLASSIC, candidates(CLASSIC, []), "0123", "9876")
    assert both.lower_worst is None
    assert both.lower_expected is None
    assert both.better is None


def test_a_position_with_no_code_or_a_code_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="no code fits"):
        partition(CLASSIC, [], "0123")
    with pytest.raises(ValueError, match="out of"):
        partition(CLASSIC, [CLASSIC.size], "0123")


def test_to_data_is_plain() -> None:
    data = partition(CLASSIC, indices(CLASSIC, "0123", "0132"), "0123").to_data()
    assert data["parts"] == [[4, 0, 1], [2, 2, 1]]
    assert data["identifies"] is True


@st.composite
def positions(draw: st.DrawFn) -> tuple[Variant, list[int], list[str]]:
    """A variant, a set of its codes (any set, not only one a game could leave), and a few guesses."""
    variant = draw(st.sampled_from(SMALL))
    alive = draw(st.lists(st.integers(0, variant.size - 1), min_size=1, max_size=60))
    guesses = draw(st.lists(st.integers(0, variant.size - 1), min_size=1, max_size=4))
    if draw(st.booleans()):
        guesses.append(alive[0])
    return variant, alive, [variant.code(g) for g in guesses]


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_parts_are_the_scores_counted_one_code_at_a_time(position: tuple[Variant, list[int], list[str]]) -> None:
    variant, alive, guesses = position
    codes = [variant.code(i) for i in sorted(set(alive))]
    for guess, split in zip(guesses, partitions(variant, alive, guesses), strict=True):
        counted = Counter(score(code, guess) for code in codes)
        assert {p.score: p.size for p in split.parts} == counted
        assert sum(p.size for p in split.parts) == split.codes == len(codes)
        win = [p for p in split.parts if p.win]
        assert (win == [Part(Score(variant.length, 0), 1, win=True)]) == split.can_win == (guess in codes)
        assert split.worst == max(counted.values())
        assert split.expected == pytest.approx(sum(n * n for n in counted.values()) / len(codes))
        assert len(codes) / len(counted) - 1e-9 <= split.expected <= split.worst
        assert split.identifies == (split.worst == 1) == (split.expected == pytest.approx(1))
        assert split.tells_nothing == (len(counted) == 1 and guess not in codes)
        keys = [(-p.size, -p.score.bulls, -p.score.cows) for p in split.parts]
        assert keys == sorted(keys)


@settings(max_examples=80, deadline=None)
@given(positions())
def test_a_comparison_reads_the_same_either_way(position: tuple[Variant, list[int], list[str]]) -> None:
    variant, alive, guesses = position
    first, second = guesses[0], guesses[-1]
    there, back = compared(variant, alive, first, second), compared(variant, alive, second, first)
    assert (there.lower_worst, there.lower_expected, there.better) == (
        back.lower_worst,
        back.lower_expected,
        back.better,
    )
    if there.better is not None:
        best, other = (there.first, there.second) if there.better == first else (there.second, there.first)
        assert best.worst <= other.worst
        assert best.expected <= other.expected + 1e-9
