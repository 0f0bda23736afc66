"""Leaderboards and player stats from the recorded results; display names kept fresh.

Rules, in one place:
- A *clean solve* is a game the player won, in a mode where the player guesses (referee, race, duel,
  versus, daily), without hints. Only clean solves are ranked and counted in best, average and the
  distribution. Hinted wins, give-ups, losses and abandoned games are counted as games, not ranked.
- Guesser games (the bot guesses the player's code) measure the bot, not the player: their "guesses"
  are the bot's. They are kept out of every ranking and stat and shown as one separate line.
- Ranking: fewest guesses in the best solve, then the lowest average over clean solves, then whoever
  reached that best first, then the user id (so the order is total).
- A *streak* is a run of consecutive clean solves among the player's guessing games of the variant,
  ordered by finish time; any other result (hinted win, give-up, loss, abandoned) ends it. The current
  streak is the run at the end (0 if the latest game was not a clean solve).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from bot.models.stats import ResultCount, Standing
from bot.services.deps import Deps
from bot.storage.stats import ALL_CHATS, RANKED_MODES

Period = Literal["week", "all"]
WEEK = timedelta(days=7)
TOP_SIZE = 10


@dataclass(frozen=True)
class Ranked:
    """A leaderboard line: the place, the player's name (None if unknown) and their standing."""

    place: int
    name: str | None
    standing: Standing


@dataclass(frozen=True)
class Leaderboard:
    """One view of a leaderboard: whose (a chat or ALL_CHATS), which variant and period, and the lines."""

    chat_id: int
    variant: str
    period: Period
    lines: tuple[Ranked, ...]
    variants: tuple[str, ...]  # variants with clean solves there, for the switch buttons

    @property
    def global_(self) -> bool:
        """Whether this is the all-chats leaderboard."""
        return self.chat_id == ALL_CHATS


async def leaderboard(deps: Deps, chat_id: int, variant: str, period: Period, limit: int = TOP_SIZE) -> Leaderboard:
    """The leaderboard of a chat (or ALL_CHATS) for a variant: all time, or the last seven days."""
    repo = deps.stats
    if period == "week":
        rows = await repo.standings_since(chat_id, variant, deps.clock() - WEEK, limit)
    else:
        rows = await repo.standings(chat_id, variant, limit)
    names = await repo.names(row.user_id for row in rows)
    lines = tuple(Ranked(place, names.get(row.user_id), row) for place, row in enumerate(rows, start=1))
    variants = tuple(await repo.ranked_variants(chat_id))
    return Leaderboard(chat_id, variant, period, lines, variants)


@dataclass(frozen=True)
class Streaks:
    """The current run of clean solves and the longest one."""

    current: int
    best: int


def streaks(flags: str) -> Streaks:
    """The streaks in a string of results by finish time, '1' a clean solve and '0' anything else."""
    runs = flags.split("0")
    return Streaks(current=len(runs[-1]), best=max(len(run) for run in runs))


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in one variant."""

    user_id: int
    variant: str
    games: int  # games where the player guessed, whatever the outcome
    wins: int  # of those, won (with or without hints)
    clean: int  # wins without hints: what best, average and the distribution are about
    best: int | None
    average: float | None
    streaks: Streaks
    distribution: dict[int, int]  # guesses -> clean solves
    bot_games: int  # guesser games: the bot guessed the player's code
    bot_average: float | None  # the bot's average guesses in those it solved
    variants: tuple[str, ...]  # every variant the player has results in, most played first


def distribution(counts: list[ResultCount]) -> dict[int, int]:
    """Clean solves by number of guesses, from the smallest count up."""
    tally: Counter[int] = Counter()
    for row in counts:
        if _clean(row):
            tally[row.guesses] += row.count
    return dict(sorted(tally.items()))


def _clean(row: ResultCount) -> bool:
    return row.mode in RANKED_MODES and row.outcome == "won" and not row.hinted


async def player_stats(deps: Deps, user_id: int, variant: str) -> PlayerStats:
    """A player's games, wins, best, average, streaks and distribution in a variant (all chats)."""
    repo = deps.stats
    counts = await repo.result_counts(user_id, variant)
    mine = [row for row in counts if row.mode in RANKED_MODES]
    bots = [row for row in counts if row.mode == "guesser"]
    spread = distribution(counts)
    clean = sum(spread.values())
    bot_solved = [row for row in bots if row.outcome == "solved"]
    bot_solved_count = sum(row.count for row in bot_solved)
    return PlayerStats(
        user_id=user_id,
        variant=variant,
        games=sum(row.count for row in mine),
        wins=sum(row.count for row in mine if row.outcome == "won"),
        clean=clean,
        best=min(spread) if spread else None,
        average=sum(g * n for g, n in spread.items()) / clean if clean else None,
        streaks=streaks(await repo.clean_solve_flags(user_id, variant)),
        distribution=spread,
        bot_games=sum(row.count for row in bots),
        bot_average=sum(r.guesses * r.count for r in bot_solved) / bot_solved_count if bot_solved_count else None,
        variants=tuple(name for name, _ in await repo.played_variants(user_id)),
    )


async def seen(deps: Deps, user_id: int, name: str, language: str = "", username: str | None = None) -> None:
    """Remember the player's display name, app language and @username (names change; the user id is who they
    are)."""
    name = " ".join(name.split())[:64]
    language = language[:16]
    username = username[:32] if username else None  # Telegram's usernames are 5-32 characters
    now = deps.clock()
    if name and not deps.stats.seen_recently(user_id, name, now, language, username):
        async with deps.transaction():
            await deps.stats.see_player(user_id, name, now, language, username)
