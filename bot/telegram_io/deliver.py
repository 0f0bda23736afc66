"""Sending Outcomes through the Bot API: new messages, boards edited in place, callback toasts."""

from __future__ import annotations

import logging

from telegram import Bot, CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.core import Core
from bot.replies import Button, Keyboard, Outcome, Reply

log = logging.getLogger(__name__)


def markup(buttons: Keyboard) -> InlineKeyboardMarkup | None:
    """The inline keyboard for rows of buttons (None for no buttons)."""
    if not buttons:
        return None
    return InlineKeyboardMarkup(
        [[_button(b) for b in row] for row in buttons if row]
    )


def _button(button: Button) -> InlineKeyboardButton:
    if button.url is not None:
        return InlineKeyboardButton(button.label, url=button.url)
    return InlineKeyboardButton(button.label, callback_data=button.data)


def _not_modified(error: BadRequest) -> bool:
    return "not modified" in str(error).lower()


async def deliver(bot: Bot, core: Core, chat_id: int, outcome: Outcome, query: CallbackQuery | None = None) -> None:
    """Show an outcome in a chat; a button press is answered first (with the toast, if any)."""
    if query is not None:
        await _answer(query, outcome.toast)
    origin = query.message.message_id if query is not None and query.message is not None else None
    for reply in outcome.replies:
        await _show(bot, core, chat_id, reply, origin)


async def _answer(query: CallbackQuery, toast: str | None) -> None:
    """Answer a button press; a press too old to answer (after a backlog) still gets its move's replies."""
    try:
        await query.answer(toast)
    except TelegramError as error:
        log.info("could not answer callback query %s: %s", query.id, error)


async def _show(bot: Bot, core: Core, chat_id: int, reply: Reply, origin: int | None) -> None:
    if reply.chat_id is not None and reply.chat_id != chat_id:
        await _send_elsewhere(bot, reply)
        return
    target = None
    if reply.edit_origin:
        target = origin
    elif reply.board is not None and reply.board.in_place:
        target = reply.board.message_id
    if target is not None and await _edit(bot, chat_id, target, reply):
        return
    sent = await bot.send_message(chat_id, reply.text, parse_mode=ParseMode.HTML, reply_markup=markup(reply.buttons))
    if reply.board is not None:
        old = reply.board.message_id
        await core.remember_board(reply.board.game_id, sent.message_id)
        if old is not None and old != sent.message_id:
            await _strip(bot, chat_id, old)


async def _send_elsewhere(bot: Bot, reply: Reply) -> None:
    """Send to another chat (a duel's group, a player's private chat); a chat that refuses is logged, not fatal."""
    assert reply.chat_id is not None
    try:
        await bot.send_message(reply.chat_id, reply.text, parse_mode=ParseMode.HTML, reply_markup=markup(reply.buttons))
    except (BadRequest, Forbidden) as error:
        log.info("could not send to chat %s: %s", reply.chat_id, error)


async def _edit(bot: Bot, chat_id: int, message_id: int, reply: Reply) -> bool:
    """Edit a message in place; False if it cannot be edited (deleted, too old), so send anew."""
    try:
        await bot.edit_message_text(
            reply.text, chat_id, message_id, parse_mode=ParseMode.HTML, reply_markup=markup(reply.buttons)
        )
    except BadRequest as error:
        if _not_modified(error):
            return True
        log.info("could not edit message %s in chat %s: %s", message_id, chat_id, error)
        return False
    return True


async def _strip(bot: Bot, chat_id: int, message_id: int) -> None:
    """Remove the buttons of an old board so only the newest one has them."""
    try:
        await bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
    except BadRequest as error:
        if not _not_modified(error):
            log.info("could not strip buttons of message %s: %s", message_id, error)
