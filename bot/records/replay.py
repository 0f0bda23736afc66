"""`bullscows rerate`: every rating recomputed from the stored rated results while the bot keeps serving.

The result is exact: the ratings, the rated results and the boards end as replaying the whole history in the order
it was rated gives them, with the arithmetic used when each match ended. The write lock is held only for short
steps, with pauses between them, so the bot goes on playing and rating matches:

1. The history is read in chunks, outside any transaction, and replayed in memory; the stored results that differ
   from the replay are rewritten, a few milliseconds' worth of rows a transaction.
2. The current ratings, then the boards (who is on which, and their values), are compared with the replay in
   chunks, and what differs is put right, a few milliseconds' worth a transaction.
3. A match the bot rates meanwhile is rated from the stored ratings, which the replay may not have reached yet.
   So from step 2 on, every transaction first replays the results committed since the last one and writes those
   players' ratings in it (the boards are compared after the ratings are right, so what the bot writes on them
   then is right too). When the last one commits, every stored rating is the replay's, and the bot rates the
   next match from it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.records.rating import Skill, rated
from bot.records.rating_model import PROVISIONAL_GAMES, RatedRow, Rating
from bot.records.ratings_store import BoardKey, SqliteRatingRepository
from bot.store.db import checkpoint
from bot.store.store import Store

REPLAY_CHUNK = 20_000  # rows read at a time, outside any transaction
BATCH = 50  # rows a statement writes
STEP_SECONDS = 0.005  # how long a transaction goes on writing batches before it commits (bench/rating_bench.py)
# Seconds between two transactions, at least. Another process waiting for the lock (the bot) sleeps and tries
# again (1, 2, 5, 10 ms ... apart): steps back to back would keep it waiting through many of them.
PAUSE = 0.005
FIRST: BoardKey = (-(2**63), "", -(2**63))  # before every board place in key order

Key = tuple[str, int]  # (family, user_id)
T = TypeVar("T")


@dataclass(frozen=True)
class Replayed:
    """What a recomputation did: players and matches rated, and stored ratings it found different."""

    players: int
    matches: int
    changed: int


@dataclass
class Replay:
    """The history replayed so far: each player's skill, their last change and when, up to `last_seq`."""

    skills: dict[Key, Skill] = field(default_factory=dict)
    latest: dict[Key, tuple[float, str]] = field(default_factory=dict)
    last_seq: int = 0
    matches: int = 0
    changed: int = 0

    def play(self, rows: list[RatedRow]) -> list[tuple[int, float, float]]:
        """Replay these whole matches; (seq, mu, sigma) comes back for each row whose stored rating differs."""
        fixes = []
        for group in _by_match(rows):
            family = group[0].family
            places = {row.user_id: row.rank for row in group}
            before = {u: self.skills.get((family, u), Skill()) for u in places}
            after = rated(before, places)
            for row in group:
                skill = after[row.user_id]
                self.skills[family, row.user_id] = skill
                self.latest[family, row.user_id] = (skill.conservative - before[row.user_id].conservative, row.rated_at)
                if (row.mu, row.sigma) != (skill.mu, skill.sigma):
                    fixes.append((row.seq, skill.mu, skill.sigma))
            self.matches += 1
        self.changed += len(fixes)
        self.last_seq = max(self.last_seq, rows[-1].seq) if rows else self.last_seq
        return fixes

    def rating(self, key: Key) -> tuple[Rating, str]:
        """A player's current rating by the replay, with when it last changed."""
        skill, (change, at) = self.skills[key], self.latest[key]
        family, user = key
        return Rating(user, family, skill.mu, skill.sigma, skill.conservative, skill.games, change), at

    def place(self, key: Key) -> tuple[bool, float]:
        """What a player's board places hold by the replay: established, and the conservative estimate."""
        skill = self.skills[key]
        return skill.games >= PROVISIONAL_GAMES, skill.conservative


