"""A duel from a "duel me" link, in-process: Bob opens Ann's signed link (/start duelme_<Ann>-...), Ann is asked and
accepts in her own chat, and the two play in their own private chats, each told every move in their own language;
forged and expired links; the refusals; the timers; an inviter the bot cannot write to."""

import json
from datetime import timedelta

from bot.links import DUEL_ME
from bot.records import replay
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
    return await app.bot_data.runtime.core.deps.store.matches.private_duel(user_id)


async def results(app):
    async with app.bot_data.runtime.store.conn.execute(
        "SELECT user_id, chat_id, guesses, outcome FROM game_results WHERE mode = 'duel' ORDER BY user_id"
    ) as cursor:
        return [tuple(row) async for row in cursor]


def link(app, user_id, days=7):
    """The payload of `user_id`'s signed "duel me" link, valid for `days` from the bot's clock."""
    deps = app.bot_data.runtime.core.deps
    return deps.links.payload(DUEL_ME, user_id, deps.clock() + timedelta(days=days))


def button(calls, chat_id, label):
    """(callback data, message id) of the button labelled `label` on the bot's message to `chat_id`."""
    for call in sent(calls, chat_id):
        for text, data in call.buttons:
            if label in text:
                return data, call.params["_sent_id"]
    raise AssertionError(f"no {label!r} button in {[(c.method, c.params.get('chat_id'), c.text) for c in calls]}")


async def asked(app, request):
    """Ann has talked to the bot before; Bob opens her link: Ann is asked to accept."""
    ann, bob = people(app, request)
    await ann.send("/start")
    calls = await bob.send(f"/start {link(app, ANN)}")
    return ann, bob, calls


async def opened(app, request):
    """Ann accepts the duel Bob asked for through her link: the duel waits for both secrets."""
    ann, bob, calls = await asked(app, request)
    data, message_id = button(calls, ANN, "Принять")
    return ann, bob, await ann.press(data, message_id)


async def playing(app, request):
    ann, bob, _ = await opened(app, request)
    await ann.send(ANN_SECRET)
    await bob.send(BOB_SECRET)
    return ann, bob


async def test_opening_the_link_asks_its_owner_who_keeps_her_chat_until_she_accepts(app, recorded):
    ann, _, calls = await asked(app, recorded)
    [to_bob] = texts(calls, BOB)
    assert to_bob.startswith('⚔️ I\'ve asked <a href="tg://user?id=11">Ann</a> for a duel (4 digits, no repeats')
    [to_ann] = texts(calls, ANN)
    assert to_ann.startswith('⚔️ <a href="tg://user?id=22">Bob</a> открывает твою ссылку на дуэль')
    assert await duel_of(app, ANN) is None  # not in a game she did not choose
    [own_game] = texts(await ann.send("/play"), ANN)
    assert "Я загадал" in own_game
    [waiting] = texts(await Member(app, recorded, BOB, "Bob", chat_id=BOB).send("1234"), BOB)
    assert waiting == "Waiting for Ann to accept the duel. /cancel takes it back."


async def test_accepting_starts_the_duel_in_both_private_chats_each_in_its_own_language(app, recorded):
    _, _, calls = await opened(app, recorded)
    [to_bob] = texts(calls, BOB)
    assert to_bob.startswith('⚔️ <a href="tg://user?id=11">Ann</a> accepted your challenge: 4 digits, no repeats')
    assert "5m 0s per move. Send me your secret here" in to_bob
    [to_ann] = [c.text for c in calls if c.method == "editMessageText" and int(c.params["chat_id"]) == ANN]
    assert to_ann.startswith('⚔️ Дуэль с соперником <a href="tg://user?id=22">Bob</a>')
    match = await duel_of(app, ANN)
    assert match == await duel_of(app, BOB)
    assert (match.private, match.chat_id, match.phase, match.started_by, match.invited_id) == (
        True,
        BOB,
        "secrets",
        BOB,
        ANN,
    )


