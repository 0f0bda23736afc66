"""A duel played in two private chats ends with a button for each player, labelled for them ('🔁 Rematch' for the
loser, '🔁 Play again' for the winner): pressing it asks the other, in their own chat and language, for another duel
in the same variant and time per move, as a "duel me" link does."""

from tests.bot.members import Member, sent, toasts
from tests.duel.test_private_duel import ANN, ANN_SECRET, BOB, BOB_SECRET, button, duel_of, playing, texts


def labels(calls, chat_id):
    return [label for call in sent(calls, chat_id) for label, _ in call.buttons]


async def test_a_resigned_private_duel_offers_each_player_another_and_the_other_is_asked(app, recorded):
    ann, bob = await playing(app, recorded)  # Ann's app is in Russian
    calls = await bob.send("/resign")
    assert labels(calls, BOB) == ["🔁 Rematch"]  # Bob lost, before any guess of his: nothing of his to review
    assert labels(calls, ANN) == ["🔁 Сыграть ещё"]  # Ann won: no "rematch" for her
    data, message_id = button(calls, BOB, "Rematch")
    calls = await bob.press(data, message_id)
    [to_bob] = texts(calls, BOB)
    assert to_bob.startswith('⚔️ I\'ve asked <a href="tg://user?id=11">Ann</a> for a duel')
    [to_ann] = texts(calls, ANN)
    assert to_ann.startswith('⚔️ <a href="tg://user?id=22">Bob</a> предлагает ещё одну дуэль')
    invited = await duel_of(app, BOB)
    assert (invited.phase, invited.invited_id, invited.chat_id) == ("invited", ANN, BOB)
    assert invited.variant.name == "classic"
    accept, message_id = button(calls, ANN, "Принять")
    await ann.press(accept, message_id)
    assert (await duel_of(app, ANN)).phase == "secrets"
    [busy] = texts(await bob.press(data, message_id), BOB)  # one duel at a time
    assert busy == "You're already in a match: finish it (or /resign) first, then press the button again."


async def test_a_private_duel_won_by_a_move_offers_another_in_its_variant(app, recorded):
    ann, bob = await playing(app, recorded)
    await ann.send("0123")
    await bob.send("4321")
    await ann.send(BOB_SECRET)
    calls = await bob.send("1357")  # Bob's last chance misses: Ann wins
    assert labels(calls, BOB) == ["🔁 Rematch", "📊 Review"]
    assert labels(calls, ANN) == ["🔁 Сыграть ещё", "📊 Разбор партии"]
    data, message_id = button(calls, ANN, "Сыграть ещё")
    calls = await ann.press(data, message_id)
    assert texts(calls, BOB)[0].startswith('⚔️ <a href="tg://user?id=11">Ann</a> asks for another duel')
    assert (await duel_of(app, ANN)).started_by == ANN
    assert ANN_SECRET not in "".join(texts(calls, BOB))


async def test_only_the_duels_players_get_another_from_its_button(app, recorded):
    _, bob = await playing(app, recorded)
    calls = await bob.send("/resign")
    data, _ = button(calls, BOB, "Rematch")
    cat = Member(app, recorded, 33, "Cat", chat_id=33)
    assert toasts(await cat.press(data)) == ["That button is out of date."]
    assert await duel_of(app, 33) is None
