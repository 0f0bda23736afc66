"""Puzzle Racer in a group, in-process: a lobby people join (never a channel), the same puzzles for every player in
private from one moment on, one standings message edited in place in the group (paced: one message every 3 s), the
winner named once every run is over; unrated, and off the Storm boards."""

from __future__ import annotations

import asyncio

import pytest

from bot.storm import racer as racing
from bot.storm import service as storm
from bot.texts import plain, t
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import GROUP, Member, sent, toasts
from tests.bot.test_senders import channel
from tests.storm.stock import deps_of, solution, stock, wrong


@pytest.fixture
async def clocked(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        await stock(deps_of(app))
        yield app, request, clock


def edits_of(calls, chat_id=GROUP):
    return [c for c in calls if c.method == "editMessageText" and int(c.params["chat_id"]) == chat_id]


async def racer_here(app):
    return await storm.repository(deps_of(app)).racer_here(GROUP, None)


async def test_a_racer_is_joined_in_the_group_and_starts_everyone_on_the_same_puzzles_in_private(clocked):
    app, request, _ = clocked
    ann, bob, cat = (Member(app, request, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    calls = await ann.send("/storm")
    [lobby] = sent(calls, GROUP)
    assert "Puzzle Racer" in lobby.text
    assert "1 player: Ann" in lobby.text
    assert lobby.labels == ["✋ Join", "▶ Start", "💬 My puzzles"]
    assert lobby.markup[1][0]["url"] == "https://t.me/bullscows_test_bot?start=storm"
    [welcome] = sent(calls, 11)  # the starter is in, and told where the puzzles come
    assert "It starts in 30s" in welcome.text
    racer = await racer_here(app)

    joined = await bob.press(f"sm:j:{racer.id}", lobby.params["_sent_id"])
    assert toasts(joined) == [plain(t("storm.racer.joined"))]
    [edit] = edits_of(joined)
    assert int(edit.params["message_id"]) == lobby.params["_sent_id"]  # the one message, edited in place
    assert "2 players: Ann, Bob" in edit.text
    assert sent(joined, 22)  # Bob's welcome in private
    assert toasts(await bob.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.already"))]

    assert toasts(await cat.press(f"sm:s:{racer.id}")) == [plain(t("storm.racer.not_yours"))]
    started = await ann.press(f"sm:s:{racer.id}")
    [running] = edits_of(started)
    assert "Puzzle Racer</b> is on: 2 players" in running.text
    [to_ann], [to_bob] = sent(started, 11), sent(started, 22)
    assert "Puzzle Racer</b> · puzzle 1 of 30" in to_ann.text
    assert to_ann.text == to_bob.text  # the same puzzle, the same clock, for everyone
    assert toasts(await cat.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.started"))]


async def test_answers_in_private_move_the_groups_standings_and_the_winner_is_named_at_the_end(clocked):
    app, request, _ = clocked
    deps = deps_of(app)
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    await ann.send("/storm")
    racer = await racer_here(app)
    await bob.press(f"sm:j:{racer.id}")
    await ann.press(f"sm:s:{racer.id}")

    miss = await wrong(deps, 11)
    said = await ann.in_private().send(miss)
    [to_ann] = sent(said, 11)
    assert "isn't it" in to_ann.text
    assert "It was" not in to_ann.text  # others may be at that puzzle still: its code is not shown
    [standings] = edits_of(said)
    assert "1. Bob — ✅ 0 · ❌ 0\n2. Ann — ✅ 0 · ❌ 1" in standings.text

    for _ in range(2):
        said = await bob.in_private().send(await solution(deps, 22))
    [standings] = edits_of(said)
    assert standings.text.index("Bob — ✅ 2") < standings.text.index("Ann — ✅ 0")

    stopped = await ann.in_private().send("/storm stop")
    assert plain(t("storm.racer.over.you", solved=0)) in plain(sent(stopped, 11)[0].text)
    assert "Ann — ✅ 0 · ❌ 1 🏁" in edits_of(stopped)[0].text
    ended = await bob.in_private().send("/storm stop")
    [final] = edits_of(ended)
    assert "is over!" in final.text
    assert "🏆 Bob wins with 2 solved!" in final.text
    assert "🥇 Bob — ✅ 2 · ❌ 0" in final.text
    assert final.labels == ["🔁 Another Racer"]
    assert (await storm.repository(deps).racer(racer.id)).winner_id == 22
    rows = await deps.store.conn.execute_fetchall("SELECT count(*) FROM storm_bests")
    assert next(iter(rows))[0] == 0  # a race is not a run alone: off the boards
    rated = await deps.store.conn.execute_fetchall("SELECT count(*) FROM ratings")
    assert next(iter(rated))[0] == 0  # and unrated


async def test_the_lobby_closes_on_its_timer_and_the_racer_ends_when_its_runs_run_out(clocked):
    app, request, clock = clocked
    deps, core = deps_of(app), app.bot_data.runtime.core
    ann = Member(app, request, 11, "Ann")
    await ann.send("/storm")
    clock.advance(29)
    assert await core.alone(0, core.features.storm.due) == []
    clock.advance(1)
    [begun] = await core.alone(0, core.features.storm.due)
    assert begun.chat_id == GROUP
    texts = [reply.text for reply in begun.outcome.replies]
    assert any("is on: 1 player" in text for text in texts)
    assert any("puzzle 1 of 30" in text for text in texts)
    await ann.in_private().send(await solution(deps, 11))
    clock.advance(200)
    told = await core.alone(0, core.features.storm.due)
    assert [notice.chat_id for notice in told] == [11, GROUP]  # Ann's time is up; then the Racer is over
    assert "🏆 Ann wins with 1 solved!" in told[1].outcome.replies[0].text


async def test_a_racer_nobody_joined_is_called_off(clocked):
    app, request, clock = clocked
    core = app.bot_data.runtime.core
    group = channel(app, request, -1001234, "News")  # a channel posting in the group opens it, but is no player
    await group.send("/storm")
    racer = await racer_here(app)
    assert await storm.repository(deps_of(app)).players(racer.id) == []
    clock.advance(30)
    [off] = await core.alone(0, core.features.storm.due)
    assert plain(t("storm.racer.empty")) in plain(off.outcome.replies[0].text)
    assert (await storm.repository(deps_of(app)).racer(racer.id)).phase == "over"


async def test_a_channel_or_an_anonymous_admin_is_never_seated(clocked):
    app, _, _ = clocked
    deps, core = deps_of(app), app.bot_data.runtime.core
    opened = await core.alone(0, lambda: racing.open_lobby(deps, GROUP, None, 5, "Bob", True, None))
    refused = await core.alone(0, lambda: racing.join(deps, opened.racer.id, GROUP, -1001234, "News", False))
    assert refused.key == "storm.racer.people"
    assert [p.user_id for p in await storm.repository(deps).players(opened.racer.id)] == [5]


async def test_a_player_waiting_in_a_lobby_starts_no_run_of_their_own_and_joins_no_other_racer(clocked):
    app, request, _ = clocked
    ann = Member(app, request, 11, "Ann")
    await ann.send("/storm")
    [said] = sent(await ann.in_private().send("/storm"))
    assert "You're in a Puzzle Racer: it starts in 30s" in said.text
    other = Member(app, request, 11, "Ann", chat_id=-100777)
    await Member(app, request, 44, "Dan", chat_id=-100777).send("/storm")
    racer = await storm.repository(deps_of(app)).racer_here(-100777, None)
    assert toasts(await other.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.busy_racer"))]


async def test_a_player_with_a_run_going_cannot_join_a_racer(clocked):
    app, request, _ = clocked
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    await ann.in_private().send("/storm")
    await bob.send("/storm")
    racer = await racer_here(app)
    assert toasts(await ann.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.busy_run"))]


async def test_a_racers_puzzles_are_ones_none_of_its_players_has_seen(clocked):
    app, request, _ = clocked
    deps = deps_of(app)
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    for player in (ann, bob):  # each has played a run alone, and seen some puzzles
        await player.in_private().send("/storm")
        for _ in range(3):
            await player.in_private().send(await wrong(deps, player.user_id))
        await player.in_private().send("/storm stop")
    seen = {row[0] for row in await deps.store.conn.execute_fetchall("SELECT puzzle_id FROM storm_seen")}
    assert len(seen) >= 4  # four each (their runs may share some)
    await ann.send("/storm")
    racer = await racer_here(app)
    await bob.press(f"sm:j:{racer.id}")
    await ann.press(f"sm:s:{racer.id}")
    racer = await storm.repository(deps).racer(racer.id)
    assert racer.sequence
    assert not seen & set(racer.sequence)


async def test_many_quick_answers_edit_the_standings_within_the_groups_pace(clocked):
    app, request, _ = clocked
    deps = deps_of(app)
    players = [Member(app, request, 100 + i, f"P{i}") for i in range(12)]
    await players[0].send("/storm")
    racer = await racer_here(app)
    for player in players[1:]:
        await player.press(f"sm:j:{racer.id}")
    await players[0].press(f"sm:s:{racer.id}")
    app.bot_data.sender.group_spacing = 3.0  # as in production: one message every 3 s in a group
    before = len(request.calls)
    answers = [await solution(deps, p.user_id) for p in players]
    await asyncio.gather(*(p.in_private().send(code) for p, code in zip(players, answers, strict=True)))
    edits = edits_of(request.calls[before:])
    assert 1 <= len(edits) <= 2  # twelve answers, their standings edits coalesced in the outbox while they waited
    assert "✅ 1" in edits[-1].text
    assert edits[-1].text.count("✅ 1") == 12  # the last edit shows every answer
    pending = await deps.store.conn.execute_fetchall(
        "SELECT count(*) FROM outbox WHERE chat_id = ? AND error = 'superseded'", (GROUP,)
    )
    assert next(iter(pending))[0] >= 10


async def test_storm_again_in_the_group_shows_the_racer_on_there_anew(clocked):
    app, request, _ = clocked
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    [first] = sent(await ann.send("/storm"), GROUP)
    calls = await bob.send("/storm")
    [again] = sent(calls, GROUP)
    assert "1 player: Ann" in again.text  # the same Racer, shown below: Bob is not seated by asking
    stripped = [c for c in calls if c.method == "editMessageReplyMarkup"]
    assert [int(c.params["message_id"]) for c in stripped] == [
        first.params["_sent_id"]
    ]  # the old one loses its buttons


async def test_a_full_racer_takes_nobody_more(clocked, monkeypatch):
    monkeypatch.setattr(racing, "MAX_RACERS", 2)
    app, request, _ = clocked
    ann, bob, cat = (Member(app, request, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    await ann.send("/storm")
    racer = await racer_here(app)
    await bob.press(f"sm:j:{racer.id}")
    assert toasts(await cat.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.full", n=2))]


async def test_a_racers_buttons_work_in_its_own_group_only(clocked):
    app, request, _ = clocked
    await Member(app, request, 11, "Ann").send("/storm")
    racer = await racer_here(app)
    elsewhere = Member(app, request, 22, "Bob", chat_id=-100888)
    assert toasts(await elsewhere.press(f"sm:j:{racer.id}")) == [plain(t("storm.racer.gone"))]
    assert toasts(await elsewhere.press(f"sm:s:{racer.id}")) == [plain(t("storm.racer.gone"))]
    assert (await racer_here(app)).phase == "lobby"


async def test_an_admin_may_start_a_racer_someone_else_opened(clocked):
    app, request, _ = clocked
    request.administrators[GROUP] = {99}
    await Member(app, request, 11, "Ann").send("/storm")
    racer = await racer_here(app)
    started = await Member(app, request, 99, "Admin").press(f"sm:s:{racer.id}")
    assert "is on: 1 player" in edits_of(started)[0].text


async def test_a_racer_with_no_puzzle_ready_is_called_off_saying_so(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 11, "Ann")
        await ann.send("/storm")
        racer = await racer_here(app)
        [off] = edits_of(await ann.press(f"sm:s:{racer.id}"))
        assert plain(t("storm.racer.no_puzzles")) in plain(off.text)
        assert (await racer_here(app)) is None


async def test_another_racer_opens_in_the_group_where_the_last_one_ended(clocked):
    app, request, _ = clocked
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    await ann.send("/storm")
    racer = await racer_here(app)
    await ann.press(f"sm:s:{racer.id}")
    await ann.in_private().send("/storm stop")
    calls = await bob.press("sm:r")
    [lobby] = sent(calls, GROUP)
    assert "1 player: Bob" in lobby.text
    assert (await racer_here(app)).id != racer.id


async def test_another_racer_pressed_while_one_is_on_posts_nothing(clocked):
    app, request, _ = clocked
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    [lobby] = sent(await ann.send("/storm"), GROUP)
    calls = await bob.press("sm:r", lobby.params["_sent_id"])  # an older Racer's button, pressed again and again
    assert toasts(calls) == [plain(t("storm.racer.on"))]
    assert sent(calls) == []
    assert edits_of(calls) == []


async def test_a_player_the_bot_cannot_write_to_leaves_the_lobby(clocked):
    app, request, _ = clocked
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    request.unreachable.add(22)  # Bob never opened a private chat with the bot
    [lobby] = sent(await ann.send("/storm"), GROUP)
    before = len(request.calls)
    await bob.press(f"sm:j:{(await racer_here(app)).id}", lobby.params["_sent_id"])
    await app.bot_data.sender.flush()  # what the refusal queued for the group, as the sender's loop would send it
    shown = [edit.text for edit in edits_of(request.calls[before:])]
    assert "2 players: Ann, Bob" in shown[0]
    assert "1 player: Ann" in shown[-1]  # his welcome was refused: he is out, and the group sees it
    assert [p.user_id for p in await storm.repository(deps_of(app)).players((await racer_here(app)).id)] == [11]