async def test_the_owner_declines_and_nobody_is_in_a_duel(app, recorded):
    ann, _, calls = await asked(app, recorded)
    data, message_id = button(calls, ANN, "Отказаться")
    calls = await ann.press(data, message_id)
    assert texts(calls, BOB) == ["Duel off: Ann declined."]
    assert await duel_of(app, BOB) is None


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
    ann_end, ann_earned = texts(calls, ANN)  # Ann found Bob's code in 2: in her chat, in her language
    bob_end, reveal = texts(calls, BOB)
    assert ann_earned.startswith("🏅 Новое достижение: <b>Классика за четыре хода</b>")
    assert "Ann</a> wins the duel, finding Bob's secret in 2 guesses." in bob_end
    assert "побеждает в дуэли" in ann_end
    assert reveal == f"The duel is over. Ann's secret was <b>{ANN_SECRET}</b>."
    assert await duel_of(app, ANN) is None
    assert await results(app) == [(ANN, BOB, 2, "won"), (BOB, BOB, 2, "lost")]


async def test_a_player_resigns_with_resign_and_other_games_ask_first_while_the_duel_is_on(app, recorded):
    ann, bob = await playing(app, recorded)
    [held] = texts(await bob.send("/play"), BOB)
    assert held == "You're in a duel with Ann. Resign it and start a new game?"
    asked = texts(await ann.send("/versus"), ANN)
    assert asked == ["У тебя идёт дуэль с соперником Bob. Сдаться и начать новую игру?"]
    calls = await bob.send("/resign")
    to_ann, bob_secret = texts(calls, ANN)
    to_bob, ann_secret = texts(calls, BOB)
    # rated like any duel played to an end, with the new ratings under the result for both players
    assert (
        to_bob == '🏳️ Bob resigns. <a href="tg://user?id=11">Ann</a> wins.\n📈 Rating: Ann 1569? (+69), Bob 1463? (−37)'
    )
    assert to_ann == (
        '🏳️ Bob сдаётся. Побеждает <a href="tg://user?id=11">Ann</a>.\n📈 Рейтинг: Ann 1569? (+69), Bob 1463? (−37)'
    )
    assert (BOB_SECRET in bob_secret, ANN_SECRET in ann_secret) == (True, True)
    assert await results(app) == [(ANN, BOB, 0, "walkover"), (BOB, BOB, 0, "resigned")]


async def test_the_link_is_refused_for_its_own_sender_an_unknown_sender_and_anyone_already_in_a_match(app, recorded):
    ann, bob = people(app, recorded)
    await ann.send("/start")
    [own] = texts(await ann.send(f"/start {link(app, ANN)}"), ANN)
    assert own.startswith("Это твоя собственная ссылка на дуэль")
    [unknown] = texts(await bob.send(f"/start {link(app, 999)}"), BOB)
    assert unknown.startswith("I can't reach whoever sent this invitation")
    await bob.send("/versus")
    [busy] = texts(await bob.send(f"/start {link(app, ANN)}"), BOB)
    assert busy.startswith("You're already in a match")
    await bob.send("/resign")
    group_ann = Member(app, recorded, ANN, "Ann")
    await group_ann.send("/duel")  # an open invitation in a group: Ann is in a match
    calls = await bob.send(f"/start {link(app, ANN)}")
    assert texts(calls, BOB) == ["Ann is in another match right now: open the invitation again a little later."]
    assert texts(calls, ANN) == []
    assert await duel_of(app, BOB) is None


