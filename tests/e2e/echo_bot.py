"""A tiny PTB bot for testing the end-to-end harness itself: it reads the same settings as the real bot
(BOT_TOKEN, TELEGRAM_BASE_URL, TELEGRAM_POLL_INTERVAL, LOG_LEVEL, WEBHOOK_URL/LISTEN/PORT/SECRET), plus
ECHO_TIMEOUT: its HTTP read timeout in seconds (PTB's default is 5)."""

from __future__ import annotations

import html
import logging
import os
from urllib.parse import urlparse

from telegram import (
    BotCommand,
    BotCommandScopeAllPrivateChats,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

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


async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.inline_query
    assert query
    page = int(query.offset or 0)
    results = [
        InlineQueryResultArticle(
            id=f"{page}-{i}",
            title=f"{query.query} #{page + i}",
            input_message_content=InputTextMessageContent(f"echo: {html.escape(query.query)}", parse_mode="HTML"),
        )
        for i in range(2)
    ]
    await query.answer(results, cache_time=0, is_personal=True, next_offset=str(page + 2) if page < 2 else "")


async def post_init(app: Application) -> None:  # type: ignore[type-arg]
    await app.bot.set_my_commands([BotCommand("start", "start")], scope=BotCommandScopeAllPrivateChats())


def main() -> None:
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))
    builder = Application.builder().token(os.environ["BOT_TOKEN"]).base_url(os.environ["TELEGRAM_BASE_URL"])
    if "ECHO_TIMEOUT" in os.environ:
        timeout = float(os.environ["ECHO_TIMEOUT"])
        builder = builder.read_timeout(timeout).write_timeout(timeout).get_updates_read_timeout(timeout)
    app = builder.post_init(post_init).build()
    app.add_handler(CommandHandler("start", start))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    app.add_handler(CallbackQueryHandler(press))
    app.add_handler(InlineQueryHandler(inline))
    webhook_url = os.environ.get("WEBHOOK_URL")
    if webhook_url:
        logging.info("echo bot on a webhook")
        app.run_webhook(
            listen=os.environ.get("WEBHOOK_LISTEN", "127.0.0.1"),
            port=int(os.environ["WEBHOOK_PORT"]),
            url_path=urlparse(webhook_url).path.lstrip("/"),
            webhook_url=webhook_url,
            secret_token=os.environ.get("WEBHOOK_SECRET"),
        )
        return
    logging.info("echo bot polling")
    app.run_polling(poll_interval=float(os.environ.get("TELEGRAM_POLL_INTERVAL", "0.02")))


if __name__ == "__main__":
    main()
