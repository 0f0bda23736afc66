"""Engine work: what the engine computes for an update (a puzzle made, an answer graded, the bot's next guess, a hard
game's secret), done on the engine's own threads and never while a write transaction is open.

An update runs inside a write transaction (the intake's batch, the page's call), and the intake applies one update
at a time: work awaited there would hold every other chat. So a service asks for work with `EngineWork.need`. Outside
a transaction (the console between tries, the command line) it waits for the result. Inside one, a result already
made for this very call comes back at once; else the work is queued and `WorkPending` is raised: the update's
savepoint is rolled back (it changed nothing), its chat waits (the intake parks it, with its later updates; the page
waits outside its transaction), and once the work is done the update runs again and finds its result. Every other
chat goes on meanwhile.

A result belongs to the update that asked for it (its `scope`, the same on every try) and to the call's place in it
(the first, second... need of that try) and its arguments: a try that asks for other work (the state moved) gets it
made afresh, and randomness drawn inside the work (a hard game's secret) is drawn once, whatever the tries.

What one person asks costs that person: each owner (the player, or the chat) has at most PER_OWNER jobs waiting,
and the threads take the owners' jobs in turn, so a flood from one account queues behind itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

THREADS = 1  # the engine's threads: the event loop keeps the other core (its kernels release the GIL while they work)
PER_OWNER = 16  # jobs one owner may have waiting; more is refused (EngineBusy) until some are done
KEPT = 512  # results kept for the tries that come back for them (the oldest are forgotten first)


class WorkPending(Exception):
    """The update needs engine work that is not done yet: it changed nothing, and runs again once `job` is done
    (or, for work it can do without, once `deadline` has passed: time.monotonic())."""

    def __init__(self, job: Job, deadline: float | None = None) -> None:
        super().__init__(f"waiting for {job.name}")
        self.job = job
        self.deadline = deadline

    async def wait(self) -> None:
        """Until the update may run again: its job done, or its deadline passed."""
        if self.deadline is None:
            await self.job.done.wait()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.job.done.wait(), max(0.0, self.deadline - time.monotonic()))


class EngineBusy(Exception):
    """The owner has PER_OWNER jobs waiting already: this request is refused (it changed nothing)."""


@dataclass
class Job:
    """One piece of engine work: who asked, what it is (for the log), and its result when done."""

    owner: int
    name: str
    work: Callable[[], Any]
    done: asyncio.Event = field(default_factory=asyncio.Event)
    result: Any = None
    error: BaseException | None = None
    queued: float = field(default_factory=time.monotonic)
    started: float | None = None  # time.monotonic() when a thread took it

    def outcome(self) -> Any:
        """The work's result, or its error raised again (the update then fails as it would have)."""
        if self.error is not None:
            raise self.error
        return self.result


@dataclass
class Scope:
    """The update (or page call) asking for work, the same object on every try: its key, owner, and the count of
    needs of the try under way."""

    key: Hashable
    owner: int
    asked: int = 0


_SCOPE: ContextVar[Scope | None] = ContextVar("engine_work_scope", default=None)
_IDS = itertools.count()


