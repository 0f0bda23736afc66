"""The ladder's query against a brute force: the unseen puzzles of a variant within a rating range, nearest the
middle first, whatever the player has seen; and none when they have seen them all."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.puzzles.store import NewPuzzle, SqlitePuzzleRepository
from bot.records.rating import Skill
from bot.store.db import open_database
from bot.store.migrations import migrate
from bot.store.store import Store

NOW = datetime(2025, 1, 1, tzinfo=UTC)


@pytest.fixture
async def store(tmp_path):
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn)
    opened = Store(conn)
    yield opened
    await opened.close()


async def test_the_nearest_unseen_are_what_a_brute_force_finds(store):
    repo = store.repository(SqlitePuzzleRepository)
    draw = random.Random(5)
    made = [
        NewPuzzle(variant, 1, seed, {"seed": seed}, 20.0, Skill(draw.gauss(25, 4), 4.0, 0))
        for seed in range(400)
        for variant in ("classic", "mastermind")
    ]
    async with store.transaction():
        assert await repo.add(made, NOW) == 800
        assert await repo.add(made[:10], NOW) == 0  # stored already: skipped
    rows = {
        p.id: p
        for variant in ("classic", "mastermind")
        for p in await repo.nearest_unseen(1, variant, 25, None, None, 10_000)
    }
    assert len(rows) == 800
    classic = [p for p in rows.values() if p.variant == "classic"]
    async with store.transaction():
        for puzzle in draw.sample(classic, 300):
            await repo.show(1, puzzle.id, NOW)
    seen = {p.id for p in classic} - {p.id for p in await repo.nearest_unseen(1, "classic", 25, None, None, 10_000)}
    assert len(seen) == 300
    for _ in range(50):
        middle = draw.uniform(15, 35)
        low, high = (middle - draw.uniform(0, 6), middle + draw.uniform(0, 6)) if draw.random() < 0.8 else (None, None)
        limit = draw.choice([1, 5, 50, 500])
        found = await repo.nearest_unseen(1, "classic", middle, low, high, limit)
        brute = sorted(
            (p for p in classic if p.id not in seen and (low is None or low <= p.skill.mu <= high)),
            key=lambda p: (abs(p.skill.mu - middle), p.id),
        )[:limit]
        assert [p.id for p in found] == [p.id for p in brute]
    async with store.transaction():
        for puzzle in classic:
            await repo.show(1, puzzle.id, NOW)
    assert await repo.nearest_unseen(1, "classic", 25, None, None, 50) == []
    assert len(await repo.nearest_unseen(2, "classic", 25, None, None, 50)) == 50  # another player's are their own
