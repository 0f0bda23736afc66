"""The duel, in-process: an invitation, secrets set in private through the deep link, turns in the group."""

import asyncio
import json

import pytest

from bot.duel import group_board as group_duel
from bot.duel import service as duel
from bot.refusal import Refusal
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import GROUP, Member, secret_link, sent, toasts

ANN_SECRET, BOB_SECRET = "2460", "5678"  # not the texts' example code, 1234


def keyboard(call):
    markup = call.params.get("reply_markup") or {}
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [button for row in markup.get("inline_keyboard", []) for button in row]


async def the_duel(app):
    core = app.bot_data.runtime.core
    return await core.deps.store.matches.active_match(GROUP), core


async def results(app):
    async with app.bot_data.runtime.store.conn.execute(
        "SELECT user_id, guesses, outcome FROM game_results WHERE mode = 'duel' ORDER BY user_id"
    ) as cursor:
        return [tuple(row) async for row in cursor]


async def set_up(app, request, invite_bob=True):
    """Ann challenges Bob (by replying to him), Bob accepts, both set their secrets in private."""
    ann, bob = Member(app, request, 11, "Ann"), Member(app, request, 22, "Bob")
    [invite] = sent(await ann.send("/duel", reply_to=bob if invite_bob else None))
    match, _ = await the_duel(app)
    accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")
    await bob.press(accept)
    for member, secret in ((ann, ANN_SECRET), (bob, BOB_SECRET)):
        await member.in_private().send(f"/start {secret_link(app, match.id)}")
        await member.in_private().send(secret)
    return ann, bob, match.id


def group_texts(request):
    return [c.text for c in sent(request.calls, GROUP)]


