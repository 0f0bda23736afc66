"""A group race through the emulator: three players guess the bot's secret; the first to find it wins."""

from __future__ import annotations

import re

import pytest

from bot.texts import plain, t
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, Emulator
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.games import CODE, NUMBER, SCORE, text_pattern
from tests.e2e.processes import EmulatorProcess

pytestmark = pytest.mark.e2e

LINE = re.compile(text_pattern("race.turn", n=NUMBER, guess=CODE, score=SCORE))
WON = re.compile(text_pattern("race.won", secret=r"(?P<secret>\d+)", n=NUMBER))


def test_three_players_race_and_the_first_to_find_the_secret_wins(
    make_user: UserFactory, emulator_process: EmulatorProcess
) -> None:
    group = -(700_000 + next_id())
    ann, bob, cat = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob", "Cat"))
    ann.send_command("/challenge")  # Ann's client reads the group for everyone
    ann.wait_new(plain(t("race.started", variant="", example="")).split(":")[0])
    classic = PRESETS["classic"]

    turns: list[Turn] = []
    ways = [
        lambda code: ann.send_command(f"/g {code}"),
        lambda code: bob.send_text(code),  # a plain code: the emulator delivers every message, like privacy off
        lambda code: cat.send_command(f"/g@{emulator_process.bot_username} {code}"),
    ]
    names = ["Ann", "Bob", "Cat"]
    won: BotMessage | None = None
    for n in range(12):
        guess = next_guess(classic, tuple(turns))
        ways[n % 3](guess)
        reply = ann.wait_new(lambda m: bool(LINE.search(m.text)))
        line = LINE.search(reply.text)
        assert line
        assert reply.text.startswith(f"{names[n % 3]} #{n // 3 + 1} ")
        turns.append(Turn(line["guess"], Score(int(line["bulls"]), int(line["cows"]))))
        if WON.search(reply.text):
            won = reply
            break
        assert not re.search(r"\b\d{4}\b", reply.text.replace(guess, "")), "no other code is ever shown"
    assert won is not None, f"nobody won in 12 guesses: {turns}"
    ending = WON.search(won.text)
    assert ending
    assert ending["secret"] == turns[-1].guess
    winner = names[(len(turns) - 1) % 3]
    assert f"1. {winner}: solved in {(len(turns) - 1) // 3 + 1}" in won.text
    assert won.text.count(": ") >= min(len(turns), 3)  # everyone who guessed is ranked
    players = min(len(turns), 3)
    if players > 1:  # a race of two or more is rated: the winner first, with a provisional first rating
        assert re.search(rf"📈 Rating: {winner} 15\d\d\? \(\+\d+\)", won.text), won.text
        ann.send_command("/top rating")
        board = ann.wait_new("Rating · this chat")
        assert f"🥇 {winner} — 15" in board.text

    bob.send_text(turns[-1].guess)  # the race is over: plain codes are ordinary chat again
    ann.send_command("/g 1234")
    assert "/challenge" in ann.wait_new().text


def test_only_the_starter_or_a_group_admin_can_stop_a_race(make_user: UserFactory, emulator: Emulator) -> None:
    group = -(700_000 + next_id())
    ann, bob, cat = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob", "Cat"))
    ann.send_command("/challenge")
    ann.wait_new("Race!")
    bob.send_command("/stop")
    assert plain(t("race.stop_refused")) in ann.wait_new().text
    emulator.set_chat_member(group, bob.user_id, "administrator", bob.token)
    bob.send_command("/stop")
    assert "Race stopped. The secret was" in ann.wait_new().text

    cat.send_command("/challenge 3m")
    ann.wait_new("3m 0s to find it")
    emulator.set_chat_member(group, cat.user_id, "left")
    cat.send_command("/stop")  # having started it is enough
    assert "Race stopped" in ann.wait_new().text


def test_a_race_takes_the_time_limit_a_group_admin_set_in_settings(make_user: UserFactory, emulator: Emulator) -> None:
    group = -(700_000 + next_id())
    ann, bob = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob"))
    bob.view, bob.events = ann.view, ann.events  # the emulator hands each message out once: Bob sees Ann's
    emulator.set_chat_member(group, ann.user_id, "administrator")
    ann.send_command("/settings")
    panel = ann.wait_new(plain(t("gset.title", variant="", race="", duel="")).split("\n")[0])
    unlimited = plain(t("set.race", limit=t("set.unlimited")))

    answer = bob.press(panel, unlimited)  # Bob is no admin: a toast, and the panel stays as it was
    assert answer is not None
    assert answer.text == plain(t("gset.admins"))
    ann.press(panel, unlimited)
    ann.wait_edit(panel, "Race time limit: 1m 0s")
    ann.press(panel, plain(t("set.race", limit="1m 0s")))
    changed = ann.wait_edit(panel, "Race time limit: 3m 0s")
    assert changed.message_id == panel.message_id

    bob.send_command("/challenge")
    ann.wait_new("3m 0s to find it")
    bob.send_command("/stop")
    ann.wait_new("Race stopped")
    bob.send_command("/challenge 10m")  # the command's own time wins
    ann.wait_new("10m 0s to find it")
