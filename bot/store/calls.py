"""What the outbox holds: one Bot API call a row, typed, and its JSON as stored.

A row's payload is a `Message` to send (or to edit in place), the `Acknowledgement` of a button press, the
`InlineResults` offered to an inline query, or a `MenuButton` for a private chat. They are written as JSON objects
whose "kind" says which (see bot/store/outbox.py for the keys), and read back into these types; a key an older row
lacks takes its default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.replies import BoardOf

# A button as stored: [label, data, url], then the inline query of a share button, then the Mini App's address of a
# web_app button (see bot/outgoing.py, button_payload).
StoredButton = list[str | None]
StoredKeyboard = list[list[StoredButton]]


@dataclass(frozen=True)
class Message:
    """Send a message in the chat (in the forum topic `topic`, unless None), or edit one in place: `board` is the game
    (with `board_of` MATCH, the match) whose board message it shows, resolved when it is sent; `fresh` sends the board
    anew below; `edit` is a message it replaces; `tidy` what a fresh board's predecessor is cut down to; `effect` a
    message effect (private chats)."""

    text: str
    buttons: StoredKeyboard = field(default_factory=list)
    topic: int | None = None
    board: int | None = None
    board_of: BoardOf | None = None
    fresh: bool = False
    edit: int | None = None
    tidy: str | None = None
    effect: str | None = None

    @property
    def mergeable(self) -> bool:
        """Whether it is a plain new message that can share one message with its neighbours."""
        return not (self.buttons or self.board is not None or self.edit is not None)


@dataclass(frozen=True)
class Acknowledgement:
    """Acknowledge a button press (`query` its id: answerCallbackQuery), with a toast when `text` is set."""

    query: str
    text: str | None = None


@dataclass(frozen=True)
class InlineResult:
    """One result of an inline answer: what the list shows (title, description), the HTML message it sends."""

    id: str
    title: str
    description: str
    text: str
    buttons: StoredKeyboard = field(default_factory=list)


@dataclass(frozen=True)
class InlineResults:
    """The results offered to an inline query (`query` its id), cached by Telegram for `cache_time` seconds."""

    query: str
    results: tuple[InlineResult, ...]
    cache_time: int
    personal: bool = True


@dataclass(frozen=True)
class MenuButton:
    """Put the Mini App at `url` behind the chat's menu button, labelled `label` (in the chat's language)."""

    label: str
    url: str


Call = Message | Acknowledgement | InlineResults | MenuButton


class CallKind(StrEnum):
    """Which call an outbox row holds (the words stored as its JSON's "kind")."""

    MESSAGE = "message"
    ANSWER = "answer"  # a button press's acknowledgement
    INLINE = "inline"
    MENU = "menu"


KINDS: dict[type[Call], CallKind] = {
    Message: CallKind.MESSAGE,
    Acknowledgement: CallKind.ANSWER,
    InlineResults: CallKind.INLINE,
    MenuButton: CallKind.MENU,
}


def as_json(call: Call) -> dict[str, Any]:
    """The JSON object a call is stored as: its "kind" and its fields."""
    if isinstance(call, InlineResults):
        return {"kind": KINDS[InlineResults], **vars(call), "results": [vars(result) for result in call.results]}
    return {"kind": KINDS[type(call)], **vars(call)}


def from_json(data: dict[str, Any]) -> Call:
    """The call a stored JSON object describes (a key an older row lacks takes its default)."""
    kind = data.get("kind")
    if kind == CallKind.ANSWER:
        return Acknowledgement(str(data["query"]), data.get("text"))
    if kind == CallKind.MENU:
        return MenuButton(str(data["label"]), str(data["url"]))
    if kind == CallKind.INLINE:
        results = tuple(InlineResult(**result) for result in data.get("results", ()))
        cache_time, personal = int(data.get("cache_time", 0)), bool(data.get("personal", True))
        return InlineResults(str(data["query"]), results, cache_time, personal)
    if kind != CallKind.MESSAGE:
        raise ValueError(f"an outbox row of no known kind: {kind!r}")
    of = data.get("board_of")
    return Message(
        text=str(data["text"]),
        buttons=data.get("buttons") or [],
        topic=data.get("topic"),
        board=data.get("board"),
        board_of=BoardOf(of) if of else None,
        fresh=bool(data.get("fresh", False)),
        edit=data.get("edit"),
        tidy=data.get("tidy"),
        effect=data.get("effect"),
    )
