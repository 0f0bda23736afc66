"""/ranked through the whole Application: a secret one player marks and another plays, both games side by side only
once both are over, both rated as the rating library says, and every cheat that would buy a rating refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from openskill.models import PlackettLuce

from bot.ranked import service as ranked
from bot.ranked.screens import History, RankedStart, SideBySide
from bot.ranked.store import SqliteRankedRepository
from bot.texts import t
from bot.who import Who
from engine.variant import PRESETS
from tests.bot.fakes import EPOCH, Clock, telegram_app
from tests.bot.members import Member, sent, toasts

ANN, BOB, CID = 1001, 1002, 1003
WRONG = ("5678", "6789", "7890", "8901", "9012")


def member(app, request, user_id: int, name: str, language: str | None = None) -> Member:
    return Member(app, request, user_id, name, user_id, language_code=language)


async def running(deps, user_id: int):
    return await deps.store.games.active_game(user_id)


async def misses(player: Member, deps, count: int) -> None:
    """`count` guesses that are not the code."""
    game = await running(deps, player.user_id)
    for guess in [g for g in WRONG if g != game.secret][:count]:
        await player.send(guess)


async def solve(player: Member, deps, clock: Clock, wrong: int = 0, seconds: float = 60) -> list:
    """The player's ranked game solved after `wrong` misses, `seconds` after the last move; what the bot sent."""
    await misses(player, deps, wrong)
    clock.advance(seconds)
    game = await running(deps, player.user_id)
    return sent(await player.send(game.secret))


async def rows(deps, sql: str, *params) -> list[tuple]:
    async with deps.store.games.conn.execute(sql, params) as cursor:
        return [tuple(row) for row in await cursor.fetchall()]


@pytest.fixture
async def world(tmp_path):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        yield app, request, deps, clock


