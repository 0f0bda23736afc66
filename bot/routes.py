"""What a feature declares (its commands, and the chats they work in) and what the table lists (routes)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from bot import callback_data as cb
from bot.deps import Deps
from bot.games.model import Mode
from bot.matches.model import Match
from bot.ports import Later
from bot.replies import Notice, Outcome
from bot.situation import Situation
from bot.who import Who


class Chats(StrEnum):
    """Which chats a command or a route is about."""

    PRIVATE = "private"
    GROUP = "group"
    ANY = "any"


@dataclass(frozen=True)
class Command:
    """A command a feature answers, and in which chats (the menus list them in bot/register.py)."""

    name: str
    chats: Chats


@dataclass(frozen=True)
class Sent:
    """What a person sends, as a face hands it to the Core: a command (its name, without the slash) and its
    arguments, a typed text, or a pressed button's callback data; exactly one of the three."""

    command: str | None = None
    args: str = ""
    text: str | None = None
    data: str | None = None


def names(commands: tuple[Command, ...], chats: Chats = Chats.ANY) -> frozenset[str]:
    """The names of the commands answered in these chats (Chats.ANY: all of them)."""
    return frozenset(c.name for c in commands if chats == Chats.ANY or c.chats in (chats, Chats.ANY))


# Every handler of every feature has one shape: the situation the update found (who sent it, the language to answer
# in, the chat's settings, and its game or match, read once: bot/situation.py) and what came (a command and
# its arguments, a message's text, a pressed button's data); it answers with an Outcome, or with None for "not mine",
# and the table then asks the next route. None is part of the shape, not an exception to it: whether an update is a
# feature's often depends on the state (a race running in the topic, a daily under way), and a handler that may
# decline can be moved up or down the table without changing its type. The last route of every table
# (features/fallback.py) always answers.
CommandHandler = Callable[[Situation, str, str], Awaitable[Outcome | None]]  # situation, command, args
TextHandler = Callable[[Situation, str], Awaitable[Outcome | None]]  # situation, text
ButtonHandler = Callable[[Situation, cb.Callback], Awaitable[Outcome | None]]  # situation, pressed
# An answer an update promised for later is due (bot/ports.py's Later): the Outcome to give it.
LaterHandler = Callable[[Situation, Later], Awaitable[Outcome]]
# A match's timer went off: what to tell its chat, or None ("not mine", or nothing is due).
DeadlineHandler = Callable[[Match], Awaitable[Notice | None]]

Handler = TypeVar("Handler")  # one of the three above


class Feature:
    """A feature: the handlers of one part of the bot, bound to the services' dependencies. Its handlers call
    services (never a repository) and render the results with its views; its module declares its COMMANDS (with
    their places in the menus) and the button actions it answers, and the table (bot/register.py) routes them."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps


@dataclass(frozen=True)
class Route(Generic[Handler]):
    """One line of the table: in which chats, about which commands or button actions (None: all), who answers, and
    whether only while a match is on, or a one-player game of one mode."""

    chats: Chats
    handler: Handler
    only: frozenset[str] | None = None
    # asked only while the person plays a match (in this chat, or with them among its players): the situation asks
    # the store once for all such routes of an update, so a plain message costs one statement here, not one a feature
    in_match: bool = False
    # asked only while a one-player game of this mode runs in the chat (the situation reads it once an update)
    game: Mode | None = None

    def asks(self, who: Who, key: str = "") -> bool:
        """Whether this route is asked about `key` (a command or a button action) from this chat."""
        if self.chats != Chats.ANY and (self.chats == Chats.PRIVATE) != who.private:
            return False
        return self.only is None or key in self.only
