"""Ranked games, the league's table and Puzzle Storm on the page, through its one way in (POST /api/act: what the
chat sends) and the tabs' reads (GET /api/ranked, /api/storm): known answers, and the cheats a page could try (the
other's guesses before finishing, a stale revision, a replayed key, another player's game, secret or run, an
answer to a puzzle no longer on screen)."""

from __future__ import annotations

import json

import pytest

from bot.storm import service as storm
from bot.storm.board import RunScreen
from bot.texts import Html, plain
from tests.bot.fakes import EPOCH, USER, Clock
from tests.bot.members import sent, without_awards
from tests.storm.stock import solution, stock, wrong
from tests.webapp.harness import MiniApp, mini_app

ANN, BOB, CID = USER, 1002, 1003
MISSES = ("5678", "6789", "7890", "8901", "9012")


@pytest.fixture
async def clocked(tmp_path):
    clock = Clock(EPOCH)
    async with mini_app(tmp_path, clock=clock) as running:
        yield running, clock


def deps(web: MiniApp):
    return web.runtime.core.deps


async def secret_of(web: MiniApp, user_id: int) -> str:
    game = await web.runtime.store.games.active_game(user_id)
    assert game is not None
    return game.secret


NAMES = {ANN: "Ann", BOB: "Bob", CID: "Cid"}


async def guess(web: MiniApp, key: str, user_id: int, game: dict, code: str) -> dict:
    name = NAMES[user_id]
    return await web.act(key, user_id=user_id, first_name=name, text=code, game=game["id"], revision=game["revision"])


async def play_mark(web: MiniApp, clock: Clock) -> tuple[dict, list[str]]:
    """Bob sets a mark on the page: two misses, then the code; the last answer and his guesses."""
    begun = await web.act("bob-ranked-1", user_id=BOB, first_name="Bob", command="ranked")
    assert begun["screen"]["screen"] == "ranked_start"
    assert begun["screen"]["setsMark"] is True
    code = await secret_of(web, BOB)
    guesses = [*[g for g in MISSES if g != code][:2], code]
    answer = begun
    for n, tried in enumerate(guesses):
        clock.advance(20)
        answer = await guess(web, f"bob-guess-{n}", BOB, answer["game"], tried)
    return answer, guesses


async def test_a_ranked_game_is_played_on_the_page_and_both_games_shown_side_by_side_only_after_it(clocked):
    web, clock = clocked
    marked, bobs = await play_mark(web, clock)
    assert marked["screen"]["screen"] == "ranked_mark"
    assert "mark is set" in marked["screen"]["lines"][0]
    secret = marked["screen"]["secret"]

    begun = await web.act("ann-ranked-1", command="ranked")
    start = begun["screen"]
    assert (start["screen"], start["setsMark"], start["opponent"]) == ("ranked_start", False, "Bob")
    game = begun["game"]
    assert (game["mode"], game["active"], game["ending"]) == ("referee", True, None)  # the game tab's keypad plays it
    code = await secret_of(web, ANN)
    assert code == bobs[-1]
    await web.flush()
    [board] = [c for c in sent(web.request.calls, ANN) if "⚔️ Ranked" in c.text]  # the chat has the game's board
    assert "Your opponent" not in board.text  # the start's words are the page's: it drew them

    # before Ann finishes, nothing of Bob's game reaches her page, however she asks
    first = await guess(web, "ann-guess-1", ANN, game, MISSES[0] if MISSES[0] != code else MISSES[1])
    assert first["did"] == "made"
    forged = await web.act("ann-forged-1", data=f"rk:s:{secret}")
    assert (forged["did"], forged["screen"]) == ("refused", None)
    assert forged["notice"] == "Both games of that code aren't over yet."
    status, tab = await web.call("GET", "/api/ranked")
    assert status == 200
    assert tab["playing"] is True
    assert tab["history"]["lines"][0]["show"] is None
    status, state = await web.call("GET", "/api/state")
    status, possible = await web.call("GET", f"/api/possibilities?game={game['id']}")
    assert status == 200
    assert possible["hidden"] is True  # ranked games are played bare
    for seen in (first, forged, tab, state):
        text = json.dumps(seen)
        assert not any(f'"{bob}"' in text for bob in bobs[:2] if bob != first["game"]["turns"][0]["guess"])
        assert f'"{code}"' not in text  # nor the code
    # a stale revision, a replayed key, another player's game or secret: nothing changes
    stale = await guess(web, "ann-stale-1", ANN, game, MISSES[2])  # the game's revision before her first guess
    assert stale["did"] == "refused"
    again = await guess(web, "ann-guess-1", ANN, game, MISSES[0] if MISSES[0] != code else MISSES[1])
    assert again["repeated"] is True
    status, _ = await web.call(
        "POST", "/api/act", {"key": "cid-forged-1", "text": "0123", "game": game["id"], "revision": 1}, user_id=CID
    )
    assert status == 401
    theirs = await web.act("cid-forged-2", user_id=CID, data=f"rk:s:{secret}")
    assert (theirs["did"], theirs["screen"]) == ("refused", None)
    assert len((await web.runtime.store.games.game(game["id"])).turns) == 1

    clock.advance(30)
    await web.flush()
    before = len(web.request.calls)
    done = await guess(web, "ann-guess-2", ANN, first["game"], code)
    vs = done["screen"]
    assert vs["screen"] == "ranked_vs"
    assert (vs["secret"], vs["code"], vs["outcome"]) == (secret, code, "won")  # 2 guesses against Bob's 3
    assert [m["guess"] for m in vs["theirs"]["moves"]] == bobs
    assert [m["guess"] for m in vs["mine"]["moves"]] == [first["game"]["turns"][0]["guess"], code]
    assert vs["theirs"]["moves"][-1]["bulls"] == 4
    assert all(m["label"] is not None and m["labelText"] for m in vs["theirs"]["moves"])  # the review's labels
    assert all(m["mark"] and m["mark"] in m["line"] for m in vs["theirs"]["moves"])  # marked as the chat marks them
    assert vs["theirs"]["name"] == "Bob"
    assert [c["data"] for c in vs["choices"]] == ["rk:n:classic"]
    await web.flush()
    # the page drew both games: the chat is not shown them again, but its board moves as if the guess was typed
    # there (and what the game earned is announced)
    [board] = without_awards(sent(web.request.calls[before:], ANN))
    assert "⚔️ Ranked" in board.text
    assert code in board.text
    assert "Ranked game #" not in board.text

    # exactly as the chat's model says: the chat's message of the same comparison has every line the page shows
    [chat_vs] = sent(await web.chat().press(f"rk:s:{secret}"))
    chat_text = plain(chat_vs.text)
    for side in (vs["mine"], vs["theirs"]):
        assert side["summary"] in chat_text
        for move in side["moves"]:
            assert move["line"] in chat_text
    assert vs["title"] in chat_text
    assert vs["verdict"] in chat_text
    shown = await web.act("ann-show-1", data=f"rk:s:{secret}")  # and from the history, on the page
    assert shown["screen"] == vs
    status, tab = await web.call("GET", "/api/ranked")
    assert status == 200
    assert tab["playing"] is False
    assert tab["history"]["lines"][0]["show"]["data"] == f"rk:s:{secret}"


