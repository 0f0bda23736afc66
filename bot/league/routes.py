"""/league: the player's division this week, in any chat, refreshed in place by its button (only by the player it
is of); points come from the events the league listens to (bot/league/service.py), never from a command."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot.league import screens
from bot.league import service as league
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation

COMMANDS = (Command("league", Chats.ANY),)
ACTIONS = frozenset({screens.ACTION})


class League(Feature):
    """Shows a player's league table."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/league: the asker's division this week (or their tier, before they play in it)."""
        who = s.who
        if who.user_id <= 0 or who.as_chat:  # a channel, an anonymous admin: not a player
            return screens.not_a_person(s.language)
        return screens.table(s.language, await league.table(self.deps, who.user_id), self.deps.clock())

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """The table's refresh button: edited in place, for the player it is of (a toast for anyone else)."""
        args, who = pressed.args, s.who
        if len(args) != 2 or args[0] != screens.REFRESH or cb.id_field(args[1]) is None:
            return messages.stale(s.language)
        if int(args[1]) != who.user_id:
            return screens.not_yours(s.language)
        found = await league.table(self.deps, who.user_id)
        return screens.table(s.language, found, self.deps.clock(), edit=True)
