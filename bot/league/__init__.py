"""/league: weekly leagues. Whoever plays in a week (ranked games, the daily challenge, puzzles) is placed in a
division of at most 30 players of their tier and earns points, capped a day and bounded per pair of players; at
the week's close (Monday 00:00 UTC) the top five of each division move up a tier and the bottom five down, and each
player is told once, in their language.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it): the places of
players in their divisions this week (the reminders'); the league listens to the events of the games it counts
(bot/events.py)."""

from __future__ import annotations

from bot.league.service import places

__all__ = ["places"]
