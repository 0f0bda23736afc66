"""The Core's routing on a fresh database: no Telegram."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core import Core, Who
from tests.bot.fakes import runtime_on


@pytest.fixture
async def core(tmp_path: Path) -> AsyncIterator[Core]:
    """The Core on a fresh SQLite file."""
    async with runtime_on(tmp_path / "db.sqlite3", seed=3) as runtime:
        yield runtime.core


ME = Who(5, 5)


async def test_unknown_commands_point_to_help(core):
    bot = core
    outcome = await bot.on_command(ME, "frobnicate")
    assert "/help" in outcome.replies[0].text


async def test_a_finished_game_is_recorded_once_per_player(core):
    bot = core
    await bot.on_command(ME, "play")
    await bot.on_command(ME, "giveup")
    [result] = await bot.deps.games.results(5)
    assert (result.user_id, result.outcome, result.mode) == (5, "gave_up", "referee")


async def test_the_board_message_is_remembered_for_editing_in_place(core):
    bot = core
    outcome = await bot.on_command(ME, "think")
    board = outcome.replies[-1].board
    assert board is not None
    assert board.message_id is None
    async with bot.deps.transaction():  # as the sender does once the board is sent
        await bot.deps.games.set_board(board.game_id, 42)
    answered = await bot.on_text(ME, "0 1")
    assert answered.replies[0].board.message_id == 42


async def test_buttons_of_another_chat_are_stale_here(core):
    bot = core
    outcome = await bot.on_command(ME, "think")
    data = outcome.replies[-1].buttons[0][0].data
    stranger = await bot.on_button(Who(6, 6), data)
    assert stranger.toast is not None
    assert stranger.replies == ()


async def test_settings_buttons_edit_the_settings_message(core):
    bot = core
    outcome = await bot.on_button(ME, "s:c")
    assert outcome.replies[0].edit_origin
    assert (await bot.deps.games.settings(5)).coaching is False
