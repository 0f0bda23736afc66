"""One-player games in private chats, whichever way round: /start's menu, starting one (/play, /think, their
buttons, '🔁 Same again', abandoning the running game first), /cancel, and the rules behind /start's button. The
moves are the referee's (features/referee.py) and the guesser's (features/guesser.py)."""

from __future__ import annotations

from dataclasses import replace

from bot import callback_data as cb
from bot import daily as daily_feature
from bot import messages
from bot import think as think_feature
from bot import versus as versus_feature
from bot.days import until_next
from bot.games import lifecycle
from bot.games.lifecycle import NeedsConfirmation
from bot.games.model import Game, Mode
from bot.matches.service import AlreadyOn
from bot.parsing.commands import variant_from_args
from bot.play import board as referee_board
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import t
from engine.variant import InvalidVariant, Variant, variant_named

COMMANDS = (
    Command("start", Chats.PRIVATE),
    Command("play", Chats.PRIVATE),
    Command("think", Chats.PRIVATE),
    Command("cancel", Chats.PRIVATE),
)
# t.me/<bot>?start=PAYLOAD links that stand for a command
DEEP_LINKS = ("play", "think")
# the buttons that start a game (/start's, a finished game's), abandon the running one for it or keep it, play the
# same again, or show the rules
ACTIONS = frozenset({cb.NEW, cb.CONFIRM, cb.KEEP, cb.AGAIN, cb.RULES})


class Games(Feature):
    """Starts, restarts and cancels one-player games, and shows /start's menu."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/start, /play, /think, /cancel in a private chat."""
        language = s.language
        match command:
            case "start":
                return messages.welcome(language, s.settings.variant)
            case "play" | "think":
                try:
                    variant = variant_from_args(args, language)
                except InvalidVariant:
                    return messages.unknown_variant(language, args.strip())
                return await self.start(s, Mode.REFEREE if command == "play" else Mode.GUESSER, variant)
            case "cancel":
                cancelled = await lifecycle.cancel(self.deps, await s.game())
                game = cancelled.game if cancelled else None
                outcome = messages.cancelled(language, game)
                boards = (*think_feature.closed(language, game), *referee_board.closed(language, game))
                return replace(outcome, replies=(*boards, *outcome.replies))
        return None

    async def start(
        self, s: Situation, mode: Mode, variant: Variant | None, replacing: int | None = None, like: Game | None = None
    ) -> Outcome:
        """Start a game of `mode` (with the settings of the game `like`, for the same again), or ask first if
        another is running."""
        who, language = s.who, s.language
        running = await s.game()
        started = await lifecycle.start_game(
            self.deps, who.chat_id, who.user_id, mode, s.settings, running, variant, replacing, like
        )
        if isinstance(started, NeedsConfirmation):
            return messages.confirm_abandon(language, started.running, started.mode, started.variant)
        if mode == Mode.REFEREE:
            outcome = referee_board.started(language, started.game, started.settings)
        else:
            outcome = think_feature.started(
                language, await think_feature.asking(self.deps, started.game, started.game.variant.size)
            )
        return replace(outcome, replies=(*think_feature.closed(language, started.replaced), *outcome.replies))

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A press on /start's menu (a new game, the rules), a finished game's (the same again, a new game), or a
        question's (abandon the running game for a new one, or keep it); a toast when it is stale."""
        language = s.language
        if pressed.action == cb.AGAIN:
            return await self._again(s, pressed.game_id or 0)
        if pressed.action == cb.NEW:
            mode: Mode = cb.mode_of(pressed.args[0] if pressed.args else "")
            return await self.start(s, mode, _variant(pressed.args[1:2]))
        if pressed.action == cb.RULES:
            return messages.rules(language, s.settings.variant)
        game = lifecycle.at_revision(await s.game(), pressed.game_id, pressed.revision)
        if game is None:
            return messages.stale(language)
        if pressed.action == cb.CONFIRM and pressed.args[:1] == (cb.CONFIRM_DAILY,):
            return await self._daily(s, game)
        if pressed.action == cb.CONFIRM and pressed.args[:1] == (cb.CONFIRM_VERSUS,):
            return await self._versus(s, game, _variant(pressed.args[1:2]))
        if pressed.action == cb.CONFIRM:
            mode = cb.mode_of(pressed.args[0] if pressed.args else "")
            return await self.start(s, mode, _variant(pressed.args[1:2]), replacing=game.id)
        return Outcome(toast=t("kept", language))  # cb.KEEP

    async def _versus(self, s: Situation, running: Game, variant: Variant | None) -> Outcome:
        """'Yes' to /versus's question: abandon the running game as 'Yes' to /play's does, and start versus."""
        who, language = s.who, s.language
        abandoned = await lifecycle.cancel(self.deps, running)
        game = abandoned.game if abandoned else None
        started = await versus_feature.start(
            self.deps, who.chat_id, who.user_id, who.name, variant or s.settings.variant
        )
        if isinstance(started, AlreadyOn):
            outcome = versus_feature.reminder(language, started.match)
        else:
            outcome = versus_feature.started(language, started)
        return replace(outcome, replies=(*think_feature.closed(language, game), *outcome.replies))  # as start() does

    async def _daily(self, s: Situation, running: Game) -> Outcome:
        """'Yes' to /daily's question: abandon the running game as 'Yes' to /play's does, and start today's
        challenge (or say where it stands)."""
        who, language = s.who, s.language
        abandoned = await lifecycle.cancel(self.deps, running)
        game = abandoned.game if abandoned else None
        found = await daily_feature.challenge(self.deps, who.chat_id, who.user_id, None)
        outcome = daily_feature.answered(language, found, who.bot_username, until_next(self.deps.clock()))
        return replace(outcome, replies=(*think_feature.closed(language, game), *outcome.replies))

    async def _again(self, s: Situation, game_id: int) -> Outcome:
        """'🔁 Same again' under a finished game of this chat: its mode and variant, and its settings (a daily's
        replay is a practice game on the chat's settings)."""
        who, language = s.who, s.language
        game = await s.game_named(game_id)
        if game is None or game.chat_id != who.chat_id or game.active:
            return messages.stale(language)
        running = await s.game()
        if running is not None and running.daily is not None:  # today's challenge under way: its warning first
            return daily_feature.confirm_leave(language, running, game.mode, game.variant)
        like = None if game.daily is not None else game
        return await self.start(s, game.mode, game.variant, like=like)

    async def no_game(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/hint, /giveup or /undo with no game of theirs running: there is nothing to take a hint in, or to undo."""
        if command == "undo":
            return messages.message("undo.nothing", s.language)
        game = await s.game()
        if game is None:
            return messages.message("no_game", s.language)
        return messages.message("gue.no_hint" if command == "hint" else "ref.not_referee", s.language)

    async def no_game_text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in a private chat with no game running: how to start one."""
        return messages.message("no_game", s.language)


def _variant(args: tuple[str, ...]) -> Variant | None:
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None
