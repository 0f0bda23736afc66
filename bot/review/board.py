"""What a player sees of a game's review, and of a position in it: typed values with their texts already in the
player's language, built once by the view (bot/review/screens.py) and drawn by each face: the chat's message
(bot/review/chat.py) and the Mini App's JSON (bot/review/page.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.boards.model import Choices
from bot.texts import Html
from engine.review import Label
from engine.scoring import Score
from engine.variant import Code


@dataclass(frozen=True)
class ReviewRow:
    """One guess, reviewed: its number and score, the codes that fit before and after it, what it told (in bits; None
    for the winning guess), its label and loss, whether the figures are exact, the best guess where this one was not
    among the best; with the chat's line and the label as words."""

    number: int
    guess: Code
    score: Score
    before: int
    after: int
    bits: float | None
    label: Label
    loss: float
    exact: bool
    best: Code | None
    line: Html
    label_text: Html  # "⭐ best", "≈ 👍 good" where the figure is an estimate


@dataclass(frozen=True)
class HintRow:
    """A hint, where it was taken: after how many guesses (0: before the first), the line that says what it revealed
    and how many codes fitted before and after it."""

    after: int
    line: Html


@dataclass(frozen=True)
class ReviewBoard:
    """A game's review: its title (and which game it is, when /review picked an older one), how it ended when the
    code was not won, a row a guess with the hints where they were taken, the accuracy, the coach's words (the
    accuracy explained, the turning point or a clean game, where a game not won stopped, what the figures rest on),
    the labels' legend, which row was the turning point, and the buttons to go on (a retry of a position, a game)."""

    title: Html
    rows: tuple[ReviewRow, ...]
    accuracy: float
    exact: bool
    coach: tuple[Html, ...]
    legend: Html
    turning: int | None = None  # the number of the turning point's row
    choices: Choices = ()
    hints: tuple[HintRow, ...] = ()
    ending: Html | None = None  # first, for a game not won: how it ended
    which: Html | None = None  # which game it is, when it is not the player's last
    retries: tuple[int, ...] = ()  # the guesses (by number) a retry is offered for


@dataclass(frozen=True)
class BestGuess:
    """One of the best guesses at a position: the code, the most codes an answer to it could leave (and how many on
    average), and the line that says so."""

    guess: Code
    worst: int
    line: Html
    average: float | None = None


@dataclass(frozen=True)
class PositionBoard:
    """The position a guess was made in: how many codes fit then (a page of them), the least expected guesses to the
    win from there, and some of the best guesses; with its texts."""

    number: int  # the guess made in it
    title: Html
    count: int
    codes: tuple[Code, ...]
    page: int
    pages: int
    page_text: Html
    least: float
    least_text: Html
    exact: bool
    best: tuple[BestGuess, ...]
    best_heading: Html | None = None  # "The best guess here:" / "The best guesses here:"
    why: Html | None = None  # what makes the first best guess best
    codes_heading: Html | None = None  # above the codes that fit
