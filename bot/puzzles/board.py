"""What a player sees of a puzzle: its screen, and the day's board, as typed values with their texts already in the
player's language: `Screen`s (bot/replies.py) an Outcome's Account carries.

A view builds them (bot/puzzles/screens.py); the chat draws a puzzle's as one message with buttons (the same view's
`reply`), the Mini App as JSON (bot/puzzles/page.py, its page face, listed in the register). Drawn top to bottom in
the order of its fields: the title, the clues, the prompt, the verdict on the latest answer, the notices, the
ending; then its choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.boards.model import Choices
from bot.replies import Screen
from bot.texts import Html
from engine.scoring import Score
from engine.variant import Code


class PuzzleTrack(StrEnum):
    """Which track a puzzle screen's puzzle is on: the rated ladder, the day's in private, or the day's in a group."""

    LADDER = "ladder"  # a rated puzzle of the ladder (/puzzle)
    DAILY = "daily"  # the puzzle of the day, in private or on the page
    GROUP = "group"  # the puzzle of the day posted in a group


@dataclass(frozen=True)
class Clue:
    """One clue: its number (from 1), the guess and its score, the line the chat writes, and whether the latest
    answer breaks it (and what that answer would have scored on it)."""

    number: int
    guess: Code
    score: Score
    line: Html
    would_score: Score | None = None


@dataclass(frozen=True)
class PuzzleBoard(Screen):
    """A puzzle's screen (see the module's note). `key` says which puzzle: a ladder puzzle's id, or the day."""

    track: PuzzleTrack
    key: str
    variant: str
    title: tuple[Html, ...]  # its lines: what it asks (and the variant), then the ratings on the ladder
    clues: tuple[Clue, ...]
    prompt: tuple[Html, ...] = ()
    verdict: tuple[Html, ...] = ()  # what was said of the latest answer
    notices: tuple[Html, ...] = ()
    ending: tuple[Html, ...] = ()  # solved or given up: the code, the rating's change, the streak, the next one
    over: bool = False
    solved: bool = False
    solution: Code | None = None  # once the player may see it
    tries: int = 0
    rating: int | None = None  # the player's puzzle rating as shown (the ladder)
    provisional: bool = False  # the player's rating is provisional: shown with "?" (the ladder)
    puzzle_rating: int | None = None  # the puzzle's (the ladder)
    share: Html | None = None  # the result to forward, spoiler-free (the puzzle of the day)
    choices: Choices = ()

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line of the screen in order, title first (what the chat's message shows)."""
        return (
            *self.title,
            *(clue.line for clue in self.clues),
            *self.prompt,
            *self.verdict,
            *self.notices,
            *self.ending,
        )


@dataclass(frozen=True)
class DayBoard(Screen):
    """The puzzle of the day's board: its title, its solvers by tries then time (each line as written), and how many
    more solved it than it lists."""

    lines: tuple[Html, ...]