async def test_the_second_player_plays_the_first_ones_code_and_sees_it_only_after_finishing(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    start, board = sent(await ann.send("/ranked"))
    assert "you set the mark" in start.text
    assert "⚔️ Ranked · 4 digits, no repeats" in board.text
    marked = await running(deps, ANN)
    assert marked.ranked is not None
    assert not marked.coaching
    ann_guesses = [g for g in WRONG if g != marked.secret][:2]
    await misses(ann, deps, 2)
    finished = await solve(ann, deps, clock)
    assert "Your mark is set" in finished[1].text
    start, _board = sent(await bob.send("/ranked"))
    assert "Your opponent: Ann (1500?)" in start.text
    taking = await running(deps, BOB)
    assert taking.secret == marked.secret
    assert taking.ranked == marked.ranked
    # before Bob finishes, nothing of Ann's game reaches him, and his game nothing of hers
    before = [c.text for c in request.calls if int(c.params.get("chat_id", 0)) == BOB]
    assert not any(guess in text for guess in ann_guesses for text in before)
    [refused] = toasts(await bob.press(f"rk:s:{marked.ranked}"))
    assert refused == "Both games of that code aren't over yet."
    [history] = sent(await ann.press("rk:l"))
    assert "your mark is being played" in history.text
    assert [d for _, d in history.buttons] == []  # nothing to see of a secret not closed
    done = await solve(bob, deps, clock, wrong=1)
    compared = done[1]
    assert compared.text.startswith(f"⚔️ <b>Ranked game #{marked.ranked}</b>")
    assert all(f"<code>{guess}</code>" in compared.text for guess in ann_guesses)  # Ann's game, after his
    assert "You: solved in 2 guesses" in compared.text
    assert "Ann: solved in 3 guesses" in compared.text
    assert "🏆 <b>You win!</b>" in compared.text
    assert any(mark in compared.text for mark in ("⭐", "✅", "👍", "🤔", "❌", "💥"))  # the review's labels
    [ann_sees] = sent(await ann.press(f"rk:s:{marked.ranked}"))
    assert "<b>Bob wins.</b>" in ann_sees.text


async def test_both_players_are_rated_by_fewest_guesses_as_the_rating_library_says(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock, wrong=1)  # 2 guesses
    await bob.send("/ranked")
    await solve(bob, deps, clock, wrong=3)  # 4 guesses: Ann's mark wins
    model = PlackettLuce()
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    stored = dict(
        (user, (mu, sigma, games))
        for user, mu, sigma, games in await rows(deps, "SELECT user_id, mu, sigma, games FROM ranked_ratings")
    )
    assert stored[ANN] == pytest.approx((winner.mu, winner.sigma, 1), rel=1e-12)
    assert stored[BOB] == pytest.approx((loser.mu, loser.sigma, 1), rel=1e-12)
    assert await rows(deps, "SELECT user_id, place FROM ranked_results ORDER BY user_id") == [(ANN, 1), (BOB, 2)]
    shown = round(1500 + 20 * (loser.mu - 3 * loser.sigma))
    [history] = sent(await bob.press("rk:l"))
    assert f"vs Ann: lost (−{1500 - shown})" in history.text


async def test_nobody_is_given_their_own_mark(world):
    app, request, deps, clock = world
    ann = member(app, request, ANN, "Ann")
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    first = (await running(deps, ANN)) is None and await rows(deps, "SELECT id FROM ranked_secrets")
    [start, _] = sent(await ann.send("/ranked"))
    assert "you set the mark" in start.text  # a fresh code: her own mark is never hers to play
    assert len(await rows(deps, "SELECT id FROM ranked_secrets")) == len(first) + 1
    assert await rows(deps, "SELECT count(*) FROM ranked_secrets WHERE taker IS NOT NULL") == [(0,)]


async def test_a_pair_meets_once_a_week_so_a_second_account_feeds_one_win_at_most(world):
    app, request, deps, clock = world
    ann, puppet = member(app, request, ANN, "Ann"), member(app, request, BOB, "Puppet")
    for _ in range(2):  # the puppet sets two marks and gives both up
        await puppet.send("/ranked")
        await puppet.send("/giveup")
        await puppet.press_label("Give up")
    await ann.send("/ranked")
    assert (await running(deps, ANN)).ranked == 1
    await solve(ann, deps, clock)
    [start, _] = sent(await ann.send("/ranked"))
    assert "you set the mark" in start.text  # not the puppet's second mark: they met this week
    await solve(ann, deps, clock)
    clock.advance(8 * 24 * 3600)  # a week later the second mark has lapsed too: no more wins from it
    [start, _] = sent(await ann.send("/ranked"))
    assert "you set the mark" in start.text


async def test_players_who_have_played_a_match_together_are_never_paired(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    async with deps.transaction():
        conn = deps.store.games.conn
        await conn.execute(
            "INSERT INTO matches (id, chat_id, kind, variant, started_by, phase, status, started_at)"
            " VALUES (77, -42, 'race', 'classic', ?, 'over', 'won', ?)",
            (ANN, EPOCH.isoformat()),
        )
        await conn.executemany(
            "INSERT INTO match_players (match_id, user_id, seat, name) VALUES (77, ?, ?, ?)",
            [(ANN, 1, "Ann"), (BOB, 2, "Bob")],
        )
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    [start, _] = sent(await bob.send("/ranked"))
    assert "you set the mark" in start.text  # they know each other: Ann could tell Bob her code


async def test_a_code_the_player_has_had_as_a_ranked_secret_is_not_given_to_them_again(world):
    app, request, deps, clock = world
    ann, bob, cid = (member(app, request, uid, name) for uid, name in ((ANN, "Ann"), (BOB, "Bob"), (CID, "Cid")))
    await ann.send("/ranked")
    code = (await running(deps, ANN)).secret
    await solve(ann, deps, clock)
    await bob.send("/ranked")
    await solve(bob, deps, clock)  # Bob has had Ann's code
    await cid.send("/ranked")
    await solve(cid, deps, clock)
    async with deps.transaction():  # Cid's mark happens to be the same code again
        await deps.store.games.conn.execute("UPDATE ranked_secrets SET secret = ? WHERE marker = ?", (code, CID))
    [start, _] = sent(await bob.send("/ranked"))
    assert "you set the mark" in start.text
    assert (await running(deps, BOB)).secret != code  # nor is a fresh code one he has had


async def test_a_secret_is_played_by_two_players_and_by_each_once(world):
    app, request, deps, clock = world
    ann, bob, cid = (member(app, request, uid, name) for uid, name in ((ANN, "Ann"), (BOB, "Bob"), (CID, "Cid")))
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    await bob.send("/ranked")
    [start, _] = sent(await cid.send("/ranked"))  # the mark is Bob's now: Cid gets a fresh code
    assert "you set the mark" in start.text
    repository = deps.store.repository(SqliteRankedRepository)
    assert not await repository.take(1, CID, clock())
    import sqlite3

    with pytest.raises(sqlite3.IntegrityError):
        async with deps.transaction():
            await deps.store.games.conn.execute(
                "INSERT INTO ranked_plays (game_id, secret_id, user_id, seat) VALUES (99, 1, ?, 2)", (BOB,)
            )


async def test_a_mark_is_offered_for_a_week_then_lapses_unrated(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    clock.advance(8 * 24 * 3600)
    [start, _] = sent(await bob.send("/ranked"))
    assert "you set the mark" in start.text
    [history] = sent(await ann.press("rk:l"))
    assert "nobody took your mark in time: not rated" in history.text


async def test_players_far_apart_in_skill_are_not_paired(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    async with deps.transaction():
        await deps.store.games.conn.execute(
            "INSERT INTO ranked_ratings (family, user_id, mu, sigma, games, updated_at)"
            " VALUES ('digits', ?, 40, 2, 30, ?)",
            (ANN, EPOCH.isoformat()),
        )
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    [start, _] = sent(await bob.send("/ranked"))  # a newcomer (μ 25) is not given a master's (μ 40) code
    assert "you set the mark" in start.text


async def test_giving_up_asks_first_loses_and_a_replayed_answer_changes_nothing(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock, wrong=4)
    await bob.send("/ranked")
    game = await running(deps, BOB)
    [asked] = sent(await bob.press(f"gu:{game.id}:{game.revision}"))
    assert asked.text == "Give up your ranked game? It counts as a loss."
    assert (await running(deps, BOB)) is not None  # asked: nothing changed yet
    answer = f"rk:g:{game.id}:{game.revision}"
    calls = await bob.press(answer)
    assert "<b>Ann wins.</b>" in sent(calls)[-1].text
    again = await bob.press(answer)
    assert toasts(again) == [t("stale")]
    assert sent(again) == []
    assert await rows(deps, "SELECT user_id, place FROM ranked_results ORDER BY user_id") == [(ANN, 1), (BOB, 2)]


async def test_leaving_a_ranked_game_for_another_game_loses_it(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock, wrong=2)
    await bob.send("/ranked")
    await bob.send("1234")
    [asked] = sent(await bob.send("/play"))
    assert "Abandon it" in asked.text
    await bob.press_label("Yes")
    assert await rows(deps, "SELECT user_id, place FROM ranked_results ORDER BY user_id") == [(ANN, 1), (BOB, 2)]


async def test_a_hint_is_taken_at_once_and_counts_as_a_guess(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock, wrong=1)  # 2 guesses
    await bob.send("/ranked")
    [board] = sent(await bob.send("/hint"))
    assert "⚔️ Ranked" in board.text
    assert "_" in board.text
    done = await solve(bob, deps, clock)  # 1 guess and a hint: 2, and more hints than Ann: Ann wins
    assert "You: solved in 1 guess" in done[1].text
    assert "1 hint" in done[1].text
    assert "<b>Ann wins.</b>" in done[1].text


async def test_each_player_may_review_their_own_ranked_game_and_not_the_others(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    ann_game = (await running(deps, ANN)).id
    await solve(ann, deps, clock, wrong=1)
    await bob.send("/ranked")
    bob_game = (await running(deps, BOB)).id
    await solve(bob, deps, clock, wrong=1)
    review = sent(await bob.press(f"rv:g:{bob_game}"))
    assert review[0].text.startswith("📊 <b>Game review</b>")
    refused = await bob.press(f"rv:g:{ann_game}")
    assert sent(refused) == []
    assert toasts(refused) != [""]


async def test_ranked_games_are_private_and_in_the_ranked_games_only(world):
    app, request, _deps, _clock = world
    in_group = Member(app, request, ANN, "Ann", -42)
    [note] = sent(await in_group.send("/ranked"))
    assert "private chat" in note.text
    ann = member(app, request, ANN, "Ann")
    [refused] = sent(await ann.send("/ranked 5"))
    assert refused.text.startswith("Ranked games are played in these games:")
    [start, _] = sent(await ann.send("/ranked mastermind"))
    assert "Mastermind" in start.text
    assert "(colours)" in start.text


async def test_a_running_game_is_asked_about_and_a_running_ranked_game_shown_again(world):
    app, request, _deps, _clock = world
    ann = member(app, request, ANN, "Ann")
    await ann.send("/play")
    [asked] = sent(await ann.send("/ranked"))
    assert asked.text == "A game is on here. Abandon it and play a ranked game?"
    [start, _] = sent(await ann.press_label("Yes, a ranked game"))
    assert "you set the mark" in start.text
    [again] = sent(await ann.send("/ranked"))
    assert "Your ranked game is on" in again.text


async def test_the_page_gets_every_ranked_screen_as_typed_values(world):
    app, _request, deps, _clock = world
    core = app.bot_data.runtime.core
    ann, bob = Who(ANN, ANN, name="Ann"), Who(BOB, BOB, name="Bob")
    begun = await core.on_command(ann, "ranked")
    assert isinstance(begun.account.screen, RankedStart)
    assert begun.account.screen.sets_mark
    code = (await running(deps, ANN)).secret
    await core.on_text(ann, code)
    taken = await core.on_command(bob, "ranked")
    assert isinstance(taken.account.screen, RankedStart)
    assert not taken.account.screen.sets_mark
    done = await core.on_text(bob, code)
    screen = done.account.screen
    assert isinstance(screen, SideBySide)
    assert screen.outcome == "draw"
    assert [row.guess for row in screen.theirs.rows] == [code]
    assert screen.theirs.rows[0].label is not None
    listed = await core.on_button(ann, "rk:l")
    assert isinstance(listed.account.screen, History)
    assert listed.account.screen.lines[0].closed


async def test_ranked_speaks_russian(tmp_path):
    clock = Clock(EPOCH)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        anna, boris = member(app, request, ANN, "Анна", "ru"), member(app, request, BOB, "Борис", "ru")
        [start, board] = sent(await anna.send("/ranked"))
        assert "планку задаёшь ты" in start.text
        assert "Рейтинговая партия" in board.text
        await solve(anna, deps, clock, wrong=1)
        await boris.send("/ranked")
        done = await solve(boris, deps, clock)
        assert "🏆 <b>Победа за тобой!</b>" in done[1].text
        assert "Ты: отгадано за 1 ход" in done[1].text
        assert "Анна: отгадано за 2 хода" in done[1].text


def test_a_week_is_how_long_a_mark_waits_and_a_pair_waits_to_meet_again():
    from bot.ranked import rules

    assert rules.MARK_SPAN == rules.MEET_SPAN == timedelta(days=7)


async def test_the_pairing_reads_along_its_indexes_never_a_whole_table(world):
    app, request, deps, clock = world
    ann = member(app, request, ANN, "Ann")
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    conn = deps.store.games.conn
    traced: list[str] = []
    await conn.set_trace_callback(traced.append)
    async with deps.transaction():
        mark = await ranked.pair(deps, BOB, PRESETS["classic"], 25.0, clock())
        await ranked.lapse_marks(deps)
    await conn.set_trace_callback(None)
    assert mark is not None
    plans = []
    for sql in traced:
        if not sql.lstrip().upper().startswith(("SELECT", "UPDATE")):
            continue
        async with conn.execute("EXPLAIN QUERY PLAN " + sql) as cursor:
            plans.append(" / ".join(row[3] for row in await cursor.fetchall()))
    assert len(plans) >= 5
    for plan in plans:
        assert "SCAN" not in plan, plan
        assert "TEMP B-TREE" not in plan, plan
    assert sum("INDEX ranked_open (" in plan for plan in plans) == 2  # the nearest marks on either side


async def test_marks_nobody_took_in_a_week_lapse_hourly_and_leave_the_pairing(world):
    app, request, deps, clock = world
    ann = member(app, request, ANN, "Ann")
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    assert await ranked.lapse_marks(deps) == 0
    clock.advance(7 * 24 * 3600 + 1)
    assert await ranked.lapse_marks(deps) == 1
    assert await rows(deps, "SELECT taker, closed_at IS NOT NULL FROM ranked_secrets") == [(None, 1)]
    [history] = sent(await ann.press("rk:l"))
    assert "nobody took your mark in time" in history.text
    assert history.buttons == []
    assert toasts(await ann.press("rk:s:1")) == ["Both games of that code aren't over yet."]  # a forged button


async def test_a_mark_taken_and_left_unfinished_for_a_week_is_lost_so_nobody_holds_a_rating_back(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    await ann.send("/ranked")
    await solve(ann, deps, clock, wrong=3)
    await bob.send("/ranked")
    await misses(bob, deps, 1)
    clock.advance(6 * 24 * 3600)
    assert await ranked.lapse_marks(deps) == 0  # still his to finish
    clock.advance(24 * 3600 + 1)
    assert await ranked.lapse_marks(deps) == 1
    assert await running(deps, BOB) is None
    assert await rows(deps, "SELECT user_id, place FROM ranked_results ORDER BY user_id") == [(ANN, 1), (BOB, 2)]


async def test_a_forged_button_shows_nobody_else_s_games(world):
    app, request, deps, clock = world
    ann, bob = member(app, request, ANN, "Ann"), member(app, request, BOB, "Bob")
    cid = member(app, request, CID, "Cid")
    await ann.send("/ranked")
    await solve(ann, deps, clock)
    await bob.send("/ranked")
    await solve(bob, deps, clock)
    assert toasts(await cid.press("rk:s:1")) == ["That ranked game isn't yours."]
    assert toasts(await cid.press("rk:s:99")) == ["That ranked game isn't yours."]
    for forged in ("rk:s:x", "rk:g:1:0", "rk:y:2:0", "rk:zz", "rk:s:1:2"):
        assert toasts(await cid.press(forged)) == [t("stale")], forged


async def test_a_daily_under_way_is_asked_about_and_a_match_goes_first(world):
    app, request, deps, _clock = world
    ann = member(app, request, ANN, "Ann")
    await ann.send("/daily")
    [asked] = sent(await ann.send("/ranked"))
    assert asked.text.startswith("Today's challenge is on, and leaving it ends it for today.")
    [start, _] = sent(await ann.press_label("Yes, a ranked game"))
    assert "you set the mark" in start.text
    assert await rows(deps, "SELECT status FROM games ORDER BY id") == [("abandoned",), ("active",)]
    await ann.send("/giveup")
    await ann.press_label("Give up")
    await ann.send("/versus")
    [refused] = sent(await ann.send("/ranked"))
    assert refused.text == "You're in a match: finish it (or /resign) first, then send /ranked."
