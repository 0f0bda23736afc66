"""The bot's decoration (menus, descriptions) never keeps it off the air: a refusal is one warning, and a 429
asking to wait an hour is waited out in the background while the bot serves."""

from __future__ import annotations

import time

import pytest

from tests.e2e.client import Emulator, UserClient
from tests.e2e.conftest import BotFactory, next_id

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("method", "fault"),
    [
        ("setMyDescription", {"kind": "error", "status": 404, "description": "Not Found: method not found"}),
        (
            "setMyCommands",
            {"kind": "error", "status": 400, "description": "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"},
        ),
        ("setMyCommands", {"kind": "429", "retry_after": 3600}),
    ],
    ids=["description-404", "commands-400", "commands-429-for-an-hour"],
)
def test_a_failing_decoration_call_does_not_keep_the_bot_from_serving(
    emulator: Emulator, start_bot: BotFactory, method: str, fault: dict[str, object]
) -> None:
    bot = start_bot(start=False)
    emulator.inject(bot.token, method, count=100, **fault)  # type: ignore[arg-type]
    started = time.monotonic()
    bot.start_and_wait()  # polling
    user = UserClient(emulator, bot.token, user_id=40_000 + next_id())
    user.send_command("/start")
    assert user.wait_new().text
    assert time.monotonic() - started < 30  # seconds: it served at once, not after the decoration gave up
    if fault["kind"] == "429":
        assert len(emulator.calls(bot.token, method)) == 1  # waiting out its hour, not hammering
        assert any("flood control, trying again in 3600s" in line for line in bot.warnings())
    else:
        deadline = time.monotonic() + 10
        while not any("was refused" in line for line in bot.warnings()) and time.monotonic() < deadline:
            time.sleep(0.05)
        refused = [line for line in bot.warnings() if "was refused" in line]
        assert refused
        assert all(method in line for line in refused)
        assert any("language" in line for line in refused)  # names the call and the language
