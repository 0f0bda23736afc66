"""/puzzle: "Which code is it?" and "Best next guess" puzzles: the ladder, the puzzle of the day, the day's
puzzle in a group, the stock made ahead.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.puzzles.service import day_begun, day_over, streak

__all__ = ["day_begun", "day_over", "streak"]
