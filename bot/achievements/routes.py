"""Achievements, told once: what an update earned (the awards in its journal, bot/events.py) is announced under its
reply (in a group, naming the player, for a match played there; in the player's private chat otherwise). The Core
asks this feature, through the register, after every update a route answered; no command of its own (/stats and the
Mini App's daily tab show the shelf)."""

from __future__ import annotations

from bot.achievements import lines as achievement_lines
from bot.achievements import service as achievements
from bot.achievements.model import Award
from bot.chats.languages import spoken_in
from bot.events import Journal
from bot.replies import Outcome
from bot.routes import Feature
from bot.texts import Html


class Achievements(Feature):
    """Announces the awards an update made."""

    async def announced(self, outcome: Outcome, journal: Journal, chat_id: int, language: str) -> Outcome:
        """The update's outcome (answered in `chat_id`, in `language`) with what it earned (its journal's awards)
        announced after its replies: a message in this chat for awards earned here, one in each other chat for the
        rest; and in its Account, as lines."""
        awards = tuple(journal.made(Award))
        if not awards:
            return outcome
        for chat, earned in _by_chat(awards, chat_id):
            here = chat == chat_id
            spoken = language if here else await spoken_in(self.deps, chat)
            text = await self._announcement(spoken, chat, earned)
            outcome = achievement_lines.announced(outcome, text, chat, here=here)
        return outcome

    async def _announcement(self, language: str, chat_id: int, earned: list[Award]) -> Html:
        rare = await achievements.rarities(self.deps)
        group = chat_id < 0  # a group sees whose they are
        names = await self.deps.store.players.names([a.user_id for a in earned]) if group else None
        return achievement_lines.announcement(language, [(a, rare[a.achievement]) for a in earned], names)


def _by_chat(awards: tuple[Award, ...], first: int | None) -> list[tuple[int, list[Award]]]:
    """The awards grouped by the chat they are announced in, `first`'s group first, then in the order made."""
    grouped: dict[int, list[Award]] = {}
    for award in awards:
        grouped.setdefault(award.chat_id, []).append(award)
    return sorted(grouped.items(), key=lambda item: item[0] != first)