async def test_a_duel_from_invitation_to_a_win_with_the_second_player_owed_an_equal_turn(app, recorded):
    ann, bob, cat = (Member(app, recorded, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    [invite] = sent(await ann.send("/duel", reply_to=bob))
    assert 'challenges <a href="tg://user?id=22">Bob</a> to a duel' in invite.text
    accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")
    assert toasts(await cat.press(accept)) == ["This duel is for Bob."]
    assert toasts(await ann.press(accept)) == ["You can't accept your own duel."]
    calls = await bob.press(accept)
    [lineup] = [c for c in calls if c.method == "editMessageText"]
    match, _ = await the_duel(app)
    assert keyboard(lineup) == [
        {"text": "🔒 Set my secret", "url": f"https://t.me/bullscows_test_bot?start={secret_link(app, match.id)}"}
    ]
    [early] = sent(await ann.send("/g 5678"))
    assert "starts once both secrets are set" in early.text

    [ask] = sent(await ann.in_private().send(f"/start {secret_link(app, match.id)}"))
    assert "Your secret for the duel with Bob" in ask.text
    [bad] = sent(await ann.in_private().send("1123"))
    assert "must all differ" in bad.text
    calls = await ann.in_private().send(ANN_SECRET)
    assert [c.text for c in sent(calls, 11)] == [
        f"🔒 Your secret is <b>{ANN_SECRET}</b>. Back to the group: Bob will try to find it."
    ]
    assert [c.text for c in sent(calls, GROUP)] == ["🔒 Ann has set a secret."]
    [again] = sent(await ann.in_private().send(f"/start {secret_link(app, match.id)}"))
    assert "already set" in again.text
    await bob.in_private().send(f"/start {secret_link(app, match.id)}")
    calls = await bob.in_private().send(BOB_SECRET)
    begin = sent(calls, GROUP)[-1].text
    assert 'Both secrets are set. <a href="tg://user?id=11">Ann</a> moves first' in begin

    [wait] = sent(await bob.send("/g 1234"))
    assert "It's Ann's turn." in wait.text
    [other] = sent(await cat.send("/g 1234"))
    assert "Only the two players" in other.text
    assert sent(await cat.send("1234")) == []  # plain chatter of others stays quiet
    [line] = sent(await ann.send("0123"))
    assert line.text.startswith("Ann #1 <code>0123</code> → 0🐂 0🐄 · ")
    [line] = sent(await bob.send("/g 4321"))
    assert line.text.startswith("Bob #1 <code>4321</code> → 0🐂 2🐄")
    [line] = sent(await ann.send(f"/g {BOB_SECRET}"))
    assert "Ann found it in 2! <a href" in line.text
    calls = await bob.send("/g 2134")
    end, earned = sent(calls, GROUP)
    assert "Ann</a> wins the duel, finding Bob's secret in 2 guesses" in end.text
    assert earned.text.startswith("🏅 Ann earns <b>Classic in four</b>: a classic game")  # told in the group
    assert [c.text for c in sent(calls, 22)] == [f"The duel is over. Ann's secret was <b>{ANN_SECRET}</b>."]
    assert await results(app) == [(11, 2, "won"), (22, 2, "lost")]
    assert not any(ANN_SECRET in text for text in group_texts(recorded))
    data = [str(b.get("callback_data", "")) + str(b.get("url", "")) for c in recorded.calls for b in keyboard(c)]
    assert data
    assert not any(secret in d for d in data for secret in (ANN_SECRET, BOB_SECRET))


async def test_both_solving_in_the_same_round_is_a_draw(app, recorded):
    ann, bob, _ = await set_up(app, recorded)
    await ann.send(f"/g {BOB_SECRET}")
    end, earned = sent(await bob.send(f"/g {ANN_SECRET}"))
    assert "A draw" in end.text
    assert earned.text.count("earns <b>Classic in four</b>") == 2  # both solved in 1, each told once
    assert "both found it in 1 guess." in end.text
    assert await results(app) == [(11, 1, "draw"), (22, 1, "draw")]


async def test_the_second_player_solving_first_wins_at_once(app, recorded):
    ann, bob, _ = await set_up(app, recorded)
    await ann.send("/g 0987")
    end, _earned = sent(await bob.send(f"/g {ANN_SECRET}"), GROUP)
    assert "Bob</a> wins the duel" in end.text
    assert await results(app) == [(11, 1, "lost"), (22, 1, "won")]


async def test_a_player_who_does_not_move_in_time_forfeits_and_both_are_told(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        ann, _, match_id = await set_up(app, request)
        _, core = await the_duel(app)
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match_id}"]
        await ann.send("/g 0987")
        clock.advance(299)
        assert await core.on_deadline(match_id) is None
        clock.advance(2)
        due = await core.on_deadline(match_id)
        chat_id, outcome = due.chat_id, due.outcome
        group, *private = outcome.replies
        assert chat_id == GROUP
        assert 'tg://user?id=22">Bob</a> did not move within 5m 0s and forfeits' in group.text
        assert 'tg://user?id=11">Ann</a> wins' in group.text
        assert BOB_SECRET not in group.text
        assert ANN_SECRET not in group.text
        assert {(r.chat_id, BOB_SECRET in r.text or ANN_SECRET in r.text) for r in private} == {(11, True), (22, True)}
        assert await results(app) == [(11, 1, "walkover"), (22, 0, "forfeit")]


async def test_resigning_gives_the_other_the_win_and_keeps_secrets_out_of_the_group(app, recorded):
    _, bob, _ = await set_up(app, recorded)
    calls = await bob.send("/resign")
    [end] = sent(calls, GROUP)
    assert "Bob resigns" in end.text
    assert not any(secret in text for secret in (ANN_SECRET, BOB_SECRET) for text in group_texts(recorded))
    assert await results(app) == [(11, 0, "walkover"), (22, 0, "resigned")]


async def test_an_open_duel_is_taken_by_anyone_and_only_its_challenger_can_withdraw_it(app, recorded):
    ann, bob, cat = (Member(app, recorded, uid, name) for uid, name in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    [invite] = sent(await ann.send("/duel 5 1m"))
    assert "wants a duel: 5 digits, no repeats, 1m 0s per move" in invite.text
    decline = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✖️ Decline")
    assert toasts(await bob.press(decline)) == ["Only the two players can do that."]
    [withdrawn] = [c for c in await ann.press(decline) if c.method == "editMessageText"]
    assert "Duel off: Ann declined." in withdrawn.text
    assert toasts(await bob.press(decline)) == ["That button is out of date."]

    [invite] = sent(await ann.send("/duel"))
    accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")
    await cat.press(accept)
    match, _ = await the_duel(app)
    assert [p.user_id for p in match.players] == [11, 33]
    [nope] = sent(await bob.in_private().send(f"/start {secret_link(app, match.id)}"))
    assert "not waiting for your secret" in nope.text


async def test_a_restarted_bot_carries_on_a_duel_with_its_timer(tmp_path):
    database = tmp_path / "db.sqlite3"
    async with telegram_app(database) as (app, request):
        ann, _, match_id = await set_up(app, request)
        await ann.send("/g 0987")
    async with telegram_app(database) as (app, request):
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match_id}"]
        end, _earned = sent(await Member(app, request, 22, "Bob").send(f"/g {ANN_SECRET}"), GROUP)
        assert "Bob</a> wins the duel" in end.text


async def test_moves_and_acceptances_that_bypass_the_chat_lock_are_still_taken_once(app, recorded):
    _, _, match_id = await set_up(app, recorded)
    match, core = await the_duel(app)
    moves = await asyncio.gather(*(duel.guess(core.deps, match, 11, "Ann", code) for code in ("0123", "0987")))
    assert sum(isinstance(m, duel.DuelMove) for m in moves) == 1
    assert len(await core.deps.store.matches.turns(match_id, 11)) == 1
    await Member(app, recorded, 11, "Ann").send("/stop")

    await Member(app, recorded, 11, "Ann").send("/duel")
    invite, _ = await the_duel(app)
    accepted = await asyncio.gather(*(duel.accept(core.deps, invite, uid, f"U{uid}") for uid in (22, 33, 44)))
    assert sum(isinstance(a, duel.Accepted) for a in accepted) == 1
    assert len((await core.deps.store.matches.match(invite.id)).players) == 2


async def test_an_invitation_nobody_takes_up_lapses_on_its_timer(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        [invite] = sent(await Member(app, request, 11, "Ann").send("/duel"))
        match, core = await the_duel(app)
        clock.advance(601)
        outcome = (await core.on_deadline(match.id)).outcome
        assert outcome.replies[0].text == "⏰ Nobody took up the duel."
        accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")
        assert toasts(await Member(app, request, 22, "Bob").press(accept)) == ["That button is out of date."]
        assert await results(app) == []


async def test_a_secret_sent_after_the_duel_was_stopped_is_told_the_duel_is_over_and_starts_nothing(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    [invite] = sent(await ann.send("/duel", reply_to=bob))
    await bob.press(next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept"))
    match, core = await the_duel(app)
    await ann.in_private().send(f"/start {secret_link(app, match.id)}")
    await ann.in_private().send(ANN_SECRET)
    waiting = await core.deps.store.matches.awaiting_secret(22)  # Bob's private chat read this before the /stop
    await ann.send("/stop")
    result = await duel.set_secret(core.deps, waiting, 22, BOB_SECRET)
    [reply] = group_duel.secret_set("en", result).replies
    assert reply.chat_id is None
    assert "That duel is over" in reply.text
    stopped = await core.deps.store.matches.match(match.id)
    assert (stopped.status, stopped.phase, stopped.player(22).secret) == ("stopped", "over", None)
    assert app.job_queue.jobs() == ()


async def test_ids_too_big_for_the_database_are_unknown_duels_and_stale_buttons_not_crashes(tmp_path, caplog):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        ann = Member(app, request, 11, "Ann")
        for payload in ("duel_99999999999999999999", "duel_9223372036854775808", "duel_²"):
            [reply] = sent(await ann.in_private().send(f"/start {payload}"))
            assert "This link isn't one I made" in reply.text
        [reply] = sent(await ann.in_private().send(f"/start {secret_link(app, 10**15)}"))  # signed, but no such duel
        assert "That duel is not waiting for your secret." in reply.text
        for data in ("m:99999999999999999999:0:y", "m:1:99999999999999999999:y", "a:²:1:10", "u:1:²"):
            assert toasts(await ann.press(data)) in (
                ["That button is out of date."],
                ["That button belongs to an older board."],
            )
        assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_a_solving_guess_is_masked_in_the_group_while_the_other_player_still_has_a_last_chance(app, recorded):
    ann, bob, _ = await set_up(app, recorded)
    [line] = sent(await ann.send(f"/g {BOB_SECRET}"))
    assert line.text.startswith("Ann #1 <code>••••</code> → 4🐂 0🐄")
    assert "one last guess to draw" in line.text
    assert not any(BOB_SECRET in text for text in group_texts(recorded))
    await bob.send("/g 0123")
    assert not any(ANN_SECRET in text for text in group_texts(recorded))


async def test_a_player_the_duel_cannot_name_is_called_your_opponent_from_the_texts(app, recorded):
    await set_up(app, recorded)
    match, _ = await the_duel(app)
    [prompt] = group_duel.secret_prompt("en", duel.SecretPrompt(match, None)).replies
    assert "Your secret for the duel with your opponent:" in prompt.text
    [turn] = group_duel.moved("en", Refusal("duel.not_your_turn")).replies
    assert turn.text == "It's your opponent's turn."


async def test_unknown_duel_options_are_explained_with_a_duel_example(app, recorded):
    [reply] = sent(await Member(app, recorded, 11, "Ann").send("/duel bogus"))
    assert "I don't understand “bogus”" in reply.text
    assert "<code>/duel 5</code>" in reply.text
    assert "/challenge" not in reply.text
    assert (await the_duel(app))[0] is None


async def test_a_move_in_a_group_duel_loads_the_duel_once_never_as_a_race_first(app, recorded, monkeypatch):
    ann, _bob, match_id = await set_up(app, recorded)
    matches = app.bot_data.runtime.core.deps.store.matches
    loaded: list[int] = []
    load = matches._match

    async def counted(row):
        if row is not None:
            loaded.append(row["id"])
        return await load(row)

    monkeypatch.setattr(matches, "_match", counted)
    await ann.send("/g 1357")
    await ann.send("9753")
    # twice a move: found by the duel's route, read again once the move is made; the race's route, asked first,
    # finds no race without reading the duel (it used to, a third time a move)
    assert loaded == [match_id] * 4


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_channel_or_an_anonymous_admin_neither_offers_a_duel_nor_moves_in_one(tmp_path, language):
    from bot.texts import t
    from tests.bot.test_senders import ANONYMOUS, PostedAs, channel

    async with telegram_app(tmp_path / "db.sqlite3") as (app, recorded):
        ann, bob = Member(app, recorded, 11, "Ann", language_code=language), Member(app, recorded, 22, "Bob")
        await ann.send("/help")  # the group hears Ann first: it speaks her language
        news = channel(app, recorded, -1001, "News")
        admin = PostedAs(app, recorded, ANONYMOUS, {"id": GROUP, "type": "supergroup", "title": "Group"})
        for posted in (news, admin):
            [refused] = sent(await posted.send("/duel", reply_to=bob))
            assert refused.text == t("match.not_person", language)
        match, _ = await the_duel(app)
        assert match is None
        [invite] = sent(await ann.send("/duel", reply_to=bob))
        accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == t("btn.accept", language))
        await bob.press(accept)
        [refused] = sent(await news.send("/g 0123"))
        assert refused.text == t("match.not_person", language)
        assert sent(await admin.send("0123")) == []
        match, _ = await the_duel(app)
        assert [p.user_id for p in match.players] == [11, 22]
        assert [p.guesses for p in match.players] == [0, 0]
