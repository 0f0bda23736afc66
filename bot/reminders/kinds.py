"""The kinds of reminder: a registry other features add to (bot/register.py lists them, in the order a player's two a
day go to them), each a topic a player switches on and a way of finding who is due one.

A kind is polled or told. Polled: at every run of the reminders' timer (just after each full hour) its `find` is
given the time and the players who switched its topic on (a few hundred at a time), and answers with the reminders
due, each for an occasion (a day, a week) it is sent once for. Told: a feature publishes an event (bot/events.py)
and the reminders' handler of that event queues the reminder at once, in the publisher's transaction.

The built-in kinds: a streak about to end (the daily challenge's, the puzzle of the day's: three hours before the UTC
day ends, if today's is not played), a new puzzle of the day (from the player's hour, the day after they switched it
on), the league week about to end (`league_kind`, given the league's places: in the week's last day, from the
player's hour), and a mark beaten on a ranked secret (told by the ranked games' RankedFinished event, when the other
player solved it in fewer guesses; one a day at most).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from functools import partial
from typing import NamedTuple

from bot import daily, puzzles
from bot.days import day_of, until_next
from bot.deps import Deps
from bot.events import RankedFinished
from bot.reminders import words
from bot.texts import Html

STREAK_WARNING = timedelta(hours=3)  # a streak about to end is told this long before the UTC day ends
WEEK_WARNING = timedelta(days=1)  # the league week about to end: within its last day
TOLD_FOR = timedelta(days=1)  # a reminder told by an event is no use after this long unsent


class Topic(StrEnum):
    """What a player may ask to be reminded of (stored in reminder_wishes, carried by the panel's buttons)."""

    STREAK = "streak"  # a streak (the daily challenge's, the puzzle of the day's) about to end
    PUZZLE = "puzzle"  # a new puzzle of the day
    LEAGUE = "league"  # the league week about to end, and the player's place
    RANKED = "ranked"  # someone beat the player's mark on a ranked secret


class Wish(NamedTuple):
    """A player who switched a topic on: at which UTC hour (what comes at a time of their day comes then), and when."""

    user_id: int
    hour: int
    since: datetime


@dataclass(frozen=True)
class Due:
    """A reminder due to a player: the occasion it is sent once for, its words in a language, and when it is of no
    use any more (unsent by then, it is dropped)."""

    user_id: int
    occasion: str
    words: Callable[[str], Html]
    stale_at: datetime


# (deps, now, the players who switched the topic on) -> the reminders due to them now
Finder = Callable[[Deps, datetime, Sequence[Wish]], Awaitable[Sequence[Due]]]


@dataclass(frozen=True)
class ReminderKind:
    """A kind of reminder: its topic, and how to find who is due one (None: told by an event)."""

    topic: Topic
    find: Finder | None = None


class LeaguePlace(NamedTuple):
    """A player's place in their league division this week, of how many."""

    place: int
    size: int


# what the league gives: the place and division size of those of these players who are in a division this week
Places = Callable[[Deps, Sequence[int]], Awaitable[Mapping[int, tuple[int, int]]]]


def day_start(moment: datetime) -> datetime:
    """00:00 UTC of the moment's day."""
    return moment + until_next(moment) - timedelta(days=1)


def week_end(moment: datetime) -> datetime:
    """The coming Monday 00:00 UTC, when the league week ends."""
    midnight = moment + until_next(moment)
    return midnight + timedelta(days=(7 - midnight.astimezone(UTC).weekday()) % 7)


def hour_come(wish: Wish, now: datetime) -> bool:
    """Whether the player's hour has come today (it is that hour or later), and they switched the topic on before
    today began: what is due at their hour starts the day after they asked for it."""
    return now.astimezone(UTC).hour >= wish.hour and wish.since < day_start(now)


async def streaks_ending(deps: Deps, now: datetime, wishes: Sequence[Wish]) -> list[Due]:
    """Who has a streak that ends with the day (the daily challenge's, the puzzle of the day's: alive, and today's
    not played yet), once the day has less than STREAK_WARNING left."""
    left = until_next(now)
    if left > STREAK_WARNING:
        return []
    found = []
    for wish in wishes:
        challenge = (await daily.streak(deps, wish.user_id)).current
        if challenge and isinstance(await daily.today(deps, wish.user_id), daily.Done):
            challenge = 0  # played today: extended, or lost (then it ended already)
        puzzle = (await puzzles.streak(deps, wish.user_id)).current
        if puzzle and await puzzles.day_over(deps, wish.user_id):
            puzzle = 0
        if challenge or puzzle:
            said = partial(words.streaks, challenge=challenge, puzzle=puzzle, left=left)
            found.append(Due(wish.user_id, day_of(now), said, now + left))
    return found


async def new_puzzles(deps: Deps, now: datetime, wishes: Sequence[Wish]) -> list[Due]:
    """Who is due word of the new puzzle of the day: their hour has come, and they have not opened today's."""
    found = []
    for wish in wishes:
        if hour_come(wish, now) and not await puzzles.day_begun(deps, wish.user_id):
            found.append(Due(wish.user_id, day_of(now), words.new_puzzle, now + until_next(now)))
    return found


def league_kind(places: Places) -> ReminderKind:
    """The league's kind of reminder: in the week's last day, from the player's hour, their place in their
    division (if they are in one this week), given by `places`."""

    async def week_ending(deps: Deps, now: datetime, wishes: Sequence[Wish]) -> list[Due]:
        ends = week_end(now)
        if ends - now > WEEK_WARNING:
            return []
        due = [wish for wish in wishes if hour_come(wish, now)]
        standings = await places(deps, [wish.user_id for wish in due]) if due else {}
        week = day_of(ends - timedelta(days=7))  # the week's Monday
        return [
            Due(
                wish.user_id,
                week,
                partial(words.league, standing=LeaguePlace(*standings[wish.user_id]), left=ends - now),
                ends,
            )
            for wish in due
            if wish.user_id in standings
        ]

    return ReminderKind(Topic.LEAGUE, week_ending)


def mark_beaten(event: RankedFinished) -> Due | None:
    """The reminder a ranked secret's end tells its mark's setter (the first of its places) when the other player
    solved it in fewer guesses than they did: one a day at most, however many marks fall. None otherwise (a mark
    held, a draw, beaten only on hints or time, or not solved by its setter: no mark in guesses to beat)."""
    if len(event.places) != 2:
        return None
    (setter, _), (other, _) = event.places
    guesses = dict(event.solved)
    if setter not in guesses or other not in guesses or guesses[other] >= guesses[setter]:
        return None
    said = partial(words.ranked, mark=guesses[setter], guesses=guesses[other])
    return Due(setter, day_of(event.at), said, event.at + TOLD_FOR)


STREAKS = ReminderKind(Topic.STREAK, streaks_ending)
NEW_PUZZLE = ReminderKind(Topic.PUZZLE, new_puzzles)
RANKED = ReminderKind(Topic.RANKED)  # told by the ranked games' RankedFinished (service.on_ranked_finished)
