"""What leaderboards, player stats and the daily challenge read: standings, counts, daily plays."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.status import Status

ALL_CHATS = 0  # the standings row of every chat together (no Telegram chat has id 0)


@dataclass(frozen=True)
class Standing:
    """One player's line on a leaderboard: best solve, average over clean solves, when best was reached."""

    user_id: int
    best: int
    average: float
    solved: int
    best_at: str


@dataclass(frozen=True)
class Place:
    """Where one player stands on a leaderboard: their place of how many players, and their standing."""

    place: int
    total: int
    standing: Standing


@dataclass(frozen=True)
class ResultCount:
    """How many of a player's results share a mode, a status, hints taken and a guess count."""

    mode: str
    status: Status  # how the game ended for the player (the column game_results.outcome)
    hinted: bool
    guesses: int
    count: int


@dataclass(frozen=True)
class WinRecord:
    """What a win is measured against, read just after it was recorded: the player's wins against the bot (counted
    up to 2, enough to tell a first one), their best clean win in the variant before this game (None: none), and
    their latest results of the variant, newest first, '1' a clean win and '0' anything else."""

    wins_against_bot: int
    best_before: int | None
    recent: str