class EngineWork:
    """The engine's threads and their queue (see the module's note); `in_transaction` tells whether the calling task
    has a write transaction open, and `on_done` is called after each job (the intake unparks its chats)."""

    def __init__(self, in_transaction: Callable[[], bool], threads: int = THREADS) -> None:
        self.in_transaction = in_transaction
        self.threads = threads
        self.on_done: list[Callable[[], None]] = []
        self._queues: dict[int, deque[Job]] = {}  # each owner's jobs waiting, in order
        self._served: OrderedDict[int, int] = OrderedDict()  # when each owner last had a job taken (a tick)
        self._tick = 0
        self._made: OrderedDict[tuple[Hashable, int], tuple[Hashable, Job]] = OrderedDict()
        self._running = 0
        self._executor: ThreadPoolExecutor | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self._tasks: set[asyncio.Task[None]] = set()

    @contextlib.contextmanager
    def scope(self, key: Hashable, owner: int) -> Iterator[Scope]:
        """Within this block, work is asked for on behalf of update `key` (the same key on every try) and `owner`."""
        scope = Scope(key, owner)
        marker = _SCOPE.set(scope)
        try:
            yield scope
        finally:
            _SCOPE.reset(marker)

    @contextlib.contextmanager
    def retry(self, scope: Scope) -> Iterator[None]:
        """A try of the update `scope` (again): its needs are counted from the first."""
        scope.asked = 0
        marker = _SCOPE.set(scope)
        try:
            yield
        finally:
            _SCOPE.reset(marker)

    async def need(self, name: str, work: Callable[..., T], *args: Any, same: Hashable = None) -> T:
        """`work(*args)` done on the engine's threads: its result, waited for outside a transaction; inside one, the
        result this call of this update already has, else WorkPending (the work is queued). `same` says what makes
        two tries' calls the same work (by default their arguments); `name` is what the log and errors call it."""
        job = await self._done(name, work, args, same, None)
        assert job is not None
        return job.outcome()

    async def need_within(
        self, seconds: float, name: str, work: Callable[..., T], *args: Any, same: Hashable = None
    ) -> T | None:
        """As `need`, for work the update can do without: None when it is not done `seconds` after it was asked
        for (it still runs to its end on its thread)."""
        job = await self._done(name, work, args, same, seconds)
        return None if job is None else job.outcome()

    async def _done(
        self, name: str, work: Callable[..., Any], args: tuple[Any, ...], same: Hashable, within: float | None
    ) -> Job | None:
        """The job done for this call (None: not done within its time), or WorkPending inside a transaction."""
        scope = _SCOPE.get()
        identity = same if same is not None else (name, *args)
        if scope is None or not self.in_transaction():
            job = self._queue(scope.owner if scope is not None else 0, name, lambda: work(*args))
            pending = WorkPending(job, None if within is None else job.queued + within)
            await pending.wait()
            return job if job.done.is_set() else None
        place = (scope.key, scope.asked)
        scope.asked += 1
        kept = self._made.get(place)
        if kept is not None and kept[0] == identity:
            job = kept[1]
            self._made.move_to_end(place)
        else:
            job = self._queue(scope.owner, name, lambda: work(*args))
            self._made[place] = (identity, job)
            while len(self._made) > KEPT:
                self._made.popitem(last=False)
        if job.done.is_set():
            return job
        deadline = None if within is None else job.queued + within
        if deadline is not None and time.monotonic() >= deadline:
            return None
        raise WorkPending(job, deadline)

    def remember(self, name: str, draw: Callable[[], T]) -> T:
        """`draw()`, made once for this call of this update and the same on every try: a random choice made before
        engine work that depends on it (else each try would ask for other work)."""
        scope = _SCOPE.get()
        if scope is None:
            return draw()
        place = (scope.key, scope.asked)
        scope.asked += 1
        identity = ("remembered", name)
        kept = self._made.get(place)
        if kept is not None and kept[0] == identity:
            return kept[1].result
        value = draw()
        job = Job(scope.owner, name, lambda: value, result=value)
        job.done.set()
        self._made[place] = (identity, job)
        return value

    def _queue(self, owner: int, name: str, work: Callable[[], Any]) -> Job:
        waiting = self._queues.setdefault(owner, deque())
        if len(waiting) >= PER_OWNER:
            raise EngineBusy(f"{len(waiting)} jobs of one owner waiting")
        job = Job(owner, name, work)
        waiting.append(job)
        self._idle.clear()
        self._dispatch()
        return job

    def _dispatch(self) -> None:
        """Hand jobs to free threads: the owner served longest ago (or never) first, so each owner's next job waits
        behind every other owner's."""
        while self._running < self.threads and self._queues:
            owner = min(self._queues, key=lambda o: self._served.get(o, -1))
            waiting = self._queues[owner]
            job = waiting.popleft()
            if not waiting:
                del self._queues[owner]
            self._tick += 1
            self._served.pop(owner, None)
            self._served[owner] = self._tick
            while len(self._served) > KEPT:  # long-served owners count as never served: they come first anyway
                self._served.popitem(last=False)
            self._running += 1
            task = asyncio.get_running_loop().create_task(self._run(job), name=f"engine work {next(_IDS)}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, job: Job) -> None:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="engine")
        job.started = time.monotonic()
        try:
            job.result = await asyncio.get_running_loop().run_in_executor(self._executor, job.work)
        except Exception as error:  # the update that asked raises it on its next try
            job.error = error
        finally:
            self._running -= 1
            job.done.set()
            self._dispatch()
            if not self._running and not self._queues:
                self._idle.set()
            for callback in self.on_done:
                callback()

    @property
    def busy(self) -> bool:
        """Whether any job is waiting or running."""
        return not self._idle.is_set()

    async def settled(self) -> None:
        """Wait until no job is waiting or running (the tests' drain, a clean stop)."""
        await self._idle.wait()

    def close(self) -> None:
        """Stop taking jobs; the one running ends on its thread (its result is not waited for)."""
        for waiting in self._queues.values():
            for job in waiting:
                job.error = asyncio.CancelledError()
                job.done.set()
        self._queues.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def pending_job(error: BaseException) -> Job | None:
    """The job an update waits for, if `error` (or what caused it) is a WorkPending."""
    while error is not None:
        if isinstance(error, WorkPending):
            return error.job
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return None
