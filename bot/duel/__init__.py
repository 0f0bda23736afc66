"""/duel: two players guess each other's secret in turns, in a group or in two private chats.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.duel.service import DEFAULT_TURN_SECONDS

__all__ = ["DEFAULT_TURN_SECONDS"]
