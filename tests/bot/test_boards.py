"""One model of a board, two faces: the views build a Board, the chat's renderer draws the message from it and the
page's the JSON, and every Core call says what it did (its Account); nothing is learnt by reading rendered text."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import callback_data as cb
from bot.boards import chat as chat_board
from bot.boards import page as page_board
from bot.boards.model import Does
from bot.core import Core, Who
from bot.games.model import Game, Mode
from bot.page import schema
from bot.play import board as referee_board
from bot.replies import Did, Outcome
from bot.texts import plain
from engine.history import Turn
from engine.scoring import score
from engine.variant import PRESETS
from tests.bot.fakes import runtime_on

ME = Who(5, 5)
CLASSIC = PRESETS["classic"]


@pytest.fixture
async def core(tmp_path: Path) -> AsyncIterator[Core]:
    """The Core on a fresh SQLite file."""
    async with runtime_on(tmp_path / "db.sqlite3", seed=3) as runtime:
        yield runtime.core


def drawn(outcome: Outcome) -> str:
    """The first reply's text: what the chat shows."""
    return str(outcome.replies[0].text)


async def test_a_guess_is_made_and_its_board_is_what_the_chat_shows(core):
    await core.on_command(ME, "play")
    outcome = await core.on_text(ME, "0123")
    account = outcome.account
    assert account.did == Did.MADE
    [board] = account.boards
    [row] = board.rows
    assert (row.number, row.guess) == (1, "0123")
    assert drawn(outcome) == chat_board.text(board)
    assert outcome.replies[0].buttons == chat_board.keyboard(board.choices)
    assert [[c.does for c in row] for row in board.choices] == [[Does.COACH, Does.HINT], [Does.GIVE_UP]]
    assert outcome.replies[0].placement is not None
    assert not outcome.replies[0].placement.in_place


async def test_a_code_tried_before_is_refused_with_why_and_no_board(core):
    await core.on_command(ME, "play")
    await core.on_text(ME, "0123")
    again = (await core.on_text(ME, "0123")).account
    assert again.did == Did.REFUSED
    assert again.refusal is not None
    assert again.refusal.params["guess"] == "0123"
    assert again.boards == ()
    assert "0123" in str(again.notice)


async def test_a_new_game_over_a_running_one_asks_first_with_its_choices(core):
    await core.on_command(ME, "play")
    asked = await core.on_command(ME, "think")
    assert asked.account.did == Did.ASKED
    yes, keep = asked.account.choices
    assert (yes.does, keep.does) == (Does.CONFIRM, Does.KEEP)
    assert [b.data for b in asked.replies[0].buttons[0]] == [yes.data, keep.data]
    assert cb.decode(yes.data).action == cb.CONFIRM


async def test_the_coachs_review_is_shown_and_changes_nothing(core):
    await core.on_command(ME, "play")
    board = (await core.on_text(ME, "0123")).account.boards[0]
    coach = next(c for c in board.choices[0] if c.does == Does.COACH)
    review = await core.on_button(ME, coach.data)
    assert review.account.did == Did.SHOWN
    [shown] = review.account.boards
    assert shown.revision == board.revision
    assert len(shown.coach) > len(board.coach)  # the quiet line, then the review
    assert all(c.does != Does.COACH for row in shown.choices for c in row)


async def test_a_stale_button_is_refused(core):
    await core.on_command(ME, "play")
    board = (await core.on_text(ME, "0123")).account.boards[0]
    await core.on_text(ME, "4567")
    stale = await core.on_button(ME, board.choices[0][-1].data)
    assert stale.account.did == Did.REFUSED
    assert stale.account.refusal is not None
    assert stale.account.refusal.key == "stale"
    assert stale.toast == stale.account.notice


async def test_the_page_draws_the_guessers_board_from_the_model_as_the_chat_words_it(core):
    started = await core.on_command(ME, "think")
    [board] = started.account.boards
    assert board.prompt is not None
    assert board.prompt.number == 1
    page = schema.builtins(page_board.asking(board))
    assert page["pending"] == board.prompt.guess
    assert page["lines"] == [plain(line) for line in board.prompt.lines]
    answers = [choice for row in board.choices for choice in row]
    assert all(choice.does == Does.ANSWER for choice in answers)
    assert [b["data"] for row in page["buttons"] for b in row] == [choice.data for choice in answers]


