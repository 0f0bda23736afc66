"""/puzzle: "Which code is it?" and "Best next guess" puzzles: the ladder, the puzzle of the day, the day's
puzzle in a group, the stock made ahead."""

from __future__ import annotations

from bot.puzzles.handover import HandedOver, hand_over

__all__ = ["HandedOver", "hand_over"]
