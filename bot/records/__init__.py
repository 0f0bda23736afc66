"""What a player has done: /stats, /streak, the leaderboards (/top) and the ratings against people.

What other features may use of it is exported here (tests/bot/test_layout.py keeps them to it)."""

from __future__ import annotations

from bot.records.board import MEDALS, daily_streak, display_name, stats_title, summary, summary_lines, variant_label
from bot.records.rankings import match_line, points, signed, stats_line
from bot.records.rating import Family, Skill, family_of, rated, shown
from bot.records.rating_model import Z
from bot.records.ratings import player_rating
from bot.records.stats import PlayerStats, player_stats, usual_variant
from bot.records.store import SqliteStatsRepository

__all__ = [
    "MEDALS",
    "Family",
    "PlayerStats",
    "Skill",
    "SqliteStatsRepository",
    "Z",
    "daily_streak",
    "display_name",
    "family_of",
    "match_line",
    "player_rating",
    "player_stats",
    "points",
    "rated",
    "shown",
    "signed",
    "stats_line",
    "stats_title",
    "summary",
    "summary_lines",
    "usual_variant",
    "variant_label",
]
