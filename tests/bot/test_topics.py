"""Forum groups, in-process: every reply goes to the topic its game lives in, and each topic runs its own match."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from telegram import Update

from bot.matches.service import MAX_MATCHES_PER_CHAT
from bot.store.calls import Acknowledgement, Message
from bot.store.outbox import Outgoing
from bot.telegram_io.identity import topic_of as topic_of_update
from bot.telegram_io.identity import who_of
from bot.telegram_io.sender import _batch
from bot.texts import t
from bot.who import Who
from engine.scoring import score
from tests.bot.fakes import EPOCH, Clock, telegram_app
from tests.bot.members import GROUP, Member, secret_link, sent, topic_of
from tests.duel.test_duel import ANN_SECRET, BOB_SECRET, keyboard
from tests.race.test_race import wrong_code


async def running(app: Any, topic: int | None) -> Any:
    """The match running in a topic of the group (None: the group without a topic), if any."""
    return await app.bot_data.runtime.core.deps.store.matches.active_match(GROUP, topic)


def line(text: str, name: str, n: int, code: str, secret: str) -> bool:
    """Whether a message is the score line of this guess."""
    expected = score(secret, code)
    return text == f"{name} #{n} <code>{code}</code> → {expected.bulls}🐂 {expected.cows}🐄"


async def test_two_races_in_two_topics_of_one_forum_are_each_scored_in_their_own_topic(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann", topic=5), Member(app, recorded, 22, "Bob", topic=7)
    [started] = sent(await ann.send("/challenge"))
    assert "Race!" in started.text
    assert topic_of(started) == 5
    [other] = sent(await bob.send("/challenge 5"))  # a second race, not "a race is on here"
    assert "Race!" in other.text
    assert "5 digits, no repeats" in other.text
    assert topic_of(other) == 7
    five, seven = await running(app, 5), await running(app, 7)
    assert five.id != seven.id
    assert (five.topic, seven.topic) == (5, 7)
    assert await running(app, None) is None

    first = wrong_code(five.secret)
    [scored] = sent(await ann.send(f"/g {first}"))
    assert (topic_of(scored), line(scored.text, "Ann", 1, first, five.secret)) == (5, True)
    guess = "01234" if seven.secret != "01234" else "56789"
    [scored] = sent(await bob.send(guess))  # a plain code: the race of Bob's topic
    assert (topic_of(scored), line(scored.text, "Bob", 1, guess, seven.secret)) == (7, True)
    [scored] = sent(await bob.in_topic(5).send(f"/g {wrong_code(five.secret, skip=(first,))}"))
    assert topic_of(scored) == 5
    assert scored.text.startswith("Bob #1 ")  # Bob's own count in that race

    [won] = sent(await ann.send(f"/g {five.secret}"))
    assert (topic_of(won), f"Ann found <b>{five.secret}</b> in 2 guesses" in won.text) == (5, True)
    assert await running(app, 5) is None
    assert (await running(app, 7)).id == seven.id  # the other topic's race goes on
    [nothing] = sent(await ann.in_topic(None).send(f"/g {seven.secret}"))  # General has no race of its own
    assert topic_of(nothing) is None
    assert "/challenge starts a race" in nothing.text
    [stopped] = sent(await bob.send("/stop"))
    assert (topic_of(stopped), "Race stopped" in stopped.text) == (7, True)


async def test_a_race_timer_ends_it_in_its_own_topic(tmp_path):
    clock = Clock()
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        await Member(app, request, 11, "Ann", topic=5).send("/challenge 1m")
        await Member(app, request, 22, "Bob", topic=7).send("/challenge 10m")
        match = await running(app, 5)
        clock.advance(61)
        [job] = [job for job in app.job_queue.jobs() if job.name == f"match-{match.id}"]
        before = len(request.calls)
        await job.run(app)  # the JobQueue's call, as when the minute is up
        await app.bot_data.sender.flush()
        [ended] = sent(request.calls[before:])
        assert f"Time's up! Nobody found <b>{match.secret}</b>." in ended.text
        assert topic_of(ended) == 5
        assert await running(app, 7) is not None


async def test_a_duel_in_a_topic_is_announced_there_from_the_players_private_chats(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann", topic=9), Member(app, recorded, 22, "Bob", topic=9)
    [race] = sent(await Member(app, recorded, 33, "Cat", topic=4).send("/challenge"))  # beside it, a race
    [invite] = sent(await ann.send("/duel", reply_to=bob))
    assert topic_of(invite) == 9
    duel = await running(app, 9)
    assert duel.invited_id == 22
    accept = next(b["callback_data"] for b in keyboard(invite) if b["text"] == "✅ Accept")
    await bob.press(accept)
    told: list[Any] = []
    for member, secret in ((ann, ANN_SECRET), (bob, BOB_SECRET)):
        await member.in_private().send(f"/start {secret_link(app, duel.id)}")
        told += sent(await member.in_private().send(secret), GROUP)
    assert [(topic_of(c), c.text.split(" ")[0]) for c in told] == [(9, "🔒"), (9, "🔒"), (9, "Both")]

    [moved] = sent(await ann.send(f"/g {BOB_SECRET[::-1]}"))
    assert (topic_of(moved), moved.text.startswith("Ann #1 ")) == (9, True)
    [resigned] = sent(await bob.send("/resign"), GROUP)  # each secret goes to the other in private
    assert (topic_of(resigned), "Bob resigns" in resigned.text) == (9, True)
    assert topic_of(race) == 4
    assert await running(app, 4) is not None


async def test_a_reply_thread_in_a_group_without_topics_is_no_topic(app, recorded):
    ann, bob = Member(app, recorded, 11, "Ann"), Member(app, recorded, 22, "Bob")
    [started] = sent(await ann.send("/challenge"))
    race = await running(app, None)
    code = wrong_code(race.secret)
    # a reply to the race's message: Telegram gives it the thread of replies it belongs to, but no topic
    reply_to = {"message_id": 100, "date": 0, "chat": ann.chat, "from": {"id": 777, "is_bot": True, "first_name": "B"}}
    [scored] = sent(await bob.send(code, reply_to_message={**reply_to, "text": "Race!"}, message_thread_id=100))
    assert topic_of(scored) is None
    assert line(scored.text, "Bob", 1, code, race.secret)
    assert topic_of(started) is None


def test_an_update_in_a_topic_knows_its_topic_and_a_button_press_knows_the_pressed_messages():
    ann = Member(None, None, 11, "Ann", topic=5)
    message = Update.de_json({"update_id": 1, "message": ann.message("/g 1234")}, None)
    assert who_of(message, "bot") == Who(GROUP, 11, False, "bot", "Ann", topic=5)
    in_general = Update.de_json({"update_id": 2, "message": ann.in_topic(None).message("hi")}, None)
    assert topic_of_update(in_general) is None
    pressed = {"message_id": 3, "date": 0, "chat": ann.chat, "text": "…", **ann.where}
    query = {"id": "q", "from": ann.user, "chat_instance": "ci", "data": "x", "message": pressed}
    assert topic_of_update(Update.de_json({"update_id": 3, "callback_query": query}, None)) == 5
    private = {**Member(None, None, 11, "Ann", chat_id=11).message("hi"), **ann.where}
    assert topic_of_update(Update.de_json({"update_id": 4, "message": private}, None)) is None


async def test_a_flood_in_two_topics_merges_each_topics_lines_and_never_the_two(app, recorded):
    app.bot_data.sender.group_spacing = 3.0  # as in production: one message every 3 s in a group
    await Member(app, recorded, 11, "Ann", topic=5).send("/challenge")
    await Member(app, recorded, 22, "Bob", topic=7).send("/challenge")
    five, seven = await running(app, 5), await running(app, 7)
    players = [Member(app, recorded, 300 + i, f"Q{i}", topic=(5, 7)[i % 2]) for i in range(24)]
    wrong = {5: wrong_code(five.secret), 7: wrong_code(seven.secret)}
    before = len(recorded.calls)
    await asyncio.gather(*(p.send(f"/g {wrong[p.topic]}") for p in players))

    messages = sent(recorded.calls[before:])
    for topic in (5, 7):
        mine = [m for m in messages if topic_of(m) == topic]
        shown = "\n".join(m.text for m in mine)
        players_here = [i for i in range(24) if (5, 7)[i % 2] == topic]
        assert all(f"Q{i} #1 <code>{wrong[topic]}</code>" in shown for i in players_here)  # each once, here
        assert not any(f"Q{i} #1" in shown for i in range(24) if i not in players_here)
        assert len(mine) <= 2  # the topic's guesses waited for the group's turn together, and went out as one
    assert len(messages) <= 4


def _row(n: int, topic: int | None, **payload: Any) -> Outgoing:
    return Outgoing(n, GROUP, Message(f"#{n}", topic=topic, **payload), 0, datetime(2025, 1, 1))


def test_a_batch_takes_its_own_topics_plain_lines_and_keeps_each_topics_order():
    rows = [_row(1, 5), _row(2, 7), _row(3, 5), _row(4, 7, board=9), _row(5, 5), _row(6, 5, edit=3), _row(7, 5)]
    assert [r.id for r in _batch(rows)] == [1, 3, 5]  # topic 7's rows wait; topic 5's edit ends its batch
    assert [r.id for r in _batch(rows[1:])] == [2]  # topic 7's board is next in its topic: it is sent on its own
    assert [r.id for r in _batch([_row(1, None), _row(2, 5), _row(3, None)])] == [1, 3]  # General is a topic too
    answer = Outgoing(2, GROUP, Acknowledgement("q"), 0, EPOCH)
    assert [r.id for r in _batch([_row(1, 5), answer, _row(3, 5)])] == [1]  # a button's answer keeps its place


async def test_a_forum_runs_at_most_its_limit_of_matches_at_once_and_one_more_once_one_ends(app, recorded):
    for topic in range(1, MAX_MATCHES_PER_CHAT + 1):
        await Member(app, recorded, 11, "Ann", topic=topic).send("/challenge")
    assert await app.bot_data.runtime.core.deps.store.matches.active_in_chat(GROUP) == MAX_MATCHES_PER_CHAT
    late = Member(app, recorded, 22, "Bob", topic=99)
    for command in ("/challenge", "/duel"):
        [refused] = sent(await late.send(command))
        assert (topic_of(refused), refused.text) == (99, t("match.crowded", n=MAX_MATCHES_PER_CHAT))
    assert await running(app, 99) is None
    await Member(app, recorded, 11, "Ann", topic=3).send("/stop")
    [started] = sent(await late.send("/challenge"))
    assert (topic_of(started), "Race!" in started.text) == (99, True)
