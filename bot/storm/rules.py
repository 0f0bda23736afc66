"""Puzzle Storm's rules, pure: the clock of a run (three minutes, 10 s a wrong answer, 10 s back for every third
right answer in a row), what an answer does to a run, and the order of the boards and of a Racer's standings."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

RUN_SECONDS = 180  # a run's time, before its bonuses and penalties
WRONG_COSTS = 10  # seconds a wrong answer takes off the clock
STREAK_EVERY = 3  # every this many right answers in a row...
STREAK_ADDS = 10  # ...put this many seconds back on the clock
RUN_PUZZLES = 30  # puzzles in a run at most: the run is over when they are all answered
VARIANT = "classic"  # Storm's puzzles: one variant, one board
LOBBY_SECONDS = 30  # a Racer's lobby takes players this long, unless its starter starts it sooner
MAX_RACERS = 30  # players in one Racer
MOST_SECONDS = RUN_SECONDS + STREAK_ADDS * (RUN_PUZZLES // STREAK_EVERY)  # the longest a run can last


@dataclass(frozen=True)
class Tally:
    """Where a run stands: the puzzle being solved (0-based), the answers so far, the right ones in a row now and at
    most, and the seconds the streaks added and the wrong answers cost."""

    place: int = 0
    solved: int = 0
    wrong: int = 0
    streak: int = 0
    best_streak: int = 0
    bonus: int = 0
    penalty: int = 0

    @property
    def seconds(self) -> int:
        """The run's whole time on the clock now: its three minutes, plus the bonuses, less the penalties."""
        return RUN_SECONDS + self.bonus - self.penalty


def answered(tally: Tally, right: bool) -> Tally:
    """The run after an answer to its current puzzle: the next puzzle either way; a right one counts and lengthens the
    streak (every STREAK_EVERY-th in a row adds STREAK_ADDS seconds), a wrong one ends the streak and costs
    WRONG_COSTS seconds.

    >>> answered(answered(answered(Tally(), True), True), True)
    Tally(place=3, solved=3, wrong=0, streak=3, best_streak=3, bonus=10, penalty=0)
    >>> answered(Tally(streak=2), False)
    Tally(place=1, solved=0, wrong=1, streak=0, best_streak=0, bonus=0, penalty=10)
    """
    if not right:
        return replace(
            tally, place=tally.place + 1, wrong=tally.wrong + 1, streak=0, penalty=tally.penalty + WRONG_COSTS
        )
    streak = tally.streak + 1
    bonus = tally.bonus + (STREAK_ADDS if streak % STREAK_EVERY == 0 else 0)
    return replace(
        tally,
        place=tally.place + 1,
        solved=tally.solved + 1,
        streak=streak,
        best_streak=max(tally.best_streak, streak),
        bonus=bonus,
    )


def ends_at(started: datetime, tally: Tally) -> datetime:
    """When a run with this tally is over by the clock (the server's)."""
    return started + timedelta(seconds=tally.seconds)


def left(ends: datetime, now: datetime) -> timedelta:
    """The time left on a run's clock at `now` (never below zero)."""
    return max(timedelta(0), ends - now)


def counts(ends: datetime, now: datetime) -> bool:
    """Whether an answer at `now` counts: only before the clock runs out."""
    return now < ends


@dataclass(frozen=True)
class RunResult:
    """A finished run as the boards rank it: who, how many solved, how many wrong, and how long to the last right
    answer."""

    user_id: int
    name: str
    solved: int
    wrong: int
    reached_seconds: float


def rank_key(result: RunResult) -> tuple[int, int, float, int]:
    """The boards' and a Racer's order: more solved first, then fewer wrong, then sooner reached (then by who, so that
    the order is total).

    >>> ranked = sorted([RunResult(1, "a", 5, 2, 90.0), RunResult(2, "b", 5, 1, 120.0), RunResult(3, "c", 6, 9, 170.0)],
    ...                 key=rank_key)
    >>> [r.name for r in ranked]
    ['c', 'b', 'a']
    """
    return (-result.solved, result.wrong, result.reached_seconds, result.user_id)


def winner(results: list[RunResult]) -> RunResult | None:
    """A Racer's winner: the first in the order, if anyone solved a puzzle."""
    ranked = sorted(results, key=rank_key)
    return ranked[0] if ranked and ranked[0].solved > 0 else None


def is_person(user_id: int, as_chat: bool) -> bool:
    """Whether a sender may play: a person (Telegram's users have positive ids), never a chat posting as itself (an
    anonymous admin, a channel)."""
    return user_id > 0 and not as_chat
