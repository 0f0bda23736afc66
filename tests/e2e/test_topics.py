"""Forum groups through the emulator: a game started in a topic is answered there, and each topic runs its own."""

from __future__ import annotations

import re

import pytest

from bot.texts import plain, t
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, Emulator, UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.games import CODE, NUMBER, SCORE, text_pattern
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

LINE = re.compile(text_pattern("race.turn", n=NUMBER, guess=CODE, score=SCORE))
WON = re.compile(text_pattern("race.won", secret=r"(?P<secret>\d+)", n=NUMBER))
STARTED = plain(t("race.started", variant="", example="")).split(":")[0]


def forum(make_user: UserFactory, *people: tuple[str, int | None]) -> list[UserClient]:
    """Users of one new forum supergroup, each writing in their topic (None: General)."""
    group = -(1_000_000_000_000 + next_id())
    return [make_user(name, chat_id=group, chat_type="supergroup", topic=topic) for name, topic in people]


def play_to_the_end(reader: UserClient, moves: list[UserClient], topic: int) -> list[BotMessage]:
    """Guess the race's secret with the engine's guesser, the players taking turns (by /g, a plain code, /g again);
    every line the bot answers with, read from the group, comes back."""
    turns: list[Turn] = []
    lines: list[BotMessage] = []
    for n in range(12):
        guess = next_guess(PRESETS["classic"], tuple(turns))
        player = moves[n % len(moves)]
        if n % 2:
            player.send_text(guess)
        else:
            player.send_command(f"/g {guess}")
        reply = reader.wait_new(lambda m: bool(LINE.search(m.text)) and m.topic == topic)
        line = LINE.search(reply.text)
        assert line
        turns.append(Turn(line["guess"], Score(int(line["bulls"]), int(line["cows"]))))
        lines.append(reply)
        if WON.search(reply.text):
            return lines
    raise AssertionError(f"nobody won in 12 guesses: {turns}")


def test_a_challenge_sent_in_a_topic_is_answered_there_and_so_is_every_guesss_score(
    make_user: UserFactory, emulator: Emulator, bot: BotProcess
) -> None:
    ann, bob, general = forum(make_user, ("Ann", 5), ("Bob", 5), ("Cat", None))
    for user in (bob, general):
        user.view, user.events = ann.view, ann.events  # the emulator hands each message out once: one reads for all
    ann.send_command("/challenge")
    started = ann.wait_new(STARTED)
    assert started.topic == 5

    lines = play_to_the_end(ann, [ann, bob], topic=5)
    assert all(line.topic == 5 for line in lines)
    assert WON.search(lines[-1].text)

    general.send_command("/g 1234")  # no race runs in General: topic 5's is not its
    nothing = ann.wait_new(plain(t("match.none")))
    assert nothing.topic is None
    sends = [c.params for c in emulator.calls(bot.token, "sendMessage") if c.chat_id == ann.chat_id]
    assert [p.get("message_thread_id") for p in sends] == [5] * (len(sends) - 1) + [None]
    assert all(line.message_id in ann.view for line in lines)
    assert not any(ann.view[m].topic is None for m in ann.view if m != nothing.message_id)


def wrong(bot: BotProcess, user: UserClient, *codes: str) -> str:
    """The first of these codes that is not the secret of the race running in the user's topic (read from the bot's
    database, so that a test's miss is never a win by chance)."""
    sql = "SELECT secret FROM matches WHERE chat_id = ? AND topic = ? AND status = 'active'"
    secret = bot.scalar(sql, user.chat_id, user.topic)
    return next(code for code in codes if code != secret)


def test_two_topics_of_one_forum_run_their_own_races(make_user: UserFactory, bot: BotProcess) -> None:
    ann, bob = forum(make_user, ("Ann", 5), ("Bob", 7))
    bob.view, bob.events = ann.view, ann.events
    ann.send_command("/challenge")
    assert ann.wait_new(STARTED).topic == 5
    bob.send_command("/challenge 5")  # a second race beside it, not "a race is on here"
    second = ann.wait_new(STARTED)
    assert (second.topic, "5 digits, no repeats" in second.text) == (7, True)

    first = wrong(bot, bob, "01234", "56789")
    bob.send_command(f"/g {first}")
    bobs = ann.wait_new(lambda m: bool(LINE.search(m.text)))
    assert (bobs.topic, bobs.text.startswith("Bob #1 ")) == (7, True)
    ann.send_text(wrong(bot, ann, "0123", "4567"))  # a plain code: a guess in the race of Ann's topic
    anns = ann.wait_new(lambda m: bool(LINE.search(m.text)))
    assert (anns.topic, anns.text.startswith("Ann #1 ")) == (5, True)
    ann.send_command("/stop")
    assert ann.wait_new("Race stopped").topic == 5

    second_guess = wrong(bot, bob, *[code for code in ("56789", "98765") if code != first])
    bob.send_command(f"/g {second_guess}")  # Ann's race is over; Bob's goes on in its topic
    bobs = ann.wait_new(lambda m: bool(LINE.search(m.text)))
    assert (bobs.topic, bobs.text.startswith("Bob #2 ")) == (7, True)
    bob.send_command("/stop")
    assert ann.wait_new("Race stopped").topic == 7


def test_the_emulator_sends_to_a_forums_topic_only_when_asked_and_refuses_a_thread_that_is_no_topic(
    make_user: UserFactory, emulator: Emulator, bot: BotProcess
) -> None:
    [ann] = forum(make_user, ("Ann", 5))
    plain_group = make_user("Bob", chat_id=-(1_000_000_000_000 + next_id()), chat_type="supergroup")
    plain_group.send_text("hello")  # a group without topics, known to the emulator
    refused = emulator.bot_call(bot.token, "sendMessage", chat_id=plain_group.chat_id, text="x", message_thread_id=5)
    assert (refused.status, (refused.body or {}).get("description")) == (400, "Bad Request: message thread not found")
    early = emulator.bot_call(bot.token, "sendMessage", chat_id=ann.chat_id, text="x", message_thread_id=5)
    assert early.status == 400  # nobody has posted in topic 5 yet: the emulator knows no such topic

    ann.send_text("hello")
    sent = emulator.bot_call(bot.token, "sendMessage", chat_id=ann.chat_id, text="in 5", message_thread_id=5)
    assert sent.status == 200
    assert sent.body is not None
    assert (sent.body["result"]["message_thread_id"], sent.body["result"]["is_topic_message"]) == (5, True)
    emulator.bot_call(bot.token, "sendMessage", chat_id=ann.chat_id, text="in General")
    assert ann.wait_new("in 5").topic == 5
    assert ann.wait_new("in General").topic is None
