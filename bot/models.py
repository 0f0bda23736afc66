"""The bot's domain records: chat settings, stored games and finished results. Plain frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from engine.history import Turn
from engine.variant import PRESETS, Code, Variant

Mode = Literal["referee", "guesser"]
REFEREE: Mode = "referee"
GUESSER: Mode = "guesser"

ATTEMPT_LIMITS: tuple[int | None, ...] = (None, 6, 8, 10, 12, 15)
LANGUAGES = ("en",)


@dataclass(frozen=True)
class Settings:
    """A chat's preferences; they apply to the next game started there."""

    variant: Variant = PRESETS["classic"]
    attempt_limit: int | None = None
    coaching: bool = True
    hard: bool = False
    language: str = "en"


@dataclass(frozen=True)
class Game:
    """One game as stored: who, what rules, where it stands. `turns` are the moves so far."""

    id: int
    chat_id: int
    user_id: int
    mode: Mode
    variant: Variant
    started_at: datetime
    secret: Code | None = field(default=None, repr=False)
    attempt_limit: int | None = None
    coaching: bool = True
    hard: bool = False
    hints: str = ""  # positions revealed by /hint, as digits: "02"
    pending_guess: Code | None = None  # guesser mode: the guess waiting for an answer
    status: str = "active"
    revision: int = 0
    board_message_id: int | None = None
    finished_at: datetime | None = None
    turns: tuple[Turn, ...] = ()

    @property
    def active(self) -> bool:
        """Whether the game is still being played."""
        return self.status == "active"

    @property
    def hinted(self) -> bool:
        """Whether the player took a hint."""
        return bool(self.hints)

    def bumped(self, **changes: object) -> Game:
        """This game with `changes` applied and the revision moved on (old buttons go stale)."""
        return replace(self, revision=self.revision + 1, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Result:
    """One player's record of a finished game (the table group leaderboards will read)."""

    game_id: int
    user_id: int
    chat_id: int
    mode: Mode
    variant: str
    guesses: int
    outcome: str
    hinted: bool
    started_at: datetime
    finished_at: datetime


@dataclass(frozen=True)
class Standing:
    """One player's line on a leaderboard: best solve, average over clean solves, when best was reached."""

    user_id: int
    best: int
    average: float
    solved: int
    best_at: str


@dataclass(frozen=True)
class ResultCount:
    """How many of a player's results share a mode, an outcome, hints taken and a guess count."""

    mode: str
    outcome: str
    hinted: bool
    guesses: int
    count: int


@dataclass(frozen=True)
class DailyPlay:
    """A player's daily challenge of one day: the game it is played in."""

    day: str
    user_id: int
    game_id: int
    chat_id: int


@dataclass(frozen=True)
class DailyEntry:
    """A line of a day's daily leaderboard: a clean solve, its guesses and the seconds it took."""

    user_id: int
    guesses: int
    seconds: float
