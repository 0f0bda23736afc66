"""Ratings against people: updating them when a race or duel ends, the boards, a player's line, and the replay.

The rules (which matches count, places, the model and the shown number) are in bot/records/rating.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.deps import Deps
from bot.events import MatchClosed
from bot.matches.model import Match, Placed
from bot.records.model import ALL_CHATS
from bot.records.rating import Family, Skill, family_of, family_of_name, placings, rated
from bot.records.rating_model import LeaderboardLine, Rating
from bot.records.ratings_store import SqliteRatingRepository

LEADERBOARD_SIZE = 10


async def rate_within(deps: Deps, match: Match, now: datetime) -> tuple[Placed, ...]:
    """Rate a match that has just ended, inside the caller's transaction (the one that ended it, so it is
    rated exactly once); each rated player's place and new rating come back, best first (none if not rated)."""
    places = placings(match)
    if places is None:
        return ()
    family = family_of(match.variant)
    stored = await deps.store.repository(SqliteRatingRepository).ratings(family, places)
    before = {user: Skill.of(stored.get(user)) for user in places}
    placed = _placed(before, places, rated(before, places))
    # a private duel (from a "duel me" link) has no chat that could show a board: it counts on the global one only
    board_chat = ALL_CHATS if match.private else match.chat_id
    await deps.store.repository(SqliteRatingRepository).record(match.id, family, board_chat, now, placed)
    return placed


async def on_match_closed(deps: Deps, event: MatchClosed) -> tuple[Placed, ...]:
    """A match closed: it is rated (its players' places and new ratings come back; none when it does not count)."""
    return await rate_within(deps, event.match, event.at)


def _placed(before: dict[int, Skill], places: dict[int, int], after: dict[int, Skill]) -> tuple[Placed, ...]:
    return tuple(
        sorted(
            (
                Placed(
                    user,
                    places[user],
                    s.mu,
                    s.sigma,
                    s.games,
                    not s.provisional,
                    s.conservative - before[user].conservative,
                )
                for user, s in after.items()
            ),
            key=lambda p: (p.rank, p.user_id),
        )
    )


@dataclass(frozen=True)
class RatingLeaderboard:
    """A rating board: whose (a chat, or ALL_CHATS), which family, its top lines with names, and the variant
    the board was opened from (for the button back to the best-solve board)."""

    chat_id: int
    family: Family
    variant: str
    lines: tuple[tuple[LeaderboardLine, str | None], ...]
    you: tuple[int, int, Rating] | None = None  # the asking player's place, of how many, and rating: when not shown

    @property
    def global_(self) -> bool:
        """Whether this is the all-chats board."""
        return self.chat_id == ALL_CHATS


async def leaderboard(
    deps: Deps, chat_id: int, variant: str, limit: int = LEADERBOARD_SIZE, user_id: int | None = None
) -> RatingLeaderboard:
    """The rating board of a chat (or ALL_CHATS) in the family of `variant`, with where `user_id` stands when the
    shown lines leave them out."""
    family = family_of_name(variant)
    rows = await deps.store.repository(SqliteRatingRepository).leaderboard(chat_id, family, limit)
    names = await deps.store.players.names(row.user_id for row in rows)
    you = None
    if user_id is not None and all(row.user_id != user_id for row in rows):
        where = await deps.store.repository(SqliteRatingRepository).place(chat_id, family, user_id)
        stored = (
            await deps.store.repository(SqliteRatingRepository).rating(family, user_id) if where is not None else None
        )
        if where is not None and stored is not None:
            you = (*where, stored)
    return RatingLeaderboard(chat_id, family, variant, tuple((row, names.get(row.user_id)) for row in rows), you)


async def place(deps: Deps, chat_id: int, family: Family, user_id: int) -> tuple[int, int] | None:
    """A player's place on a rating board (a chat, or ALL_CHATS) and how many players are on it; None if not on it."""
    return await deps.store.repository(SqliteRatingRepository).place(chat_id, family, user_id)


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in a family for /stats: the stored rating and their place on the global board."""

    family: Family
    rating: Rating
    place: int
    of: int


async def player_rating(deps: Deps, user_id: int, variant: str) -> PlayerRating | None:
    """The player's rating in the family of `variant` with their global place; None if never rated there."""
    family = family_of_name(variant)
    stored = await deps.store.repository(SqliteRatingRepository).rating(family, user_id)
    where = await deps.store.repository(SqliteRatingRepository).place(ALL_CHATS, family, user_id)
    if stored is None or where is None:
        return None
    return PlayerRating(family, stored, *where)
