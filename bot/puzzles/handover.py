"""Puzzles of the stock handed over to another use (Puzzle Storm's runs): taken off the ladder's shelf for good.

A puzzle shown in a timed run is a puzzle its player may remember: were it on the ladder still, it could be rated
for them later, its code known. So a puzzle leaves the shelf as it is handed over, and only one nobody was ever
shown (no attempt, nobody solving it now) is handed over. The stock's next look finds the shelf short by as many
and makes them up (bot/puzzles/stock.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.deps import Deps
from bot.puzzles.store import Question
from bot.store.rows import every, placeholders


@dataclass(frozen=True)
class HandedOver:
    """A puzzle taken off the shelf: the engine's data (`Puzzle.as_dict()`) and its difficulty estimate."""

    data: dict[str, Any]
    estimate: float


async def hand_over(deps: Deps, variant: str, count: int, max_clues: int) -> list[HandedOver]:
    """Up to `count` "Which code is it?" puzzles of the variant with at most `max_clues` clues that nobody was ever
    shown, taken off the shelf (inside the caller's transaction: they are the caller's once it commits)."""
    conn = deps.store.conn
    rows = await every(
        conn,
        "SELECT id, data, estimate FROM puzzles p WHERE kind = ? AND variant = ? AND attempts = 0"
        " AND json_extract(data, '$.difficulty.clues') <= ?"
        " AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id)"
        " AND NOT EXISTS (SELECT 1 FROM puzzle_current c WHERE c.puzzle_id = p.id) ORDER BY id LIMIT ?",
        (Question.INVERSE, variant, max_clues, count),
    )
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    await conn.execute(f"DELETE FROM puzzles WHERE id IN ({placeholders(ids)})", ids)
    return [HandedOver(json.loads(row["data"]), float(row["estimate"])) for row in rows]
