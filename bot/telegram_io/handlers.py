"""Telegram handlers: translate an update into a Core call and deliver the Outcome. Nothing else."""

from __future__ import annotations

import logging
from typing import cast

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats, Update
from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters

from bot.core import Core, Who
from bot.parsing import split_command
from bot.routing.table import GROUP_MENU, PRIVATE_MENU
from bot.runtime import Runtime
from bot.telegram_io.deliver import deliver
from bot.texts import t

log = logging.getLogger(__name__)

# The command menus, in the order players see them (games first, then help): from the features' declarations.
PRIVATE_COMMANDS = PRIVATE_MENU
GROUP_COMMANDS = GROUP_MENU
RUNTIME = "runtime"


def core_of(context: ContextTypes.DEFAULT_TYPE) -> Core:
    """The Core opened in post_init."""
    return cast(Runtime, context.application.bot_data[RUNTIME]).core


def who_of(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Who | None:
    """Who sent an update (None for updates without a chat and a user)."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return None
    message = update.effective_message
    as_chat = message is not None and message.sender_chat is not None and message.sender_chat.id == chat.id
    replied = message.reply_to_message.from_user if message is not None and message.reply_to_message else None
    reply_to = (replied.id, replied.full_name) if replied is not None and not replied.is_bot else None
    private = chat.type == ChatType.PRIVATE
    return Who(chat.id, user.id, private, context.bot.username, user.full_name, as_chat, reply_to)


async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/command args → Core.on_command; commands for other bots (/play@other) are ignored."""
    who, message = who_of(update, context), update.effective_message
    if who is None or message is None or message.text is None:
        return
    head = message.text.split(" ", 1)[0]
    if "@" in head and head.split("@", 1)[1].lower() != (context.bot.username or "").lower():
        return
    command, args = split_command(message.text)
    core = core_of(context)
    async with core.chat_lock(who.chat_id):
        await deliver(context.bot, core, who.chat_id, await core.on_command(who, command, args))


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plain message → Core.on_text (a guess or an answer)."""
    who, message = who_of(update, context), update.effective_message
    if who is None or message is None or message.text is None:
        return
    core = core_of(context)
    async with core.chat_lock(who.chat_id):
        await deliver(context.bot, core, who.chat_id, await core.on_text(who, message.text))


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button press → Core.on_button; the query is always answered, even when this fails."""
    query, who = update.callback_query, who_of(update, context)
    if query is None:
        return
    if who is None or query.data is None:
        await query.answer()
        return
    core = core_of(context)
    async with core.chat_lock(who.chat_id):
        try:
            outcome = await core.on_button(who, query.data)
        except Exception:
            await query.answer(t("error"))
            raise
        await deliver(context.bot, core, who.chat_id, outcome, query)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The one error handler: log the failure and tell the chat something went wrong."""
    update_id = update.update_id if isinstance(update, Update) else None
    log.error("update %s failed", update_id, exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None and update.callback_query is None:
        try:
            await context.bot.send_message(update.effective_chat.id, t("error"))
        except Exception:  # the chat may be unreachable; the log line above is what matters
            log.debug("could not report the error to the chat", exc_info=True)


def register(app: Application) -> None:  # type: ignore[type-arg]
    """Wire the handlers, in the order they are tried, and the error handler."""
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.COMMAND, on_command))
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT & ~filters.COMMAND, on_text))
    app.add_error_handler(on_error)


async def set_commands(app: Application) -> None:  # type: ignore[type-arg]
    """Register the command menu for private chats and for groups."""
    private = [BotCommand(name, t(f"cmd.{name}")) for name in PRIVATE_COMMANDS]
    group = [BotCommand(name, t(f"cmd.{name}")) for name in GROUP_COMMANDS]
    await app.bot.set_my_commands(private, scope=BotCommandScopeAllPrivateChats())
    await app.bot.set_my_commands(group, scope=BotCommandScopeAllGroupChats())
