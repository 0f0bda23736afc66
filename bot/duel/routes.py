"""The duel: two players guess each other's secret in turns. In a group, /duel (to one player or to anyone), each
secret set in a private chat through a signed link, the moves in the group; in private, from a "duel me" link, the
whole duel in the two private chats. /resign and /stop end it; its timers end a turn not taken."""

from __future__ import annotations

import re
from dataclasses import replace

from bot import callback_data as cb
from bot import daily as daily_feature
from bot import links, messages
from bot import play as play_feature
from bot import think as think_feature
from bot import versus as versus_feature
from bot.chats import languages
from bot.days import until_next
from bot.duel import group_board as group_duel
from bot.duel import private_board as private_duel
from bot.duel import service as duel
from bot.games import lifecycle
from bot.games.lifecycle import NeedsConfirmation
from bot.games.model import Mode
from bot.links import LinkProblem, valid_for
from bot.matches import service as matches
from bot.matches.model import Match, MatchKind, Phase
from bot.matches.service import AlreadyOn, Crowded
from bot.parsing.commands import BadOptions, parse_options, variant_from_args
from bot.parsing.scores import looks_like_code
from bot.refusal import Refusal
from bot.replies import Notice, Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import t
from bot.who import Who
from engine.variant import InvalidVariant, Variant, variant_named

COMMANDS = (
    Command("duel", Chats.GROUP),
    Command("resign", Chats.ANY),  # a duel in a group, a versus game in private
)
# In a group: a duel is offered, and the duel running in the topic answers a guess, /stop and /resign.
GROUP_COMMANDS = frozenset({"duel", "g", "guess", "stop", "resign"})
# In private, while a private duel is on: the commands that resign it, and those that ask first (Yes resigns it for
# the new game, whose letter its button carries: a game of /play, of /think, today's challenge, a versus game); plain
# messages are its moves.
RESIGNING = frozenset({"resign", "cancel", "giveup"})
NEW_GAMES = {"play": cb.REFEREE, "think": cb.GUESSER, "daily": cb.CONFIRM_DAILY, "versus": cb.CONFIRM_VERSUS}
PRIVATE_COMMANDS = RESIGNING | frozenset(NEW_GAMES)
ACTIONS = frozenset({cb.MATCH, cb.REMATCH})  # an invitation's answer; '🔁 Rematch' under a finished group duel
_USERNAME = re.compile(r"@[A-Za-z0-9_]{1,32}")  # /duel @username (Telegram's usernames: 5-32 of these)