async def test_secrets_not_set_in_time_call_the_duel_off_and_a_move_not_made_forfeits(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        core = app.bot_data.runtime.core
        await asked(app, request)
        match = await duel_of(app, BOB)
        clock.advance(10 * 60 + 1)  # an invitation not answered lapses
        outcome = (await core.on_deadline(match.id)).outcome
        assert {(r.chat_id, r.text.startswith("⏰")) for r in outcome.replies} == {(ANN, True), (BOB, True)}
        assert await duel_of(app, BOB) is None

        await opened(app, request)
        match = await duel_of(app, BOB)
        assert [job.name for job in app.job_queue.jobs()] == [f"match-{match.id}"]
        clock.advance(15 * 60 + 1)
        outcome = (await core.on_deadline(match.id)).outcome
        assert {(r.chat_id, r.text.startswith("⏰")) for r in outcome.replies} == {(ANN, True), (BOB, True)}
        assert await duel_of(app, BOB) is None

        ann, bob, _ = await opened(app, request)
        await ann.send(ANN_SECRET)
        await bob.send(BOB_SECRET)
        await ann.send("0123")
        match = await duel_of(app, BOB)
        clock.advance(5 * 60 + 1)
        outcome = (await core.on_deadline(match.id)).outcome
        to_ann, to_bob, *reveals = outcome.replies
        assert (to_ann.chat_id, to_bob.chat_id) == (ANN, BOB)
        assert 'Bob</a> did not move within 5m 0s and forfeits. <a href="tg://user?id=11">Ann</a> wins.' in to_bob.text
        assert "техническое поражение" in to_ann.text
        assert (
            to_bob.text.endswith("📈 Rating: Ann 1569? (+69), Bob 1463? (−37)"),
            "📈 Рейтинг: Ann" in to_ann.text,
        ) == (
            True,
            True,
        )
        assert {(r.chat_id, ANN_SECRET in r.text or BOB_SECRET in r.text) for r in reveals} == {
            (ANN, True),
            (BOB, True),
        }
        assert await results(app) == [(ANN, BOB, 1, "walkover"), (BOB, BOB, 0, "forfeit")]


async def test_an_inviter_the_bot_cannot_write_to_leaves_no_duel_behind_and_the_invitee_is_told(app, recorded):
    ann, bob = people(app, recorded)
    await ann.send("/start")
    recorded.unreachable.add(ANN)  # she has blocked the bot since
    calls = await bob.send(f"/start {link(app, ANN)}")
    asked, told = texts(calls, BOB)
    assert asked.startswith("⚔️ I've asked")
    assert told.startswith("I can't write to Ann: they haven't started a chat with me, or have blocked me.")
    assert await duel_of(app, BOB) is None
    assert app.job_queue.jobs() == ()
    [solo] = texts(await bob.send("1234"), BOB)  # his messages are his own again
    assert "duel" not in solo.lower()


async def test_forged_and_expired_links_put_nobody_into_a_duel(app, recorded):
    ann, bob = people(app, recorded)
    await ann.send("/start")
    real = link(app, ANN)
    for forged in (
        f"duelme_{ANN}",
        real[:-1] + ("A" if real[-1] != "A" else "B"),
        real.replace("duelme_b", "duelme_c"),
    ):
        calls = await bob.send(f"/start {forged}")
        assert texts(calls, BOB) == ["This link isn't one I made, or it was changed. Ask for a fresh one."], forged
        assert texts(calls, ANN) == []
    calls = await bob.send(f"/start {link(app, ANN, days=-1)}")
    assert texts(calls, BOB) == ["This link has expired. Ask for a fresh one."]
    assert await duel_of(app, ANN) is None
    assert await duel_of(app, BOB) is None


async def test_a_duels_secret_link_is_signed_and_names_its_duel(app, recorded):
    ann = Member(app, recorded, ANN, "Ann")
    bob = Member(app, recorded, BOB, "Bob")
    [invite] = sent(await ann.send("/duel", reply_to=bob))
    accept = invite.buttons[0][1]
    [line_up] = [c for c in await bob.press(accept, invite.params["_sent_id"]) if c.method == "editMessageText"]
    markup = line_up.params["reply_markup"]
    markup = json.loads(markup) if isinstance(markup, str) else markup
    url = markup["inline_keyboard"][0][0]["url"]
    payload = url.split("start=", 1)[1]
    assert payload.startswith("duel_")
    assert len(payload) <= 64
    match = await app.bot_data.runtime.core.deps.store.matches.active_match(-100555)
    [prompt] = texts(await ann.in_private().send(f"/start {payload}"), ANN)
    assert "secret" in prompt.lower() or "код" in prompt
    [forged] = texts(await ann.in_private().send(f"/start duel_{match.id}"), ANN)
    assert forged == "This link isn't one I made, or it was changed. Ask for a fresh one."


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


async def test_a_private_duel_is_rated_like_any_duel_on_the_global_board_only(app, recorded):
    _, bob = await playing(app, recorded)
    await bob.send("/resign")
    async with app.bot_data.runtime.store.conn.execute(
        "SELECT DISTINCT chat_id FROM rated_results UNION SELECT DISTINCT chat_id FROM rating_board"
    ) as cursor:
        assert [tuple(row) async for row in cursor] == [(0,)]  # the global board; no private chat's
    [board] = texts(await bob.send("/top rating"), BOB)
    assert "🥇 Ann — <b>1569?</b>" in board
    assert "🥈 Bob — <b>1463?</b>" in board
    store = app.bot_data.runtime.store
    before = await board_rows(store)
    assert (await replay.rerate(store)).changed == 0
    assert await board_rows(store) == before  # the replay puts it on the same board


async def board_rows(store):
    async with store.conn.execute("SELECT * FROM rating_board ORDER BY chat_id, family, user_id") as cursor:
        return [tuple(row) async for row in cursor]
