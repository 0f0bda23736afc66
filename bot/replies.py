"""Transport-independent replies: text, inline buttons, and where the text goes (new, board, edit)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.texts import Html, plain


@dataclass(frozen=True)
class Button:
    """One inline button: the label shown (plain text) and the callback data sent back (<= 64 bytes)."""

    label: str
    data: str = ""
    url: str | None = None  # a link button (deep links into a private chat) instead of a callback
    share: str | None = None  # a button that lets the user pick any chat and type '@bot <share>' there (inline mode)
    web_app: str | None = None  # a button that opens this HTTPS address as a Mini App (private chats only)

    def __post_init__(self) -> None:
        # Telegram shows a label as it is, never as HTML, and so do the console and the page; a label is made from
        # the catalogues' texts, which are HTML ('Bulls &amp; Cows'): read here, once for every face, as what it says
        object.__setattr__(self, "label", plain(self.label))


Keyboard = tuple[tuple[Button, ...], ...]


class BoardOf(StrEnum):
    """Whose board a message shows: a one-player game's, or a match's (versus)."""

    GAME = "game"
    MATCH = "match"


@dataclass(frozen=True)
class Board:
    """The board a reply shows (a game's or a match's): edit `message_id` in place, or send anew and remember it."""

    game_id: int  # the game's id, or the match's (see `of`)
    message_id: int | None
    in_place: bool = True  # False: send a fresh board below and strip the old one's buttons
    tidy: Html | None = None  # with a fresh board: what the old one is cut down to (else it only loses its buttons)
    of: BoardOf = BoardOf.GAME  # whose board: a one-player game's, or a versus match's


@dataclass(frozen=True)
class Reply:
    """One message to show. Plain replies are sent as new messages."""

    text: Html
    buttons: Keyboard = ()
    board: Board | None = None
    edit_origin: bool = False  # replace the message whose button was pressed (settings)
    chat_id: int | None = None  # send to this chat instead of the one the update came from (duel announcements)
    topic: int | None = None  # with chat_id: the forum topic there (None: none, or General); else the update's own
    effect: str | None = None  # a message effect (confetti...) on a new message in a private chat; ignored elsewhere


@dataclass(frozen=True)
class Outcome:
    """What the bot does in answer to one update: replies in order, and a toast for a button press."""

    replies: tuple[Reply, ...] = ()
    toast: str | None = None

    @classmethod
    def say(cls, *replies: Reply, toast: str | None = None) -> Outcome:
        """An outcome of these replies."""
        return cls(tuple(replies), toast)

    @classmethod
    def text(cls, text: Html, buttons: Keyboard = ()) -> Outcome:
        """An outcome of one new message."""
        return cls((Reply(text, buttons),))


@dataclass(frozen=True)
class Notice:
    """What the bot says of its own accord (a match's timer went off, a chat refuses its messages), and where: a chat
    and, in a forum, the topic its match lives in."""

    chat_id: int
    outcome: Outcome
    topic: int | None = None


@dataclass(frozen=True)
class Article:
    """One result offered to an inline query: what the list shows (title, description) and the message it sends."""

    id: str  # unique within one answer, <= 64 bytes
    title: str  # plain text
    description: str  # plain text
    text: Html
    buttons: Keyboard = ()  # link buttons only: a press on a message sent inline comes from no chat to route by


@dataclass(frozen=True)
class Offers:
    """The answer to an inline query: the results in order, how long Telegram may keep them, and for whom."""

    articles: tuple[Article, ...]
    cache_seconds: int
    personal: bool = True  # results about the user who asked: never shown to anyone else
