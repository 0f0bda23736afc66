"""Turning an Outcome into outbox rows, inside the transaction of the move it answers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.models.calls import CallbackAnswer, InlineAnswer, InlineResult, Message, StoredButton
from bot.replies import Button, Notice, Offers, Outcome, Reply
from bot.services.ports import Clock
from bot.storage.store import Store

MAX_TEXT = 4096  # Telegram's limit on a message's text (after entities are parsed)
MAX_TOAST = 200  # a callback answer's text
MAX_TITLE = 100  # an inline result's title or description: more is cut off by the apps anyway


def reply_payload(reply: Reply, origin: int | None, topic: int | None = None) -> Message:
    """The outbox call of one reply; `origin` is the message whose button was pressed, if any, and `topic` the forum
    topic it goes to, if any."""
    placed = reply.placement
    return Message(
        text=str(reply.text),
        buttons=[[button_payload(b) for b in row] for row in reply.buttons if row],
        topic=topic,
        board=placed.owner_id if placed is not None else None,
        board_of=placed.of if placed is not None else None,
        fresh=placed is not None and not placed.in_place,
        edit=origin if reply.edit_origin else None,
        tidy=str(placed.tidy) if placed is not None and placed.tidy else None,
        effect=reply.effect,
    )


def button_payload(button: Button) -> StoredButton:
    """A button as stored: [label, data, url], and the inline query of a share button after them, or the Mini App's
    address of a web_app button after that."""
    stored: StoredButton = [button.label, button.data, button.url]
    if button.web_app is not None:
        return [*stored, button.share, button.web_app]
    return [*stored, button.share] if button.share is not None else stored


def answer_payload(query_id: str, toast: str | None) -> CallbackAnswer:
    """The outbox call that answers a button press (with its toast, shortened to Telegram's limit)."""
    return CallbackAnswer(query_id, None if toast is None else shorten(toast, MAX_TOAST))


def inline_payload(query_id: str, offers: Offers) -> InlineAnswer:
    """The outbox call that answers an inline query with these results."""
    results = tuple(
        InlineResult(
            id=a.id,
            title=shorten(a.title, MAX_TITLE),
            description=shorten(a.description, MAX_TITLE),
            text=str(a.text),
            buttons=[[button_payload(b) for b in row] for row in a.buttons if row],
        )
        for a in offers.articles
    )
    return InlineAnswer(query_id, results, offers.cache_seconds, offers.personal)


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def post(
    store: Store,
    chat_id: int,
    outcome: Outcome,
    now: datetime,
    update_id: int | None = None,
    query: tuple[str, int | None] | None = None,
    topic: int | None = None,
) -> None:
    """Queue what the outcome says: the button's answer first (query = (id, message id)), then the replies, in
    `topic` of the chat (a forum's topic the update came from) unless a reply names its own chat and topic."""
    origin = None
    if query is not None:
        query_id, origin = query
        await store.outbox.add(chat_id, answer_payload(query_id, outcome.toast), now, update_id)
    for reply in outcome.replies:
        there = (reply.chat_id, reply.topic) if reply.chat_id is not None else (chat_id, topic)
        await store.outbox.add(there[0], reply_payload(reply, origin, there[1]), now, update_id)


async def tell(store: Store, notice: Notice, now: datetime) -> None:
    """Queue what the bot says of its own accord, in the chat and topic the notice names."""
    await post(store, notice.chat_id, notice.outcome, now, topic=notice.topic)


async def apply_once(store: Store, now: Clock, update_id: int, work: Callable[[], Awaitable[None]]) -> bool:
    """Do an update's work (the Core's changes, its outbox rows) together with its inbox mark; False if the
    update was applied already (a second delivery has no second effect).

    A savepoint inside the intake's batch transaction (a transaction of its own elsewhere): if the work
    raises, this update's writes are undone and the others of the batch stay.
    """
    async with store.transaction.savepoint():
        # the mark first: one statement says whether the update was pending (the usual case) and marks it done;
        # if the work raises, the savepoint undoes the mark with the rest
        if not await store.inbox.finish(update_id, now()) and await store.inbox.status(update_id) in ("done", "failed"):
            return False
        await work()
    return True


async def answer(
    store: Store,
    now: Clock,
    update_id: int,
    chat_id: int,
    outcome_of: Callable[[], Awaitable[Outcome]],
    query: tuple[str, int | None] | None = None,
    topic: int | None = None,
) -> bool:
    """Run the Core for one update and queue its replies (in the update's forum topic, if any) with the update's
    inbox mark (`apply_once`)."""

    async def queue() -> None:
        await post(store, chat_id, await outcome_of(), now(), update_id, query, topic)

    return await apply_once(store, now, update_id, queue)
