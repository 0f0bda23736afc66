"""The register: the one list of features (their commands, routes, handlers of events and timers) the kernel
knows, and the routing table: which feature is asked first about a command, a plain message, a button press or a match's
timer, and the order of the command menus.

Order matters. For each update the Core walks the matching table top to bottom and takes the first answer; a handler
that answers None passes the update on, and the last route of every table (features/fallback.py) always answers. A
route may be asked only while the person plays a match (`in_match`), or while a one-player game of one mode runs in
the chat (`game`): the situation the update found (bot/situation.py) says, read once. Deep links
(t.me/<bot>?start=PAYLOAD) are turned into their commands, or handled, before any command route is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from bot import callback_data as cb
from bot import links
from bot.achievements import service as achievement_service
from bot.achievements.routes import Achievements
from bot.config import Config
from bot.daily import guard as daily_guard
from bot.daily import page as daily_page
from bot.daily import service as daily_service
from bot.daily.close import close_days, on_days_closing
from bot.daily.guard import DailyGuard
from bot.deps import Deps
from bot.duel import routes as duel
from bot.duel.routes import Duel
from bot.events import (
    ChatUnreachable,
    DailySolved,
    DayPuzzleSolved,
    DaysClosing,
    Events,
    GameFinished,
    Journal,
    MatchClosed,
    PuzzleRated,
    RankedFinished,
    ReviewShown,
)
from bot.games.model import Mode
from bot.guide import fallback
from bot.guide import routes as guide
from bot.guide.fallback import Fallback
from bot.guide.routes import Guide
from bot.inline.routes import Inline
from bot.language import routes as language
from bot.language.routes import Language
from bot.league import page as league_page
from bot.league import routes as league
from bot.league import service as league_service
from bot.league.close import close_weeks
from bot.league.routes import League
from bot.league.screens import LeagueTable
from bot.matches.model import MatchKind
from bot.page.faces import PageFaces, ScreenFace
from bot.play import coach_page as referee_page
from bot.play import routes as referee
from bot.play import start as games
from bot.play.routes import Referee
from bot.play.start import Games
from bot.puzzles import page as puzzle_page
from bot.puzzles import routes as puzzle
from bot.puzzles.board import DayBoard, PuzzleBoard
from bot.puzzles.routes import Puzzles
from bot.puzzles.stock import restock
from bot.race import routes as race
from bot.race.routes import Race
from bot.ranked import page as ranked_page
from bot.ranked import routes as ranked
from bot.ranked import service as ranked_service
from bot.ranked.routes import Ranked
from bot.ranked.screens import History, MarkSet, RankedStart, SideBySide
from bot.records import page as records_page
from bot.records import ratings, streak
from bot.records import routes as scoreboard
from bot.records.routes import Scoreboard
from bot.records.stats import prune_periods
from bot.records.streak import Streak
from bot.reminders import kinds as reminder
from bot.reminders import service as reminders
from bot.reminders import words as reminder_buttons
from bot.reminders.routes import Reminders
from bot.replies import Outcome
from bot.review import routes as review
from bot.review import routes as review_routes
from bot.review import tab as review_tab
from bot.review.routes import Review
from bot.routes import (
    ButtonHandler,
    Chats,
    Command,
    CommandHandler,
    DeadlineHandler,
    LaterHandler,
    Route,
    TextHandler,
    names,
)
from bot.schedule import Timer, after_midnight, every, hourly, weekly
from bot.settings import routes as settings
from bot.settings.routes import ChatSettings
from bot.store.store import Store
from bot.storm import page as storm_page
from bot.storm import routes as storm
from bot.storm import timer as storm_clock
from bot.storm.board import BoardsScreen, RunScreen
from bot.storm.routes import Storm
from bot.think import page as guesser_page
from bot.think import routes as guesser
from bot.think.routes import Guesser
from bot.versus import page as versus_page
from bot.versus import routes as versus
from bot.versus.routes import Versus

if TYPE_CHECKING:
    from bot.core import Core

HOURLY = timedelta(hours=1)
STOCK_EVERY, STOCK_FIRST = timedelta(minutes=10), timedelta(seconds=20)  # the puzzles' stock: looked at this often

# Every command, for the README and the chats each works in: each feature lists its own.
COMMANDS: tuple[Command, ...] = (
    *games.COMMANDS,
    *referee.COMMANDS,
    *guesser.COMMANDS,
    *settings.COMMANDS,
    *versus.COMMANDS,
    *race.COMMANDS,
    *duel.COMMANDS,
    *scoreboard.COMMANDS,
    *streak.COMMANDS,
    *review.COMMANDS,
    *puzzle.COMMANDS,
    *ranked.COMMANDS,
    *league.COMMANDS,
    *storm.COMMANDS,
    *language.COMMANDS,
    *guide.COMMANDS,
)
# The command menus (setMyCommands), in their order: games first, then help. A command not listed is still answered.
PRIVATE_MENU = (
    "start",
    "play",
    "think",
    "versus",
    "daily",
    "ranked",
    "league",
    "puzzle",
    "storm",
    "hint",
    "giveup",
    "undo",
    "reveal",
    "resign",
    "settings",
    "top",
    "stats",
    "streak",
    "review",
    "rules",
    "help",
    "cancel",
    "language",
)
GROUP_MENU = (
    "challenge",
    "g",
    "duel",
    "stop",
    "resign",
    "daily",
    "puzzle",
    "storm",
    "top",
    "stats",
    "streak",
    "start",
    "help",
    "rules",
    "language",
    "settings",
)
# Commands that work in groups only: in a private chat they are told where they work.
GROUP_ONLY = frozenset(c.name for c in COMMANDS if c.chats == Chats.GROUP)

# /start PAYLOAD that stands for the command PAYLOAD, in every chat
DEEP_LINK_COMMANDS = frozenset(
    {
        *games.DEEP_LINKS,
        *guide.DEEP_LINKS,
        *settings.DEEP_LINKS,
        *scoreboard.DEEP_LINKS,
        *puzzle.DEEP_LINKS,
        *storm.DEEP_LINKS,
    }
)
# /start PAYLOAD in a group (t.me/<bot>?startgroup=PAYLOAD sends it when the bot is added) standing for a command
GROUP_DEEP_LINKS = {links.RACE_ME: "challenge"}
DUEL_LINK = links.DUEL_SECRET  # /start duel_<match> in a private chat: that duel's secret
DUEL_ME_LINK = links.DUEL_ME  # /start duelme_<user> in a private chat: a duel with that user
REVIEW_LINK = review.LINK  # /start review_<match> in a private chat: the review of one's guesses in that match


def reminder_kinds() -> tuple[reminder.ReminderKind, ...]:
    """The kinds of reminder players may switch on (bot/reminders/kinds.py), in the order the panel shows them and a
    player's two a day go to them: a streak about to end first, the week's end before a day's puzzle. A feature adds
    its own here: a polled kind (the league's, from its players' places), or a told one (ranked, with its event's
    handler in `listen`)."""
    return (reminder.STREAKS, reminder.league_kind(league_service.places), reminder.NEW_PUZZLE, reminder.RANKED)


class Features:
    """Each feature bound to the services' dependencies (a feature holds nothing else: one of each will do)."""

    def __init__(self, deps: Deps) -> None:
        self.games = Games(deps)
        self.referee = Referee(deps)
        self.guesser = Guesser(deps)
        self.daily_guard = DailyGuard(deps)
        self.settings = ChatSettings(deps)
        self.race = Race(deps)
        self.duel = Duel(deps)
        self.versus = Versus(deps)
        self.scoreboard = Scoreboard(deps)
        self.streak = Streak(deps)
        self.review = Review(deps)
        self.puzzle = Puzzles(deps)
        self.ranked = Ranked(deps)
        self.league = League(deps)
        self.storm = Storm(deps)
        self.language = Language(deps)
        self.inline = Inline(deps)
        self.guide = Guide(deps)
        self.fallback = Fallback(deps)
        self.reminders = Reminders(deps, reminder_kinds())
        self.achievements = Achievements(deps)  # asked by the Core after every answered update, not by a route

    async def announced(self, outcome: Outcome, journal: Journal, chat_id: int, language: str) -> Outcome:
        """The update's outcome with what its journal says it earned announced (achievements)."""
        return await self.achievements.announced(outcome, journal, chat_id, language)


