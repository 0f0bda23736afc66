"""A chat's settings: /settings shows its panel, whose buttons change one setting each and redraw it in place. In a
private chat: the game, an attempt limit, coaching, hard mode, the language. In a group: the game and its defaults for
races and duels, the language; only its admins change them."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot import messages
from bot.chats import languages
from bot.chats.settings import GROUP_SETTINGS, Setting
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.settings import panel as settings_panel
from bot.settings import service as settings
from bot.situation import Situation

COMMANDS = (Command("settings", Chats.ANY),)
DEEP_LINKS = ("settings",)  # t.me/<bot>?start=settings
ACTIONS = frozenset({cb.SETTING})  # a panel's button, in any chat
OPEN = frozenset({cb.SETTINGS})  # the /start menu's '⚙️ Settings' (private chats)


class ChatSettings(Feature):
    """Shows a chat's settings panel and applies its buttons through the settings service."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/settings: the private chat's panel, or the group's (its game and its defaults for races and duels)."""
        who, language = s.who, s.language
        panel = settings_panel.panel if who.private else settings_panel.group_panel
        return panel(language, s.settings)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """'⚙️ Settings' under /start, or a panel's button: close it, switch to the next language (the panel is
        redrawn in it), or change a setting; the panel is edited in place. In a group only its admins change it."""
        who, language = s.who, s.language
        if pressed.action == cb.SETTINGS:
            return settings_panel.panel(language, s.settings)
        setting = cb.decode_setting(pressed.args)
        if not who.private:
            if setting not in GROUP_SETTINGS:
                return messages.stale(language)
            if not await settings.may_change(self.deps, who.chat_id, who.user_id, who.private, who.as_chat):
                return settings_panel.admins_only(language)
        redraw = settings_panel.panel if who.private else settings_panel.group_panel
        if setting is None:  # no setting of ours: nothing changes, and the panel stays as it is
            return messages.stale(language)
        if setting == Setting.PANEL:  # back from the reminders' panel (private chats only: not a group's setting)
            return redraw(language, s.settings, edit=True)
        if setting == Setting.DONE:
            shown = s.settings
            return settings_panel.closed(language, shown, group=not who.private)
        if setting == Setting.LANGUAGE:
            chosen = await languages.choose(self.deps, who.chat_id, languages.following(language))
            assert chosen is not None
            return replace(redraw(chosen.language, chosen, edit=True), language=chosen.language)  # says its own
        value = pressed.args[1] if len(pressed.args) > 1 else ""
        if settings.changed(s.settings, setting, value) == s.settings:  # the value already chosen: no edit to make
            return settings_panel.unchanged(language)
        return redraw(language, await settings.change(self.deps, who.chat_id, setting, value), edit=True)
