"""Leaderboards, player stats and the daily challenge: /top, /stats, /daily and their buttons, in any chat."""

from __future__ import annotations

from datetime import date

from bot import achievements as achievements_feature
from bot import callback_data as cb
from bot import daily as daily_feature
from bot import messages, review
from bot import puzzles as puzzles_feature
from bot.chats.settings import Settings
from bot.days import day_of, until_next
from bot.deps import Deps
from bot.parsing.commands import variant_from_args
from bot.records import board as records
from bot.records import rankings, ratings, stats
from bot.records.asked import TopAsked, stats_variant, top_asked
from bot.records.model import ALL_CHATS
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import Html, t
from engine.variant import InvalidVariant, variant_named

COMMANDS = (
    Command("daily", Chats.ANY),
    Command("top", Chats.ANY),
    Command("stats", Chats.ANY),
)
DEEP_LINKS = ("daily",)  # t.me/<bot>?start=daily
ACTIONS = frozenset(cb.SCOREBOARD_ACTIONS)  # buttons that work in groups too: leaderboards, stats, daily boards
LETTER_PERIODS = {letter: period for period, letter in records.PERIOD_LETTERS.items()}


class Scoreboard(Feature):
    """Routes the scoreboard's commands and buttons to the stats, ratings and daily services."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """The reply to /top, /stats, /daily."""
        who, language = s.who, s.language
        deps, words = self.deps, args.lower().split()
        if command == "top":
            return await _top(deps, s, top_asked(args, language))
        if command == "stats":
            variant = _variant(s.settings, stats_variant(args, language), language)
            if variant is None:
                return messages.unknown_variant(language, args.strip())
            record = await stats.player_stats(deps, who.user_id, variant)
            line = await _rating_line(deps, who.user_id, variant, language)
            days = await daily_feature.streak(deps, who.user_id)
            shelf = await _shelf(deps, who.user_id, language)
            solving = await _puzzle_line(deps, who.user_id, variant, language)
            trend = records.accuracy_trend(language, await review.accuracy_trend(deps, who.user_id, variant=variant))
            return records.stats(
                language, record, who.name, rating=line, days=days, achievements=shelf, puzzles=solving, trend=trend
            )
        if words[:1] == ["top"]:
            day = day_of(deps.clock())
            return daily_feature.leaderboard_reply(language, day, await daily_feature.leaderboard(deps, day))
        if not who.private:
            return daily_feature.in_private(language, who.bot_username)
        return await _daily(deps, s)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A leaderboard, stats or daily-board button; a toast when it is stale or someone else's."""
        who, language = s.who, s.language
        deps, args = self.deps, pressed.args
        try:
            if (
                pressed.action == cb.TOP
                and len(args) == 3
                and args[0] in (cb.THIS_CHAT, cb.EVERY_CHAT)
                and args[1] in LETTER_PERIODS
            ):
                scope = ALL_CHATS if args[0] == cb.EVERY_CHAT or who.private else who.chat_id
                variant = variant_named(args[2]).name
                board = await stats.leaderboard(deps, scope, variant, LETTER_PERIODS[args[1]], user_id=who.user_id)
                return records.leaderboard(language, board, edit=True, in_group=not who.private)
            if pressed.action == cb.STATS and len(args) == 2 and args[0].isdigit():
                if int(args[0]) != who.user_id:
                    return Outcome(toast=t("stats.foreign", language))
                record = await stats.player_stats(deps, who.user_id, variant_named(args[1]).name)
                line = await _rating_line(deps, who.user_id, record.variant, language)
                days = await daily_feature.streak(deps, who.user_id)
                shelf = await _shelf(deps, who.user_id, language)
                solving = await _puzzle_line(deps, who.user_id, record.variant, language)
                accuracy = await review.accuracy_trend(deps, who.user_id, variant=record.variant)
                trend = records.accuracy_trend(language, accuracy)
                return records.stats(
                    language,
                    record,
                    who.name,
                    edit=True,
                    rating=line,
                    days=days,
                    achievements=shelf,
                    puzzles=solving,
                    trend=trend,
                )
            if pressed.action == cb.RATING and len(args) == 2 and args[0] in (cb.THIS_CHAT, cb.EVERY_CHAT):
                scope = ALL_CHATS if args[0] == cb.EVERY_CHAT or who.private else who.chat_id
                rated = await ratings.leaderboard(deps, scope, variant_named(args[1]).name, user_id=who.user_id)
                return rankings.leaderboard(language, rated, edit=True, in_group=not who.private)
            if pressed.action == cb.DAILY and args == ("p",):  # the /start menu's button
                if not who.private:
                    return daily_feature.in_private(language, who.bot_username)
                return await _daily(deps, s)
            if pressed.action == cb.NOTE and args in (("top",), ("stats",), ("rating",)):
                return Outcome.text(t(f"{args[0]}.help", language))
            if pressed.action == cb.DAILY and len(args) == 2 and args[0] in ("t", "r"):
                day = date(int(args[1][:4]), int(args[1][4:6]), int(args[1][6:8])).isoformat()
                return daily_feature.leaderboard_reply(
                    language, day, await daily_feature.leaderboard(deps, day), edit=args[0] == "r"
                )
        except (InvalidVariant, ValueError):
            pass
        return messages.stale(language)


def _variant(settings: Settings, named: str | None, language: str) -> str | None:
    """The variant `named` (in the chat's words), else the chat's (its `settings`); None if the words name no
    variant."""
    if named is None:
        return settings.variant.name
    try:
        found = variant_from_args(named, language)
    except InvalidVariant:
        return None
    return found.name if found else None


async def _shelf(deps: Deps, user_id: int, language: str) -> Html:
    return achievements_feature.shelf_lines(language, await achievements_feature.shelf(deps, user_id))


async def _rating_line(deps: Deps, user_id: int, variant: str, language: str) -> Html | None:
    return rankings.stats_line(language, await ratings.player_rating(deps, user_id, variant))


async def _puzzle_line(deps: Deps, user_id: int, variant: str, language: str) -> Html | None:
    """The player's puzzle rating in the variant's family, once they have one."""
    standing = await puzzles_feature.standing(deps, user_id, variant_named(variant))
    return puzzles_feature.standing_line(language, standing)


async def _top(deps: Deps, s: Situation, asked: TopAsked) -> Outcome:
    """/top [week|today|month] [global] [<variant>], or /top rating [digits|colours|<variant>] [global]: the
    results' board or the ratings', of the chat or of every chat."""
    who, language = s.who, s.language
    variant = _variant(s.settings, asked.variant, language)
    if variant is None:
        return messages.unknown_variant(language, asked.named)
    scope = ALL_CHATS if who.private or asked.everywhere else who.chat_id
    if asked.rating:
        rated = await ratings.leaderboard(deps, scope, variant, user_id=who.user_id)
        return rankings.leaderboard(language, rated, in_group=not who.private)
    board = await stats.leaderboard(deps, scope, variant, asked.period, user_id=who.user_id)
    return records.leaderboard(language, board, in_group=not who.private)


async def _daily(deps: Deps, s: Situation) -> Outcome:
    who, language = s.who, s.language
    found = await daily_feature.challenge(deps, who.chat_id, who.user_id, await s.game())
    return daily_feature.answered(language, found, who.bot_username, until_next(deps.clock()))