def listen(events: Events, f: Features) -> None:
    """Who answers each event, in order: a closed match is rated, then awarded; a daily solved cleanly is weighed
    against the day's par (the daily), then awarded; a ranked game's end rates its secret's players (which the league
    hears of), and the league counts the games it scores."""
    events.on(MatchClosed, ratings.on_match_closed)
    events.on(GameFinished, achievement_service.on_game_finished)
    events.on(GameFinished, daily_service.on_game_finished)
    events.on(DailySolved, achievement_service.on_daily_solved)
    events.on(GameFinished, ranked_service.on_game_finished)
    events.on(GameFinished, league_service.on_game_finished)
    events.on(RankedFinished, league_service.on_ranked_finished)
    events.on(MatchClosed, achievement_service.on_match_closed)
    events.on(DaysClosing, on_days_closing)
    events.on(PuzzleRated, achievement_service.on_puzzle_rated)
    events.on(PuzzleRated, league_service.on_puzzle_rated)
    events.on(DayPuzzleSolved, achievement_service.on_day_puzzle_solved)
    events.on(DayPuzzleSolved, league_service.on_day_puzzle_solved)
    events.on(ReviewShown, achievement_service.on_review_shown)
    events.on(RankedFinished, reminders.on_ranked_finished)  # a mark beaten: its setter told, if they asked
    # a chat that refuses the bot (403): a private duel there is called off, its player leaves a Racer, and their
    # reminders are switched off
    events.on(ChatUnreachable, lambda deps, e: f.duel.on_unreachable(e.chat_id))
    events.on(ChatUnreachable, lambda deps, e: f.storm.on_unreachable(e.chat_id))
    events.on(ChatUnreachable, reminders.on_unreachable)


