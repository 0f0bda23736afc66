"""The transport-independent bot: commands, text and button presses in, Outcomes out.

Telegram handlers and the console both call this; the routing table (bot/routing/table.py) says which
feature answers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot import callback_data as cb
from bot.models.who import Who
from bot.replies import Notice, Offers, Outcome
from bot.routing.routes import Route
from bot.routing.table import (
    DEEP_LINK_COMMANDS,
    DUEL_LINK,
    DUEL_ME_LINK,
    GROUP_DEEP_LINKS,
    Features,
    button_routes,
    command_routes,
    deadline_routes,
    text_routes,
)
from bot.services import languages, matches, stats
from bot.services.deps import Deps
from bot.texts import t

__all__ = ["Core", "Who"]

H = TypeVar("H")


class Core:
    """Routes each update through the table and returns the reply; holds no game state of its own."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.features = Features(deps)
        self._commands = command_routes(self.features)
        self._texts = text_routes(self.features)
        self._buttons = button_routes(self.features)
        self._deadlines = deadline_routes(self.features)

    async def language(self, who: Who) -> str:
        """The language to answer `who` in (bot/services/languages.py says how it is chosen)."""
        return await languages.spoken(self.deps, who)

    async def on_deadline(self, match_id: int) -> Notice | None:
        """A match's timer went off: what to tell its chat (in the match's topic), or None if nothing is due."""
        match = await matches.due(self.deps, match_id)
        if match is None:
            return None
        for handler in self._deadlines:
            notice = await handler(match)
            if notice is not None:
                return notice
        return None

    async def on_unreachable(self, chat_id: int) -> Notice | None:
        """Telegram refused a message to a private chat: a private duel there that cannot go on is called off;
        what to tell whom comes back, or None."""
        return await self.features.duel.on_unreachable(chat_id)

    async def rearm(self) -> int:
        """Arm the timers of every running match (after a restart); how many were armed comes back."""
        return await matches.rearm(self.deps)

    async def arrived(self, who: Who) -> str:
        """What every update from a person does first, whatever it is: the player's display name (shown on
        leaderboards), app language (for private messages) and @username (for /duel @username) are kept fresh; then
        the language to answer in comes back."""
        if who.name:
            await stats.seen(self.deps, who.user_id, who.name, who.language_code or "", who.username)
        return await self.language(who)

    async def on_command(self, who: Who, command: str, args: str = "") -> Outcome:
        """The reply to /command args."""
        language = await self.arrived(who)
        payload = args.strip()
        if command == "start" and payload.lower() in DEEP_LINK_COMMANDS:  # a deep link is its command
            command, args = payload.lower(), ""
        elif command == "start" and not who.private and payload.lower() in GROUP_DEEP_LINKS:
            command, args = GROUP_DEEP_LINKS[payload.lower()], ""
        elif command == "start" and who.private and payload.lower().startswith(DUEL_ME_LINK):
            return await self.features.duel.duel_me(who, language, payload)
        elif command == "start" and who.private and payload.lower().startswith(DUEL_LINK):
            return await self.features.duel.duel_link(who, language, payload)
        return await self._ask(self._commands, who, command, lambda handler: handler(who, language, command, args))

    async def on_text(self, who: Who, text: str) -> Outcome:
        """The reply to a plain message: a guess, an answer, or a nudge."""
        language = await self.arrived(who)
        return await self._ask(self._texts, who, "", lambda handler: handler(who, language, text))

    async def on_inline(self, who: Who, query: str) -> Offers:
        """The results offered when `who` types the bot's username and `query` in any chat."""
        language = await self.arrived(who)
        return await self.features.inline.offers(who, language, query)

    async def on_button(self, who: Who, data: str) -> Outcome:
        """The reply to a button press; a toast says when the button is stale."""
        language = await self.arrived(who)
        try:
            pressed = cb.decode(data)
            return await self._ask(self._buttons, who, pressed.action, lambda handler: handler(who, language, pressed))
        except cb.BadCallback:  # data we never produced (tampered, or malformed arguments): like a stale button
            return Outcome(toast=t("stale", language))

    async def _ask(
        self, routes: tuple[Route[H], ...], who: Who, key: str, ask: Callable[[H], Awaitable[Outcome | None]]
    ) -> Outcome:
        """The first answer of the routes asked about `key` from this chat, in the table's order; whether the person
        is in a match is asked once, and only if a route asked is for matches alone."""
        playing: bool | None = None
        for route in routes:
            if not route.asks(who, key):
                continue
            if route.in_match:
                if playing is None:
                    playing = await matches.in_a_match(self.deps, who.chat_id, who.user_id)
                if not playing:
                    continue
            answer = await ask(route.handler)
            if answer is not None:
                return answer
        return Outcome()  # unreachable: every table ends with a route that always answers
