"""Migration 0013: the games the console played as chat 0 and user 0 (before it moved to chat 1) are carried over to
chat 1 and user 1, where /stats and /top show them; nothing else stored under 0 moves (versus games' bot player, the
all-chats rows of the standings)."""

from bot.config import Config
from bot.console import console_who
from bot.core import Who
from bot.ports import ManualTimers, NoAdmins
from bot.runtime import open_runtime
from bot.store.migrations import MIGRATIONS_DIR, migrations_in
from bot.texts import plain
from tests.bot.fakes import Clock

BEFORE = "0013_console_chat"
OLD_CONSOLE = Who(0, 0, language_code="en")  # where the console played until it moved to its own chat
ANYONE = Who(555, 555, name="Bea")


async def runtime(tmp_path, migrations):
    config = Config(database_path=tmp_path / "db.sqlite3")
    return await open_runtime(config, clock=Clock(), admins=NoAdmins(), timers=ManualTimers(), migrations=migrations)


async def win(core, who: Who, command: str = "play") -> None:
    await core.on_command(who, command)
    await core.on_text(who, (await core.deps.store.games.active_game(who.chat_id)).secret)


async def rows(conn, sql: str, *params) -> list[tuple]:
    async with conn.execute(sql, params) as cursor:
        return [tuple(row) async for row in cursor]


async def test_the_consoles_earlier_games_are_its_own_again_and_nothing_else_of_0_moves(tmp_path):
    older = tmp_path / "older"
    older.mkdir()
    # every migration but 0013: the code of today writes the tables added since (achievements, puzzles, ...), and
    # 0013 applied last does to the console's rows what it did to an install upgraded from 0012
    for migration in migrations_in(MIGRATIONS_DIR):
        if migration.name != BEFORE:
            (older / f"{migration.name}.sql").write_text(migration.sql)

    old = await runtime(tmp_path, older)  # the console as it was: chat 0, user 0
    core = old.core
    await core.on_command(OLD_CONSOLE, "language", "ru")
    await win(core, OLD_CONSOLE)
    await win(core, OLD_CONSOLE)
    await win(core, OLD_CONSOLE, "daily")
    await core.on_command(OLD_CONSOLE, "think")
    await core.on_text(OLD_CONSOLE, "1 1")
    await win(core, ANYONE)  # someone in Telegram, with a versus game against the bot (user 0)
    await core.on_command(ANYONE, "versus")
    await core.on_text(ANYONE, "0123")
    await core.on_text(ANYONE, "1 1")  # an answer to the bot's guess: the bot's move is stored
    conn = old.store.conn
    bot_seat = await rows(conn, "SELECT match_id, user_id, seat FROM match_players WHERE user_id = 0")
    bot_moves = await rows(conn, "SELECT match_id, user_id, guess FROM match_moves WHERE user_id = 0")
    others = await rows(conn, "SELECT * FROM standings WHERE user_id = 555 ORDER BY chat_id")
    doubled = await rows(conn, "SELECT solved FROM standings WHERE chat_id = 0 AND user_id = 0 AND variant = 'classic'")
    await old.close()
    assert bot_seat
    assert bot_moves
    assert doubled == [(6,)]  # chat 0 was both the console's chat and all chats: each clean win counted twice

    new = await runtime(tmp_path, MIGRATIONS_DIR)
    try:
        conn, core, console = new.store.conn, new.core, console_who()
        assert await rows(conn, "SELECT count(*) FROM games WHERE chat_id = 0 OR user_id = 0") == [(0,)]
        assert await rows(conn, "SELECT count(*) FROM game_results WHERE user_id = 0") == [(0,)]
        assert await rows(conn, "SELECT count(*) FROM moves WHERE user_id = 0") == [(0,)]
        assert await rows(conn, "SELECT day FROM daily_plays WHERE user_id = 1 AND chat_id = 1") != []
        assert await rows(conn, "SELECT chat_id, solved FROM standings WHERE user_id = 1 ORDER BY chat_id") == [
            (0, 3),
            (1, 3),
        ]
        assert await rows(conn, "SELECT count(*) FROM standings WHERE user_id = 0") == [(0,)]
        # versus games' bot player, and everyone else's standings, as they were
        assert await rows(conn, "SELECT match_id, user_id, seat FROM match_players WHERE user_id = 0") == bot_seat
        assert await rows(conn, "SELECT match_id, user_id, guess FROM match_moves WHERE user_id = 0") == bot_moves
        assert await rows(conn, "SELECT * FROM standings WHERE user_id = 555 ORDER BY chat_id") == others
        # every count of players by best is what the standings say
        counted = (
            "SELECT board, chat_id, variant, best, players FROM standing_counts WHERE players > 0 ORDER BY 1, 2, 3, 4"
        )
        recount = (
            "SELECT '', chat_id, variant, best, count(*) FROM standings GROUP BY 2, 3, 4 UNION ALL SELECT period,"
            " chat_id, variant, best, count(*) FROM period_standings GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4"
        )
        assert await rows(conn, counted) == await rows(conn, recount)

        stats = plain((await core.on_command(console, "stats")).replies[0].text)  # in Russian, as chosen at chat 0
        assert "Игр: 3 · побед: 3" in stats  # two games and the daily
        assert "📅 Код дня: 1 день подряд" in stats
        top = plain((await core.on_command(console, "top")).replies[0].text)
        assert [line for line in top.split("\n") if "игрок 1 " in line] == [
            "🥇 игрок 1 — лучший 1 · в среднем 1,0 · побед без подсказок: 3"
        ]  # once, its wins counted once each
        assert (await core.deps.store.games.active_game(1)).mode == "guesser"  # the game under way came along
    finally:
        await new.close()
