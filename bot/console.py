"""The console transport: the same Core in a terminal; buttons become numbered options to type."""

from __future__ import annotations

import asyncio
import re
from typing import TextIO

from bot.core import Core, Who
from bot.i18n import SOURCE_LANGUAGE
from bot.parsing.commands import split_command
from bot.parsing.scores import parse_answer
from bot.replies import Button, Outcome
from bot.texts import plain, t

QUIT = {"/quit", "/exit"}
# The console's own private chat (and user). Not 0: that is the bot's own id in versus games and the all-chats board.
CONSOLE_CHAT = 1


def console_who(chat_id: int = CONSOLE_CHAT, language_code: str | None = None) -> Who:
    """Who the console's player is: a private chat whose id is the user's, as in Telegram."""
    return Who(chat_id, chat_id, language_code=language_code)


_BRACKETED = re.compile(r"\[(\d{1,2})\]")  # [12]: always button 12
_BARE = re.compile(r"[1-9]\d?")  # 12: button 12, unless answer buttons are on show (then 1🐂 2🐄, as typed in Telegram)


class Console:
    """Reads lines, passes them to the Core as commands, text or button presses, prints replies."""

    def __init__(self, core: Core, who: Who, out: TextIO) -> None:
        self.core = core
        self.who = who
        self.out = out
        self.options: list[Button] = []

    async def handle(self, line: str) -> None:
        """Act on one line of input and print what the bot says (first, what the close of a day that ended meanwhile
        says to this chat: as the bot's timer would, at the first line after it)."""
        text = line.strip()
        if not text:
            return
        for notice in await self.core.on_day_end():  # a day's challenge that ended meanwhile: its best, if ours
            if notice.chat_id == self.who.chat_id:
                self.show(notice.outcome)
        number = self._option(text)
        if number is not None and not self.options[number - 1].data:
            await self._follow(self.options[number - 1])
            return
        if number is not None:
            outcome = await self.core.on_button(self.who, self.options[number - 1].data)
        elif text.startswith("/"):
            command, args = split_command(text)
            outcome = await self.core.on_command(self.who, command, args)
        else:
            outcome = await self.core.on_text(self.who, text)
        self.show(outcome)

    def _option(self, text: str) -> int | None:
        """The button a line presses, if it is one: `[12]`, or a bare `12` where it cannot mean bulls and cows."""
        bracketed = _BRACKETED.fullmatch(text)
        if (
            bracketed is None
            and _BARE.fullmatch(text)
            and parse_answer(text, self._language) is not None
            and self._answering
        ):
            return None  # "12" answers a guess, as it does in Telegram; "[12]" presses button 12
        found = bracketed or _BARE.fullmatch(text)
        number = int(found[1] if bracketed else text) if found else 0
        return number if 1 <= number <= len(self.options) else None

    @property
    def _language(self) -> str:
        """The language whose answer words the player types (the Core answers in it when the chat chose none)."""
        return self.who.language_code or SOURCE_LANGUAGE

    @property
    def _answering(self) -> bool:
        """Whether the buttons on show answer a guess with bulls and cows (their labels read as scores)."""
        return any(parse_answer(button.label, self._language) is not None for button in self.options)

    async def _follow(self, button: Button) -> None:
        """A button that calls no handler, as the console can follow it: 📤 Share shows what it would send (the inline
        result its query offers first); a link or the Mini App's button says where it leads."""
        language = await self.core.language(self.who)
        if button.share is not None:
            offers = await self.core.on_inline(self.who, button.share)
            shown = [plain(t("console.share", language)), *(plain(a.text) for a in offers.articles[:1])]
        else:
            shown = [plain(t("console.link", language, url=button.url or button.web_app or ""))]
        self.out.write("\n".join(shown) + "\n\n")
        self.out.flush()

    def show(self, outcome: Outcome) -> None:
        """Print an outcome: toasts in parentheses, texts as plain text, buttons numbered (only the newest outcome's
        buttons: an older message's are not pressed by a number meant for the game)."""
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