class Rerate:
    """One recomputation on a store: the replay, and the steps that write it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.repo = store.repository(SqliteRatingRepository)
        self.replay = Replay()

    async def run(self) -> Replayed:
        """Replay the history, then put the ratings and the boards right, step by step."""
        await self.history()
        await self.ratings()
        await self.boards()
        await self.write_all(self.nothing, [None])  # whatever was rated after the last step
        players = len({user for _, user in self.replay.skills})
        return Replayed(players, self.replay.matches, self.replay.changed)

    async def read(self, query: Callable[..., Awaitable[T]], *args: object) -> T:
        """A read of committed rows, outside any transaction (on a connection the bot shares, after its own)."""
        async with self.store.transaction.settled():
            return await query(*args)

    async def write_all(
        self, write: Callable[[list[Any]], Awaitable[None]], items: list[Any], catch_up: bool = True
    ) -> None:
        """`write` every item, BATCH at a time, in short transactions: each first replays and writes the results
        rated since the last (unless told not to), then writes for about STEP_SECONDS and commits. After each, a
        pause at least as long, in which the write-ahead log is checkpointed: the bot, which polls for a busy
        lock, finds it free, and its own commits are not left to checkpoint what the rerate wrote."""
        start = 0
        while start < len(items):
            begin = time.perf_counter()
            async with self.store.transaction():
                if catch_up:
                    await self.catch_up()
                while start < len(items):
                    part = items[start : start + BATCH]
                    start += len(part)
                    await write(part)
                    if time.perf_counter() - begin >= STEP_SECONDS:
                        break
            held = time.perf_counter() - begin
            resting = time.perf_counter()
            await self.read(checkpoint, self.store.conn)
            await asyncio.sleep(max(PAUSE, held) - (time.perf_counter() - resting))

    async def nothing(self, items: list[None]) -> None:
        """Inside a step: no more than its catching up."""

    async def catch_up(self) -> None:
        """Inside a step: replay the results committed since the replay's last one, and write those rows and their
        players' ratings (their board values are put right by `boards`, or were made from ratings already right)."""
        rows = await self.repo.history(self.replay.last_seq)
        if not rows:
            return
        await self.repo.rewrite_results(self.replay.play(rows))
        keys = list(dict.fromkeys((row.family, row.user_id) for row in rows))
        await self.repo.write_ratings([self.replay.rating(key) for key in keys])

    async def history(self) -> None:
        """Replay every stored result, rewriting those that differ (no catching up: the replay reads on to the end)."""
        carry: list[RatedRow] = []
        while True:
            chunk = await self.read(self.repo.history, self.replay.last_seq, REPLAY_CHUNK)
            rows = carry + chunk
            # a match's rows adjoin and commit together; only the last match of a chunk may go on in the next
            done, carry = (rows, []) if not chunk else _split_last(rows)
            fixes = self.replay.play(done)
            if carry:
                self.replay.last_seq = carry[-1].seq
            await self.write_all(self.repo.rewrite_results, fixes, catch_up=False)
            if not chunk:
                return

    async def ratings(self) -> None:
        """Put right every stored rating that differs from the replay, add those missing, drop those unplayed."""
        seen: set[Key] = set()
        after: Key = ("", 0)
        while chunk := await self.read(self.repo.ratings_after, *after, REPLAY_CHUNK):
            after = (chunk[-1][0].family, chunk[-1][0].user_id)
            wrong, unplayed = [], []
            for stored in chunk:
                key = (stored[0].family, stored[0].user_id)
                seen.add(key)
                if key not in self.replay.skills:
                    unplayed.append(key)
                elif stored != self.replay.rating(key):
                    wrong.append(key)
            await self.write_all(self.write_ratings, wrong)
            await self.write_all(self.repo.drop_unplayed, unplayed)
        await self.write_all(self.write_ratings, [key for key in self.replay.skills if key not in seen])

    async def boards(self) -> None:
        """Put every player on the boards the history gives, with the replay's values, and no one else."""
        await self.read(self.repo.note_board_history)
        try:
            after = FIRST
            while chunk := await self.read(self.repo.leaderboard_after, after, REPLAY_CHUNK):
                after = chunk[-1][0]
                # a player the replay has not reached was rated since it read on: the next step catches them up
                skills = self.replay.skills
                wrong = [
                    key
                    for key, established, conservative, given in chunk
                    if given and key[1:] in skills and (established, conservative) != self.replay.place(key[1:])
                ]
                await self.write_all(self.repo.drop_places, [key for key, _, _, given in chunk if not given])
                await self.write_all(self.set_places, wrong)
            after = FIRST
            while missing := await self.read(self.repo.missing_after, after, REPLAY_CHUNK):
                after = missing[-1][0]
                await self.write_all(self.add_places, missing)
        finally:
            await self.read(self.repo.forget_board_history)

    async def write_ratings(self, keys: list[Key]) -> None:
        """Inside a step: write these players' ratings by the replay."""
        await self.repo.write_ratings([self.replay.rating(key) for key in keys])

    async def add_places(self, missing: list[tuple[BoardKey, int]]) -> None:
        """Inside a step: put players on the boards the history gives them, with the replay's values."""
        await self.repo.add_places([(key, seq, *self.replay.place(key[1:])) for key, seq in missing])

    async def set_places(self, keys: list[BoardKey]) -> None:
        """Inside a step: set these board places' values by the replay."""
        await self.repo.set_places([(key, *self.replay.place(key[1:])) for key in keys])


async def rerate(store: Store) -> Replayed:
    """Recompute every rating from the stored rated results, in short steps that let the bot go on serving."""
    return await Rerate(store).run()


def _split_last(rows: list[RatedRow]) -> tuple[list[RatedRow], list[RatedRow]]:
    """The rows of every match but the last, and the last match's rows (it may go on in the next chunk)."""
    last = rows[-1].match_id
    cut = len(rows)
    while cut > 0 and rows[cut - 1].match_id == last:
        cut -= 1
    return rows[:cut], rows[cut:]


def _by_match(rows: list[RatedRow]) -> list[list[RatedRow]]:
    groups: list[list[RatedRow]] = []
    for row in rows:
        if groups and groups[-1][0].match_id == row.match_id:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups
