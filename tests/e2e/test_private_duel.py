"""A duel from a "duel me" link through the emulator: Bob opens Ann's link in his private chat, both set secrets
and guess in their own private chats, each seeing every move; and a link from someone the bot cannot write to."""

from __future__ import annotations

import pytest

from bot.features.matches import DUEL_ME_PAYLOAD
from tests.e2e.conftest import UserFactory
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

ANN_SECRET, BOB_SECRET = "2460", "5678"


def test_a_duel_from_a_link_is_played_in_both_private_chats(make_user: UserFactory, bot: BotProcess) -> None:
    ann, bob = make_user("Ann", language_code="ru"), make_user("Bob")
    ann.send_command("/start")
    ann.wait_new()
    bob.send_command(f"/start {DUEL_ME_PAYLOAD}{ann.user_id}")
    bob.wait_new("A duel with Ann")
    ann.wait_new("Bob принимает твой вызов на дуэль")

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
    bot.emulator.inject(bot.token, "sendMessage", "error", status=403, description=forbidden, chat_id=ann.user_id)
    bob.send_command(f"/start {DUEL_ME_PAYLOAD}{ann.user_id}")
    bob.wait_new("A duel with Ann")
    bob.wait_new("I can't write to Ann")
    bob.send_text("1234")  # his messages are his own again: a guess in a game of his own
    assert "duel" not in bob.wait_new().text.lower()
