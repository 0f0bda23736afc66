"""The rules of the weekly leagues, pure: the week, the tiers and divisions, the points and their caps, and who moves
at the week's close.

- A week runs from Monday 00:00 UTC to the next. Whoever plays in it (a ranked game rated, the daily challenge, a
  ladder puzzle rated, the puzzle of the day solved) is placed in a division of their tier: the newest of that
  tier's divisions this week with room (DIVISION_SIZE), else a new one.
- Points reward playing well, and playing more can't beat it: each source counts only the first few results of a
  UTC day (A_DAY), whatever they were (a loss takes its place as a win does), so a day's points are at most
  DAY_MOST; within them, a ranked win is worth more than a draw and a loss nothing, a daily solved in fewer guesses
  more (a hint counting as a guess), a puzzle only when its first answer solves it.
- What two players can give each other is bounded: a ranked result against the same opponent counts once a week.
- At the close, each division is ordered by points (equal points: who got there first), and the top MOVES (at most
  half the division) move up a tier, the bottom MOVES (at most half) down; nobody moves up without a point, above
  the top tier or below the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum

TIERS = 5
TIER_NAMES = ("league.tier.1", "league.tier.2", "league.tier.3", "league.tier.4", "league.tier.5")
TIER_MARKS = ("🥉", "🥈", "🥇", "💎", "👑")
DIVISION_SIZE = 30
MOVES = 5
WEEK = timedelta(days=7)


class Source(StrEnum):
    """What earned points (the stored words)."""

    RANKED = "ranked"
    DAILY = "daily"
    PUZZLE = "puzzle"
    DAY_PUZZLE = "day_puzzle"


A_DAY = {Source.RANKED: 3, Source.DAILY: 1, Source.PUZZLE: 5, Source.DAY_PUZZLE: 1}  # results counted a UTC day
PAIR_A_WEEK = 1  # ranked results against one opponent counted a week
RANKED_WIN, RANKED_DRAW = 10, 5
DAILY_MOST, DAILY_LEAST, DAILY_PAR = 10, 2, 14  # a daily solved: PAR − guesses − hints, within [LEAST, MOST]
PUZZLE_SOLVED, DAY_PUZZLE_SOLVED = 2, 3


def ranked_points(place: int, other: int) -> int:
    """A ranked result's points: a win, a draw, a loss."""
    return RANKED_WIN if place < other else RANKED_DRAW if place == other else 0


def daily_points(solved: bool, guesses: int, hints: int) -> int:
    """A daily challenge's points: fewer guesses (and hints) more; none unsolved.

    >>> daily_points(True, 4, 0), daily_points(True, 6, 1), daily_points(True, 20, 0), daily_points(False, 3, 0)
    (10, 7, 2, 0)
    """
    if not solved:
        return 0
    return max(DAILY_LEAST, min(DAILY_MOST, DAILY_PAR - guesses - hints))


def puzzle_points(solved: bool) -> int:
    """A ladder puzzle's points: solved by its first answer, or none."""
    return PUZZLE_SOLVED if solved else 0


DAY_MOST = (
    A_DAY[Source.RANKED] * RANKED_WIN
    + A_DAY[Source.DAILY] * DAILY_MOST
    + A_DAY[Source.PUZZLE] * PUZZLE_SOLVED
    + A_DAY[Source.DAY_PUZZLE] * DAY_PUZZLE_SOLVED
)  # the most points a day can bring


def week_of(moment: datetime) -> str:
    """The week a moment is in, named by its Monday ('2025-01-06').

    >>> week_of(datetime(2025, 1, 12, 23, 59, tzinfo=UTC)), week_of(datetime(2025, 1, 13, tzinfo=UTC))
    ('2025-01-06', '2025-01-13')
    """
    day = moment.astimezone(UTC).date()
    return (day - timedelta(days=day.weekday())).isoformat()


def week_start(week: str) -> datetime:
    """When a week begins: its Monday, 00:00 UTC."""
    return datetime.combine(date.fromisoformat(week), time(), UTC)


def week_end(week: str) -> datetime:
    """When a week ends: the next Monday, 00:00 UTC."""
    return week_start(week) + WEEK


def next_week(week: str) -> str:
    """The week after."""
    return (date.fromisoformat(week) + WEEK).isoformat()


@dataclass(frozen=True)
class DivisionLine:
    """A player's line in a division: their points and when they last earned some."""

    user_id: int
    points: int
    points_at: str


def ordered(members: Sequence[DivisionLine]) -> list[DivisionLine]:
    """A division's table: most points first; equal points, who got there first; then by id."""
    return sorted(members, key=lambda m: (-m.points, m.points_at, m.user_id))


@dataclass(frozen=True)
class Moves:
    """Who of a division moves up a tier, and who down, at the week's close."""

    up: frozenset[int]
    down: frozenset[int]


def moves(tier: int, members: Sequence[DivisionLine]) -> Moves:
    """Who moves at the close: the top MOVES (at most half) with points up, unless the tier is the top; the bottom
    MOVES (at most half) down, unless it is the first.

    >>> [sorted(m) for m in moves(2, [DivisionLine(u, 10 - u, "") for u in range(1, 5)]).__dict__.values()]
    [[1, 2], [3, 4]]
    """
    table = ordered(members)
    count = min(MOVES, len(table) // 2)
    up = frozenset(m.user_id for m in table[:count] if m.points > 0) if tier < TIERS else frozenset()
    down = frozenset(m.user_id for m in table[len(table) - count :]) - up if tier > 1 and count else frozenset()
    return Moves(up, down)


def tier_after(tier: int, user_id: int, moved: Moves) -> int:
    """A player's tier after the close."""
    return tier + 1 if user_id in moved.up else tier - 1 if user_id in moved.down else tier
