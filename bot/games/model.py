"""One-player games as stored, and a player's recorded result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum

from bot.games.status import Status
from engine.history import Turn
from engine.variant import Code, Variant


class Mode(StrEnum):
    """Who guesses in a one-player game: the player (the bot referees) or the bot (the player answers)."""

    REFEREE = "referee"
    GUESSER = "guesser"


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
    # the guesses made when each hint was taken, in the order of `hints` ((0, 3): before any guess, after three);
    # None for a game stored before it was noted (when its hints came is not known)
    hints_at: tuple[int, ...] | None = ()
    pending_guess: Code | None = None  # guesser mode: the guess waiting for an answer
    status: Status = Status.ACTIVE
    revision: int = 0
    board_message_id: int | None = None
    finished_at: datetime | None = None
    turns: tuple[Turn, ...] = ()
    daily: str | None = None  # the day ('YYYY-MM-DD') of the daily challenge this game plays, if it plays one
    ranked: int | None = None  # the ranked secret this game plays (bot/ranked/), if it plays one

    @property
    def active(self) -> bool:
        """Whether the game is still being played."""
        return self.status == Status.ACTIVE

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
    mode: str  # the game's Mode, a match's MatchKind, or "daily" (a daily challenge's result)
    variant: str
    guesses: int
    status: Status  # how the game ended for the player (the column game_results.outcome)
    hinted: bool
    started_at: datetime
    finished_at: datetime
