"""Challenging someone directly: /duel @username for a player the bot knows, /duel with a text mention, and
plain refusals (a username nobody known has, yourself, the bot). Replying with /duel is in test_duel.py."""

import json

from tests.bot.fakes import BOT_USER
from tests.bot.members import GROUP, Member, sent, toasts


def keyboard(call):
    markup = call.params.get("reply_markup") or {}
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [button for row in markup.get("inline_keyboard", []) for button in row]


def accept_button(invite):
    return next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")


async def the_duel(app, topic=None):
    return await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP, topic)


def players(app, recorded):
    ann = Member(app, recorded, 11, "Ann", username="ann_plays")
    bob = Member(app, recorded, 22, "Bob", username="BobTheBuilder")
    cat = Member(app, recorded, 33, "Cat")
    return ann, bob, cat


async def test_a_known_username_is_challenged_with_the_options_that_follow_it_and_only_they_can_accept(app, recorded):
    ann, bob, cat = players(app, recorded)
    await bob.send("hello all")  # the bot sees Bob, and learns his username
    [invite] = sent(await ann.send("/duel @bobthebuilder 5 1m"))  # any case, options still read
    assert invite.text.startswith('⚔️ <a href="tg://user?id=11">Ann</a> challenges <a href="tg://user?id=22">Bob</a>')
    assert "5 digits, no repeats, 1m 0s per move" in invite.text
    assert toasts(await cat.press(accept_button(invite))) == ["This duel is for Bob."]
    assert toasts(await ann.press(accept_button(invite))) == ["You can't accept your own duel."]
    await bob.press(accept_button(invite))
    match = await the_duel(app)
    assert ([p.user_id for p in match.players], match.variant.length, match.turn_seconds) == ([11, 22], 5, 60)


async def test_a_text_mention_names_a_player_without_a_username(app, recorded):
    ann, _, cat = players(app, recorded)
    text = "/duel Cat 2m"
    mention = {
        "type": "text_mention",
        "offset": 6,
        "length": 3,
        "user": {"id": 33, "is_bot": False, "first_name": "Cat"},
    }
    command = {"type": "bot_command", "offset": 0, "length": 5}
    [invite] = sent(await ann.send(text, entities=[command, mention]))
    assert 'challenges <a href="tg://user?id=33">Cat</a> to a duel' in invite.text
    assert "2m 0s per move" in invite.text
    match = await the_duel(app)
    assert match.invited_id == 33
    await cat.press(accept_button(invite))
    assert [p.user_id for p in (await the_duel(app)).players] == [11, 33]


async def test_an_unknown_username_is_said_plainly_and_starts_nothing(app, recorded):
    ann, _, _ = players(app, recorded)
    [reply] = sent(await ann.send("/duel @nobody_here"))
    assert reply.text == (
        "I don't know @nobody_here yet: ask them to send me a message, or reply to one of their messages with /duel."
    )
    assert await the_duel(app) is None


async def test_nobody_challenges_themselves_or_the_bot(app, recorded):
    ann, _, _ = players(app, recorded)
    await ann.send("hi")
    [own] = sent(await ann.send("/duel @ann_plays"))
    assert "You can't challenge yourself" in own.text
    [bot] = sent(await ann.send(f"/duel @{BOT_USER['username']}"))
    assert "send /versus in a private chat with me" in bot.text
    me = {"type": "text_mention", "offset": 6, "length": 3, "user": {"id": 11, "is_bot": False, "first_name": "Ann"}}
    [mentioned] = sent(await ann.send("/duel Ann", entities=[{"type": "bot_command", "offset": 0, "length": 5}, me]))
    assert "You can't challenge yourself" in mentioned.text
    other_bot = {
        "type": "text_mention",
        "offset": 6,
        "length": 4,
        "user": {"id": 9, "is_bot": True, "first_name": "Echo"},
    }
    [bot_named] = sent(
        await ann.send("/duel Echo", entities=[{"type": "bot_command", "offset": 0, "length": 5}, other_bot])
    )
    assert "send /versus in a private chat with me" in bot_named.text
    assert await the_duel(app) is None


async def test_a_username_that_changed_hands_belongs_to_whoever_was_seen_with_it_last(app, recorded):
    ann, bob, _ = players(app, recorded)
    await bob.send("hello")
    await Member(app, recorded, 44, "Dan", username="bobthebuilder").send("it's mine now")
    [invite] = sent(await ann.send("/duel @BobTheBuilder"))
    assert 'challenges <a href="tg://user?id=44">Dan</a>' in invite.text
    known = app.bot_data.runtime.core.deps.store.players
    assert await known.by_username("BOBTHEBUILDER") == (44, "Dan")


async def test_options_are_still_checked_next_to_a_username(app, recorded):
    ann, bob, _ = players(app, recorded)
    await bob.send("hello")
    [reply] = sent(await ann.send("/duel @BobTheBuilder bogus"))
    assert "I don't understand “bogus”" in reply.text
    assert await the_duel(app) is None


async def test_in_a_forum_topic_duel_without_a_reply_is_an_open_invitation_not_a_challenge_to_the_topic_s_author(
    app, recorded
):
    ann, bob, _ = players(app, recorded)
    topic_opened = {**bob.message(""), "chat": ann.chat, "forum_topic_created": {"name": "Games", "icon_color": 1}}
    del topic_opened["text"]
    [invite] = sent(await ann.send("/duel", reply_to_message=topic_opened, message_thread_id=7, is_topic_message=True))
    assert "wants a duel" in invite.text
    assert "Bob" not in invite.text
    assert int(invite.params["message_thread_id"]) == 7  # in the topic it was asked in
    assert (await the_duel(app, topic=7)).invited_id is None
