"""/versus: the player and the bot each think of a code and take turns guessing the other's.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.versus.board import reminder, started
from bot.versus.service import start

__all__ = ["reminder", "start", "started"]