async def test_the_league_table_on_the_page_is_the_chats(clocked):
    web, clock = clocked
    await play_mark(web, clock)
    await web.act("ann-ranked-1", command="ranked")
    game = (await web.act("ann-look-1", command="ranked"))["game"]
    await guess(web, "ann-guess-1", ANN, game, await secret_of(web, ANN))
    await web.flush()
    before = len(web.request.calls)

    table = (await web.act("ann-league-1", command="league"))["screen"]
    assert table["screen"] == "league"
    assert (table["tier"], table["division"]) == (1, 1)
    names = [(row["place"], row["name"], row["mine"]) for row in table["rows"]]
    assert names == [(1, "You", True), (2, "Bob", False)]
    assert table["rows"][0]["points"] > table["rows"][1]["points"]
    assert any("ends" in note for note in table["notes"])
    assert any("top 5" in note.lower() or "5" in note for note in table["notes"])
    await web.flush()
    assert sent(web.request.calls[before:], ANN) == []
    [chat_table] = sent(await web.chat().send("/league"))
    for row in table["rows"]:
        assert row["line"] in plain(chat_table.text)
    again = await web.act("ann-league-1", command="league")
    assert again["repeated"] is True
    assert again["screen"] == table

    unplaced = (await web.act("cid-league-1", user_id=CID, command="league"))["screen"]
    assert (unplaced["division"], unplaced["rows"]) == (None, [])
    assert unplaced["tierName"]


