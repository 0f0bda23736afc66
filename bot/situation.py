"""The situation an update finds: who sent it, the language to answer in, the chat's settings, and the game or match
that is relevant to this chat and person, each read at most once an update, inside its transaction.

The Core reads it when an update arrives; the routing table chooses on it, the features' handlers get it, and the
services get the records it loaded (the whole update is one transaction: they are what is stored) and load only what
else they change. Reads happen when first asked for and are kept for the rest of the update: a route that needs to know
whether the person plays a match asks, and the next route that asks is answered without a second read.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.chats import languages
from bot.chats.settings import Settings
from bot.deps import Deps
from bot.games.model import Game, Mode
from bot.matches.model import Match, MatchKind
from bot.who import Who

T = TypeVar("T")
_UNREAD = object()  # a fact not read yet (None is an answer: no game)


class Situation:
    """What one update finds (see the module's note); `who`, `language` and `settings` are read when it arrives, the
    rest when first asked for."""

    def __init__(self, deps: Deps, who: Who, language: str, settings: Settings) -> None:
        self.deps = deps
        self.who = who
        self.language = language
        self.settings = settings  # the chat's
        self._read: dict[tuple[object, ...], Any] = {}
        # asked on nearly every private update, twice (by the table, then by the handler): kept where reading is quick
        self._game: Game | object | None = _UNREAD
        self._playing: bool | None = None

    @classmethod
    async def read(cls, deps: Deps, who: Who) -> Situation:
        """The situation of an update from `who`: the chat's settings, and the language to answer in (a group that
        has none yet takes its first player's, and keeps it)."""
        if who.private:  # whether a match takes the person's messages comes with the settings, in one statement
            settings, playing = await deps.store.settings.of_chat_playing(who.chat_id, who.user_id)
        else:
            settings, playing = await deps.store.settings.of_chat(who.chat_id), None
        language, settings = await languages.answering(deps, who, settings)
        found = cls(deps, who, language, settings)
        found._playing = playing
        return found

    async def _once(self, key: tuple[object, ...], read: Callable[[], Awaitable[T]]) -> T:
        if key not in self._read:
            self._read[key] = await read()
        found: T = self._read[key]
        return found

    async def game(self) -> Game | None:
        """The one-player game running in this chat (never in a group: those games are played in private)."""
        if not self.who.private:
            return None
        if self._game is _UNREAD:
            self._game = await self.deps.store.games.active_game(self.who.chat_id)
        return self._game  # type: ignore[return-value]  # read: a Game or None

    async def game_named(self, game_id: int) -> Game | None:
        """A game by its id (a button's, the page's), running or finished: the running one is not read twice."""
        running = await self.game()
        if running is not None and running.id == game_id:
            return running
        return await self._once(("game", game_id), lambda: self.deps.store.games.game(game_id))

    async def latest_game(self, mode: Mode) -> Game | None:
        """This chat's most recent game of a mode, finished or not."""
        return await self._once(("latest", mode), lambda: self.deps.store.games.latest_game(self.who.chat_id, mode))

    async def in_match(self) -> bool:
        """Whether a match is on in this chat, or with this person among its players (one statement)."""
        if self._playing is None:
            self._playing = await self.deps.store.matches.any_active(self.who.chat_id, self.who.user_id)
        return self._playing

    async def match_here(self, kind: MatchKind | None = None) -> Match | None:
        """The match on in this chat's forum topic (the chat itself, without one), of that `kind` when one is named."""
        chat, topic = self.who.chat_id, self.who.topic
        return await self._once(("here", kind), lambda: self.deps.store.matches.active_match(chat, topic, kind))

    async def match_named(self, match_id: int) -> Match | None:
        """A match by its id (a button's), on or over."""
        return await self._once(("match", match_id), lambda: self.deps.store.matches.match(match_id))

    async def private_duel(self, invitations: bool = False) -> Match | None:
        """The duel this person plays in their private chat, if one is on (one they are only invited to counts with
        `invitations`)."""
        user = self.who.user_id
        return await self._once(
            ("private_duel", invitations), lambda: self.deps.store.matches.private_duel(user, invitations)
        )

    async def awaiting_secret(self) -> Match | None:
        """The newest group duel waiting for this person's secret, if any."""
        user = self.who.user_id
        return await self._once(("awaiting",), lambda: self.deps.store.matches.awaiting_secret(user))
