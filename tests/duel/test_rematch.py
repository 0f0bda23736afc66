"""One tap to play a finished match again: a race's '🔁 Same again' (same variant and time limit), a group duel's
'🔁 Play again' (the same opponent invited, same variant and time per move: its label is 'Rematch' only for the
loser, and the group's message both read is the winner's too)."""

from tests.bot.members import GROUP, Member, sent, toasts
from tests.duel.test_duel import keyboard, set_up


def button(call, label):
    return next(b["callback_data"] for b in keyboard(call) if b["text"] == label)


async def running(app):
    return await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)


async def test_a_finished_race_offers_the_same_race_again_to_anyone_in_the_group(app, recorded):
    ann, cat = Member(app, recorded, 11, "Ann"), Member(app, recorded, 33, "Cat")
    await ann.send("/challenge 5 10m")
    secret = (await running(app)).secret
    [won] = sent(await ann.send(f"/g {secret}"))
    [again] = sent(await cat.press(button(won, "🔁 Same again")))
    assert "Race!" in again.text
    race = await running(app)
    assert (race.variant.length, race.turn_seconds, race.started_by) == (5, 600, 33)
    [busy] = sent(await ann.press(button(won, "🔁 Same again")), GROUP)  # one race at a time
    assert "A race is on here" in busy.text
    assert (await running(app)).id == race.id


async def test_a_played_out_duel_offers_a_rematch_that_invites_the_same_opponent(app, recorded):
    _, bob, _ = await set_up(app, recorded)
    [resigned] = sent(await bob.send("/resign"), GROUP)
    assert [b["text"] for b in keyboard(resigned)] == [
        "🔁 Play again",
        "📊 My review (in private)",
    ]  # the winner reads it too
    rematch = button(resigned, "🔁 Play again")
    cat = Member(app, recorded, 33, "Cat")
    assert toasts(await cat.press(rematch)) == ["Only the two players can do that."]
    [invite] = sent(await bob.press(rematch), GROUP)
    assert 'challenges <a href="tg://user?id=11">Ann</a> to a duel' in invite.text
    duel = await running(app)
    assert (duel.started_by, duel.invited_id, duel.phase) == (22, 11, "invited")
