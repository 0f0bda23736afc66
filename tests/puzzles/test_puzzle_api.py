"""The Mini App's Puzzle tab through its API: what the chat would send (`/puzzle <code>`, the puzzles' own buttons),
answered by the chat's routes: the tab shows no clues before a puzzle is begun and its clock started, today's puzzle
is answered and solved, the ladder's next is rated and given up, a replayed answer counts once, someone else's puzzle
is refused, and what the page does parks nothing the chat does not."""

from __future__ import annotations

import asyncio

import pytest

from bot import callback_data as cb
from bot.days import day_of
from bot.puzzles import screens
from bot.puzzles import service as puzzles
from bot.puzzles.store import SqlitePuzzleRepository
from tests.bot.fakes import USER
from tests.puzzles.test_puzzle_next import a_weak_guess
from tests.webapp.harness import MiniApp, mini_app

DAILY, NEXT, BOARD = (cb.encode(screens.ACTION, verb) for verb in (screens.DAILY, screens.NEXT, screens.BOARD))


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def today_solution(web: MiniApp) -> str:
    deps = web.runtime.core.deps
    return (await puzzles.day_puzzle(deps, day_of(deps.clock()))).solution


async def tab(web: MiniApp) -> dict:
    status, shown = await web.call("GET", "/api/puzzle")
    assert status == 200, shown
    return shown


def wrong(screen: dict, solution: str = "") -> str:
    """A code of the classic variant that answers the screen's puzzle wrongly: neither the solution nor a clue's own
    guess (which costs nothing, so it is no try)."""
    clued = {clue["guess"] for clue in screen["clues"]}
    return next(code for code in ("0123", "4567", "8901", "2345") if code not in clued and code != solution)


def give_up(screen: dict) -> str:
    """The give-up button of a puzzle's screen (the chat's), its only one while the puzzle is open."""
    [choice] = screen["choices"]
    assert choice["data"].startswith(cb.encode(screens.ACTION, screens.GIVE_UP))
    return choice["data"]


async def test_the_tab_shows_no_clue_before_the_day_is_begun_and_the_clock_starts_when_they_show(web):
    deps = web.runtime.core.deps
    repo = deps.store.repository(SqlitePuzzleRepository)
    day = day_of(deps.clock())
    shown = await tab(web)
    assert shown["screen"] is None  # looking begins nothing: no clue is shown
    assert [c["data"] for c in shown["choices"]] == [DAILY, NEXT]  # the chat's buttons that begin one
    assert [c["label"] for c in shown["choices"]] == ["🧩 Puzzle of the day", "⏭ Next puzzle"]
    assert await repo.day_row(day, USER) is None
    begun = await web.act("puzzle-day-1", data=DAILY)
    assert begun["did"] == "made"
    screen = begun["screen"]
    assert (screen["screen"], screen["track"], screen["key"]) == ("puzzle", "daily", day)
    assert len(screen["clues"]) >= 2
    assert await repo.day_row(day, USER) is not None  # the clues are shown: its clock runs from now
    assert (await tab(web))["screen"] == screen  # the tab opens on it again


async def test_the_day_is_answered_as_the_chats_prompt_asks_and_solved_on_the_page(web):
    screen = (await web.act("puzzle-day-1", data=DAILY))["screen"]
    assert screen["title"][0].startswith("🧩 Puzzle of the day")
    assert screen["solution"] is None
    assert give_up(screen)
    solution = await today_solution(web)
    missed = wrong(screen, solution)
    answered = (await web.act("puzzle-day-2", command="puzzle", args=missed))["screen"]
    assert answered["verdict"][0].startswith(f"❌ {missed} isn't it")
    assert any(clue["broken"] for clue in answered["clues"])
    refused = await web.act("puzzle-day-3", command="puzzle", args="12")
    assert (refused["did"], refused["screen"]) == ("refused", None)
    assert refused["notice"] == "A code has 4 digits; that one has 2. It costs nothing, try again."
    solved = await web.act("puzzle-day-4", command="puzzle", args=solution)
    board = solved["screen"]
    assert (board["solved"], board["tries"], board["over"]) == (True, 2, True)
    assert board["share"].endswith("🟥🟩")
    assert solution not in board["share"]
    assert [c["data"] for c in board["choices"]] == [BOARD, NEXT]  # the chat's buttons once it is over
    lines = (await web.act("puzzle-day-5", data=BOARD))["screen"]
    assert lines["screen"] == "lines"
    assert lines["lines"][0].startswith("🏆 Puzzle of the day")
    assert (await tab(web))["screen"]["solved"] is True  # the day done: the tab shows how it went


async def test_the_page_tells_the_chat_nothing_of_a_puzzle_but_what_it_earned(web):
    await web.flush()
    before = len(web.request.calls)
    await web.act("puzzle-quiet-1", data=DAILY)
    await web.act("puzzle-quiet-2", command="puzzle", args=await today_solution(web))
    await web.flush()
    assert web.request.calls[before:] == []  # the page draws the screens; the chat is not shown them twice


