"""Storage of each chat's settings (its game, limits, coaching, hard mode, language and match defaults), on the
Store's connection."""

from __future__ import annotations

from datetime import datetime

import aiosqlite

from bot.chats.settings import Settings
from bot.store.rows import iso, one
from engine.variant import InvalidVariant, variant_named

# One row whatever the chat: its settings (NULLs when it has none) and whether a match is on in it or with the user
_SETTINGS_AND_PLAY = (
    "SELECT s.*, (EXISTS (SELECT 1 FROM matches WHERE chat_id = q.chat AND status = 'active') OR EXISTS (SELECT 1"
    " FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = q.user AND m.status = 'active'))"
    " AS playing FROM (SELECT ? AS chat, ? AS user) q LEFT JOIN chat_settings s ON s.chat_id = ?"
)


class SqliteSettingsRepository:
    """Chat settings' rows on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def of_chat(self, chat_id: int) -> Settings:
        """The chat's settings, or the defaults."""
        return self._settings(await one(self.conn, "SELECT * FROM chat_settings WHERE chat_id = ?", (chat_id,)))

    async def of_chat_playing(self, chat_id: int, user_id: int) -> tuple[Settings, bool]:
        """The chat's settings (or the defaults) and, in the same statement, whether a match is on in the chat or with
        this user among its players: what a private update reads first (most are moves of one-player games, which
        must know that no match takes them)."""
        row = await one(self.conn, _SETTINGS_AND_PLAY, (chat_id, user_id, chat_id))
        assert row is not None  # one row, whether the chat has settings or not
        return self._settings(row if row["chat_id"] is not None else None), bool(row["playing"])

    @staticmethod
    def _settings(row: aiosqlite.Row | None) -> Settings:
        """The settings a chat_settings row holds, or the defaults for none."""
        if row is None:
            return Settings()
        try:
            variant = variant_named(row["variant"])
        except InvalidVariant:
            variant = Settings().variant
        return Settings(
            variant,
            row["attempt_limit"],
            bool(row["coaching"]),
            bool(row["hard"]),
            row["language"],
            row["race_seconds"],
            row["duel_seconds"],
        )

    async def save(self, chat_id: int, settings: Settings, now: datetime) -> None:
        """Store the chat's settings."""
        await self.conn.execute(
            "INSERT INTO chat_settings (chat_id, variant, attempt_limit, coaching, hard, language, race_seconds,"
            " duel_seconds, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id) DO UPDATE SET"
            " variant = excluded.variant, attempt_limit = excluded.attempt_limit, coaching = excluded.coaching,"
            " hard = excluded.hard, language = excluded.language, race_seconds = excluded.race_seconds,"
            " duel_seconds = excluded.duel_seconds, updated_at = excluded.updated_at",
            (
                chat_id,
                settings.variant.name,
                settings.attempt_limit,
                int(settings.coaching),
                int(settings.hard),
                settings.language,
                settings.race_seconds,
                settings.duel_seconds,
                iso(now),
            ),
        )