def command_routes(f: Features) -> tuple[Route[CommandHandler], ...]:
    """Who is asked about a command, first to last."""
    referee_game, guesser_game = Mode.REFEREE, Mode.GUESSER
    return (
        # a private duel answers /resign, /cancel, /giveup and holds /play, /think, /daily, /versus back
        Route(Chats.PRIVATE, f.duel.private_command, duel.PRIVATE_COMMANDS, in_match=True),
        Route(Chats.PRIVATE, f.versus.command, versus.STARTING),  # /versus; /resign, with a versus game or none
        # a versus game in progress answers /cancel, /giveup, /undo and holds /play, /think back
        Route(Chats.PRIVATE, f.versus.running_command, versus.RUNNING_COMMANDS, in_match=True),
        # /challenge, /duel, /g, /stop in private: where they work
        Route(Chats.PRIVATE, f.fallback.group_only, GROUP_ONLY),
        Route(Chats.GROUP, f.race.command, race.GROUP_COMMANDS),  # /challenge; the race running in the topic
        Route(Chats.GROUP, f.duel.command, duel.GROUP_COMMANDS),  # /duel; the duel running in the topic
        Route(Chats.PRIVATE, f.daily_guard.command, daily_guard.GUARDED),  # a daily: warn before it is spoiled
        # a ranked game: /hint taken, /giveup and /cancel asked first (a ranked game given up is lost)
        Route(Chats.PRIVATE, f.ranked.running_command, ranked.GUARDED, game=referee_game),
        Route(Chats.PRIVATE, f.ranked.command, names(ranked.COMMANDS)),  # /ranked: a ranked game, or the one on
        Route(Chats.ANY, f.league.command, names(league.COMMANDS)),  # /league: the asker's division this week
        Route(Chats.ANY, f.scoreboard.command, names(scoreboard.COMMANDS)),
        Route(Chats.ANY, f.streak.command, names(streak.COMMANDS)),
        Route(Chats.PRIVATE, f.review.command, names(review.COMMANDS)),  # /review: the last game, move by move
        Route(Chats.ANY, f.puzzle.command, names(puzzle.COMMANDS)),  # in private and in a group
        Route(Chats.ANY, f.storm.command, names(storm.COMMANDS)),  # a run in private, a Racer in a group
        Route(Chats.ANY, f.guide.command, names(guide.COMMANDS)),  # /help and /rules, a group's own help there
        Route(Chats.ANY, f.language.command, names(language.COMMANDS)),
        Route(Chats.ANY, f.settings.command, names(settings.COMMANDS)),  # a private chat's or a group's settings
        Route(Chats.PRIVATE, f.games.command, names(games.COMMANDS)),  # /start, /play, /think, /cancel
        Route(Chats.PRIVATE, f.referee.command, names(referee.COMMANDS), game=referee_game),  # /hint, /giveup
        Route(Chats.PRIVATE, f.guesser.undo, frozenset({"undo"}), game=guesser_game),
        Route(Chats.PRIVATE, f.guesser.reveal, frozenset({"reveal"})),  # the running game's, or the latest
        Route(Chats.PRIVATE, f.games.no_game, frozenset({"hint", "giveup", "undo"})),  # no such game runs here
        Route(Chats.GROUP, f.fallback.group_command),  # any other command in a group: one-player games are private
        Route(Chats.PRIVATE, f.fallback.private_command),  # an unknown command: /help
    )


