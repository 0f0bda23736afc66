"""/streak: the player's runs, in any chat: the daily challenge's days in a row, clean wins in a row in the chat's
variant (or the one named: /streak mastermind), and the puzzle of the day's days in a row."""

from __future__ import annotations

from bot import daily as daily_feature
from bot import messages
from bot import puzzles as puzzles_feature
from bot.parsing.commands import variant_from_args
from bot.records import board as records
from bot.records import stats
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from engine.variant import InvalidVariant

COMMANDS = (Command("streak", Chats.ANY),)


class Streak(Feature):
    """Shows a player's streaks from the daily and stats services."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/streak [variant]: days in a row solving the daily challenge, and clean wins in a row in the variant."""
        who, language = s.who, s.language
        try:
            named = variant_from_args(args, language)
        except InvalidVariant:
            return messages.unknown_variant(language, args.strip())
        variant = named or s.settings.variant
        days = await daily_feature.streak(self.deps, who.user_id)
        wins = await stats.clean_streaks(self.deps, who.user_id, variant.name)
        puzzle_days = puzzles_feature.streak_line(language, await puzzles_feature.streak(self.deps, who.user_id))
        return records.streaks(language, who.user_id, who.name, variant.name, days, wins, puzzles=puzzle_days)
