"""The players the bot has met: each one's display name, Telegram app language and @username, kept fresh as their
updates arrive (shown on boards, used to answer in their language and to find them by @username)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import aiosqlite

from bot.store.db import Transactions
from bot.store.rows import iso, one, placeholders, scan

# A player's name is written when it changes, and otherwise at most this often (to move last_seen on).
SEEN_REFRESH = timedelta(hours=1)
SEEN_KEPT = 10_000  # players remembered as stored lately, at most


@dataclass(frozen=True)
class Seen:
    """How a player shows up in an update: their display name, their Telegram app's language, their @username."""

    name: str
    language: str = ""
    username: str | None = None


class Players:
    """The players table on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection, transactions: Transactions | None = None) -> None:
        self.conn = conn
        self.transactions = transactions
        # what was last stored for each player lately, least recent first: entries older than SEEN_REFRESH say
        # nothing (they are dropped), and at most SEEN_KEPT are kept (one forgotten costs one more write)
        self._written: OrderedDict[int, tuple[str, str, str | None, datetime]] = OrderedDict()

    def seen_recently(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> bool:
        """Whether this name, language and username were stored for the player lately (so storing them again is
        no news)."""
        last = self._written.get(user_id)
        return last is not None and last[:3] == (name, language, username) and now - last[3] < SEEN_REFRESH

    async def see_player(
        self, user_id: int, name: str, now: datetime, language: str = "", username: str | None = None
    ) -> None:
        """Store the player's display name, their Telegram app's language, @username (None: they have none) and
        when they were seen."""
        if username:  # a username is one account's at a time: whoever had it before has let it go
            await self.conn.execute(
                "UPDATE players SET username = NULL WHERE lower(username) = lower(?) AND username IS NOT NULL"
                " AND user_id != ?",
                (username, user_id),
            )
        await self.conn.execute(
            "INSERT INTO players (user_id, name, last_seen, language, username) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen,"
            " language = excluded.language, username = excluded.username",
            (user_id, name, iso(now), language, username or None),
        )
        if self.transactions is None:
            self._remember(user_id, (name, language, username, now))
        else:  # remembered once committed: a write rolled back (a failed update, one waiting for the engine) is none
            self.transactions.after_commit(lambda: self._remember(user_id, (name, language, username, now)))

    def _remember(self, user_id: int, written: tuple[str, str, str | None, datetime]) -> None:
        now = written[3]
        self._written.pop(user_id, None)
        self._written[user_id] = written
        while self._written and (
            len(self._written) > SEEN_KEPT or now - next(iter(self._written.values()))[3] >= SEEN_REFRESH
        ):
            self._written.popitem(last=False)

    async def by_username(self, username: str) -> tuple[int, str] | None:
        """The player (user id, display name) last seen with this @username (any case), if any."""
        row = await one(
            self.conn,
            "SELECT user_id, name FROM players WHERE lower(username) = lower(?) AND username IS NOT NULL"
            " ORDER BY last_seen DESC LIMIT 1",
            (username,),
        )
        return (int(row["user_id"]), str(row["name"])) if row is not None else None

    async def player_language(self, user_id: int) -> str:
        """The language code of the player's Telegram app when last seen ('' if not known)."""
        row = await one(self.conn, "SELECT language FROM players WHERE user_id = ?", (user_id,))
        return str(row["language"]) if row is not None else ""

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names known for these players."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await scan(
            self.conn, f"SELECT user_id, name FROM players WHERE user_id IN ({placeholders(ids)})", tuple(ids)
        )
        return {row["user_id"]: row["name"] for row in rows}


async def keep_fresh(store: Players, transactions: Transactions, user_id: int, who: Seen, now: datetime) -> None:
    """Store the player's display name, app language and @username when they changed or were not stored lately
    (names change; the user id is who they are): what every update from a person does first."""
    name = " ".join(who.name.split())[:64]
    language = who.language[:16]
    username = who.username[:32] if who.username else None  # Telegram's usernames are 5-32 characters
    if name and not store.seen_recently(user_id, name, now, language, username):
        async with transactions():
            await store.see_player(user_id, name, now, language, username)
