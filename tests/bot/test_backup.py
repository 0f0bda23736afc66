"""Backups: SQLite's online backup API while games are being written, checked and private; the automatic copy
before a migration changes a database that has tables."""

import asyncio
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core import Who
from bot.store.backup import backup, backup_name
from bot.store.db import DatabaseProblem
from bot.store.migrations import MIGRATIONS_DIR, migrations_in
from tests.bot.fakes import runtime_on

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 25, 10, 15, tzinfo=UTC)


def games_in(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


def self_contained(path: Path) -> bool:
    """No WAL beside the copy, and none made when it is opened: it is one file to keep or move."""
    with sqlite3.connect(path) as conn:
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    return mode == "delete" and not path.with_name(path.name + "-wal").exists()


def integrity(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("PRAGMA integrity_check")]


async def test_a_backup_taken_while_games_are_played_is_whole_private_and_has_the_games(tmp_path):
    database, copy = tmp_path / "db.sqlite3", tmp_path / "copy.sqlite3"
    async with runtime_on(database) as runtime:
        core = runtime.core
        for chat in range(1, 21):
            await core.on_command(Who(chat, chat), "play")
        before = games_in(database)
        playing = True

        async def keep_playing() -> int:
            moves = 0
            while playing:
                chat = 1 + moves % 20
                await core.on_text(
                    Who(chat, chat), f"{moves % 10}{(moves + 1) % 10}{(moves + 2) % 10}{(moves + 3) % 10}"
                )
                moves += 1
                await asyncio.sleep(0)
            return moves

        player = asyncio.create_task(keep_playing())
        await asyncio.sleep(0.05)
        copied = await asyncio.to_thread(backup, database, copy, NOW)
        await asyncio.sleep(0.05)
        playing = False
        moves = await player
    assert moves > 0
    assert copied.path == copy
    assert copied.version == max(m.version for m in migrations_in(MIGRATIONS_DIR))
    assert integrity(copy) == ["ok"]
    assert games_in(copy) >= before == 20
    assert copy.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no partial copy left
    assert self_contained(copy)


async def test_a_backup_into_a_directory_gets_a_dated_name(tmp_path):
    database, folder = tmp_path / "bullscows.sqlite3", tmp_path / "backups"
    folder.mkdir()
    async with runtime_on(database) as runtime:
        await runtime.core.on_command(Who(1, 1), "play")
    copied = backup(database, folder, NOW)
    assert copied.path == folder / "bullscows-20261125T101500Z.sqlite3"
    assert games_in(copied.path) == 1


def test_a_backup_replaces_an_older_copy_only_when_the_new_one_is_whole(tmp_path):
    database, copy = tmp_path / "db.sqlite3", tmp_path / "copy.sqlite3"
    with sqlite3.connect(database) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        conn.execute("INSERT INTO games DEFAULT VALUES")
    copy.write_text("yesterday's copy")
    assert backup(database, copy, NOW).version == 0
    assert games_in(copy) == 1


@pytest.mark.parametrize(
    ("source", "target", "says"),
    [
        ("missing.sqlite3", "copy.sqlite3", "there is no database at"),
        ("db.sqlite3", "db.sqlite3", "is the database itself"),
        ("db.sqlite3", "nowhere/copy.sqlite3", "does not exist"),
    ],
)
def test_a_backup_that_cannot_be_made_says_why_and_leaves_nothing(tmp_path, source, target, says):
    with sqlite3.connect(tmp_path / "db.sqlite3") as conn:
        conn.execute("CREATE TABLE t (x)")
    before = sorted(tmp_path.iterdir())
    with pytest.raises(DatabaseProblem, match=says):
        backup(tmp_path / source, tmp_path / target, NOW)
    assert sorted(tmp_path.iterdir()) == before


def test_a_damaged_database_fails_the_copys_integrity_check_and_leaves_nothing(tmp_path):
    database = tmp_path / "db.sqlite3"
    with sqlite3.connect(database) as conn:
        conn.execute("CREATE TABLE t (x TEXT)")
        conn.execute("CREATE INDEX t_x ON t (x)")
        conn.executemany("INSERT INTO t VALUES (?)", [(f"row {i:05d}" * 20,) for i in range(2000)])
    data = bytearray(database.read_bytes())
    page = 4096
    data[page * 40 + 200 : page * 40 + 1200] = b"\xff" * 1000  # scribble over a page in the middle
    database.write_bytes(bytes(data))
    with pytest.raises(DatabaseProblem, match=r"integrity check|could not back up"):
        backup(database, tmp_path / "copy.sqlite3", NOW)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db.sqlite3"]


async def test_a_database_with_tables_is_backed_up_before_a_migration_changes_it(tmp_path, caplog):
    database, older = tmp_path / "bullscows.sqlite3", tmp_path / "older"
    older.mkdir()
    *earlier, last = migrations_in(MIGRATIONS_DIR)
    for migration in earlier:
        (older / f"{migration.name}.sql").write_text(migration.sql)
    async with runtime_on(database) as runtime:  # today's code on a fresh database: nothing to back up
        pass
    assert sorted(p.name for p in tmp_path.glob("*-before-*")) == []
    database.unlink()
    from bot.config import Config
    from bot.ports import ManualTimers, NoAdmins
    from bot.runtime import open_runtime
    from tests.bot.fakes import Clock

    config = Config(database_path=database)
    runtime = await open_runtime(config, admins=NoAdmins(), timers=ManualTimers(), migrations=older)
    async with runtime.store.transaction():  # a game, written by hand: today's code may need the newest schema
        await runtime.store.conn.execute(
            "INSERT INTO games (chat_id, user_id, mode, variant, started_at) VALUES (1, 1, 'referee', 'classic', ?)",
            (NOW.isoformat(),),
        )
    await runtime.close()
    with caplog.at_level("INFO", logger="bot.runtime"):
        runtime = await open_runtime(config, clock=Clock(NOW), admins=NoAdmins(), timers=ManualTimers())
        assert runtime.applied == [last.name]
        await runtime.close()
    [copy] = tmp_path.glob("*-before-*")
    assert copy == backup_name(database, tmp_path, NOW, before=last.name)
    assert copy.name == f"bullscows-before-{last.name}-20261125T101500Z.sqlite3"
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone()[0] == last.version - 1
    assert games_in(copy) == 1
    assert copy.stat().st_mode & 0o777 == 0o600
    assert any(f"before applying {last.name}" in record.getMessage() for record in caplog.records)

    async with runtime_on(database):  # up to date now: no second copy
        pass
    assert len(list(tmp_path.glob("*-before-*"))) == 1


def run_cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


def test_the_backup_command_prints_one_line_and_a_problem_is_one_line_with_status_2(tmp_path):
    assert run_cli("migrate", "--database", "db.sqlite3", cwd=tmp_path).returncode == 0
    done = run_cli("backup", "--database", "db.sqlite3", "copy.sqlite3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("backed up db.sqlite3 to copy.sqlite3 (")
    assert "integrity ok" in done.stdout
    assert len(done.stdout.strip().splitlines()) == 1
    missing = run_cli("backup", "--database", "gone.sqlite3", "copy.sqlite3", cwd=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip() == "bullscows backup: there is no database at gone.sqlite3"
