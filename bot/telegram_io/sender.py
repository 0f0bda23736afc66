"""The sender: delivers the outbox, in order within each chat and side by side across chats.

Pacing is bot/telegram_io/pacing.py's: at most 30 calls a second for the whole bot, players' replies first, and
python-telegram-bot's AIORateLimiter for each group (which also retries a 429 a few times itself). Replies are sent
as soon as they may, every chat with one due side by side; bulk calls (reminders) only in BULK_LANES chats at a time,
and each as a bulk call of the pace, which makes way for any reply. What is
still refused waits here: a 429 for its retry_after, a 5xx, a reset or a timeout with exponential backoff
capped at a minute, for up to a day. "Message is not modified" counts as delivered, and so does an inline
answer refused as "query is too old" (the user has long moved on: it is dropped, not retried); an edit Telegram will
not make is sent as a new message instead. A group gets at most one message every 3 seconds
(Telegram's 20 a minute, counted over any minute, whatever the topic), and whatever queued up for that group while it
waited goes out as one message: one per forum topic, as each message is sent in its own (`message_thread_id`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Callable
from datetime import timedelta

from aiolimiter import AsyncLimiter
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    LinkPreviewOptions,
    MenuButtonWebApp,
    WebAppInfo,
)
from telegram.constants import FloodLimit, ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter, TelegramError, TimedOut

from bot.outgoing import MAX_TEXT, shorten
from bot.ports import Clock
from bot.replies import BoardOf
from bot.store.calls import (
    Acknowledgement,
    InlineResult,
    InlineResults,
    MenuButton,
    Message,
    StoredButton,
    StoredKeyboard,
)
from bot.store.outbox import Outgoing
from bot.store.store import Store
from bot.telegram_io.pacing import bulk_calls
from bot.telegram_io.telemetry import SendOutcome, Telemetry
from bot.texts import plain

log = logging.getLogger(__name__)

GROUP_SPACING = 60 / FloodLimit.MESSAGES_PER_MINUTE_PER_GROUP  # 3 s: 20 a minute, counted over any minute
MAX_DELAY = 60.0  # seconds: the longest wait between two tries of one call
GIVE_UP_AFTER = timedelta(days=1)  # a reply still refused after a day is dropped (and logged)
# A group's reply this old is dropped unsent (and logged): the group has moved on (a duel's move timer is 5 minutes
# by default, a race's lines are read as they come), and a line that late would read as news. Pacing holds merged
# lines for seconds; only an outage, a long 429 or a flood of separate messages (the outbox keeps 200 a chat: 10
# minutes of a group's budget) makes one wait this long. Private replies are the player's own game, each sent as
# soon as it may: they wait up to GIVE_UP_AFTER.
STALE_IN_GROUP = timedelta(minutes=5)
BULK_LANES = 8  # chats whose bulk calls are sent side by side: enough to fill the pace at 250 ms a call
Unreachable = Callable[[int], Awaitable[None]]  # told the id of a private chat that refuses the bot's messages


def markup(rows: StoredKeyboard) -> InlineKeyboardMarkup | None:
    """The inline keyboard of a stored reply (None for no buttons)."""
    if not rows:
        return None
    return InlineKeyboardMarkup([[button(stored) for stored in row] for row in rows])


def button(stored: StoredButton) -> InlineKeyboardButton:
    """One stored button: a link, a share (pick a chat, '@bot <share>' typed there), the Mini App, or a callback."""
    label, data, url, share, web_app = (*stored, None, None)[:5]
    label, data = label or "", data or ""
    if web_app:
        return InlineKeyboardButton(label, web_app=WebAppInfo(web_app))
    if url:
        return InlineKeyboardButton(label, url=url)
    if share is not None:
        return InlineKeyboardButton(label, switch_inline_query=share)
    return InlineKeyboardButton(label, callback_data=data)


def article(result: InlineResult) -> InlineQueryResultArticle:
    """The Telegram result of a stored inline article: an HTML message without a link preview."""
    content = InputTextMessageContent(
        result.text, parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True)
    )
    buttons = markup(result.buttons)
    return InlineQueryResultArticle(
        result.id, result.title, content, reply_markup=buttons, description=result.description
    )


def expired(error: BadRequest) -> bool:
    """Whether Telegram refused an inline answer because the query is too old (or unknown after a restart)."""
    text = str(error).lower()
    return "query is too old" in text or "query id is invalid" in text


def backoff(attempts: int) -> float:
    """Seconds to wait before the next try of a call that failed `attempts` times already."""
    return float(min(MAX_DELAY, 0.5 * 2**attempts))


class Sender:
    """Delivers pending outbox rows until stopped; wake() after queueing more."""

    def __init__(
        self,
        bot: Bot,
        store: Store,
        clock: Clock,
        group_spacing: float = GROUP_SPACING,
        telemetry: Telemetry | None = None,
        bulk_lanes: int = BULK_LANES,
    ) -> None:
        self.bot, self.store, self.clock = bot, store, clock
        self.telemetry = telemetry or Telemetry()
        self.group_spacing = group_spacing
        self.bulk_lanes = bulk_lanes
        self._wake = asyncio.Event()
        self._draining: dict[int, asyncio.Task[None]] = {}
        self._bulk: set[int] = set()  # the chats among them drained for their bulk calls
        self._groups: dict[int, AsyncLimiter] = {}
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.unreachable: Unreachable | None = None

    def wake(self) -> None:
        """Look at the outbox again now (something was queued)."""
        self._wake.set()

    def start(self) -> None:
        """Run in the background until stop()."""
        self._task = asyncio.create_task(self._run(), name="outbox sender")

    async def stop(self, grace: float = 5.0) -> None:
        """Stop sending; a call under way is finished (and marked) first, so a clean stop sends nothing twice.
        What is still pending stays in the outbox for the next start."""
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
        drains = list(self._draining.values())
        if drains:
            await asyncio.wait(drains, timeout=grace)
        for task in [t for t in (self._task, *drains) if t is not None]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def flush(self) -> None:
        """Deliver everything that is due now, and return when it is done (tests, shutdown)."""
        while chats := await self.store.outbox.due_chats(self.clock()):
            for chat_id in chats:
                await self._drain(chat_id)
            if all(c in chats for c in await self.store.outbox.due_chats(self.clock())):
                break  # what is left was postponed by a failure during this round

    async def _run(self) -> None:
        outbox = self.store.outbox
        while True:
            self._wake.clear()
            for chat_id in await outbox.due_chats(self.clock(), bulk=False):  # every chat with a reply due
                if chat_id not in self._draining:
                    self._draining[chat_id] = asyncio.create_task(self._drain_then_wake(chat_id))
            room = self.bulk_lanes - len(self._bulk)
            if room > 0:  # the chats whose bulk calls have waited longest, a few at a time
                for chat_id in await outbox.due_chats(self.clock(), bulk=True, limit=room + len(self._draining)):
                    if chat_id not in self._draining and room > 0:
                        self._bulk.add(chat_id)
                        self._draining[chat_id] = asyncio.create_task(self._drain_then_wake(chat_id))
                        room -= 1
            soonest = [await outbox.next_due(bulk=False)] + ([await outbox.next_due(bulk=True)] if room > 0 else [])
            due = min((d for d in soonest if d is not None), default=None)
            wait = MAX_DELAY if due is None else max(0.05, (due - self.clock()).total_seconds())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), min(wait, MAX_DELAY))

    async def _drain_then_wake(self, chat_id: int) -> None:
        try:
            await self._drain(chat_id)
        except Exception:
            log.exception("the outbox of chat %s could not be sent", chat_id)
        finally:
            self._draining.pop(chat_id, None)
            self._bulk.discard(chat_id)
            self.wake()

    async def _drain(self, chat_id: int) -> None:
        """Send a chat's pending calls in order, one drain a chat at a time; stop at the first that must wait."""
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        async with lock:
            while not self._stopping and (rows := await self._pending(chat_id)):
                merge = False
                if chat_id < 0 and isinstance(rows[0].payload, Message):
                    merge = await self._group_turn(chat_id)
                    if merge:  # more may have queued while we waited for the group's budget
                        rows = await self._pending(chat_id)
                batch = _batch(rows) if merge and rows else rows[:1]
                if not batch or not await self._send(chat_id, batch):
                    break

    async def _pending(self, chat_id: int) -> list[Outgoing]:
        """A chat's pending calls still worth making: those past their own `stale_at` (a reminder about a day that is
        over) are dropped, and in a group those older than STALE_IN_GROUP."""
        while rows := await self.store.outbox.pending(chat_id):
            now = self.clock()
            late = [row for row in rows if row.stale_at is not None and row.stale_at <= now]
            if late:
                log.warning("chat %s: dropped unsent calls past their time: %d", chat_id, len(late))
                await self._settle(late, "failed", "stale")
                continue
            if chat_id > 0:
                return rows
            cutoff = now - STALE_IN_GROUP
            stale = [row for row in rows if row.created_at < cutoff]
            if not stale:
                return rows
            log.warning("group %s: dropped unsent calls older than %s: %d", chat_id, STALE_IN_GROUP, len(stale))
            await self._settle(stale, "failed", "stale")
        return []

    async def _group_turn(self, chat_id: int) -> bool:
        """Wait for the group's next 3-second turn; whether we had to (then what queued is merged)."""
        if self.group_spacing <= 0:
            return False
        limiter = self._groups.get(chat_id)
        if limiter is None:
            if len(self._groups) > 1000:  # forget the groups that are quiet now
                self._groups = {c: g for c, g in self._groups.items() if not g.has_capacity()}
            limiter = self._groups[chat_id] = AsyncLimiter(1, self.group_spacing)
        waited = not limiter.has_capacity()
        await limiter.acquire()
        return waited

    async def _send(self, chat_id: int, batch: list[Outgoing]) -> bool:
        """Make one call for the batch; whether the chat may go on to its next call."""
        head = batch[0]
        try:
            with bulk_calls(head.bulk):  # a bulk call makes way for replies at the pace (pacing.py)
                await self._call(chat_id, batch)
        except RetryAfter as error:
            self.telemetry.sent(SendOutcome.TOO_MANY)
            self.telemetry.retried()
            await self._postpone(head, error.retry_after, f"429: {error}")
            return False
        except Forbidden as error:  # the user blocked the bot (or never started it), or it left the group
            self.telemetry.sent(SendOutcome.BLOCKED)
            log.info("chat %s refuses messages (%s); dropping call %s", chat_id, error, head.id)
            await self._settle(batch, "failed", str(error))
            if chat_id > 0:
                await self._tell_unreachable(chat_id)
        except BadRequest as error:  # final: sending it again would be refused again
            self.telemetry.sent(SendOutcome.REFUSED)
            log.warning("Telegram refused call %s to chat %s: %s", head.id, chat_id, error)
            await self._settle(batch, "failed", str(error))
        except TelegramError as error:  # 5xx, resets, timeouts, anything else: worth another try
            self.telemetry.sent(SendOutcome.TIMEOUT if isinstance(error, TimedOut) else SendOutcome.SERVER)
            return await self._retry_later(head, error)
        else:
            now = self.clock()
            waited = [(now - row.created_at).total_seconds() for row in batch if not row.bulk]  # replies' only
            self.telemetry.sent(SendOutcome.OK, waited)
        return True

    async def _call(self, chat_id: int, batch: list[Outgoing]) -> None:
        """Make the one Bot API call of the batch, and settle it."""
        match batch[0].payload:
            case Acknowledgement() as answer:
                await self._answer(answer)
                await self._settle(batch)
            case InlineResults() as inline:
                await self._inline(inline)
                await self._settle(batch)
            case MenuButton() as menu:
                await self.bot.set_chat_menu_button(chat_id, MenuButtonWebApp(menu.label, WebAppInfo(menu.url)))
                await self._settle(batch)
            case Message() as message:
                await self._message(chat_id, message, batch)

    async def _tell_unreachable(self, chat_id: int) -> None:
        """Let the bot settle what waits on a user it cannot write to (a private duel), then send what it says."""
        if self.unreachable is None:
            return
        try:
            await self.unreachable(chat_id)
        except Exception:  # the sender goes on whatever the bot's side does
            log.exception("settling what waits on unreachable chat %s failed", chat_id)
        self.wake()

    async def _retry_later(self, head: Outgoing, error: TelegramError) -> bool:
        if self.clock() - head.created_at > GIVE_UP_AFTER:
            log.warning("giving up on call %s to chat %s after a day: %s", head.id, head.chat_id, error)
            await self._settle([head], "failed", str(error))
            return True
        delay = backoff(head.attempts)
        self.telemetry.retried()
        log.warning("call %s to chat %s failed (%s); trying again in %.1fs", head.id, head.chat_id, error, delay)
        await self._postpone(head, delay, str(error))
        return False

    async def _postpone(self, head: Outgoing, delay: float | timedelta, error: str) -> None:
        seconds = delay.total_seconds() if isinstance(delay, timedelta) else float(delay)
        await self.store.outbox.postpone(head.id, self.clock() + timedelta(seconds=seconds), error[:200])

    async def _settle(self, batch: list[Outgoing], status: str = "sent", error: str | None = None) -> None:
        async with self.store.transaction():
            await self.store.outbox.settle([row.id for row in batch], self.clock(), status, error)

    async def _answer(self, answer: Acknowledgement) -> None:
        try:
            await self.bot.answer_callback_query(answer.query, text=answer.text)
        except BadRequest as error:  # too old to answer (after a backlog): the move's replies still go out
            log.info("could not answer callback query %s: %s", answer.query, error)

    async def _inline(self, inline: InlineResults) -> None:
        try:
            await self.bot.answer_inline_query(
                inline.query,
                [article(result) for result in inline.results],
                cache_time=inline.cache_time,
                is_personal=inline.personal,
            )
        except BadRequest as error:
            if not expired(error):
                raise
            # the user has typed on or closed the list: an answer this late is of no use to anyone
            log.info("inline query %s was not answered in time: %s", inline.query, error)

    async def _message(self, chat_id: int, payload: Message, batch: list[Outgoing]) -> None:
        """Send (or edit in place) the batch's head message, with the plain messages merged behind it."""
        text = "\n".join(row.payload.text for row in batch if isinstance(row.payload, Message))
        parse_mode: str | None = ParseMode.HTML
        if len(text) > MAX_TEXT:  # views keep within the limit; this is the last guard, not the plan
            log.warning("call %s to chat %s was %d characters; sending it shortened", batch[0].id, chat_id, len(text))
            text, parse_mode = shorten(plain(text), MAX_TEXT), None
        buttons = markup(payload.buttons)
        board, of = payload.board, payload.board_of or BoardOf.GAME  # rows queued before matches had boards: games
        shown = await self.store.outbox.board(board, of) if board is not None else None
        target = payload.edit if board is None or payload.fresh else shown
        if target is not None and await self._edit(chat_id, target, text, parse_mode, buttons):
            await self._settle(batch)
            return
        effect = payload.effect if chat_id > 0 else None  # Telegram has effects in private chats only
        sent = await self.bot.send_message(  # in a forum, a message without its topic would land in General
            chat_id,
            text,
            parse_mode=parse_mode,
            reply_markup=buttons,
            message_effect_id=effect,
            message_thread_id=payload.topic,
        )
        async with self.store.transaction():
            await self.store.outbox.settle([row.id for row in batch], self.clock())
            if board is not None:
                await self.store.outbox.set_board(board, of, sent.message_id)
        if shown is not None and shown != sent.message_id:
            await self._strip(chat_id, shown, payload.tidy)

    async def _edit(
        self, chat_id: int, message_id: int, text: str, parse_mode: str | None, buttons: InlineKeyboardMarkup | None
    ) -> bool:
        """Edit a message in place; False if Telegram will not (deleted, too old), so it is sent anew."""
        try:
            await self.bot.edit_message_text(text, chat_id, message_id, parse_mode=parse_mode, reply_markup=buttons)
        except BadRequest as error:
            if "not modified" in str(error).lower():
                return True
            log.info("could not edit message %s in chat %s: %s", message_id, chat_id, error)
            return False
        return True

    async def _strip(self, chat_id: int, message_id: int, tidy: str | None = None) -> None:
        """Remove an old board's buttons so only the newest has them, and cut it down to `tidy` if given (best
        effort)."""
        try:
            if tidy:
                await self.bot.edit_message_text(tidy, chat_id, message_id, parse_mode=ParseMode.HTML)
            else:
                await self.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
        except TelegramError as error:
            if "not modified" not in str(error).lower():
                log.info("could not strip buttons of message %s: %s", message_id, error)


def _batch(rows: list[Outgoing]) -> list[Outgoing]:
    """The head row, with the plain messages queued behind it for the same forum topic when it is one too (a group
    catching up).

    Each topic reads as a chat of its own: another topic's messages are passed over (they wait for their own turn,
    and merge with their own topic's), and anything else that is no plain message ends the batch, so that no topic's
    messages change order.
    """
    head = rows[0]
    if not isinstance(head.payload, Message) or not head.payload.mergeable:
        return [head]
    topic = head.payload.topic
    batch, length = [head], len(head.payload.text)
    for row in rows[1:]:
        if isinstance(row.payload, Message) and row.payload.topic != topic:
            continue
        if not isinstance(row.payload, Message) or not row.payload.mergeable:  # a button's answer has no text
            break
        length += 1 + len(row.payload.text)
        if length > MAX_TEXT:
            break
        batch.append(row)
    return batch
