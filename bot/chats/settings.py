"""A chat's preferences and their allowed values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.matches.model import MatchKind
from engine.variant import PRESETS, Variant

ATTEMPT_LIMITS: tuple[int | None, ...] = (None, 6, 8, 10, 12, 15)
# A group's defaults for matches, in seconds; None: no race limit, the standard duel timer. Command arguments
# (/challenge 10m, /duel 2m) still choose for one match.
RACE_LIMITS: tuple[int | None, ...] = (None, 60, 180, 300, 600, 1800)
DUEL_TIMERS: tuple[int | None, ...] = (None, 60, 120, 600, 1800, 3600)


class Setting(StrEnum):
    """What a settings panel's button changes; its value is the letter the button's data carries ('s:a')."""

    PRESET = "v"  # the game: one of the presets (with the preset's name)
    LENGTH = "l"  # the game's length (with the length)
    REPEATS = "r"  # the game: repeated symbols allowed, or not
    LEADING_ZERO = "z"  # the game: a leading zero allowed, or not
    ATTEMPTS = "a"  # the next attempt limit in ATTEMPT_LIMITS
    COACHING = "c"
    HARD = "h"
    RACE_LIMIT = "t"  # a group's: the next race time limit in RACE_LIMITS
    DUEL_TIMER = "d"  # a group's: the next duel move timer in DUEL_TIMERS
    LANGUAGE = "g"  # the next language (the panel is redrawn in it)
    DONE = "x"  # close the panel
    PANEL = "p"  # the panel again, in place (back from a panel it opened: the reminders')


# What a group's panel offers (its admins change them): the game, the defaults of its matches, the language.
GROUP_SETTINGS = frozenset(
    {
        Setting.PRESET,
        Setting.LENGTH,
        Setting.REPEATS,
        Setting.LEADING_ZERO,
        Setting.RACE_LIMIT,
        Setting.DUEL_TIMER,
        Setting.LANGUAGE,
        Setting.DONE,
    }
)


@dataclass(frozen=True)
class Settings:
    """A chat's preferences; they apply to the next game started there."""

    variant: Variant = PRESETS["classic"]
    attempt_limit: int | None = None
    coaching: bool = True
    hard: bool = False
    language: str = ""  # chosen with /language or /settings; "" until then (see bot/chats/languages.py)
    race_seconds: int | None = None  # a group's default race time limit (None: no limit)
    duel_seconds: int | None = None  # a group's default time per duel move (None: the standard timer)

    def match_seconds(self, kind: MatchKind) -> int | None:
        """The chat's default time for a match of this kind: a race's limit, a duel's time per move."""
        return {MatchKind.RACE: self.race_seconds, MatchKind.DUEL: self.duel_seconds}.get(kind)


PRESET_CHOICES = ("classic", "nozero", "mastermind")
