"""Playing together: races and duels in groups, versus the bot in private chats, and the matches' timers.

The routing table (bot/routing/table.py) asks this feature first about most updates; a None answer means
"not mine", and the table asks the next feature.
"""

from __future__ import annotations

import re

from bot import callbacks as cb
from bot.models.match import DUEL, RACE, VERSUS, Match, Phase
from bot.models.refusal import Refusal
from bot.models.who import Who
from bot.parsing import looks_like_code
from bot.replies import Notice, Outcome
from bot.routing.routes import ANY, GROUP, PRIVATE, Command, names
from bot.services import duel, languages, race, versus
from bot.services.deps import Deps
from bot.services.links import LinkProblem, valid_for
from bot.services.matches import AlreadyOn, BadOptions, Crowded, parse_options
from bot.texts import example, t
from bot.views import common as common_view
from bot.views import duel as duel_view
from bot.views import private_duel as private_duel_view
from bot.views import race as race_view
from bot.views import versus as versus_view
from engine.scoring import Score
from engine.variant import Variant

COMMANDS = (
    Command("versus", PRIVATE, private_menu=4),
    Command("challenge", GROUP, group_menu=1),
    Command("g", GROUP, group_menu=2),
    Command("guess", GROUP),
    Command("duel", GROUP, group_menu=3),
    Command("stop", GROUP, group_menu=4),
    Command("resign", ANY, private_menu=10, group_menu=5),  # a duel in a group, a versus game in private
)
GROUP_COMMANDS = names(COMMANDS, GROUP)
# Other features' commands that a versus game in progress answers first (resigns it, undoes its last answer, or
# holds them back).
WHILE_VERSUS = frozenset({"cancel", "giveup", "play", "think", "daily", "undo"})
# In private: versus and resign, the group-only commands (to explain where they work), and WHILE_VERSUS.
PRIVATE_COMMANDS = names(COMMANDS) | WHILE_VERSUS
DUEL_PAYLOAD = "duel_"  # t.me/<bot>?start=duel_<match>-...: set your secret for that duel (links are signed)
RACE_PAYLOAD = "race"  # t.me/<bot>?startgroup=race: the bot, added to a group that way, starts a race there
GROUP_DEEP_LINKS = {RACE_PAYLOAD: "challenge"}  # /start PAYLOAD in a group that stands for a command
DUEL_ME_PAYLOAD = "duelme_"  # t.me/<bot>?start=duelme_<user>-...: ask that user for a duel, in both private chats
DUEL_ME_SECONDS = 7 * 24 * 3600  # how long a "duel me" link works (inline mode makes a fresh one each time)
SECRET_LINK_SECONDS = 24 * 3600  # how long a duel's "set my secret" link works (the duel's own timer is shorter)
# Commands that resign a private duel, and those held back while one is on (plain messages are its moves).
RESIGNING = frozenset({"resign", "cancel", "giveup"})
HELD_BACK = frozenset({"play", "think", "daily", "versus"})
_USERNAME = re.compile(r"@[A-Za-z0-9_]{1,32}")  # /duel @username (Telegram's usernames: 5-32 of these)