def text_routes(f: Features) -> tuple[Route[TextHandler], ...]:
    """Who is asked about a plain message, first to last."""
    return (
        # a private duel's move, a group duel's secret being waited for
        Route(Chats.PRIVATE, f.duel.private_text, in_match=True),
        Route(Chats.PRIVATE, f.versus.text, in_match=True),  # a versus move
        Route(Chats.PRIVATE, f.storm.text),  # an open Storm run takes what is typed (a game waits for its end)
        Route(Chats.GROUP, f.race.text),  # a guess in the topic's race
        Route(Chats.GROUP, f.duel.text),  # a move in the topic's duel
        Route(Chats.PRIVATE, f.daily_guard.text),  # a typed "hint" or "give up" in a daily: warn first
        Route(Chats.PRIVATE, f.ranked.text, game=Mode.REFEREE),  # a guess in a ranked game
        Route(Chats.PRIVATE, f.referee.text, game=Mode.REFEREE),  # a guess
        Route(Chats.PRIVATE, f.guesser.text, game=Mode.GUESSER),  # an answer to the bot's guess
        Route(Chats.PRIVATE, f.puzzle.text),  # no game: the answer to the puzzle being solved, if one is
        Route(Chats.PRIVATE, f.games.no_game_text),  # no game: how to start one
        Route(Chats.GROUP, f.puzzle.group_text),  # an answer to the day's puzzle posted in the group today
        Route(Chats.GROUP, f.fallback.group_text),  # other group chatter: no reply
    )


def button_routes(f: Features) -> tuple[Route[ButtonHandler], ...]:
    """Who is asked about a button press, first to last."""
    return (
        Route(Chats.ANY, f.scoreboard.button, scoreboard.ACTIONS),
        Route(Chats.ANY, f.puzzle.button, puzzle.ACTIONS),
        Route(Chats.ANY, f.league.button, league.ACTIONS),  # the league table's refresh
        Route(Chats.PRIVATE, f.ranked.button, ranked.ACTIONS),  # the ranked screens' buttons
        Route(Chats.ANY, f.storm.button, storm.ACTIONS),
        Route(Chats.ANY, f.language.button, language.ACTIONS),
        Route(Chats.ANY, f.settings.button, settings.ACTIONS),
        Route(Chats.PRIVATE, f.settings.button, settings.OPEN),
        Route(Chats.PRIVATE, f.reminders.button, reminder_buttons.ACTIONS),  # the reminders' panel, their off button
        Route(Chats.PRIVATE, f.review.button, review.ACTIONS),  # 📊 Review under a finished game or match
        Route(Chats.ANY, f.versus.button, versus.ACTIONS),
        Route(Chats.ANY, f.duel.button, duel.ACTIONS),
        Route(Chats.ANY, f.race.button, race.ACTIONS),
        Route(Chats.ANY, f.fallback.match_button, fallback.MATCH_ACTIONS),  # its match gone, or not what it says
        Route(Chats.PRIVATE, f.daily_guard.confirmed, daily_guard.ACTIONS),  # yes to a daily's warning
        Route(Chats.PRIVATE, f.ranked.board_button, ranked.BOARD_ACTIONS),  # a ranked board's hint, give up
        Route(Chats.PRIVATE, f.referee.button, referee.ACTIONS),  # the referee's board
        Route(Chats.PRIVATE, f.daily_guard.new_game, frozenset({cb.NEW})),  # a daily under way: warn before leaving
        Route(Chats.PRIVATE, f.games.button, games.ACTIONS),  # a new game, the same again, abandon or keep, rules
        Route(Chats.PRIVATE, f.guesser.button, guesser.ACTIONS),  # the guesser's board
        Route(Chats.GROUP, f.fallback.group_button),  # one-player buttons are private
        Route(Chats.PRIVATE, f.fallback.private_button),  # an older board's
    )


