"""Storage of one-player games, their moves and recorded results (SQLite, on the Store's connection)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from bot.games.model import Game, Mode, Result
from bot.games.status import Status
from bot.store.db import execute, execute_many
from bot.store.rows import every, iso, moment
from engine.history import Turn
from engine.scoring import Score
from engine.variant import variant_named

# A game with its moves in one statement (a row a move, in order; a game without moves gives one row whose
# move columns are NULL): a move reads its game once, not the game and then its moves.
# The day of the daily challenge it plays comes along (daily_plays.game_id is unique), and the ranked secret it plays
# (ranked_plays.game_id is its key): no second query to ask.
_GAME_WITH_MOVES = (
    "SELECT g.*, m.guess AS move_guess, m.bulls AS move_bulls, m.cows AS move_cows, d.day AS daily_day,"
    " r.secret_id AS ranked_secret"
    " FROM games g LEFT JOIN daily_plays d ON d.game_id = g.id LEFT JOIN ranked_plays r ON r.game_id = g.id"
    " LEFT JOIN moves m ON m.game_id = g.id WHERE {where} ORDER BY m.seq"
)


class SqliteGameRepository:
    """One-player games' rows on the Store's connection, sharing its transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.moves_written = 0  # by this process, for the metrics (bullscows_moves_total)

    async def _turns(self, game_id: int) -> tuple[Turn, ...]:
        rows = await every(self.conn, "SELECT guess, bulls, cows FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        return tuple([Turn(row["guess"], Score(row["bulls"], row["cows"])) for row in rows])

    def _game(self, rows: list[aiosqlite.Row]) -> Game | None:
        """The game of rows read by _GAME_WITH_MOVES (one a move, in order; one without a move), or None."""
        if not rows:
            return None
        row = rows[0]
        turns = tuple([Turn(r["move_guess"], Score(r["move_bulls"], r["move_cows"])) for r in rows if r["move_guess"]])
        return Game(
            id=row["id"],
            chat_id=row["chat_id"],
            user_id=row["user_id"],
            mode=row["mode"],
            variant=variant_named(row["variant"]),
            started_at=datetime.fromisoformat(row["started_at"]),
            secret=row["secret"],
            attempt_limit=row["attempt_limit"],
            coaching=bool(row["coaching"]),
            hard=bool(row["hard"]),
            hints=row["hints"],
            hints_at=_hints_at(row["hints_at"]),
            pending_guess=row["pending_guess"],
            status=Status(row["status"]),
            revision=row["revision"],
            board_message_id=row["board_message_id"],
            finished_at=moment(row["finished_at"]),
            turns=turns,
            daily=row["daily_day"],
            ranked=row["ranked_secret"],
        )

    async def _read_game(self, where: str, params: tuple[Any, ...]) -> Game | None:
        return self._game(await every(self.conn, _GAME_WITH_MOVES.format(where=where), params))

    async def active_game(self, chat_id: int) -> Game | None:
        """The game being played in the chat, if any."""
        return await self._read_game("g.chat_id = ? AND g.status = 'active'", (chat_id,))

    async def game(self, game_id: int) -> Game | None:
        """A game by id."""
        return await self._read_game("g.id = ?", (game_id,))

    async def latest_game(self, chat_id: int, mode: Mode) -> Game | None:
        """The chat's most recent game of a mode, finished or not."""
        latest = "SELECT id FROM games WHERE chat_id = ? AND mode = ? ORDER BY id DESC LIMIT 1"
        return await self._read_game(f"g.id = ({latest})", (chat_id, mode))

    async def create_game(self, game: Game) -> Game:
        """Insert a new game (its id is ignored) with its turns; the stored game comes back."""
        cursor = await self.conn.execute(
            "INSERT INTO games (chat_id, user_id, mode, variant, secret, attempt_limit, coaching, hard, hints,"
            " hints_at, pending_guess, status, revision, started_at, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game.chat_id, game.user_id, game.mode, game.variant.name, *self._mutable(game)[:-1]),
        )
        assert cursor.lastrowid is not None
        stored = Game(**{**game.__dict__, "id": cursor.lastrowid})
        await self.set_turns(stored, game.user_id, game.started_at, stored=())
        return stored

    @staticmethod
    def _mutable(game: Game) -> tuple[Any, ...]:
        return (
            game.secret,
            game.attempt_limit,
            int(game.coaching),
            int(game.hard),
            game.hints,
            None if game.hints_at is None else ",".join(map(str, game.hints_at)),
            game.pending_guess,
            game.status,
            game.revision,
            iso(game.started_at),
            None if game.finished_at is None else iso(game.finished_at),
            game.id,
        )

    async def save_game(self, game: Game) -> None:
        """Store the game's changeable fields (not its turns: see set_turns; not the message showing its board, which
        only the outbox's sender writes)."""
        await execute(
            self.conn,
            "UPDATE games SET secret = ?, attempt_limit = ?, coaching = ?, hard = ?, hints = ?, hints_at = ?,"
            " pending_guess = ?, status = ?, revision = ?, started_at = ?, finished_at = ? WHERE id = ?",
            self._mutable(game),
        )

    async def set_turns(self, game: Game, user_id: int, now: datetime, stored: Sequence[Turn] | None = None) -> None:
        """Make the stored moves equal game.turns: keep the common prefix, rewrite the rest. `stored`: the moves as
        stored now, if the caller read them in this same transaction (else they are read back)."""
        if stored is None:
            stored = await self._turns(game.id)
        keep = 0
        while keep < min(len(stored), len(game.turns)) and stored[keep] == game.turns[keep]:
            keep += 1
        if len(stored) > keep:
            await execute(self.conn, "DELETE FROM moves WHERE game_id = ? AND seq > ?", (game.id, keep))
        self.moves_written += len(game.turns) - keep
        await execute_many(
            self.conn,
            "INSERT INTO moves (game_id, seq, user_id, guess, bulls, cows, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (game.id, seq, user_id, turn.guess, turn.answer.bulls, turn.answer.cows, iso(now))
                for seq, turn in enumerate(game.turns[keep:], start=keep + 1)
            ],
        )

    async def record_result(self, result: Result) -> None:
        """Store one player's result of a finished game."""
        await execute(
            self.conn,
            "INSERT OR REPLACE INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome,"
            " hinted, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                result.game_id,
                result.user_id,
                result.chat_id,
                result.mode,
                result.variant,
                result.guesses,
                result.status,
                int(result.hinted),
                iso(result.started_at),
                iso(result.finished_at),
            ),
        )

    async def results(self, user_id: int) -> list[Result]:
        """A player's finished games, oldest first."""
        async with self.conn.execute(
            "SELECT * FROM game_results WHERE user_id = ? ORDER BY finished_at", (user_id,)
        ) as cursor:
            return [
                Result(
                    row["game_id"],
                    row["user_id"],
                    row["chat_id"],
                    row["mode"],
                    row["variant"],
                    row["guesses"],
                    Status(row["outcome"]),
                    bool(row["hinted"]),
                    datetime.fromisoformat(row["started_at"]),
                    datetime.fromisoformat(row["finished_at"]),
                )
                async for row in cursor
            ]


def _hints_at(stored: str | None) -> tuple[int, ...] | None:
    """When a game's hints were taken, as stored ('0,3'); None where it was not noted (an older game)."""
    if stored is None:
        return None
    return tuple(int(count) for count in stored.split(",") if count)
