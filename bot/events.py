"""What happened, told to whoever cares: the kernel and the features publish events (a game finished, a match
closed, a puzzle solved, a review shown), and the features that answer them registered their handlers in the one
list that registers features (bot/register.py). So the kernel needs to know no feature: a game's end is rated and
awarded by whoever listens.

Handlers run at once, inside the transaction of whatever published the event (what they write commits with it, or
not at all), and what each returns is kept in the update's journal: the Core reads the awards an update earned from
there and puts them in its Account. A journal lives as long as one try of one update; a try undone (a failure, a
wait for engine work) takes its journal with it.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from bot.games.model import Game
from bot.matches.model import Match

E = TypeVar("E", bound="Event")
T = TypeVar("T")


class Event:
    """Something that happened (the base of every event)."""


@dataclass(frozen=True)
class GameFinished(Event):
    """A one-player game ended (won, lost, given up, abandoned, solved, revealed), as stored."""

    game: Game
    at: datetime


@dataclass(frozen=True)
class MatchClosed(Event):
    """A race, duel or versus game ended, its players' results recorded, as stored."""

    match: Match
    at: datetime


@dataclass(frozen=True)
class DaysClosing(Event):
    """The days whose daily challenge is over are closed now (just after 00:00 UTC, or at start-up): the games of
    those days still under way end there."""

    at: datetime


@dataclass(frozen=True)
class DailySolved(Event):
    """A player solved a day's daily challenge without a hint, in `guesses`; `par` is how many guesses the engine's
    own play needs for that day's code (the same for everyone: nobody's game moves it)."""

    user_id: int
    chat_id: int
    day: str
    guesses: int
    par: int
    at: datetime


@dataclass(frozen=True)
class PuzzleRated(Event):
    """A player's ladder puzzle was rated (its first answer, or giving it up before any): their shown puzzle rating
    after it, whether it is established, whether that answer solved it, and which puzzle it was."""

    user_id: int
    rating: int
    established: bool
    at: datetime
    solved: bool = False
    puzzle_id: int | None = None


@dataclass(frozen=True)
class DayPuzzleSolved(Event):
    """A player solved the puzzle of the day: their run of days solved, this one included."""

    user_id: int
    streak: int
    at: datetime


@dataclass(frozen=True)
class RankedFinished(Event):
    """Both games of a ranked secret are over and both players were rated (bot/ranked/): the secret, its variant,
    and each player's place, the one who set the mark first (1: the better game; both 1: a draw), and the guesses
    of each who solved it."""

    secret_id: int
    variant: str
    places: tuple[tuple[int, int], ...]  # (user_id, place)
    at: datetime
    solved: tuple[tuple[int, int], ...] = ()  # (user_id, guesses) of each player who solved it


@dataclass(frozen=True)
class ReviewShown(Event):
    """A finished game's review was shown to its player: whether they won it, whether a hint helped, how many codes
    its variant has, each guess's label in order, and whether its clues were shared (a race: every player saw every
    guess's score, so the player's own guesses are not all they knew)."""

    user_id: int
    chat_id: int
    won: bool
    hinted: bool
    codes: int
    labels: tuple[str, ...]
    at: datetime
    shared: bool = False


@dataclass(frozen=True)
class ChatUnreachable(Event):
    """Telegram refused a message to a private chat (403: its player blocked the bot, or never started it)."""

    chat_id: int
    at: datetime


Handler = Callable[[Any, Any], Awaitable[Any]]  # (deps, event) -> what it made of it (awards, a rating change...)


@dataclass
class Journal:
    """What one try of one update published, and what each handler made of it, in order."""

    entries: list[tuple[Event, Any]] = field(default_factory=list)

    def made(self, kind: type[T]) -> list[T]:
        """Every result of the handlers that is a `kind` (flattening tuples and lists), in order."""
        found: list[T] = []
        for _, result in self.entries:
            items = result if isinstance(result, tuple | list) else (result,)
            found += [item for item in items if isinstance(item, kind)]
        return found


_JOURNAL: ContextVar[Journal | None] = ContextVar("events_journal", default=None)


class Events:
    """The handlers registered for each kind of event, and their publishing."""

    def __init__(self) -> None:
        self._handlers: defaultdict[type[Event], list[Handler]] = defaultdict(list)

    def on(self, kind: type[E], handler: Callable[[Any, E], Awaitable[Any]]) -> None:
        """Have `handler(deps, event)` run for every event of this kind, after those registered before it."""
        self._handlers[kind].append(handler)

    async def publish(self, deps: Any, event: Event) -> list[Any]:
        """Run the event's handlers in order (inside the caller's transaction); what each returned comes back, and
        goes into the journal of the update under way, if any."""
        journal = _JOURNAL.get()
        results = []
        for handler in self._handlers[type(event)]:
            result = await handler(deps, event)
            results.append(result)
            if journal is not None:  # kept as it comes: what a handler published comes after what ran before it
                journal.entries.append((event, result))
        return results

    @staticmethod
    @contextlib.contextmanager
    def journal() -> Iterator[Journal]:
        """Within this block, what is published is kept in a journal of its own (one try of one update)."""
        journal = Journal()
        marker = _JOURNAL.set(journal)
        try:
            yield journal
        finally:
            _JOURNAL.reset(marker)
