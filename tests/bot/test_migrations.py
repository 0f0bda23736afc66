import sqlite3
from pathlib import Path

import pytest

from bot.matches.store import SqliteMatchRepository
from bot.store.db import DatabaseProblem, open_database
from bot.store.migrations import MIGRATIONS_DIR, migrate, migrations_in, statements


async def tables(conn) -> set[str]:
    async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
        return {row[0] async for row in cursor}


async def test_a_fresh_database_gets_every_migration_in_wal_mode(tmp_path):
    conn = await open_database(tmp_path / "db.sqlite3")
    applied = await migrate(conn)
    assert applied == [m.name for m in migrations_in(MIGRATIONS_DIR)]
    assert {"chat_settings", "games", "moves", "game_results", "schema_migrations"} <= await tables(conn)
    async with conn.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await conn.close()


async def test_running_migrations_again_applies_nothing(tmp_path):
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn)
    assert await migrate(conn) == []
    await conn.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE first (id INTEGER PRIMARY KEY);\n")
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE second (id INTEGER PRIMARY KEY);\nINSERT INTO first VALUES (1);\nTHIS IS NOT SQL;\n"
    )
    conn = await open_database(tmp_path / "db.sqlite3")
    with pytest.raises(sqlite3.OperationalError):
        await migrate(conn, folder)
    assert "second" not in await tables(conn)
    async with conn.execute("SELECT count(*) FROM first") as cursor:
        assert (await cursor.fetchone())[0] == 0
    async with conn.execute("SELECT version FROM schema_migrations") as cursor:
        assert [row[0] async for row in cursor] == [1]

    (folder / "0002_broken.sql").write_text("CREATE TABLE second (id INTEGER PRIMARY KEY);\n")
    assert await migrate(conn, folder) == ["0002_broken"]
    await conn.close()


def test_scripts_split_into_statements_keeping_trigger_bodies_whole():
    sql = (
        "-- a comment\nCREATE TABLE a (x);\n"
        "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE a SET x = 1;\n  UPDATE a SET x = 2;\nEND;\n"
    )
    parts = statements(sql)
    assert len(parts) == 2
    assert parts[1].endswith("END;")


def test_migration_files_are_numbered_without_gaps():
    versions = [m.version for m in migrations_in(MIGRATIONS_DIR)]
    assert versions == list(range(1, len(versions) + 1))


def test_the_migrations_come_from_the_package_and_are_the_checkouts_files():
    from importlib import resources

    assert Path(str(resources.files("bot.migrations"))) == MIGRATIONS_DIR
    checkout = Path(__file__).resolve().parents[2] / "migrations"
    assert sorted(p.name for p in MIGRATIONS_DIR.glob("*.sql")) == sorted(p.name for p in checkout.glob("*.sql"))


async def test_an_install_without_migrations_is_refused_not_called_up_to_date(tmp_path):
    empty = tmp_path / "migrations"
    empty.mkdir()
    conn = await open_database(tmp_path / "db.sqlite3")
    try:
        with pytest.raises(DatabaseProblem, match="no migrations found"):
            await migrate(conn, empty)
    finally:
        await conn.close()


async def test_a_match_running_before_topics_is_its_chats_match_after_and_each_topic_may_run_one(tmp_path):
    older = tmp_path / "older"
    older.mkdir()
    for migration in migrations_in(MIGRATIONS_DIR):
        if migration.name < "0012_match_topics":
            (older / f"{migration.name}.sql").write_text(migration.sql)
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn, older)
    race = "INSERT INTO matches (chat_id, kind, variant, started_by, started_at) VALUES (-5, 'race', 'classic', 1, ?)"
    when = ("2025-01-01T00:00:00+00:00",)
    await conn.execute(race, when)
    await conn.commit()
    assert "0012_match_topics" in await migrate(conn)

    matches = SqliteMatchRepository(conn)
    running = await matches.active_match(-5)
    assert (running.id, running.topic) == (1, None)
    assert await matches.active_match(-5, 5) is None
    with pytest.raises(sqlite3.IntegrityError):  # still one match at a time in the chat (outside any topic)
        await conn.execute(race, when)
    in_topic = race.replace("(chat_id,", "(topic, chat_id,").replace("VALUES (", "VALUES (5, ")
    await conn.execute(in_topic, when)
    assert (await matches.active_match(-5, 5)).topic == 5
    await conn.close()
