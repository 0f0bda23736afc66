"""The bot's decoration: command menus and descriptions in every language, set in the background.

None of it is needed to play, so it never holds up serving: the bot polls (or listens) first, and these calls go
out behind it. A transient failure (a 5xx, a timeout, a reset) is tried again with backoff, a 429 waits out its
`retry_after` however long, and a refusal that would only be repeated (400, 403, a 404 from a Bot API server
without the method) is one WARNING naming the call, after which the bot does without it.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator
from functools import partial

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.error import BadRequest, Conflict, Forbidden, InvalidToken, RetryAfter, TelegramError

from bot.chats import languages
from bot.i18n import SOURCE_LANGUAGE
from bot.register import GROUP_MENU, PRIVATE_MENU
from bot.telegram_io.startup import retry_delay
from bot.texts import plain, t

log = logging.getLogger(__name__)

FIRST_DELAY = 1.0  # seconds before a transient failure is tried again; doubled each time
MAX_DELAY = 300.0  # seconds between two tries at most


def command_menus(language: str = SOURCE_LANGUAGE) -> tuple[list[BotCommand], list[BotCommand]]:
    """The command menus for private chats and for groups, in `language`."""
    private = [BotCommand(name, plain(t(f"cmd.{name}", language))) for name in PRIVATE_MENU]
    group = [BotCommand(name, plain(t(f"cmd.{name}", language))) for name in GROUP_MENU]
    return private, group


def decoration(bot: Bot) -> Iterator[tuple[str, Callable[[], Awaitable[bool]]]]:
    """Each decoration call, named for the log: the menus (private chats, groups) and the bot's descriptions in
    every language, so a user sees their own before the first message; English is also the default for
    languages without one."""
    registered: set[str] = set()
    for language in languages.available():
        two_letters = language.split("_", 1)[0].lower()  # Telegram takes two-letter codes: pt_BR goes in as pt
        if two_letters in registered:
            continue
        registered.add(two_letters)
        code = None if language == SOURCE_LANGUAGE else two_letters
        where = f"language {code or 'default'}"
        private, group = command_menus(language)
        description = plain(t("bot.description", language))
        short = plain(t("bot.short_description", language))
        menus = partial(bot.set_my_commands, language_code=code)
        yield f"setMyCommands (private chats, {where})", partial(menus, private, scope=BotCommandScopeAllPrivateChats())
        yield f"setMyCommands (groups, {where})", partial(menus, group, scope=BotCommandScopeAllGroupChats())
        yield f"setMyDescription ({where})", partial(bot.set_my_description, description, language_code=code)
        yield f"setMyShortDescription ({where})", partial(bot.set_my_short_description, short, language_code=code)


async def decorate(
    bot: Bot,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    more: Iterable[tuple[str, Callable[[], Awaitable[bool]]]] = (),
) -> int:
    """Make every decoration call (and `more`, such as the Mini App's menu button), each until it succeeds or is
    refused for good; how many succeeded comes back."""
    done = 0
    for what, call in itertools.chain(decoration(bot), more):
        done += await _settle(what, call, sleep)
    log.info("command menus and descriptions set (%d calls)", done)
    return done


async def _settle(what: str, call: Callable[[], Awaitable[bool]], sleep: Callable[[float], Awaitable[None]]) -> bool:
    delay = FIRST_DELAY
    while True:
        try:
            await call()
            return True
        except RetryAfter as error:
            wait = retry_delay(error, delay)
            log.warning("%s: flood control, trying again in %.0fs (the bot serves meanwhile)", what, wait)
        except (BadRequest, Forbidden, InvalidToken, Conflict) as error:  # refused, and would be again (404 too)
            log.warning("%s was refused (%s); the bot goes on without it", what, error)
            return False
        except TelegramError as error:  # 5xx, timeouts, resets: worth another try
            wait, delay = delay, min(MAX_DELAY, delay * 2)
            log.warning("%s failed (%s); trying again in %.0fs", what, error, wait)
        await sleep(wait)