def later_routes(f: Features) -> dict[str, LaterHandler]:
    """Who gives the answers promised for later, by the name the promise carries."""
    return {review_routes.LATER: f.review.delivered}


def page_faces(f: Features) -> PageFaces:
    """What the Mini App's server reads of the features (bot/page/faces.py): each one-player game's board by its
    mode, each match's by its kind, the coach on the possibilities tab, each tab's read by its name (GET
    /api/<name>), and the page face of each feature's own screen by its model's type (an act's Account carries the
    model). What the page does is not here: it sends what the chat sends, through the tables above."""
    return PageFaces(
        games={Mode.REFEREE: referee_page.board, Mode.GUESSER: guesser_page.board},
        matches={MatchKind.VERSUS: versus_page.match},
        coach=referee_page.coach,
        reads={
            "daily": daily_page.tab,
            "review": review_tab.review_data,
            "review/position": review_tab.position_data,
            "puzzle": f.puzzle.tab,
            "ranked": ranked_page.tab,
            "storm": storm_page.tab,
            "stats": records_page.tab,
        },
        screens=(
            ScreenFace(PuzzleBoard, puzzle_page.screen),
            ScreenFace(DayBoard, puzzle_page.day_board),
            ScreenFace(RankedStart, ranked_page.start),
            ScreenFace(MarkSet, ranked_page.mark),
            ScreenFace(SideBySide, ranked_page.compared),
            ScreenFace(History, ranked_page.history),
            ScreenFace(LeagueTable, league_page.table),
            ScreenFace(RunScreen, storm_page.run, only=storm_page.alone),  # a Racer's run stays the chat's
            ScreenFace(BoardsScreen, storm_page.boards),
        ),
    )


def deadline_routes(f: Features) -> tuple[DeadlineHandler, ...]:
    """Who is asked about a match whose timer went off, first to last (each answers for its kind of match)."""
    return (f.race.on_deadline, f.duel.on_deadline)


def timers(core: Core, store: Store, wake: Callable[[], None], config: Config) -> list[Timer]:
    """The bot's timers, on one scheduler (bot/schedule.py): the kernel's tidy, and each feature's."""
    deps = core.deps
    found = [
        Timer("tidy", every(HOURLY), lambda: store.tidy(deps.clock())),  # the inbox, the outbox, the page's records
        Timer("day close", after_midnight(), lambda: close_days(core, store, wake)),  # the daily's games end there
        Timer("past periods", every(HOURLY), lambda: prune_periods(store, deps.clock())),  # boards of days gone
        Timer("league week", weekly(), lambda: close_weeks(core, store, wake)),  # the leagues' moves, each Monday
        Timer("ranked marks", every(HOURLY), lambda: ranked_service.lapse_marks(deps)),  # marks nobody took in time
        # Puzzles Storm's clock: runs whose time ran out, Racers' lobbies to close and Racers that are over
        Timer("storm", every(storm_clock.EVERY), lambda: storm_clock.tick(core, store, wake, core.features.storm.due)),
        Timer("storm days", every(HOURLY), lambda: core.alone(0, lambda: storm_clock.forget_days(deps))),
        Timer("reminders", hourly(), lambda: core.features.reminders.run(wake)),  # those due, just after each hour
    ]
    if config.puzzle_stock:  # puzzles made ahead, so that no player waits for the engine to make one
        found.append(Timer("puzzle stock", every(STOCK_EVERY), lambda: restock(deps), first=STOCK_FIRST))
    return found
