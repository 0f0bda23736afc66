"""Storage of matches (race, duel, versus), their players and moves (SQLite, on the Store's connection).

Writes run inside the Store's `transaction()` (one connection, one transaction at a time). Every
write that changes a match is conditional on the match still being active, and says whether it took: two
winning guesses that race each other cannot both close a race, however they reach the database.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import aiosqlite

from bot.games.status import Status
from bot.matches.model import Match, MatchKind, Phase, Player
from bot.store.rows import column, every, iso, moment, one
from engine.history import Turn
from engine.scoring import Score
from engine.variant import variant_named

# The topic column of a match in no forum topic; not NULL, which a unique index takes as distinct from every other
# NULL: it would let a chat without topics run two matches at once.
NO_TOPIC = 0
CHANGEABLE = frozenset({"phase", "turn_user", "deadline", "pending_guess", "secret"})


class SqliteMatchRepository:
    """Matches' rows on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.moves_written = 0  # by this process, for the metrics (bullscows_moves_total)

    async def _match(self, row: aiosqlite.Row | None) -> Match | None:
        if row is None:
            return None
        seats = await every(self.conn, "SELECT * FROM match_players WHERE match_id = ? ORDER BY seat", (row["id"],))
        players = tuple(
            [Player(p["user_id"], p["seat"], p["name"], p["guesses"], p["solved_in"], p["secret"]) for p in seats]
        )
        return Match(
            id=row["id"],
            chat_id=row["chat_id"],
            kind=row["kind"],
            variant=variant_named(row["variant"]),
            started_by=row["started_by"],
            started_at=datetime.fromisoformat(row["started_at"]),
            secret=row["secret"],
            phase=Phase(row["phase"]),
            status=Status(row["status"]),
            winner_id=row["winner_id"],
            turn_user=row["turn_user"],
            deadline=moment(row["deadline"]),
            turn_seconds=row["turn_seconds"],
            pending_guess=row["pending_guess"],
            invited_id=row["invited_id"],
            revision=row["revision"],
            board_message_id=row["board_message_id"],
            finished_at=moment(row["finished_at"]),
            players=players,
            topic=row["topic"] or None,
        )

    async def active_match(self, chat_id: int, topic: int | None = None, kind: MatchKind | None = None) -> Match | None:
        """The match on in a chat's forum topic (None: the chat itself, or a forum's General), if any; of that
        `kind` only, when one is named (another kind's players are then never loaded)."""
        query = "SELECT * FROM matches WHERE chat_id = ? AND topic = ? AND status = 'active'"
        params: tuple[object, ...] = (chat_id, topic or NO_TOPIC)
        if kind is not None:
            query, params = f"{query} AND kind = ?", (*params, kind)
        return await self._match(await one(self.conn, query, params))

    async def active_in_chat(self, chat_id: int) -> int:
        """How many matches are on in a chat, across its forum topics."""
        row = await one(self.conn, "SELECT count(*) FROM matches WHERE chat_id = ? AND status = 'active'", (chat_id,))
        return int(row[0]) if row is not None else 0

    async def match(self, match_id: int) -> Match | None:
        """A match by id."""
        return await self._match(await one(self.conn, "SELECT * FROM matches WHERE id = ?", (match_id,)))

    async def turns(self, match_id: int, user_id: int) -> tuple[Turn, ...]:
        """One player's guesses in a match, in order (at most MAX_GUESSES: what a move needs, whatever the match's
        length)."""
        made = await every(
            self.conn,
            "SELECT guess, bulls, cows FROM match_moves WHERE match_id = ? AND user_id = ? ORDER BY seq",
            (match_id, user_id),
        )
        return tuple([Turn(m["guess"], Score(m["bulls"], m["cows"])) for m in made])

    async def create_match(self, draft: Match) -> Match:
        """Insert a new match with its players (the draft's id is ignored); the stored match comes back."""
        cursor = await self.conn.execute(
            "INSERT INTO matches (chat_id, topic, kind, variant, secret, started_by, phase, turn_user, deadline,"
            " turn_seconds, pending_guess, invited_id, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                draft.chat_id,
                draft.topic or NO_TOPIC,
                draft.kind,
                draft.variant.name,
                draft.secret,
                draft.started_by,
                draft.phase,
                draft.turn_user,
                column(draft.deadline),
                draft.turn_seconds,
                draft.pending_guess,
                draft.invited_id,
                iso(draft.started_at),
            ),
        )
        assert cursor.lastrowid is not None
        match_id = cursor.lastrowid
        for player in draft.players:
            await self.conn.execute(
                "INSERT INTO match_players (match_id, user_id, seat, name, secret) VALUES (?, ?, ?, ?, ?)",
                (match_id, player.user_id, player.seat, player.name, player.secret),
            )
        stored = await self.match(match_id)
        assert stored is not None
        return stored

    async def add_player(self, match_id: int, user_id: int, name: str) -> Player:
        """Seat a player (next free seat) or refresh their shown name; the player comes back."""
        await self.conn.execute(
            "INSERT INTO match_players (match_id, user_id, seat, name) VALUES (?, ?,"
            " (SELECT COALESCE(MAX(seat), 0) + 1 FROM match_players WHERE match_id = ?), ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET name = excluded.name",
            (match_id, user_id, match_id, name),
        )
        row = await one(
            self.conn, "SELECT * FROM match_players WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        assert row is not None
        return Player(row["user_id"], row["seat"], row["name"], row["guesses"], row["solved_in"], row["secret"])

    async def add_move(
        self, match_id: int, user_id: int, name: str, turn: Turn, solved: bool, now: datetime, *, turns: bool = False
    ) -> Player | None:
        """Store a guess and count it for its player; None (and nothing stored) if the match is no longer on, or,
        with `turns`, if it is not this player's turn."""
        cursor = await self.conn.execute(
            "UPDATE matches SET revision = revision + 1 WHERE id = ? AND status = 'active' AND phase = 'playing'"
            " AND (? = 0 OR turn_user = ?)",
            (match_id, int(turns), user_id),
        )
        if cursor.rowcount != 1:
            return None
        self.moves_written += 1
        await self.conn.execute(
            "INSERT INTO match_moves (match_id, seq, user_id, guess, bulls, cows, created_at) VALUES (?,"
            " (SELECT COALESCE(MAX(seq), 0) + 1 FROM match_moves WHERE match_id = ?), ?, ?, ?, ?, ?)",
            (match_id, match_id, user_id, turn.guess, turn.answer.bulls, turn.answer.cows, iso(now)),
        )
        await self.add_player(match_id, user_id, name)
        await self.conn.execute(
            "UPDATE match_players SET guesses = guesses + 1,"
            " solved_in = CASE WHEN ? AND solved_in IS NULL THEN guesses + 1 ELSE solved_in END"
            " WHERE match_id = ? AND user_id = ?",
            (int(solved), match_id, user_id),
        )
        row = await one(
            self.conn, "SELECT * FROM match_players WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        assert row is not None
        return Player(row["user_id"], row["seat"], row["name"], row["guesses"], row["solved_in"], row["secret"])

    async def change(self, match_id: int, expect_phase: Phase | None = None, **fields: Any) -> bool:
        """Set some of a running match's fields (and bump its revision); False if it is no longer on (or no
        longer in `expect_phase`)."""
        unknown = set(fields) - CHANGEABLE
        if unknown:
            raise ValueError(f"not changeable: {sorted(unknown)}")
        assignments = "".join(f"{name} = ?, " for name in fields)
        cursor = await self.conn.execute(
            f"UPDATE matches SET {assignments}revision = revision + 1 WHERE id = ? AND status = 'active'"
            " AND (? IS NULL OR phase = ?)",
            (*map(column, fields.values()), match_id, expect_phase, expect_phase),
        )
        return cursor.rowcount == 1

    async def rescore(self, match_id: int, user_id: int, index: int, answer: Score) -> None:
        """Correct the score of one player's move (#index of theirs, 0-based): a slip in a versus answer."""
        await self.conn.execute(
            "UPDATE match_moves SET bulls = ?, cows = ? WHERE match_id = ? AND seq = (SELECT seq FROM match_moves"
            " WHERE match_id = ? AND user_id = ? ORDER BY seq LIMIT 1 OFFSET ?)",
            (answer.bulls, answer.cows, match_id, match_id, user_id, index),
        )

    async def take_back(self, match_id: int, user_id: int) -> bool:
        """Take back one player's last move of a running match (a versus answer undone); False if the match is no
        longer on or the player has no move."""
        cursor = await self.conn.execute(
            "UPDATE matches SET revision = revision + 1 WHERE id = ? AND status = 'active' AND EXISTS"
            " (SELECT 1 FROM match_moves WHERE match_id = ? AND user_id = ?)",
            (match_id, match_id, user_id),
        )
        if cursor.rowcount != 1:
            return False
        await self.conn.execute(
            "DELETE FROM match_moves WHERE match_id = ? AND seq = (SELECT MAX(seq) FROM match_moves"
            " WHERE match_id = ? AND user_id = ?)",
            (match_id, match_id, user_id),
        )
        await self.conn.execute(
            "UPDATE match_players SET guesses = guesses - 1 WHERE match_id = ? AND user_id = ?", (match_id, user_id)
        )
        return True

    async def close(self, match_id: int, status: Status, winner_id: int | None, now: datetime) -> bool:
        """End a running match; False if it had already ended (someone else closed it first)."""
        cursor = await self.conn.execute(
            "UPDATE matches SET status = ?, phase = 'over', winner_id = ?, finished_at = ?, deadline = NULL,"
            " pending_guess = NULL, revision = revision + 1 WHERE id = ? AND status = 'active'",
            (status, winner_id, iso(now), match_id),
        )
        return cursor.rowcount == 1

    async def set_secret(self, match_id: int, user_id: int, secret: str) -> bool:
        """Record a duel player's secret; False if they had already set one, or the duel no longer waits for
        secrets (stopped, expired)."""
        cursor = await self.conn.execute(
            "UPDATE match_players SET secret = ? WHERE match_id = ? AND user_id = ? AND secret IS NULL AND EXISTS"
            " (SELECT 1 FROM matches WHERE id = ? AND status = 'active' AND phase = 'secrets')",
            (secret, match_id, user_id, match_id),
        )
        return cursor.rowcount == 1

    async def awaiting_secret(self, user_id: int) -> Match | None:
        """The newest duel waiting for this user's secret, if any."""
        return await self._match(
            await one(
                self.conn,
                "SELECT m.* FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ?"
                " AND p.secret IS NULL AND m.status = 'active' AND m.phase = 'secrets' ORDER BY m.id DESC LIMIT 1",
                (user_id,),
            )
        )

    async def in_play(self, user_id: int) -> Match | None:
        """The newest duel or versus game that this user plays in and that is still on, if any (a duel they are
        only invited to, and have not accepted, does not count)."""
        return await self._match(
            await one(
                self.conn,
                "SELECT m.* FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ?"
                " AND m.status = 'active' AND m.kind IN ('duel', 'versus') AND (m.phase != 'invited' OR m.started_by"
                " = p.user_id OR m.chat_id < 0) ORDER BY m.id DESC LIMIT 1",
                (user_id,),
            )
        )

    async def private_duel(self, user_id: int, invitations: bool = False) -> Match | None:
        """The duel this user plays in their private chat (Match.private: under a positive chat id), if one is on.
        One they are invited to and have not accepted counts only with `invitations`: until they accept, their
        chat is theirs."""
        mine = "" if invitations else " AND (m.phase != 'invited' OR m.started_by = p.user_id)"
        return await self._match(
            await one(
                self.conn,
                "SELECT m.* FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ?"
                f" AND m.status = 'active' AND m.kind = 'duel' AND m.chat_id > 0{mine} ORDER BY m.id DESC LIMIT 1",
                (user_id,),
            )
        )

    async def any_active(self, chat_id: int, user_id: int) -> bool:
        """Whether a match is on in the chat or with this user among its players (one statement: most private
        messages are moves of one-player games, and need not ask about each kind of match)."""
        row = await one(
            self.conn,
            "SELECT EXISTS (SELECT 1 FROM matches WHERE chat_id = ? AND status = 'active') OR EXISTS (SELECT 1 FROM"
            " matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id = ? AND m.status = 'active')",
            (chat_id, user_id),
        )
        return row is not None and bool(row[0])

    async def with_deadlines(self) -> list[Match]:
        """Every running match with a timer, for re-arming timers at start-up."""
        async with self.conn.execute(
            "SELECT id FROM matches WHERE status = 'active' AND deadline IS NOT NULL ORDER BY id"
        ) as cursor:
            ids = [row["id"] async for row in cursor]
        found = [await self.match(match_id) for match_id in ids]
        return [m for m in found if m is not None]

    async def record_results(self, match: Match, statuses: dict[int, Status], now: datetime) -> None:
        """One game_results row per human player of a finished match (the bot, user 0, has none)."""
        for player in match.players:
            if player.user_id not in statuses:
                continue
            await self.conn.execute(
                "INSERT OR REPLACE INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome,"
                " hinted, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                (
                    match.id,
                    player.user_id,
                    match.chat_id,
                    match.kind,
                    match.variant.name,
                    player.guesses,
                    statuses[player.user_id],
                    iso(match.started_at),
                    iso(now),
                ),
            )
