"""The console: the same conversations in a terminal, driven line by line through stdin."""

import io
import subprocess
import sys
from pathlib import Path

from bot.console import console_who, run_console
from tests.bot.fakes import runtime_on

ROOT = Path(__file__).resolve().parents[2]


async def session(tmp_path, lines: list[str], seed: int = 1) -> str:
    out = io.StringIO()
    async with runtime_on(tmp_path / "db.sqlite3", seed=seed) as rt:
        status = await run_console(rt.core, console_who(), io.StringIO("".join(f"{line}\n" for line in lines)), out)
    assert status == 0
    return out.getvalue()


async def test_buttons_are_numbered_options_that_can_be_typed(tmp_path):
    output = await session(tmp_path, ["2"])  # [2] is "I guess yours" on the welcome message
    assert "[1] 🎯 You guess my code  [2] 🤖 I guess yours" in output
    assert "Think of a code: 4 digits, no repeats" in output
    assert "[1] 0🐂 0🐄" in output


async def test_the_console_plays_a_guesser_game_with_option_numbers_and_typed_answers(tmp_path):
    output = await session(tmp_path, ["/think", "[1]", "0 0"])
    assert "1. 0123 → 0🐂 0🐄" in output
    assert "can't all be true: #1 and #2" in output


async def test_html_is_shown_as_plain_text(tmp_path):
    output = await session(tmp_path, ["/rules"])
    assert "<b>" not in output
    assert "secret 1234, guess 1243 → 2🐂 2🐄" in output


async def test_the_console_continues_the_game_in_the_database(tmp_path):
    await session(tmp_path, ["/play", "0123"], seed=3)
    output = await session(tmp_path, ["4567"], seed=4)
    assert "#2 4567 →" in output


def test_the_console_command_reads_a_pipe_and_exits_cleanly_at_eof(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--database", str(tmp_path / "db.sqlite3"), "--seed", "7"],
        input="/play\n0123\n/giveup\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    assert "#1 0123 →" in done.stdout
    assert "The secret was" in done.stdout


def test_the_console_and_telegram_share_one_daily_key_from_the_same_settings(tmp_path, monkeypatch):
    import asyncio

    from bot.cli import console
    from bot.config import Config, Secret
    from bot.daily.service import daily_key
    from tests.bot.fakes import TOKEN, telegram_app

    database = tmp_path / "db.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DAILY_SECRET", "operator key")
    monkeypatch.setenv("DATABASE_PATH", str(database))
    seen: list[bytes] = []

    async def fake_console(core, who, stdin, stdout):  # the console's runtime, as `bullscows console` builds it
        seen.append(await daily_key(core.deps))
        return 0

    monkeypatch.setattr("bot.console.run_console", fake_console)
    assert console.main(console_args()) == 0

    async def from_telegram() -> bytes:
        config = Config(token=Secret(TOKEN), database_path=database, daily_secret=Secret("operator key"))
        async with telegram_app(database, config=config) as (app, _):
            return await daily_key(app.bot_data.runtime.core.deps)

    assert asyncio.run(from_telegram()) == seen[0] == b"operator key"


def console_args():
    import argparse

    from bot.cli import console

    parser = argparse.ArgumentParser()
    console.add_arguments(parser)
    return parser.parse_args([])


async def console_session(tmp_path, lines: list[str], seed: int = 1) -> tuple[str, object]:
    """A session as `bullscows console` plays it (its own chat), and the runtime's store to look into."""
    out = io.StringIO()
    async with runtime_on(tmp_path / "db.sqlite3", seed=seed) as rt:
        status = await run_console(rt.core, console_who(), io.StringIO("".join(f"{line}\n" for line in lines)), out)
        assert status == 0
        solved = await rt.core.deps.store.games.latest_game(console_who().chat_id, "referee")
    return out.getvalue(), solved


async def test_the_console_plays_versus_in_its_own_chat_which_is_not_the_bots_id(tmp_path):
    output, _ = await console_session(tmp_path, ["/versus", "0123"])
    assert "You vs me" in output
    assert "Sorry" not in output


async def test_a_console_solve_counts_once_on_the_board(tmp_path):
    from bot.records.model import ALL_CHATS
    from tests.bot.fakes import runtime_on as fresh

    async with fresh(tmp_path / "db.sqlite3", seed=5) as rt:
        who = console_who()
        assert who.chat_id != ALL_CHATS
        out = io.StringIO()
        await run_console(rt.core, who, io.StringIO("/play\n"), out)
        secret = (await rt.core.deps.store.games.active_game(who.chat_id)).secret
        out = io.StringIO()
        await run_console(rt.core, who, io.StringIO(f"{secret}\n/top\n"), out)
    assert "· 1 clean" in out.getvalue()
    assert "· 2 clean" not in out.getvalue()


async def test_typed_two_digit_answers_are_answers_not_button_numbers(tmp_path):
    output = await session(tmp_path, ["/think", "02"])
    assert "1. 0123 → 0🐂 2🐄" in output
    (tmp_path / "again").mkdir()
    output = await session(tmp_path / "again", ["/think", "12"])
    assert "1. 0123 → 1🐂 2🐄" in output  # not button [12], which is 2🐂 2🐄


async def test_a_bracketed_number_still_presses_that_button(tmp_path):
    output = await session(tmp_path, ["/think", "[12]"])
    assert "1. 0123 → 2🐂 2🐄" in output


def test_the_console_refuses_a_chat_id_that_is_not_a_private_chats(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--database", str(tmp_path / "db.sqlite3"), "--chat", "0"],
        input="/play\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "--chat" in done.stderr
