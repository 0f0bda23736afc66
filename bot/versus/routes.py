"""Versus the bot, in a private chat: /versus starts it, then the player guesses the bot's code and answers the bot's
guesses of theirs in turns, on one board (answers, fixes and undo from its buttons); /resign ends it."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot import daily as daily_feature
from bot import messages
from bot import play as play_feature
from bot import think as think_feature
from bot.days import until_next
from bot.games import lifecycle
from bot.games.lifecycle import NeedsConfirmation
from bot.games.model import Mode
from bot.matches import service as matches
from bot.matches.model import Match, MatchKind
from bot.matches.service import AlreadyOn
from bot.parsing.commands import BadOptions, parse_options, variant_from_args
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import t
from bot.versus import board as versus_board
from bot.versus import service as versus
from engine.scoring import Score
from engine.variant import InvalidVariant, Variant, variant_named

COMMANDS = (Command("versus", Chats.PRIVATE),)
# In private: /versus, and /resign (with no game: there is none); and what a versus game in progress answers first
# (resigns it, undoes its last answer, or asks before resigning it for a new game: Yes / No).
STARTING = frozenset({"versus", "resign"})
RESIGNING = frozenset({"resign", "cancel", "giveup"})
NEW_GAMES = {
    "play": cb.REFEREE,
    "think": cb.GUESSER,
    "daily": cb.CONFIRM_DAILY,
}  # the new game's mode on the Yes button
RUNNING_COMMANDS = frozenset({"undo"}) | RESIGNING | frozenset(NEW_GAMES)
ACTIONS = frozenset({cb.MATCH, cb.REMATCH})  # the board's buttons; '🔁 Rematch' under a finished game


class Versus(Feature):
    """Starts versus games and routes their moves and board buttons to the versus service."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/versus; /resign, of the running game or of none."""
        language = s.language
        if command == "versus":
            try:
                options = parse_options(args, language)
            except BadOptions as error:
                return messages.message("vs.options", language, word=str(error))
            variant, _ = matches.with_defaults(s.settings, options, MatchKind.VERSUS)
            return await self._start(s, variant)
        return await self.running_command(s, command, args) or messages.message("vs.none", language)

    async def running_command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """A running game's /resign (or /cancel, /giveup) and /undo, with /play, /think, /daily held back (None when no
        versus game runs here)."""
        language = s.language
        running = await s.match_here(MatchKind.VERSUS)
        if running is None:
            return None
        if command in RESIGNING:
            return versus_board.resigned(language, await versus.resign(self.deps, running))
        if command == "undo":
            undone = await versus.undo(self.deps, running)
            return versus_board.progressed(language, undone, in_place=False) if undone else None
        if command in NEW_GAMES:  # asked as a one-player game asks before it is abandoned: Yes / No
            try:
                variant = None if command == "daily" else variant_from_args(args, language)
            except InvalidVariant:
                return messages.unknown_variant(language, args.strip())
            return versus_board.confirm_leave(language, running, NEW_GAMES[command], variant)
        return None

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in a private chat while a versus game runs there: a guess or an answer (None otherwise)."""
        language = s.language
        running = await s.match_here(MatchKind.VERSUS)
        if running is None:
            return None
        return versus_board.moved(language, running, await versus.move(self.deps, running, text, language))

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A versus board's button (an answer, a fix or change, undo, another look), or '🔁 Rematch' under a finished
        game. None for another kind of match."""
        who, language = s.who, s.language
        match = await s.match_named(pressed.match_id or 0)
        if match is None or match.kind != MatchKind.VERSUS:
            return None
        if pressed.action == cb.REMATCH:
            if match.active or match.chat_id != who.chat_id:
                return Outcome(toast=t("match.stale", language))
            if match.player(who.user_id) is None or match.opponent(who.user_id) is None:
                return Outcome(toast=t("duel.not_player", language))
            return await self._start(s, match.variant)
        if not match.active or (match.revision, match.chat_id) != (pressed.revision, who.chat_id):
            return Outcome(toast=t("match.stale", language))
        verb, args = (pressed.args[0] if pressed.args else ""), pressed.args[1:]
        if verb == cb.MATCH_KEEP and not args:
            return Outcome(toast=t("kept", language))
        if verb == cb.MATCH_LEAVE and args == (cb.CONFIRM_DAILY,):
            return await self._leave_for_daily(s, match)
        if verb == cb.MATCH_LEAVE and len(args) in (1, 2):
            return await self._leave(s, match, cb.mode_of(args[0]), _variant(args[1:]))
        return await self._board_button(language, match, verb, args)

    async def _start(self, s: Situation, variant: Variant) -> Outcome:
        who, language = s.who, s.language
        running = await s.game()
        if running is not None and running.daily is not None:  # today's challenge under way: its warning first
            return daily_feature.confirm_leave_for_versus(language, running, variant)
        if running is not None:  # asked as before any new game: abandon it (Yes) or keep playing (No)
            return messages.confirm_abandon_for_versus(language, running, variant)
        started = await versus.start(self.deps, who.chat_id, who.user_id, who.name, variant)
        if isinstance(started, AlreadyOn):
            return versus_board.reminder(language, started.match)
        return versus_board.started(language, started)

    async def _leave(self, s: Situation, match: Match, mode: Mode, variant: Variant | None) -> Outcome:
        """'Yes' to the question before a new game: resign the running game (its final board), start the new one."""
        who, language = s.who, s.language
        resigned = versus_board.resigned(language, await versus.resign(self.deps, match))
        started = await lifecycle.start_game(
            self.deps, who.chat_id, who.user_id, mode, s.settings, await s.game(), variant
        )
        if isinstance(started, NeedsConfirmation):  # a one-player game as well: its own question next
            outcome = messages.confirm_abandon(language, started.running, started.mode, started.variant)
        elif mode == Mode.REFEREE:
            outcome = play_feature.started(language, started.game, started.settings)
        else:
            outcome = think_feature.started(
                language, await think_feature.asking(self.deps, started.game, started.game.variant.size)
            )
        return replace(outcome, replies=(*resigned.replies, *outcome.replies))

    async def _leave_for_daily(self, s: Situation, match: Match) -> Outcome:
        """'Yes' to the question before /daily: resign the running game (its final board), then today's challenge."""
        who, language = s.who, s.language
        resigned = versus_board.resigned(language, await versus.resign(self.deps, match))
        found = await daily_feature.challenge(self.deps, who.chat_id, who.user_id, await s.game())
        outcome = daily_feature.answered(language, found, who.bot_username, until_next(self.deps.clock()))
        return replace(outcome, replies=(*resigned.replies, *outcome.replies))

    async def _board_button(self, language: str, match: Match, verb: str, args: tuple[str, ...]) -> Outcome:
        """A versus board's button: an answer, a fix or change, undo, or another look at the board."""
        if verb == cb.MATCH_ANSWER and len(args) == 1:
            answered = await versus.answer(self.deps, match, cb.decode_score(args[0]))
            return versus_board.progressed(language, answered, in_place=True)
        if verb == cb.MATCH_FIX and len(args) in (2, 3):
            index, fixed = cb.decode_id(args[0]), cb.decode_score(args[1])
            given = cb.decode_score(args[2]) if len(args) == 3 else None
            changed = await versus.change(self.deps, match, index, fixed, given)
            return versus_board.progressed(language, changed, in_place=True)
        if verb == cb.MATCH_UNDO and not args:
            undone = await versus.undo(self.deps, match)
            if not undone:
                return Outcome(toast=t("undo.nothing", language))
            return versus_board.progressed(language, undone, in_place=True)
        if verb == cb.MATCH_MORE and len(args) <= 1:
            shown = await versus.position(self.deps, match, _given(args, 0))
            return versus_board.shown(language, shown, every_fix=True)
        if verb == cb.MATCH_VIEW and len(args) <= 1:
            shown = await versus.position(self.deps, match, _given(args, 0))
            return versus_board.shown(language, shown)
        if verb == cb.MATCH_CHANGE and len(args) <= 2:
            shown = await versus.position(self.deps, match, _given(args, 1))
            if not args:
                return versus_board.shown(language, shown, picking=True)
            index = cb.decode_id(args[0])
            limit = len(shown.bot_turns) + (1 if shown.given is not None else 0)
            if index < limit:
                return versus_board.shown(language, shown, changing=index)
        return Outcome(toast=t("match.stale", language))


def _variant(args: tuple[str, ...]) -> Variant | None:
    """The variant a button names, if it names one this bot knows."""
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None


def _given(args: tuple[str, ...], at: int) -> Score | None:
    """The answer to the bot's pending guess a versus button carries (at `at`), if it carries one."""
    return cb.decode_score(args[at]) if len(args) > at else None
