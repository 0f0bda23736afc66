"""Transport-independent replies: text, inline buttons, and where the text goes (new, a board's placement, edit)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.boards.model import Board, Choice, MatchBoard
from bot.refusal import Refusal
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
    """Whose board a message shows: a one-player game's, a match's (versus), or a Puzzle Racer's standings."""

    GAME = "game"
    MATCH = "match"
    RACER = "racer"


@dataclass(frozen=True)
class Placement:
    """Where a reply that shows a game's, a match's or a Racer's board goes: over the message that shows that board
    now (in place), or sent fresh below it, the old message then cut down to `tidy` (else only stripped of its
    buttons). Exactly one of `game_id`, `match_id` and `racer_id` is set."""

    game_id: int | None = None
    match_id: int | None = None
    in_place: bool = True  # False: send a fresh board below and strip the old one's buttons
    tidy: Html | None = None  # with a fresh board: what the old one is cut down to (else it only loses its buttons)
    racer_id: int | None = None  # a Puzzle Racer's standings (bot/storm/), one message in its group

    @property
    def of(self) -> BoardOf:
        """Whose board the reply shows: a one-player game's, a match's, or a Racer's."""
        if self.racer_id is not None:
            return BoardOf.RACER
        return BoardOf.GAME if self.match_id is None else BoardOf.MATCH

    @property
    def owner_id(self) -> int:
        """The id of the game, the match or the Racer whose board the reply shows."""
        owner = self.racer_id if self.racer_id is not None else self.game_id if self.match_id is None else self.match_id
        assert owner is not None
        return owner


@dataclass(frozen=True)
class Reply:
    """One message to show. Plain replies are sent as new messages."""

    text: Html
    buttons: Keyboard = ()
    placement: Placement | None = None  # a board's reply: where it goes (see Placement); None: a new message
    edit_origin: bool = False  # replace the message whose button was pressed (settings)
    chat_id: int | None = None  # send to this chat instead of the one the update came from (duel announcements)
    topic: int | None = None  # with chat_id: the forum topic there (None: none, or General); else the update's own
    effect: str | None = None  # a message effect (confetti...) on a new message in a private chat; ignored elsewhere
    # the message that shows the Account's screen (a ranked game's two games, after the board): the page, drawing the
    # screen itself, leaves out these and sends the rest (the board); when none is marked, it leaves out every reply
    shows_screen: bool = False


class Did(StrEnum):
    """What an update did to the game it was about."""

    MADE = "made"  # a move was made: the game changed (started, moved, ended)
    REFUSED = "refused"  # nothing changed, and why is a Refusal (a code tried before, a stale button...)
    ASKED = "asked"  # nothing changed yet: a question first (abandon the running game? spoil the daily?)
    SHOWN = "shown"  # nothing changed: something was shown (the board another way, a message, a list)


class Screen:
    """What a feature shows that is no game's board (a puzzle, the day's puzzle board; a Puzzle Storm run, its
    boards; a ranked game's two games side by side, a league's table): the feature's model of it, built once, typed
    values with their texts in the player's language. The kernel only carries it in an Account; each face draws it
    by its type: the chat from the feature's screens module, the Mini App through the page face the feature lists
    in the register (`page_faces`: its `page.py` turns it into a `FeatureScreen` struct of bot/page/schema.py)."""


@dataclass(frozen=True)
class Account:
    """What an update did, typed, beside its replies, for a face that does not read the chat's messages (the Mini
    App): made, refused (and why), asked, or shown; what the player is told (a refusal, a question, a message), a
    question's choices, and what it shows: the board(s) after it (the game's new board, or the board shown another
    way; a versus game's is its match board), or a screen of a feature's own (a puzzle's), as the page draws it."""

    did: Did = Did.SHOWN
    refusal: Refusal | None = None
    notice: Html | None = None
    choices: tuple[Choice, ...] = ()
    boards: tuple[Board, ...] = ()
    match_board: MatchBoard | None = None  # a versus game's, after the move or shown another way
    achieved: tuple[Html, ...] = ()  # the announcements of what the update earned, in its chat (achievements)
    screen: Screen | None = None  # a feature's own screen, its model (a puzzle's, a Storm run's, a ranked game's...)


@dataclass(frozen=True)
class Outcome:
    """What the bot does in answer to one update: replies in order, a toast for a button press, and what it did."""

    replies: tuple[Reply, ...] = ()
    toast: str | None = None
    account: Account = field(default_factory=Account)
    # the language it was answered in (the Core sets it from the situation the update found, unless the update chose
    # another: /language): what a transport adds to it (the Mini App's button) is in the same language, without
    # reading the situation again
    language: str | None = None

    @classmethod
    def say(cls, *replies: Reply, toast: str | None = None, account: Account | None = None) -> Outcome:
        """An outcome of these replies."""
        return cls(tuple(replies), toast, account or Account())

    @classmethod
    def text(cls, text: Html, buttons: Keyboard = ()) -> Outcome:
        """An outcome of one new message (shown: what the message says is the notice)."""
        return cls((Reply(text, buttons),), account=Account(notice=text))

    @classmethod
    def refused(cls, refusal: Refusal, text: Html, *, toast: bool = False) -> Outcome:
        """Nothing changed, and `refusal` says why: `text` as a message (or as a button's toast)."""
        account = Account(Did.REFUSED, refusal, text)
        return cls(toast=text, account=account) if toast else cls((Reply(text),), account=account)

    def then(self, *replies: Reply) -> Outcome:
        """This outcome with more replies after its own (what it did unchanged)."""
        return replace(self, replies=(*self.replies, *replies))


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
