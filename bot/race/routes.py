"""The group race: /challenge starts one, everyone guesses the bot's code (/g 1234, or a plain code), the first to
find it wins; /stop ends it; its timer ends it when it has a time limit; '🔁 Same again' starts the next."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot.chats import languages
from bot.matches import service as matches
from bot.matches.model import Match, MatchKind
from bot.matches.service import AlreadyOn, Crowded
from bot.parsing.commands import BadOptions, parse_options
from bot.parsing.scores import looks_like_code
from bot.race import board as racing
from bot.race import service as race
from bot.refusal import Refusal
from bot.replies import Notice, Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import t
from bot.who import Who

COMMANDS = (
    Command("challenge", Chats.GROUP),
    Command("g", Chats.GROUP),
    Command("guess", Chats.GROUP),
    Command("stop", Chats.GROUP),
)
# In a group: a race is started, and the race running in the topic answers a guess, /stop and /resign.
GROUP_COMMANDS = frozenset({"challenge", "g", "guess", "stop", "resign"})
ACTIONS = frozenset({cb.REMATCH})  # '🔁 Same again' under a finished race


class Race(Feature):
    """Starts races and routes their guesses, stops and timers to the race service."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/challenge; /g, /stop or /resign while a race runs in the topic (None when no race runs there)."""
        who, language = s.who, s.language
        if command == "challenge":
            return await self._challenge(s, args)
        match = await s.match_here(MatchKind.RACE)
        if match is None:
            return None
        if command in ("g", "guess"):
            if not args.strip():
                return messages.guess_usage(language, match)
            return await self._guess(who, language, match, args, explicit=True)
        if command == "stop":
            stopped = await race.stop(self.deps, match, who.user_id, who.as_chat)
            if isinstance(stopped, Refusal):
                return messages.message(stopped.key, language)
            return racing.ended(language, stopped, who.bot_username) if stopped else Outcome()
        return messages.message("race.no_resign", language)

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A code typed in a group while a race runs in its topic: a guess (None for chatter, or no race)."""
        who, language = s.who, s.language
        if not looks_like_code(text):  # chat: nothing of the match is read, however long it is
            return None
        match = await s.match_here(MatchKind.RACE)
        if match is None:
            return None
        return await self._guess(who, language, match, text, explicit=False)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """'🔁 Same again' under a finished race (anyone in the group may press it): a new race, same variant and
        time, in the forum topic the button was pressed in. None for another kind of match."""
        who, language = s.who, s.language
        match = await s.match_named(pressed.match_id or 0)
        if match is None or match.kind != MatchKind.RACE:
            return None
        if match.active or match.chat_id != who.chat_id:
            return Outcome(toast=t("match.stale", language))
        started = await race.start(self.deps, who.chat_id, who.user_id, match.variant, match.turn_seconds, who.topic)
        if isinstance(started, AlreadyOn | Crowded):
            return messages.busy(language, started)
        return racing.started(language, started.match)

    async def on_deadline(self, match: Match) -> Notice | None:
        """A race's time is up: its summary, in its chat's language and its forum topic (None for other matches)."""
        if match.kind != MatchKind.RACE:
            return None
        ended = await race.expire(self.deps, match)
        if ended is None:
            return None
        language = await languages.chat_language(self.deps, match.chat_id)
        return Notice(match.chat_id, racing.ended(language, ended), match.topic)

    async def _challenge(self, s: Situation, args: str) -> Outcome:
        who, language = s.who, s.language
        try:
            options = parse_options(args, language)
        except BadOptions as error:
            return messages.message("match.options", language, word=str(error))
        variant, seconds = matches.with_defaults(s.settings, options, MatchKind.RACE)
        started = await race.start(self.deps, who.chat_id, who.user_id, variant, seconds, who.topic)
        if isinstance(started, AlreadyOn | Crowded):
            return messages.busy(language, started)
        return racing.started(language, started.match)

    async def _guess(self, who: Who, language: str, match: Match, text: str, explicit: bool) -> Outcome:
        """A guess in the race: its line; a refusal only when it was meant as one (/g), plain codes are quiet. A
        message posted as a chat (a channel, an anonymous admin) is no player's guess."""
        if not who.person:
            return messages.message("match.not_person", language) if explicit else Outcome()
        result = await race.guess(self.deps, match, who.user_id, who.name, text)
        if isinstance(result, Refusal):
            return messages.message(result.key, language, **result.params) if explicit else Outcome()
        if isinstance(result, race.TooLate):
            return messages.message("race.too_late", language) if explicit else Outcome()
        return racing.scored(language, result, who.bot_username)
