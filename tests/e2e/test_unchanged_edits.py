"""No edit that changes nothing, through the emulator (which refuses one as Telegram does: "400 message is not
modified"): a /settings button for the value already chosen is answered with a toast, in English and Russian; the
versus intro is never stripped of buttons it never had. Every end-to-end test checks the real bot's calls for such
an edit (tests/e2e/conftest.py); these make the two cases the issue saw."""

from __future__ import annotations

import pytest

from bot.texts import plain, t
from tests.e2e.client import Emulator, UserClient, has_buttons
from tests.e2e.conftest import UserFactory

pytestmark = pytest.mark.e2e

EDITS = ("editMessageText", "editMessageReplyMarkup")


def settled(user: UserClient) -> None:
    """Wait until the bot has answered everything sent so far: its replies go out in order, so once /help's
    arrives nothing of the updates before it is still to come."""
    user.send_command("/help")
    user.wait_new(lambda m: "/play" in m.text)


def edits_to(emulator: Emulator, token: str, chat_id: int) -> list[str]:
    return [c.method for c in emulator.calls(token) if c.method in EDITS and c.chat_id == chat_id]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_value_already_chosen_gets_a_toast_and_no_edit(make_user: UserFactory, emulator: Emulator, language):
    user = make_user(language_code=language)
    user.send_command("/settings")
    chosen = plain(t("set.preset.classic", language))
    panel = user.wait_new(has_buttons(f"✓ {chosen}"))
    answer = user.press(panel, f"✓ {chosen}")
    assert answer is not None
    assert answer.text == plain(t("set.same", language))
    settled(user)
    assert edits_to(emulator, user.token, user.chat_id) == []
    assert [c for c in emulator.calls(user.token) if c.error] == []


def test_resign_right_after_versus_makes_no_edit(user: UserClient, emulator: Emulator):
    user.send_command("/versus")
    intro = user.wait_new("You vs me")
    assert not intro.keyboard
    user.send_command("/resign")
    user.wait_new("You resign")
    settled(user)
    assert edits_to(emulator, user.token, user.chat_id) == []
