"""/review: a finished game reviewed move by move, in the chat and on the Mini App's Review tab.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.review.screens import game_choice, label_text, link_button, mark, match_choice, match_data
from bot.review.service import GameLabels, labels_of

__all__ = ["GameLabels", "game_choice", "label_text", "labels_of", "link_button", "mark", "match_choice", "match_data"]
