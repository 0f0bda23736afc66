"""Versus in the Mini App, through its API: both boards from the match's board (MatchBoard), a move on the page is a
move in the chat, made once whatever the page retries, and a move typed in the chat shows on the page; and a /think
game's answers checked against the player's code on the page, which sends no /reveal."""

from __future__ import annotations

from typing import Any

import pytest

from bot import callback_data as cb
from bot.matches.model import BOT_ID, MatchKind
from bot.texts import plain, t
from tests.bot.fakes import USER
from tests.bot.members import Chat
from tests.webapp.harness import MiniApp, mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


def of(match: dict[str, Any]) -> dict[str, Any]:
    """What a versus move names: the match and its revision (no one-player game)."""
    return {"match": match["id"], "revision": match["revision"]}


async def start_versus(web: MiniApp) -> dict[str, Any]:
    started = await web.act("versus-new-1", command="versus")
    assert started["did"] == "made", started["notice"]
    assert started["busy"] is None  # versus is played here, not waited out
    return started["match"]


async def test_a_versus_game_started_on_the_page_shows_both_boards_and_plays_as_in_the_chat(web):
    match = await start_versus(web)
    assert (match["active"], match["guessing"], match["yours"], match["mine"]) == (True, True, [], [])
    assert match["variant"]["length"] == 4
    sent = len(web.request.calls)
    await web.flush()
    assert len(web.request.calls) > sent  # the chat was told the game began

    guessed = await web.act("versus-guess-1", text="0123", **of(match))
    assert guessed["did"] == "made"
    after = guessed["match"]
    assert [row["guess"] for row in after["yours"]] == ["0123"]
    stored = await web.runtime.store.matches.active_match(USER, kind=MatchKind.VERSUS)
    assert stored is not None
    assert stored.turn_user == BOT_ID
    assert after["pending"] == stored.pending_guess  # the bot's guess at the player's code, asked
    assert after["guessing"] is False  # the keypad waits: the answer comes first
    answers = [b for row in after["buttons"] for b in row if b["data"].startswith(f"{cb.MATCH}:{stored.id}:")]
    assert answers
    sent = len(web.request.calls)
    await web.flush()
    assert any("0123" in call.text for call in web.request.calls[sent:])  # the chat's board shows the page's guess

    answered = await web.act("versus-answer-1", data=answers[0]["data"], **of(after))
    assert answered["did"] == "made"
    assert [row["guess"] for row in answered["match"]["mine"]] == [stored.pending_guess]
    assert answered["match"]["guessing"] is True


async def test_a_versus_move_sent_again_counts_once_and_a_stale_one_is_told(web):
    match = await start_versus(web)
    first = await web.act("versus-twice-1", text="0123", **of(match))
    again = await web.act("versus-twice-1", text="0123", **of(match))
    assert again["repeated"] is True
    assert [row["guess"] for row in again["match"]["yours"]] == ["0123"]
    stale = await web.act("versus-stale-1", text="4567", **of(match))  # the revision before the guess
    assert stale["did"] != "made"
    assert stale["notice"] == plain(t("app.stale", "en"))
    assert stale["match"]["revision"] == first["match"]["revision"]


async def test_a_versus_move_typed_in_the_chat_shows_in_the_state(web):
    match = await start_versus(web)
    status, known = await web.call("GET", "/api/state")
    assert status == 200
    await web.chat().send("0123")
    status, state = await web.call("GET", f"/api/state?known={known['key']}")
    assert status == 200
    assert [row["guess"] for row in state["match"]["yours"]] == ["0123"]
    assert state["match"]["id"] == match["id"]


