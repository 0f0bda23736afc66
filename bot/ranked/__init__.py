"""/ranked: ranked games against the world. A player is given a secret that someone of similar skill played in the
last days (or a fresh one, whose mark they set), plays it as /play is played, and once both games are over sees
them side by side; both players are rated by fewest guesses (OpenSkill, per family). Nobody waits for anyone.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it): a player's ranked
rating over time (for the page's Stats tab); the league hears of rated games through the RankedFinished event
(bot/events.py)."""

from __future__ import annotations

from bot.ranked.service import rating_history

__all__ = ["rating_history"]
