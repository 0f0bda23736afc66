"""The intake: updates are recorded in the inbox before Telegram is told they arrived, then processed one by
one in update_id order (within each chat), each with its effects and its replies in one transaction, or in one
savepoint of a batch's transaction (group commit: one fsync for every update that arrived together, and none of
their replies is sent before it).

Polling confirms an update with the next getUpdates offset, which is asked for only after `record` has
committed; a webhook is answered only after `record` has (bot/telegram_io/webhook.py). A crash at any point
leaves an update either applied with its replies queued, or still pending, to be processed at the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update

from bot.chats import languages
from bot.flood import FloodGuard
from bot.outgoing import post
from bot.ports import Clock
from bot.replies import Outcome
from bot.store.db import on_loop
from bot.store.inbox import MAX_ATTEMPTS, Recorded
from bot.store.store import Store
from bot.telegram_io.identity import sender_id, topic_of
from bot.telegram_io.state import App
from bot.telegram_io.telemetry import Telemetry
from bot.texts import t

log = logging.getLogger(__name__)

MAX_BATCH = 100  # updates committed together at most
BATCH_SECONDS = 0.05  # no update joins a batch that has been processing longer: its first reply waits at most this


def batch_of(pending: list[Recorded], limit: int = MAX_BATCH) -> list[Recorded]:
    """The updates to process together next: the oldest alone if a run of it began before (it may be the one
    that crashed the process, and is counted and set aside alone), else the oldest run never begun."""
    if pending[0].attempts > 0:
        return pending[:1]
    batch: list[Recorded] = []
    for recorded in pending[:limit]:
        if recorded.attempts > 0:
            break
        batch.append(recorded)
    return batch


async def apply_batch(
    store: Store,
    batch: list[Recorded],
    apply: Callable[[Recorded], Awaitable[None]],
    seconds: float = BATCH_SECONDS,
    stopping: Callable[[], bool] = lambda: False,
    monotonic: Callable[[], float] = time.monotonic,
) -> int:
    """Apply updates in order in one transaction, each in its own savepoint; how many were applied comes back.

    Their runs are counted first (one commit). Updates not reached within `seconds` (or once `stopping`) stay
    pending, their count taken back. An update that raises is undone alone and stays pending with its run
    counted: the ones before it commit, and its error is raised after the commit.
    """
    await store.inbox.begin([r.update_id for r in batch])
    applied, failure = 0, None
    started = monotonic()
    async with store.transaction():
        with on_loop(store.conn):  # this task's quick statements skip the thread hop; COMMIT still goes there
            for recorded in batch:
                if applied and (stopping() or monotonic() - started > seconds):
                    break
                try:
                    async with store.transaction.savepoint():
                        await apply(recorded)
                except Exception as error:  # this update alone is undone; the ones before it still commit
                    failure = error
                    break
                applied += 1
            rest = [r.update_id for r in batch[applied + (failure is not None) :]]
            if rest:
                await store.inbox.unbegin(rest)
    if failure is not None:
        raise failure
    return applied


class Intake:
    """Processes the inbox in order, each update once in effect; `wake` is called after each batch's commit.

    Order is kept within each chat. A chat whose update had to wait (`park`: its group's admin list is being looked
    up) is left out, with all its later updates, until `unpark_all`; every other chat goes on meanwhile.
    """

    def __init__(
        self,
        app: App,
        store: Store,
        clock: Clock,
        wake: Callable[[], None],
        settle: Callable[[], Awaitable[None]] | None = None,
        telemetry: Telemetry | None = None,
    ) -> None:
        self.app, self.store, self.clock, self.wake_sender = app, store, clock, wake
        self.settle = settle  # waits until whatever parked updates wait for has arrived (drain() uses it)
        self.telemetry = telemetry or Telemetry()
        self.guard = FloodGuard()
        self._arrived = asyncio.Event()
        self._processing = asyncio.Lock()
        self.max_batch, self.batch_seconds = MAX_BATCH, BATCH_SECONDS
        self._stopping = False
        self._task: asyncio.Task[None] | None = None
        self._parked: set[int] = set()  # chats whose updates wait
        self._parked_now: set[int] = set()  # updates parked by the update being processed
        self._failed_now: set[int] = set()  # updates whose handler failed (the error handler said so)
        self._finished: list[int] = []  # updates of the batch under way marked done (not parked), for the metrics
        self._admitted: set[int] = set()  # parked updates the flood guard let in: not counted again when they run

    def park(self, update_id: int, chat_id: int) -> None:
        """Leave this update, and every later one of its chat, pending until `unpark_all` (it changed nothing)."""
        self._parked.add(chat_id)
        self._parked_now.add(update_id)

    def failed(self, update_id: int) -> None:
        """The update's handler failed (its savepoint was rolled back, the chat told): it is marked failed."""
        self._failed_now.add(update_id)

    def unpark_all(self) -> None:
        """What parked updates waited for has arrived (or failed): try them again, in order."""
        self._parked.clear()
        self._arrived.set()

    async def record(self, updates: list[dict[str, Any]]) -> None:
        """Store updates (Telegram's JSON) in the inbox, committed when this returns, and have them processed."""
        if updates:
            await self.store.inbox.record(updates, self.clock())
            self.telemetry.received(u["update_id"] for u in updates)
            self._arrived.set()

    def start(self) -> None:
        """Process pending updates, then new ones as they arrive, until stop()."""
        self._task = asyncio.create_task(self._run(), name="inbox intake")

    @property
    def running(self) -> bool:
        """Whether the intake's task was started and has not ended."""
        return self._task is not None and not self._task.done()

    async def stop(self, grace: float = 5.0) -> None:
        """Finish the update being processed (for up to `grace` seconds), then stop."""
        self._stopping = True
        self._arrived.set()
        if self._task is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(self._task), grace)
        except TimeoutError:
            self._task.cancel()  # its batch rolls back: those updates stay pending for the next start
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def process_pending(self) -> int:
        """Process everything pending now but the parked chats' updates; how many updates that was comes back."""
        done = 0
        async with self._processing:  # one processor at a time, whoever calls
            while not self._stopping and (pending := await self.store.inbox.pending(waiting=self._parked)):
                batch = batch_of(pending, self.max_batch)
                if batch[0].attempts >= MAX_ATTEMPTS:
                    await self._set_aside(batch[0])
                    continue
                self.telemetry.batch_begins()
                self._finished.clear()
                try:
                    applied = await apply_batch(
                        self.store, batch, self._process, self.batch_seconds, lambda: self._stopping
                    )
                finally:
                    self.wake_sender()  # after the commit: what it committed may be sent now
                committed = {r.update_id for r in batch[:applied]}
                self.telemetry.applied(u for u in self._finished if u in committed)
                done += applied
        return done

    async def drain(self) -> int:
        """Process everything pending, parked updates too once what they wait for has arrived (tests, tools)."""
        done = await self.process_pending()
        # parked, or unparked already (what it waited for came while it was being parked): either way still pending
        while self.settle is not None and (self._parked or await self.store.inbox.pending(limit=1)):
            await self.settle()
            self.unpark_all()
            done += await self.process_pending()
        return done

    async def _run(self) -> None:
        while not self._stopping:
            self._arrived.clear()
            try:
                await self.process_pending()
            except Exception:  # the database failed under us: try again shortly rather than die
                self.telemetry.batch_ends(failed=True)
                log.exception("processing the inbox failed; trying again in a second")
                await asyncio.sleep(1)
                continue
            self.telemetry.batch_ends()
            if not self._stopping:
                await self._arrived.wait()

    async def _set_aside(self, recorded: Recorded) -> None:
        log.warning("update %s failed %d times; setting it aside", recorded.update_id, recorded.attempts)
        self.telemetry.set_aside(recorded.update_id)
        async with self.store.transaction():
            await self._mark(recorded.update_id, "failed")

    async def _mark(self, update_id: int, status: str = "done", forget: bool = False) -> None:
        """The one place an update is marked in the inbox: done, or failed (inside its transaction, with its effects);
        `forget`: only its id is kept (a refused update: enough to know a redelivery)."""
        async with self.store.transaction():
            await self.store.inbox.finish(update_id, self.clock(), status)
            if forget:
                await self.store.inbox.forget(update_id)

    async def _process(self, recorded: Recorded) -> None:
        """Apply one update inside the batch's transaction (its handler's savepoint holds its own writes)."""
        update_id = recorded.update_id
        if recorded.chat_id is not None and recorded.chat_id in self._parked:  # behind a parked update of its chat
            await self.store.inbox.unbegin([update_id])
            return
        try:
            update = Update.de_json(recorded.payload, self.app.bot)
        except Exception as error:  # not shaped as this python-telegram-bot reads updates: it would never be
            log.warning("update %s cannot be read (%s); setting it aside", update_id, error)
            await self._mark(update_id, "failed")
            return
        sender = sender_id(update)  # a chat posting as itself counts as one sender, whatever service user it shows
        if update_id in self._admitted:  # let in before it was parked
            self._admitted.discard(update_id)
            verdict = "ok"
        else:
            verdict = self.guard.check(sender) if sender is not None else "ok"
        self._parked_now.clear()
        self._failed_now.clear()
        if verdict == "ok":
            await self.app.process_update(update)
        else:
            await self._refuse(update, politely=verdict == "warn")
        if update_id in self._parked_now:  # it waits, as if never begun: parking is no failure
            await self.store.inbox.unbegin([update_id])
            self._admitted.add(update_id)
            return
        # done (an update no handler took, and a refused one, too), or failed: with its effects, in its savepoint
        await self._mark(update_id, "failed" if update_id in self._failed_now else "done", forget=verdict != "ok")
        self._finished.append(update_id)

    async def _refuse(self, update: Update, politely: bool) -> None:
        """Answer a refused update: a polite word once a burst; a button press is always answered."""
        chat, query = update.effective_chat, update.callback_query
        if chat is None or (query is None and not politely):
            return
        user = update.effective_user
        flood = t("flood", languages.supported(user.language_code if user is not None else None))
        outcome = Outcome(toast=flood if politely else None) if query else Outcome.text(flood)
        target = (query.id, None) if query is not None else None
        async with self.store.transaction():
            await post(self.store, chat.id, outcome, self.clock(), update.update_id, target, topic_of(update))