class Matches:
    """Routes match updates to the race, duel and versus services and renders their results."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    async def group_command(self, who: Who, lang: str, command: str, args: str) -> Outcome | None:
        """The reply to a match command in a group, or None when the command is not about matches."""
        if command not in GROUP_COMMANDS:
            return None
        if command in ("g", "guess"):
            if not args.strip():
                return _usage(lang, await self.deps.matches.active_match(who.chat_id, who.topic))
            return await self._guess(who, lang, args, explicit=True)
        if command == "challenge":
            return await self._challenge(who, lang, args)
        if command == "duel":
            return await self._duel(who, lang, args)
        match = await self.deps.matches.active_match(who.chat_id, who.topic)
        if match is None:
            return common_view.message("match.none", lang)
        if command == "stop":
            return await self._stop(who, lang, match)
        if match.kind == DUEL:
            resigned = await duel.resign(self.deps, match, who.user_id)
            return duel_view.resigned(lang, resigned, await self._privately(match))
        return common_view.message("race.no_resign", lang)

    async def group_text(self, who: Who, lang: str, text: str) -> Outcome | None:
        """A plain message in a group: a guess in the match running in its topic; None if no match runs there."""
        if not looks_like_code(text):  # chat: nothing of the match is read, however long it is
            return Outcome() if await self.deps.matches.has_active_match(who.chat_id, who.topic) else None
        match = await self.deps.matches.active_match(who.chat_id, who.topic)
        if match is None:
            return None
        return await self._guess(who, lang, text, explicit=False, match=match)

    async def button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        """A press on a match's button: duel invitations, versus answers, a rematch."""
        if pressed.action == cb.REMATCH:
            return await self._rematch(who, lang, pressed)
        if pressed.game_id is None:
            return Outcome(toast=t("match.stale", lang))
        match = await self.deps.matches.match(pressed.game_id)
        # a private duel's invitation is answered from its owner's chat, not the chat the duel is kept under
        asked_here = match is not None and match.private and match.phase == Phase.INVITED
        chat = match.invited_id if match is not None and asked_here else match.chat_id if match else None
        if match is None or not match.active or (match.revision, chat) != (pressed.revision, who.chat_id):
            return Outcome(toast=t("match.stale", lang))
        verb = pressed.args[0] if pressed.args else ""
        if asked_here and verb in (cb.DUEL_ACCEPT, cb.DUEL_DECLINE):
            return await self._answer_invitation(who, lang, match, verb == cb.DUEL_ACCEPT)
        if match.kind == DUEL and verb == cb.DUEL_ACCEPT:
            accepted = await duel.accept(self.deps, match, who.user_id, who.name)
            return duel_view.accepted(lang, accepted, self._secret_link(who, accepted))
        if match.kind == DUEL and verb == cb.DUEL_DECLINE:
            return duel_view.declined(lang, await duel.decline(self.deps, match, who.user_id), who.name)
        if match.kind == VERSUS:
            return await self._versus_button(lang, match, verb, pressed.args[1:])
        return Outcome(toast=t("match.stale", lang))

    async def _rematch(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        """'🔁 Same again' under a finished race (anyone in the group may press it: a new race, same variant and
        time), '🔁 Rematch' under a finished versus game or group duel (a player's press: the same variant and
        time; a duel's rematch invites the other player); in the forum topic the button was pressed in."""
        match = await self.deps.matches.match(pressed.game_id or 0)
        if match is None or match.active or match.chat_id != who.chat_id or match.private:
            return Outcome(toast=t("match.stale", lang))
        if match.kind == RACE:
            started = await race.start(
                self.deps, who.chat_id, who.user_id, match.variant, match.turn_seconds, who.topic
            )
            if isinstance(started, AlreadyOn | Crowded):
                return _busy(lang, started)
            return race_view.started(lang, started.match)
        other = match.opponent(who.user_id)
        if match.player(who.user_id) is None or other is None:
            return Outcome(toast=t("duel.not_player", lang))
        if match.kind == VERSUS:
            return await self._versus(who, lang, match.variant)
        opponent = (other.user_id, other.name)
        challenged = await duel.challenge(
            self.deps, who.chat_id, (who.user_id, who.name), opponent, match.variant, match.turn_seconds, who.topic
        )
        if isinstance(challenged, AlreadyOn | Crowded):
            return _busy(lang, challenged)
        return duel_view.invited(lang, challenged)

    async def _versus_button(self, lang: str, match: Match, verb: str, args: tuple[str, ...]) -> Outcome:
        """A versus board's button: an answer, a fix or change, undo, or another look at the board."""
        if verb == cb.MATCH_ANSWER and len(args) == 1:
            answered = await versus.answer(self.deps, match, cb.parse_score_arg(args[0]))
            return versus_view.progressed(lang, answered, in_place=True)
        if verb == cb.MATCH_FIX and len(args) in (2, 3):
            index, fixed = cb.parse_id_arg(args[0]), cb.parse_score_arg(args[1])
            given = cb.parse_score_arg(args[2]) if len(args) == 3 else None
            return versus_view.progressed(lang, await versus.change(self.deps, match, index, fixed, given), True)
        if verb == cb.MATCH_UNDO and not args:
            undone = await versus.undo(self.deps, match)
            return versus_view.progressed(lang, undone, True) if undone else Outcome(toast=t("undo.nothing", lang))
        if verb == cb.MATCH_MORE and len(args) <= 1:
            shown = await versus.standing(self.deps, match, _given(args, 0))
            return Outcome.say(versus_view.board(lang, shown, in_place=True, every_fix=True))
        if verb == cb.MATCH_VIEW and len(args) <= 1:
            return Outcome.say(
                versus_view.board(lang, await versus.standing(self.deps, match, _given(args, 0)), in_place=True)
            )
        if verb == cb.MATCH_CHANGE and len(args) <= 2:
            shown = await versus.standing(self.deps, match, _given(args, 1))
            if not args:
                return Outcome.say(versus_view.board(lang, shown, in_place=True, picking=True))
            index = cb.parse_id_arg(args[0])
            limit = len(shown.bot_turns) + (1 if shown.given is not None else 0)
            if index < limit:
                return Outcome.say(versus_view.board(lang, shown, in_place=True, changing=index))
        return Outcome(toast=t("match.stale", lang))

    async def on_deadline(self, match_id: int) -> Notice | None:
        """The timer of a match went off: what to tell its chat (in the match's forum topic), or None if nothing is
        due."""
        match = await self.deps.matches.match(match_id)
        if match is None or not match.active or match.deadline is None:
            return None
        if match.deadline > self.deps.clock():
            self.deps.timers.arm(match)  # moved on since the timer was set
            return None
        if match.private:
            timed_out = await duel.time_out(self.deps, match)
            privately = await self._privately(match)
            return Notice(match.chat_id, private_duel_view.timed_out(timed_out, privately)) if timed_out else None
        lang = await languages.chat_language(self.deps, match.chat_id)
        told: Outcome | None = None
        if match.kind == RACE:
            ended = await race.expire(self.deps, match)
            told = race_view.ended(lang, ended) if ended else None
        elif match.kind == DUEL:
            timed_out = await duel.time_out(self.deps, match)
            told = duel_view.timed_out(lang, timed_out, await self._privately(match)) if timed_out else None
        return Notice(match.chat_id, told, match.topic) if told is not None else None

    async def on_unreachable(self, user_id: int) -> Notice | None:
        """Telegram refused a message to this user's private chat (they never started the bot, or blocked it): a
        private duel of theirs that has not begun is called off and the other player told; None if there is none."""
        match = await self.deps.matches.private_duel(user_id, invitations=True)
        if match is None:
            return None
        ended = await duel.call_off(self.deps, match)
        if ended is None:
            return None
        return Notice(match.chat_id, private_duel_view.unreachable(ended, user_id, await self._privately(match)))

    async def rearm(self) -> int:
        """Arm the timers of every running match (after a restart); how many were armed comes back."""
        running = await self.deps.matches.with_deadlines()
        for match in running:
            self.deps.timers.arm(match)
        return len(running)

    # --- groups -------------------------------------------------------------------------------

    async def _options(
        self, who: Who, lang: str, args: str, usage: str, kind: str
    ) -> tuple[Variant, int | None] | Outcome:
        """The variant and time a command asks for (by default the chat's own variant and its admins' default time
        for this kind of match), or `usage` explaining why the options are not understood."""
        try:
            options = parse_options(args)
        except BadOptions as error:
            return common_view.message(usage, lang, word=str(error))
        settings = await self.deps.games.settings(who.chat_id)
        seconds = options.seconds if options.seconds is not None else settings.match_seconds(kind)
        return options.variant or settings.variant, seconds

    async def _challenge(self, who: Who, lang: str, args: str) -> Outcome:
        chosen = await self._options(who, lang, args, "match.options", RACE)
        if isinstance(chosen, Outcome):
            return chosen
        variant, seconds = chosen
        started = await race.start(self.deps, who.chat_id, who.user_id, variant, seconds, who.topic)
        if isinstance(started, AlreadyOn | Crowded):
            return _busy(lang, started)
        return race_view.started(lang, started.match)

    async def _duel(self, who: Who, lang: str, args: str) -> Outcome:
        if await self.deps.matches.private_duel(who.user_id) is not None:
            return common_view.message("duel.in_private", lang)
        named = await self._named(who, lang, args)
        if isinstance(named, Outcome):
            return named
        opponent, args = named
        chosen = await self._options(who, lang, args, "duel.options", DUEL)
        if isinstance(chosen, Outcome):
            return chosen
        variant, seconds = chosen
        if opponent is None and who.reply_to and who.reply_to[0] != who.user_id:
            opponent = who.reply_to
        challenger = (who.user_id, who.name)
        challenged = await duel.challenge(self.deps, who.chat_id, challenger, opponent, variant, seconds, who.topic)
        if isinstance(challenged, AlreadyOn | Crowded):
            return _busy(lang, challenged)
        return duel_view.invited(lang, challenged)

    async def _named(self, who: Who, lang: str, args: str) -> tuple[tuple[int, str] | None, str] | Outcome:
        """The player /duel names (a text mention, else a known @username) and the words left for the options;
        or why nobody can be challenged that way."""
        for mentioned in who.mentions:
            if mentioned.text and mentioned.text in args:
                rest = args.replace(mentioned.text, " ", 1)
                if mentioned.is_bot:
                    return common_view.message("duel.bot", lang)
                return self._not_self(who, lang, (mentioned.user_id, mentioned.name), rest)
        words = args.split()
        handle = next((w for w in words if _USERNAME.fullmatch(w)), None)
        if handle is None:
            return None, args
        words.remove(handle)  # the first one; the rest are the options
        rest = " ".join(words)
        if who.bot_username and handle[1:].lower() == who.bot_username.lower():
            return common_view.message("duel.bot", lang)
        known = await self.deps.stats.by_username(handle[1:])
        if known is None:
            return common_view.message("duel.unknown_user", lang, username=handle)
        return self._not_self(who, lang, known, rest)

    @staticmethod
    def _not_self(who: Who, lang: str, opponent: tuple[int, str], rest: str) -> tuple[tuple[int, str], str] | Outcome:
        if opponent[0] == who.user_id:
            return common_view.message("duel.self", lang)
        return opponent, rest

    async def _guess(self, who: Who, lang: str, text: str, explicit: bool, match: Match | None = None) -> Outcome:
        match = match if match is not None else await self.deps.matches.active_match(who.chat_id, who.topic)
        if match is None:
            return common_view.message("match.none", lang) if explicit else Outcome()
        if match.kind == RACE:
            result = await race.guess(self.deps, match, who.user_id, who.name, text)
            if isinstance(result, Refusal):
                return common_view.message(result.key, lang, **result.params) if explicit else Outcome()
            if isinstance(result, race.TooLate):
                return common_view.message("race.too_late", lang) if explicit else Outcome()
            return race_view.scored(lang, result)
        moved = await duel.guess(self.deps, match, who.user_id, who.name, text)
        if isinstance(moved, Refusal) and not explicit:
            return Outcome()
        return duel_view.moved(lang, moved, await self._privately(match))

    async def _stop(self, who: Who, lang: str, match: Match) -> Outcome:
        if match.kind == RACE:
            stopped = await race.stop(self.deps, match, who.user_id, who.as_chat)
            if isinstance(stopped, Refusal):
                return common_view.message(stopped.key, lang)
            return race_view.ended(lang, stopped) if stopped else Outcome()
        stopped = await duel.stop(self.deps, match, who.user_id, who.as_chat)
        return duel_view.stopped(lang, stopped, await self._privately(match))

    async def _privately(self, match: Match, who: Who | None = None, lang: str = "") -> dict[int, str]:
        """The language of each player's private chat, for what the duel tells them there (`who`'s own: `lang`,
        the one their update is answered in)."""
        found = {p.user_id: await languages.private_language(self.deps, p.user_id) for p in match.players}
        return {**found, who.user_id: lang} if who is not None else found

    # --- private chats --------------------------------------------------------------------------

    def _secret_link(self, who: Who, accepted: duel.Accepted | Refusal) -> str | None:
        """The signed link that opens the private chat where a player of this duel sets their secret."""
        if isinstance(accepted, Refusal) or not who.bot_username:
            return None
        expires = valid_for(self.deps.clock(), SECRET_LINK_SECONDS)
        payload = self.deps.links.payload(DUEL_PAYLOAD, accepted.match.id, expires)
        return f"https://t.me/{who.bot_username}?start={payload}"

    async def duel_link(self, who: Who, lang: str, payload: str) -> Outcome:
        """The duel_<match> deep link in a private chat: ask for the player's secret of that duel."""
        opened = self.deps.links.open(DUEL_PAYLOAD, payload, self.deps.clock())
        if isinstance(opened, LinkProblem):
            return common_view.message(opened.key, lang)
        return duel_view.secret_prompt(lang, await duel.open_secret(self.deps, opened.subject, who.user_id))

    async def duel_me(self, who: Who, lang: str, payload: str) -> Outcome:
        """The duelme_<user> deep link in a private chat: that user is asked, in theirs, to accept a duel."""
        opened = self.deps.links.open(DUEL_ME_PAYLOAD, payload, self.deps.clock())
        if isinstance(opened, LinkProblem):
            return common_view.message(opened.key, lang)
        invited = await duel.invite_private(self.deps, opened.subject, (who.user_id, who.name))
        if isinstance(invited, Refusal):
            return private_duel_view.invited(lang, invited, {})
        return private_duel_view.invited(lang, invited, await self._privately(invited.match, who, lang))

    async def _answer_invitation(self, who: Who, lang: str, match: Match, accept: bool) -> Outcome:
        """The owner of a "duel me" link accepts or declines, in their private chat, the duel its opener asked for."""
        privately = await self._privately(match, who, lang)
        if not accept:
            return private_duel_view.declined(lang, await duel.decline(self.deps, match, who.user_id), privately)
        return private_duel_view.started(lang, await duel.accept_private(self.deps, match, who.user_id), privately)

    async def private_command(self, who: Who, lang: str, command: str, args: str) -> Outcome | None:
        """A private duel's /resign (or /cancel, /giveup), with /play, /think, /daily, /versus held back while it
        is on; /versus; a running versus game's /resign (or /cancel, /giveup), and /play, /think, /daily held back
        while it runs; group-only commands explained. None for the rest."""
        private_duel = await self.deps.matches.private_duel(who.user_id)
        if private_duel is not None and command in RESIGNING:
            resigned = await duel.resign(self.deps, private_duel, who.user_id)
            return private_duel_view.resigned(lang, resigned, await self._privately(private_duel, who, lang))
        if private_duel is not None and command in HELD_BACK:
            return private_duel_view.running(lang)
        if command == "versus":
            chosen = await self._options(who, lang, args, "vs.options", VERSUS)
            return chosen if isinstance(chosen, Outcome) else await self._versus(who, lang, chosen[0])
        running = await self.deps.matches.active_match(who.chat_id)
        if running is not None and running.kind == VERSUS and command in ("resign", "cancel", "giveup"):
            return versus_view.resigned(lang, await versus.resign(self.deps, running))
        if running is not None and running.kind == VERSUS and command == "undo":
            undone = await versus.undo(self.deps, running)
            return versus_view.progressed(lang, undone, in_place=False) if undone else None
        if running is not None and running.kind == VERSUS and command in ("play", "think", "daily"):
            return common_view.message("vs.running", lang)
        if command == "resign":
            return common_view.message("vs.none", lang)
        if command in GROUP_COMMANDS:
            return common_view.message("match.group_only", lang)
        return None

    async def _private_duel_move(self, who: Who, lang: str, match: Match, text: str) -> Outcome:
        """A message in a private duel: the player's secret while it is awaited, else a guess on their turn."""
        privately = await self._privately(match, who, lang)
        player = match.player(who.user_id)
        assert player is not None
        if match.phase == Phase.INVITED:  # the one who opened the link, waiting for its owner
            return private_duel_view.asked(lang, match)
        if match.phase == Phase.SECRETS and player.secret is None:
            set_secret = await duel.set_secret(self.deps, match, who.user_id, text)
            return private_duel_view.secret_set(lang, set_secret, privately)
        if match.phase == Phase.SECRETS:
            return private_duel_view.waiting(lang, match, who.user_id)
        moved = await duel.guess(self.deps, match, who.user_id, who.name, text)
        return private_duel_view.moved(lang, moved, privately)

    async def _versus(self, who: Who, lang: str, variant: Variant) -> Outcome:
        if await self.deps.games.active_game(who.chat_id) is not None:
            return common_view.message("vs.busy", lang)
        started = await versus.start(self.deps, who.chat_id, who.user_id, who.name, variant)
        if isinstance(started, AlreadyOn):
            return versus_view.reminder(lang, started.match)
        return versus_view.started(lang, started)

    async def private_text(self, who: Who, lang: str, text: str) -> Outcome | None:
        """A plain message in a private chat: a private duel's secret or move, a group duel's secret being waited
        for, or a versus move; None if none of these."""
        if not await self.deps.matches.any_active(who.chat_id, who.user_id):
            return None
        private_duel = await self.deps.matches.private_duel(who.user_id)
        if private_duel is not None:
            return await self._private_duel_move(who, lang, private_duel, text)
        if looks_like_code(text):
            waiting = await self.deps.matches.awaiting_secret(who.user_id)
            if waiting is not None:
                group = await languages.chat_language(self.deps, waiting.chat_id)
                return duel_view.secret_set(lang, await duel.set_secret(self.deps, waiting, who.user_id, text), group)
        running = await self.deps.matches.active_match(who.chat_id)
        if running is None or running.kind != VERSUS:
            return None
        return versus_view.moved(lang, running, await versus.move(self.deps, running, text))


def _given(args: tuple[str, ...], at: int) -> Score | None:
    """The answer to the bot's pending guess a versus button carries (at `at`), if it carries one."""
    return cb.parse_score_arg(args[at]) if len(args) > at else None


def _busy(lang: str, refused: AlreadyOn | Crowded) -> Outcome:
    """Why no match starts: one is on here (in this topic), or the group runs as many as it may."""
    if isinstance(refused, Crowded):
        return common_view.message("match.crowded", lang, n=refused.limit)
    match = refused.match
    key = "match.already.race" if match.kind == RACE else "match.already.duel"
    return common_view.message(key, lang, example=example(match.variant))


def _usage(lang: str, match: Match | None) -> Outcome:
    if match is None:
        return common_view.message("match.none", lang)
    return common_view.message("match.guess_usage", lang, example=example(match.variant))
