"""A flood of review requests costs its sender only: each person has at most two reviews under way (a third is
refused, in the chat and on the page, until they arrive), and a person's reviews and positions wait behind their own
work, so another person's review is made next, whatever one person has queued; a page call given up leaves its review
to be made; and hand-made links and buttons for a running duel, another's or no match tell nothing."""

import asyncio

import pytest

from bot import callback_data as cb
from bot.page import schema
from bot.review import service as reviews
from bot.review import tab as review_tab
from bot.review.reviewer import Reviewer, TooManyReviews
from bot.review.routes import Review
from bot.review.service import reviewer
from bot.texts import plain, t
from bot.who import Who
from tests.bot.fakes import USER
from tests.bot.members import Member, sent, toasts
from tests.duel.test_duel import BOB_SECRET
from tests.duel.test_duel import set_up as duel_set_up
from tests.review.test_review import play_and_win

ANN, BOB = 1, 2


async def held(order: list[str], name: str, release: asyncio.Event) -> str:
    order.append(f"{name} waits")
    await release.wait()
    return name


async def test_a_person_may_have_two_reviews_under_way_and_a_third_is_refused_until_one_is_made():
    reviewer = Reviewer()
    release = asyncio.Event()
    order: list[str] = []
    first = reviewer.start(("game", 1, ANN), lambda: held(order, "a1", release), ANN)
    second = reviewer.start(("game", 2, ANN), lambda: held(order, "a2", release), ANN)
    assert reviewer.start(("game", 1, ANN), lambda: held(order, "again", release), ANN) is first  # the same review
    with pytest.raises(TooManyReviews):
        reviewer.start(("game", 3, ANN), lambda: held(order, "a3", release), ANN)
    bobs = reviewer.start(("game", 4, BOB), lambda: held(order, "b1", release), BOB)  # another person's is started
    release.set()
    assert await asyncio.gather(first, second, bobs) == ["a1", "a2", "b1"]
    await reviewer.settle()
    third = reviewer.start(("game", 3, ANN), lambda: held(order, "a3", release), ANN)  # once made, the next one
    assert await third == "a3"


async def test_one_persons_queued_work_does_not_go_before_anothers():
    reviewer = Reviewer()
    entered: list[str] = []

    def work(name: str) -> str:
        entered.append(name)
        return name

    await reviewer.gate.acquire()  # a review under way: everything asked now waits its turn
    anns = [asyncio.create_task(reviewer.run(lambda n=n: work(n), ANN)) for n in ("a1", "a2", "a3")]
    for _ in range(5):
        await asyncio.sleep(0)
    bobs = asyncio.create_task(reviewer.run(lambda: work("b1"), BOB))
    for _ in range(5):
        await asyncio.sleep(0)
    reviewer.gate.release()
    await asyncio.gather(*anns, bobs)
    assert entered[:2] == ["a1", "b1"]  # Ann's second and third wait behind her first: Bob's goes next
    assert sorted(entered) == ["a1", "a2", "a3", "b1"]


async def test_a_third_review_asked_for_while_two_are_made_is_refused_in_the_chat_and_on_the_page(chat, app):
    core = app.bot_data.runtime.core
    deps = core.deps
    games = []
    for _ in range(3):
        await play_and_win(chat, app, guesses=2)
        games.append(await deps.store.games.latest_game(USER, "referee"))
    release = asyncio.Event()
    order: list[str] = []
    for game in games[:2]:  # two of the player's reviews under way, held
        reviewer(deps).start(("game", game.id, USER), lambda: held(order, "held", release), USER)
    who = Who(USER, USER, private=True, language_code="en")

    async with deps.transaction():
        s = await core.situation(who)
        pressed = cb.decode(f"rv:g:{games[2].id}", frozenset({"rv"}))
        outcome = await Review(deps).button(s, pressed)
    assert outcome.toast == t("review.busy")
    found = await review_tab.review_data(core, who, {"game": str(games[2].id)})
    assert schema.builtins(found) == {"status": "none", "text": plain(t("review.busy"))}
    assert t("review.busy", "ru") != t("review.busy")
    assert await reviews.kept(deps, reviews.of_game(games[2], USER, deps.clock())) is None  # nothing was made

    release.set()
    await reviewer(deps).settle()


async def test_a_page_call_given_up_while_its_review_is_made_leaves_the_review_to_be_made_and_kept(
    chat, app, monkeypatch
):
    core = app.bot_data.runtime.core
    deps = core.deps
    await play_and_win(chat, app, guesses=2)
    game = await deps.store.games.latest_game(USER, "referee")
    who = Who(USER, USER, private=True, language_code="en")
    await reviewer(deps).gate.acquire()  # another review under way: this one waits its turn
    begun, start = asyncio.Event(), reviewer(deps).start

    def started(*args):
        task = start(*args)
        begun.set()
        return task

    monkeypatch.setattr(reviewer(deps), "start", started)
    call = asyncio.create_task(review_tab.review_data(core, who, {"game": str(game.id)}))
    await begun.wait()
    call.cancel()  # the page closed (or the server stops) while it waited
    with pytest.raises(asyncio.CancelledError):
        await call
    reviewer(deps).gate.release()
    await reviewer(deps).settle()
    assert await reviews.kept(deps, reviews.of_game(game, USER, deps.clock())) is not None
    assert reviewer(deps).made == 1


async def test_hand_made_review_links_and_buttons_for_a_running_duel_or_anothers_or_no_match_tell_nothing(
    app, recorded
):
    ann, bob, match_id = await duel_set_up(app, recorded)
    stranger = Member(app, recorded, 33, "Cy").in_private()
    for payload in ("review_", "review_-1", "review_x", "review_99999999999999999999", "review_999999999"):
        assert [c.text for c in sent(await stranger.send(f"/start {payload}"))] == [t("review.not_yours")], payload
    running = toasts(await ann.in_private().press(f"rv:m:{match_id}", message_id=1))
    assert running == [t("review.running")]  # the duel is on: its players' guesses are not reviewed yet
    await ann.send("/g 0123")
    await bob.send("/g 4321")
    await ann.send(f"/g {BOB_SECRET}")
    await bob.send("/g 2134")  # the duel is over
    assert [c.text for c in sent(await stranger.send(f"/start review_{match_id}"))] == [t("review.not_yours")]
    assert toasts(await stranger.press(f"rv:m:{match_id}", message_id=1)) == [t("review.not_yours")]
    # what was a delivery's data is no button: a review made later reaches its player as the Core's own event
    assert toasts(await stranger.press(f"rv:m:{match_id}:1", message_id=1)) == [t("stale")]
    assert reviewer(app.bot_data.runtime.core.deps).made == 0  # nothing was reviewed for anyone
