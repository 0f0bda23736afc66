"""Moments worth a cheer when a player wins a game against the bot: the first win, a new personal best, a run of
clean wins, a run of days solving the daily. Read from the results just recorded, after the game's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot import daily, records
from bot.deps import Deps
from bot.games.model import Game
from bot.games.status import Status

# Runs worth a line: clean wins in a row (in one variant), days in a row solving the daily.
STREAK_MILESTONES = frozenset({3, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000})
DAY_MILESTONES = frozenset({3, 7, 14, 30, 50, 100, 200, 365, 500, 1000})


class MilestoneKind(StrEnum):
    """What is celebrated (its text is `celebrate.<kind>`)."""

    FIRST_WIN = "first_win"
    BEST = "best"
    STREAK = "streak"
    DAYS = "days"


@dataclass(frozen=True)
class Milestone:
    """One thing to celebrate: what, and its number (guesses of a best, length of a run) and the former best."""

    kind: MilestoneKind
    n: int = 0
    was: int = 0


async def reached(deps: Deps, game: Game, is_daily: bool) -> tuple[Milestone, ...]:
    """What the win of `game` (already recorded) achieved, first-things first; nothing for any other outcome."""
    if game.status != Status.WON:
        return ()
    record = await deps.store.repository(records.SqliteStatsRepository).win_record(
        game.user_id, game.variant.name, game.id, max(STREAK_MILESTONES) + 1
    )
    found: list[Milestone] = []
    if record.wins_against_bot == 1:
        found.append(Milestone(MilestoneKind.FIRST_WIN))
    if not game.hinted:
        guesses = len(game.turns)
        if record.best_before is not None and guesses < record.best_before:
            found.append(Milestone(MilestoneKind.BEST, guesses, record.best_before))
        run = len(record.recent) - len(record.recent.lstrip("1"))  # clean wins in a row, this one the newest
        if run in STREAK_MILESTONES:
            found.append(Milestone(MilestoneKind.STREAK, run))
    if is_daily:
        days = (await daily.streak(deps, game.user_id)).current
        if days in DAY_MILESTONES:
            found.append(Milestone(MilestoneKind.DAYS, days))
    return tuple(found)
