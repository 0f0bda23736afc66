"""The puzzles' stock: both questions made ahead for the variants kept in stock, as engine work, so a fresh install's
ladder has best-next-guess puzzles and no player waits for one to be made."""

from __future__ import annotations

import pytest

from bot.puzzles import service as puzzles
from bot.puzzles import stock as puzzle_stock
from bot.puzzles.store import Question, SqlitePuzzleRepository
from tests.bot.fakes import runtime_on

INVERSE, NEXT = Question.INVERSE, Question.BEST_NEXT


@pytest.fixture
def small_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzle_stock, "MARK", {INVERSE: 6, NEXT: 1})
    monkeypatch.setattr(puzzle_stock, "BATCH", {INVERSE: 4, NEXT: 1})


async def test_a_fresh_install_gets_both_kinds_for_the_variants_kept_in_stock_and_no_more(tmp_path, small_marks):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        made = await puzzle_stock.restock(deps)
        repo = deps.store.repository(SqlitePuzzleRepository)
        for name in puzzle_stock.ALWAYS:
            assert await repo.count(name, INVERSE) >= 6
            assert await repo.count(name, NEXT) >= 1
        assert made == sum([await repo.count(n, k) for n in puzzle_stock.ALWAYS for k in (INVERSE, NEXT)])
        assert await puzzle_stock.restock(deps) == 0  # every shelf at its mark: nothing more


async def test_a_variant_players_asked_for_is_kept_in_stock_too(tmp_path, small_marks):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        await rt.core.alone(1, lambda: puzzles.make_now(deps, puzzles.variant_named("5d10"), 2))
        await puzzle_stock.restock(deps)
        assert await deps.store.repository(SqlitePuzzleRepository).count("5d10", INVERSE) >= 6


async def test_the_ladder_of_a_fresh_install_offers_a_best_next_guess_puzzle_second(tmp_path, small_marks):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        deps = rt.core.deps
        await puzzle_stock.restock(deps)
        classic = puzzles.variant_named("classic")
        first = await rt.core.alone(1, lambda: puzzles.show_ladder(deps, 1, classic, classic))
        await rt.core.alone(1, lambda: puzzles.give_up(deps, 1, puzzles.Current(first.puzzle_id, None)))
        second = await rt.core.alone(1, lambda: puzzles.show_ladder(deps, 1, classic, classic))
        assert isinstance(first, puzzles.Ladder)
        assert isinstance(second, puzzles.NextLadder)
        assert first.made_now == 0
