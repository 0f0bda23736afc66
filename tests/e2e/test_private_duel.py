"""A duel from a "duel me" link through the emulator: Ann gets her signed link from inline mode, Bob opens it, Ann
accepts in her chat, both set secrets and guess in their own private chats, each seeing every move; a forged link
that puts nobody into a duel; and a link from someone the bot cannot write to."""

from __future__ import annotations

import pytest

from bot.links import DUEL_ME
from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

ANN_SECRET, BOB_SECRET = "2460", "5678"


def duel_me_link(user: UserClient) -> str:
    """The start payload of the user's "duel me" link, as inline mode offers it."""
    answer = user.ask_inline("duel")
    [duel] = [r for r in answer.results if r["id"].startswith("duel")]
    url = str(duel["reply_markup"]["inline_keyboard"][0][0]["url"])
    payload = url.split("?start=", 1)[1]
    assert payload.startswith(DUEL_ME)
    return payload


def test_a_duel_from_a_link_is_played_in_both_private_chats(make_user: UserFactory, bot: BotProcess) -> None:
    ann, bob = make_user("Ann", language_code="ru"), make_user("Bob")
    ann.send_command("/start")
    ann.wait_new()
    bob.send_command(f"/start {duel_me_link(ann)}")
    bob.wait_new("I've asked Ann for a duel")
    invitation = ann.wait_new("Bob открывает твою ссылку на дуэль")
    ann.press(invitation, "Принять")
    bob.wait_new("Ann accepted your challenge")
    ann.wait_edit(invitation, "Дуэль с соперником Bob")

    ann.send_text(ANN_SECRET)
    ann.wait_new(f"Твой код: {ANN_SECRET}")
    bob.wait_new("Ann has set a secret")
    bob.send_text(BOB_SECRET)
    bob.wait_new("Ann moves first")
    ann.wait_new("Первый ход за тобой")

    ann.send_text("0123")
    bob.wait_new("Ann #1 0123 → 0🐂 0🐄 · Bob to move\nYour move: send a guess.")
    ann.wait_new("Ann #1 0123 → 0🐂 0🐄")
    bob.send_text("4321")
    ann.wait_new("Bob #1 4321 → 0🐂 2🐄")
    ann.send_text(BOB_SECRET)
    bob.wait_new("Ann found it in 2! Bob: one last guess to draw.")
    bob.send_text("1357")
    bob.wait_new("Ann wins the duel, finding Bob's secret in 2 guesses")
    bob.wait_new(f"Ann's secret was {ANN_SECRET}")
    ann.wait_new("Ann побеждает в дуэли")
    assert not any(ANN_SECRET in text for text in bob.texts()[:-1]), "Bob sees Ann's secret only at the end"
    assert not any(secret in bot.log() for secret in (ANN_SECRET, BOB_SECRET)), "secrets never reach the log"


def test_a_link_from_someone_the_bot_cannot_write_to_is_called_off(make_user: UserFactory, bot: BotProcess) -> None:
    ann, bob = make_user("Ann"), make_user("Bob")
    ann.send_command("/start")
    ann.wait_new()
    forbidden = "Forbidden: bot was blocked by the user"
    link = duel_me_link(ann)
    bot.emulator.inject(bot.token, "sendMessage", "error", status=403, description=forbidden, chat_id=ann.user_id)
    bob.send_command(f"/start {link}")
    bob.wait_new("I've asked Ann for a duel")
    bob.wait_new("I can't write to Ann")
    bob.send_text("1234")  # his messages are his own again: a guess in a game of his own
    assert "duel" not in bob.wait_new().text.lower()


def test_a_hand_made_duel_me_link_puts_nobody_into_a_duel(make_user: UserFactory, bot: BotProcess) -> None:
    ann, mallory = make_user("Ann"), make_user("Mallory")
    ann.send_command("/start")
    ann.wait_new()
    mallory.send_command(f"/start {DUEL_ME}{ann.user_id}")
    mallory.wait_new("This link isn't one I made")
    ann.send_text("5 2")  # Ann's next message is hers: no duel took it as a secret
    assert "secret" not in ann.wait_new().text.lower()
    assert bot.scalar("SELECT count(*) FROM matches") == 0