async def test_a_storm_run_on_the_page_keeps_the_servers_clock_and_refuses_stale_answers(clocked):
    web, clock = clocked
    await stock(deps(web))
    status, tab = await web.call("GET", "/api/storm")
    assert (status, tab["run"], tab["racer"]) == (200, None, False)  # looking starts no clock
    assert await storm.open_run(deps(web), ANN) is None

    run = (await web.act("storm-start-1", command="storm"))["screen"]
    assert run["screen"] == "storm_run"
    assert (run["secondsLeft"], run["place"], run["total"], run["length"]) == (180, 0, 30, 4)
    assert run["clues"]
    assert not run["over"]
    clock.advance(12)
    status, tab = await web.call("GET", "/api/storm")
    assert status == 200
    assert (tab["run"]["run"], tab["run"]["place"], tab["run"]["secondsLeft"]) == (run["run"], 0, 168)

    miss, right = await wrong(deps(web), ANN), await solution(deps(web), ANN)
    answered = await web.act("storm-answer-1", data=f"sm:a:{run['run']}:0:{miss}")
    after = answered["screen"]
    assert (after["place"], after["wrong"], after["secondsLeft"]) == (1, 1, 158)  # 10 s off: the server's clock
    assert any("−10s" in line and right in line for line in after["verdict"])
    replayed = await web.act("storm-answer-1", data=f"sm:a:{run['run']}:0:{miss}")
    assert replayed["repeated"] is True
    assert replayed["screen"] == after
    stale = await web.act("storm-answer-2", data=f"sm:a:{run['run']}:0:{right}")  # the puzzle behind her
    assert (stale["did"], stale["screen"]) == ("refused", None)
    assert stale["notice"] == "That puzzle is behind you: answer the one on screen."
    other = await web.act("storm-answer-3", data=f"sm:a:{run['run'] + 1}:1:{right}")  # a run of nobody's
    assert other["did"] == "refused"
    cid = await web.act("storm-cid-1", user_id=CID, data=f"sm:a:{run['run']}:1:{right}")  # another player's
    assert cid["did"] == "refused"
    stored = await storm.open_run(deps(web), ANN)
    assert (stored.tally.place, stored.tally.wrong, stored.tally.solved) == (1, 1, 0)

    solved = await web.act("storm-answer-4", data=f"sm:a:{run['run']}:1:{await solution(deps(web), ANN)}")
    assert (solved["screen"]["solved"], solved["screen"]["place"]) == (1, 2)
    [stop] = [c["data"] for c in solved["screen"]["choices"]]
    ended = (await web.act("storm-stop-1", data=stop))["screen"]
    assert ended["over"]
    assert ended["clues"] == []
    assert any("Solved: 1 · wrong: 1" in line for line in ended["ending"])
    status, tab = await web.call("GET", "/api/storm")
    assert status == 200
    assert tab["run"]["over"]
    assert tab["run"]["ending"] == ended["ending"]
    assert [(line["name"], line["solved"]) for line in tab["boards"]["today"]] == [("Ann", 1)]
    boards = (await web.act("storm-boards-1", data="sm:b"))["screen"]
    assert boards == tab["boards"]


async def test_a_racer_run_stays_the_chats(clocked):
    web, _clock = clocked
    faces = web.runtime.core.page
    racing = RunScreen(7, 3, "classic", Html("t"), Html("c"), EPOCH, 180, 0, 30, 0, 0, 0)
    assert not faces.draws(racing)
    assert faces.screen(racing) is None
    alone = RunScreen(7, None, "classic", Html("t"), Html("c"), EPOCH, 180, 0, 30, 0, 0, 0)
    assert faces.draws(alone)
    assert faces.screen(alone) is not None


async def test_when_the_pages_countdown_ends_the_server_says_how_the_run_ended(clocked):
    web, clock = clocked
    await stock(deps(web))
    run = (await web.act("storm-start-1", command="storm"))["screen"]
    clock.advance(181)  # the page's countdown is over; Storm's timer has not closed the run yet
    status, tab = await web.call("GET", "/api/storm")
    assert status == 200
    assert (tab["run"]["run"], tab["run"]["secondsLeft"], tab["run"]["over"]) == (run["run"], 0, False)
    assert tab["run"]["clues"] == []  # no puzzle after the clock: nothing to answer
    late = await web.act("storm-late-1", data=f"sm:a:{run['run']}:0:{await wrong(deps(web), ANN)}")
    assert late["screen"]["over"]  # an answer after the end does not count: the run closes as it stood
    assert (late["screen"]["wrong"], late["screen"]["solved"]) == (0, 0)
    _status, tab = await web.call("GET", "/api/storm")
    assert tab["run"]["over"]
    assert tab["run"]["ending"]


async def test_the_timer_closes_a_run_the_page_reads_again(clocked):
    web, clock = clocked
    await stock(deps(web))
    await web.act("storm-start-1", command="storm")
    await web.act("storm-answer-1", data=f"sm:a:1:0:{await solution(deps(web), ANN)}")
    clock.advance(181)
    core = web.runtime.core
    await core.alone(0, core.features.storm.due)
    _status, tab = await web.call("GET", "/api/storm")
    assert tab["run"]["over"]
    assert any("Time's up" in line for line in tab["run"]["ending"])
    assert tab["boards"]["best"] == 1


async def test_the_player_who_set_the_mark_sees_nothing_of_the_game_on_it_before_it_is_over(clocked):
    web, clock = clocked
    marked, bobs = await play_mark(web, clock)
    secret = marked["screen"]["secret"]
    begun = await web.act("ann-ranked-1", command="ranked")
    code = await secret_of(web, ANN)
    tried = next(g for g in ("3456", "4512", "1946") if g != code and g not in bobs)
    await guess(web, "ann-guess-1", ANN, begun["game"], tried)
    peek = await web.act("bob-peek-1", user_id=BOB, first_name="Bob", data=f"rk:s:{secret}")
    assert (peek["did"], peek["screen"]) == ("refused", None)
    _status, tab = await web.call("GET", "/api/ranked", user_id=BOB, first_name="Bob")
    assert tab["history"]["lines"][0]["show"] is None
    assert tried not in json.dumps([peek, tab])
