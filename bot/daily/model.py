"""The daily challenge's records: a player's go at one day's challenge, and a line of the day's board."""

from __future__ import annotations

from dataclasses import dataclass


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
