"""A duel from a "duel me" link, in-process: Bob opens Ann's link (/start duelme_<Ann>) and the two play in their
own private chats, each told every move in their own language; the refusals; the timers; an inviter the bot
cannot write to."""

import json

from bot.features.matches import DUEL_ME_PAYLOAD
from bot.telegram_io.handlers import RUNTIME
from tests.bot.fakes import Clock, telegram_app
from tests.bot.members import Member, sent, toasts

ANN, BOB = 11, 22
ANN_SECRET, BOB_SECRET = "2460", "5678"


def people(app, request):
    """Ann (her app in Russian) and Bob, each in their private chat with the bot."""
    ann = Member(app, request, ANN, "Ann", chat_id=ANN, language_code="ru")
    bob = Member(app, request, BOB, "Bob", chat_id=BOB)
    return ann, bob


def texts(calls, chat_id):
    return [c.text for c in sent(calls, chat_id)]


async def duel_of(app, user_id):
    return await app.bot_data[RUNTIME].core.deps.matches.private_duel(user_id)


async def results(app):
    async with app.bot_data[RUNTIME].store.conn.execute(
        "SELECT user_id, chat_id, guesses, outcome FROM game_results WHERE mode = 'duel' ORDER BY user_id"
    ) as cursor:
        return [tuple(row) async for row in cursor]


async def opened(app, request):
    """Ann has talked to the bot before; Bob opens her link: the duel waits for both secrets."""
    ann, bob = people(app, request)
    await ann.send("/start")
    calls = await bob.send(f"/start {DUEL_ME_PAYLOAD}{ANN}")
    return ann, bob, calls


async def playing(app, request):
    ann, bob, _ = await opened(app, request)
    await ann.send(ANN_SECRET)
    await bob.send(BOB_SECRET)
    return ann, bob


async def test_opening_the_link_starts_a_duel_in_both_private_chats_each_in_its_own_language(app, recorded):
    _, _, calls = await opened(app, recorded)
    [to_bob] = texts(calls, BOB)
    assert to_bob.startswith('⚔️ A duel with <a href="tg://user?id=11">Ann</a>: a 4-digit number')
    assert "5m 0s per move. Send me your secret here" in to_bob
    [to_ann] = texts(calls, ANN)
    assert to_ann.startswith('⚔️ <a href="tg://user?id=22">Bob</a> принимает твой вызов на дуэль')
    match = await duel_of(app, ANN)
    assert match == await duel_of(app, BOB)
    assert (match.private, match.chat_id, match.phase, match.started_by) == (True, BOB, "secrets", ANN)


async def test_secrets_then_moves_go_to_both_players_and_the_end_reveals_the_other_secret(app, recorded):
    ann, bob, _ = await opened(app, recorded)
    calls = await ann.send(ANN_SECRET)
    assert texts(calls, ANN) == [f"🔒 Твой код: <b>{ANN_SECRET}</b>. Bob попробует его отгадать."]
    assert texts(calls, BOB) == ["🔒 Ann has set a secret."]
    [wait] = texts(await ann.send("1357"), ANN)
    assert wait == "Твой код загадан. Ждём, пока Bob загадает свой."
    calls = await bob.send(BOB_SECRET)
    [bob_set] = texts(calls, BOB)
    assert bob_set.startswith(f"🔒 Your secret is <b>{BOB_SECRET}</b>. Ann will try to find it.")
    assert "Ann moves first; each guess shows here. 5m 0s per move." in bob_set
    [ann_begin] = texts(calls, ANN)
    assert "Первый ход за тобой" in ann_begin
    assert BOB_SECRET not in ann_begin

    [early] = texts(await bob.send("0123"), BOB)
    assert early == "It's Ann's turn."
    calls = await ann.send("0123")
    [to_ann] = texts(calls, ANN)
    [to_bob] = texts(calls, BOB)
    assert to_ann.startswith("Ann #1 <code>0123</code> → 0🐂 0🐄 · ходит Bob")
    assert to_bob == "Ann #1 <code>0123</code> → 0🐂 0🐄 · Bob to move\nYour move: send a guess."
    calls = await bob.send("4321")
    assert texts(calls, ANN)[0].startswith("Bob #1 <code>4321</code> → 0🐂 2🐄")
    calls = await ann.send(BOB_SECRET)
    assert "Ann found it in 2! Bob: one last guess to draw." in texts(calls, BOB)[0]
    calls = await bob.send("1357")
    [ann_end] = texts(calls, ANN)
    bob_end, reveal = texts(calls, BOB)
    assert "Ann</a> wins the duel, finding Bob's secret in 2 guesses." in bob_end
    assert "побеждает в дуэли" in ann_end
    assert reveal == f"The duel is over. Ann's secret was <b>{ANN_SECRET}</b>."
    assert await duel_of(app, ANN) is None
    assert await results(app) == [(ANN, BOB, 2, "won"), (BOB, BOB, 2, "lost")]


