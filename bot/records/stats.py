"""Leaderboards and player stats from the recorded results; display names kept fresh.

Rules, in one place:
- A *clean solve* is a game the player won, in a mode where the player guesses (referee, race, duel,
  versus, daily), without hints. Only clean solves are ranked and counted in best, average and the
  distribution. Hinted wins, give-ups, losses and abandoned games are counted as games, not ranked.
- Guesser games (the bot guesses the player's code) measure the bot, not the player: their "guesses"
  are the bot's. They are kept out of every ranking and stat and shown as one separate line.
- Ranking: fewest guesses in the best solve, then the lowest average over clean solves, then whoever
  reached that best first, then the user id (so the order is total).
- Periods are UTC calendar periods: *today* since 00:00 UTC, *this week* since Monday 00:00 UTC, *this
  month* since 00:00 UTC on the 1st, and all time. A period's board counts the clean solves finished in it.
- A *streak* is a run of consecutive clean solves among the player's guessing games of the variant,
  ordered by finish time; any other result (hinted win, give-up, loss, abandoned) ends it. The current
  streak is the run at the end (0 if the latest game was not a clean solve).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from bot.deps import Deps
from bot.games.model import Mode
from bot.games.status import Status
from bot.records.model import ALL_CHATS, Place, ResultCount, Standing
from bot.records.rating import Family, Skill, shown
from bot.records.store import RANKED_MODES, SqliteStatsRepository
from bot.store.db import checkpoint
from bot.store.store import Store


class Period(StrEnum):
    """A leaderboard's period: UTC today, this week, this month, or all time."""

    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    ALL = "all"


TOP_SIZE = 10


def period_key(period: Period, now: datetime) -> str | None:
    """The key of the current UTC period in period_standings ('d2026-11-23', 'w' and the week's Monday,
    'm2026-11'); None for all time. The same keys as the trigger in migrations/*_chat_defaults.sql."""
    day = now.astimezone(UTC).date()
    if period == Period.TODAY:
        return f"d{day.isoformat()}"
    if period == Period.WEEK:
        return f"w{(day - timedelta(days=day.weekday())).isoformat()}"
    if period == Period.MONTH:
        return f"m{day.isoformat()[:7]}"
    return None


def past_periods(now: datetime) -> tuple[tuple[str, str], ...]:
    """The ranges of period keys ([low, high) each) of the days, weeks and months before the current ones: no board
    shows them any more."""
    return tuple(
        (key[0], key) for key in (period_key(p, now) for p in (Period.TODAY, Period.WEEK, Period.MONTH)) if key
    )


# Rows deleted per transaction: a few milliseconds of work, so that a move never waits long for the write lock
# (bench/leaderboard_bench.py times the chunks).
PRUNE_CHUNK = 500
# Seconds between two chunks, at least: a writer in another process (bullscows rerate, a backup) polls for a
# busy lock, and chunks back to back would keep it waiting.
PRUNE_PAUSE = 0.005


async def prune_periods(store: Store, now: datetime, chunk: int = PRUNE_CHUNK) -> int:
    """Delete the boards of past periods, `chunk` rows a transaction with a pause at least as long after each, and
    say how many rows went.

    Each chunk's pages are checkpointed from the write-ahead log right after it: left there, they would be
    checkpointed a thousand pages at a time inside whichever commit passes the log's limit, often a move's."""
    past, total = past_periods(now), 0
    while True:
        begin = time.perf_counter()
        async with store.transaction():
            deleted = await store.repository(SqliteStatsRepository).drop_periods(past, chunk)
        if not deleted:
            return total
        total += deleted
        async with store.transaction.settled():
            await checkpoint(store.conn)
        await asyncio.sleep(max(PRUNE_PAUSE, time.perf_counter() - begin))


@dataclass(frozen=True)
class Placing:
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
    lines: tuple[Placing, ...]
    variants: tuple[str, ...]  # variants with clean solves there, for the switch buttons
    you: Place | None = None  # the asking player's place when it is below the lines shown

    @property
    def global_(self) -> bool:
        """Whether this is the all-chats leaderboard."""
        return self.chat_id == ALL_CHATS


