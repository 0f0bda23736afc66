"""Puzzle Storm in a private chat, in-process: a run's clock (three minutes, 10 s a wrong answer, 10 s back for every
third right answer in a row) is the server's, answers after it do not count, one run at a time, no puzzle seen twice,
and the boards."""

from __future__ import annotations

import pytest

from bot.storm import service as storm
from bot.storm.store import SqliteStormRepository
from bot.texts import plain, t
from tests.bot.fakes import EPOCH as NOW
from tests.bot.fakes import Clock, runtime_on, telegram_app
from tests.bot.members import Member, sent, toasts
from tests.storm.stock import deps_of, solution, stock, wrong


@pytest.fixture
async def clocked(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        await stock(deps_of(app))
        yield app, request, clock


def ann_of(app, request) -> Member:
    return Member(app, request, 1001, "Ann", chat_id=1001)


async def run_of(app, user_id=1001):
    return await storm.repository(deps_of(app)).last_run(user_id)


async def test_storm_shows_the_first_puzzle_with_three_minutes_on_the_clock(clocked):
    app, request, clock = clocked
    ann = ann_of(app, request)
    [shown] = sent(await ann.send("/storm"))
    assert "Puzzle Storm</b> · puzzle 1 of 30" in shown.text
    assert "⏱ 3:00 left · ✅ 0 · ❌ 0 · 🔥 0" in shown.text
    assert plain(t("storm.prompt")) in plain(shown.text)
    assert shown.labels == ["⏹ Stop"]
    run = await run_of(app)
    assert run.started_at == clock.now
    assert (run.ends_at - run.started_at).total_seconds() == 180


async def test_a_right_answer_moves_on_and_every_third_in_a_row_puts_ten_seconds_back(clocked):
    app, request, clock = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    for n in range(1, 4):
        clock.advance(5)
        [shown] = sent(await ann.send(await solution(deps, 1001)))
        assert f"puzzle {n + 1} of 30" in shown.text
    assert "🔥 3 in a row: +10s" in shown.text
    run = await run_of(app)
    assert (run.tally.solved, run.tally.streak, run.tally.bonus) == (3, 3, 10)
    assert (run.ends_at - run.started_at).total_seconds() == 190
    assert "⏱ 2:55 left · ✅ 3 · ❌ 0 · 🔥 3" in shown.text  # 190 s less the 15 s played


async def test_a_wrong_answer_costs_ten_seconds_shows_the_code_and_moves_on(clocked):
    app, request, _ = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    right, miss = await solution(deps, 1001), await wrong(deps, 1001)
    [shown] = sent(await ann.send(miss))
    assert f"❌ <code>{miss}</code> isn't it" in shown.text
    assert f"It was <code>{right}</code>. −10s" in shown.text
    assert "puzzle 2 of 30" in shown.text
    assert "⏱ 2:50 left · ✅ 0 · ❌ 1" in shown.text
    run = await run_of(app)
    assert (run.tally.wrong, run.tally.penalty, run.tally.place) == (1, 10, 1)


async def test_a_text_that_is_no_code_costs_nothing(clocked):
    app, request, _ = clocked
    ann = ann_of(app, request)
    await ann.send("/storm")
    [said] = sent(await ann.send("12"))
    assert "4 digits" in said.text
    run = await run_of(app)
    assert (run.tally.place, run.tally.penalty) == (0, 0)


async def test_an_answer_after_the_clock_ran_out_does_not_count(clocked):
    app, request, clock = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    await ann.send(await solution(deps, 1001))
    right = await solution(deps, 1001)
    clock.advance(180)  # the run began 180 s ago: its clock has just run out
    [said] = sent(await ann.send(right))
    assert plain(t("storm.over.late")) in plain(said.text)
    assert "⚡ Solved: 1 · wrong: 0" in said.text
    run = await run_of(app)
    assert run.over
    assert run.closed_at == run.ends_at
    assert run.tally.solved == 1
    assert sent(await ann.send(right)) != []  # the run is over: a code is no answer to it any more
    assert (await run_of(app)).tally.solved == 1


async def test_wrong_answers_that_use_the_clock_up_end_the_run_there(clocked):
    app, request, clock = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    clock.advance(150)  # 30 s left: the third wrong answer takes the last 10
    for _ in range(3):
        [said] = sent(await ann.send(await wrong(deps, 1001)))
    assert plain(t("storm.over.time")) in plain(said.text)
    run = await run_of(app)
    assert run.over
    assert run.tally.wrong == 3
    assert run.closed_at == run.ends_at == run.started_at + (run.ends_at - run.started_at)
    assert (run.ends_at - run.started_at).total_seconds() == 150


async def test_a_second_storm_shows_the_open_run_and_never_opens_two(clocked):
    app, request, _ = clocked
    ann = ann_of(app, request)
    [first] = sent(await ann.send("/storm"))
    [again] = sent(await ann.send("/storm"))
    assert again.text == first.text
    deps = deps_of(app)
    repo = deps.store.repository(SqliteStormRepository)
    run = await run_of(app)
    async with deps.transaction():
        second = await repo.start_run(1001, "Ann", None, "classic", run.sequence, deps.clock(), run.ends_at, run.day)
    assert second is None  # the database itself refuses a second open run
    rows = await deps.store.conn.execute_fetchall("SELECT count(*) FROM storm_runs WHERE user_id = 1001")
    assert next(iter(rows))[0] == 1


async def test_an_answer_naming_a_puzzle_already_answered_is_refused_and_changes_nothing(clocked):
    app, _, _ = clocked
    deps = deps_of(app)
    core = app.bot_data.runtime.core
    await core.alone(1001, lambda: storm.start(deps, 1001, "Ann"))
    right = await solution(deps, 1001)
    first = await core.alone(1001, lambda: storm.answer(deps, 1001, right, place=0))
    assert isinstance(first, storm.RunShown)
    replayed = await core.alone(1001, lambda: storm.answer(deps, 1001, right, place=0))  # the page sent it again
    assert replayed.key == "storm.stale"
    run = await run_of(app)
    assert (run.tally.place, run.tally.solved, run.tally.wrong) == (1, 1, 0)


async def test_only_the_puzzle_on_screen_is_seen_and_a_run_never_brings_one_seen_before(clocked):
    app, request, _ = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    seen = await deps.store.conn.execute_fetchall("SELECT puzzle_id FROM storm_seen WHERE user_id = 1001")
    first = await run_of(app)
    assert [row[0] for row in seen] == [first.sequence[0]]  # the rest of the run is not shown before its turn
    for _ in range(4):
        await ann.send(await wrong(deps, 1001))
    await ann.send("/storm stop")
    shown = set(first.sequence[:5])
    await ann.send("/storm")
    second = await run_of(app)
    assert second.id != first.id
    assert not shown & set(second.sequence)


async def test_a_run_climbs_from_the_easiest_puzzles_to_the_hardest(clocked):
    app, request, _ = clocked
    await ann_of(app, request).send("/storm")
    run = await run_of(app)
    rows = await deps_of(app).store.conn.execute_fetchall(
        f"SELECT id, estimate FROM storm_puzzles WHERE id IN ({','.join(map(str, run.sequence))})"
    )
    estimate = {row[0]: row[1] for row in rows}
    climbed = [estimate[p] for p in run.sequence]
    assert climbed[:5] == sorted(climbed[:5])
    assert max(climbed[:5]) <= min(climbed[-5:])


async def test_puzzles_handed_to_storm_leave_the_ladder_and_one_shown_on_the_ladder_is_never_handed(clocked):
    app, request, _ = clocked
    deps = deps_of(app)
    bob = Member(app, request, 2002, "Bob", chat_id=2002)
    await bob.send("/puzzle classic")  # a ladder puzzle shown to Bob: his for good
    [(ladder_id,)] = await deps.store.conn.execute_fetchall("SELECT puzzle_id FROM puzzle_attempts")
    await ann_of(app, request).send("/storm")
    storm_data = [row[0] for row in await deps.store.conn.execute_fetchall("SELECT data FROM storm_puzzles")]
    shelf = [row[0] for row in await deps.store.conn.execute_fetchall("SELECT data FROM puzzles")]
    assert storm_data
    assert not set(storm_data) & set(shelf)  # no Storm puzzle can ever be rated on the ladder
    assert await deps.store.conn.execute_fetchall("SELECT 1 FROM puzzles WHERE id = ?", (ladder_id,))


async def test_a_run_ends_on_its_clock_and_its_player_is_told_by_the_timer(clocked):
    app, request, clock = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    await ann.send(await solution(deps, 1001))
    clock.advance(181)
    core = app.bot_data.runtime.core
    told = await core.alone(0, core.features.storm.due)
    [notice] = told
    assert notice.chat_id == 1001
    assert "Time's up!" in notice.outcome.replies[0].text
    assert "⚡ Solved: 1 · wrong: 0 · best streak: 1" in notice.outcome.replies[0].text
    assert (await run_of(app)).over
    assert await core.alone(0, core.features.storm.due) == []  # told once


async def test_stop_ends_only_ones_own_run(clocked):
    app, request, _ = clocked
    ann = ann_of(app, request)
    bob = Member(app, request, 2002, "Bob", chat_id=2002)
    await ann.send("/storm")
    run = await run_of(app)
    answered = await bob.press(f"sm:x:{run.id}")  # Bob forges Ann's stop button
    assert toasts(answered) == [plain(t("storm.none"))]
    assert not (await run_of(app)).over
    [said] = sent(await ann.press(f"sm:x:{run.id}"))
    assert plain(t("storm.over.stopped")) in plain(said.text)
    assert (await run_of(app)).over


async def test_the_boards_keep_each_players_best_run_today_and_all_time(clocked):
    app, request, clock = clocked
    deps = deps_of(app)
    ann, bob = ann_of(app, request), Member(app, request, 2002, "Bob", chat_id=2002)
    for player, rights in ((ann, 2), (bob, 3), (ann, 1)):
        await player.send("/storm")
        for _ in range(rights):
            await player.send(await solution(deps, player.user_id))
        [ended] = sent(await player.send("/storm stop"))
        clock.advance(1)
    assert "🏆 Your best: 2 · today: 2" in ended.text  # Ann's third run (1) did not beat her second (2)
    assert "📅 Today's best: 3, by Bob" in ended.text
    [boards] = sent(await ann.send("/storm top"))
    assert "🥇 Bob — 3\n🥈 Ann — 2" in boards.text
    assert "Your best: 2 · today: 2" in boards.text
    assert boards.labels == [plain(t("storm.btn.run"))]


async def test_storm_without_puzzles_made_says_so(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        [said] = sent(await ann_of(app, request).send("/storm"))
        assert said.text == t("storm.empty")


async def test_an_open_run_takes_typed_codes_before_a_game_and_the_game_waits(clocked):
    app, request, _ = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/play")
    await ann.send("/storm")
    [shown] = sent(await ann.send(await solution(deps, 1001)))
    assert "puzzle 2 of 30" in shown.text
    await ann.send("/storm stop")
    [guess] = sent(await ann.send("0123"))  # the run is over: the game takes codes again
    assert "0123" in guess.text
    assert "Storm" not in guess.text


async def test_a_run_that_beats_the_players_best_says_so(clocked):
    app, request, _ = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    for rights, new in ((1, False), (2, True), (2, False)):
        await ann.send("/storm")
        for _ in range(rights):
            await ann.send(await solution(deps, 1001))
        [ended] = sent(await ann.send("/storm stop"))
        assert (plain(t("storm.best.new")) in plain(ended.text)) == new


async def test_a_replayed_update_answers_once(clocked):
    app, request, _ = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    await ann.send("/storm")
    update = {"update_id": 900_001, "message": ann.message(await wrong(deps, 1001))}
    await ann.process(update)
    await ann.process(dict(update))  # Telegram hands the same update out again (a restart before confirming it)
    run = await run_of(app)
    assert (run.tally.place, run.tally.wrong, run.tally.penalty) == (1, 1, 10)


async def test_the_boards_in_a_group_start_no_run(clocked):
    app, request, _ = clocked
    [boards] = sent(await Member(app, request, 11, "Ann").send("/storm top"))
    assert "Puzzle Storm</b> · all time" in boards.text
    assert boards.labels == []


async def test_the_timer_queues_what_it_tells_and_wakes_the_sender(clocked):
    from bot.storm import timer

    app, request, clock = clocked
    ann = ann_of(app, request)
    await ann.send("/storm")
    core, store = app.bot_data.runtime.core, app.bot_data.runtime.store
    woken = []
    assert await timer.tick(core, store, lambda: woken.append(1), core.features.storm.due) == 0  # nothing due yet
    clock.advance(180)
    assert await timer.tick(core, store, lambda: woken.append(1), core.features.storm.due) == 1
    assert woken == [1]
    before = len(request.calls)
    await app.bot_data.sender.flush()
    [told] = sent(request.calls[before:], 1001)
    assert "Time's up!" in told.text


async def test_day_boards_older_than_yesterday_are_forgotten_and_the_all_time_board_kept(clocked):
    app, request, clock = clocked
    ann, deps = ann_of(app, request), deps_of(app)
    core = app.bot_data.runtime.core
    for _ in range(3):  # a run a day, three days running
        await ann.send("/storm")
        await ann.send(await solution(deps, 1001))
        await ann.send("/storm stop")
        clock.advance(24 * 3600)
    await core.alone(0, lambda: storm.forget_days(deps))
    rows = await deps.store.conn.execute_fetchall("SELECT board FROM storm_bests ORDER BY board")
    assert [row[0] for row in rows] == ["", "2025-01-03"]  # today is 4 January: yesterday's board stays


async def test_who_may_have_a_run_open_is_known_without_a_read_and_never_misses_one(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as rt:
        repo = storm.repository(rt.core.deps)
        async with rt.core.deps.transaction():
            assert not await repo.may_have_run(7)  # read once: nobody has a run
            run = await repo.start_run(7, "Ann", None, "classic", [1, 2, 3], NOW, NOW, "2025-01-01")
            assert run is not None
            assert await repo.may_have_run(7)  # started: known at once
            assert await repo.open_run(7) is not None
            assert await repo.open_run(8) is None
            assert not await repo.may_have_run(8)
        repo.forget_runs()
        async with rt.core.deps.transaction():
            assert await repo.may_have_run(7)  # read afresh: still open
