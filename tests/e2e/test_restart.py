"""The bot process is stopped (SIGTERM) and started again on the same database in the middle of a game."""

from __future__ import annotations

import pytest

from engine.history import fits
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.games import GuesserGame, RefereeGame, is_board
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e


def test_a_referee_game_goes_on_after_a_restart(bot: BotProcess, user: UserClient) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    game = RefereeGame(user, PRESETS["classic"])
    game.guess()
    game.guess()

    assert bot.restart() == 0, "the bot did not exit cleanly on SIGTERM"

    won = game.play_to_the_end()  # the guesses go on from #3
    secret = game.turns[-1].guess
    assert secret in won.text
    assert fits(secret, game.turns), "the secret after the restart is not the one that scored the first guesses"


def test_a_guesser_board_from_before_a_restart_still_takes_answers(bot: BotProcess, user: UserClient) -> None:
    user.send_command("/think")
    board = user.wait_new(is_board)
    game = GuesserGame(user, secret="2067", board=board)
    game.answer()

    assert bot.restart() == 0, "the bot did not exit cleanly on SIGTERM"

    game.play_to_the_end()
