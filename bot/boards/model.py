"""What a player sees of one game: its board, as typed values with its texts already in the player's language.

The views build a board from the services' results; one renderer turns it into the chat's message (HTML and a
keyboard: bot/boards/chat.py), another into the Mini App's JSON (bot/boards/page.py). Neither ever cuts
rendered text apart: every line a face shows is a value here. A board is drawn top to bottom in the order of its
fields: the title, the rows, the hints, the prompt, the coach, the notices (and the advice), the ending; then its
choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.games.status import Status
from bot.texts import Html
from engine.scoring import Score
from engine.variant import Code


class Does(StrEnum):
    """What a choice (a board's button) does when it is pressed."""

    ANSWER = "answer"  # answer the bot's guess with a score
    FIX = "fix"  # take one answer as another: a fix of a contradiction, or an answer changed
    MORE = "more"  # show every fix of the contradiction
    CHANGE = "change"  # pick an answer to change, or ask one again
    BACK = "back"  # the board again, as it was
    UNDO = "undo"  # take the last answer back
    RESTART = "restart"  # start the answers over
    COACH = "coach"  # the coach's full review of the latest guess
    HINT = "hint"  # reveal a digit
    GIVE_UP = "give_up"  # give up and see the code
    STOP = "stop"  # stop the game unfinished (a daily's, after its warning)
    AGAIN = "again"  # the same again
    NEW = "new"  # a new game
    CONFIRM = "confirm"  # yes: abandon the running game for a new one
    KEEP = "keep"  # no: keep playing
    REVIEW = "review"  # the finished game's review
    BOARD = "board"  # show a board of results (Puzzle Storm's)
    JOIN = "join"  # join a group's game (a Puzzle Racer)
    START = "start"  # start a group's game now (a Puzzle Racer's lobby)
    RETRY = "retry"  # a position of a reviewed game again, as a puzzle


@dataclass(frozen=True)
class Choice:
    """One button of a board or a question: its label (in the player's language), the callback data it sends, and
    what it does."""

    label: Html
    data: str
    does: Does


Choices = tuple[tuple[Choice, ...], ...]  # in rows, as the chat lays them out


@dataclass(frozen=True)
class Row:
    """One move on the board: its number, the guess and its score (and the game's attempt limit, if any), with the
    line and the score as the chat writes them."""

    number: int
    guess: Code
    score: Score
    line: Html
    score_text: Html
    limit: int | None = None


@dataclass(frozen=True)
class Hints:
    """What the hints revealed: the code with only those digits shown ('_ 3 _ _'), and the line that says so."""

    pattern: str
    line: Html


@dataclass(frozen=True)
class Prompt:
    """The bot's guess waiting for an answer (its number among the guesses), and the lines that ask it."""

    number: int
    guess: Code
    lines: tuple[Html, ...]


@dataclass(frozen=True)
class Ending:
    """How the game ended: its status, its code (when the player may see it) and the summary's lines."""

    status: Status
    secret: Code | None
    lines: tuple[Html, ...] = ()


@dataclass(frozen=True)
class Advice:
    """What the player can do about answers that cannot all be true, worded for each face: the chat's names its
    commands (/reveal), the page's its own buttons (the page sends no command); drawn after the notices."""

    chat: Html
    page: Html


@dataclass(frozen=True)
class Board:
    """What a player sees of one game (see the module's note): `game_id` and `revision` say which game, as it stands."""

    game_id: int
    revision: int
    title: Html
    rows: tuple[Row, ...] = ()
    hints: Hints | None = None
    prompt: Prompt | None = None
    coach: tuple[Html, ...] = ()  # the coach's line, and its full review when asked for
    notices: tuple[Html, ...] = ()  # what was said of the last move: a hint given, a contradiction, a question
    ending: Ending | None = None
    choices: Choices = ()
    advice: Advice | None = None  # what to do about a contradiction, after the notices

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line of the board in order, title first (what the chat's message shows)."""
        return (
            self.title,
            *(row.line for row in self.rows),
            *((self.hints.line,) if self.hints is not None else ()),
            *(self.prompt.lines if self.prompt is not None else ()),
            *self.coach,
            *self.notices,
            *((self.advice.chat,) if self.advice is not None else ()),
            *(self.ending.lines if self.ending is not None else ()),
        )


@dataclass(frozen=True)
class MatchBoard:
    """What the player sees of a versus game: both sides, as typed rows (`yours`: their guesses at the bot's code;
    `mine`: the bot's guesses at theirs, with their answers), the chat's line a round, and, as a game's board, the
    prompt (the bot's guess waiting for an answer), the notices, the ending and the choices."""

    match_id: int
    revision: int
    title: Html
    yours: tuple[Row, ...] = ()
    mine: tuple[Row, ...] = ()
    rounds: tuple[Html, ...] = ()
    prompt: Prompt | None = None
    notices: tuple[Html, ...] = ()
    ending: Ending | None = None
    choices: Choices = ()
    # the player's answer to the bot's pending guess that ran into the contradiction shown: as given, not stored
    disputed: Row | None = None

    @property
    def lines(self) -> tuple[Html, ...]:
        """Every line of the board in order, title first (what the chat's message shows)."""
        return (
            self.title,
            *self.rounds,
            *(self.prompt.lines if self.prompt is not None else ()),
            *self.notices,
            *(self.ending.lines if self.ending is not None else ()),
        )
