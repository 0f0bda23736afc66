"""The daily challenge: one secret per UTC day for everyone, one attempt per player, its own leaderboard.

The secret is HMAC-SHA256(key, day) mapped onto the variant's codes, so it is the same for every player
on a day and cannot be worked out from the date without the key (DAILY_SECRET, or a random key stored
in the database on first use). It is played as a referee game without coaching in the private chat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import date

from bot.daily.model import DailyEntry, DailyPlay
from bot.daily.store import DailyStore
from bot.days import DayStreak, day_of, day_streak
from bot.deps import Deps
from bot.games.model import Game, Mode
from engine.scoring import Score
from engine.variant import PRESETS, Code, Variant

DAILY_VARIANT = PRESETS["classic"]
KEY_NAME = "daily"
LEADERBOARD_SIZE = 10


def daily_secret(key: bytes, day: str, variant: Variant = DAILY_VARIANT) -> Code:
    """The day's secret: the same for the same key and day, unpredictable without the key."""
    date.fromisoformat(day)  # a day, not any string
    digest = hmac.new(key, f"bullscows-daily:{day}:{variant.name}".encode(), hashlib.sha256).digest()
    return variant.code(int.from_bytes(digest, "big") % variant.size)


async def daily_key(deps: Deps) -> bytes:
    """The key of the daily secrets: DAILY_SECRET, else the one stored in the database (made on first use)."""
    if deps.daily_secret:
        return deps.daily_secret.reveal().encode()
    async with deps.transaction():
        return (await deps.store.stored_secret(KEY_NAME, secrets.token_hex(32))).encode()


@dataclass(frozen=True)
class DailyStarted:
    """The day's challenge has begun in this game."""

    day: str
    game: Game


@dataclass(frozen=True)
class Running:
    """The player's challenge of the day is still being played."""

    day: str
    game: Game


@dataclass(frozen=True)
class Done:
    """The player has played the day's challenge: their finished game."""

    day: str
    game: Game


@dataclass(frozen=True)
class Busy:
    """Another game is running in the chat: the player is asked before it is abandoned for the challenge."""

    game: Game


Challenge = DailyStarted | Running | Done | Busy


async def challenge(deps: Deps, chat_id: int, user_id: int, running: Game | None) -> Challenge:
    """Start today's challenge for the player, or say where theirs stands (one attempt per UTC day); `running` is
    the chat's running game, as the update read it."""
    repo = deps.store.repository(DailyStore)
    now = deps.clock()
    day = day_of(now)
    played = await repo.daily_play(day, user_id)
    if played is not None:
        game = await deps.store.games.game(played.game_id)
        assert game is not None
        return Running(day, game) if game.active else Done(day, game)
    if running is not None:
        return Busy(running)
    secret = daily_secret(await daily_key(deps), day)
    draft = Game(
        id=0,
        chat_id=chat_id,
        user_id=user_id,
        mode=Mode.REFEREE,
        variant=DAILY_VARIANT,
        started_at=now,
        secret=secret,
        coaching=False,  # the same bare game for everyone
        daily=day,
    )
    async with deps.transaction():
        game = await deps.store.games.create_game(draft)
        await repo.add_daily_play(DailyPlay(day, user_id, game.id, chat_id))
    return DailyStarted(day, game)


async def today(deps: Deps, user_id: int) -> Running | Done | None:
    """Where the player's challenge of today stands, without starting one; None if they have not begun it."""
    day = day_of(deps.clock())
    played = await deps.store.repository(DailyStore).daily_play(day, user_id)
    game = await deps.store.games.game(played.game_id) if played is not None else None
    if game is None:
        return None
    return Running(day, game) if game.active else Done(day, game)


def daily_of(game: Game) -> DailyPlay | None:
    """The daily challenge a game plays, if it is one (the game was read with its day)."""
    if game.mode != Mode.REFEREE or game.daily is None:
        return None
    return DailyPlay(game.daily, game.user_id, game.id, game.chat_id)


@dataclass(frozen=True)
class DailyLine:
    """A line of the day's leaderboard."""

    place: int
    name: str | None
    entry: DailyEntry


async def leaderboard(deps: Deps, day: str, limit: int = LEADERBOARD_SIZE) -> tuple[DailyLine, ...]:
    """The day's clean solvers: fewest guesses, then least time."""
    entries = await deps.store.repository(DailyStore).daily_board(day, limit)
    names = await deps.store.players.names(e.user_id for e in entries)
    return tuple(DailyLine(place, names.get(e.user_id), e) for place, e in enumerate(entries, start=1))


def grid_row(answer: Score, length: int) -> str:
    """One guess as emoji, no digits: a 🐂 per bull, a 🐄 per cow, a ⬜ per miss."""
    misses = length - answer.bulls - answer.cows
    return "🐂" * answer.bulls + "🐄" * answer.cows + "⬜" * misses


async def streak(deps: Deps, user_id: int) -> DayStreak:
    """The player's daily streak as of today (UTC)."""
    return day_streak(
        await deps.store.repository(DailyStore).daily_solved_days(user_id, DAILY_VARIANT.name), day_of(deps.clock())
    )
