"""Versus the bot through the emulator: one board that always shows the whole game so far, in turns, to the end."""

from __future__ import annotations

import re
import time

import pytest

from bot.texts import Html, plain, score_text, t
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score, score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, UserClient
from tests.e2e.games import CODE, NUMBER, SCORE, score_label, text_pattern

pytestmark = pytest.mark.e2e

MINE = "7031"
ASK = re.compile(text_pattern("vs.ask", n=NUMBER, guess=CODE))
LAST = re.compile(text_pattern("vs.ask.last", n=NUMBER, m=r"\d+", guess=CODE))
ENDING = re.compile(r"🎉 You win!|🤖 I win:|🤝 A draw:")  # the starts of vs.won, vs.lost and vs.draw
YOURS = re.compile(rf"{NUMBER}\. you (?P<guess>\d+) → {SCORE}")


def round_line(n: int, yours: Turn, mine: Turn | None, asked: str | None = None) -> str:
    """A round as the board shows it: 'n. you 0123 → 0🐂 2🐄 · me 4567 → 1🐂 0🐄' (the bot's guess 'asked')."""
    you = t("vs.board.move", guess=yours.guess, score=score_text(yours.answer))
    if mine is not None:
        me = t("vs.board.move", guess=mine.guess, score=score_text(mine.answer))
    else:
        me = t("vs.board.asked", guess=asked) if asked else t("vs.board.none")
    return plain(t("vs.board.round", n=n, yours=Html(you), mine=Html(me)))


def tidied(user: UserClient, board: BotMessage, timeout: float = 15) -> None:
    """Wait until an old board has lost its buttons (the sender strips it just after sending the new one)."""
    deadline = time.monotonic() + timeout
    while user.current(board.message_id).keyboard:
        assert time.monotonic() < deadline, f"the old board kept its buttons: {user.current(board.message_id)}"
        time.sleep(0.05)


def is_over(message: BotMessage) -> bool:
    return bool(ENDING.search(message.text))


def test_a_versus_game_is_played_to_the_end_on_one_board(user: UserClient) -> None:
    user.send_command("/versus")
    user.wait_new("You vs me")
    classic = PRESETS["classic"]
    mine: list[Turn] = []  # my guesses at the bot's code, with its scores
    its: list[Turn] = []  # the bot's guesses at mine, with my answers
    previous: BotMessage | None = None
    for n in range(1, 11):
        guess = next_guess(classic, tuple(mine))
        user.send_text(guess)
        board = user.wait_new(lambda m, n=n: any(int(f["n"]) == n for f in YOURS.finditer(m.text)))
        scored = next(f for f in YOURS.finditer(board.text) if int(f["n"]) == n)
        assert scored["guess"] == guess
        mine.append(Turn(guess, Score(int(scored["bulls"]), int(scored["cows"]))))
        for i in range(1, n):  # the latest reply shows the whole game so far
            assert round_line(i, mine[i - 1], its[i - 1]) in board.text, board.describe()
        if previous is not None:
            tidied(user, previous)
        if is_over(board):
            ending = board
            break
        asked = ASK.search(board.text) or LAST.search(board.text)
        assert asked, board.describe()
        assert round_line(n, mine[-1], None, asked["guess"]) in board.text
        truth = score(MINE, asked["guess"])
        user.press(board, score_label(truth))
        its.append(Turn(asked["guess"], truth))
        after = user.wait_edit(board)
        assert round_line(n, mine[-1], its[-1]) in after.text, after.describe()
        if is_over(after):
            ending = after
            break
        assert "Your turn" in after.text
        previous = board
    else:
        raise AssertionError("no ending in 10 rounds")
    if "You win" in ending.text:
        assert mine[-1].answer.bulls == 4
    if "I win" in ending.text:
        assert f"your code is {MINE}" in ending.text
    again = t("btn.play_again") if "I win" not in ending.text else t("btn.rematch")  # "Rematch" is the loser's
    user.press(ending, plain(again))  # the same again, one tap
    user.wait_new("You vs me")


def test_versus_undo_takes_back_an_answer_on_the_board(user: UserClient) -> None:
    user.send_command("/versus")
    user.wait_new("You vs me")
    user.send_text("5678")
    board = user.wait_new(lambda m: bool(ASK.search(m.text)))
    slip = Score(0, 4)  # 0123 against 7031 is 0🐂 3🐄
    user.press(board, score_label(slip))
    after = user.wait_edit(board, "Your turn")
    user.press(after, plain(t("btn.undo")))
    again = user.wait_edit(board, lambda m: bool(ASK.search(m.text)))
    assert "me 0123 → ?" in again.text
    user.press(again, score_label(score(MINE, "0123")))
    fixed = user.wait_edit(board, "Your turn")
    assert f"me 0123 → {score_label(score(MINE, '0123'))}" in fixed.text
