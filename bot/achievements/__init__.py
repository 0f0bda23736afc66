"""Achievements: each awarded once when its feat can be known, announced under the reply that earned it.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.achievements.lines import how, mark, name, ordered, rarity_text, shelf_title
from bot.achievements.lines import shelf as shelf_lines
from bot.achievements.model import Shelf
from bot.achievements.service import shelf

__all__ = ["Shelf", "how", "mark", "name", "ordered", "rarity_text", "shelf", "shelf_lines", "shelf_title"]
