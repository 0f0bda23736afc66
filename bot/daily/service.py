"""The daily challenge: one secret per UTC day for everyone, one attempt per player, its own leaderboard.

The secret is HMAC-SHA256(key, day) mapped onto the variant's codes, so it is the same for every player
on a day and cannot be worked out from the date without the key (DAILY_SECRET, or a random key stored
in the database on first use). It is played as a referee game without coaching in the private chat.

A day's challenge lasts the day: a game still under way at 00:00 UTC ends there (lost, its result recorded, its
player told once), and only then may that day's games be reviewed (a review shows the code). A day's par is how many
guesses the engine's own play needs for its code: a clean solve within it earns the day's best, whatever anyone else
did that day.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from bot.config import Secret
from bot.daily.model import DailyEntry, DailyPlay
from bot.daily.store import DailyStore
from bot.days import DayStreak, day_of, day_streak
from bot.deps import Deps
from bot.events import DailySolved, GameFinished
from bot.games.lifecycle import GameRunning, finish
from bot.games.model import Game, Mode
from bot.games.status import Status
from engine.guesser import known_guess
from engine.history import Turn
from engine.play import MAX_TURNS, play
from engine.scoring import Score, score
from engine.variant import PRESETS, Code, Variant

DAILY_VARIANT = PRESETS["classic"]
KEY_NAME = "daily"
LEADERBOARD_SIZE = 10
PARS_KEPT = 8  # the days whose par a process remembers (today's, and a few before for games that end late)


def daily_secret(key: bytes, day: str, variant: Variant = DAILY_VARIANT) -> Code:
    """The day's secret: the same for the same key and day, unpredictable without the key."""
    date.fromisoformat(day)  # a day, not any string
    digest = hmac.new(key, f"bullscows-daily:{day}:{variant.name}".encode(), hashlib.sha256).digest()
    return variant.code(int.from_bytes(digest, "big") % variant.size)


async def daily_key(deps: Deps) -> bytes:
    """The key of the daily secrets: DAILY_SECRET, else the one stored in the database (made when the bot opened it,
    bot/runtime.py; a Deps made by hand without one gets one made and kept now)."""
    if not deps.daily_secret:
        async with deps.transaction():
            deps.daily_secret = Secret(await deps.store.ensure_secret(KEY_NAME, secrets.token_hex(32)))
    return deps.daily_secret.reveal().encode()


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


Challenge = DailyStarted | Running | Done | GameRunning


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
        return GameRunning(running)
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


# --- the day's par: the engine's own play on the day's code ------------------------------------------------------


class Pars:
    """The pars this process worked out, by day and code (a day's par never changes): the latest PARS_KEPT."""

    def __init__(self) -> None:
        self.known: OrderedDict[tuple[str, Code], int] = OrderedDict()

    def get(self, day: str, secret: Code) -> int | None:
        """The par of the day's code, if worked out already."""
        return self.known.get((day, secret))

    def keep(self, day: str, secret: Code, par: int) -> None:
        """Remember the par of the day's code (the oldest is forgotten past PARS_KEPT)."""
        self.known[day, secret] = par
        self.known.move_to_end((day, secret))
        while len(self.known) > PARS_KEPT:
            self.known.popitem(last=False)

    busy = False  # a Resident (bot/deps.py): nothing under way to wait for or stop

    async def settle(self) -> None:
        """Nothing to wait for."""

    async def stop(self) -> None:
        """Nothing to stop."""


async def par(deps: Deps, day: str, secret: Code) -> int:
    """How many guesses the engine's own play (its optimal tree for the classic game) needs for the day's code
    `secret`: a walk down the tree when it is loaded (a few lookups), else engine work (bot/engine_work.py)."""
    pars = deps.part(Pars)
    known = pars.get(day, secret)
    if known is not None:
        return known
    found = walked_par(secret)
    if found is None:
        found = await deps.engine.need("daily par", engine_par, secret, same=("daily par", day, secret))
    pars.keep(day, secret, found)
    return found


def walked_par(secret: Code, variant: Variant = DAILY_VARIANT) -> int | None:
    """The engine's guesses for `secret` when each is a lookup in its tree, loaded already; None when it is not."""
    turns: list[Turn] = []
    while len(turns) < MAX_TURNS:
        guess = known_guess(variant, turns)
        if guess is None:
            return None
        turns.append(Turn(guess, score(secret, guess)))
        if guess == secret:
            return len(turns)
    return None


def engine_par(secret: Code, variant: Variant = DAILY_VARIANT) -> int:
    """The engine's guesses for `secret`, its tree loaded first if need be (engine work: run it in a thread)."""
    return len(play(variant, secret))


async def on_game_finished(deps: Deps, event: GameFinished) -> None:
    """A game finished: a daily challenge solved without a hint is told (DailySolved) with the day's par, to whoever
    listens (achievements); what they make of it goes into the update's journal as they return it."""
    game = event.game
    if game.daily is None or game.mode != Mode.REFEREE or game.status != Status.WON or game.hinted:
        return
    if event.at >= day_end(game.daily):  # won after its day (a move the day's close had not reached yet)
        return
    assert game.secret is not None  # a daily's code is fixed when it starts
    found = await par(deps, game.daily, game.secret)
    solved = DailySolved(game.user_id, game.chat_id, game.daily, len(game.turns), found, event.at)
    await deps.events.publish(deps, solved)


# --- the day's end -------------------------------------------------------------------------------------------------


def day_end(day: str) -> datetime:
    """When a day ends: the next day's 00:00 UTC."""
    return datetime.combine(date.fromisoformat(day) + timedelta(days=1), time.min, UTC)


@dataclass(frozen=True)
class Expired:
    """A daily challenge left running past its day, ended at the day's end: its game as finished (lost)."""

    day: str
    game: Game


async def expire(deps: Deps, game: Game, day: str) -> Expired:
    """End a daily challenge of a day gone where its day ended (in a transaction): lost, its result recorded."""
    async with deps.transaction():
        done = await finish(deps, game, Status.LOST, min(day_end(day), deps.clock()))
    return Expired(day, done)


async def end_days_gone(deps: Deps) -> list[Expired]:
    """End every daily challenge still under way of a day gone (just after 00:00 UTC, and at start-up for the days
    missed while the bot was down), in one transaction: what ended comes back, oldest day first."""
    today = day_of(deps.clock())
    ended = []
    async with deps.transaction():
        for play_ in await deps.store.repository(DailyStore).running_before(today):
            game = await deps.store.games.game(play_.game_id)
            if game is not None and game.active:
                ended.append(await expire(deps, game, play_.day))
    return ended


def gone(game: Game, now: datetime) -> bool:
    """Whether a game is a daily challenge of a day that is over."""
    return game.daily is not None and game.mode == Mode.REFEREE and game.daily < day_of(now)


async def reviewable(deps: Deps, day: str) -> bool:
    """Whether the games of a day's challenge may be reviewed (a review shows the code): the day is over, and every
    game of it has ended."""
    if day >= day_of(deps.clock()):
        return False
    return not await deps.store.repository(DailyStore).running_on(day)
