"""A whole game where the user thinks of a secret and the bot finds it, answered with the board's buttons."""

from __future__ import annotations

import re

import pytest

from engine.scoring import Score, possible_scores, score
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.games import ASK_LINE, SOLVED, GuesserGame, a_slip, answer_button, is_board, score_label, text_pattern

pytestmark = pytest.mark.e2e

ALL_SCORES = possible_scores(PRESETS["classic"])
REVEAL_LINE = re.compile(  # "#1 0123: you said 1🐂 2🐄, it's 1🐂 1🐄"
    text_pattern(
        "reveal.line", n=r"(?P<n>\d+)", guess=r"(?P<guess>\d+)", given="(?P<given>.+?)", actual="(?P<actual>.+?)"
    )
    + "$",
    re.MULTILINE,
)


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


def test_typed_answers_bring_the_board_down_and_leave_one_board_to_answer_on(user: UserClient) -> None:
    user.send_command("/think")
    board = user.wait_new(is_board)
    game = GuesserGame(user, secret="5038", board=board)

    solved = game.play_to_the_end(typed=True)

    match = SOLVED.search(solved.text)
    assert match
    assert match["secret"] == "5038"
    live_boards = [m for m in user.view.values() if any(answer_button(s)(b) for b in m.buttons for s in ALL_SCORES)]
    assert not live_boards, f"old boards still take answers: {[m.describe() for m in live_boards]}"


def test_reveal_names_exactly_the_wrong_answers(user: UserClient) -> None:
    user.send_command("/think")
    game = GuesserGame(user, secret="7381", board=user.wait_new(is_board))
    _, first_guess = game.current_guess
    truth = score("7381", first_guess)
    slip = a_slip(first_guess, truth)
    game.answer(slip)

    user.send_command("/reveal 7381")
    revealed = user.wait_new("7381")

    wrong = [m.groupdict() for m in REVEAL_LINE.finditer(revealed.text)]
    assert wrong == [{"n": "1", "guess": first_guess, "given": score_label(slip), "actual": score_label(truth)}], (
        revealed.describe()
    )
