"""/puzzle: "Which code is it?" and "Best next guess" puzzles: the ladder, the puzzle of the day, the day's
puzzle in a group, the stock made ahead."""

from __future__ import annotations

from bot.puzzles.retry import RetryPuzzle, retry_puzzle
from bot.puzzles.screens import retry_shown
from bot.puzzles.service import open_retry

__all__ = ["RetryPuzzle", "open_retry", "retry_puzzle", "retry_shown"]