async def test_every_fix_is_a_look_with_the_board_and_an_answer_a_move(core):
    await core.on_command(ME, "think")
    for typed in ("0 0", "0 0", "0 0"):  # no code of four distinct digits avoids three disjoint guesses
        outcome = await core.on_text(ME, typed)
    board = outcome.account.boards[0]
    assert board.prompt is None
    assert board.notices
    change = next(c for row in board.choices for c in row if c.does == Does.CHANGE)
    looked = await core.on_button(ME, change.data)  # answer #1 asked again: a look
    assert looked.account.did == Did.SHOWN
    assert looked.account.boards[0].revision == board.revision
    assert looked.account.boards[0].notices != board.notices
    fix = next(c for row in board.choices for c in row if c.does == Does.FIX)
    fixed = await core.on_button(ME, fix.data)
    assert fixed.account.did == Did.MADE
    assert fixed.account.boards[0].revision > board.revision


def game_with(turns: tuple[Turn, ...], hints: str = "", secret: str = "2047") -> Game:
    started = datetime(2026, 1, 1, tzinfo=UTC)
    return Game(1, 5, 5, Mode.REFEREE, CLASSIC, started, secret=secret, hints=hints, turns=turns, revision=len(turns))


codes = st.lists(st.sampled_from(["0123", "4567", "8901", "2345", "1032", "5678", "9012"]), unique=True, max_size=6)


@settings(max_examples=40, deadline=None)
@given(guesses=codes, hinted=st.sampled_from(["", "0", "13"]))
def test_a_referee_board_has_a_row_a_guess_and_is_cut_down_to_its_last_row_and_hints(guesses, hinted):
    game = game_with(tuple(Turn(g, score("2047", g)) for g in guesses), hinted)
    board = referee_board.board("en", game)
    assert [(r.number, r.guess, r.score) for r in board.rows] == [
        (n, t.guess, t.answer) for n, t in enumerate(game.turns, start=1)
    ]
    assert (board.hints is not None) == bool(hinted)
    if board.hints is not None:
        assert board.hints.pattern.replace(" ", "").replace("_", "") == "".join("2047"[int(i)] for i in sorted(hinted))
    text = chat_board.text(board)
    assert text.splitlines() == [line for part in board.lines if part for line in part.splitlines()]
    tidy = chat_board.tidy(board)
    expected = [board.rows[-1].line] if board.rows else []
    expected += [board.hints.line] if board.hints is not None else []
    assert (tidy or "").splitlines() == expected
    assert schema.builtins(page_board.rows(board))["turns"] == [
        {"guess": t.guess, "bulls": t.answer.bulls, "cows": t.answer.cows} for t in game.turns
    ]


async def test_a_versus_board_has_both_sides_typed_and_the_page_can_draw_them(core):
    started = await core.on_command(ME, "versus")
    assert started.account.did == Did.MADE
    moved = await core.on_text(ME, "0123")
    assert moved.account.did == Did.MADE
    board = moved.account.match_board
    assert board is not None
    assert [(r.number, r.guess) for r in board.yours] == [(1, "0123")]
    assert board.prompt is not None  # the bot's guess, waiting for the player's answer
    assert drawn(moved) == chat_board.text(board)
    assert all(c.does in (Does.ANSWER, Does.UNDO, Does.CHANGE) for row in board.choices for c in row)
    page = schema.builtins(page_board.versus(board))
    assert page["yours"][0]["guess"] == "0123"
    assert page["pending"] == board.prompt.guess
    answered = await core.on_text(ME, "0 1")
    assert answered.account.did == Did.MADE
    after = answered.account.match_board
    assert after is not None
    assert len(after.mine) == 1
    assert after.mine[0].guess == board.prompt.guess
    refused = await core.on_text(ME, "0 1")  # now the player's turn to guess: not an answer
    assert refused.account.did == Did.REFUSED
