"""The processes the end-to-end tests run: the Bot API emulator (node) and the bot (python), each in its own
process group, tied to the test run so that none outlives it."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.e2e.client import Emulator, Json

EMULATOR_DIR = Path(__file__).parent / "emulator"
REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0  # seconds for a process to come up on a busy machine
STOP_TIMEOUT = 15.0
_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the child before exec: get SIGTERM when the test run dies, however it dies (Linux only)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Process:
    """A child process in its own process group with its output in a log file."""

    def __init__(self, name: str, argv: Sequence[str], *, env: Mapping[str, str], cwd: Path, log_path: Path) -> None:
        self.name, self.argv, self.env, self.cwd, self.log_path = name, list(argv), dict(env), cwd, log_path
        self.popen: subprocess.Popen[bytes] | None = None
        self.exit_codes: list[int] = []  # of every run that was stopped (with SIGTERM unless kill() was used)
        self.kills = 0  # runs ended with kill(): they count neither in exit_codes nor as failures
        self.exits: list[int] = []  # runs that ended on their own and were collected with wait_exit()
        self._accounted = False  # the current run's end was already recorded (kill or wait_exit)

    def start(self) -> None:
        """Start the process, appending its output to the log."""
        if self.running:
            raise RuntimeError(f"{self.name} is already running")
        self._accounted = False
        with self.log_path.open("ab") as log:
            log.write(f"--- {self.name}: {' '.join(self.argv)}\n".encode())
            log.flush()
            self.popen = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent if sys.platform == "linux" else None,
            )

    @property
    def running(self) -> bool:
        """Whether the process was started and has not exited."""
        return self.popen is not None and self.popen.poll() is None

    def stop(self, sig: signal.Signals = signal.SIGTERM, timeout: float = STOP_TIMEOUT) -> int:
        """Send `sig` to the process group and wait; kill it if it does not exit in time. The exit status comes back.

        A process that had to be killed reports -9 whatever it would have said.
        """
        if self.popen is None:
            raise RuntimeError(f"{self.name} was never started")
        popen = self.popen
        if self._accounted and popen.poll() is not None:
            return popen.returncode
        if popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(popen.pid, sig)
            try:
                popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self._log(f"--- {self.name} did not exit {timeout:.0f} s after {sig.name}: killed")
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(popen.pid, signal.SIGKILL)
                popen.wait()
                self.exit_codes.append(-9)
                return -9
        # Whatever the main process left behind in its group goes too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(popen.pid, signal.SIGKILL)
        code = popen.returncode
        self._log(f"--- {self.name} exited with status {code}")
        self.exit_codes.append(code)
        return code

    def kill(self) -> None:
        """SIGKILL the whole process group at once, as a crash or an OOM killer would, and wait for it to go.

        Nothing is asked of a killed run: its status is not checked (see `kills`). Start it again with start().
        """
        if self.popen is None or not self.running:
            raise RuntimeError(f"{self.name} is not running")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait()
        self.kills += 1
        self._accounted = True
        self._log(f"--- {self.name} killed with SIGKILL")

    def wait_exit(self, timeout: float = STOP_TIMEOUT) -> int:
        """Wait for the process to exit on its own and return its status (AssertionError if it does not in time).

        The status is the test's to judge: it goes to `exits`, not to the SIGTERM rule's `exit_codes`.
        """
        if self.popen is None:
            raise RuntimeError(f"{self.name} was never started")
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} still runs {timeout:.0f} s later") from None
        if not self._accounted:
            self._accounted = True
            self.exits.append(code)
            self._log(f"--- {self.name} exited on its own with status {code}")
        return code

    def log(self) -> str:
        """Everything the process has written so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def wait_until(self, ready: Callable[[], bool], what: str, timeout: float = START_TIMEOUT) -> None:
        """Wait until `ready()` holds; RuntimeError if the process exits or time runs out (see log())."""
        deadline = time.monotonic() + timeout
        while not ready():
            if not self.running:
                raise RuntimeError(
                    f"{self.name} exited with status {self.popen and self.popen.returncode} before {what}"
                )
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name}: no {what} within {timeout:.0f} s")
            time.sleep(0.02)

    def _log(self, line: str) -> None:
        with self.log_path.open("a") as log:
            log.write(line + "\n")


