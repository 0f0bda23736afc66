"""The Mini App's tables: the idempotency record of each move it made, and each game's digit notepad; and the one
query of its own it makes of the results (a chat's latest versus game to have ended)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from bot.store.db import execute
from bot.store.rows import iso, one

KEEP_MOVES = timedelta(days=2)  # a page retries within seconds; the inbox keeps its updates as long


class WebAppRecords:
    """The webapp_moves and webapp_notes tables on the Store's connection (writes inside its transactions)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def answered(self, user_id: int, key: str) -> dict[str, Any] | None:
        """What the move with this key was answered, if it was made."""
        row = await one(self.conn, "SELECT answer FROM webapp_moves WHERE user_id = ? AND key = ?", (user_id, key))
        return None if row is None else dict(json.loads(row["answer"]))

    async def remember(
        self, user_id: int, key: str, game_id: int | None, answer: dict[str, Any], now: datetime
    ) -> None:
        """Record a move made under `key` with its answer (inside the move's transaction)."""
        await execute(
            self.conn,
            "INSERT INTO webapp_moves (user_id, key, game_id, answer, created_at) VALUES (?, ?, ?, ?, ?)",
            (user_id, key, game_id, json.dumps(answer, ensure_ascii=False), iso(now)),
        )

    async def notes(self, game_id: int) -> str | None:
        """The game's notepad marks, if any were made."""
        row = await one(self.conn, "SELECT marks FROM webapp_notes WHERE game_id = ?", (game_id,))
        return None if row is None else str(row["marks"])

    async def save_notes(self, game_id: int, marks: str, now: datetime) -> None:
        """Keep the game's notepad marks (the newest write wins: one player, one notepad)."""
        await execute(
            self.conn,
            "INSERT INTO webapp_notes (game_id, marks, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET marks = excluded.marks, updated_at = excluded.updated_at",
            (game_id, marks, iso(now)),
        )

    async def latest_versus(self, chat_id: int, since: datetime | None) -> int | None:
        """The id of the chat's most recent versus game to have ended, if it ended after `since` (the results by chat,
        newest first: only those after `since` are read)."""
        row = await one(
            self.conn,
            "SELECT game_id FROM game_results WHERE chat_id = ? AND finished_at > ? AND mode = 'versus'"
            " ORDER BY finished_at DESC LIMIT 1",
            (chat_id, "" if since is None else iso(since)),
        )
        return None if row is None else int(row["game_id"])

    async def prune(self, now: datetime) -> int:
        """Forget move records older than two days; how many were forgotten comes back."""
        return await execute(self.conn, "DELETE FROM webapp_moves WHERE created_at < ?", (iso(now - KEEP_MOVES),))
