"""/streak: the player's runs, in any chat: the daily challenge's days in a row, and clean wins in a row in the chat's
variant (or the one named: /streak mastermind)."""

from __future__ import annotations

from bot.models.who import Who
from bot.parsing.commands import variant_from_args
from bot.replies import Outcome
from bot.routing.routes import Chats, Command, Feature
from bot.services import daily, stats
from bot.services import settings as settings_service
from bot.views import common as common_view
from bot.views import stats as stats_view
from engine.variant import InvalidVariant

COMMANDS = (Command("streak", Chats.ANY, private_menu=13, group_menu=8),)  # next to /stats (equal places: table order)


class Streak(Feature):
    """Shows a player's streaks from the daily and stats services."""

    async def command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """/streak [variant]: days in a row solving the daily challenge, and clean wins in a row in the variant."""
        try:
            named = variant_from_args(args, language)
        except InvalidVariant:
            return common_view.unknown_variant(language, args.strip())
        variant = named or (await settings_service.of_chat(self.deps, who.chat_id)).variant
        days = await daily.streak(self.deps, who.user_id)
        wins = await stats.clean_streaks(self.deps, who.user_id, variant.name)
        return stats_view.streaks(language, who.user_id, who.name, variant.name, days, wins)