async def test_a_player_resigns_with_resign_and_other_games_wait_while_the_duel_is_on(app, recorded):
    ann, bob = await playing(app, recorded)
    [held] = texts(await bob.send("/play"), BOB)
    assert held == "A duel is on: send your secret or your guess here, or /resign to give it up."
    assert texts(await ann.send("/versus"), ANN) == [
        "Идёт дуэль: присылай сюда свой код или догадку либо сдайся: /resign."
    ]
    calls = await bob.send("/resign")
    to_ann, bob_secret = texts(calls, ANN)
    to_bob, ann_secret = texts(calls, BOB)
    assert to_bob == '🏳️ Bob resigns. <a href="tg://user?id=11">Ann</a> wins.'
    assert to_ann == '🏳️ Bob сдаётся. Побеждает <a href="tg://user?id=11">Ann</a>.'
    assert (BOB_SECRET in bob_secret, ANN_SECRET in ann_secret) == (True, True)
    assert await results(app) == [(ANN, BOB, 0, "walkover"), (BOB, BOB, 0, "resigned")]


async def test_the_link_is_refused_for_its_own_sender_an_unknown_sender_and_anyone_already_in_a_match(app, recorded):
    ann, bob = people(app, recorded)
    await ann.send("/start")
    [own] = texts(await ann.send(f"/start duelme_{ANN}"), ANN)
    assert own.startswith("Это твоё собственное приглашение")
    for payload in ("duelme_999", "duelme_x", "duelme_99999999999999999999"):
        [unknown] = texts(await bob.send(f"/start {payload}"), BOB)
        assert unknown.startswith("I can't reach whoever sent this invitation")
    await bob.send("/versus")
    [busy] = texts(await bob.send(f"/start duelme_{ANN}"), BOB)
    assert busy.startswith("You're already in a match")
    await bob.send("/resign")
    group_ann = Member(app, recorded, ANN, "Ann")
    await group_ann.send("/duel")  # an open invitation in a group: Ann is in a match
    calls = await bob.send(f"/start duelme_{ANN}")
    assert texts(calls, BOB) == ["Ann is in another match right now: open the invitation again a little later."]
    assert texts(calls, ANN) == []
    assert await duel_of(app, BOB) is None


async def test_secrets_not_set_in_time_call_the_duel_off_and_a_move_not_made_forfeits(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        core = app.bot_data[RUNTIME].core
        await opened(app, request)
        match = await duel_of(app, BOB)
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match.id}"]
        clock.advance(15 * 60 + 1)
        _, outcome = await core.on_deadline(match.id)
        assert {(r.chat_id, r.text.startswith("⏰")) for r in outcome.replies} == {(ANN, True), (BOB, True)}
        assert await duel_of(app, BOB) is None

        ann, bob, _ = await opened(app, request)
        await ann.send(ANN_SECRET)
        await bob.send(BOB_SECRET)
        await ann.send("0123")
        match = await duel_of(app, BOB)
        clock.advance(5 * 60 + 1)
        _, outcome = await core.on_deadline(match.id)
        to_ann, to_bob, *reveals = outcome.replies
        assert (to_ann.chat_id, to_bob.chat_id) == (ANN, BOB)
        assert 'Bob</a> did not move within 5m 0s and forfeits. <a href="tg://user?id=11">Ann</a> wins.' in to_bob.text
        assert "техническое поражение" in to_ann.text
        assert {(r.chat_id, ANN_SECRET in r.text or BOB_SECRET in r.text) for r in reveals} == {
            (ANN, True),
            (BOB, True),
        }
        assert await results(app) == [(ANN, BOB, 1, "walkover"), (BOB, BOB, 0, "forfeit")]


async def test_an_inviter_the_bot_cannot_write_to_leaves_no_duel_behind_and_the_invitee_is_told(app, recorded):
    ann, bob = people(app, recorded)
    await ann.send("/start")
    recorded.unreachable.add(ANN)  # she has blocked the bot since
    calls = await bob.send(f"/start duelme_{ANN}")
    asked, told = texts(calls, BOB)
    assert asked.startswith("⚔️ A duel with")
    assert told.startswith("I can't write to Ann: they haven't started a chat with me, or have blocked me.")
    assert await duel_of(app, BOB) is None
    assert app.job_queue.jobs() == ()
    [solo] = texts(await bob.send("1234"), BOB)  # his messages are his own again
    assert "duel" not in solo.lower()


async def test_a_player_in_a_private_duel_neither_challenges_nor_accepts_a_group_duel_meanwhile(app, recorded):
    await playing(app, recorded)
    cat = Member(app, recorded, 33, "Cat")
    in_group = Member(app, recorded, BOB, "Bob")
    [refused] = sent(await in_group.send("/duel"))
    assert refused.text == "You're in a duel in our private chat: finish it (or /resign there) first."
    [invite] = sent(await cat.send("/duel"))
    markup = invite.params["reply_markup"]
    markup = json.loads(markup) if isinstance(markup, str) else markup
    accept = markup["inline_keyboard"][0][0]["callback_data"]
    assert toasts(await in_group.press(accept)) == [refused.text]
