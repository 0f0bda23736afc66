"""Puzzle Storm's tests' helpers: a stock of classic puzzles made ahead (seeded: the same every run), and the code
that solves (or does not solve) a player's puzzle now."""

from __future__ import annotations

from typing import Any

from bot.deps import Deps
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from bot.storm import service as storm
from engine.variant import variant_named

CODES = ("0123", "4567", "8901", "2345", "6789", "1357", "2468", "9876")


async def stock(deps: Deps, count: int = 120, first: int = 0) -> int:
    """Make `count` classic puzzles of seeds `first`… into the puzzles' stock, as the stock's timer would."""
    rows = puzzles.made(variant_named("classic"), range(first, first + count))
    async with deps.transaction():
        return await deps.store.repository(SqlitePuzzleRepository).add(rows, deps.clock())


def deps_of(app: Any) -> Deps:
    """The Core's dependencies of an Application."""
    deps: Deps = app.bot_data.runtime.core.deps
    return deps


async def solution(deps: Deps, user_id: int) -> str:
    """The code of the puzzle the player's open run is at."""
    run = await storm.open_run(deps, user_id)
    assert run is not None
    puzzle = await storm.puzzle_at(deps, run)
    assert puzzle is not None
    return puzzle.solution


async def wrong(deps: Deps, user_id: int) -> str:
    """A code of the variant that is not the answer to the player's puzzle now."""
    right = await solution(deps, user_id)
    return next(code for code in CODES if code != right)
