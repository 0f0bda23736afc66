"""A feature's own screen, one model and two faces: the Account carries the feature's model (`Account.screen`, a
`bot.replies.Screen`), the chat draws it from the feature's screens, and the page through the face the register
lists for its type (`page_faces`). A screen with a face is drawn by the page and not shown to the chat again (a
puzzle's, the day's board, ranked games' screens, the league's table, a Puzzle Storm run alone and the boards); one
with none, or one its face does not take (a Puzzle Racer's run: a Racer is the chat's and its group's), is left to
the chat, whole."""

from __future__ import annotations

import pytest

from bot import callback_data as cb
from bot.page import schema
from bot.puzzles import screens as puzzle_screens
from bot.puzzles.board import DayBoard, PuzzleBoard, PuzzleTrack
from bot.ranked import screens as ranked_screens
from bot.replies import Screen
from bot.storm import screens as storm_screens
from bot.storm import service as storm
from bot.texts import Html
from tests.bot.fakes import USER
from tests.bot.members import GROUP, Member, sent
from tests.storm.stock import stock, wrong
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
    await stock(web.runtime.core.deps)
    group = Member(web.app, web.request, USER, "Ann", chat_id=GROUP)
    [lobby] = sent(await group.send("/storm"), GROUP)  # a Racer in a group, Ann in it
    racer = await storm.repository(web.runtime.core.deps).racer_here(GROUP, None)
    await group.press(f"sm:s:{racer.id}", lobby.params["_sent_id"])
    await web.flush()
    before = len(web.request.calls)
    code = await wrong(web.runtime.core.deps, USER)
    shown = await web.act("racer-answer-1", text=code)  # her Racer's puzzle, answered from the page
    assert (shown["did"], shown["screen"]) == ("made", None)  # a Racer's run: the page does not draw it
    await web.flush()
    calls = web.request.calls[before:]
    [message] = sent(calls, USER)
    assert "Puzzle Racer" in message.text  # the chat shows it, as if typed there
    assert [c for c in calls if c.method == "editMessageText" and int(c.params["chat_id"]) == GROUP]  # and the group


async def test_storm_ranked_and_the_league_are_drawn_by_the_page(web: MiniApp):
    await web.flush()
    before = len(web.request.calls)
    boards = await web.act("storm-boards-1", data=STORM_BOARDS)
    assert (boards["did"], boards["screen"]["screen"]) == ("shown", "storm_boards")
    league = await web.act("league-1", command="league")
    assert league["screen"]["screen"] == "league"
    history = await web.act("ranked-history-1", data=cb.encode(ranked_screens.ACTION, ranked_screens.LIST))
    assert history["screen"]["screen"] == "ranked_history"
    await web.flush()
    assert sent(web.request.calls[before:]) == []
