"""The puzzles' stock: puzzles made ahead in the background, so the ladder has both kinds from a fresh install on and
no player waits for the engine to make one.

Every few minutes the stock is looked at: each variant kept in stock (the day's classic and Mastermind, and every
variant players have asked the ladder for) that has fewer unused puzzles of a kind than its mark gets a small batch,
made as engine work (the bot's own turn among the players', never while a write transaction is open) and stored in a
short transaction of its own. A shelf a player has emptied anyway is filled on the fly for them (bot/puzzles/
service.py), as before.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.deps import Deps
from bot.puzzles import service as puzzles
from bot.puzzles.store import NewPuzzle, Question, SqlitePuzzleRepository
from engine.variant import Variant, variant_named

log = logging.getLogger(__name__)

STOCK_OWNER = 0  # the engine work of the stock is the bot's own: it takes its turn among the players'
ALWAYS = ("classic", "mastermind")  # kept in stock whether asked for or not (the day's, and the other family's)
NEXT_VARIANTS = frozenset({"classic", "nozero", "mastermind"})  # best-next-guess puzzles are made for these only
MARK = {
    Question.INVERSE: 200,
    Question.BEST_NEXT: 40,
}  # puzzles asking each nobody has answered that a variant keeps at least
BATCH = {
    Question.INVERSE: 25,
    Question.BEST_NEXT: 2,
}  # made at a time: one batch is well under a second of the engine's time
SEEDS_PER_NEXT = 5  # seeds tried at most for each best-next-guess puzzle of a batch


@dataclass(frozen=True)
class Stock:
    """A variant's stock of one question: how many puzzles nobody has answered yet."""

    variant: str
    question: Question
    fresh: int

    @property
    def short(self) -> int:
        """How many puzzles it lacks to reach its mark."""
        return max(0, MARK[self.question] - self.fresh)


async def shelves(deps: Deps) -> list[Stock]:
    """Every shelf the stock keeps, with what it holds (committed rows, read without a write)."""
    repo = deps.store.repository(SqlitePuzzleRepository)
    async with deps.store.transaction.settled():
        asked = await repo.variants()
        names = sorted(set(ALWAYS) | set(asked))
        found = []
        for name in names:
            for question in (Question.INVERSE, Question.BEST_NEXT):
                if question == Question.BEST_NEXT and name not in NEXT_VARIANTS:
                    continue
                found.append(Stock(name, question, await repo.fresh(name, question)))
    return found


async def restock(deps: Deps, rounds: int = 1_000) -> int:
    """Fill every shelf below its mark, batch by batch (each made as engine work, then stored on its own); how many
    new puzzles were stored."""
    stored = 0
    for shelf in await shelves(deps):
        variant = variant_named(shelf.variant)
        missing = shelf.short
        while missing > 0 and rounds > 0:
            rounds -= 1
            rows = await _batch(deps, variant, shelf.question, min(BATCH[shelf.question], missing))
            if not rows:  # the engine found none in these seeds (rare for best-next-guess): try at the next look
                break
            async with deps.transaction():
                stored += await deps.store.repository(SqlitePuzzleRepository).add(rows, deps.clock())
            missing -= len(rows)
    return stored


async def _batch(deps: Deps, variant: Variant, question: Question, count: int) -> list[NewPuzzle]:
    """`count` new puzzles asking `question` (fewer, or none, for best-next-guess ones the seeds do not yield)."""
    with deps.engine.scope(("stock", variant.name, question), STOCK_OWNER):
        if question == Question.INVERSE:
            return await deps.engine.need("stock", puzzles.made, variant, puzzles.new_seeds(count))
        async with deps.store.transaction.settled():
            known = set(await deps.store.repository(SqlitePuzzleRepository).keys(variant.name, Question.BEST_NEXT))
        return await deps.engine.need("stock", _made_next, variant, count, known)


def _made_next(variant: Variant, count: int, known: set[str]) -> list[NewPuzzle]:
    """Up to `count` new best-next-guess puzzles, a seed at a time (a seed's games do not always yield one), at most
    SEEDS_PER_NEXT seeds a puzzle."""
    rows: list[NewPuzzle] = []
    for _ in range(SEEDS_PER_NEXT * count):
        if len(rows) >= count:
            break
        rows += puzzles.made_next(variant, puzzles.new_seeds(1), known)
    return rows
