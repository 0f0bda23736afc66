"""Moments worth a cheer when a player wins a game against the bot: the first win, a new personal best, a run of
clean wins, a run of days solving the daily. Read from the results just recorded, after the game's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.models.game import Game
from bot.services import daily
from bot.services.deps import Deps
from bot.services.stats import distribution, streaks

# Runs worth a line: clean wins in a row (in one variant), days in a row solving the daily.
STREAK_MILESTONES = frozenset({3, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000})
DAY_MILESTONES = frozenset({3, 7, 14, 30, 50, 100, 200, 365, 500, 1000})


class Kind(StrEnum):
    """What is celebrated (its text is `celebrate.<kind>`)."""

    FIRST_WIN = "first_win"
    BEST = "best"
    STREAK = "streak"
    DAYS = "days"


@dataclass(frozen=True)
class Milestone:
    """One thing to celebrate: what, and its number (guesses of a best, length of a run) and the former best."""

    kind: Kind
    n: int = 0
    was: int = 0


async def reached(deps: Deps, game: Game, is_daily: bool) -> tuple[Milestone, ...]:
    """What the win of `game` (already recorded) achieved, first-things first; nothing for any other outcome."""
    if game.status != "won":
        return ()
    found: list[Milestone] = []
    if await deps.stats.wins_against_bot(game.user_id) == 1:
        found.append(Milestone(Kind.FIRST_WIN))
    if not game.hinted:
        counts = await deps.stats.result_counts(game.user_id, game.variant.name)
        found.extend(_best(distribution(counts), len(game.turns)))
        run = streaks(await deps.stats.clean_solve_flags(game.user_id, game.variant.name)).current
        if run in STREAK_MILESTONES:
            found.append(Milestone(Kind.STREAK, run))
    if is_daily:
        days = (await daily.streak(deps, game.user_id)).current
        if days in DAY_MILESTONES:
            found.append(Milestone(Kind.DAYS, days))
    return tuple(found)


def _best(spread: dict[int, int], guesses: int) -> list[Milestone]:
    """A new personal best: this clean win (of `guesses`) is the only one that short, and an earlier one exists."""
    if spread.get(guesses) != 1 or min(spread) != guesses or sum(spread.values()) < 2:
        return []
    return [Milestone(Kind.BEST, guesses, min(g for g in spread if g != guesses))]
