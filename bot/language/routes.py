"""The chat's language: /language (with buttons, or /language ru), in private chats and in groups."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot.chats import languages
from bot.i18n import SOURCE_LANGUAGE
from bot.language import picker as language_picker
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.who import Who

COMMANDS = (Command("language", Chats.ANY),)
ACTIONS = frozenset({cb.LANGUAGE})


class Language(Feature):
    """Shows the languages and stores the one chosen for the chat."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/language: the chooser; /language ru (or 'русский', 'English'): that language straight away."""
        who, language = s.who, s.language
        wanted = args.strip()
        if not wanted:
            return language_picker.chooser(language, languages.available(), who.user_id)
        code = _named(wanted)
        if code is None:
            return language_picker.unknown(language, wanted, languages.available())
        if not who.private and not await self._admin(who):  # a group's language is a group setting
            return language_picker.refused(language, as_message=True)
        await languages.choose(self.deps, who.chat_id, code)
        return language_picker.chosen(code)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A language pressed on the chooser: in a private chat by its player, in a group by one of its admins
        (anyone may open the chooser there; the group's language, like its other settings, is its admins' to set)."""
        who, language = s.who, s.language
        code = pressed.args[0] if pressed.args else ""
        asker = cb.id_field(pressed.args[1]) if len(pressed.args) > 1 else None
        if code not in languages.available() or asker is None:
            return messages.stale(language)
        if not who.private and not await self._admin(who):
            return language_picker.refused(language)
        await languages.choose(self.deps, who.chat_id, code)
        return language_picker.chosen(code, edit=True)

    async def _admin(self, who: Who) -> bool:
        return who.as_chat or await self.deps.admins.is_admin(who.chat_id, who.user_id)


def _named(wanted: str) -> str | None:
    """The language a player named: its code ('ru', 'ru-RU') or its own name ('Русский', 'english')."""
    by_name = {language_picker.name(code).casefold(): code for code in languages.available()}
    code = languages.supported(wanted)
    if code != SOURCE_LANGUAGE or wanted.lower().startswith(SOURCE_LANGUAGE):
        return code
    return by_name.get(wanted.casefold())
