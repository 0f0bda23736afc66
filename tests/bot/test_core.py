"""The Core's routing with an in-memory repository: no SQLite, no Telegram."""

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from bot.core import Core, Who
from bot.models import Game, Result, Settings
from bot.services.common import Deps
from tests.bot.fakes import Clock


class FakeRepository:
    """The Repository Protocol over dicts; transactions simply run."""

    def __init__(self) -> None:
        self.chat_settings: dict[int, Settings] = {}
        self.games: dict[int, Game] = {}
        self.results_stored: list[Result] = []

    @asynccontextmanager
    async def _nothing(self) -> AsyncIterator[None]:
        yield

    def transaction(self):
        return self._nothing()

    async def settings(self, chat_id):
        return self.chat_settings.get(chat_id, Settings())

    async def save_settings(self, chat_id, settings, now):
        self.chat_settings[chat_id] = settings

    async def active_game(self, chat_id):
        return next((g for g in self.games.values() if g.chat_id == chat_id and g.active), None)

    async def game(self, game_id):
        return self.games.get(game_id)

    async def latest_game(self, chat_id, mode):
        mine = [g for g in self.games.values() if g.chat_id == chat_id and g.mode == mode]
        return mine[-1] if mine else None

    async def create_game(self, game):
        stored = replace(game, id=len(self.games) + 1)
        self.games[stored.id] = stored
        return stored

    async def save_game(self, game):
        self.games[game.id] = replace(game, turns=self.games[game.id].turns)

    async def set_turns(self, game, user_id, now):
        self.games[game.id] = replace(self.games[game.id], turns=game.turns)

    async def set_board(self, game_id, message_id):
        self.games[game_id] = replace(self.games[game_id], board_message_id=message_id)

    async def record_result(self, result):
        self.results_stored.append(result)

    async def results(self, user_id):
        return [r for r in self.results_stored if r.user_id == user_id]


def core() -> tuple[Core, FakeRepository]:
    repo = FakeRepository()
    return Core(Deps(repo, random.Random(3), Clock())), repo


ME = Who(5, 5)


async def test_unknown_commands_point_to_help():
    bot, _ = core()
    outcome = await bot.on_command(ME, "frobnicate")
    assert "/help" in outcome.replies[0].text


async def test_a_finished_game_is_recorded_once_per_player():
    bot, repo = core()
    await bot.on_command(ME, "play")
    await bot.on_command(ME, "giveup")
    [result] = repo.results_stored
    assert (result.user_id, result.outcome, result.mode) == (5, "gave_up", "referee")


async def test_the_board_message_is_remembered_for_editing_in_place():
    bot, _repo = core()
    outcome = await bot.on_command(ME, "think")
    board = outcome.replies[-1].board
    assert board is not None
    assert board.message_id is None
    await bot.remember_board(board.game_id, 42)
    answered = await bot.on_text(ME, "0 1")
    assert answered.replies[0].board.message_id == 42


async def test_buttons_of_another_chat_are_stale_here():
    bot, _ = core()
    outcome = await bot.on_command(ME, "think")
    data = outcome.replies[-1].buttons[0][0].data
    stranger = await bot.on_button(Who(6, 6), data)
    assert stranger.toast is not None
    assert stranger.replies == ()


async def test_settings_buttons_edit_the_settings_message():
    bot, repo = core()
    outcome = await bot.on_button(ME, "s:c")
    assert outcome.replies[0].edit_origin
    assert repo.chat_settings[5].coaching is False
