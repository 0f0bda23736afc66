"""The console transport: the same Core in a terminal; buttons become numbered options to type."""

from __future__ import annotations

import asyncio
import re
from typing import TextIO

from bot.core import Core, Who
from bot.parsing import split_command
from bot.replies import Button, Outcome
from bot.texts import plain, t

QUIT = {"/quit", "/exit"}
_OPTION = re.compile(r"\[?(\d{1,2})\]?")


class Console:
    """Reads lines, passes them to the Core as commands, text or button presses, prints replies."""

    def __init__(self, core: Core, who: Who, out: TextIO) -> None:
        self.core = core
        self.who = who
        self.out = out
        self.options: list[Button] = []

    async def handle(self, line: str) -> None:
        """Act on one line of input and print what the bot says."""
        text = line.strip()
        if not text:
            return
        option = _OPTION.fullmatch(text)
        if option and 1 <= int(option[1]) <= len(self.options):
            outcome = await self.core.on_button(self.who, self.options[int(option[1]) - 1].data)
        elif text.startswith("/"):
            command, args = split_command(text)
            outcome = await self.core.on_command(self.who, command, args)
        else:
            outcome = await self.core.on_text(self.who, text)
        self.show(outcome)

    def show(self, outcome: Outcome) -> None:
        """Print an outcome: toasts in parentheses, texts as plain text, buttons numbered."""
        if outcome.toast:
            self.out.write(f"({outcome.toast})\n")
        numbered: list[Button] = []
        for reply in outcome.replies:
            self.out.write(plain(reply.text) + "\n")
            for row in reply.buttons:
                cells = []
                for button in row:
                    numbered.append(button)
                    cells.append(f"[{len(numbered)}] {button.label}")
                self.out.write("  " + "  ".join(cells) + "\n")
            self.out.write("\n")
        if numbered:
            self.options = numbered
        self.out.flush()


async def run_console(core: Core, who: Who, stdin: TextIO, out: TextIO) -> int:
    """Play until EOF or /quit; the exit status comes back."""
    console = Console(core, who, out)
    out.write(plain(t("console.intro", await core.language(who))) + "\n\n")
    console.show(await core.on_command(who, "start"))
    while True:
        line = await asyncio.to_thread(stdin.readline)
        if not line or line.strip().lower() in QUIT:
            return 0
        await console.handle(line)
