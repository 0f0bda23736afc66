"""/play: the referee's game (the player guesses the bot's code, coached if they like), hints and giving up, and
the one-player games' start menu (/start, /play, /think, /cancel, the same again).

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.play.board import board as referee_board
from bot.play.board import ending, hinted, rejected, scored, started, tidy
from bot.play.service import Finished, Hint, Scored, give_up, guess, hint, stop

__all__ = [
    "Finished",
    "Hint",
    "Scored",
    "ending",
    "give_up",
    "guess",
    "hint",
    "hinted",
    "referee_board",
    "rejected",
    "scored",
    "started",
    "stop",
    "tidy",
]