class Duel(Feature):
    """Offers duels and routes their invitations, secrets, moves, resignations and timers to the duel service."""

    # --- in a group ---------------------------------------------------------------------------

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/duel; /g, /stop or /resign while a duel runs in the topic (None when no duel runs there)."""
        who, language = s.who, s.language
        if command == "duel":
            return await self._offer(s, args)
        match = await s.match_here(MatchKind.DUEL)
        if match is None:
            return None
        if command in ("g", "guess"):
            if not args.strip():
                return messages.guess_usage(language, match)
            return await self._guess(who, language, match, args, explicit=True)
        if command == "stop":
            stopped = await duel.stop(self.deps, match, who.user_id, who.as_chat)
            return group_duel.stopped(language, stopped, await languages.of_players(self.deps, match))
        resigned = await duel.resign(self.deps, match, who.user_id)
        players = await languages.of_players(self.deps, match)
        return group_duel.resigned(language, resigned, players, who.bot_username)

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A code typed in a group while a duel runs in its topic: a move (None for chatter, or no duel)."""
        who, language = s.who, s.language
        if not looks_like_code(text):
            return None
        match = await s.match_here(MatchKind.DUEL)
        if match is None:
            return None
        return await self._guess(who, language, match, text, explicit=False)

    async def _offer(self, s: Situation, args: str) -> Outcome:
        who, language = s.who, s.language
        if not who.person:  # a channel or an anonymous admin: no player to duel
            return messages.message("match.not_person", language)
        if await s.private_duel() is not None:
            return messages.message("duel.in_private", language)
        named = await self._named(who, language, args)
        if isinstance(named, Outcome):
            return named
        opponent, args = named
        try:
            options = parse_options(args, language)
        except BadOptions as error:
            return messages.message("duel.options", language, word=str(error))
        variant, seconds = matches.with_defaults(s.settings, options, MatchKind.DUEL)
        if opponent is None and who.reply_to and who.reply_to[0] != who.user_id:
            opponent = who.reply_to
        challenger = (who.user_id, who.name)
        challenged = await duel.challenge(self.deps, who.chat_id, challenger, opponent, variant, seconds, who.topic)
        if isinstance(challenged, AlreadyOn | Crowded):
            return messages.busy(language, challenged)
        return group_duel.invited(language, challenged)

    async def _named(self, who: Who, language: str, args: str) -> tuple[tuple[int, str] | None, str] | Outcome:
        """The player /duel names (a text mention, else a known @username) and the words left for the options;
        or why nobody can be challenged that way."""
        for mentioned in who.mentions:
            if mentioned.text and mentioned.text in args:
                rest = args.replace(mentioned.text, " ", 1)
                if mentioned.is_bot:
                    return messages.message("duel.bot", language)
                return _not_self(who, language, (mentioned.user_id, mentioned.name), rest)
        words = args.split()
        handle = next((w for w in words if _USERNAME.fullmatch(w)), None)
        if handle is None:
            return None, args
        words.remove(handle)  # the first one; the rest are the options
        rest = " ".join(words)
        if who.bot_username and handle[1:].lower() == who.bot_username.lower():
            return messages.message("duel.bot", language)
        known = await self.deps.store.players.by_username(handle[1:])
        if known is None:
            return messages.message("duel.unknown_user", language, username=handle)
        return _not_self(who, language, known, rest)

    async def _guess(self, who: Who, language: str, match: Match, text: str, explicit: bool) -> Outcome:
        """A move in the duel; a refusal only when it was meant as one (/g), plain codes are quiet. A message posted
        as a chat (a channel, an anonymous admin) is no player's move."""
        if not who.person:
            return messages.message("match.not_person", language) if explicit else Outcome()
        moved = await duel.guess(self.deps, match, who.user_id, who.name, text)
        if isinstance(moved, Refusal) and not explicit:
            return Outcome()
        return group_duel.moved(language, moved, await languages.of_players(self.deps, match), who.bot_username)

    # --- buttons ------------------------------------------------------------------------------

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A duel's invitation taken up or declined (in the group, or a "duel me" link's owner in private), or
        '🔁 Rematch' under a finished group duel. None for another kind of match."""
        who, language = s.who, s.language
        match = await s.match_named(pressed.match_id or 0)
        if match is None or match.kind != MatchKind.DUEL:
            return None
        if pressed.action == cb.REMATCH:
            return await self._rematch(who, language, match)
        if match.private and pressed.args[:1] in ((cb.MATCH_LEAVE,), (cb.MATCH_KEEP,)):
            return await self._leave_or_keep(s, match, pressed)
        # a private duel's invitation is answered from its owner's chat, not the chat the duel is kept under
        asked_here = match.private and match.phase == Phase.INVITED
        chat = match.invited_id if asked_here else match.chat_id
        if not match.active or (match.revision, chat) != (pressed.revision, who.chat_id):
            return Outcome(toast=t("match.stale", language))
        verb = pressed.args[0] if pressed.args else ""
        if asked_here and verb in (cb.DUEL_ACCEPT, cb.DUEL_DECLINE):
            return await self._answer_invitation(who, language, match, verb == cb.DUEL_ACCEPT)
        if verb == cb.DUEL_ACCEPT:
            accepted = await duel.accept(self.deps, match, who.user_id, who.name)
            return group_duel.accepted(language, accepted, self._secret_link(who, accepted))
        if verb == cb.DUEL_DECLINE:
            return group_duel.declined(language, await duel.decline(self.deps, match, who.user_id), who.name)
        return Outcome(toast=t("match.stale", language))

    async def _rematch(self, who: Who, language: str, match: Match) -> Outcome:
        """A player's '🔁 Rematch': the same variant and time, the other player invited, in the same topic (a private
        duel's: asked in their private chat)."""
        if match.private and who.private and match.player(who.user_id) is not None:
            invited = await duel.rematch_private(self.deps, match, who.user_id, who.name)
            if isinstance(invited, Refusal) and invited.key == "match.stale":
                return Outcome(toast=t("match.stale", language))
            if isinstance(invited, Refusal):
                return private_duel.invited(language, invited, {})
            players = await languages.of_players(self.deps, invited.match, who.user_id, language)
            return private_duel.invited(language, invited, players)
        if match.active or match.chat_id != who.chat_id or match.private:
            return Outcome(toast=t("match.stale", language))
        other = match.opponent(who.user_id)
        if match.player(who.user_id) is None or other is None:
            return Outcome(toast=t("duel.not_player", language))
        opponent = (other.user_id, other.name)
        challenger = (who.user_id, who.name)
        challenged = await duel.challenge(
            self.deps, who.chat_id, challenger, opponent, match.variant, match.turn_seconds, who.topic
        )
        if isinstance(challenged, AlreadyOn | Crowded):
            return messages.busy(language, challenged)
        return group_duel.invited(language, challenged)

    def _secret_link(self, who: Who, accepted: duel.Accepted | Refusal) -> str | None:
        """The signed link that opens the private chat where a player of this duel sets their secret."""
        if isinstance(accepted, Refusal) or not who.bot_username:
            return None
        expires = valid_for(self.deps.clock(), links.SECRET_LINK_SECONDS)
        payload = self.deps.links.payload(links.DUEL_SECRET, accepted.match.id, expires)
        return f"https://t.me/{who.bot_username}?start={payload}"

    # --- in private ---------------------------------------------------------------------------

    async def duel_link(self, s: Situation, payload: str) -> Outcome:
        """The duel_<match> deep link in a private chat: ask for the player's secret of that duel."""
        who, language = s.who, s.language
        opened = self.deps.links.open(links.DUEL_SECRET, payload, self.deps.clock())
        if isinstance(opened, LinkProblem):
            return messages.message(opened.key, language)
        return group_duel.secret_prompt(language, await duel.open_secret(self.deps, opened.subject, who.user_id))

    async def duel_me(self, s: Situation, payload: str) -> Outcome:
        """The duelme_<user> deep link in a private chat: that user is asked, in theirs, to accept a duel."""
        who, language = s.who, s.language
        opened = self.deps.links.open(links.DUEL_ME, payload, self.deps.clock())
        if isinstance(opened, LinkProblem):
            return messages.message(opened.key, language)
        invited = await duel.invite_private(self.deps, opened.subject, (who.user_id, who.name))
        if isinstance(invited, Refusal):
            return private_duel.invited(language, invited, {})
        players = await languages.of_players(self.deps, invited.match, who.user_id, language)
        return private_duel.invited(language, invited, players)

    async def _answer_invitation(self, who: Who, language: str, match: Match, accept: bool) -> Outcome:
        """The owner of a "duel me" link accepts or declines, in their private chat, the duel its opener asked for."""
        players = await languages.of_players(self.deps, match, who.user_id, language)
        if not accept:
            return private_duel.declined(language, await duel.decline(self.deps, match, who.user_id), players)
        return private_duel.started(language, await duel.accept_private(self.deps, match, who.user_id), players)

    async def private_command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """While a private duel is on: /resign (or /cancel, /giveup) resigns it; /play, /think, /daily, /versus ask
        first whether to resign it for that game (Yes / No), or say what in their words names no variant. None when
        no private duel is on."""
        who, language = s.who, s.language
        match = await s.private_duel()
        if match is None:
            return None
        if command in RESIGNING:
            return await self._resign(s, match)
        try:
            variant = _variant_asked(command, args, language)
        except InvalidVariant:  # as /play and /think answer it
            return messages.unknown_variant(language, args.strip())
        except BadOptions as error:  # as /versus answers it
            return messages.message("vs.options", language, word=str(error))
        return private_duel.confirm_leave(language, match, who.user_id, NEW_GAMES[command], variant)

    async def _resign(self, s: Situation, match: Match) -> Outcome:
        """/resign in a private duel: the other player wins (before play, the duel is off); both told, secrets shown."""
        who, language = s.who, s.language
        resigned = await duel.resign(self.deps, match, who.user_id)
        players = await languages.of_players(self.deps, match, who.user_id, language)
        return private_duel.resigned(language, resigned, players)

    async def _leave_or_keep(self, s: Situation, match: Match, pressed: cb.Callback) -> Outcome:
        """The question before a new game during a private duel answered: Yes resigns the duel as /resign does and
        starts the game asked for; No keeps the duel. Stale unless the duel is the presser's own, in their private
        chat, at the revision it was asked at."""
        who, language = s.who, s.language
        own = await s.private_duel()
        if not who.private or own is None or (own.id, own.revision) != (match.id, pressed.revision):
            return Outcome(toast=t("match.stale", language))
        verb, args = pressed.args[0], pressed.args[1:]
        if verb == cb.MATCH_KEEP and not args:
            return Outcome(toast=t("kept", language))
        if verb != cb.MATCH_LEAVE or len(args) not in (1, 2) or args[0] not in NEW_GAMES.values():
            return Outcome(toast=t("match.stale", language))
        resigned = await self._resign(s, own)
        started = await self._start_asked(s, args[0], _variant_named(args[1:]))
        return replace(started, replies=(*resigned.replies, *started.replies))

    async def _start_asked(self, s: Situation, kind: str, variant: Variant | None) -> Outcome:
        """The game of `kind` (NEW_GAMES' letters) started in `variant` (the chat's when None), as its command starts
        it with no match on: or that command's question, when a one-player game of the player's is still running."""
        who, language = s.who, s.language
        running = await s.game()
        if kind == cb.CONFIRM_DAILY:
            found = await daily_feature.challenge(self.deps, who.chat_id, who.user_id, running)
            return daily_feature.answered(language, found, who.bot_username, until_next(self.deps.clock()))
        if kind == cb.CONFIRM_VERSUS:
            chosen = variant or s.settings.variant
            if running is not None and running.daily is not None:  # today's challenge under way: its warning first
                return daily_feature.confirm_leave_for_versus(language, running, chosen)
            if running is not None:
                return messages.confirm_abandon_for_versus(language, running, chosen)
            against_me = await versus_feature.start(self.deps, who.chat_id, who.user_id, who.name, chosen)
            if isinstance(against_me, AlreadyOn):
                return versus_feature.reminder(language, against_me.match)
            return versus_feature.started(language, against_me)
        mode = cb.mode_of(kind)
        started = await lifecycle.start_game(self.deps, who.chat_id, who.user_id, mode, s.settings, running, variant)
        if isinstance(started, NeedsConfirmation):
            return messages.confirm_abandon(language, started.running, started.mode, started.variant)
        if mode == Mode.REFEREE:
            return play_feature.started(language, started.game, started.settings)
        return think_feature.started(
            language, await think_feature.asking(self.deps, started.game, started.game.variant.size)
        )

    async def private_text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in a private chat: a private duel's secret or move, or a group duel's secret being waited
        for; None if neither. Asked only while the person is in a match (the table's `in_match`)."""
        who, language = s.who, s.language
        match = await s.private_duel()
        if match is not None:
            return await self._private_move(who, language, match, text)
        if not looks_like_code(text):
            return None
        waiting = await s.awaiting_secret()
        if waiting is None:
            return None
        group = await languages.chat_language(self.deps, waiting.chat_id)
        return group_duel.secret_set(language, await duel.set_secret(self.deps, waiting, who.user_id, text), group)

    async def _private_move(self, who: Who, language: str, match: Match, text: str) -> Outcome:
        """A message in a private duel: the player's secret while it is awaited, else a guess on their turn."""
        players = await languages.of_players(self.deps, match, who.user_id, language)
        player = match.player(who.user_id)
        assert player is not None
        if match.phase == Phase.INVITED:  # the one who opened the link, waiting for its owner
            return private_duel.asked(language, match)
        if match.phase == Phase.SECRETS and player.secret is None:
            set_secret = await duel.set_secret(self.deps, match, who.user_id, text)
            return private_duel.secret_set(language, set_secret, players)
        if match.phase == Phase.SECRETS:
            return private_duel.waiting(language, match, who.user_id)
        moved = await duel.guess(self.deps, match, who.user_id, who.name, text)
        return private_duel.moved(language, moved, players)

    # --- timers and unreachable chats ----------------------------------------------------------

    async def on_deadline(self, match: Match) -> Notice | None:
        """A duel's timer went off: an invitation or the secrets lapse, or the player to move forfeits; what to tell
        its chat (in its forum topic), or None (another kind of match, or nothing to tell)."""
        if match.kind != MatchKind.DUEL:
            return None
        timed_out = await duel.time_out(self.deps, match)
        if timed_out is None:
            return None
        players = await languages.of_players(self.deps, match)
        if match.private:
            return Notice(match.chat_id, private_duel.timed_out(timed_out, players))
        language = await languages.chat_language(self.deps, match.chat_id)
        return Notice(match.chat_id, group_duel.timed_out(language, timed_out, players), match.topic)

    async def on_unreachable(self, user_id: int) -> Notice | None:
        """Telegram refused a message to this user's private chat (they never started the bot, or blocked it): a
        private duel of theirs that has not begun is called off and the other player told; None if there is none."""
        called_off = await duel.call_off_unreachable(self.deps, user_id)
        if called_off is None:
            return None
        match, ended = called_off
        players = await languages.of_players(self.deps, match)
        return Notice(match.chat_id, private_duel.unreachable(ended, user_id, players))


def _variant_asked(command: str, args: str, language: str) -> Variant | None:
    """The variant /play, /think or /versus names (None: none named, or /daily); InvalidVariant or BadOptions when
    the words name none, as each command reads them."""
    if command in ("play", "think"):
        return variant_from_args(args, language)
    if command == "versus":
        return parse_options(args, language).variant
    return None


def _variant_named(args: tuple[str, ...]) -> Variant | None:
    """The variant a button names, if it names one this bot knows."""
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None


def _not_self(who: Who, language: str, opponent: tuple[int, str], rest: str) -> tuple[tuple[int, str], str] | Outcome:
    if opponent[0] == who.user_id:
        return messages.message("duel.self", language)
    return opponent, rest
