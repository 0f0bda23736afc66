"""/puzzle: "Which code is it?" and "Best next guess" puzzles: the ladder, the puzzle of the day, the day's
puzzle in a group, the stock made ahead.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it): the player's puzzle
rating as /stats shows it, their run of days solving the puzzle of the day as /streak shows it, the stock's puzzles
handed over to Puzzle Storm, a position of a reviewed game as a retry (an unrated puzzle), and whether the player
has opened or finished today's puzzle of the day (for the reminders), their puzzle rating over time (for the
page's Stats tab)."""

from __future__ import annotations

from bot.puzzles.handover import HandedOver, hand_over
from bot.puzzles.retry import RetryPuzzle, retry_puzzle
from bot.puzzles.screens import retry_shown, standing_line, streak_line
from bot.puzzles.service import PuzzleRating, day_begun, day_over, open_retry, rating_history, standing, streak

__all__ = [
    "HandedOver",
    "PuzzleRating",
    "RetryPuzzle",
    "day_begun",
    "day_over",
    "hand_over",
    "open_retry",
    "rating_history",
    "retry_puzzle",
    "retry_shown",
    "standing",
    "standing_line",
    "streak",
    "streak_line",
]
