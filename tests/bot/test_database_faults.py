"""A database the bot cannot use, or a token Telegram refuses, through the real `bullscows` command: one line
on stderr naming the problem, exit status 2 (a hang meets the run timeout), no traceback, never the token."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import http.server
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.store.db import open_database
from bot.store.migrations import migrate
from bot.telegram_io.startup import TokenRejected

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123:ABC"
NOWHERE = "http://127.0.0.1:9/bot"  # nothing listens: a database fault must stop the bot before Telegram


def run_cli(
    args: list[str],
    cwd: Path,
    database: Path | None = None,
    base_url: str = NOWHERE,
    settings: dict[str, str] | None = None,
    **extra: object,
) -> tuple[int, str, str, float]:
    """(status, stdout, stderr, seconds) of `python -m bot.cli ARGS`."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": base_url}
    env.update(settings or {})
    if database is not None:
        env["DATABASE_PATH"] = str(database)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        **extra,  # type: ignore[call-overload]
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def assert_one_line(result: tuple[int, str, str, float], *words: str) -> str:
    status, out, err, _ = result  # a hang would have hit run_cli's timeout: no wall-clock bound here (shared machines)
    assert status == 2, (status, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in out + err
    assert TOKEN not in out + err
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated database with some rows in it, checkpointed into its one file."""
    path = tmp_path_factory.mktemp("template") / "db.sqlite3"

    async def make() -> None:
        conn = await open_database(path)
        await migrate(conn)
        await conn.close()

    asyncio.run(make())
    conn = sqlite3.connect(path)
    rows = [(i, "2025-01-01T00:00:00Z") for i in range(1, 3001)]
    conn.executemany("INSERT INTO chat_settings (chat_id, updated_at) VALUES (?, ?)", rows)
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


def copy_of(migrated: Path, tmp_path: Path) -> Path:
    path = tmp_path / "bullscows.sqlite3"
    shutil.copy(migrated, path)
    return path


def test_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "bullscows.sqlite3"
    path.write_bytes(os.urandom(64 * 1024))
    assert_one_line(run_cli(["run"], tmp_path, path), str(path), "not a usable SQLite database")


def test_a_truncated_database(tmp_path, migrated):
    path = copy_of(migrated, tmp_path)
    with path.open("r+b") as file:
        file.truncate(path.stat().st_size // 2)
    assert_one_line(run_cli(["run"], tmp_path, path), str(path))


def test_a_database_with_bytes_overwritten_in_the_middle_of_a_page(tmp_path, migrated):
    path = copy_of(migrated, tmp_path)
    page = path.stat().st_size // 4096 - 3  # a full leaf page of chat_settings
    with path.open("r+b") as file:
        file.seek(page * 4096 + 1024)
        file.write(b"\xa5" * 2048)
    assert_one_line(run_cli(["run"], tmp_path, path), str(path), "damaged")


def test_a_path_that_is_a_directory(tmp_path):
    path = tmp_path / "data"
    path.mkdir()
    assert_one_line(run_cli(["run"], tmp_path, path), str(path), "is a directory")


def test_a_path_under_a_regular_file(tmp_path):
    (tmp_path / "file").write_text("not a directory")
    path = tmp_path / "file" / "bullscows.sqlite3"
    assert_one_line(run_cli(["run"], tmp_path, path), "is a file, not a directory")


def test_a_schema_newer_than_the_code(tmp_path, migrated):
    path = copy_of(migrated, tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_migrations (version, name) VALUES (9999, '9999_from_the_future')")
    conn.commit()
    conn.close()
    assert_one_line(run_cli(["run"], tmp_path, path), "schema version 9999", "newer")
    assert_one_line(run_cli(["migrate", "--database", str(path)], tmp_path), "schema version 9999")


def unprivileged() -> dict[str, Callable[[], None]]:
    """subprocess.run arguments that take away root's power to write any file (no-op for other users).

    Root keeps its uid (the interpreter may live under /root), but loses CAP_DAC_OVERRIDE and
    CAP_DAC_READ_SEARCH from its bounding set, so the file's own permissions apply to it after exec.
    """
    if os.geteuid() != 0:
        return {}
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(23, 1, 0, 0, 0) != 1:  # PR_CAPBSET_READ of CAP_DAC_OVERRIDE
        pytest.skip("root without CAP_DAC_OVERRIDE to drop")

    def drop() -> None:
        for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
            if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                os._exit(99)

    return {"preexec_fn": drop}


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory anyone may enter and write (tmp_path's parents are private to root)."""
    path = Path(tempfile.mkdtemp(prefix="bullscows-ro-"))
    path.chmod(0o777)
    try:
        yield path
    finally:
        for child in path.rglob("*"):
            child.chmod(0o777)
        shutil.rmtree(path)


def test_a_read_only_database_file(shared_dir, migrated):
    path = copy_of(migrated, shared_dir)
    path.chmod(0o444)
    result = run_cli(["run"], shared_dir, path, **unprivileged())
    assert result[0] != 99, "could not drop root's capabilities"
    assert_one_line(result, str(path), "cannot be written")


def test_a_database_in_a_read_only_directory(shared_dir, migrated):
    folder = shared_dir / "data"
    folder.mkdir()
    path = copy_of(migrated, folder)
    path.chmod(0o666)
    folder.chmod(0o555)
    assert_one_line(run_cli(["run"], shared_dir, path, **unprivileged()), "cannot be written")


def test_migrate_and_console_give_one_line_too(tmp_path):
    path = tmp_path / "bullscows.sqlite3"
    path.write_bytes(os.urandom(64 * 1024))
    assert_one_line(run_cli(["migrate", "--database", str(path)], tmp_path), "not a usable SQLite database")
    assert_one_line(run_cli(["console", "--database", str(path)], tmp_path), "not a usable SQLite database")
    assert_one_line(run_cli(["migrate", "--database", str(tmp_path)], tmp_path), "is a directory")


@contextlib.contextmanager
def started_bot(tmp_path: Path, database: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """`bullscows run` with Telegram unreachable, once it is retrying getMe (its stderr goes to the file given)."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": NOWHERE}
    env["DATABASE_PATH"] = str(database)
    log = tmp_path / "stderr.log"
    with log.open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env, stdout=err, stderr=err
        )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and process.poll() is None:
            if b"connecting to Telegram" in log.read_bytes():
                break
            time.sleep(0.05)
        assert process.poll() is None, log.read_text()  # past the database, retrying Telegram
        yield process, log
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def test_a_missing_directory_is_created_and_the_bot_goes_on_to_telegram(tmp_path):
    path = tmp_path / "new" / "deeper" / "bullscows.sqlite3"
    with started_bot(tmp_path, path) as (_, log):
        assert path.is_file()
    assert TOKEN not in log.read_text()


class Unauthorized(http.server.BaseHTTPRequestHandler):
    """Telegram refusing the token: 401 to every request but those for the methods in `accepted`."""

    accepted: frozenset[str] = frozenset()

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        method = self.path.rsplit("/", 1)[-1]
        if method in self.accepted:
            result = {"id": 777, "is_bot": True, "first_name": "B", "username": "b_bot"} if method == "getMe" else True
            status, answer = 200, {"ok": True, "result": result}
        else:
            status, answer = 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        body = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer  # noqa: N815

    def log_message(self, format: str, *args: object) -> None:
        return None


@contextlib.contextmanager
def refusing_server(accepted: frozenset[str] = frozenset()) -> Iterator[str]:
    """A local Bot API that answers 401 (but to `accepted` methods); its base URL comes back."""
    handler = type("Handler", (Unauthorized,), {"accepted": accepted})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/bot"
    finally:
        server.shutdown()
        server.server_close()


def test_a_rejected_token_is_one_line_that_never_shows_the_token(tmp_path):
    with refusing_server() as url:
        result = run_cli(["run"], tmp_path, tmp_path / "db.sqlite3", url)
    line = assert_one_line(result, "rejected BOT_TOKEN")
    assert "ABC" not in line


def test_a_token_revoked_while_running_stops_polling_and_never_shows_the_token_even_in_debug_logs(tmp_path):
    accepted = frozenset({"getMe", "setMyCommands", "deleteWebhook"})  # then getUpdates answers 401
    with refusing_server(accepted) as url:
        status, out, err, _ = run_cli(["run"], tmp_path, tmp_path / "db.sqlite3", url, {"LOG_LEVEL": "DEBUG"})
    assert status == 2, err  # it stopped by itself: retrying forever would have hit run_cli's timeout
    assert TOKEN not in out + err
    assert "Traceback" not in out + err
    assert err.strip().splitlines()[-1] == f"bullscows run: {TokenRejected()}"  # after DEBUG lines


def test_sigterm_while_telegram_is_unreachable_at_start_up_stops_the_bot(tmp_path):
    with started_bot(tmp_path, tmp_path / "bullscows.sqlite3") as (process, log):
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=5)  # a service manager's stop is obeyed, not sat out until SIGKILL
    assert status == 0, log.read_text()
    assert "Traceback" not in log.read_text()
