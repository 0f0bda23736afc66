"""The rules shared by duels and versus games, the options of /challenge and /duel, and migration 0002."""

import shutil
import sqlite3

import pytest

from bot.matches.model import Player, to_move, verdict
from bot.parsing.commands import BadOptions, parse_options
from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR, migrate
from engine.variant import PRESETS


def player(seat: int, guesses: int, solved_in: int | None = None) -> Player:
    return Player(seat * 10, seat, f"P{seat}", guesses, solved_in)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (player(1, 3), player(2, 2), None),  # nobody has solved
        (player(1, 3, 3), player(2, 2), None),  # the second is owed its third turn
        (player(1, 3, 3), player(2, 3), "first"),
        (player(1, 3, 3), player(2, 3, 3), "draw"),
        (player(1, 3), player(2, 3, 3), "second"),  # the first had its equal turns already
    ],
)
def test_the_equal_turns_rule_decides_only_once_both_had_the_same_number_of_turns(first, second, expected):
    assert verdict(first, second) == expected


def test_moves_alternate_starting_with_the_first_player():
    assert to_move(player(1, 0), player(2, 0)).seat == 1
    assert to_move(player(1, 1), player(2, 0)).seat == 2
    assert to_move(player(1, 1), player(2, 1)).seat == 1


def test_options_name_a_variant_and_a_time_in_any_order():
    assert parse_options("", "en") == parse_options("  ", "en")
    assert parse_options("5 10m", "en").variant.length == 5
    assert parse_options("5 10m", "en").seconds == 600
    assert parse_options("90s mastermind", "en") == parse_options("mastermind 90s", "en")
    assert parse_options("mastermind", "en").variant == PRESETS["mastermind"]
    assert parse_options("2h", "en").seconds == 7200
    assert parse_options("10мин 5", "ru") == parse_options("5 10m", "ru")
    assert parse_options("2ч", "en").seconds == 7200  # every language's words, in every chat


@pytest.mark.parametrize("args", ["bogus", "5 6", "5s", "25h", "10x"])
def test_options_that_make_no_sense_are_refused(args):
    with pytest.raises(BadOptions):
        parse_options(args, "en")


async def test_migration_0002_keeps_earlier_results_and_keys_them_by_mode(tmp_path):
    only_first = tmp_path / "first"
    only_first.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_initial.sql", only_first)
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn, only_first)
    row = "(1, 7, 7, 'referee', 'classic', 5, 'won', 0, '2025-01-01', '2025-01-01')"
    await conn.execute(
        "INSERT INTO games (id, chat_id, user_id, mode, variant, started_at) VALUES (1, 7, 7, 'referee',"
        " 'classic', '2025-01-01')"
    )
    await conn.execute(f"INSERT INTO game_results VALUES {row}")
    await migrate(conn)
    async with conn.execute("SELECT game_id, mode, guesses FROM game_results") as cursor:
        assert [tuple(r) async for r in cursor] == [(1, "referee", 5)]
    await conn.execute("INSERT INTO game_results VALUES (1, 7, -5, 'race', 'classic', 3, 'won', 0, 'a', 'b')")
    with pytest.raises(sqlite3.IntegrityError):
        await conn.execute(f"INSERT INTO game_results VALUES {row}")
    await conn.close()
