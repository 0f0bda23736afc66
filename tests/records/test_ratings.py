"""Ratings: OpenSkill updates against the Plackett–Luce formula, which matches count, the stored history and its
replay, and the rating in match endings, /top rating and /stats."""

import asyncio
import inspect
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime
from math import exp, sqrt

import pytest

from bot.cli import main as cli
from bot.matches.model import Match, MatchKind, Placed, Player
from bot.records import rankings, ratings, replay
from bot.records import rating as rules
from bot.records.model import ALL_CHATS
from bot.records.ratings_store import SqliteRatingRepository
from bot.store.db import Transactions, open_database
from bot.store.store import Store
from engine.variant import variant_named
from tests.bot.fakes import Clock, runtime_on, telegram_app
from tests.bot.members import GROUP, Member, sent, without_awards
from tests.duel.test_duel import ANN_SECRET, BOB_SECRET, keyboard, set_up
from tests.race.test_race import the_race, wrong_code

NEW = 25 / 3  # a new player's sigma
OTHER_GROUP = -100777


def plackett_luce(players: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """Weng & Lin (2011), Algorithm 4, one player per team, written from the paper: (mu, sigma) after a game.

    beta = 25/6, the dynamics tau = 25/300 added to sigma first, kappa = 1e-4, gamma = sigma_i / c.
    """
    beta, tau, kappa = 25 / 6, 25 / 300, 1e-4
    var = [sigma**2 + tau**2 for _, sigma in players]
    c = sqrt(sum(v + beta**2 for v in var))
    strength = [exp(mu / c) for mu, _ in players]
    n = range(len(players))
    below = [sum(strength[i] for i in n if ranks[i] >= ranks[q]) for q in n]  # those placed no better than q
    tied = [sum(1 for i in n if ranks[i] == ranks[q]) for q in n]
    after = []
    for i in n:
        omega = delta = 0.0
        for q in n:
            if ranks[q] <= ranks[i]:
                p = strength[i] / below[q]
                delta += p * (1 - p) / tied[q]
                omega += ((q == i) - p) / tied[q]
        omega *= var[i] / c
        delta *= var[i] / c**2 * sqrt(var[i]) / c
        after.append((players[i][0] + omega, sqrt(var[i]) * sqrt(max(1 - delta, kappa))))
    return after


# --- the model ----------------------------------------------------------------------------------------------


def test_a_duel_between_new_players_moves_each_by_the_closed_form():
    var = NEW**2 + (25 / 300) ** 2
    c = sqrt(2 * (var + (25 / 6) ** 2))
    step = var / (2 * c)  # omega = (1 - 1/2) * var / c for the winner, the opposite for the loser
    sigma = sqrt(var) * sqrt(1 - var**1.5 / (4 * c**3))  # delta = 1/4 * var / c^2 * sqrt(var) / c
    after = rules.rated({1: rules.Skill(), 2: rules.Skill()}, {1: 1, 2: 2})
    assert after[1].mu == pytest.approx(25 + step, rel=1e-12)
    assert after[2].mu == pytest.approx(25 - step, rel=1e-12)
    assert after[1].sigma == after[2].sigma == pytest.approx(sigma, rel=1e-12)
    assert (after[1].mu, after[1].sigma) == pytest.approx((27.635389493140497, 8.06590141354368), rel=1e-12)
    assert after[1].games == after[2].games == 1


def test_a_four_player_race_matches_the_plackett_luce_formula():
    # Cid wins; Ann, Bob and Dee did not solve and tie last. Bob was strong and sure, Cid weaker.
    before = {1: rules.Skill(25, NEW, 3), 2: rules.Skill(30, 4, 9), 3: rules.Skill(20, 6, 6), 4: rules.Skill(25, NEW)}
    places = {1: 2, 2: 2, 3: 1, 4: 2}
    after = rules.rated(before, places)
    expected = plackett_luce([(s.mu, s.sigma) for s in before.values()], list(places.values()))
    for user, (mu, sigma) in zip(before, expected, strict=True):
        assert (after[user].mu, after[user].sigma) == pytest.approx((mu, sigma), rel=1e-12)
    literals = {  # the same numbers, worked once and fixed here
        1: (24.104331382002854, 8.104741419897262),
        2: (29.598465777928514, 3.9867218294152087),
        3: (21.831949733228026, 5.977854014148276),
        4: (24.104331382002854, 8.104741419897262),
    }
    for user, pair in literals.items():
        assert (after[user].mu, after[user].sigma) == pytest.approx(pair, rel=1e-12)
    assert [after[u].games for u in (1, 2, 3, 4)] == [4, 10, 7, 1]


def test_a_draw_between_equals_changes_no_mean_and_narrows_both():
    after = rules.rated({1: rules.Skill(), 2: rules.Skill()}, {1: 1, 2: 1})
    assert after[1].mu == after[2].mu == pytest.approx(25)
    assert after[1].sigma < NEW
    uneven = rules.rated({1: rules.Skill(), 2: rules.Skill(28, 3)}, {1: 1, 2: 1})
    expected = plackett_luce([(25, NEW), (28, 3)], [1, 1])
    assert [v for s in uneven.values() for v in (s.mu, s.sigma)] == pytest.approx(
        [*expected[0], *expected[1]], rel=1e-12
    )
    assert uneven[1].mu > 25  # a draw with a stronger player lifts the weaker
    assert uneven[2].mu < 28


def test_the_shown_number_is_1500_plus_20_times_the_conservative_estimate():
    assert rules.shown(rules.Skill().conservative) == 1500
    assert rules.shown(3.437685252509457) == 1569
    assert rules.shown_change(3.437685252509457, 3.437685252509457) == 69
    assert rules.Skill(games=4).provisional
    assert not rules.Skill(games=5).provisional


def test_codes_with_repeats_are_colours_and_distinct_codes_are_digits():
    assert rules.family_of(variant_named("mastermind")) == "colours"
    assert rules.family_of(variant_named("mastermind10")) == "colours"
    assert rules.family_of(variant_named("4r8")) == "colours"
    for name in ("classic", "nozero", "5d10", "3", "4d6z"):
        assert rules.family_of(variant_named(name)) == "digits", name


# --- which matches count ------------------------------------------------------------------------------------

MOMENT = datetime(2026, 11, 23, tzinfo=UTC)


def a_match(kind, status, *players, winner=None):
    return Match(1, GROUP, kind, variant_named("classic"), 11, MOMENT, status=status, winner_id=winner, players=players)


ANN, BOB, CID = Player(11, 1, "Ann", 3), Player(22, 2, "Bob", 2), Player(33, 3, "Cid", 4)


def solved(player, n):
    return replace(player, guesses=n, solved_in=n)


def test_a_won_race_ranks_the_solver_first_and_ties_everyone_else_last():
    race = a_match(MatchKind.RACE, "won", ANN, solved(BOB, 2), CID, winner=22)
    assert rules.placings(race) == {22: 1, 11: 2, 33: 2}
    two_solvers = a_match(MatchKind.RACE, "won", solved(ANN, 4), solved(BOB, 2), CID, winner=22)
    assert rules.placings(two_solvers) == {22: 1, 11: 2, 33: 3}


def test_races_with_one_player_no_solver_or_a_stop_are_not_rated():
    assert rules.placings(a_match(MatchKind.RACE, "won", solved(BOB, 2), winner=22)) is None
    assert rules.placings(a_match(MatchKind.RACE, "expired", ANN, BOB)) is None
    assert rules.placings(a_match(MatchKind.RACE, "stopped", ANN, BOB)) is None


def test_duels_count_wins_draws_and_forfeits_but_not_stops_unsolved_draws_or_duels_that_never_began():
    assert rules.placings(a_match(MatchKind.DUEL, "won", ANN, BOB, winner=22)) == {22: 1, 11: 2}
    both_solved = (Player(11, 1, "Ann", 3, 3), Player(22, 2, "Bob", 3, 3))
    assert rules.placings(a_match(MatchKind.DUEL, "draw", *both_solved)) == {11: 1, 22: 1}
    assert rules.placings(a_match(MatchKind.DUEL, "draw", ANN, BOB)) is None  # neither solved in every guess allowed
    assert rules.placings(a_match(MatchKind.DUEL, "forfeit", ANN, BOB, winner=11)) == {11: 1, 22: 2}
    assert rules.placings(a_match(MatchKind.DUEL, "resigned", ANN, BOB, winner=22)) == {22: 1, 11: 2}
    assert rules.placings(a_match(MatchKind.DUEL, "stopped", ANN, BOB)) is None
    assert rules.placings(a_match(MatchKind.DUEL, "expired", ANN, BOB)) is None
    assert rules.placings(a_match(MatchKind.DUEL, "expired", ANN)) is None
    assert rules.placings(a_match(MatchKind.DUEL, "declined", ANN, BOB)) is None
    assert rules.placings(a_match(MatchKind.VERSUS, "won", ANN, Player(0, 2, "bot"), winner=11)) is None


# --- storage ------------------------------------------------------------------------------------------------


def placed(user, conservative, games, rank=1):
    """A rated result whose rating has this conservative estimate (sigma 2)."""
    return Placed(user, rank, conservative + 6, 2.0, games, games >= 5, 1.0)


async def matches_stored(deps, *ids):
    """Finished races with these ids, for rated results made up by hand to refer to."""
    async with deps.transaction():
        for match_id in ids:
            await deps.store.conn.execute(
                "INSERT INTO matches (id, chat_id, kind, variant, started_by, started_at, status, phase)"
                " VALUES (?, ?, 'race', 'classic', 1, ?, 'won', 'over')",
                (match_id, GROUP, MOMENT.isoformat()),
            )


async def test_provisional_players_come_after_established_ones_and_places_count_them_all(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        repo, deps = runtime.store.repository(SqliteRatingRepository), runtime.core.deps
        await matches_stored(deps, 1, 2, 3)
        async with deps.transaction():
            await repo.record(1, "digits", GROUP, MOMENT, [placed(1, 30.0, 2), placed(2, 10.0, 7), placed(3, 12.0, 5)])
            await repo.record(2, "digits", OTHER_GROUP, MOMENT, [placed(4, 11.0, 6), placed(5, 5.0, 1)])
            await repo.record(3, "colours", GROUP, MOMENT, [placed(6, 40.0, 9)])
        assert [line.user_id for line in await repo.leaderboard(GROUP, "digits", 10)] == [3, 2, 1]
        assert [line.user_id for line in await repo.leaderboard(ALL_CHATS, "digits", 10)] == [3, 4, 2, 1, 5]
        assert [line.established for line in await repo.leaderboard(ALL_CHATS, "digits", 10)] == [True] * 3 + [
            False
        ] * 2
        assert await repo.place(ALL_CHATS, "digits", 2) == (3, 5)
        assert await repo.place(GROUP, "digits", 1) == (3, 3)
        assert await repo.place(GROUP, "digits", 4) is None
        assert await repo.place(ALL_CHATS, "colours", 6) == (1, 1)
        for scope in (ALL_CHATS, GROUP, OTHER_GROUP):  # counted from above or from below, the place is the board's
            board = await repo.leaderboard(scope, "digits", 10)
            assert [await repo.place(scope, "digits", line.user_id) for line in board] == [
                (n, len(board)) for n in range(1, len(board) + 1)
            ]
        async with deps.transaction():
            await runtime.store.move_chat(GROUP, -100999)  # a group upgraded to a supergroup takes its board along
        assert await repo.place(-100999, "digits", 1) == (3, 3)
        assert await repo.place(GROUP, "digits", 1) is None


async def test_a_player_below_the_rating_board_s_rows_is_told_where_they_stand(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        repo, deps = runtime.store.repository(SqliteRatingRepository), runtime.core.deps
        await matches_stored(deps, 1)
        async with deps.transaction():
            await repo.record(1, "digits", GROUP, MOMENT, [placed(1, 30.0, 2), placed(2, 10.0, 7), placed(3, 12.0, 5)])
        shown = await ratings.leaderboard(deps, GROUP, "classic", limit=2, user_id=1)
        assert [line.user_id for line, _ in shown.lines] == [3, 2]
        assert shown.you is not None
        assert shown.you[:2] == (3, 3)
        text = rankings.leaderboard("en", shown).replies[0].text
        assert "📍 You are #3 of 3 (rating " in text
        assert "2 rated games)" in text
        assert "📍 Ты на 3-м месте из 3 (рейтинг " in rankings.leaderboard("ru", shown).replies[0].text
        listed = await ratings.leaderboard(deps, GROUP, "classic", limit=2, user_id=2)
        assert listed.you is None
        assert "📍" not in rankings.leaderboard("en", listed).replies[0].text
        unrated = await ratings.leaderboard(deps, GROUP, "classic", limit=2, user_id=99)
        assert unrated.you is None


async def test_the_rating_board_queries_use_their_index(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        repo, conn = runtime.store.repository(SqliteRatingRepository), runtime.store.conn
        await matches_stored(runtime.core.deps, 1)
        async with runtime.core.deps.transaction():
            await repo.record(1, "digits", GROUP, MOMENT, [placed(1, 3.0, 2), placed(2, 1.0, 7)])
        traced: list[str] = []
        await conn.set_trace_callback(traced.append)
        await repo.leaderboard(GROUP, "digits", 10)
        await repo.leaderboard(ALL_CHATS, "digits", 10)
        await repo.place(ALL_CHATS, "digits", 2)
        await conn.set_trace_callback(None)
        plans = []
        for sql in traced:
            async with conn.execute("EXPLAIN QUERY PLAN " + sql) as cursor:
                plans.append(" / ".join(row[3] for row in await cursor.fetchall()))
        for plan in plans:
            assert "SCAN rating_board" not in plan, plan
            assert "TEMP B-TREE" not in plan, plan  # read in index order, never sorted
        assert all("rating_board_rank" in plan or "rating_board" not in plan for plan in plans[:2])


# --- in play ------------------------------------------------------------------------------------------------


async def race_won_by(app, request, winner: Member, *others: Member) -> str:
    """Each of `others` makes one wrong guess, then `winner` finds the secret; the ending's text comes back."""
    await winner.send("/challenge")
    match, _ = await the_race(app)
    for other in others:
        await other.send(f"/g {wrong_code(match.secret)}")
    [won] = without_awards(sent(await winner.send(f"/g {match.secret}")))
    return won.text


async def stored(app, sql):
    async with app.bot_data.runtime.store.conn.execute(sql) as cursor:
        return [tuple(row) async for row in cursor]


async def test_a_race_ending_shows_and_stores_everyone_s_new_rating(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    text = await race_won_by(app, recorded, bob, ann)
    assert "📈 Rating: Bob 1569? (+69), Ann 1463? (−37)" in text
    rows = await stored(app, "SELECT user_id, family, chat_id, rank FROM rated_results ORDER BY seq")
    assert rows == [(22, "digits", GROUP, 1), (11, "digits", GROUP, 2)]
    [(mu, sigma, games)] = await stored(app, "SELECT mu, sigma, games FROM ratings WHERE user_id = 22")
    assert (mu, sigma, games) == pytest.approx((27.635389493140497, 8.06590141354368, 1), rel=1e-12)


async def test_a_race_of_ten_lists_eight_new_ratings_and_counts_the_rest(app, recorded):
    winner, *others = (Member(app, recorded, 100 + i, f"P{i}") for i in range(10))
    text = await race_won_by(app, recorded, winner, *others)
    summary = next(line for line in text.split("\n") if line.startswith("📈 Rating: "))
    assert summary.startswith("📈 Rating: P0 ")
    assert summary.endswith(", …and 2 more")
    assert summary.count("(") == 8
    assert await stored(app, "SELECT count(*) FROM rated_results") == [(10,)]


async def test_a_race_with_one_player_or_stopped_is_not_rated(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    text = await race_won_by(app, recorded, ann)
    assert "Rating" not in text
    await ann.send("/challenge")
    match, _ = await the_race(app)
    await bob.send(f"/g {wrong_code(match.secret)}")
    [stopped] = sent(await ann.send("/stop"))
    assert "Rating" not in stopped.text
    assert await stored(app, "SELECT count(*) FROM rated_results") == [(0,)]


async def test_a_duel_win_and_a_draw_are_rated_in_the_ending(app, recorded):
    ann, bob, _ = await set_up(app, recorded)
    await ann.send(f"/g {BOB_SECRET}")
    [draw] = without_awards(sent(await bob.send(f"/g {ANN_SECRET}"), GROUP))
    assert "A draw" in draw.text
    assert "📈 Rating: Ann 1516? (+16), Bob 1516? (+16)" in draw.text
    await set_up(app, recorded)
    await ann.send("/g 0987")
    [won] = sent(await bob.send(f"/g {ANN_SECRET}"), GROUP)
    assert "Bob</a> wins the duel" in won.text
    assert "📈 Rating: Bob " in won.text
    assert await stored(app, "SELECT user_id, rank FROM rated_results ORDER BY seq") == [
        (11, 1),
        (22, 1),
        (22, 1),
        (11, 2),
    ]


async def test_a_forfeit_and_a_resignation_are_losses_and_a_lapsed_invitation_is_not_rated(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        ann, bob, match_id = await set_up(app, request)
        core = app.bot_data.runtime.core
        await ann.send("/g 0987")
        clock.advance(301)
        outcome = (await core.on_deadline(match_id)).outcome
        assert "📈 Rating: Ann 1569? (+69), Bob 1463? (−37)" in outcome.replies[0].text
        await set_up(app, request)
        [resigned] = sent(await ann.send("/resign"), GROUP)
        assert "Ann resigns" in resigned.text
        assert "📈 Rating: Bob " in resigned.text
        [invite] = sent(await ann.send("/duel", reply_to=bob))
        lapsed = (await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)).id
        clock.advance(601)
        outcome = (await core.on_deadline(lapsed)).outcome
        assert "Rating" not in outcome.replies[0].text
        assert keyboard(invite)
        ranks = await stored(app, "SELECT match_id, user_id, rank FROM rated_results ORDER BY seq")
        assert [(u, r) for _, u, r in ranks] == [(11, 1), (22, 2), (22, 1), (11, 2)]
        assert lapsed not in {m for m, _, _ in ranks}


async def test_top_rating_lists_the_chat_s_players_and_global_lists_everyone(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    cid, dee = Member(app, recorded, 33, "Cid", OTHER_GROUP), Member(app, recorded, 44, "Dee", OTHER_GROUP)
    await race_won_by(app, recorded, bob, ann)
    await cid.send("/challenge")
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(OTHER_GROUP)
    await dee.send(f"/g {wrong_code(match.secret)}")
    await cid.send(f"/g {match.secret}")

    [board] = sent(await ann.send("/top rating"))
    assert "📈 <b>Rating · this chat</b> · digits" in board.text
    assert "🥇 Bob — <b>1569?</b> · 1 rated game" in board.text
    assert "🥈 Ann — <b>1463?</b> · 1 rated game" in board.text
    assert "Cid" not in board.text
    [everyone] = sent(await ann.send("/top rating global"))
    assert "all chats" in everyone.text
    assert ["Bob" in everyone.text, "Cid" in everyone.text, "Dee" in everyone.text] == [True, True, True]
    assert everyone.text.index("Bob") < everyone.text.index("Ann")
    [colours] = sent(await ann.send("/top rating colours"))
    assert "colours" in colours.text
    assert "No rated games here yet" in colours.text
    [russian] = sent(await ann.send("/top рейтинг цвета"))
    assert russian.text == colours.text
    [digits] = sent(await ann.send("/top рейтинг цифры"))
    assert digits.text == board.text
    assert board.buttons == [
        ("🏆 Fewest guesses", "tp:c:a:classic"),
        ("❓", "hp:rating"),  # what the rating is, behind "?" rather than under every board
        ("• 🔢 Digits •", "rt:c:classic"),
        ("🎨 Colours", "rt:c:mastermind"),
        ("• This chat •", "rt:c:classic"),  # in a group: this chat or all chats, as on the other boards
        ("All chats", "rt:g:classic"),
    ]
    [private] = sent(await Member(app, recorded, 11, "Ann", chat_id=11).send("/top rating"))
    assert [d for _, d in private.buttons] == ["tp:g:a:classic", "hp:rating", "rt:g:classic", "rt:g:mastermind"]


async def test_the_leaderboard_has_a_rating_button_that_switches_in_place(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await race_won_by(app, recorded, bob, ann)
    [top] = sent(await ann.send("/top"))
    assert ("📈 Rating", "rt:c:classic") in top.buttons
    calls = await ann.press("rt:c:classic", top.params["_sent_id"])
    assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
    assert "Bob — <b>1569?</b>" in calls[1].text
    calls = await ann.press("rt:g:mastermind", top.params["_sent_id"])
    assert "all chats" in calls[1].text
    assert "colours" in calls[1].text
    calls = await ann.press("rt:c:nonsense", top.params["_sent_id"])
    assert [c.method for c in calls] == ["answerCallbackQuery"]


async def test_stats_show_the_rating_its_last_change_and_the_global_place(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    await race_won_by(app, recorded, bob, ann)
    [mine] = sent(await ann.send("/stats"))
    assert "Rating (digits) <b>1463?</b> · last game −37 · #2 of 2" in mine.text
    [never] = sent(await ann.send("/stats mastermind"))
    assert "Rating" not in never.text


async def test_five_rated_games_make_a_rating_established(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    for _ in range(4):
        text = await race_won_by(app, recorded, bob, ann)
        assert "?" in text.split("📈")[1]
    text = await race_won_by(app, recorded, bob, ann)
    line = text.split("📈")[1]
    assert "?" not in line
    [mine] = sent(await bob.send("/stats"))
    assert "#1 of 2" in mine.text


# --- the replay -------------------------------------------------------------------------------------------------


async def snapshot(conn):
    state = []
    for sql in (
        "SELECT * FROM ratings ORDER BY family, user_id",
        "SELECT * FROM rated_results ORDER BY seq",
        "SELECT * FROM rating_board ORDER BY chat_id, family, user_id",
    ):
        async with conn.execute(sql) as cursor:
            state.append([tuple(row) for row in await cursor.fetchall()])
    return state


async def test_rerating_from_history_gives_exactly_the_stored_ratings(app, recorded, monkeypatch):
    ann, bob, cid = (Member(app, recorded, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cid")))
    await race_won_by(app, recorded, bob, ann, cid)
    await race_won_by(app, recorded, cid, bob)
    await ann.send("/challenge mastermind")
    match, _ = await the_race(app)
    await bob.send(f"/g {wrong_code(match.secret)}")
    await ann.send(f"/g {match.secret}")
    ann_, bob_, _ = await set_up(app, recorded)
    await ann_.send(f"/g {BOB_SECRET}")
    await bob_.send(f"/g {ANN_SECRET}")
    store = app.bot_data.runtime.store
    before = await snapshot(store.conn)
    assert len(before[1]) == 9

    monkeypatch.setattr(replay, "REPLAY_CHUNK", 2)  # matches split across chunks are carried over whole
    replayed = await replay.rerate(store)
    assert (replayed.players, replayed.matches, replayed.changed) == (3, 4, 0)
    assert await snapshot(store.conn) == before

    async with store.transaction():
        await store.conn.execute("UPDATE ratings SET mu = 0, games = 0")
        await store.conn.execute("DELETE FROM rating_board")
    await replay.rerate(store)
    assert await snapshot(store.conn) == before

    async with store.transaction():  # places and ratings no rated result gives
        await store.conn.execute("INSERT INTO rating_board VALUES (?, 'digits', 11, 1, 5.0)", (OTHER_GROUP,))
        await store.conn.execute("INSERT INTO rating_board VALUES (?, 'colours', 77, 1, 5.0)", (ALL_CHATS,))
        await store.conn.execute("INSERT INTO ratings VALUES ('colours', 77, 30, 2, 24, 9, 1.0, '2026-01-01')")
        await store.conn.execute(
            "UPDATE rating_board SET conservative = 0 WHERE user_id = 22 AND chat_id = ?", (GROUP,)
        )
    await replay.rerate(store)
    assert await snapshot(store.conn) == before


class Interleaved(Transactions):
    """The rerate's transactions and reads, each after a match rated by the bot (on its own connection), up to
    `rounds` in each stage of the rerate (history, ratings, boards, and the last step of run)."""

    def __init__(self, conn, rate_one, rounds):
        super().__init__(conn)
        self.rate_one, self.rounds, self.rated = rate_one, rounds, dict.fromkeys(STAGES, 0)

    async def interleave(self):
        [stage] = [f.function for f in inspect.stack() if f.function in STAGES and "self" in f.frame.f_locals][:1]
        if self.rated[stage] < self.rounds:
            self.rated[stage] += 1
            await self.rate_one(stage, sum(self.rated.values()))

    @asynccontextmanager
    async def __call__(self):
        await self.interleave()
        async with super().__call__():
            yield

    @asynccontextmanager
    async def settled(self):
        await self.interleave()
        async with super().settled():
            yield


STAGES = ("history", "ratings", "boards", "run")


async def test_matches_rated_while_the_rerate_runs_end_exactly_as_a_replay_of_everything_gives(
    app, recorded, tmp_path, monkeypatch
):
    app.bot_data.intake.guard.burst = 1000  # 24 races in a second are not a flood here
    players = [Member(app, recorded, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cid"), (44, "Dan"))]
    for winner, *others in ((1, 0, 2), (2, 1), (3, 0, 1, 2), (0, 3)):
        await race_won_by(app, recorded, players[winner], *(players[i] for i in others))
    bot_store = app.bot_data.runtime.store
    async with bot_store.transaction():  # as if the model had changed: every stored rating is off
        await bot_store.conn.execute("UPDATE ratings SET mu = mu + 1, sigma = sigma * 0.9")

    eve = Member(app, recorded, 5, "Eve")  # first on every board, read before any step catches her up

    async def rate_one(stage, n):  # a race whose players' ratings the rerate may or may not have reached
        winner, loser = players[n % 4], players[(n * 3 + 1) % 4]
        if stage == "boards" and eve not in players:  # someone new, whom the replay has not read yet
            players.append(eve)
            await race_won_by(app, recorded, eve, winner)
            return
        await race_won_by(app, recorded, winner, loser, *([players[(n + 2) % 4]] if n % 3 == 0 else []))

    monkeypatch.setattr(replay, "REPLAY_CHUNK", 3)
    monkeypatch.setattr(replay, "BATCH", 2)
    monkeypatch.setattr(replay, "STEP_SECONDS", 0)  # a batch a transaction
    conn = await open_database(tmp_path / "db.sqlite3")  # the rerate's own connection, as `bullscows rerate` has
    store = Store(conn)
    store.transaction = Interleaved(conn, rate_one, rounds=6)
    try:
        replayed = await replay.rerate(store)
    finally:
        await store.close()
    rated = store.transaction.rated
    # before the reads and steps of every stage, and one after the last step (rated from the replay's ratings)
    assert rated == {"history": 6, "ratings": 6, "boards": 6, "run": 2}
    assert replayed.matches == 4 + 19
    assert replayed.changed > 0

    after = await snapshot(bot_store.conn)
    again = await replay.rerate(bot_store)
    assert (again.players, again.matches, again.changed) == (5, 24, 0)  # a replay of the whole history, to the bit
    assert await snapshot(bot_store.conn) == after


def test_the_rerate_command_prints_players_and_matches(tmp_path, capsys):
    async def prepare():
        async with runtime_on(tmp_path / "db.sqlite3") as runtime:
            await matches_stored(runtime.core.deps, 1)
            async with runtime.core.deps.transaction():
                await runtime.store.repository(SqliteRatingRepository).record(
                    1, "digits", GROUP, MOMENT, [placed(1, 3.0, 1), placed(2, 1.0, 1, 2)]
                )

    asyncio.run(prepare())
    assert cli(["rerate", "--database", str(tmp_path / "db.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert "rerated 2 players from 1 matches" in out
    assert "2 stored results differed" in out  # the rows above were not made by the model
