"""Achievements: each awarded once, at the moment its feat can be known, inside the transaction of the move that
earned it; what a player holds, and how rare each one is.

Each is asked by an event (bot/events.py, its handlers registered in bot/register.py): a one-player game finished
(`of_game`), a match closed (`of_match`), a daily challenge solved cleanly (`of_daily`: the daily feature tells the
engine's par for the day), a review shown (`of_review`), a puzzle rated or the puzzle of the day solved
(`of_puzzles`). What a handler awards is its result: the update's journal keeps it, and the Core announces it under
the update's reply.
"""

from __future__ import annotations

from datetime import datetime

from bot.achievements import rules
from bot.achievements.model import Award, Rarity, Shelf, Shelved
from bot.achievements.rules import Achievement
from bot.achievements.store import SqliteAchievementRepository
from bot.deps import Deps
from bot.events import DailySolved, DayPuzzleSolved, GameFinished, MatchClosed, PuzzleRated, ReviewShown
from bot.games.model import Game
from bot.matches.model import Match


def _repository(deps: Deps) -> SqliteAchievementRepository:
    return deps.store.repository(SqliteAchievementRepository)


async def award(deps: Deps, user_id: int, achievement: Achievement, chat_id: int, now: datetime) -> Award | None:
    """Award the achievement unless the player holds it (inside the caller's transaction); the new award, or None."""
    made = Award(user_id, achievement, now, chat_id)
    return made if await _repository(deps).award(made) else None


async def _awarded(
    deps: Deps, user_id: int, earned: frozenset[Achievement], chat_id: int, now: datetime
) -> list[Award]:
    found = [await award(deps, user_id, a, chat_id, now) for a in Achievement if a in earned]
    return [a for a in found if a is not None]


async def of_game(deps: Deps, game: Game, now: datetime) -> tuple[Award, ...]:
    """What a one-player game, just finished (`game` as stored), earned its player."""
    return tuple(await _awarded(deps, game.user_id, rules.of_game(game), game.chat_id, now))


async def of_match(deps: Deps, match: Match, now: datetime) -> tuple[Award, ...]:
    """What a match, just closed (`match` as stored), earned its players (inside the close's transaction): announced
    in the group it was played in, or each player's private chat (versus, a duel in private)."""
    found: list[Award] = []
    for user_id, earned in rules.of_match(match).items():
        chat_id = match.chat_id if match.chat_id < 0 else user_id  # a private duel is kept under one player's chat
        found += await _awarded(deps, user_id, earned, chat_id, now)
    return tuple(found)


async def of_daily(deps: Deps, user_id: int, chat_id: int, guesses: int, par: int, now: datetime) -> Award | None:
    """The day's best, when a clean daily solve in `guesses` needed no more than `par` (the engine's own play on the
    day's code); awarded in the caller's transaction, in the chat the daily was played in."""
    if not rules.day_best(guesses, par):
        return None
    return await award(deps, user_id, Achievement.DAY_BEST, chat_id, now)


async def of_review(deps: Deps, event: ReviewShown) -> Award | None:
    """Flawless, when a review just shown to its player finds no guess worse than good in a game that counts (won
    without a hint, in a variant at least as big as classic, by the player's own clues); in the caller's
    transaction."""
    if not rules.flawless(event.won, event.hinted, event.codes, event.labels, event.shared):
        return None
    return await award(deps, event.user_id, Achievement.FLAWLESS, event.chat_id, event.at)


async def of_puzzles(
    deps: Deps, user_id: int, chat_id: int, streak_days: int | None = None, rating: int | None = None
) -> tuple[Award, ...]:
    """What a player's puzzle answer earned: the puzzle of the day solved 7 days running (`streak_days`, the run
    after the answer), a puzzle rating of 1800 (`rating`, the shown number after it); in the caller's transaction."""
    earned = rules.of_puzzles(streak_days, rating)
    return tuple(await _awarded(deps, user_id, earned, chat_id, deps.clock()))


async def rarities(deps: Deps) -> dict[Achievement, Rarity]:
    """How rare each achievement is: its holders, of the players counted (README: Achievements)."""
    holders, players = await _repository(deps).rarities()
    return {a: Rarity(holders.get(a, 0), players) for a in Achievement}


async def shelf(deps: Deps, user_id: int) -> Shelf:
    """The player's shelf: every achievement in the catalogue's order, since when they hold it, and how rare."""
    held = await _repository(deps).held(user_id)
    rare = await rarities(deps)
    return Shelf(user_id, tuple(Shelved(a, held.get(a), rare[a]) for a in Achievement))


# -- the events that may earn an achievement (registered in bot/register.py)


async def on_game_finished(deps: Deps, event: GameFinished) -> tuple[Award, ...]:
    """A one-player game finished: what it earned its player."""
    return await of_game(deps, event.game, event.at)


async def on_match_closed(deps: Deps, event: MatchClosed) -> tuple[Award, ...]:
    """A match closed: what it earned its players."""
    return await of_match(deps, event.match, event.at)


async def on_puzzle_rated(deps: Deps, event: PuzzleRated) -> tuple[Award, ...]:
    """A ladder puzzle was rated: a puzzle rating of 1800, once established."""
    rating = event.rating if event.established else None
    return await of_puzzles(deps, event.user_id, event.user_id, rating=rating)


async def on_day_puzzle_solved(deps: Deps, event: DayPuzzleSolved) -> tuple[Award, ...]:
    """The puzzle of the day was solved: its run of days."""
    return await of_puzzles(deps, event.user_id, event.user_id, streak_days=event.streak)


async def on_daily_solved(deps: Deps, event: DailySolved) -> tuple[Award, ...]:
    """A daily challenge was solved without a hint: the day's best, when it needed no more than the engine's play."""
    made = await of_daily(deps, event.user_id, event.chat_id, event.guesses, event.par, event.at)
    return () if made is None else (made,)


async def on_review_shown(deps: Deps, event: ReviewShown) -> tuple[Award, ...]:
    """A review was shown to its player: Flawless, when it earns it."""
    made = await of_review(deps, event)
    return () if made is None else (made,)
