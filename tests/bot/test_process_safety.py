"""What a process keeps to itself: one bot per database, files only its user can read, secrets from the operating
system."""

from __future__ import annotations

import os
import random
import secrets
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.core import Who
from bot.store.lock import DatabaseInUse, claim, lock_path
from tests.bot.fakes import Clock, runtime_on
from tests.bot.test_database_faults import ROOT, TOKEN, refusing_server, run_cli


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_a_new_database_and_its_journal_files_are_readable_by_their_owner_only(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with runtime_on(database) as runtime:
        await runtime.core.on_command(Who(5, 5), "play")  # writes: the -wal and -shm files exist
        files = [database, database.with_name("db.sqlite3-wal"), database.with_name("db.sqlite3-shm")]
        assert all(f.exists() for f in files)
        assert [mode(f) for f in files] == [0o600, 0o600, 0o600]


async def test_an_existing_world_readable_database_is_named_in_a_warning(tmp_path, caplog):
    database = tmp_path / "db.sqlite3"
    async with runtime_on(database):
        pass
    database.chmod(0o644)
    async with runtime_on(database):
        pass
    assert any("can be read by other users" in r.getMessage() for r in caplog.records)


def test_a_second_claim_on_a_database_names_the_holder_and_a_released_one_can_be_taken(tmp_path):
    database = tmp_path / "db.sqlite3"
    with claim(database):
        assert mode(lock_path(database)) == 0o600
        with pytest.raises(DatabaseInUse, match=f"pid {os.getpid()}, started 20"), claim(database):
            pass
    with claim(database):  # released when the first block ended
        pass


def test_a_killed_holder_leaves_no_lock_behind(tmp_path):
    database = tmp_path / "db.sqlite3"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from bot.store.lock import claim; "
         "from pathlib import Path\nwith claim(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(60)",
         str(database)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(DatabaseInUse, match=f"pid {holder.pid}"), claim(database):
            pass
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with claim(database):  # the kernel let go of it with the process
        pass


def test_a_second_bot_on_the_same_database_exits_with_one_line_naming_the_first(tmp_path):
    database = tmp_path / "db.sqlite3"
    with refusing_server(frozenset({"getMe", "deleteWebhook", "getUpdates"})) as url:
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": url}
        env["DATABASE_PATH"] = str(database)
        first = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "run"], cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True
        )
        try:
            deadline = time.monotonic() + 30
            held = lock_path(database)
            while not (held.exists() and held.read_text()) and time.monotonic() < deadline:
                time.sleep(0.05)
            status, out, err, _ = run_cli(["run"], tmp_path, database, url)
        finally:
            first.send_signal(signal.SIGTERM)
            first.communicate(timeout=30)
    assert status == 2, err
    [line] = err.strip().splitlines()
    assert f"pid {first.pid}" in line
    assert "already served by another bullscows process" in line
    assert "Traceback" not in out + err


def test_a_world_readable_env_file_draws_a_warning(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(f"BOT_TOKEN={TOKEN}\n")
    env_file.chmod(0o644)
    with refusing_server() as url:
        status, _, err, _ = run_cli(["run"], tmp_path, tmp_path / "db.sqlite3", url)
    assert status == 2  # the refusing server rejects the token
    assert "anyone on this machine can read it: chmod 600" in err
    assert TOKEN not in err


async def test_secrets_come_from_the_operating_system_unless_a_test_seeds_them(tmp_path):
    from bot.config import Config
    from bot.ports import ManualTimers, NoAdmins
    from bot.runtime import open_runtime

    runtime = await open_runtime(
        Config(database_path=tmp_path / "db.sqlite3"), clock=Clock(), admins=NoAdmins(), timers=ManualTimers()
    )
    try:
        assert isinstance(runtime.core.deps.rng, secrets.SystemRandom)
    finally:
        await runtime.close()
    async with runtime_on(tmp_path / "seeded.sqlite3", seed=4) as seeded:
        assert type(seeded.core.deps.rng) is random.Random
