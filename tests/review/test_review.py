"""The game review in the chat, through the whole Application: which games get one (and what the others say), the
📊 Review buttons, /review, the daily's spoiler guard, hints taken mid-game, the cache, and a group's race whose
review each player opens in private."""

import math
import re
from datetime import timedelta

from bot.matches.model import BOT_ID
from bot.review import screens as review_board
from bot.review import service as reviews
from bot.review.service import reviewer
from bot.texts import plain, t, wait_text
from engine.history import Turn, candidates, pinned
from engine.review import review_game
from engine.scoring import score
from engine.variant import PRESETS
from tests.bot.fakes import USER, Clock, telegram_app
from tests.bot.members import GROUP, Chat, Member, sent, toasts
from tests.duel.test_duel import ANN_SECRET, BOB_SECRET
from tests.duel.test_duel import set_up as duel_set_up
from tests.duel.test_private_duel import button as private_button
from tests.duel.test_private_duel import playing as private_duel

CLASSIC = PRESETS["classic"]
ROW = re.compile(
    r"^#(?P<n>\d+) <code>(?P<guess>\d+)</code> (?P<bulls>\d)🐂 (?P<cows>\d)🐄 · (?P<before>\d+) → (?P<after>\S+)"
)


def wrong_codes(secret: str) -> list[str]:
    return [code for code in ("0123", "4567", "8901", "2345", "6789", "1357") if code != secret]


async def running(app, chat_id: int = USER):
    return await app.bot_data.runtime.core.deps.store.games.active_game(chat_id)


async def play_and_win(chat, app, guesses: int = 3, command: str = "/play"):
    """A game of `guesses` wrong guesses, then the secret: the last board (with its buttons) and the game's turns."""
    await chat.send(command)
    game = await running(app, chat.chat_id)
    for code in wrong_codes(game.secret)[:guesses]:
        await chat.send(code)
    won = sent(await chat.send(game.secret))[0]  # (a daily's result to share follows it)
    return won, game.secret


def rows(text: str) -> list[re.Match[str]]:
    return [m for line in text.split("\n") if (m := ROW.match(line))]


def review_of(calls):
    """The review message among the bot's calls."""
    [review] = [c for c in sent(calls) if c.text.startswith("📊 <b>")]
    return review


async def test_a_won_game_is_reviewed_guess_by_guess_with_the_counts_bits_labels_and_best_moves(chat, app):
    won, secret = await play_and_win(chat, app)
    data = next(data for label, data in won.buttons if label == "📊 Review")
    calls = await chat.press(data)
    assert toasts(calls) == [plain(t("review.coming"))]  # said at once; the review follows when made
    review = review_of(calls)

    game = await app.bot_data.runtime.core.deps.store.games.latest_game(USER, "referee")
    engine = review_game(CLASSIC, game.turns)
    lines = review.text.split("\n")
    assert lines[0] == "📊 <b>Game review</b> · 4 digits, no repeats"
    shown = rows(review.text)
    assert [m["guess"] for m in shown] == [turn.guess for turn in game.turns]
    for index, (m, turn) in enumerate(zip(shown, game.turns, strict=True)):
        before = len(candidates(CLASSIC, list(game.turns[:index])))  # counted here, not by the review
        after = len(candidates(CLASSIC, list(game.turns[: index + 1])))
        assert (int(m["bulls"]), int(m["cows"])) == tuple(score(secret, turn.guess))
        assert int(m["before"]) == before
        line = lines[index + 1]
        if turn.guess == secret:
            assert m["after"] == "🎉"
        else:
            assert int(m["after"]) == after
            assert f"· {math.log2(before / after):.1f} bits " in line
        item = engine.guesses[index]
        assert review_board.MARKS[item.label] in line
        if not item.among_best:
            assert f"(⭐ <code>{item.weighed.best[0].guess}</code>)" in line
    assert any(line.startswith(("🎯 Accuracy", "🏆 Accuracy 100%")) for line in lines)
    assert lines[-1] == review_board.legend("en")


async def test_a_review_is_made_once_and_kept_whoever_asks_again(chat, app):
    await play_and_win(chat, app, guesses=1)
    runner = reviewer(app.bot_data.runtime.core.deps)
    first = review_of(await chat.press_label("📊 Review"))
    [again] = sent(await chat.press_label("📊 Review"))  # kept: shown at once, no toast, no second making
    [asked] = sent(await chat.send("/review"))
    assert runner.made == 1
    assert first.text == again.text == asked.text
    kept = await app.bot_data.runtime.store.conn.execute_fetchall("SELECT kind, version FROM reviews")
    assert [tuple(row) for row in kept] == [("game", reviews.VERSION)]


async def test_a_think_game_has_nothing_of_the_players_to_review(chat, app):
    [none] = sent(await chat.send("/review"))
    assert none.text == t("review.none")
    await chat.send("/think 3")
    await chat.press_label("3🐂 0🐄")  # the bot's first guess was it: the game is over
    [think] = sent(await chat.send("/review"))
    assert think.text == t("review.think")


