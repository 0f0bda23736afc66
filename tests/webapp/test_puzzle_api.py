"""The Mini App's Puzzle tab through its API: today's puzzle shown before it is begun, answered and solved on the
page; the ladder's next, a wrong answer rated, giving up; someone else's puzzle and malformed requests refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.services import puzzles
from bot.storage.puzzles import SqlitePuzzleRepository
from tests.webapp.harness import USER, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def today_solution(web) -> str:
    deps = web.runtime.core.deps
    return (await puzzles.day_puzzle(deps, puzzles.daily.day_of(deps.clock()))).solution


async def puzzle(web, **body) -> dict:
    status, answer = await web.call("POST", "/api/puzzle", body)
    assert status == 200, answer
    return answer


async def test_the_day_is_shown_unbegun_then_answered_and_solved_on_the_page(web):
    shown = await puzzle(web, do="show")
    board = shown["board"]
    assert board["kind"] == "daily"
    assert board["title"][0].startswith("🧩 Puzzle of the day")
    assert len(board["clues"]) >= 2
    assert board["solution"] is None
    assert shown["texts"]["app.puzzle.answer"] == "Answer"
    solution = await today_solution(web)
    wrong = "0123" if solution != "0123" else "4567"
    answered = (await puzzle(web, do="answer", kind="daily", key=board["key"], code=wrong))["board"]
    assert answered["verdict"][0].startswith(f"❌ {wrong} isn't it")
    assert any(clue["broken"] for clue in answered["clues"])
    refused = await puzzle(web, do="answer", kind="daily", key=board["key"], code="12")
    assert refused["refused"] == "A code has 4 digits; that one has 2. It costs nothing, try again."
    solved = (await puzzle(web, do="answer", kind="daily", key=board["key"], code=solution))["board"]
    assert solved["solved"] is True
    assert solved["tries"] == 2
    assert solved["share"].endswith("🟥🟩")
    assert solution not in solved["share"]
    lines = (await puzzle(web, do="board"))["lines"]
    assert lines[0].startswith("🏆 Puzzle of the day")


async def test_the_ladder_on_the_page_rates_a_wrong_answer_and_gives_up(web):
    board = (await puzzle(web, do="next"))["board"]
    assert board["kind"] == "ladder"
    assert board["rating"] == 1500
    wrong = "0123"
    answered = (await puzzle(web, do="answer", kind="ladder", key=board["key"], code=wrong))["board"]
    if answered["solved"]:  # the one chance in 5,040
        return
    assert answered["rating"] < 1500
    assert any(line.startswith("📈 Your puzzle rating") for line in answered["ending"])
    gave_up = (await puzzle(web, do="give_up", kind="ladder", key=board["key"]))["board"]
    assert gave_up["over"] is True
    assert gave_up["solution"]
    assert not any(line.startswith("📈") for line in gave_up["ending"])  # rated once, by the first answer


async def test_another_players_puzzle_and_malformed_requests_are_refused(web):
    board = (await puzzle(web, do="next"))["board"]
    status, answer = await web.call(
        "POST", "/api/puzzle", {"do": "give_up", "kind": "ladder", "key": board["key"]}, user_id=4242
    )
    assert status == 200
    assert answer["refused"] == "That puzzle is over. /puzzle gives you the next one."
    for body in (
        {"do": "steal"},
        [],
        {"do": "answer", "kind": "ladder", "key": "x1"},
        {"do": "answer", "kind": "daily", "key": "2025-01-01", "code": 5},
    ):
        status, _ = await web.call("POST", "/api/puzzle", body)
        assert status == 400, body


async def test_a_best_next_guess_puzzle_open_in_the_chat_is_said_to_be_answered_there_and_the_pages_ladder_skips_them(
    web,
):
    deps = web.runtime.core.deps
    repo = deps.store.repository(SqlitePuzzleRepository)
    first = (await puzzle(web, do="next"))["board"]  # "Which code is it?" (made on the fly), given up
    await puzzle(web, do="give_up", kind="ladder", key=first["key"])
    rows = await asyncio.to_thread(puzzles.made_next, puzzles.DAILY_VARIANT, [0], set())
    async with deps.transaction():
        await repo.add(rows, deps.clock())
    page = (await puzzle(web, do="next"))["board"]  # the chat's turn would be the stored best-next-guess one
    assert page["title"][0].startswith("🧩 Which code is it?")
    await puzzle(web, do="give_up", kind="ladder", key=page["key"])
    async with deps.transaction():  # in the chat: "Which code is it?" given up, then the best-next-guess one shown
        inverse = await puzzles.ladder(deps, USER, puzzles.DAILY_VARIANT)
        assert isinstance(inverse, puzzles.Ladder)
        await puzzles.give_up_ladder(deps, USER, inverse.puzzle_id)
        shown = await puzzles.ladder(deps, USER, puzzles.DAILY_VARIANT)
    assert isinstance(shown, puzzles.NextLadder)
    said = "This puzzle, a best next guess, is answered in the chat: send /puzzle there."
    for body in (
        {"do": "show"},
        {"do": "next"},
        {"do": "answer", "kind": "ladder", "key": str(shown.puzzle_id), "code": shown.puzzle.best[0]},
        {"do": "give_up", "kind": "ladder", "key": str(shown.puzzle_id)},
    ):
        answer = await puzzle(web, **body)
        assert (answer["board"], answer["refused"]) == (None, said), body
    attempt = await repo.attempt(USER, shown.puzzle_id)
    assert (attempt.tries, attempt.rated, attempt.ended) == (0, False, False)  # the page changed nothing
