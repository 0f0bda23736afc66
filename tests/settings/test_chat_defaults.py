"""A group's defaults for its matches: its admins set the race time limit and the duel move timer in /settings
(one message, edited in place); /challenge and /duel use them unless their arguments say otherwise."""

from datetime import timedelta

from tests.bot.fakes import EPOCH
from tests.bot.members import GROUP, Member, sent, toasts

ADMIN, PLAYER = 11, 22


def only_ann_administers(recorded):
    """getChatAdministrators answers as Telegram would: Ann (11) is the group's creator, nobody else an admin."""
    recorded.administrators[GROUP] = {ADMIN}


def edits(calls):
    return [c for c in calls if c.method == "editMessageText"]


async def the_match(app):
    return await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP)


async def settings_of(app):
    return await app.bot_data.runtime.core.deps.store.settings.of_chat(GROUP)


async def test_an_admin_sets_the_race_limit_in_place_and_the_next_race_uses_it_unless_told_otherwise(app, recorded):
    only_ann_administers(recorded)
    ann, bob = Member(app, recorded, ADMIN, "Ann"), Member(app, recorded, PLAYER, "Bob")
    [panel] = sent(await ann.send("/settings"))
    assert "Group settings" in panel.text
    assert "Race time limit: no limit · Time per duel move: 5m 0s" in panel.text
    panel_id = panel.params["_sent_id"]

    [first] = edits(await ann.press("s:t", panel_id))  # no limit → 1 minute
    [second] = edits(await ann.press("s:t", panel_id))  # → 3 minutes
    assert first.params["message_id"] == second.params["message_id"] == panel_id
    assert "Race time limit: 3m 0s" in second.text
    assert "⏱ Race: 3m 0s" in [b["text"] for row in second.params["reply_markup"]["inline_keyboard"] for b in row]
    assert (await settings_of(app)).race_seconds == 180

    [started] = sent(await bob.send("/challenge"))
    assert "3m 0s to find it" in started.text
    race = await the_match(app)
    assert race.turn_seconds == 180
    assert race.deadline == EPOCH + timedelta(minutes=3)
    await ann.send("/stop")

    [started] = sent(await bob.send("/challenge 10m"))  # the command's argument wins
    assert "10m 0s to find it" in started.text
    assert (await the_match(app)).turn_seconds == 600


async def test_an_admin_sets_the_duel_timer_and_a_duel_command_can_still_choose_its_own(app, recorded):
    only_ann_administers(recorded)
    ann, bob = Member(app, recorded, ADMIN, "Ann"), Member(app, recorded, PLAYER, "Bob")
    [panel] = sent(await ann.send("/settings"))
    [changed] = edits(await ann.press("s:d", panel.params["_sent_id"]))  # the standard 5 minutes → 1 minute
    assert "Time per duel move: 1m 0s" in changed.text

    [invite] = sent(await bob.send("/duel", reply_to=ann))
    assert "1m 0s per move" in invite.text
    assert (await the_match(app)).turn_seconds == 60
    await bob.send("/resign")  # the invitation is withdrawn
    await ann.send("/stop")
    assert await the_match(app) is None

    [invite] = sent(await bob.send("/duel 2m", reply_to=ann))
    assert "2m 0s per move" in invite.text
    assert (await the_match(app)).turn_seconds == 120


async def test_only_the_groups_admins_change_its_settings_and_others_get_a_toast(app, recorded):
    only_ann_administers(recorded)
    ann, bob = Member(app, recorded, ADMIN, "Ann"), Member(app, recorded, PLAYER, "Bob")
    [panel] = sent(await bob.send("/settings"))  # anyone may look
    panel_id = panel.params["_sent_id"]
    for field in ("s:t", "s:d", "s:v:mastermind", "s:x"):
        calls = await bob.press(field, panel_id)
        assert toasts(calls) == ["Only the group's admins can change its settings."], field
        assert edits(calls) == []
    assert (await settings_of(app)).race_seconds is None
    assert (await settings_of(app)).duel_seconds is None

    [variant] = edits(await ann.press("s:v:mastermind", panel_id))
    assert "Mastermind 4×6 (colours)" in variant.text
    [closed] = edits(await ann.press("s:x", panel_id))
    assert closed.params.get("reply_markup") in (None, {"inline_keyboard": []})
    stale = toasts(await ann.press("s:a", panel_id))  # a private chat's setting
    assert stale == ["That button belongs to an older board."]


async def test_a_private_chats_settings_keep_their_own_panel(app, recorded):
    [panel] = sent(await Member(app, recorded, ADMIN, "Ann").in_private().send("/settings"))
    labels = [b["text"] for row in panel.params["reply_markup"]["inline_keyboard"] for b in row]
    assert "Settings" in panel.text
    assert not any(label.startswith("⏱") for label in labels)


async def test_the_defaults_hold_for_a_duel_by_username_and_a_race_from_the_race_me_link(app, recorded):
    only_ann_administers(recorded)
    ann = Member(app, recorded, ADMIN, "Ann", username="ann_plays")
    bob = Member(app, recorded, PLAYER, "Bob")
    [panel] = sent(await ann.send("/settings"))
    await ann.press("s:d", panel.params["_sent_id"])  # duel moves: 1 minute
    await ann.press("s:t", panel.params["_sent_id"])  # races: 1 minute

    [invite] = sent(await bob.send("/duel @ann_plays"))
    assert "1m 0s per move" in invite.text
    assert (await the_match(app)).turn_seconds == 60
    await bob.send("/stop")

    [started] = sent(await ann.send("/start race"))  # what Telegram sends for t.me/<bot>?startgroup=race
    assert "1m 0s to find it" in started.text
    assert (await the_match(app)).turn_seconds == 60


async def test_a_settings_button_edits_the_panel_it_is_on_and_keeps_the_change(chat, app):
    [panel] = sent(await chat.send("/settings"))
    calls = await chat.press("s:c")
    [edited] = [c for c in calls if c.method == "editMessageText"]
    assert edited.params["message_id"] == panel.params["_sent_id"]
    assert (await app.bot_data.runtime.core.deps.store.settings.of_chat(chat.chat_id)).coaching is False
