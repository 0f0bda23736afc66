"""What the metrics show of the database at a glance: the queues and the games under way (cheap: partial
indexes cover every count)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from bot.store.rows import moment
from bot.store.store import Store


@dataclass(frozen=True)
class Gauges:
    """The state of the queues and the games at one moment."""

    inbox_pending: int  # updates recorded and not yet applied
    outbox_pending: int  # replies committed and not yet delivered
    outbox_oldest_seconds: float  # how long the oldest of them has waited (0 when none)
    games_in_progress: int  # one-player games (referee and guesser)
    matches_in_progress: int  # races, duels and versus games not over


async def read_gauges(store: Store, now: datetime) -> Gauges:
    """The gauges, from committed rows only: on the store's read-only connection when it has one (it never waits
    for the writer), else on the writer's between transactions."""
    if store.reader is not None:
        return await _read(store.reader, now)
    async with store.transaction.settled():
        return await _read(store.conn, now)


async def _read(conn: aiosqlite.Connection, now: datetime) -> Gauges:
    [(inbox,)] = await conn.execute_fetchall("SELECT count(*) FROM inbox WHERE status = 'pending'")
    [(outbox, oldest)] = await conn.execute_fetchall(
        "SELECT count(*), min(created_at) FROM outbox WHERE status = 'pending'"
    )
    [(games,)] = await conn.execute_fetchall("SELECT count(*) FROM games WHERE status = 'active'")
    [(matches,)] = await conn.execute_fetchall("SELECT count(*) FROM matches WHERE status = 'active'")
    when = moment(oldest)
    waited = max(0.0, (now - when).total_seconds()) if when is not None else 0.0
    return Gauges(int(inbox), int(outbox), waited, int(games), int(matches))
