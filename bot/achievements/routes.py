"""Achievements, told once: what an update earned is announced under its reply (in a group, naming the player, for a
match played there; in the player's private chat otherwise), and the day's best is told to its holders when the
day's challenge closes. The Core asks this feature after every update that a route answered, and at each day's end;
no command of its own (/stats and the Mini App's daily tab show the shelf)."""

from __future__ import annotations

from bot.achievements import lines as achievement_lines
from bot.achievements import service as achievements
from bot.achievements.model import Award
from bot.chats import languages
from bot.replies import Notice, Outcome
from bot.routes import Feature
from bot.texts import Html


class Achievements(Feature):
    """Announces new awards (each once: the awards an update made are taken once) and closes the days."""

    async def announced(self, outcome: Outcome, chat_id: int, language: str) -> Outcome:
        """The update's outcome (answered in `chat_id`, in `language`) with what it earned announced after its
        replies: a message in this chat for awards earned here, one in each other chat for the rest."""
        awards = achievements.taken(self.deps)
        if not awards:
            return outcome
        for chat, earned in _by_chat(awards, chat_id):
            here = chat == chat_id
            spoken = language if here else await self.chat_language(chat)
            text = await self._announcement(spoken, chat, earned)
            outcome = achievement_lines.announced(outcome, text, chat, here=here)
        return outcome

    async def day_end(self) -> tuple[Notice, ...]:
        """Close every day's challenge that is over: what to tell each holder of the day's best, in their chat."""
        achievements.forget(self.deps)
        awards = await achievements.close_days(self.deps)
        achievements.taken(self.deps)  # told right here, as notices
        notices = []
        for chat, earned in _by_chat(awards, None):
            text = await self._announcement(await self.chat_language(chat), chat, earned)
            notices.append(Notice(chat, Outcome.text(text)))
        return tuple(notices)

    async def _announcement(self, language: str, chat_id: int, earned: list[Award]) -> Html:
        rare = await achievements.rarities(self.deps)
        group = chat_id < 0  # a group sees whose they are
        names = await achievements.names(self.deps, [a.user_id for a in earned]) if group else None
        return achievement_lines.announcement(language, [(a, rare[a.achievement]) for a in earned], names)

    async def chat_language(self, chat_id: int) -> str:
        """The language a chat is spoken to in: a private chat its player's, a group its own."""
        if chat_id > 0:  # a private chat's id is its user's
            return await languages.private_language(self.deps, chat_id)
        return await languages.chat_language(self.deps, chat_id)


def _by_chat(awards: tuple[Award, ...], first: int | None) -> list[tuple[int, list[Award]]]:
    """The awards grouped by the chat they are announced in, `first`'s group first, then in the order made."""
    grouped: dict[int, list[Award]] = {}
    for award in awards:
        grouped.setdefault(award.chat_id, []).append(award)
    return sorted(grouped.items(), key=lambda item: item[0] != first)
