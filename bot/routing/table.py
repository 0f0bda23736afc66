"""The routing table: which feature is asked first about a command, a plain message, a button press or a match's
timer.

Order matters. For each update the Core walks the matching table top to bottom and takes the first answer; a handler
that answers None passes the update on, and the last route of every table (features/fallback.py) always answers.
Deep links (t.me/<bot>?start=PAYLOAD) are turned into their commands, or handled, before any command route is asked.
"""

from __future__ import annotations

from bot import callback_data as cb
from bot.features import duel, fallback, guide, language, race, referee, scoreboard, settings, solo, streak, versus
from bot.features.duel import Duel
from bot.features.fallback import Fallback
from bot.features.guide import Guide
from bot.features.inline import Inline
from bot.features.language import Language
from bot.features.race import Race
from bot.features.referee import Referee
from bot.features.scoreboard import Scoreboard
from bot.features.settings import ChatSettings
from bot.features.solo import Solo
from bot.features.streak import Streak
from bot.features.versus import Versus
from bot.routing.routes import (
    ButtonHandler,
    Chats,
    Command,
    CommandHandler,
    DeadlineHandler,
    Route,
    TextHandler,
    menu,
    names,
)
from bot.services import links
from bot.services.deps import Deps

# Every command, for the menus and the README: each feature lists its own with their places in the menus.
COMMANDS: tuple[Command, ...] = (
    *solo.COMMANDS,
    *settings.COMMANDS,
    *versus.COMMANDS,
    *race.COMMANDS,
    *duel.COMMANDS,
    *scoreboard.COMMANDS,
    *streak.COMMANDS,
    *language.COMMANDS,
    *guide.COMMANDS,
)
PRIVATE_MENU = menu(COMMANDS, private=True)  # games first, then help
GROUP_MENU = menu(COMMANDS, private=False)
# Commands that work in groups only: in a private chat they are told where they work.
GROUP_ONLY = frozenset(c.name for c in COMMANDS if c.chats == Chats.GROUP)

# /start PAYLOAD that stands for the command PAYLOAD, in every chat
DEEP_LINK_COMMANDS = frozenset({*solo.DEEP_LINKS, *guide.DEEP_LINKS, *settings.DEEP_LINKS, *scoreboard.DEEP_LINKS})
# /start PAYLOAD in a group (t.me/<bot>?startgroup=PAYLOAD sends it when the bot is added) standing for a command
GROUP_DEEP_LINKS = {links.RACE_ME: "challenge"}
DUEL_LINK = links.DUEL_SECRET  # /start duel_<match> in a private chat: that duel's secret
DUEL_ME_LINK = links.DUEL_ME  # /start duelme_<user> in a private chat: a duel with that user


class Features:
    """Each feature bound to the services' dependencies (a feature holds nothing else: one of each will do)."""

    def __init__(self, deps: Deps) -> None:
        self.solo = Solo(deps)
        self.referee = Referee(deps)
        self.settings = ChatSettings(deps)
        self.race = Race(deps)
        self.duel = Duel(deps)
        self.versus = Versus(deps)
        self.scoreboard = Scoreboard(deps)
        self.streak = Streak(deps)
        self.language = Language(deps)
        self.inline = Inline(deps)
        self.guide = Guide(deps)
        self.fallback = Fallback(deps)


def command_routes(f: Features) -> tuple[Route[CommandHandler], ...]:
    """Who is asked about a command, first to last."""
    return (
        # a private duel answers /resign, /cancel, /giveup and holds /play, /think, /daily, /versus back
        Route(Chats.PRIVATE, f.duel.private_command, duel.PRIVATE_COMMANDS),
        # /versus; a versus game in progress answers /resign, /cancel, /giveup, /undo and holds /play, /think back
        Route(Chats.PRIVATE, f.versus.command, versus.PRIVATE_COMMANDS),
        Route(
            Chats.PRIVATE, f.fallback.group_only, GROUP_ONLY
        ),  # /challenge, /duel, /g, /stop in private: where they work
        Route(Chats.GROUP, f.race.command, race.GROUP_COMMANDS),  # /challenge; the race running in the topic
        Route(Chats.GROUP, f.duel.command, duel.GROUP_COMMANDS),  # /duel; the duel running in the topic
        Route(Chats.PRIVATE, f.referee.daily_command, referee.GUARDED),  # a daily under way: warn before it is spoiled
        Route(Chats.ANY, f.scoreboard.command, names(scoreboard.COMMANDS)),
        Route(Chats.ANY, f.streak.command, names(streak.COMMANDS)),
        Route(Chats.ANY, f.guide.command, names(guide.COMMANDS)),  # /help and /rules, a group's own help there
        Route(Chats.ANY, f.language.command, names(language.COMMANDS)),
        Route(Chats.ANY, f.settings.command, names(settings.COMMANDS)),  # a private chat's or a group's settings
        Route(Chats.PRIVATE, f.solo.command, names(solo.COMMANDS)),
        Route(Chats.GROUP, f.fallback.group_command),  # any other command in a group: one-player games are private
        Route(Chats.PRIVATE, f.fallback.private_command),  # an unknown command: /help
    )


def text_routes(f: Features) -> tuple[Route[TextHandler], ...]:
    """Who is asked about a plain message, first to last."""
    return (
        # a private duel's move, a group duel's secret being waited for
        Route(Chats.PRIVATE, f.duel.private_text, in_match=True),
        Route(Chats.PRIVATE, f.versus.text, in_match=True),  # a versus move
        Route(Chats.GROUP, f.race.text),  # a guess in the topic's race
        Route(Chats.GROUP, f.duel.text),  # a move in the topic's duel
        Route(Chats.PRIVATE, f.referee.daily_text),  # a typed "hint" or "give up" in a daily: warn first
        Route(Chats.PRIVATE, f.solo.text),  # a guess or an answer in a one-player game
        Route(Chats.GROUP, f.fallback.group_text),  # other group chatter: no reply
    )


def button_routes(f: Features) -> tuple[Route[ButtonHandler], ...]:
    """Who is asked about a button press, first to last."""
    return (
        Route(Chats.ANY, f.scoreboard.button, scoreboard.ACTIONS),
        Route(Chats.ANY, f.language.button, language.ACTIONS),
        Route(Chats.ANY, f.settings.button, settings.ACTIONS),
        Route(Chats.PRIVATE, f.settings.button, settings.OPEN),
        Route(Chats.ANY, f.versus.button, versus.ACTIONS),
        Route(Chats.ANY, f.duel.button, duel.ACTIONS),
        Route(Chats.ANY, f.race.button, race.ACTIONS),
        Route(Chats.ANY, f.fallback.match_button, fallback.MATCH_ACTIONS),  # its match gone, or not what it says
        Route(Chats.PRIVATE, f.referee.button, referee.ACTIONS),  # the referee's board, the daily's warnings
        Route(
            Chats.PRIVATE, f.referee.daily_new_game, frozenset({cb.NEW})
        ),  # a daily under way: warn before leaving it
        Route(Chats.PRIVATE, f.solo.button),
        Route(Chats.GROUP, f.fallback.group_button),  # one-player buttons are private
        Route(Chats.PRIVATE, f.fallback.private_button),  # an older board's
    )


def deadline_routes(f: Features) -> tuple[DeadlineHandler, ...]:
    """Who is asked about a match whose timer went off, first to last (each answers for its kind of match)."""
    return (f.race.on_deadline, f.duel.on_deadline)
