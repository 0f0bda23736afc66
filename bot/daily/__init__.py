"""/daily: today's challenge, the same secret for everyone, one go each; its board, its guard against spoilers,
and the close of each day.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.daily.board import (
    answered,
    confirm_leave,
    confirm_leave_for_versus,
    deep_link,
    in_private,
    scored,
    share_text,
    with_result,
)
from bot.daily.board import leaderboard as leaderboard_reply
from bot.daily.service import Done, challenge, daily_key, daily_of, leaderboard, reviewable, streak, today

__all__ = [
    "Done",
    "answered",
    "challenge",
    "confirm_leave",
    "confirm_leave_for_versus",
    "daily_key",
    "daily_of",
    "deep_link",
    "in_private",
    "leaderboard",
    "leaderboard_reply",
    "reviewable",
    "scored",
    "share_text",
    "streak",
    "today",
    "with_result",
]
