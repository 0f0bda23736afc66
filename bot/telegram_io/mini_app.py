"""The Mini App in the bot process: its server on the bot's event loop, and its menu button in every private chat."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator

from telegram import Bot, MenuButtonWebApp, WebAppInfo

from bot.config import Secret, WebApp
from bot.core import Core
from bot.i18n import SOURCE_LANGUAGE
from bot.page import auth
from bot.page.server import WebAppContext, WebAppServer, webapp_app
from bot.texts import plain, t

log = logging.getLogger(__name__)


def menu_button(bot: Bot, settings: WebApp) -> Iterator[tuple[str, Callable[[], Awaitable[bool]]]]:
    """The decoration call that puts the Mini App behind the chat's menu button in every private chat."""
    label = plain(t("app.button", SOURCE_LANGUAGE))  # the default button has one text for every language

    async def call() -> bool:
        return await bot.set_chat_menu_button(menu_button=MenuButtonWebApp(label, WebAppInfo(settings.url)))

    yield "setChatMenuButton (the Mini App)", call


def mini_app(
    settings: WebApp, core: Core, token: Secret, bot_username: str | None, wake: Callable[[], None]
) -> WebAppServer:
    """The Mini App's server for these settings, not yet listening."""
    context = WebAppContext(core, settings.url, auth.secret_key(token.reveal()), bot_username, wake)
    return WebAppServer(webapp_app(context), settings.listen, settings.port)
