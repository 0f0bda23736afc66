"""A feature's own screen, one model and two faces: the Account carries the feature's model (`Account.screen`, a
`bot.replies.Screen`), the chat draws it from the feature's screens, and the page through the face the register
lists for its type (`page_faces`). A screen with a face is drawn by the page and not shown to the chat again; one
with none yet (Puzzle Storm's, ranked's, the league's) is left to the chat, whole."""

from __future__ import annotations

import pytest

from bot import callback_data as cb
from bot.page import schema
from bot.puzzles import screens as puzzle_screens
from bot.puzzles.board import DayBoard, PuzzleBoard, PuzzleTrack
from bot.replies import Screen
from bot.storm import screens as storm_screens
from bot.texts import Html
from tests.webapp.harness import MiniApp, mini_app

STORM_BOARDS = cb.encode(storm_screens.ACTION, storm_screens.BOARDS)
DAY_BOARD = cb.encode(puzzle_screens.ACTION, puzzle_screens.BOARD)


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


def test_the_page_draws_a_features_model_by_its_type_through_the_register(web: MiniApp):
    faces = web.runtime.core.page
    board = PuzzleBoard(PuzzleTrack.LADDER, "7", "classic", (Html("🧩 <b>Which code is it?</b>"),), (), tries=1)
    drawn = faces.screen(board)
    assert isinstance(drawn, schema.PuzzleScreen)
    assert (drawn.key, drawn.title, drawn.tries) == ("7", ["🧩 Which code is it?"], 1)  # plain text, as the chat has it
    lines = faces.screen(DayBoard((Html("🏆 <b>Today</b>"), Html("1. Ann"))))
    assert lines == schema.LinesScreen(lines=["🏆 Today", "1. Ann"])
    assert faces.draws(board)
    assert not faces.draws(None)

    class Elsewhere(Screen):  # a feature's screen the page has no face for
        pass

    assert faces.screen(Elsewhere()) is None
    assert not faces.draws(Elsewhere())


async def test_a_screen_the_page_draws_is_not_shown_to_the_chat_again(web: MiniApp):
    await web.act("puzzle-day-1", data=cb.encode(puzzle_screens.ACTION, puzzle_screens.DAILY))
    await web.flush()
    before = len(web.request.calls)
    shown = await web.act("puzzle-board-1", data=DAY_BOARD)
    assert shown["screen"]["screen"] == "lines"
    await web.flush()
    assert web.request.calls[before:] == []


async def test_a_screen_the_page_has_no_face_for_is_left_to_the_chat(web: MiniApp):
    await web.flush()
    before = len(web.request.calls)
    shown = await web.act("storm-boards-1", data=STORM_BOARDS)  # Storm's boards: a model the page does not draw yet
    assert (shown["did"], shown["screen"]) == ("shown", None)
    await web.flush()
    [message] = [call for call in web.request.calls[before:] if call.method == "sendMessage"]
    assert "Storm" in message.text  # the chat shows it, as if pressed there
