"""Telegram handlers: translate an update into a Core call and queue its replies.

Beside the Core's calls they keep only Telegram's own bookkeeping: a group upgraded to a supergroup moves its rows to
the new chat id (`Store.move_chat`), a change of membership updates the admin roster, and the one error handler
queues the "Sorry" and tells the intake the update failed. No game rule and no SQL here.

Each update is one savepoint of the intake's batch transaction: the Core's changes, the replies in the outbox and the
inbox's mark (the intake writes it, for every update, in one place) commit together, and the intake wakes the sender
after the commit.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.ext import CallbackQueryHandler, ChatMemberHandler, InlineQueryHandler, MessageHandler, filters

from bot import messages
from bot.chats import languages
from bot.core import Core, Who
from bot.engine_work import EngineBusy, WorkPending
from bot.outgoing import inline_payload, post, shorten, shows_game_board, with_board_button
from bot.parsing.commands import split_command
from bot.ports import AdminsUnknown
from bot.replies import Outcome
from bot.runtime import Runtime
from bot.store.calls import MenuButton
from bot.telegram_io import identity
from bot.telegram_io.admins import AdminRoster
from bot.telegram_io.chat_menus import MenuLabels
from bot.telegram_io.state import App, Context
from bot.texts import plain, t

log = logging.getLogger(__name__)

MAX_INPUT = 256  # characters of a message that are read: more is never a game move, and is never echoed in full


def runtime_of(context: Context) -> Runtime:
    """The Runtime opened at start-up."""
    return context.bot_data.runtime


def core_of(context: Context) -> Core:
    """The Core opened at start-up."""
    return runtime_of(context).core


def who_of(update: Update, context: Context) -> Who | None:
    """Who sent an update, and where (bot/telegram_io/identity.py); None for updates without a chat and a sender."""
    return identity.who_of(update, context.bot.username)


async def respond(
    update: Update,
    context: Context,
    chat_id: int,
    outcome_of: Callable[[], Awaitable[Outcome]],
    query: tuple[str, int | None] | None = None,
) -> None:
    """Run the Core and queue its replies, in the update's forum topic if it has one, in one savepoint: if either
    fails, neither is kept (and the error handler says sorry). In a private chat, with the Mini App on, its boards get
    the "🧮 Board" button. An update that waits (for engine work, or for a group's admins) changed nothing: its chat is
    parked, and it runs again once what it waits for has come."""
    runtime, topic = runtime_of(context), identity.topic_of(update)
    url = context.bot_data.webapp_url
    if url is not None and chat_id > 0 and (who := who_of(update, context)) is not None and who.private:
        labels = context.bot_data.menu_labels
        outcome_of = _with_mini_app(runtime, labels, who, url, update.update_id, outcome_of)

    async def queue() -> None:
        outcome = await outcome_of()
        await post(runtime.store, chat_id, outcome, runtime.core.deps.clock(), update.update_id, query, topic)

    user = update.effective_user
    engine = runtime.core.deps.engine
    with engine.scope(update.update_id, user.id if user is not None else chat_id) as scope:
        while True:
            try:
                with engine.retry(scope):
                    await once(update, context, queue)
                return
            except (
                AdminsUnknown
            ):  # its savepoint was rolled back: it waits, with its chat's later updates, for the list
                _runtime, intake, _sender = context.bot_data.parts()
                if intake is None:
                    raise
                context.bot_data.menu_labels.forget(chat_id)  # a menu button it queued was rolled back with it
                intake.park(update.update_id, chat_id)
                return
            except WorkPending as pending:  # rolled back too: it waits for the engine, and every other chat goes on
                _runtime, intake, _sender = context.bot_data.parts()
                if intake is None:  # no intake to park it with (a test's direct call): wait here
                    await pending.wait()
                    continue
                context.bot_data.menu_labels.forget(chat_id)
                intake.park(update.update_id, chat_id)
                if pending.job.done.is_set():  # done while its savepoint rolled back: it runs again at once
                    intake.unpark_all()
                elif pending.deadline is not None:  # work it can do without: it goes on at the deadline, done or not
                    asyncio.get_running_loop().call_at(_loop_time(pending.deadline), intake.unpark_all)
                return
            except EngineBusy:  # the person's earlier requests keep the engine busy: refused, costing nothing
                await _refuse_busy(update, context, chat_id, query, topic)
                return


async def _refuse_busy(
    update: Update, context: Context, chat_id: int, query: tuple[str, int | None] | None, topic: int | None
) -> None:
    """Tell the person the engine is still busy with what they asked before (a button's toast, else a message)."""
    runtime, who = runtime_of(context), who_of(update, context)
    language = await runtime.core.language(who) if who is not None else languages.supported(None)
    busy = messages.engine_busy(language)
    outcome = Outcome(toast=t("engine.busy", language), account=busy.account) if query is not None else busy

    async def queue() -> None:
        await post(runtime.store, chat_id, outcome, runtime.core.deps.clock(), update.update_id, query, topic)

    await once(update, context, queue)


def _loop_time(deadline: float) -> float:
    """A time.monotonic() moment on the event loop's clock."""
    loop = asyncio.get_running_loop()
    return loop.time() + max(0.0, deadline - time.monotonic())


def _with_mini_app(
    runtime: Runtime,
    labels: MenuLabels,
    who: Who,
    url: str,
    update_id: int,
    outcome_of: Callable[[], Awaitable[Outcome]],
) -> Callable[[], Awaitable[Outcome]]:
    """The outcome with the Mini App's button on its boards; and the chat's menu button labelled in the chat's
    language when it is not yet (queued with the replies: set once they are committed, never in the transaction)."""

    async def decorated() -> Outcome:
        outcome = await outcome_of()
        language = outcome.language or await runtime.core.language(who)
        if labels.due(who.chat_id, language):
            menu = MenuButton(plain(t("app.button", language)), url)
            await runtime.store.outbox.add(who.chat_id, menu, runtime.core.deps.clock(), update_id)
        if not shows_game_board(outcome):
            return outcome
        return with_board_button(outcome, url, language)

    return decorated


async def once(update: Update, context: Context, work: Callable[[], Awaitable[None]]) -> None:
    """Do an update's work (the Core's changes, its outbox rows) in a savepoint of its own: if it raises, none of it
    is kept, and the error handler is told. The intake marks the update (done, or failed) after this returns."""
    async with runtime_of(context).store.transaction.savepoint():
        await work()


async def on_command(update: Update, context: Context) -> None:
    """/command args → Core.on_command; commands for other bots (/play@other) are ignored."""
    who, message = who_of(update, context), update.effective_message
    if who is None or message is None or message.text is None:
        return
    text = shorten(message.text, MAX_INPUT)
    head = text.split(" ", 1)[0]
    if "@" in head and head.split("@", 1)[1].lower() != (context.bot.username or "").lower():
        return
    command, args = split_command(text)
    core = core_of(context)
    await respond(update, context, who.chat_id, lambda: core.on_command(who, command, args))


async def on_text(update: Update, context: Context) -> None:
    """A plain message → Core.on_text (a guess or an answer)."""
    who, message = who_of(update, context), update.effective_message
    if who is None or message is None or message.text is None:
        return
    text, core = shorten(message.text, MAX_INPUT), core_of(context)
    await respond(update, context, who.chat_id, lambda: core.on_text(who, text))


async def on_button(update: Update, context: Context) -> None:
    """A button press → Core.on_button; the query is always answered (by the outbox)."""
    query, who = update.callback_query, who_of(update, context)
    if query is None:
        return
    origin = query.message.message_id if query.message is not None else None
    chat_id = who.chat_id if who is not None else (query.from_user.id if query.from_user else 0)
    if who is None or query.data is None:
        await respond(update, context, chat_id, _nothing, (query.id, origin))
        return
    core, data = core_of(context), query.data
    await respond(update, context, who.chat_id, lambda: core.on_button(who, data), (query.id, origin))


async def on_inline(update: Update, context: Context) -> None:
    """@bot query typed in any chat → Core.on_inline; the answer goes through the outbox like every reply."""
    inline = update.inline_query
    if inline is None:
        return
    user = inline.from_user
    # no chat comes with an inline query: the user is asked about as in their private chat (whose id is theirs)
    who = Who(user.id, user.id, True, context.bot.username, user.full_name, language_code=user.language_code)
    query, runtime = shorten(inline.query, MAX_INPUT), runtime_of(context)

    async def queue() -> None:  # under the user's id: their private chat's queue, which is rarely busy
        offers = await runtime.core.on_inline(who, query)
        payload = inline_payload(inline.id, offers)
        await runtime.store.outbox.add(user.id, payload, runtime.core.deps.clock(), update.update_id)

    await once(update, context, queue)


async def _nothing() -> Outcome:
    return Outcome()


async def on_migrate(update: Update, context: Context) -> None:
    """A group became a supergroup: its settings, games, matches, standings and queued replies move along."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    old, new = message.chat.id, message.migrate_to_chat_id
    store = runtime_of(context).store
    await once(update, context, lambda: store.move_chat(old, new))
    log.info("chat %s moved to %s (upgraded to a supergroup)", old, new)


async def on_member(update: Update, context: Context) -> None:
    """A member's status changed in a group (the admin roster follows), or the bot's own did (its list is dropped:
    the bot may now see more, or nothing)."""
    changed = update.chat_member or update.my_chat_member
    roster = runtime_of(context).core.deps.admins
    if changed is not None and isinstance(roster, AdminRoster):
        if update.my_chat_member is not None:
            roster.forget(changed.chat.id)
        else:
            roster.member_changed(changed.chat.id, changed.new_chat_member.user.id, changed.new_chat_member.status)

    async def nothing_to_store() -> None:
        return None

    await once(update, context, nothing_to_store)


async def on_error(update: object, context: Context) -> None:
    """The one error handler: log the failure with its context, tell the chat that this one did not count, and tell
    the intake, which marks the update failed.

    The update's savepoint was rolled back, so nothing it would have changed was kept: "Sorry" is true.
    """
    if not isinstance(update, Update):
        log.error("a job failed", exc_info=context.error)
        return
    chat = update.effective_chat
    if chat is not None:
        context.bot_data.menu_labels.forget(chat.id)  # a menu button it queued was rolled back with it
    kind = "button press" if update.callback_query else "inline query" if update.inline_query else "message"
    log.error("%s %s in chat %s failed", kind, update.update_id, chat.id if chat else None, exc_info=context.error)
    runtime = runtime_of(context)
    store, now = runtime.store, runtime.core.deps.clock()
    query = update.callback_query
    user = update.effective_user
    language = languages.supported(user.language_code if user is not None else None)  # no time to ask the db
    async with store.transaction():
        if query is not None:
            origin = query.message.message_id if query.message is not None else None
            chat_id = chat.id if chat is not None else (query.from_user.id if query.from_user else 0)
            await post(store, chat_id, Outcome(toast=t("error", language)), now, update.update_id, (query.id, origin))
        elif chat is not None:
            sorry = Outcome.text(t("error", language))
            await post(store, chat.id, sorry, now, update.update_id, topic=identity.topic_of(update))
    context.bot_data.intake.failed(update.update_id)


def register(app: App) -> None:
    """Wire the handlers, in the order they are tried, and the error handler."""
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(ChatMemberHandler(on_member, ChatMemberHandler.ANY_CHAT_MEMBER))
    app.add_handler(InlineQueryHandler(on_inline))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migrate))
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.COMMAND, on_command))
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT & ~filters.COMMAND, on_text))
    app.add_error_handler(on_error)
