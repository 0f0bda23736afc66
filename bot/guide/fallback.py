"""What no other feature answered: the last route of every table, which always answers."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot.replies import Outcome
from bot.routes import Feature
from bot.situation import Situation
from bot.texts import t

# Group commands about the match running in a topic: with none there, that is what they are told.
MATCH_COMMANDS = frozenset({"g", "guess", "stop", "resign"})
MATCH_ACTIONS = frozenset({cb.MATCH, cb.REMATCH})


class Fallback(Feature):
    """The answers of last resort: an unknown command, a one-player command or button in a group, a group-only
    command in private, group chatter, a match's button no match took."""

    async def private_command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """A command no feature knows, in a private chat: /help is where to look."""
        return messages.message("unknown_command", s.language)

    async def group_only(self, s: Situation, command: str, args: str) -> Outcome | None:
        """A group-only command (/challenge, /duel, /g, /stop) sent in a private chat: where it works."""
        return messages.message("match.group_only", s.language)

    async def group_command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """Any other command in a group: a match command with no match here; else one-player games are private."""
        who, language = s.who, s.language
        if command in MATCH_COMMANDS:
            return messages.message("match.none", language)
        return messages.group_note(language, who.bot_username)

    async def group_text(self, s: Situation, text: str) -> Outcome | None:
        """Group chatter that is no move of a match: no reply."""
        return Outcome()

    async def group_button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A one-player game's button pressed in a group: those games are played in private."""
        return Outcome(toast=t("group.private_only", s.language, link=""))

    async def private_button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A button of a private chat that no feature took: it belongs to an older board."""
        return messages.stale(s.language)

    async def match_button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A match's button that no match feature took (its match is gone, or is not what the button says)."""
        return Outcome(toast=t("match.stale", s.language))