async def test_another_look_at_the_versus_board_is_the_pages_alone_and_resigning_ends_it_with_a_rematch(web):
    match = await start_versus(web)
    guessed = await web.act("versus-look-1", text="0123", **of(match))
    after = guessed["match"]
    labels = [b["data"] for row in after["buttons"] for b in row]
    assert not any(data.endswith(f":{cb.MATCH_CHANGE}") for data in labels)  # no answer to change yet
    answer = after["buttons"][0][0]["data"]
    answered = await web.act("versus-look-2", data=answer, **of(after))
    now = answered["match"]
    change = next(b for row in now["buttons"] for b in row if b["data"].endswith(f":{cb.MATCH_CHANGE}"))
    await web.flush()
    sent = len(web.request.calls)
    looked = await web.act("versus-look-3", data=change["data"], **of(now))
    assert looked["did"] != "made"
    assert looked["match"]["lines"] != now["lines"]  # "which answer?": the board shown another way, on the page
    assert looked["match"]["revision"] == now["revision"]
    await web.flush()
    assert len(web.request.calls) == sent  # the chat's board is left as it was

    resigned = await web.act("versus-resign-1", command="resign", **of(now))
    assert resigned["did"] == "made"
    over = resigned["match"]
    assert over["active"] is False
    assert over["ending"]  # who won, and the bot's code
    rematch = [b for row in over["buttons"] for b in row if b["data"] == cb.encode(cb.REMATCH, over["id"])]
    assert rematch
    _, state = await web.call("GET", "/api/state")
    assert state["match"]["id"] == over["id"]  # the ending stays in view until another game begins
    again = await web.act("versus-again-1", data=rematch[0]["data"], **of(over))
    assert again["did"] == "made"
    assert again["match"]["active"] is True
    assert again["match"]["id"] != over["id"]


async def test_a_one_player_game_begun_after_a_versus_game_takes_the_page(web):
    match = await start_versus(web)
    await web.act("versus-end-1", command="resign", **of(match))
    started = await web.act("after-versus-1", command="play")
    assert started["did"] == "made"
    assert started["match"] is None
    assert started["game"]["mode"] == "referee"


async def test_a_versus_game_is_played_only_by_its_player(web):
    match = await start_versus(web)
    status, _ = await web.call(
        "POST", "/api/act", {"key": "versus-other-1", "text": "0123", **of(match)}, user_id=USER + 1
    )
    assert status == 401
    forged = cb.game_button(cb.MATCH, match["id"] + 1, match["revision"], cb.MATCH_UNDO)  # another match's button
    refused = await web.act("versus-forged-1", data=forged, **of(match))
    assert refused["did"] != "made"
    for bad in ({"game": 1, **of(match)}, {"match": match["id"]}, {"data": "m:1", **of(match)}):
        body = {"key": "versus-bad-12", "text": "0123", **bad}  # a game and a match, no revision, a text and data
        status, _ = await web.call("POST", "/api/act", body)
        assert status == 400


async def test_a_duel_still_holds_the_page(web):
    group = Chat(web.app, web.request, chat_id=-5001, user_id=USER)
    await group.send("/duel")
    status, state = await web.call("GET", "/api/state")
    assert status == 200
    assert state["match"] is None  # a group duel is played in its group, not on this page


async def stuck_think_game(web: MiniApp) -> dict[str, Any]:
    """A /think game whose answers cannot all be true: 0123 and 4567 with nothing in place, twice."""
    started = await web.act("think-new-1", command="think")
    game = started["game"]
    for n in range(2):
        zero = next(b for row in game["board"]["buttons"] for b in row if b["data"].endswith(":00"))
        pressed = await web.act(f"think-zero-{n}", data=zero["data"], game=game["id"], revision=game["revision"])
        game = pressed["game"]
    assert game["board"]["pending"] is None
    return game


async def test_a_think_games_contradiction_on_the_page_offers_its_own_check_not_reveal(web):
    game = await stuck_think_game(web)
    board = game["board"]
    assert board["reveal"] is True
    assert not any("/reveal" in line for line in board["lines"])
    assert any("🔍" in line for line in board["lines"])
    await web.flush()
    assert "/reveal" in plain(web.request.calls[-1].text)  # the chat's board names the chat's command
    short = await web.act("think-reveal-1", command="reveal", args="12", game=game["id"], revision=game["revision"])
    assert (short["did"] != "made", short["game"]["active"]) == (True, True)
    assert short["notice"]  # how to give a code of the game's length
    code = "8901"  # the player's code: 0123 has 2 cows in it, 4567 none
    checked = await web.act("think-reveal-2", command="reveal", args=code, game=game["id"], revision=game["revision"])
    assert checked["did"] == "made"  # the game ends, as /reveal ends it
    assert "8901" in checked["notice"]
    assert "#1" in checked["notice"]  # the first answer was wrong for that code
    assert checked["game"]["status"] == "revealed"
    sent = len(web.request.calls)
    await web.flush()
    assert any("8901" in call.text for call in web.request.calls[sent:])  # and the chat is told, as if typed there
