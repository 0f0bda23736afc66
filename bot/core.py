"""The transport-independent bot: commands, text and button presses in, Outcomes out.

Telegram's handlers, the console and the Mini App all call this; the routing table (bot/register.py) says which
feature answers. Each update is one transaction (joined when the caller has one open: the intake's batch, the Mini
App's move): the situation it finds is read inside it, and everything it changes is written inside it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TypeVar

from bot import callback_data as cb
from bot import messages
from bot.chats.languages import spoken_in
from bot.deps import Deps
from bot.engine_work import EngineBusy, WorkPending
from bot.events import ChatUnreachable, DaysClosing, Events, Journal
from bot.matches import service as matches
from bot.players import Seen, keep_fresh
from bot.ports import Later
from bot.register import (
    DEEP_LINK_COMMANDS,
    DUEL_LINK,
    DUEL_ME_LINK,
    GROUP_DEEP_LINKS,
    REVIEW_LINK,
    Features,
    button_routes,
    command_routes,
    deadline_routes,
    later_routes,
    listen,
    page_faces,
    text_routes,
)
from bot.replies import Notice, Offers, Outcome
from bot.routes import Route, Sent
from bot.situation import Situation
from bot.who import Who

__all__ = ["Core", "Who"]

H = TypeVar("H")
T = TypeVar("T")


class Core:
    """Routes each update through the table and returns the reply; holds no game state of its own."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.features = Features(deps)
        listen(deps.events, self.features)  # who answers what the kernel and the features publish
        self._commands = command_routes(self.features)
        self._texts = text_routes(self.features)
        self._buttons = button_routes(self.features)
        self._deadlines = deadline_routes(self.features)
        self._later = later_routes(self.features)
        self.page = page_faces(self.features)  # what the Mini App's server reads of the features
        # button actions a feature declares that callback_data does not name (a command's own buttons)
        self._declared = frozenset().union(*(r.only for r in self._buttons if r.only is not None)) - cb.NAMED_ACTIONS

    async def language(self, who: Who) -> str:
        """The language to answer `who` in (bot/chats/languages.py says how it is chosen)."""
        return (await self.situation(who)).language

    async def alone(self, owner: int, call: Callable[[], Awaitable[T]]) -> T:
        """`call` in a transaction of its own, tried again once the engine work it waits for is done (the console's
        updates, a timer's, a test's, the page's calls: bot/engine_work.py); `owner` is whom that work is for."""
        engine = self.deps.engine
        with engine.scope(object(), owner) as scope:
            while True:
                try:
                    with engine.retry(scope):
                        async with self.deps.transaction():
                            return await call()
                except WorkPending as pending:  # rolled back: nothing was kept
                    await pending.wait()

    async def read(self, who: Who, look: Callable[[Situation], Awaitable[T]]) -> T:
        """What `look` makes of the situation of `who` (the Mini App's page): only committed rows are read, waiting
        while another task has a transaction open; engine work it needs is done outside, then it looks again."""
        engine = self.deps.engine
        with engine.scope(object(), who.user_id) as scope:
            while True:
                try:
                    with engine.retry(scope):
                        async with self.deps.store.transaction.settled():
                            return await look(await Situation.read(self.deps, who))
                except WorkPending as pending:
                    await pending.wait()

    async def situation(self, who: Who) -> Situation:
        """The situation an update from `who` finds (bot/situation.py), read in a transaction of its own
        unless the caller has one open."""
        async with self.deps.transaction():
            return await Situation.read(self.deps, who)

    async def on_deadline(self, match_id: int) -> Notice | None:
        """A match's timer went off: what to tell its chat (in the match's topic), or None if nothing is due; what it
        earned anyone is announced with it."""
        if not self.deps.store.transaction.open:
            return await self.alone(0, lambda: self.on_deadline(match_id))
        with Events.journal() as journal:
            match = await matches.due(self.deps, match_id)
            if match is None:
                return None
            for handler in self._deadlines:
                notice = await handler(match)
                if notice is not None:
                    language = await spoken_in(self.deps, notice.chat_id)
                    told = await self.features.announced(notice.outcome, journal, notice.chat_id, language)
                    return replace(notice, outcome=told)
        return None

    async def on_day_end(self) -> tuple[Notice, ...]:
        """Close the daily challenges of the days that are over (each once): what to tell whom (a daily that ended
        with its day)."""

        async def close() -> tuple[Notice, ...]:
            with Events.journal() as journal:
                await self.deps.events.publish(self.deps, DaysClosing(self.deps.clock()))
                return tuple(journal.made(Notice))

        return await self.alone(0, close)

    async def on_unreachable(self, chat_id: int) -> Notice | None:
        """Telegram refused a message to a private chat: whoever listens settles what waits on it (a private duel
        there that cannot go on is called off, its player leaves a Puzzle Racer, whose puzzles they could not get,
        and their reminders are switched off); what to tell whom comes back (the first notice), or None."""

        async def settle() -> Notice | None:
            with Events.journal() as journal:
                await self.deps.events.publish(self.deps, ChatUnreachable(chat_id, self.deps.clock()))
                told = journal.made(Notice)
                return told[0] if told else None

        return await self.alone(chat_id, settle)

    async def rearm(self) -> int:
        """Arm the timers of every running match (after a restart); how many were armed comes back."""
        return await matches.rearm(self.deps)

    async def arrived(self, who: Who) -> Situation:
        """What every update from a person does first, whatever it is, inside its transaction: the player's display
        name (shown on leaderboards), app language (for private messages) and @username (for /duel @username) are
        kept fresh; then the situation the update finds comes back (its language to answer in among it)."""
        if who.name:
            seen = Seen(who.name, who.language_code or "", who.username)
            await keep_fresh(self.deps.store.players, self.deps.store.transaction, who.user_id, seen, self.deps.clock())
        return await Situation.read(self.deps, who)

    async def on_command(self, who: Who, command: str, args: str = "") -> Outcome:
        """The reply to /command args."""
        if not self.deps.store.transaction.open:  # the console's, a test's: a transaction of its own
            return await self._alone_or_busy(who, lambda: self.on_command(who, command, args))
        with Events.journal() as journal:
            found = await self.arrived(who)
            return await self._announced(await self._command(found, command, args), journal, found)

    async def _command(self, found: Situation, command: str, args: str) -> Outcome:
        who = found.who
        payload = args.strip()
        if command == "start" and payload.lower() in DEEP_LINK_COMMANDS:  # a deep link is its command
            command, args = payload.lower(), ""
        elif command == "start" and not who.private and payload.lower() in GROUP_DEEP_LINKS:
            command, args = GROUP_DEEP_LINKS[payload.lower()], ""
        elif command == "start" and who.private and payload.lower().startswith(DUEL_ME_LINK):
            return await self.features.duel.duel_me(found, payload)
        elif command == "start" and who.private and payload.lower().startswith(DUEL_LINK):
            return await self.features.duel.duel_link(found, payload)
        elif command == "start" and who.private and payload.lower().startswith(REVIEW_LINK):
            return await self.features.review.link(found, payload)
        return await self._ask(self._commands, found, command, lambda handler: handler(found, command, args))

    async def on_text(self, who: Who, text: str) -> Outcome:
        """The reply to a plain message: a guess, an answer, or a nudge."""
        if not self.deps.store.transaction.open:  # the console's, a test's: a transaction of its own
            return await self._alone_or_busy(who, lambda: self.on_text(who, text))
        with Events.journal() as journal:
            found = await self.arrived(who)
            return await self._announced(await self._text(found, text), journal, found)

    async def _text(self, found: Situation, text: str) -> Outcome:
        return await self._ask(self._texts, found, "", lambda handler: handler(found, text))

    async def on_sent(self, who: Who, sent: Sent) -> Outcome:
        """What the Mini App's page sent (a command, a text or a button's data, as the chat would send it), answered
        by the same routes as the chat's, in the caller's transaction (the page's act, with its idempotency record).
        A screen the page draws itself (the Account's `screen` with a page face in the register: a puzzle's) comes
        back without the chat's messages that show it (those marked `shows_screen`, when any is: a ranked game's board
        goes to the chat, both games side by side do not; else all of them); what the act earned is announced all
        the same. A screen the
        page has no face for, or whose face does not take it (a Puzzle Racer's run), keeps them: the chat shows it."""
        if not self.deps.store.transaction.open:  # a test's: a transaction of its own
            return await self._alone_or_busy(who, lambda: self.on_sent(who, sent))
        with Events.journal() as journal:
            found = await self.arrived(who)
            if sent.command is not None:
                outcome = await self._command(found, sent.command, sent.args)
            elif sent.data is not None:
                outcome = await self._button(found, sent.data)
            else:
                outcome = await self._text(found, sent.text or "")
            if self.page.draws(outcome.account.screen):
                marked = any(reply.shows_screen for reply in outcome.replies)
                kept = tuple(reply for reply in outcome.replies if not reply.shows_screen) if marked else ()
                outcome = replace(outcome, replies=kept)
            return await self._announced(outcome, journal, found)

    async def on_page(self, who: Who, act: Callable[[Situation], Awaitable[T]]) -> tuple[T, Outcome]:
        """Something the Mini App does outside a chat update (a review shown on its tab), in the caller's
        transaction: `act`'s result, and an Outcome announcing what it earned the player (an achievement), as a
        message of this chat; an empty one when it earned nothing."""
        with Events.journal() as journal:
            found = await Situation.read(self.deps, who)
            result = await act(found)
            told = await self.features.announced(Outcome(), journal, who.chat_id, found.language)
        return result, told

    async def on_later(self, who: Who, later: Later) -> Outcome:
        """The answer an update promised `who` for later (a review made in the background), from the feature that
        promised it; what it earned is announced with it. Nothing when no feature gives it (a stale promise)."""
        if not self.deps.store.transaction.open:
            return await self._alone_or_busy(who, lambda: self.on_later(who, later))
        handler = self._later.get(later.feature)
        if handler is None:
            return Outcome()
        with Events.journal() as journal:
            found = await self.arrived(who)
            outcome = await handler(found, later)
            told = await self.features.announced(outcome, journal, who.chat_id, found.language)
            return replace(told, language=outcome.language or found.language)

    async def on_inline(self, who: Who, query: str) -> Offers:
        """The results offered when `who` types the bot's username and `query` in any chat."""
        if not self.deps.store.transaction.open:
            return await self.alone(who.user_id, lambda: self.on_inline(who, query))
        found = await self.arrived(who)
        return await self.features.inline.offers(found, query)

    async def _alone_or_busy(self, who: Who, call: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """`call` alone (see `alone`), or, when the person has too much engine work waiting, the word that it waits."""
        try:
            return await self.alone(who.user_id, call)
        except EngineBusy:
            return messages.engine_busy(await self.language(who))

    async def on_button(self, who: Who, data: str) -> Outcome:
        """The reply to a button press; a toast when the button is stale."""
        if not self.deps.store.transaction.open:  # the console's, a test's: a transaction of its own
            return await self._alone_or_busy(who, lambda: self.on_button(who, data))
        with Events.journal() as journal:
            found = await self.arrived(who)
            return await self._announced(await self._button(found, data), journal, found)

    async def _button(self, found: Situation, data: str) -> Outcome:
        try:
            pressed = cb.decode(data, self._declared)
            return await self._ask(self._buttons, found, pressed.action, lambda handler: handler(found, pressed))
        except cb.BadCallback:  # data we never produced (tampered, or malformed arguments): like a stale button
            return messages.stale(found.language)

    async def _announced(self, outcome: Outcome, journal: Journal, found: Situation) -> Outcome:
        """The update's outcome with what it earned announced (whichever feature made the move), in its language."""
        told = await self.features.announced(outcome, journal, found.who.chat_id, found.language)
        return replace(told, language=outcome.language or found.language)  # a change of language says its own

    async def _ask(
        self,
        routes: tuple[Route[H], ...],
        found: Situation,
        key: str,
        ask: Callable[[H], Awaitable[Outcome | None]],
    ) -> Outcome:
        """The first answer of the routes asked about `key` from this chat, in the table's order; whether the person
        is in a match is asked once (the situation keeps it), and only if a route asked is for matches alone."""
        for route in routes:
            if not route.asks(found.who, key):
                continue
            if route.in_match and not await found.in_match():
                continue
            if route.game is not None and ((game := await found.game()) is None or game.mode != route.game):
                continue
            outcome = await ask(route.handler)
            if outcome is not None:
                return outcome
        return Outcome()  # unreachable: every table ends with a route that always answers
