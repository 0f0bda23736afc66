"""A duel through the emulator: invitation and acceptance in a group, secrets set in private chats through the
deep link, turns in the group, and the loser told the other's secret in private (never in the group)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

ANN_SECRET, BOB_SECRET = "2460", "5678"


def one_view(reader: UserClient, *others: UserClient) -> None:
    """Let several users of one group share what the bot showed there (the emulator hands each message out once)."""
    for other in others:
        other.view, other.events = reader.view, reader.events


def test_a_duel_with_secrets_set_in_private_is_played_to_a_win(make_user: UserFactory, bot: BotProcess) -> None:
    group = -(600_000 + next_id())
    ann, bob = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob"))
    one_view(ann, bob)
    ann.send_command("/duel")
    invite = ann.wait_new("wants a duel")
    assert bob.press(invite, "Accept") is not None
    lineup = ann.wait_edit(invite, "vs")
    link = re.fullmatch(
        r"https://t\.me/\w+\?start=(duel_[0-9a-z]+-[0-9a-z]+-[A-Za-z0-9_-]{12})", lineup.buttons[0].url or ""
    )
    assert link, lineup.describe()

    for player, secret in ((ann, ANN_SECRET), (bob, BOB_SECRET)):
        private = make_user(player.first_name, user_id=player.user_id)
        private.send_command(f"/start {link[1]}")
        private.wait_new("Your secret for the duel")
        private.send_text(secret)
        assert f"Your secret is {secret}" in private.wait_new("Your secret is").text
        last = ann.wait_new(f"{player.first_name} has set a secret")
    # the second "has set" and the start of play may come as one message: a group gets one message every 3 s
    if "Both secrets are set. Ann moves first" not in last.text:
        ann.wait_new("Both secrets are set. Ann moves first")

    ann.send_command("/g 0123")
    ann.wait_new("Ann #1 0123 → 0🐂 0🐄")
    bob.send_command("/g 4321")
    ann.wait_new("Bob #1 4321 → 0🐂 2🐄")
    ann.send_command(f"/g {BOB_SECRET}")
    ann.wait_new("Ann found it in 2! Bob: one last guess to draw.")
    assert not any(BOB_SECRET in text for text in ann.texts()), "a solving guess is masked while the duel goes on"
    bob.send_command("/g 1357")
    ann.wait_new("Ann wins the duel, finding Bob's secret in 2 guesses")

    bob_private = make_user("Bob", user_id=bob.user_id)
    bob_private.wait_new(f"Ann's secret was {ANN_SECRET}")
    assert not any(ANN_SECRET in text for text in ann.texts()), "a secret never appears in the group"
    assert not any(secret in bot.log() for secret in (ANN_SECRET, BOB_SECRET)), "nor in the bot's log"


def test_a_duel_started_by_replying_to_someone_is_theirs_alone_to_accept(make_user: UserFactory) -> None:
    group = -(600_000 + next_id())
    ann, bob, cat = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob", "Cat"))
    one_view(ann, bob, cat)
    hello = bob.send_text("anyone up for a game?")
    ann.send_command("/duel 2m", reply_to=bob.quoted(hello, "anyone up for a game?"))
    invite = ann.wait_new("Ann challenges Bob to a duel")
    assert "2m 0s per move" in invite.text
    cat_press = cat.press(invite, "Accept")
    assert cat_press is not None
    assert cat_press.text == "This duel is for Bob."
    assert bob.press(invite, "Accept") is not None
    ann.wait_edit(invite, "Ann vs Bob")

    # Bob is known by his @username now that he has talked in front of the bot: Cat challenges him by name
    ann.send_command("/stop")
    ann.wait_new("Duel stopped.")
    cat.send_command(f"/duel @{bob.username}")
    assert "Cat challenges Bob to a duel" in ann.wait_new("challenges").text
    cat.send_command("/stop")
    ann.wait_new("Duel stopped.")
    cat.send_command("/duel @nobody_known_here")
    ann.wait_new("I don't know @nobody_known_here yet")
