"""/help and /rules, in any chat: the commands in short (in a group, the group's own), and how to play."""

from __future__ import annotations

from bot.models.who import Who
from bot.replies import Outcome
from bot.routing.routes import Chats, Command, Feature
from bot.services import settings as settings_service
from bot.views import common as common_view

COMMANDS = (
    Command("rules", Chats.ANY, private_menu=14, group_menu=11),
    Command("help", Chats.ANY, private_menu=15, group_menu=10),
)
DEEP_LINKS = ("rules",)  # t.me/<bot>?start=rules


class Guide(Feature):
    """Tells how to play and what to type, in a private chat or a group."""

    async def command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """/help: the commands of this kind of chat; /rules: the rules, in the chat's variant."""
        if command == "help":
            if who.private:
                return common_view.message("help", language)
            return common_view.group_help(language, who.bot_username)
        settings = await settings_service.of_chat(self.deps, who.chat_id)
        return common_view.rules(language, settings.variant)