async def test_a_running_game_and_a_game_without_a_guess_are_not_reviewed(chat, app):
    await chat.send("/play")
    game = await running(app)
    assert toasts(await chat.press(review_board.game_data(game.id), message_id=1)) == [t("review.running")]
    await chat.send("/giveup")  # no guess made
    [empty] = sent(await chat.send("/review"))
    assert empty.text == t("review.empty")


async def test_todays_daily_is_reviewed_only_once_the_day_is_over_for_everyone(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        chat = Chat(app, request)
        await play_and_win(chat, app, command="/daily")
        [wait] = sent(await chat.press_label("📊 Review"))  # too long for a toast: said in a message
        hours = 12  # the test clock starts at 12:00 UTC
        assert wait.text == t("review.daily.wait", wait=wait_text(timedelta(hours=hours)))
        assert reviewer(app.bot_data.runtime.core.deps).made == 0
        clock.advance(hours * 3600)  # midnight: the day is over for everyone
        review = review_of(await chat.send("/review daily"))
        assert review.text.startswith("📊 <b>Review of the daily challenge</b> · 1 January")
        assert len(rows(review.text)) == 4


async def test_a_hint_is_known_from_the_guess_after_it_was_taken(chat, app):
    await chat.send("/play")
    game = await running(app)
    first, second = wrong_codes(game.secret)[:2]
    await chat.send(first)
    await chat.send("/hint")
    await chat.send(second)
    await chat.send(game.secret)
    done = await app.bot_data.runtime.core.deps.store.games.latest_game(USER, "referee")
    assert done.hints_at == (1,)  # taken after one guess
    position = int(done.hints)
    pins = {position: int(done.secret[position])}
    review = review_of(await chat.send("/review"))
    counted = [int(m["before"]) for m in rows(review.text)]
    after_first = candidates(CLASSIC, list(done.turns[:1]))
    after_second = candidates(CLASSIC, list(done.turns[:2]))
    assert counted == [5040, len(pinned(CLASSIC, after_first, pins)), len(pinned(CLASSIC, after_second, pins))]
    assert t("review.hints") in review.text


async def test_an_older_hinted_game_is_weighed_by_its_answers_alone_and_says_so(chat, app):
    await chat.send("/play")
    game = await running(app)
    await chat.send(wrong_codes(game.secret)[0])
    await chat.send("/hint")
    await chat.send(game.secret)
    conn = app.bot_data.runtime.store.conn
    await conn.execute("UPDATE games SET hints_at = NULL")  # as a game stored before migration 0014 is
    await conn.commit()
    done = await app.bot_data.runtime.core.deps.store.games.latest_game(USER, "referee")
    assert done.hints_at is None
    review = review_of(await chat.send("/review"))
    assert [int(m["before"]) for m in rows(review.text)] == [5040, len(candidates(CLASSIC, [done.turns[0]]))]
    assert t("review.hints.unnoted") in review.text
    assert t("review.hints") not in review.text


async def test_versus_reviews_the_players_own_guesses_at_the_bots_code(app, recorded):
    ann = Member(app, recorded, 11, "Ann", chat_id=11)
    await ann.send("/versus")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(11)
    await ann.send("/resign")
    none = toasts(await ann.press(review_board.match_data(match.id), message_id=1))
    assert none == [t("review.empty")]  # resigned before a guess: nothing of Ann's

    await ann.send("/versus")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(11)
    await ann.send(wrong_codes(match.secret)[0])
    [ended] = sent(await ann.send("/resign"))
    assert [label for label, _ in ended.buttons] == ["🔁 Rematch", "📊 Review"]
    review = review_of(await ann.press_label("📊 Review"))
    assert review.text.startswith("📊 <b>Review of your guesses against me</b>")
    assert [m["guess"] for m in rows(review.text)] == [wrong_codes(match.secret)[0]]
    mine = await app.bot_data.runtime.core.deps.store.matches.turns(match.id, BOT_ID)
    assert all(turn.guess not in review.text for turn in mine if turn.guess != wrong_codes(match.secret)[0])


async def test_a_race_ends_with_a_link_that_opens_each_players_own_review_in_private(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await ann.send("/challenge")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)
    link = f"https://t.me/bullscows_test_bot?start=review_{match.id}"
    [early] = sent(await bob.in_private().send(f"/start review_{match.id}"))
    assert early.text == t("review.running")  # nothing of a race still on
    ann_codes = wrong_codes(match.secret)[:2]
    bob_code = wrong_codes(match.secret)[2]
    for code in ann_codes:
        await ann.send(f"/g {code}")
    await bob.send(f"/g {bob_code}")
    [won] = sent(await bob.send(f"/g {match.secret}"), GROUP)
    urls = [b.get("url") for row in won.markup for b in row]
    assert link in urls

    group_before = len(sent(recorded.calls, GROUP))
    ann_review = review_of(await ann.in_private().send(f"/start review_{match.id}"))
    assert int(ann_review.params["chat_id"]) == 11
    assert ann_review.text.startswith("📊 <b>Review of your guesses in the race</b>")
    assert [m["guess"] for m in rows(ann_review.text)] == ann_codes
    bob_review = review_of(await bob.in_private().send(f"/start review_{match.id}"))
    assert [m["guess"] for m in rows(bob_review.text)] == [bob_code, match.secret]
    assert len(sent(recorded.calls, GROUP)) == group_before  # the group is told nothing

    cat = Member(app, recorded, 33, "Cat")
    [stranger] = sent(await cat.in_private().send(f"/start review_{match.id}"))
    assert stranger.text == t("review.not_yours")
    [forged] = sent(await cat.in_private().send("/start review_x1"))
    assert forged.text == t("review.not_yours")


async def test_a_game_of_another_chat_or_a_forged_button_is_refused(chat, app):
    await play_and_win(chat, app, guesses=1)
    game = await app.bot_data.runtime.core.deps.store.games.latest_game(USER, "referee")
    other = Chat(chat.app, chat.request, chat_id=USER + 1, user_id=USER + 1)
    assert toasts(await other.press(review_board.game_data(game.id), message_id=1)) == [t("review.not_yours")]
    for forged in ("rv", "rv:q:1", "rv:g:x", "rv:g:1:2", "rv:g:99999999999999999999"):
        assert toasts(await chat.press(forged, message_id=1)) == [t("stale")], forged


async def test_a_group_duel_ends_with_a_link_to_each_players_own_review_and_tells_the_group_nothing(app, recorded):
    ann, bob, match_id = await duel_set_up(app, recorded)
    [early] = sent(await bob.in_private().send(f"/start review_{match_id}"))
    assert early.text == t("review.running")  # a duel still on: nothing of it
    await ann.send("/g 0123")
    await bob.send("/g 4321")
    await ann.send(f"/g {BOB_SECRET}")
    ended = sent(await bob.send("/g 2134"), GROUP)  # the duel's end (and what it earned, if anything)
    urls = [b.get("url") for call in ended for row in call.markup for b in row]
    assert f"https://t.me/bullscows_test_bot?start=review_{match_id}" in urls

    group_before = len(sent(recorded.calls, GROUP))
    ann_review = review_of(await ann.in_private().send(f"/start review_{match_id}"))
    assert int(ann_review.params["chat_id"]) == 11
    assert ann_review.text.startswith("📊 <b>Review of your guesses in the duel</b>")
    assert [m["guess"] for m in rows(ann_review.text)] == ["0123", BOB_SECRET]
    assert ANN_SECRET not in ann_review.text  # her own code is no guess of hers
    bob_review = review_of(await bob.in_private().send(f"/start review_{match_id}"))
    assert [m["guess"] for m in rows(bob_review.text)] == ["4321", "2134"]
    assert [int(m["before"]) for m in rows(bob_review.text)] == [
        5040,
        len(candidates(CLASSIC, [Turn("4321", score(ANN_SECRET, "4321"))])),
    ]
    assert len(sent(recorded.calls, GROUP)) == group_before  # the group is told nothing


async def test_a_private_duels_end_has_a_review_button_each_in_its_players_language(app, recorded):
    ann, bob = await private_duel(app, recorded)  # Ann's app speaks Russian
    await ann.send("0123")
    await bob.send("4321")
    await ann.send(BOB_SECRET)
    calls = await bob.send("1357")
    data, message_id = private_button(calls, 11, "📊 Разбор партии")
    ann_review = review_of(await ann.press(data, message_id))
    assert ann_review.text.startswith("📊 <b>Разбор твоих ходов в дуэли</b>")
    assert [m["guess"] for m in rows(ann_review.text)] == ["0123", BOB_SECRET]
    data, message_id = private_button(calls, 22, "📊 Review")
    bob_review = review_of(await bob.press(data, message_id))
    assert [m["guess"] for m in rows(bob_review.text)] == ["4321", "1357"]


async def test_a_won_game_without_a_guess_worse_than_good_earns_flawless_once_its_review_is_shown(chat, app):
    await chat.send("/play")
    game = await running(app)
    await chat.send(game.secret)  # found at once: a first guess of the classic game is best, whichever it is
    calls = await chat.send("/review")
    review = review_of(calls)
    assert review.text.split("\n")[1].endswith("⭐")  # the one guess, best
    earned = plain(t("ach.earned", name=t("ach.flawless"), how="", rarity="")).split(",")[0]
    assert [c.text for c in sent(calls) if plain(c.text).startswith(earned)], [c.text for c in sent(calls)]
    again = await chat.send("/review")
    assert not [c.text for c in sent(again) if plain(c.text).startswith(earned)]  # announced once
