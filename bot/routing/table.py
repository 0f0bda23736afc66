"""The routing table: which feature is asked first about a command, a plain message or a button press.

Order matters. For each update the Core walks the matching table top to bottom and takes the first
answer; a handler that answers None passes the update on. Deep links (t.me/<bot>?start=PAYLOAD) are turned
into their commands, or handled, before any command route is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import callbacks as cb
from bot.features import language, matches, referee, scoreboard, solo
from bot.features.inline import Inline
from bot.features.language import Language
from bot.features.matches import Matches
from bot.features.referee import Referee
from bot.features.scoreboard import Scoreboard
from bot.features.solo import Solo
from bot.routing.routes import (
    ANY,
    GROUP,
    PRIVATE,
    ButtonHandler,
    Command,
    CommandHandler,
    Route,
    TextHandler,
    menu,
    names,
)
from bot.services.deps import Deps

# Every command, for the menus: each feature lists its own with their places in the menus.
COMMANDS: tuple[Command, ...] = (*solo.COMMANDS, *matches.COMMANDS, *scoreboard.COMMANDS, *language.COMMANDS)
PRIVATE_MENU = menu(COMMANDS, private=True)  # games first, then help
GROUP_MENU = menu(COMMANDS, private=False)

# /start PAYLOAD that stands for the command PAYLOAD, in every chat
DEEP_LINK_COMMANDS = frozenset({*solo.DEEP_LINKS, *scoreboard.DEEP_LINKS})
# /start PAYLOAD in a group (t.me/<bot>?startgroup=PAYLOAD sends it when the bot is added) standing for a command
GROUP_DEEP_LINKS = matches.GROUP_DEEP_LINKS
DUEL_LINK = matches.DUEL_PAYLOAD  # /start duel_<match> in a private chat: that duel's secret
DUEL_ME_LINK = matches.DUEL_ME_PAYLOAD  # /start duelme_<user> in a private chat: a duel with that user


@dataclass(frozen=True)
class Features:
    """Each feature bound to the services' dependencies."""

    solo: Solo
    matches: Matches
    scoreboard: Scoreboard
    language: Language
    inline: Inline
    referee: Referee

    @classmethod
    def on(cls, deps: Deps) -> Features:
        """Every feature on these dependencies."""
        return cls(Solo(deps), Matches(deps), Scoreboard(deps), Language(deps), Inline(deps), Referee(deps))


def command_routes(f: Features) -> tuple[Route[CommandHandler], ...]:
    """Who is asked about a command, first to last."""
    return (
        # a versus game in progress answers /resign, /cancel, /giveup and holds /play, /think, /daily back
        Route(PRIVATE, f.matches.private_command, matches.PRIVATE_COMMANDS),
        Route(GROUP, f.matches.group_command, matches.GROUP_COMMANDS),
        Route(PRIVATE, f.referee.daily_command, referee.GUARDED),  # a daily under way: warn before it is spoiled
        Route(ANY, f.scoreboard.command, names(scoreboard.COMMANDS)),
        Route(ANY, f.language.command, names(language.COMMANDS)),
        Route(GROUP, f.solo.group_settings, frozenset({"settings"})),  # the group's game and match defaults
        Route(GROUP, f.solo.group_note),  # any other command in a group: one-player games are private
        Route(PRIVATE, f.solo.command),  # last: it answers unknown commands too
    )


def text_routes(f: Features) -> tuple[Route[TextHandler], ...]:
    """Who is asked about a plain message, first to last."""
    return (
        Route(PRIVATE, f.matches.private_text),  # a private duel's move, a duel secret being waited for, a versus move
        Route(GROUP, f.matches.group_text),  # a guess in the group's race or duel
        Route(GROUP, f.solo.group_text),  # other group chatter: no reply
        Route(PRIVATE, f.referee.daily_text),  # a typed "hint" or "give up" in a daily: warn first
        Route(PRIVATE, f.solo.text),  # a guess or an answer in a one-player game
    )


def button_routes(f: Features) -> tuple[Route[ButtonHandler], ...]:
    """Who is asked about a button press, first to last."""
    return (
        Route(ANY, f.scoreboard.button, scoreboard.ACTIONS),
        Route(ANY, f.language.button, language.ACTIONS),
        Route(ANY, f.matches.button, frozenset({cb.MATCH, cb.REMATCH})),
        Route(PRIVATE, f.referee.button, referee.ACTIONS),  # the referee's board, the daily's warnings
        Route(PRIVATE, f.referee.daily_new_game, frozenset({cb.NEW})),  # a daily under way: warn before leaving it
        Route(GROUP, f.solo.group_button),  # one-player buttons are private
        Route(PRIVATE, f.solo.button),
    )