async def leaderboard(
    deps: Deps, chat_id: int, variant: str, period: Period, limit: int = TOP_SIZE, user_id: int | None = None
) -> Leaderboard:
    """The leaderboard of a chat (or ALL_CHATS) for a variant in a period, with `user_id`'s place when that
    player is on the board but below the lines shown."""
    repo = deps.store.repository(SqliteStatsRepository)
    key = period_key(period, deps.clock())
    rows = await repo.standings(chat_id, variant, limit, key)
    names = await deps.store.players.names(row.user_id for row in rows)
    lines = tuple(Placing(place, names.get(row.user_id), row) for place, row in enumerate(rows, start=1))
    variants = tuple(await repo.ranked_variants(chat_id))
    below = user_id is not None and len(rows) == limit and all(row.user_id != user_id for row in rows)
    you = await repo.place(chat_id, variant, user_id, key) if below and user_id is not None else None
    return Leaderboard(chat_id, variant, period, lines, variants, you)


@dataclass(frozen=True)
class Streaks:
    """The current run of clean solves and the longest one."""

    current: int
    best: int


def streaks(flags: str) -> Streaks:
    """The streaks in a string of results by finish time, '1' a clean solve and '0' anything else.

    >>> streaks("1101110"), streaks("011"), streaks("")
    (Streaks(current=0, best=3), Streaks(current=2, best=2), Streaks(current=0, best=0))
    """
    runs = flags.split("0")
    return Streaks(current=len(runs[-1]), best=max(len(run) for run in runs))


async def clean_streaks(deps: Deps, user_id: int, variant: str) -> Streaks:
    """A player's clean wins in a row in a variant (all chats, every mode where they guess): the run still going,
    and the longest."""
    return streaks(await deps.store.repository(SqliteStatsRepository).clean_solve_flags(user_id, variant))


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in one variant."""

    user_id: int
    variant: str
    games: int  # games where the player guessed, however it ended
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
    return row.mode in RANKED_MODES and row.status == Status.WON and not row.hinted


async def player_stats(deps: Deps, user_id: int, variant: str) -> PlayerStats:
    """A player's games, wins, best, average, streaks and distribution in a variant (all chats)."""
    repo = deps.store.repository(SqliteStatsRepository)
    counts = await repo.result_counts(user_id, variant)
    mine = [row for row in counts if row.mode in RANKED_MODES]
    bots = [row for row in counts if row.mode == Mode.GUESSER]
    spread = distribution(counts)
    clean = sum(spread.values())
    bot_solved = [row for row in bots if row.status == Status.SOLVED]
    bot_solved_count = sum(row.count for row in bot_solved)
    return PlayerStats(
        user_id=user_id,
        variant=variant,
        games=sum(row.count for row in mine),
        wins=sum(row.count for row in mine if row.status == Status.WON),
        clean=clean,
        best=min(spread) if spread else None,
        average=sum(g * n for g, n in spread.items()) / clean if clean else None,
        streaks=streaks(await repo.clean_solve_flags(user_id, variant)),
        distribution=spread,
        bot_games=sum(row.count for row in bots),
        bot_average=sum(r.guesses * r.count for r in bot_solved) / bot_solved_count if bot_solved_count else None,
        variants=tuple(name for name, _ in await repo.played_variants(user_id)),
    )


async def rating_history(deps: Deps, user_id: int, family: Family, last: int) -> tuple[int, ...]:
    """The player's match rating in a family as shown, right after each of their last `last` rated matches, oldest
    first: what the page's Stats tab draws."""
    rows = await deps.store.repository(SqliteStatsRepository).rating_history(user_id, family.value, last)
    return tuple(shown(Skill(mu, sigma).conservative) for mu, sigma in rows)


async def usual_variant(deps: Deps, user_id: int) -> str:
    """The variant a player plays most, else their private chat's (a private chat's id is its user's)."""
    played = await deps.store.repository(SqliteStatsRepository).played_variants(user_id)
    return played[0][0] if played else (await deps.store.settings.of_chat(user_id)).variant.name