def ensure_node_modules() -> None:
    """Install the emulator's npm packages from the lock file if they are missing; fail saying what to do."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise RuntimeError(
            "the end-to-end tests need Node.js (18 or newer) and npm on PATH to run the Bot API emulator; "
            "scripts/test installs them, or: apt-get install nodejs npm"
        )
    installed = EMULATOR_DIR / "node_modules"
    if all((installed / name / "package.json").exists() for name in ("express", "telegram-test-api")):
        return
    result = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=EMULATOR_DIR,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(
            f"`npm ci` in {EMULATOR_DIR} failed ({result.returncode}); the e2e tests need its packages:\n"
            f"{result.stdout}\n{result.stderr}"
        )


class EmulatorProcess(Process):
    """`node server.js` on a free port of 127.0.0.1."""

    def __init__(self, log_path: Path, bot_username: str = "BullsCowsTestBot") -> None:
        self.port = free_port()
        self.bot_username = bot_username
        env = {**os.environ, "PORT": str(self.port), "BOT_USERNAME": bot_username}
        super().__init__("emulator", ["node", "server.js"], env=env, cwd=EMULATOR_DIR, log_path=log_path)
        self.api = Emulator(f"http://127.0.0.1:{self.port}")

    def start_and_wait(self) -> None:
        """Start the emulator and wait until it answers; a port taken in the meantime gets another try."""
        for _attempt in range(3):
            self.start()
            try:
                self.wait_until(self.api.is_up, "answer on its port")
                return
            except RuntimeError:
                if self.running or "EADDRINUSE" not in self.log():
                    raise
            self.port = free_port()
            self.env["PORT"] = str(self.port)
            self.api = Emulator(f"http://127.0.0.1:{self.port}")
        raise RuntimeError(f"the emulator found no free port; its log:\n{self.log()}")


# Settings a developer's shell or .env might hold that would point the bot elsewhere.
_ERROR_LINE = re.compile(r"^Traceback |\b(ERROR|CRITICAL)\b")
_BOT_SETTINGS_PREFIXES = (
    "BOT_", "TELEGRAM_", "WEBHOOK_", "DATABASE_", "LOG_", "METRICS_", "DAILY_", "WEBAPP_", "PUZZLE_",
)  # fmt: skip


_RIGHT_SECRET = object()  # post_webhook's default: the secret the bot was started with


class BotProcess(Process):
    """A bot (by default the real one, `python -m bot`) with its own token and database, polling the emulator,
    or in webhook mode (`webhook=True`) listening on a free port of 127.0.0.1 for the emulator's POSTs."""

    def __init__(
        self,
        emulator: Emulator,
        token: str,
        database: Path,
        log_path: Path,
        argv: Sequence[str] = (sys.executable, "-m", "bot"),
        extra_env: Mapping[str, str] | None = None,
        *,
        webhook: bool = False,
    ) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(_BOT_SETTINGS_PREFIXES)}
        env.update(
            {
                "BOT_TOKEN": token,
                "DATABASE_PATH": str(database),
                "TELEGRAM_BASE_URL": emulator.bot_base_url,
                "TELEGRAM_POLL_INTERVAL": "0.02",
                "TELEGRAM_TIMEOUT": "3",  # a slow answer injected by a test times out in seconds, not 20
                "LOG_LEVEL": "INFO",
                "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
                "PYTHONUNBUFFERED": "1",
                # the stock made ahead would take the engine's time from the test's players; its own test turns it on
                "PUZZLE_STOCK": "off",
            }
        )
        self.webhook_url: str | None = None
        self.webhook_secret: str | None = None
        if webhook:
            port = free_port()
            self.webhook_secret = secrets.token_urlsafe(24)
            self.webhook_url = f"http://127.0.0.1:{port}/telegram-{secrets.token_hex(4)}"
            env.update(
                {
                    "WEBHOOK_URL": self.webhook_url,
                    "WEBHOOK_LISTEN": "127.0.0.1",
                    "WEBHOOK_PORT": str(port),
                    "WEBHOOK_SECRET": self.webhook_secret,
                }
            )
        env.update(extra_env or {})
        super().__init__("bot", argv, env=env, cwd=database.parent, log_path=log_path)
        self.emulator, self.token, self.database = emulator, token, database
        self.errors_expected = False  # a test that provokes errors on purpose sets this...
        self.expected_errors: list[re.Pattern[str]] = []  # ...or lists the error lines it expects (expect_errors)

    @property
    def webhook_port(self) -> int | None:
        """The port the bot's webhook server listens on (webhook mode only)."""
        return int(self.env["WEBHOOK_PORT"]) if "WEBHOOK_PORT" in self.env else None

    def start_and_wait(self) -> None:
        """Start the bot and wait until it is ready: polling for updates, or with its webhook set and listening
        (set-up such as migrations and commands comes first)."""
        if self.webhook_url is None:
            before = self.polls()
            self.start()
            self.wait_until(lambda: self.polls() > before, "polling for updates")
        else:
            before = self.emulator.bot_calls(self.token).get("setWebhook", 0)
            self.start()
            self.wait_until(
                lambda: (
                    self.emulator.bot_calls(self.token).get("setWebhook", 0) > before
                    and self.emulator.webhook_info(self.token).get("url") == self.webhook_url
                    and _accepts_connections(self.webhook_port or 0)
                ),
                "its webhook set and listening",
            )

    def polls(self) -> int:
        """How many times a bot with this token has asked the emulator for updates."""
        return self.emulator.bot_calls(self.token).get("getUpdates", 0)

    def expect_errors(self, *patterns: str) -> None:
        """Error lines matching any of these regular expressions do not fail the test (a test that provokes
        them on purpose says so). Tracebacks count as error lines too: expect r"^Traceback" if need be."""
        self.expected_errors.extend(re.compile(p) for p in patterns)

    def errors(self) -> list[str]:
        """The lines of the log that report an error: tracebacks and ERROR or CRITICAL records (those expected
        with expect_errors left out)."""
        return [
            line
            for line in self.log().splitlines()
            if _ERROR_LINE.search(line) and not any(p.search(line) for p in self.expected_errors)
        ]

    def warnings(self) -> list[str]:
        """The WARNING lines of the log."""
        return [line for line in self.log().splitlines() if " WARNING " in line or line.startswith("WARNING")]

    def restart(self) -> int:
        """Stop the bot with SIGTERM (unless it is down already, e.g. killed) and start a new process on the same
        database; the old exit status comes back."""
        code = self.stop()
        self.start_and_wait()
        return code

    # --- webhook mode ------------------------------------------------------------------------------

    def post_webhook(self, update: Json, secret: str | object | None = _RIGHT_SECRET, timeout: float = 10) -> int:
        """POST an update straight to the bot's webhook, as Telegram would, and return the HTTP status.

        `secret`: the X-Telegram-Bot-Api-Secret-Token header; by default the right one, None for no header.
        """
        if self.webhook_url is None:
            raise RuntimeError("the bot was not started in webhook mode")
        headers = {"Content-Type": "application/json"}
        value = self.webhook_secret if secret is _RIGHT_SECRET else secret
        if isinstance(value, str):
            headers["X-Telegram-Bot-Api-Secret-Token"] = value
        request = urllib.request.Request(self.webhook_url, data=json.dumps(update).encode(), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    # --- the database, read-only ------------------------------------------------------------------

    @contextlib.contextmanager
    def database_reader(self) -> Iterator[sqlite3.Connection]:
        """A read-only connection to the bot's database, safe while the bot runs (WAL: readers never block it)."""
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=5)
        try:
            connection.execute("PRAGMA query_only = ON")
            yield connection
        finally:
            connection.close()

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """The rows of a read-only query on the bot's database, e.g. query("SELECT guess FROM moves")."""
        with self.database_reader() as connection:
            return list(connection.execute(sql, params).fetchall())

    def scalar(self, sql: str, *params: Any) -> Any:
        """The first column of the first row of a read-only query (None if no row), e.g. a COUNT(*)."""
        rows = self.query(sql, *params)
        return rows[0][0] if rows else None


def _accepts_connections(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False
