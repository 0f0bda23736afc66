"""/help and /rules, in any chat: the commands in short (in a group, the group's own), and how to play."""

from __future__ import annotations

from bot import messages
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation

COMMANDS = (
    Command("rules", Chats.ANY),
    Command("help", Chats.ANY),
)
DEEP_LINKS = ("rules",)  # t.me/<bot>?start=rules


class Guide(Feature):
    """Tells how to play and what to type, in a private chat or a group."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/help: the commands of this kind of chat; /rules: the rules, in the chat's variant."""
        who, language = s.who, s.language
        if command == "help":
            if who.private:
                return messages.message("help", language)
            return messages.group_help(language, who.bot_username)
        return messages.rules(language, s.settings.variant, who.private)
