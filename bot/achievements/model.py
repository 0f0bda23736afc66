"""Achievements as stored and shown: an award (who holds which, since when, where it was earned), how rare each is,
and a player's shelf (every achievement, held or not, with its rarity) that /stats and the Mini App both draw."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.achievements.rules import Achievement, share


@dataclass(frozen=True)
class Award:
    """One player's achievement: awarded once, at `earned_at`, for a feat in the chat `chat_id` (where it is
    announced: a group for a group's match, else the player's private chat)."""

    user_id: int
    achievement: Achievement
    earned_at: datetime
    chat_id: int


@dataclass(frozen=True)
class Rarity:
    """How many players hold an achievement, of how many players the bot counts (README: Achievements)."""

    holders: int
    players: int

    @property
    def share(self) -> float:
        """The holders' share of the players, 0 to 1."""
        return share(self.holders, self.players)


@dataclass(frozen=True)
class Shelved:
    """One achievement on a player's shelf: since when they hold it (None: not yet), and how rare it is."""

    achievement: Achievement
    since: datetime | None
    rarity: Rarity

    @property
    def held(self) -> bool:
        """Whether the player holds it."""
        return self.since is not None


@dataclass(frozen=True)
class Shelf:
    """A player's achievements: every one of the catalogue, in its order, held or not."""

    user_id: int
    items: tuple[Shelved, ...]

    @property
    def held(self) -> int:
        """How many the player holds."""
        return sum(1 for item in self.items if item.held)
