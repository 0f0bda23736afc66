"""The Core's own contract on a fresh database, no Telegram: every update starts in one place, boards carry their
message, a game's buttons belong to its chat. What each feature answers is tested through the whole Application
(tests/bot/members.py)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core import Core, Who
from bot.replies import BoardOf
from tests.bot.fakes import runtime_on


@pytest.fixture
async def core(tmp_path: Path) -> AsyncIterator[Core]:
    """The Core on a fresh SQLite file."""
    async with runtime_on(tmp_path / "db.sqlite3", seed=3) as runtime:
        yield runtime.core


ME = Who(5, 5)


async def test_every_kind_of_update_keeps_the_players_name_and_username_fresh(core):
    async def known() -> tuple[str, tuple[int, str] | None]:
        names = await core.deps.store.players.names([5])
        return names[5], await core.deps.store.players.by_username("ann_b")

    await core.on_command(Who(5, 5, name="Ann"), "start")
    assert (await known())[0] == "Ann"
    await core.on_text(Who(5, 5, name="Ann B", username="ann_b"), "hello")
    assert await known() == ("Ann B", (5, "Ann B"))
    await core.on_button(Who(5, 5, name="Anna", username="ann_b"), "r")
    assert (await known())[0] == "Anna"
    await core.on_inline(Who(5, 5, bot_username="bcbot", name="Annie", username="ann_b"), "")
    assert (await known())[0] == "Annie"


async def test_the_message_showing_a_board_is_kept_by_the_outbox_alone(core):
    outcome = await core.on_command(ME, "think")
    placed = outcome.replies[-1].placement
    assert placed is not None
    assert placed.game_id is not None
    async with core.deps.transaction():  # as the sender does once the board is sent
        await core.deps.store.outbox.set_board(placed.game_id, BoardOf.GAME, 42)
    await core.on_text(ME, "0 1")  # the move saves the game: the message that shows its board is left alone
    assert await core.deps.store.outbox.board(placed.game_id) == 42


async def test_buttons_of_another_chat_are_stale_here(core):
    outcome = await core.on_command(ME, "think")
    data = outcome.replies[-1].buttons[0][0].data
    stranger = await core.on_button(Who(6, 6), data)
    assert stranger.toast is not None
    assert stranger.replies == ()


async def test_a_repository_the_store_names_no_attribute_for_is_made_once_and_shares_its_transactions(core):
    from bot.games.store import SqliteGameRepository

    store = core.deps.store
    games = store.repository(SqliteGameRepository)
    assert store.repository(SqliteGameRepository) is games
    await core.on_command(ME, "play")
    running = await games.active_game(ME.chat_id)
    assert running is not None

    async def bump_then_fail() -> None:
        async with store.transaction():
            await games.save_game(running.bumped())
            raise RuntimeError("undone")

    with pytest.raises(RuntimeError):
        await bump_then_fail()
    after = await games.active_game(ME.chat_id)
    assert after is not None
    assert after.revision == running.revision
