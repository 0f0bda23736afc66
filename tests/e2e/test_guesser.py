"""A whole game where the user thinks of a secret and the bot finds it, answered with the board's buttons."""

from __future__ import annotations

import pytest

from engine.scoring import Score
from tests.e2e.client import UserClient
from tests.e2e.games import ASK_LINE, SOLVED, GuesserGame, answer_button, is_board, score_label

pytestmark = pytest.mark.e2e


def test_a_guesser_game_is_answered_with_buttons_on_one_board(user: UserClient) -> None:
    user.send_command("/think")
    board = user.wait_new(is_board)
    assert board.button(answer_button(Score(1, 2))).text == score_label(Score(1, 2))

    game = GuesserGame(user, secret="7381", board=board)
    solved = game.play_to_the_end()

    match = SOLVED.search(solved.text)
    assert match
    assert match["secret"] == "7381"
    assert int(match["n"]) == len(game.asked)
    board_now = user.current(board.message_id)
    assert all(turn.guess in board_now.text for turn in game.asked[:-1]), "the board keeps every guess"
    assert not any(m.message_id != board.message_id and ASK_LINE.search(m.text) for m in user.view.values()), (
        "guesses are asked on the one board, edited in place"
    )
