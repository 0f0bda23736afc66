"""Leaderboards, player stats and the daily challenge: /top, /stats, /daily and their buttons, in any chat."""

from __future__ import annotations

from datetime import date

from bot import callbacks as cb
from bot.models.who import Who
from bot.replies import Outcome
from bot.routing.routes import ANY, Command, names
from bot.services import daily, stats
from bot.services.deps import Deps
from bot.services.referee import Scored
from bot.storage.stats import ALL_CHATS
from bot.texts import t
from bot.views import daily as daily_view
from bot.views import stats as stats_view
from engine.variant import InvalidVariant, variant_named

COMMANDS = (
    Command("daily", ANY, private_menu=5, group_menu=6),
    Command("top", ANY, private_menu=12, group_menu=7),
    Command("stats", ANY, private_menu=13, group_menu=8),
)
DEEP_LINKS = ("daily",)  # t.me/<bot>?start=daily
ACTIONS = frozenset(cb.BOARD_ACTIONS)  # buttons that work in groups too: leaderboards, stats, daily boards
GLOBAL_WORDS = {"global", "all", "world"}
WEEK_WORDS = {"week", "weekly", "w"}


async def seen(deps: Deps, who: Who) -> None:
    """Keep the player's display name (shown on leaderboards), app language (for private messages) and @username
    (for /duel @username) fresh."""
    if who.name:
        await stats.seen(deps, who.user_id, who.name, who.language_code or "", who.username)


class Scoreboard:
    """Routes the scoreboard's commands and buttons to the stats and daily services."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """The reply to /top, /stats, /daily; None for any other command."""
        return await on_command(self.deps, who, command, args, language)

    async def button(self, who: Who, language: str, pressed: cb.Callback) -> Outcome:
        """The reply to a leaderboard, stats or daily-board button."""
        return await on_button(self.deps, who, pressed, language)


async def on_command(deps: Deps, who: Who, command: str, args: str, language: str) -> Outcome | None:
    """The reply to /top, /stats, /daily; None for any other command."""
    words = args.lower().split()
    if command not in names(COMMANDS):
        return None
    if command == "top":
        return await _top(deps, who, words, language)
    if command == "stats":
        variant = await _variant(deps, who.chat_id, words)
        if variant is None:
            return Outcome.text(t("variant.invalid", language, name=args.strip()))
        record = await stats.player_stats(deps, who.user_id, variant)
        return stats_view.stats(language, record, who.name)
    if words[:1] == ["top"]:
        day = daily.day_of(deps.clock())
        return daily_view.board(language, day, await daily.board(deps, day))
    if not who.private:
        return daily_view.in_private(language, who.bot_username)
    return await _daily(deps, who, language)


async def _variant(deps: Deps, chat_id: int, words: list[str]) -> str | None:
    """The variant named in the words, else the chat's; None if a word names no variant."""
    for word in words:
        if word in GLOBAL_WORDS or word in WEEK_WORDS:
            continue
        try:
            return variant_named(word).name
        except InvalidVariant:
            return None
    return (await deps.games.settings(chat_id)).variant.name


async def _top(deps: Deps, who: Who, words: list[str], language: str) -> Outcome:
    variant = await _variant(deps, who.chat_id, words)
    if variant is None:
        return Outcome.text(t("variant.invalid", language, name=" ".join(words)))
    scope = ALL_CHATS if who.private or GLOBAL_WORDS & set(words) else who.chat_id
    period: stats.Period = "week" if WEEK_WORDS & set(words) else "all"
    return stats_view.leaderboard(language, await stats.leaderboard(deps, scope, variant, period))


async def _daily(deps: Deps, who: Who, language: str) -> Outcome:
    found = await daily.challenge(deps, who.chat_id, who.user_id)
    match found:
        case daily.DailyStarted(day, game):
            return daily_view.started(language, day, game)
        case daily.Running(_, game):
            return daily_view.running(language, game)
        case daily.Done(day, game):
            return daily_view.result(language, day, game, who.bot_username, again=True)
    return daily_view.busy(language)


async def after_guess(deps: Deps, who: Who, language: str, result: Scored, outcome: Outcome) -> Outcome:
    """A referee move's outcome, followed by the shareable result when it ended a daily challenge."""
    if result.ending is None:
        return outcome
    play = await daily.daily_of(deps, result.game)
    if play is None:
        return outcome
    return daily_view.with_result(outcome, language, play.day, result.game, who.bot_username)


async def on_button(deps: Deps, who: Who, pressed: cb.Callback, language: str) -> Outcome:
    """The reply to a leaderboard, stats or daily-board button; a toast when it is stale or someone else's."""
    args = pressed.args
    try:
        if pressed.action == cb.TOP and len(args) == 3 and args[0] in "cg" and args[1] in "wa":
            scope = ALL_CHATS if args[0] == "g" or who.private else who.chat_id
            period: stats.Period = "week" if args[1] == "w" else "all"
            board = await stats.leaderboard(deps, scope, variant_named(args[2]).name, period)
            return stats_view.leaderboard(language, board, edit=True)
        if pressed.action == cb.STATS and len(args) == 2 and args[0].isdigit():
            if int(args[0]) != who.user_id:
                return Outcome(toast=t("stats.foreign", language))
            record = await stats.player_stats(deps, who.user_id, variant_named(args[1]).name)
            return stats_view.stats(language, record, who.name, edit=True)
        if pressed.action == cb.DAILY and len(args) == 2 and args[0] in ("t", "r"):
            day = date(int(args[1][:4]), int(args[1][4:6]), int(args[1][6:8])).isoformat()
            return daily_view.board(language, day, await daily.board(deps, day), edit=args[0] == "r")
    except (InvalidVariant, ValueError):
        pass
    return Outcome(toast=t("stale", language))
