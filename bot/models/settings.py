"""A chat's preferences and their allowed values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.variant import PRESETS, Variant

ATTEMPT_LIMITS: tuple[int | None, ...] = (None, 6, 8, 10, 12, 15)
# A group's defaults for matches, in seconds; None: no race limit, the standard duel timer. Command arguments
# (/challenge 10m, /duel 2m) still choose for one match.
RACE_LIMITS: tuple[int | None, ...] = (None, 60, 180, 300, 600, 1800)
DUEL_TIMERS: tuple[int | None, ...] = (None, 60, 120, 600, 1800, 3600)


@dataclass(frozen=True)
class Settings:
    """A chat's preferences; they apply to the next game started there."""

    variant: Variant = PRESETS["classic"]
    attempt_limit: int | None = None
    coaching: bool = True
    hard: bool = False
    language: str = ""  # chosen with /language or /settings; "" until then (see bot/services/languages.py)
    race_seconds: int | None = None  # a group's default race time limit (None: no limit)
    duel_seconds: int | None = None  # a group's default time per duel move (None: the standard timer)

    def match_seconds(self, kind: str) -> int | None:
        """The chat's default time for a match of this kind: a race's limit, a duel's time per move."""
        return {"race": self.race_seconds, "duel": self.duel_seconds}.get(kind)