async def test_the_ladder_on_the_page_rates_a_wrong_answer_and_gives_up(web):
    board = (await web.act("ladder-1", data=NEXT))["screen"]
    assert board["track"] == "ladder"
    assert board["rating"] == 1500
    answered = (await web.act("ladder-2", command="puzzle", args=wrong(board)))["screen"]
    if answered["solved"]:  # the one chance in 5,040
        return
    assert answered["rating"] < 1500
    assert any(line.startswith("📈 Your puzzle rating") for line in answered["ending"])
    gave_up = (await web.act("ladder-3", data=give_up(answered)))["screen"]
    assert gave_up["over"] is True
    assert gave_up["solution"]
    # rated once, by the first answer: its rating line stays, as it stands, with no second change
    assert [line for line in gave_up["ending"] if line.startswith("📈")] == [
        f"📈 Your puzzle rating: {gave_up['rating']}? (counted at your first answer)"
    ]
    assert gave_up["rating"] == answered["rating"]


async def test_a_replayed_answer_counts_once(web):
    board = (await web.act("ladder-1", data=NEXT))["screen"]
    first = await web.act("ladder-answer-1", command="puzzle", args=wrong(board))
    again = await web.act("ladder-answer-1", command="puzzle", args=wrong(board))
    assert (first["repeated"], again["repeated"]) == (False, True)
    assert again["screen"] == first["screen"]
    repo = web.runtime.core.deps.store.repository(SqlitePuzzleRepository)
    attempt = await repo.attempt(USER, int(board["key"]))
    assert attempt is not None
    assert attempt.tries == 1


async def test_another_players_puzzle_is_refused(web):
    board = (await web.act("ladder-1", data=NEXT))["screen"]
    stolen = await web.act("ladder-steal-1", data=give_up(board), user_id=4242)
    assert (stolen["did"], stolen["screen"]) == ("refused", None)
    assert stolen["notice"] == "That puzzle is over. /puzzle gives you the next one."
    repo = web.runtime.core.deps.store.repository(SqlitePuzzleRepository)
    attempt = await repo.attempt(USER, int(board["key"]))
    assert attempt is not None
    assert not attempt.ended


async def test_the_page_parks_no_puzzle_the_chat_would_not(web):
    # the old page offered "⏭ Next" and "📅 Puzzle of the day" beside an open puzzle, and asked for a new ladder
    # puzzle whatever was open; the page's buttons are the chat's now, and ⏭ answers with the open one
    board = (await web.act("ladder-1", data=NEXT))["screen"]
    assert not board["over"]
    give_up(board)  # its one button
    again = await web.act("ladder-2", data=NEXT)
    assert again["screen"]["key"] == board["key"]
    assert (await tab(web))["screen"]["key"] == board["key"]


async def test_an_answer_on_the_page_while_a_game_runs_is_the_puzzles_not_a_guess(web):
    board = (await web.act("ladder-1", data=NEXT))["screen"]
    await web.chat().send("/play")
    answered = await web.act("ladder-2", command="puzzle", args=wrong(board))
    assert answered["screen"]["key"] == board["key"]
    assert answered["screen"]["tries"] == 1
    game = await web.runtime.store.games.active_game(USER)
    assert game is not None
    assert game.turns == ()  # the game took nothing


async def test_a_best_next_guess_puzzle_is_played_on_the_page_as_in_the_chat_in_its_turn_on_the_ladder(web):
    deps = web.runtime.core.deps
    repo = deps.store.repository(SqlitePuzzleRepository)
    first = (await web.act("next-key-1", data=NEXT))["screen"]  # "Which code is it?" first (made on the fly), given up
    assert first["title"][0].startswith("🧩 Which code is it?")
    await web.act("next-key-2", data=give_up(first))
    rows = await asyncio.to_thread(puzzles.made_next, puzzles.DAILY_VARIANT, [0], set())
    async with deps.transaction():
        await repo.add(rows, deps.clock())
    shown = (await web.act("next-key-3", data=NEXT))["screen"]  # its kind's turn: the stored best-next-guess one
    assert shown["title"][0].startswith("🧠 Best next guess")
    stored = await puzzles.state(deps, USER, puzzles.Current(int(shown["key"]), None))
    assert isinstance(stored, puzzles.NextLadder)
    next_puzzle = stored.puzzle
    assert [c["guess"] for c in shown["clues"]] == [turn.guess for turn in next_puzzle.turns]
    assert f"{next_puzzle.count} codes still fit these clues." in shown["prompt"]
    assert (await tab(web))["screen"]["key"] == shown["key"]  # the tab opens on it again
    weak, loss = a_weak_guess(next_puzzle)
    graded = (await web.act("next-key-4", command="puzzle", args=weak))["screen"]
    assert graded["solved"] is False
    assert graded["verdict"][0].startswith(f"❌ {weak}: ")
    assert f"{loss:.2f} guesses more than the best on average" in graded["verdict"][0]
    assert graded["rating"] < shown["rating"]  # the first answer is rated
    solved = (await web.act("next-key-5", command="puzzle", args=next_puzzle.best[0]))["screen"]
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
        shown = await web.act(f"strong-next-{round_}", data=NEXT)
        row = await repo.puzzle(int(shown["screen"]["key"]))
        solved = await web.act(f"strong-answer-{round_}", command="puzzle", args=row.data["solution"])
        assert solved["screen"]["solved"] is True
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
