"""The Mini App's Puzzle tab through its API: today's puzzle shown before it is begun, answered and solved on the
page; the ladder's next, a wrong answer rated, giving up; someone else's puzzle and malformed requests refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.days import day_of
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from tests.puzzles.test_puzzle_next import a_weak_guess
from tests.webapp.harness import USER, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def today_solution(web) -> str:
    deps = web.runtime.core.deps
    return (await puzzles.day_puzzle(deps, day_of(deps.clock()))).solution


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


async def test_a_best_next_guess_puzzle_is_played_on_the_page_as_in_the_chat_in_its_turn_on_the_ladder(web):
    deps = web.runtime.core.deps
    repo = deps.store.repository(SqlitePuzzleRepository)
    first = (await puzzle(web, do="next"))["board"]  # "Which code is it?" first (made on the fly), given up
    assert first["title"][0].startswith("🧩 Which code is it?")
    await puzzle(web, do="give_up", kind="ladder", key=first["key"])
    rows = await asyncio.to_thread(puzzles.made_next, puzzles.DAILY_VARIANT, [0], set())
    async with deps.transaction():
        await repo.add(rows, deps.clock())
    shown = (await puzzle(web, do="next"))["board"]  # its kind's turn: the stored best-next-guess one
    assert shown["title"][0].startswith("🧠 Best next guess")
    stored = await puzzles.state(deps, USER, puzzles.Current(int(shown["key"]), None))
    assert isinstance(stored, puzzles.NextLadder)
    next_puzzle = stored.puzzle
    assert [c["guess"] for c in shown["clues"]] == [turn.guess for turn in next_puzzle.turns]
    assert f"{next_puzzle.count} codes still fit these clues." in shown["prompt"]
    assert (await puzzle(web, do="show"))["board"]["key"] == shown["key"]  # the tab opens on it again
    weak, loss = a_weak_guess(next_puzzle)
    graded = (await puzzle(web, do="answer", kind="ladder", key=shown["key"], code=weak))["board"]
    assert graded["solved"] is False
    assert graded["verdict"][0].startswith(f"❌ {weak}: ")
    assert f"{loss:.2f} guesses more than the best on average" in graded["verdict"][0]
    assert graded["rating"] < shown["rating"]  # the first answer is rated
    solved = (await puzzle(web, do="answer", kind="ladder", key=shown["key"], code=next_puzzle.best[0]))["board"]
    assert (solved["solved"], solved["over"], solved["tries"]) == (True, True, 2)
    assert solved["verdict"][0].startswith(f"✅ {next_puzzle.best[0]} is one of the best!")
    assert solved["rating"] == graded["rating"]  # rated once
    attempt = await repo.attempt(USER, int(shown["key"]))
    assert (attempt.tries, attempt.rated, attempt.ended) == (2, True, True)


async def test_a_rated_answer_on_the_page_that_reaches_1800_is_announced_on_the_page_and_in_the_chat_once(web):
    deps = web.runtime.core.deps
    await deps.store.conn.execute(  # a strong solver already: 1500 + 20 × (40 − 3) shown
        "INSERT INTO puzzle_ratings (user_id, family, mu, sigma, games, updated_at)"
        f" VALUES ({USER}, 'digits', 40.0, 1.0, 50, '2026-01-01T00:00:00+00:00')"
    )
    await deps.store.conn.commit()
    repo = deps.store.repository(SqlitePuzzleRepository)
    await web.flush()
    before = len(web.request.calls)
    for round_ in range(2):
        shown = await puzzle(web, do="next")
        row = await repo.puzzle(int(shown["board"]["key"]))
        solved = await puzzle(web, do="answer", kind="ladder", key=shown["board"]["key"], code=row.data["solution"])
        assert solved["board"]["solved"] is True
        if round_ == 0:  # earned now: told on the page, and in the chat as the chat's answer would
            [told] = solved["achieved"]
            assert told.startswith("🏅 New achievement: Puzzle rating 1800")
            await web.flush()
            [announced] = web.request.calls[before:]
            assert "<b>Puzzle rating 1800</b>" in announced.text
        else:  # held already: nothing more
            assert solved["achieved"] == []
    await web.flush()
    assert len(web.request.calls) == before + 1
    assert (await puzzle(web, do="show"))["achieved"] == []
