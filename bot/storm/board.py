"""What a player sees of Puzzle Storm, as typed values with their texts already in the player's language: a run's
screen, the boards, a Racer's standings. Each is a `Screen` an Outcome's Account carries; the chat draws its `lines`
and choices (bot/storm/screens.py), and the Mini App draws the values themselves."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.boards.model import Choices
from bot.replies import Screen
from bot.texts import Html
from engine.scoring import Score
from engine.variant import Code


@dataclass(frozen=True)
class StormClue:
    """One clue of the puzzle on screen: its number (from 1), the guess and its score, the line the chat writes."""

    number: int
    guess: Code
    score: Score
    line: Html


@dataclass(frozen=True)
class RunScreen(Screen):
    """A run (alone, or a player's in a Racer) after an update: the verdict on the answer just given, then the puzzle
    now (its place, from 0, which an answer from the page names), the clock (the server's end, and the seconds left
    when the update was made) and the tally; once over, the ending instead of a puzzle."""

    run_id: int
    racer_id: int | None
    variant: str
    title: Html
    clock: Html
    ends_at: datetime
    seconds_left: int
    place: int
    total: int
    solved: int
    wrong: int
    streak: int
    clues: tuple[StormClue, ...] = ()
    prompt: tuple[Html, ...] = ()
    verdict: tuple[Html, ...] = ()  # what was said of the latest answer (right, wrong, too late)
    ending: tuple[Html, ...] = ()  # over: how it ended, the result, the bests
    over: bool = False
    choices: Choices = ()

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line in order, the verdict on the last answer first (what the chat's message shows)."""
        if self.over:
            return (*self.verdict, *self.ending)
        return (*self.verdict, self.title, self.clock, *(clue.line for clue in self.clues), *self.prompt)


@dataclass(frozen=True)
class BoardLine:
    """One line of a board: the place, who, the puzzles solved and the wrong answers of their best run, as written."""

    place: int
    user_id: int
    name: str
    solved: int
    wrong: int
    line: Html


@dataclass(frozen=True)
class BoardsScreen(Screen):
    """Storm's boards: today's (its UTC day) and all-time, best first (each with a note when it is empty or has more
    players than it lists), and the player's own bests."""

    day: str
    today_title: Html
    today: tuple[BoardLine, ...]
    all_time_title: Html
    all_time: tuple[BoardLine, ...]
    yours: Html
    best: int | None
    best_today: int | None
    today_note: Html | None = None
    all_time_note: Html | None = None
    choices: Choices = ()

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line in order (what the chat's message shows)."""
        today = (
            self.today_title,
            *(line.line for line in self.today),
            *((self.today_note,) if self.today_note else ()),
        )
        all_time = (
            self.all_time_title,
            *(line.line for line in self.all_time),
            *((self.all_time_note,) if self.all_time_note else ()),
        )
        return (*today, *all_time, self.yours)


@dataclass(frozen=True)
class RacerLine:
    """A player in a Racer's standings: the place, who, the puzzles solved and the wrong answers so far, whether their
    run is over, as written."""

    place: int
    user_id: int
    name: str
    solved: int
    wrong: int
    over: bool
    line: Html


@dataclass(frozen=True)
class RacerScreen(Screen):
    """A Racer's standings, the one message in its group: its phase (lobby, running, over), the players best first,
    what is said of it (when it starts, who won), and its choices."""

    racer_id: int
    phase: str
    title: Html
    rows: tuple[RacerLine, ...]
    notices: tuple[Html, ...] = ()
    starts_at: datetime | None = None
    winner_id: int | None = None
    choices: Choices = ()

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line in order (what the group's message shows)."""
        return (self.title, *(row.line for row in self.rows), *self.notices)
