"""Turning an Outcome into outbox rows, inside the transaction of the move it is the reply to: what every transport
shares (Telegram's handlers, the match timers, the Mini App), owned by none of them."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.replies import BoardOf, Button, Notice, Offers, Outcome, Reply
from bot.store.calls import Acknowledgement, InlineResult, InlineResults, Message, StoredButton
from bot.store.store import Store
from bot.texts import plain, t

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


def acknowledgement(query_id: str, toast: str | None) -> Acknowledgement:
    """The outbox call that acknowledges a button press (with its toast, shortened to Telegram's limit)."""
    return Acknowledgement(query_id, None if toast is None else shorten(toast, MAX_TOAST))


def inline_payload(query_id: str, offers: Offers) -> InlineResults:
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
    return InlineResults(query_id, results, offers.cache_seconds, offers.personal)


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
    *,
    bulk: bool = False,
    stale_at: datetime | None = None,
) -> None:
    """Queue what the outcome says: the button press's acknowledgement first (query = (id, message id)), then the
    replies, in `topic` of the chat (a forum's topic the update came from) unless a reply names its own chat and
    topic; `bulk` replies are sent when no other reply waits, and dropped if unsent at `stale_at` (bot/store/outbox.py).
    """
    origin = None
    if query is not None:
        query_id, origin = query
        await store.outbox.add(chat_id, acknowledgement(query_id, outcome.toast), now, update_id)
    for reply in outcome.replies:
        there = (reply.chat_id, reply.topic) if reply.chat_id is not None else (chat_id, topic)
        payload = reply_payload(reply, origin, there[1])
        await store.outbox.add(there[0], payload, now, update_id, bulk=bulk, stale_at=stale_at)


async def tell(
    store: Store, notice: Notice, now: datetime, *, bulk: bool = False, stale_at: datetime | None = None
) -> None:
    """Queue what the bot says of its own accord, in the chat and topic the notice names: as a bulk call (a reminder,
    sent when no reply waits, dropped if unsent at `stale_at`) if told."""
    await post(store, notice.chat_id, notice.outcome, now, topic=notice.topic, bulk=bulk, stale_at=stale_at)


def with_board_button(outcome: Outcome, url: str, language: str) -> Outcome:
    """The outcome with the Mini App's button as the last row of every reply that shows a one-player game's board
    (not a versus match's: the page plays games; replies to a private chat only: Telegram refuses web_app buttons
    elsewhere)."""
    if not any(_game_board(reply) for reply in outcome.replies):
        return outcome
    button = Button(plain(t("app.button", language)), web_app=url)
    replies = tuple(
        replace(reply, buttons=(*reply.buttons, (button,))) if _game_board(reply) else reply
        for reply in outcome.replies
    )
    return replace(outcome, replies=replies)


def shows_game_board(outcome: Outcome) -> bool:
    """Whether a reply of the outcome shows a one-player game's board (which the Mini App's button goes under)."""
    return any(_game_board(reply) for reply in outcome.replies)


def _game_board(reply: Reply) -> bool:
    return reply.placement is not None and reply.placement.of == BoardOf.GAME
