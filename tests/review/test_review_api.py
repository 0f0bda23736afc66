"""The Review tab's API: a finished game's review as the page's JSON, the same review the chat's message shows; the
position at a guess (its codes, paged, and the best guesses, checked against the engine); and what it answers for a
game it may not review."""

import pytest

from bot.review.service import reviewer
from bot.texts import plain, t
from engine.history import candidates
from engine.review import position_review
from tests.bot.fakes import USER
from tests.bot.members import sent
from tests.webapp.harness import mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def won_game(web, guesses=("0123", "4567")):
    chat = web.chat()
    await chat.send("/play")
    game = await web.runtime.store.games.active_game(USER)
    for code in guesses:
        if code != game.secret:
            await chat.send(code)
    await chat.send(game.secret)
    return await web.runtime.store.games.latest_game(USER, "referee")


async def test_the_tab_shows_the_review_the_chats_message_shows(web):
    status, found = await web.call("GET", "/api/review")
    assert (status, found) == (200, {"status": "none", "text": plain(t("review.none"))})
    game = await won_game(web)
    status, found = await web.call("GET", f"/api/review?game={game.id}")
    assert status == 200
    assert found["status"] == "ready"
    assert found["of"] == {"game": game.id}
    assert [row["guess"] for row in found["rows"]] == [turn.guess for turn in game.turns]
    assert [row["before"] for row in found["rows"]] == [
        len(candidates(game.variant, list(game.turns[:i]))) for i in range(len(game.turns))
    ]
    assert reviewer(web.runtime.core.deps).made == 1
    [message] = [c for c in sent(await web.chat().send("/review")) if c.text.startswith("📊")]
    assert reviewer(web.runtime.core.deps).made == 1  # the page's review was kept: the chat shows that one
    for line in found["coach"]:
        assert line in plain(message.text)
    assert found["title"] == plain(message.text.split("\n")[0])
    status, latest = await web.call("GET", "/api/review")  # no game named: the player's last, as /review
    assert latest == found


async def test_a_tap_on_a_guess_opens_its_position_as_the_engine_weighs_it(web):
    game = await won_game(web)
    status, shown = await web.call("GET", f"/api/review/position?game={game.id}&turn=1&page=0")
    assert status == 200
    expected = position_review(game.variant, game.turns[:1], None, 0, 40)
    assert shown["count"] == expected.count == len(candidates(game.variant, list(game.turns[:1])))
    assert shown["codes"] == list(expected.codes)
    assert [best["guess"] for best in shown["best"]] == [best.guess for best in expected.best]
    assert shown["title"].startswith("Before guess #2:")
    status, last = await web.call("GET", f"/api/review/position?game={game.id}&turn=0&page=9999")
    assert last["page"] == last["pages"] - 1  # clamped to the pages there are
    status, beyond = await web.call("GET", f"/api/review/position?game={game.id}&turn=9&page=0")
    assert beyond["status"] == "none"


async def test_a_running_game_or_anothers_is_not_reviewed_and_tells_nothing(web):
    chat = web.chat()
    await chat.send("/play")
    game = await web.runtime.store.games.active_game(USER)
    await chat.send("0123" if game.secret != "0123" else "4567")
    status, found = await web.call("GET", f"/api/review?game={game.id}")
    assert found == {"status": "none", "text": plain(t("review.running"))}
    status, found = await web.call("GET", f"/api/review/position?game={game.id}&turn=0")
    assert found == {"status": "none", "text": plain(t("review.running"))}
    status, found = await web.call("GET", f"/api/review?game={game.id}", user_id=USER + 1)
    assert found == {"status": "none", "text": plain(t("review.not_yours"))}
    status, found = await web.call("GET", "/api/review?match=99999999999999999999")
    assert found == {"status": "none", "text": plain(t("review.not_yours"))}
    status, _ = await web.call("GET", "/api/review", data="forged")
    assert status == 401


async def test_a_flawless_game_reviewed_on_the_page_earns_flawless_once_on_the_page_and_in_the_chat(web):
    game = await won_game(web, guesses=())  # found at once: a first guess of the classic game is best
    earned = plain(t("ach.earned", name=t("ach.flawless"), how="", rarity="")).split(",")[0]
    await web.flush()
    before = len(web.request.calls)
    status, found = await web.call("GET", f"/api/review?game={game.id}")
    assert status == 200
    [told] = found["achieved"]
    assert told.startswith(earned)
    await web.flush()
    [announced] = web.request.calls[before:]
    assert plain(announced.text).startswith(earned)
    status, again = await web.call("GET", f"/api/review?game={game.id}")
    assert again["achieved"] == []
    assert not [c.text for c in sent(await web.chat().send("/review")) if plain(c.text).startswith(earned)]
    status, other = await web.call("GET", "/api/review")  # the page's other way to it: told once all the same
    assert other["achieved"] == []


async def test_the_tab_has_the_hints_where_taken_how_a_game_not_won_ended_and_why_the_best_is_best(web):
    chat = web.chat()
    await chat.send("/play")
    game = await web.runtime.store.games.active_game(USER)
    await chat.send("/hint")
    guess = "0123" if "0" not in game.secret[:2] and game.secret != "0123" else "4567"
    await chat.send(guess)
    await chat.send("/giveup")
    status, found = await web.call("GET", f"/api/review?game={game.id}")
    assert status == 200
    [hint] = found["hints"]
    assert hint["after"] == 0  # taken before the first guess
    assert hint["text"].endswith(f"· {game.variant.size} → {game.variant.size // 10}")
    assert found["ending"] == plain(t("review.ended.gave_up", n=1))
    status, shown = await web.call("GET", f"/api/review/position?game={game.id}&turn=0")
    heading = "review.position.best.heading.one" if len(shown["best"]) == 1 else "review.position.best.heading"
    assert shown["bestHeading"] == plain(t(heading))
    assert shown["why"].startswith(shown["best"][0]["guess"])
    assert shown["codesHeading"] == plain(t("review.position.codes", n=shown["count"]))
    assert all(best["average"] is None or best["average"] >= 1 for best in shown["best"])
