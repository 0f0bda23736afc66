"""The daily challenge through the emulator: played to the end, a spoiler-free result, one attempt a day."""

from __future__ import annotations

import re

import pytest

from bot.texts import plain, t
from engine.variant import PRESETS
from tests.e2e.client import UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.games import RefereeGame

pytestmark = pytest.mark.e2e

SHARE = "Bulls & Cows daily"


def test_the_daily_challenge_is_played_once_and_shared_without_digits(user: UserClient, make_user: UserFactory) -> None:
    user.send_command("/daily")
    started = user.wait_new("Daily challenge")
    day = re.search(r"Daily challenge · (\d{1,2} [A-Z][a-z]+)", started.text)  # "25 November"
    assert day

    game = RefereeGame(user, PRESETS["classic"])
    game.play_to_the_end()  # guesses chosen from the engine's candidates, scores read from the replies
    secret = game.turns[-1].guess
    share = user.wait_new(SHARE)
    head, *grid = share.text.split("\n")
    assert day[1] in head
    assert f"solved in {len(game.turns)}" in head
    assert len(grid) >= len(game.turns)
    rows = grid[: len(game.turns)]
    assert rows[-1] == "🐂🐂🐂🐂"
    assert not re.search(r"\d", "".join(rows))
    assert secret not in share.text

    user.send_command("/daily")
    user.wait_new(plain(t("daily.again", wait="…")).split(";")[0])
    again = user.wait_new(SHARE)
    assert again.text == share.text
    user.send_text("0123")
    assert "No game running" in user.wait_new().text  # no second attempt

    user.press(again, plain(t("daily.btn.top")))
    board = user.wait_new("Daily challenge · " + day[1])
    assert f"Alice — {len(game.turns)} guesses" in board.text

    group = make_user("Bob", chat_id=-(800_000 + next_id()), chat_type="group")
    group.send_command("/daily")
    link = group.wait_new(plain(t("daily.private")).split(":")[0])
    [button] = link.buttons
    assert button.url is not None
    assert button.url.endswith("?start=daily")
