"""The unit of work: the one SQLite connection that writes, its write lock, transactions, and every repository on
it; and a read-only connection that the outbox's sender reads committed rows on."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

import aiosqlite

from bot.chats.store import SqliteSettingsRepository
from bot.games.store import SqliteGameRepository
from bot.matches.store import SqliteMatchRepository
from bot.page.records import WebAppRecords
from bot.players import Players
from bot.store.db import Transactions
from bot.store.inbox import Inbox
from bot.store.outbox import Outbox
from bot.store.rows import one

R = TypeVar("R")

# The tables with a chat_id column whose rows stay where they are when a chat moves: the updates received (kept by
# update id), the outbox (Outbox.move_chat moves only what is still to send) and the rating board's sizes (its
# triggers follow the board's rows). Every other table with a chat_id column belongs to the chat, a command's own
# table among them, and moves with it without being named anywhere.
STAYING = frozenset({"inbox", "outbox", "outbox_chats", "rating_board_size"})


async def chat_tables(conn: aiosqlite.Connection) -> tuple[str, ...]:
    """The tables whose rows belong to a chat, read from the schema: those with a chat_id column, but STAYING."""
    async with conn.execute(
        "SELECT m.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c"
        " WHERE m.type = 'table' AND c.name = 'chat_id' ORDER BY m.name"
    ) as cursor:
        return tuple([row[0] async for row in cursor if row[0] not in STAYING])


class Store:
    """The connection and the kernel's repositories sharing its transactions: chat settings, games, matches, players,
    the Mini App's records, inbox, outbox; a feature's own come from `repository`."""

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None = None) -> None:
        self.conn = conn
        self.reader = reader  # a read-only connection for the sender (see Outbox), if the database is a file
        self.transaction = Transactions(conn)
        self.settings = SqliteSettingsRepository(conn)
        self.games = SqliteGameRepository(conn)
        self.matches = SqliteMatchRepository(conn)
        self.players = Players(conn, self.transaction)
        self.webapp = WebAppRecords(conn)
        self.inbox = Inbox(conn, self.transaction)
        self.outbox = Outbox(conn, self.transaction, reader)
        self._more: dict[Callable[[aiosqlite.Connection], Any], Any] = {}

    def repository(self, kind: Callable[[aiosqlite.Connection], R]) -> R:
        """The repository of a kind of record the Store names no attribute for (a command's own table: its
        `Sqlite...Repository` class), made once on this connection, so its writes share the Store's transactions."""
        if kind not in self._more:
            self._more[kind] = kind(self.conn)
        found: R = self._more[kind]
        return found

    async def ensure_secret(self, name: str, fresh: str) -> str:
        """The secret stored under `name`, storing `fresh` first if there is none (inside a transaction)."""
        await self.conn.execute("INSERT OR IGNORE INTO bot_secrets (name, value) VALUES (?, ?)", (name, fresh))
        row = await one(self.conn, "SELECT value FROM bot_secrets WHERE name = ?", (name,))
        assert row is not None
        return str(row["value"])

    async def tidy(self, now: datetime) -> int:
        """Forget what is kept only a while: processed updates, sent replies and the page's move records older than
        two days, each in a transaction of its own; how many rows went comes back."""
        gone = await self.inbox.prune(now) + await self.outbox.prune(now)
        async with self.transaction():
            gone += await self.webapp.prune(now)
        return gone

    async def move_chat(self, old: int, new: int) -> None:
        """Everything kept under chat `old` now belongs to `new` (a group upgraded to a supergroup).

        Inside the caller's transaction. Rows the new chat already has are kept as they are.
        """
        for table in await chat_tables(self.conn):
            await self.conn.execute(f"UPDATE OR IGNORE {table} SET chat_id = ? WHERE chat_id = ?", (new, old))
        await self.outbox.move_chat(old, new)

    async def close(self) -> None:
        """Close the connections (everything was committed update by update)."""
        if self.reader is not None:
            await self.reader.close()
        await self.conn.close()
