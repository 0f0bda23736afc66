"""The unit of work: the one SQLite connection, its write lock, transactions, and every repository on it."""

from __future__ import annotations

import aiosqlite

from bot.storage.db import Transactions
from bot.storage.games import SqliteGameRepository
from bot.storage.matches import SqliteMatchRepository
from bot.storage.stats import SqliteStatsRepository


class Store:
    """The connection and the repositories that share its transactions: games, matches, stats."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.transaction = Transactions(conn)
        self.games = SqliteGameRepository(conn)
        self.matches = SqliteMatchRepository(conn)
        self.stats = SqliteStatsRepository(conn)

    async def close(self) -> None:
        """Close the connection (everything was committed update by update)."""
        await self.conn.close()
