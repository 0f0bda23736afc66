"""Days as the bot counts them: UTC days ('YYYY-MM-DD'), the time to the next one, and runs of days in a row."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta


def day_of(moment: datetime) -> str:
    """The UTC day of a moment, 'YYYY-MM-DD'."""
    return moment.astimezone(UTC).date().isoformat()


def until_next(moment: datetime) -> timedelta:
    """How long until the next day: until the coming 00:00 UTC (a new daily challenge, a new puzzle of the day)."""
    now = moment.astimezone(UTC)
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), UTC)
    return midnight - now


@dataclass(frozen=True)
class DayStreak:
    """Days in a row on which the player did something (solved the daily challenge, the puzzle of the day): the run
    that is still alive (it ends today or yesterday, so a day not yet played breaks nothing), and the longest."""

    current: int
    best: int


def day_streak(solved: list[str], today: str) -> DayStreak:
    """The streaks in the days ('YYYY-MM-DD') the player did it, as of `today`.

    >>> day_streak(["2026-11-20", "2026-11-22", "2026-11-23"], "2026-11-24")
    DayStreak(current=2, best=2)
    >>> day_streak(["2026-11-20", "2026-11-21"], "2026-11-24")
    DayStreak(current=0, best=2)
    """
    days = sorted({date.fromisoformat(day) for day in solved})
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best, previous = max(best, run), day
    alive = previous is not None and date.fromisoformat(today) - previous <= timedelta(days=1)
    return DayStreak(run if alive else 0, best)
