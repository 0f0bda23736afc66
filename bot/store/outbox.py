"""The outbox: replies written in the same transaction as the move they answer, sent until delivered.

Each row is one Bot API call to make in a chat, in id order within the chat: a typed call (bot/store/calls.py),
stored as JSON:
`{"kind": "message", "topic", "text", "buttons", "board", "board_of", "fresh", "edit", "tidy", "effect"}` for a message
(sent, in the forum topic `topic` unless it is None, or edited in place: `board` is a game, or with `board_of` "match"
a match, with "racer" a Puzzle Racer, whose board message it shows, resolved when it is sent; `edit` a message to
replace; `tidy` what a fresh board's predecessor is cut down to; `effect` a message effect for a private chat) and
`{"kind": "answer", "query": id, "text": toast}` for a button press's answer, and
`{"kind": "inline", "query": id, "results": [{"id", "title", "description", "text", "buttons"}], "cache_time",
"personal"}` for an inline query's answer (queued under the asking user's id, which is their private chat's), and
`{"kind": "menu", "label", "url"}` for a private chat's menu button (the Mini App, labelled in the chat's language).

Priorities: a `bulk` call (a reminder: bot/reminders) is made only when no reply waits (each chat's replies go
before its bulk calls, and the sender scans the chats with a reply due first); a call with `stale_at` is given up on
if it was not made by then (a reminder about a day that is over).

Bounded: a message that shows a whole board, or replaces a whole message, supersedes an older one for the same
board or message still unsent in its chat (`slot`); a chat holds at most MAX_PENDING unsent calls, and past that
its oldest DROP_OLDEST are given up on at once (one log line). A call given up on is `failed`, with the reason.

The sender reads only committed rows. Given a `reader` (a second, read-only connection: in WAL mode it sees
what is committed and never waits for a writer), its reads take no lock at all; without one they wait, on the
Store's connection, for the transaction of another task to end (`Transactions.settled`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import aiosqlite

from bot.replies import BoardOf
from bot.store.calls import Call, Message, as_json, from_json
from bot.store.db import Transactions, execute
from bot.store.rows import every, iso, moment

log = logging.getLogger(__name__)

KEEP_SENT = timedelta(days=2)
# Unsent calls a chat may hold. A group is sent one message every 3 s, and its plain lines are merged into one
# message of up to 4,096 characters (about 90 race lines), so 200 rows are two merged messages of a race's lines,
# or 10 minutes of separate messages: more than that waiting in one chat is a flood, and its oldest are stale.
MAX_PENDING = 200
DROP_OLDEST = MAX_PENDING // 4  # given up on at once when a chat is full, so a flood logs one line per 50 calls
# whose board a message row shows: its table (a Puzzle Racer's standings: bot/storm/)
_BOARD_TABLES = {BoardOf.GAME: "games", BoardOf.MATCH: "matches", BoardOf.RACER: "storm_racers"}
_JSON = json.JSONEncoder(ensure_ascii=False)  # json.dumps(payload, ensure_ascii=False), without a new encoder a row


@dataclass(frozen=True)
class Outgoing:
    """One pending call: where it goes, what it is, how often it was tried."""

    id: int
    chat_id: int
    payload: Call
    attempts: int
    created_at: datetime
    bulk: bool = False  # made only when no reply waits (a reminder)
    stale_at: datetime | None = None  # given up on if not made by then


def slot(payload: Call) -> str | None:
    """What a message shows whole, so that a newer message for it replaces this one while unsent: a game's board
    ('board:<game>'), a match's ('board:match:<match>'), a Racer's standings ('board:racer:<racer>'), or a message it
    replaces ('edit:<message>'); None for the rest.

    A board sent anew in place of the pressed message (both `fresh` and `edit`) has none: the message it replaces
    must still be replaced. A slot needs no forum topic: a board is shown in its game's one topic, and a message id
    is unique in its whole chat.
    """
    if not isinstance(payload, Message):
        return None
    board, edit = payload.board, payload.edit
    if board is not None:
        of = payload.board_of or BoardOf.GAME
        owner = board if of == BoardOf.GAME else f"{of}:{board}"
        return None if payload.fresh and edit is not None else f"board:{owner}"
    return None if edit is None else f"edit:{edit}"


class Outbox:
    """The outbox table on the Store's connection."""

    def __init__(
        self, conn: aiosqlite.Connection, transactions: Transactions, reader: aiosqlite.Connection | None = None
    ) -> None:
        self.conn = conn
        self.transaction = transactions
        self.reader = reader
        self._watchers: list[Callable[[int], None]] = []

    def watch(self, watcher: Callable[[int], None]) -> Callable[[], None]:
        """Call `watcher` with the chat of every call queued from now on, as it is queued (inside the transaction
        that queues it: a reader that waits for committed rows reads it once it commits); what comes back stops it."""
        self._watchers.append(watcher)
        return lambda: self._watchers.remove(watcher)

    async def add(
        self,
        chat_id: int,
        payload: Call,
        now: datetime,
        update_id: int | None = None,
        *,
        bulk: bool = False,
        stale_at: datetime | None = None,
    ) -> None:
        """Queue one call (inside the caller's transaction, so it commits with the move it answers), superseding
        an unsent call for the same board or message, and making room in a full chat; a `bulk` one is made only when
        no reply waits, and one with `stale_at` is given up on if not made by then."""
        shows = slot(payload)
        if shows is not None:
            earlier = await every(
                self.conn,
                "UPDATE outbox SET status = 'failed', sent_at = ?, error = 'superseded' WHERE chat_id = ? AND slot = ?"
                " AND status = 'pending' RETURNING json_extract(payload, '$.fresh'), json_extract(payload, '$.tidy')",
                (iso(now), chat_id, shows),
            )
            if isinstance(payload, Message) and payload.board is not None:
                if not payload.fresh and any(row[0] for row in earlier):
                    payload = replace(payload, fresh=True)  # the board it replaces was to be sent anew: so is this one
                if tidy := next((row[1] for row in earlier if row[0]), None):
                    # the board shown now is still the one before the superseded fresh board: cut down as that said
                    payload = replace(payload, tidy=tidy)
        [(waiting,)] = await every(  # the chat's unsent calls, this one included, in the same statement
            self.conn,
            "INSERT INTO outbox (chat_id, update_id, payload, not_before, created_at, slot, bulk, stale_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " RETURNING (SELECT count(*) FROM outbox AS o WHERE o.chat_id = outbox.chat_id AND o.status = 'pending')",
            (
                chat_id,
                update_id,
                _JSON.encode(as_json(payload)),
                iso(now),
                iso(now),
                shows,
                int(bulk),
                None if stale_at is None else iso(stale_at),
            ),
        )
        if waiting > MAX_PENDING:
            await self._make_room(chat_id, waiting, now)
        for watcher in self._watchers:
            watcher(chat_id)

    async def _make_room(self, chat_id: int, waiting: int, now: datetime) -> None:
        """Give up on a full chat's oldest unsent calls (inside the caller's transaction)."""
        dropped = await execute(
            self.conn,
            "UPDATE outbox SET status = 'failed', sent_at = ?, error = 'dropped: the chat had too many waiting'"
            " WHERE id IN (SELECT id FROM outbox WHERE chat_id = ? AND status = 'pending' ORDER BY id LIMIT ?)",
            (iso(now), chat_id, DROP_OLDEST),
        )
        log.warning("chat %s had %d replies waiting to be sent; dropped the oldest %d", chat_id, waiting, dropped)

    @asynccontextmanager
    async def _committed(self) -> AsyncIterator[aiosqlite.Connection]:
        """A connection to read committed rows on: the reader, or the Store's once no other transaction is open."""
        if self.reader is not None:
            yield self.reader
            return
        async with self.transaction.settled():
            yield self.conn

    async def due_chats(self, now: datetime, bulk: bool | None = None, limit: int = -1) -> list[int]:
        """The chats whose next call may be made now (one row a chat, not every pending row): those whose next call
        is a reply (`bulk` False), a bulk call (True), or either (None), longest due first; `limit` of them (-1:
        all)."""
        where = "" if bulk is None else f" AND bulk = {int(bulk)}"
        async with self._committed() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT chat_id FROM outbox_chats WHERE due_at <= ?{where} ORDER BY due_at LIMIT ?", (iso(now), limit)
            )
        return [row[0] for row in rows]

    async def next_due(self, bulk: bool | None = None) -> datetime | None:
        """When the soonest waiting call (a reply, a bulk one, or either: None) may be made (None if nothing is
        pending)."""
        where = "" if bulk is None else f" WHERE bulk = {int(bulk)}"
        async with self._committed() as conn:
            rows = list(await conn.execute_fetchall(f"SELECT min(due_at) FROM outbox_chats{where}"))
        return None if not rows or rows[0][0] is None else moment(rows[0][0])

    async def pending(self, chat_id: int, limit: int = 50) -> list[Outgoing]:
        """A chat's pending calls: its replies oldest first, then its bulk calls oldest first."""
        async with self._committed() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id, chat_id, payload, attempts, created_at, bulk, stale_at FROM outbox"
                " WHERE chat_id = ? AND status = 'pending' ORDER BY bulk, id LIMIT ?",
                (chat_id, limit),
            )
        return [
            Outgoing(
                r["id"],
                r["chat_id"],
                from_json(json.loads(r["payload"])),
                r["attempts"],
                _created(r["created_at"]),
                bool(r["bulk"]),
                None if r["stale_at"] is None else _created(r["stale_at"]),
            )
            for r in rows
        ]

    async def settle(self, ids: list[int], now: datetime, status: str = "sent", error: str | None = None) -> None:
        """Mark calls as made (or given up on, with the reason), inside the caller's transaction."""
        await self.conn.executemany(
            "UPDATE outbox SET status = ?, sent_at = ?, error = ? WHERE id = ?",
            [(status, iso(now), error, i) for i in ids],
        )

    async def postpone(self, outgoing_id: int, until: datetime, error: str) -> None:
        """Try a call again no earlier than `until` (committed on its own)."""
        async with self.transaction():
            await self.conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, not_before = ?, error = ? WHERE id = ?",
                (iso(until), error, outgoing_id),
            )

    async def board(self, owner_id: int, of: BoardOf = BoardOf.GAME) -> int | None:
        """The message that shows a game's (or a match's) board now (boards are resolved when sent, not when
        queued)."""
        sql = f"SELECT board_message_id FROM {_BOARD_TABLES[of]} WHERE id = ?"
        async with self._committed() as conn:
            rows = list(await conn.execute_fetchall(sql, (owner_id,)))
        return None if not rows else rows[0][0]

    async def set_board(self, owner_id: int, of: BoardOf, message_id: int) -> None:
        """Remember the message that now shows a game's (or a match's) board; its buttons stay valid."""
        await self.conn.execute(
            f"UPDATE {_BOARD_TABLES[of]} SET board_message_id = ? WHERE id = ?", (message_id, owner_id)
        )

    async def move_chat(self, old: int, new: int) -> None:
        """Send what is still pending for `old` to `new` (a group that became a supergroup)."""
        await self.conn.execute("UPDATE outbox SET chat_id = ? WHERE chat_id = ? AND status = 'pending'", (new, old))

    async def prune(self, now: datetime) -> int:
        """Forget calls made (or given up on) more than KEEP_SENT ago."""
        async with self.transaction():
            cursor = await self.conn.execute(
                "DELETE FROM outbox WHERE status != 'pending' AND sent_at < ?", (iso(now - KEEP_SENT),)
            )
            return cursor.rowcount


def _created(text: str) -> datetime:
    return datetime.fromisoformat(text)
