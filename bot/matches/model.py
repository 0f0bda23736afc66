"""Playing together: matches (group race, duel, versus the bot), their players, and the equal-turns rule.

Plain frozen values and pure functions; storage is in bot/matches/store.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from bot.games.status import Status
from engine.variant import Code, Variant


class MatchKind(StrEnum):
    """What kind of match: a group's race or duel (a duel may be played in private), or versus the bot."""

    RACE = "race"
    DUEL = "duel"
    VERSUS = "versus"


class Phase(StrEnum):
    """Where a match stands; a duel goes invited → secrets → playing → over, races and versus games play at once."""

    INVITED = "invited"
    SECRETS = "secrets"
    PLAYING = "playing"
    OVER = "over"


BOT_ID = 0  # the bot as a player of a versus game


@dataclass(frozen=True)
class Player:
    """One player of a match: who (by user id), their own guess count, and when they solved."""

    user_id: int
    seat: int
    name: str  # for showing only; never used to identify anyone
    guesses: int = 0
    solved_in: int | None = None
    secret: Code | None = field(default=None, repr=False)  # duel: the code they set in private

    @property
    def solved(self) -> bool:
        """Whether the player found the code they were after."""
        return self.solved_in is not None


@dataclass(frozen=True)
class Match:
    """One race, duel or versus game as stored."""

    id: int
    chat_id: int
    kind: MatchKind
    variant: Variant
    started_by: int
    started_at: datetime
    secret: Code | None = field(default=None, repr=False)
    phase: Phase = Phase.PLAYING
    status: Status = Status.ACTIVE
    winner_id: int | None = None
    turn_user: int | None = None
    deadline: datetime | None = None
    turn_seconds: int | None = None
    pending_guess: Code | None = None
    invited_id: int | None = None
    revision: int = 0
    board_message_id: int | None = None
    finished_at: datetime | None = None
    players: tuple[Player, ...] = ()  # each player's moves are read on their own (MatchRepository.turns)
    topic: int | None = None  # the forum topic it runs in, where it is answered (None: none, or a forum's General)

    @property
    def active(self) -> bool:
        """Whether the match is still on."""
        return self.status == Status.ACTIVE

    @property
    def private(self) -> bool:
        """Whether this is a duel played in the two players' private chats (from a "duel me" link).

        Such a duel is kept under the private chat of the one who opened the link: a positive chat id, which in
        Telegram only a private chat has (groups' ids are negative).
        """
        return self.kind == MatchKind.DUEL and self.chat_id > 0

    def player(self, user_id: int) -> Player | None:
        """The player with this user id, if they play."""
        return next((p for p in self.players if p.user_id == user_id), None)

    def seated(self, seat: int) -> Player | None:
        """The player in a seat (1 moves first in a duel or versus game)."""
        return next((p for p in self.players if p.seat == seat), None)

    def opponent(self, user_id: int) -> Player | None:
        """The other player of a two-player match."""
        return next((p for p in self.players if p.user_id != user_id), None)


class Verdict(StrEnum):
    """Who won a two-player game where one player moves first (see `verdict`)."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


def verdict(first: Player, second: Player) -> Verdict | None:
    """Who won a two-player game where `first` moves first and both get the same number of turns.

    None while it goes on. If the first solves on their k-th guess, the second still gets their k-th. Both solved:
    the fewer guesses win (a versus answer undone can let the second solve in fewer after the first has solved).

    >>> verdict(Player(1, 1, "a", 3, 3), Player(2, 2, "b", 2))  # b has one more guess to equal it
    >>> verdict(Player(1, 1, "a", 3, 3), Player(2, 2, "b", 3, 3))
    <Verdict.DRAW: 'draw'>
    >>> verdict(Player(1, 1, "a", 4, 4), Player(2, 2, "b", 3, 3))
    <Verdict.SECOND: 'second'>
    """
    if second.solved:
        if first.solved_in is None or second.solved_in is None or second.solved_in < first.solved_in:
            return Verdict.SECOND
        return Verdict.DRAW if second.solved_in == first.solved_in else Verdict.FIRST
    if first.solved and second.guesses >= first.guesses:
        return Verdict.FIRST
    return None


def to_move(first: Player, second: Player) -> Player:
    """Whose turn it is when moves alternate and `first` began."""
    return first if first.guesses <= second.guesses else second


@dataclass(frozen=True)
class Placed:
    """One player's rated result in a match: their place (1 best) and their rating after it."""

    user_id: int
    rank: int
    mu: float
    sigma: float
    games: int
    established: bool
    change: float  # of the conservative estimate, in this match
