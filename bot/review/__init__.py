"""/review: a finished game reviewed move by move, in the chat and on the Mini App's Review tab.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.review.figures import printed, shown_label
from bot.review.lessons import Split, split_of
from bot.review.screens import game_choice, label_text, link_button, mark, match_choice, match_data, why_line
from bot.review.service import TREND, GameLabels, accuracy_trend, labels_of

__all__ = [
    "TREND",
    "GameLabels",
    "Split",
    "accuracy_trend",
    "game_choice",
    "label_text",
    "labels_of",
    "link_button",
    "mark",
    "match_choice",
    "match_data",
    "printed",
    "shown_label",
    "split_of",
    "why_line",
]
