"""What ratings read and write: a player's stored rating, a line of a rating board, a rated player's change."""

from __future__ import annotations

from dataclasses import dataclass

PROVISIONAL_GAMES = 5  # rated games before a rating is established (shown without "?", ranked with the rest)
Z = 3.0  # the conservative estimate is mu - Z * sigma


@dataclass(frozen=True)
class Rating:
    """A player's current rating in one family, as stored."""

    user_id: int
    family: str
    mu: float
    sigma: float
    conservative: float  # mu - 3 sigma
    games: int
    last_change: float  # how `conservative` moved in the last rated match


@dataclass(frozen=True)
class LeaderboardLine:
    """A line of a rating leaderboard: who, their conservative estimate, rated games, whether past provisional."""

    user_id: int
    conservative: float
    games: int
    established: bool


@dataclass(frozen=True)
class RatedRow:
    """A stored rated result, as `rerate` replays it."""

    seq: int
    match_id: int
    family: str
    user_id: int
    chat_id: int
    rank: int
    rated_at: str
    mu: float  # the rating stored after it
    sigma: float
