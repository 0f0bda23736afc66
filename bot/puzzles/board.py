"""What a player sees of a puzzle: its screen, as typed values with its texts already in the player's language.

A view builds it (bot/puzzles/screens.py); the chat draws it as one message with buttons (the same view's `reply`),
the Mini App as JSON (bot/puzzles/page.py). Drawn top to bottom in the order of its fields: the title, the
clues, the prompt, the verdict on the latest answer, the notices, the ending; then its choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.boards.model import Choices
from bot.texts import Html
from engine.scoring import Score
from engine.variant import Code


class PuzzleKind(StrEnum):
    """Which puzzle a screen shows."""

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
class PuzzleBoard:
    """A puzzle's screen (see the module's note). `key` says which puzzle: a ladder puzzle's id, or the day."""

    kind: PuzzleKind
    key: str
    variant: str
    title: Html
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
            self.title,
            *(clue.line for clue in self.clues),
            *self.prompt,
            *self.verdict,
            *self.notices,
            *self.ending,
        )
