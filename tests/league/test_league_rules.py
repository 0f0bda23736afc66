"""The leagues' rules, pure: the week, who moves at the close, the points."""

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from bot.league.rules import (
    A_DAY,
    DAY_MOST,
    MOVES,
    TIERS,
    DivisionLine,
    Source,
    daily_points,
    moves,
    ordered,
    ranked_points,
    week_end,
    week_of,
)


def division(points: list[int]) -> list[DivisionLine]:
    return [
        DivisionLine(user, score, f"2025-01-0{1 + user % 5}T00:00:00.000+00:00") for user, score in enumerate(points, 1)
    ]


def test_a_week_runs_from_monday_00_00_utc():
    assert week_of(datetime(2025, 1, 5, 23, 59, 59, tzinfo=UTC)) == "2024-12-30"
    assert week_of(datetime(2025, 1, 6, 0, 0, tzinfo=UTC)) == "2025-01-06"
    assert week_end("2025-01-06") == datetime(2025, 1, 13, tzinfo=UTC)


def test_in_a_full_division_the_top_five_move_up_and_the_bottom_five_down():
    table = division(list(range(30, 0, -1)))
    moved = moves(3, table)
    assert sorted(moved.up) == [1, 2, 3, 4, 5]
    assert sorted(moved.down) == [26, 27, 28, 29, 30]


def test_nobody_moves_above_the_top_tier_or_below_the_first_or_up_without_a_point():
    table = division(list(range(30, 0, -1)))
    assert moves(TIERS, table).up == frozenset()
    assert moves(1, table).down == frozenset()
    assert moves(2, division([5, 3, 0, 0, 0, 0])).up == frozenset({1, 2})


def test_a_small_division_moves_at_most_half_each_way_and_one_player_moves_nowhere():
    assert [sorted(m) for m in (moves(2, division([9, 7, 5])).up, moves(2, division([9, 7, 5])).down)] == [[1], [3]]
    alone = moves(2, division([9]))
    assert alone.up == alone.down == frozenset()


def test_equal_points_rank_whoever_got_there_first():
    early = DivisionLine(7, 10, "2025-01-01T10:00:00.000+00:00")
    late = DivisionLine(3, 10, "2025-01-02T10:00:00.000+00:00")
    assert [p.user_id for p in ordered([late, early])] == [7, 3]


@given(st.lists(st.integers(0, 300), min_size=0, max_size=30), st.integers(1, TIERS))
def test_moves_never_overlap_and_never_exceed_five_each_way(points, tier):
    moved = moves(tier, division(points))
    assert not moved.up & moved.down
    assert len(moved.up) <= MOVES
    assert len(moved.down) <= MOVES
    assert len(moved.up) + len(moved.down) <= len(points)


def test_points_reward_playing_well():
    assert ranked_points(1, 2) > ranked_points(1, 1) > ranked_points(2, 1) == 0
    assert daily_points(True, 4, 0) > daily_points(True, 6, 0) > daily_points(False, 2, 0) == 0
    assert daily_points(True, 5, 2) == daily_points(True, 7, 0)  # a hint counts as a guess
    assert A_DAY[Source.RANKED] * 10 + 10 + A_DAY[Source.PUZZLE] * 2 + 3 == DAY_MOST
