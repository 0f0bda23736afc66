"""The console's buttons: only the newest outcome's are numbered (a bare number never presses an older message's
button), and a button that calls no handler does what it can in a terminal: 📤 Share shows what it would send."""

import io
import re

from bot.console import Console, console_who
from bot.texts import plain, t
from tests.bot.fakes import runtime_on


class Terminal:
    """A console driven line by line, each line's output read back."""

    def __init__(self, console: Console, out: io.StringIO) -> None:
        self.console, self.out = console, out

    async def type(self, line: str) -> str:
        start = len(self.out.getvalue())
        await self.console.handle(line)
        return self.out.getvalue()[start:]


def number_of(output: str, label: str) -> str:
    """The number a button is pressed with, by its label."""
    found = re.search(rf"\[(\d+)\] {re.escape(label)}", output)
    assert found, output
    return found[1]


async def test_a_number_after_a_message_without_buttons_is_no_older_buttons_press(tmp_path):
    out = io.StringIO()
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        terminal = Terminal(Console(runtime.core, console_who(), out), out)
        welcome = await terminal.type("/start")
        assert "[1] 🎯 You guess my code" in welcome
        started = await terminal.type("/play")
        assert "[1]" not in started
        said = await terminal.type("1")  # a guess of one digit, not the welcome's first button
        assert plain(t("invalid.wrong_length", expected=4, got=1)) in said
        assert "game in progress" not in said


async def test_share_shows_the_daily_result_it_would_send(tmp_path):
    out = io.StringIO()
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        terminal = Terminal(Console(runtime.core, console_who(), out), out)
        await terminal.type("/daily")
        await terminal.type("0123")
        asked = await terminal.type("/giveup")
        ended = await terminal.type(number_of(asked, plain(t("daily.btn.giveup"))))
        shared = await terminal.type(number_of(ended, plain(t("daily.btn.share"))))
        assert plain(t("stale")) not in shared
        assert shared.startswith(plain(t("console.share")))
        assert "Bulls & Cows daily" in shared
        assert "gave up after 1" in shared
        # the result's buttons are still the newest: Share again shows it again
        assert await terminal.type(number_of(ended, plain(t("daily.btn.share")))) == shared
