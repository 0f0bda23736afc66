"""Fixtures for the end-to-end tests: the Bot API emulator (one per session), the real bot as its own process
(one per test, with its own token and database), and simulated users with fresh ids."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path

import pytest

from tests.e2e.client import Emulator, UserClient
from tests.e2e.processes import BotProcess, EmulatorProcess, Process, ensure_node_modules

_processes_key = pytest.StashKey[list[Process]]()
_ids = itertools.count(1)

BotFactory = Callable[..., BotProcess]
UserFactory = Callable[..., UserClient]


def next_id() -> int:
    """A number no other test in this run has had, for user ids, chat ids and tokens."""
    return next(_ids)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """On a failure, append the logs of the processes the test ran to its report."""
    report = yield
    if report.failed:
        for process in item.stash.get(_processes_key, []):
            report.sections.append((f"{process.name} log ({process.log_path})", process.log()[-20_000:]))
    return report


@pytest.fixture(scope="session")
def emulator_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmulatorProcess]:
    """The Bot API emulator, running for the whole session on a free port of 127.0.0.1."""
    problem = None
    try:
        ensure_node_modules()
    except RuntimeError as error:
        problem = str(error)
    if problem:
        pytest.fail(problem, pytrace=False)
    process = EmulatorProcess(tmp_path_factory.mktemp("emulator") / "emulator.log")
    try:
        process.start_and_wait()
    except RuntimeError as error:
        process.stop()
        problem = f"{error}; its log:\n{process.log()}"
    if problem:
        pytest.fail(problem, pytrace=False)
    yield process
    process.stop()


@pytest.fixture
def emulator(emulator_process: EmulatorProcess, request: pytest.FixtureRequest) -> Emulator:
    """The emulator's API; its log joins the report of a test that fails."""
    request.node.stash.setdefault(_processes_key, []).append(emulator_process)
    return emulator_process.api


@pytest.fixture
def start_bot(emulator: Emulator, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[BotFactory]:
    """Start a bot process (the real bot unless `argv` says otherwise) and wait until it polls.

    Each bot gets a token of its own, so updates left over by another test's bot never reach it. Every bot
    started is stopped with SIGTERM at the end, and must exit with status 0 having logged no error (runs ended
    with bot.kill() or collected with bot.wait_exit() are the test's to judge). `webhook=True` runs it in
    webhook mode on a free port; `start=False` returns it unstarted, e.g. to inject start-up faults for its
    token first (then bot.start_and_wait(), or bot.start() and bot.wait_exit()).
    """
    started: list[BotProcess] = []
    real_bots: list[BotProcess] = []

    def start(
        argv: Sequence[str] | None = None, *, start: bool = True, webhook: bool = False, **extra_env: str
    ) -> BotProcess:
        n = next_id()
        kwargs = {} if argv is None else {"argv": argv}
        process = BotProcess(
            emulator,
            token=f"{100000 + n}:TEST-TOKEN-{n}",
            database=tmp_path / f"bot{n}.sqlite3",
            log_path=tmp_path / f"bot{n}.log",
            extra_env=extra_env,
            webhook=webhook,
            **kwargs,
        )
        request.node.stash.setdefault(_processes_key, []).append(process)
        started.append(process)
        if argv is None:
            real_bots.append(process)
        if not start:
            return process
        problem = None
        try:
            process.start_and_wait()
        except RuntimeError as error:
            problem = f"{error} (its log is in the report below)"
        if problem:
            pytest.fail(problem, pytrace=False)
        return process

    yield start
    failures = []
    for process in started:
        if process.running:
            process.stop()
        elif process.popen is None:
            continue  # never started
        bad = [code for code in process.exit_codes if code != 0]
        if bad:
            failures.append(f"{process.name} ({' '.join(process.argv)}) exited with status {bad} on SIGTERM, not 0")
        errors = [] if process.errors_expected else process.errors()
        if errors:
            shown = "\n  ".join(errors[:20])
            failures.append(f"{process.name} ({process.log_path.name}) logged {len(errors)} error line(s):\n  {shown}")
        if process in real_bots:
            failures.extend(unchanged_edits(emulator, process))
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


def unchanged_edits(emulator: Emulator, process: BotProcess) -> list[str]:
    """The real bot's edits that changed nothing, which Telegram refuses ("400 message is not modified"): the bot
    must not make them (the emulator refuses them as Telegram does, and records why). A retry of an edit that took
    effect but whose answer was lost (an injected fault) is refused so too, and rightly sent: it is not counted."""
    calls = emulator.calls(process.token)
    applied = [(c.method, c.params) for c in calls if c.applied]
    refused = [c for c in calls if c.error and "not modified" in c.error and (c.method, c.params) not in applied]
    return [f"{process.name} made an edit that changes nothing: {c.method} {c.params}" for c in refused[:5]]


@pytest.fixture
def bot(start_bot: BotFactory) -> BotProcess:
    """The real bot, `python -m bot`, polling the emulator with a fresh database."""
    return start_bot()


@pytest.fixture
def make_user(emulator: Emulator, bot: BotProcess) -> UserFactory:
    """Make a simulated user (a new one unless `user_id` says who), in a private chat with the bot unless told
    otherwise (a group's `chat_id` and `chat_type`; with `topic`, a forum's topic)."""

    def make(
        first_name: str = "Alice",
        chat_id: int | None = None,
        chat_type: str = "private",
        user_id: int | None = None,
        language_code: str = "en",
        topic: int | None = None,
    ) -> UserClient:
        user_id = 10_000 + next_id() if user_id is None else user_id
        username = f"{first_name.lower()}{user_id}"
        return UserClient(
            emulator,
            bot.token,
            user_id,
            chat_id,
            chat_type,
            first_name,
            username,
            language_code=language_code,
            topic=topic,
        )

    return make


@pytest.fixture
def user(make_user: UserFactory) -> UserClient:
    """One user in a private chat with the bot."""
    return make_user()
