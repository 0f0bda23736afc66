"""A tiny PTB bot for testing the end-to-end harness itself: it reads the same settings as the real bot."""

from __future__ import annotations

import html
import logging
import os

from telegram import BotCommand, BotCommandScopeAllPrivateChats, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import Application, CallbackQueryHandler, CommandHandler, ContextTypes, MessageHandler, filters

KEYBOARD = InlineKeyboardMarkup(
    [[InlineKeyboardButton("Count", callback_data="count"), InlineKeyboardButton("Same", callback_data="same")]]
)


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message
    await update.effective_message.reply_html("<b>Count:</b> 0", reply_markup=KEYBOARD)


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_message
    assert update.effective_message.text
    await update.effective_message.reply_html(f"echo: {html.escape(update.effective_message.text)}")


async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query
    assert query.data
    count = context.chat_data.setdefault("count", 0) if context.chat_data is not None else 0
    if query.data == "count":
        count += 1
        assert context.chat_data is not None
        context.chat_data["count"] = count
    try:
        await query.edit_message_text(f"<b>Count:</b> {count}", parse_mode="HTML", reply_markup=KEYBOARD)
    except Exception as error:  # the emulator says "message is not modified", as Telegram does
        await query.answer(str(error))
        return
    await query.answer(f"now {count}")


async def post_init(app: Application) -> None:  # type: ignore[type-arg]
    await app.bot.set_my_commands([BotCommand("start", "start")], scope=BotCommandScopeAllPrivateChats())


def main() -> None:
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))
    app = (
        Application.builder()
        .token(os.environ["BOT_TOKEN"])
        .base_url(os.environ["TELEGRAM_BASE_URL"])
        .post_init(post_init)
        .build()
    )
    app.add_handler(CommandHandler("start", start))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    app.add_handler(CallbackQueryHandler(press))
    logging.info("echo bot polling")
    app.run_polling(poll_interval=float(os.environ.get("TELEGRAM_POLL_INTERVAL", "0.02")))


if __name__ == "__main__":
    main()
