"""Which language a chat speaks: the one chosen there, else (private) the user's Telegram language, else the
language of whoever first used the bot in that group."""

from __future__ import annotations

from dataclasses import replace

from bot.chats.settings import Settings
from bot.deps import Deps
from bot.i18n import CATALOGUES
from bot.matches.model import Match
from bot.who import Who


def available() -> tuple[str, ...]:
    """The languages with a catalogue, English first."""
    return CATALOGUES.languages


def supported(code: str | None) -> str:
    """The catalogue language for a Telegram language code ('ru-RU' → 'ru'); English when there is none."""
    return CATALOGUES.supported(code)


async def chat_language(deps: Deps, chat_id: int) -> str:
    """The language a chat speaks when no user is at hand (timers, messages sent to another chat)."""
    return supported((await deps.store.settings.of_chat(chat_id)).language)


async def private_language(deps: Deps, user_id: int) -> str:
    """The language of a player's private chat when the message is not an answer to them: the one they chose,
    else their Telegram app's as last seen."""
    chosen = (await deps.store.settings.of_chat(user_id)).language  # a private chat's id is its user's
    return supported(chosen or await deps.store.players.player_language(user_id))


async def spoken_in(deps: Deps, chat_id: int) -> str:
    """The language a chat is spoken to in, unprompted: a private chat its player's, a group its own."""
    if chat_id > 0:  # a private chat's id is its user's
        return await private_language(deps, chat_id)
    return await chat_language(deps, chat_id)


async def of_players(deps: Deps, match: Match, asker: int | None = None, language: str = "") -> dict[int, str]:
    """The language of each player's private chat, for what a match tells them there; the `asker`'s is `language`,
    the one their update is answered in."""
    found = {p.user_id: await private_language(deps, p.user_id) for p in match.players}
    return {**found, asker: language} if asker is not None else found


async def answering(deps: Deps, who: Who, settings: Settings) -> tuple[str, Settings]:
    """The language to answer this update in, and the chat's settings (`settings` as read, or with the language a
    group has just taken).

    A chosen language wins. A private chat otherwise follows its user's Telegram language, so it changes with
    the app's until the player picks one. A group takes the language of whoever first used the bot there.
    """
    if settings.language:
        return supported(settings.language), settings
    language = supported(who.language_code)
    if not who.private:  # inside the update's transaction: `settings` is what is stored
        settings = replace(settings, language=language)
        await deps.store.settings.save(who.chat_id, settings, deps.clock())
    return language, settings


async def choose(deps: Deps, chat_id: int, language: str) -> Settings | None:
    """Store the chat's chosen language; the new settings, or None when there is no catalogue for it."""
    if language not in available():
        return None
    async with deps.transaction():
        updated = replace(await deps.store.settings.of_chat(chat_id), language=language)
        await deps.store.settings.save(chat_id, updated, deps.clock())
    return updated


def following(current: str) -> str:
    """The language after `current` in the settings panel's cycle."""
    languages = available()
    return languages[(languages.index(current) + 1) % len(languages)] if current in languages else languages[0]
