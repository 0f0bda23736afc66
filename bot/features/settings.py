"""A chat's settings: /settings shows its panel, whose buttons change one setting each and redraw it in place. In a
private chat: the game, an attempt limit, coaching, hard mode, the language. In a group: the game and its defaults for
races and duels, the language; only its admins change them."""

from __future__ import annotations

from bot import callback_data as cb
from bot.models.who import Who
from bot.replies import Outcome
from bot.routing.routes import Chats, Command, Feature
from bot.services import languages
from bot.services import settings as settings_service
from bot.texts import t
from bot.views import settings as settings_view

COMMANDS = (Command("settings", Chats.ANY, private_menu=11, group_menu=13),)
DEEP_LINKS = ("settings",)  # t.me/<bot>?start=settings
ACTIONS = frozenset({cb.SETTING})  # a panel's button, in any chat
OPEN = frozenset({cb.SETTINGS})  # the /start menu's '⚙️ Settings' (private chats)
# the settings a group's panel changes: the game ('v' preset, 'l' length, 'r' repeats, 'z' leading zero), the race
# limit ('t') and duel timer ('d'), the language ('g'), and 'x' done
GROUP_FIELDS = frozenset("vlrztdgx")


class ChatSettings(Feature):
    """Shows a chat's settings panel and applies its buttons through the settings service."""

    async def command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """/settings: the private chat's panel, or the group's (its game and its defaults for races and duels)."""
        panel = settings_view.panel if who.private else settings_view.group_panel
        return panel(language, await settings_service.of_chat(self.deps, who.chat_id))

    async def button(self, who: Who, language: str, pressed: cb.Callback) -> Outcome | None:
        """'⚙️ Settings' under /start, or a panel's button: close it, switch to the next language (the panel is
        redrawn in it), or change a setting; the panel is edited in place. In a group only its admins change it."""
        if pressed.action == cb.SETTINGS:
            return settings_view.panel(language, await settings_service.of_chat(self.deps, who.chat_id))
        field = pressed.args[0] if pressed.args else ""
        if not who.private:
            if field not in GROUP_FIELDS:
                return Outcome(toast=t("stale", language))
            if not await settings_service.may_change(self.deps, who.chat_id, who.user_id, who.private, who.as_chat):
                return settings_view.admins_only(language)
        redraw = settings_view.panel if who.private else settings_view.group_panel
        if field == "x":
            shown = await settings_service.of_chat(self.deps, who.chat_id)
            return settings_view.closed(language, shown, group=not who.private)
        if field == "g":
            chosen = await languages.choose(self.deps, who.chat_id, languages.following(language))
            assert chosen is not None
            return redraw(chosen.language, chosen, edit=True)
        value = pressed.args[1] if len(pressed.args) > 1 else ""
        return redraw(language, await settings_service.change(self.deps, who.chat_id, field, value), edit=True)
