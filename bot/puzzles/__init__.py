"""/puzzle: "Which code is it?" and "Best next guess" puzzles: the ladder, the puzzle of the day, the day's
puzzle in a group, the stock made ahead.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it): the player's puzzle
rating as /stats shows it, and their run of days solving the puzzle of the day as /streak shows it."""

from __future__ import annotations

from bot.puzzles.handover import HandedOver, hand_over
from bot.puzzles.screens import standing_line, streak_line
from bot.puzzles.service import Standing, standing, streak

__all__ = ["HandedOver", "Standing", "hand_over", "standing", "standing_line", "streak", "streak_line"]
