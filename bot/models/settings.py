"""A chat's preferences and their allowed values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.variant import PRESETS, Variant

ATTEMPT_LIMITS: tuple[int | None, ...] = (None, 6, 8, 10, 12, 15)


@dataclass(frozen=True)
class Settings:
    """A chat's preferences; they apply to the next game started there."""

    variant: Variant = PRESETS["classic"]
    attempt_limit: int | None = None
    coaching: bool = True
    hard: bool = False
    language: str = ""  # chosen with /language or /settings; "" until then (see bot/services/languages.py)
