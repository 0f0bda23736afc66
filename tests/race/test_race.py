"""The group race, in-process: everyone guesses the bot's secret; the first to find it wins, exactly once."""

import asyncio
import logging

import pytest

from bot.race import service as race
from engine.scoring import score
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import GROUP, Member, sent


def wrong_code(secret: str, *, skip: tuple[str, ...] = ()) -> str:
    """A classic code that is not the secret."""
    for code in ("0123", "4567", "8901", "2345", "6789", "1357"):
        if code != secret and code not in skip:
            return code
    raise AssertionError("no wrong code")


async def the_race(app):
    core = app.bot_data.runtime.core
    return await core.deps.store.matches.active_match(GROUP), core


async def moves_of(core, match_id):
    """How many moves the match has stored."""
    rows = await core.deps.store.conn.execute_fetchall(
        "SELECT count(*) FROM match_moves WHERE match_id = ?", (match_id,)
    )
    return next(iter(rows))[0]


async def results(app, mode="race"):
    conn = app.bot_data.runtime.store.conn
    async with conn.execute(
        "SELECT user_id, guesses, outcome FROM game_results WHERE mode = ? ORDER BY user_id", (mode,)
    ) as cursor:
        return [tuple(row) async for row in cursor]


async def test_each_guess_is_scored_for_its_player_and_the_first_right_one_wins(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob <b>")
    [started] = sent(await ann.send("/challenge"))
    assert "Race!" in started.text
    assert "/g 1234" in started.text
    match, _ = await the_race(app)
    secret, first = match.secret, wrong_code(match.secret)
    second = wrong_code(secret, skip=(first,))

    [line] = sent(await ann.send(f"/g {first}"))
    expected = score(secret, first)
    assert line.text == f"Ann #1 <code>{first}</code> → {expected.bulls}🐂 {expected.cows}🐄"
    [line] = sent(await bob.send(second))  # a plain code (privacy mode off, or a reply to the bot)
    assert line.text.startswith("Bob &lt;b&gt; #1 ")
    [line] = sent(await ann.send(f"/g@bullscows_test_bot {second}"))
    assert line.text.startswith("Ann #2 ")
    [won] = sent(await bob.send(f"/g {secret}"))

    assert f"Bob &lt;b&gt; found <b>{secret}</b> in 2 guesses" in won.text
    assert "1. Bob &lt;b&gt;: solved in 2" in won.text
    assert "2. Ann: 2 guesses" in won.text
    assert await results(app) == [(11, 2, "lost"), (22, 2, "won")]
    assert sent(await ann.send(secret)) == []  # over: plain codes are ordinary chat again


async def test_the_secret_is_not_shown_in_the_group_before_the_race_ends(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    await ann.send("/challenge")
    match, _ = await the_race(app)
    for code in ("0123", "4567", "8901", "2345"):
        if code != match.secret:
            await ann.send(f"/g {code}")
    await ann.send("/g 12")
    await ann.send("/g")
    await ann.send("/challenge")
    texts = [c.text for c in sent(recorded.calls)]
    assert texts
    assert not any(match.secret in text for text in texts)
    assert any("4 digits" in text for text in texts)
    assert any("A race is on here" in text for text in texts)


async def test_many_guesses_at_once_count_every_move_once_and_make_one_winner(app, recorded):
    players = [Member(app, recorded, 100 + i, f"P{i}") for i in range(12)]
    await players[0].send("/challenge")
    match, core = await the_race(app)
    wrong = wrong_code(match.secret)
    before = len(recorded.calls)
    await asyncio.gather(*(p.send(f"/g {match.secret if i % 2 else wrong}") for i, p in enumerate(players)))

    replies = [c.text for c in sent(recorded.calls[before:])]
    winners = [text for text in replies if "found <b>" in text]
    late = [text for text in replies if "Too late" in text or "Nothing to play here" in text]
    scored = [text for text in replies if " #1 <code>" in text]
    assert len(winners) == 1
    assert len(scored) + len(late) == len(players)
    final = await core.deps.store.matches.match(match.id)
    assert final.status == "won"
    assert sum(p.guesses for p in final.players) == await moves_of(core, match.id) == len(scored)
    outcomes = [outcome for _, _, outcome in await results(app)]
    assert outcomes.count("won") == 1
    assert len(outcomes) == len(scored)


async def test_winning_guesses_that_bypass_the_chat_lock_still_close_the_race_once(app, recorded):
    await Member(app, recorded, 11, "Ann").send("/challenge")
    match, core = await the_race(app)
    outcomes = await asyncio.gather(*(race.guess(core.deps, match, 200 + i, f"U{i}", match.secret) for i in range(10)))
    won = [o for o in outcomes if isinstance(o, race.RaceMove)]
    assert len(won) == 1
    assert won[0].ended is not None
    assert all(isinstance(o, race.TooLate) for o in outcomes if o is not won[0])
    final = await core.deps.store.matches.match(match.id)
    assert await moves_of(core, match.id) == 1
    assert final.winner_id == won[0].player.user_id


async def test_only_its_starter_or_an_admin_can_stop_a_race(app, recorded):
    ann, bob, cat = (Member(app, recorded, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    recorded.administrators[GROUP] = {33}  # the real roster, against Telegram-shaped answers: Cat owns the group
    await ann.send("/challenge")
    [refused] = sent(await bob.send("/stop"))
    assert "Only the player who started it or a group admin" in refused.text

    [stopped] = sent(await cat.send("/stop"))
    assert "Race stopped. The secret was" in stopped.text

    await bob.send("/challenge")
    anonymous = Member(app, recorded, 1087968824, "Group")
    [stopped] = sent(await anonymous.send("/stop", sender_chat={"id": GROUP, "type": "supergroup", "title": "G"}))
    assert "Race stopped" in stopped.text
    await ann.send("/challenge")
    [stopped] = sent(await ann.send("/stop"))
    assert "Race stopped" in stopped.text


async def test_a_time_limit_ends_the_race_on_its_timer_and_reveals_the_secret(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        ann = Member(app, request, 11, "Ann")
        [started] = sent(await ann.send("/challenge 5 2m"))
        assert "5 digits, no repeats" in started.text
        assert "⏱ 2m 0s to find it." in started.text
        match, core = await the_race(app)
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match.id}"]
        await ann.send("/g 01234" if match.secret != "01234" else "/g 56789")

        clock.advance(60)
        assert await core.on_deadline(match.id) is None  # not yet due
        clock.advance(61)
        due = await core.on_deadline(match.id)
        chat_id, outcome = due.chat_id, due.outcome
        assert chat_id == GROUP
        assert f"Time's up! Nobody found <b>{match.secret}</b>." in outcome.replies[0].text
        assert "1. Ann: 1 guess" in outcome.replies[0].text
        assert await core.on_deadline(match.id) is None  # fired once
        assert await results(app) == [(11, 1, "lost")]


async def test_a_restarted_bot_re_arms_the_timer_of_a_running_race(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database) as (app, request):
        await Member(app, request, 11, "Ann").send("/challenge 10m")
        match, _ = await the_race(app)
    async with telegram_app(database) as (app, request):
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match.id}"]
        [line] = sent(await Member(app, request, 22, "Bob").send(f"/g {match.secret}"))
        assert "found" in line.text
        assert app.job_queue.jobs() == ()


async def test_unknown_options_are_explained_and_start_nothing(app, recorded):
    ann = Member(app, recorded, 11, "Ann")
    [reply] = sent(await ann.send("/challenge bogus"))
    assert "I don't understand “bogus”" in reply.text
    [reply] = sent(await ann.send("/challenge 4 1s"))
    assert "“1s”" in reply.text
    [reply] = sent(await ann.send("/g 1234"))
    assert "/challenge starts a race" in reply.text
    assert (await the_race(app))[0] is None


async def test_an_overdue_race_still_ends_when_the_job_queue_starts_late_after_a_restart(tmp_path):
    database, clock = tmp_path / "db.sqlite3", Clock()
    async with telegram_app(database, clock=clock) as (app, request):
        await Member(app, request, 11, "Ann").send("/challenge 1m")
        match, _ = await the_race(app)
    clock.advance(120)
    async with telegram_app(database, clock=clock) as (app, request):
        await asyncio.sleep(1.5)  # set_commands, webhook set-up: the JobQueue starts after post_init
        await app.job_queue.start()
        try:
            for _ in range(50):
                await app.bot_data.sender.flush()  # the timer queued its announcement in the outbox
                if any("Time's up" in c.text for c in request.calls):
                    break
                await asyncio.sleep(0.02)
            assert any(f"Time's up! Nobody found <b>{match.secret}</b>." in c.text for c in request.calls)
        finally:
            await app.job_queue.stop()


async def test_thirty_guesses_at_once_stay_within_the_groups_budget_and_every_score_is_shown(app, recorded):
    app.bot_data.sender.group_spacing = 3.0  # as in production: one message every 3 s in a group
    players = [Member(app, recorded, 300 + i, f"Q{i}") for i in range(30)]
    await players[0].send("/challenge")
    match, _ = await the_race(app)
    wrong = wrong_code(match.secret)
    before = len(recorded.calls)
    await asyncio.gather(*(p.send(f"/g {wrong}") for p in players))

    messages = sent(recorded.calls[before:])
    shown = "\n".join(m.text for m in messages)
    assert all(f"Q{i} #1 <code>{wrong}</code>" in shown for i in range(30))  # every guess's score, once
    assert len(messages) <= 2  # the guesses waited for the group's next turn together, and went out as one


async def test_a_timer_that_fires_while_the_bot_closes_ends_the_race_without_an_error(tmp_path, caplog):
    database, clock = tmp_path / "db.sqlite3", Clock()
    async with telegram_app(database, clock=clock) as (app, request):
        await Member(app, request, 11, "Ann").send("/challenge 1m")
        match, core = await the_race(app)
        clock.advance(61)
        sender = app.bot_data.sender
        app.bot_data.sender = None  # close_bot stops the sender before the job queue: a timer may still fire
        try:
            [job] = app.job_queue.jobs()
            await job.run(app)
        finally:
            app.bot_data.sender = sender
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
        assert (await core.deps.store.matches.match(match.id)).status == "expired"
        await sender.flush()  # its announcement waited in the outbox
        assert any(f"Time's up! Nobody found <b>{match.secret}</b>." in c.text for c in request.calls)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_one_account_and_five_channels_make_no_race_of_six_nor_a_rating(tmp_path, language):
    from bot.texts import t
    from tests.bot.test_senders import ANONYMOUS, PostedAs, channel

    async with telegram_app(tmp_path / "db.sqlite3") as (app, recorded):
        ann = Member(app, recorded, 11, "Ann", language_code=language)
        admin = PostedAs(app, recorded, ANONYMOUS, {"id": GROUP, "type": "supergroup", "title": "Group"})
        channels = [channel(app, recorded, -1001 - i, f"Channel {i}") for i in range(4)]
        await ann.send("/challenge 5")
        match, core = await the_race(app)
        wrong = "01234" if match.secret != "01234" else "56789"
        for posted in (*channels, admin):
            [refused] = sent(await posted.send(f"/g {wrong}"), GROUP)
            assert refused.text == t("match.not_person", language)
            assert sent(await posted.send(wrong), GROUP) == []  # a plain code: quiet
        if language == "ru":
            assert refused.text.startswith("📢 Сообщения от имени канала или группы в игре не участвуют")
        replies = sent(await ann.send(f"/g {match.secret}"), GROUP)
        assert not any("🏅" in r.text for r in replies)  # no race of six
        assert await results(app) == [(11, 1, "won")]  # one player: the person
        conn = core.deps.store.conn
        assert next(iter(await conn.execute_fetchall("SELECT count(*) FROM rated_results")))[0] == 0  # not rated
        assert next(iter(await conn.execute_fetchall("SELECT count(*) FROM achievements")))[0] == 0
