"""The transport-independent bot: commands, text and button presses in, Outcomes out.

Telegram handlers and the console both call this; it picks the service and the view.
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass

from bot import callbacks as cb
from bot import scoreboard
from bot.models.game import GUESSER, REFEREE, Game, Mode
from bot.parsing import looks_like_code, parse_answer
from bot.play import PlayTogether
from bot.replies import Outcome
from bot.services import common, guesser, referee
from bot.services import settings as settings_service
from bot.services.common import NeedsConfirmation
from bot.services.deps import Deps
from bot.texts import t
from bot.views import common as common_view
from bot.views import guesser as guesser_view
from bot.views import referee as referee_view
from bot.views import settings as settings_view
from engine.scoring import Score
from engine.variant import InvalidVariant, Variant, variant_named

# Deep-link payloads (t.me/<bot>?start=PAYLOAD) that stand for a command.
START_PAYLOADS = {name: name for name in ("play", "think", "daily", "rules", "settings")}


@dataclass(frozen=True)
class Who:
    """Where an update comes from: the chat, the user, whether the chat is private."""

    chat_id: int
    user_id: int
    private: bool = True
    bot_username: str | None = None
    name: str = ""  # the user's display name, for leaderboards
    as_chat: bool = False  # posted as the group itself: an anonymous admin
    reply_to: tuple[int, str] | None = None  # the user (id, name) whose message this one replies to


class Core:
    """Routes each update to a service and renders the result; holds no game state of its own."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.together = PlayTogether(deps)  # races, duels, versus (bot/play.py)
        self._chat_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def chat_lock(self, chat_id: int) -> asyncio.Lock:
        """The lock that keeps one chat's updates in order while other chats go on concurrently."""
        lock = self._chat_locks.get(chat_id)
        if lock is None:
            lock = self._chat_locks[chat_id] = asyncio.Lock()
        return lock

    async def language(self, chat_id: int) -> str:
        """The chat's language."""
        return (await self.deps.games.settings(chat_id)).language

    async def remember_board(self, game_id: int, message_id: int | None) -> None:
        """Record the message that now shows a game's board."""
        async with self.deps.transaction():
            await self.deps.games.set_board(game_id, message_id)

    async def on_deadline(self, match_id: int) -> tuple[int, Outcome] | None:
        """A match's timer went off: the chat and what to tell it, or None if nothing is due."""
        return await self.together.on_deadline(match_id)

    async def rearm(self) -> int:
        """Arm the timers of every running match (after a restart); how many were armed comes back."""
        return await self.together.rearm()

    # --- commands -------------------------------------------------------------------------

    async def on_command(self, who: Who, command: str, args: str = "") -> Outcome:
        """The reply to /command args."""
        lang = await self.language(who.chat_id)
        await scoreboard.seen(self.deps, who)
        if command == "start" and args.strip().lower() in START_PAYLOADS:  # a deep link is its command
            command, args = START_PAYLOADS[args.strip().lower()], ""
        if (played := await self.together.on_command(who, lang, command, args)) is not None:
            return played  # first: a versus game in progress holds /daily back
        if (board := await scoreboard.on_command(self.deps, who, command, args, lang)) is not None:
            return board
        if not who.private:
            return common_view.group_note(lang, who.bot_username)
        if command == "start" and args.strip():
            command, args = START_PAYLOADS.get(args.strip().lower(), "start"), ""
        settings = await self.deps.games.settings(who.chat_id)
        game = await self.deps.games.active_game(who.chat_id)
        match command:
            case "start":
                return common_view.welcome(lang, settings.variant)
            case "help":
                return common_view.message("help", lang)
            case "rules":
                return common_view.rules(lang, settings.variant)
            case "settings":
                return settings_view.board(lang, settings)
            case "play" | "think":
                try:
                    variant = settings_service.variant_from_args(args)
                except InvalidVariant:
                    return common_view.message("variant.invalid", lang, name=args.strip())
                return await self.start(who, REFEREE if command == "play" else GUESSER, variant)
            case "cancel":
                cancelled = await common.cancel(self.deps, who.chat_id)
                game = cancelled.game if cancelled else None
                outcome = common_view.cancelled(lang, game)
                return Outcome((*guesser_view.closed(lang, game), *outcome.replies))
            case "hint" | "giveup":
                return await self._referee_command(lang, game, command)
            case "undo":
                return await self._undo(lang, who, game, in_place=False)
            case "reveal":
                return await self._reveal(lang, who, game, args)
        return common_view.message("unknown_command", lang)

    async def start(self, who: Who, mode: Mode, variant: Variant | None, replacing: int | None = None) -> Outcome:
        """Start a game of `mode`, or ask first if another is running."""
        lang = await self.language(who.chat_id)
        started = await common.start_game(self.deps, who.chat_id, who.user_id, mode, variant, replacing)
        if isinstance(started, NeedsConfirmation):
            return common_view.confirm_abandon(lang, started.running, started.mode, started.variant)
        if mode == REFEREE:
            outcome = referee_view.started(lang, started.game, started.settings)
        else:
            outcome = guesser_view.started(lang, await guesser.asking(started.game, started.game.variant.size))
        return Outcome((*guesser_view.closed(lang, started.replaced), *outcome.replies), outcome.toast)

    async def _referee_command(self, lang: str, game: Game | None, command: str) -> Outcome:
        if game is None:
            return common_view.message("no_game", lang)
        if game.mode != REFEREE:
            return common_view.message("ref.not_referee", lang)
        if command == "hint":
            return referee_view.hinted(lang, await referee.hint(self.deps, game))
        return referee_view.gave_up(lang, await referee.give_up(self.deps, game))

    async def _undo(self, lang: str, who: Who, game: Game | None, in_place: bool) -> Outcome:
        if game is None or game.mode != GUESSER:
            return common_view.message("undo.nothing", lang)
        progress = await guesser.undo(self.deps, game, who.user_id)
        if progress is None:
            return common_view.message("undo.nothing", lang)
        return guesser_view.progressed(lang, progress, in_place)

    async def _reveal(self, lang: str, who: Who, game: Game | None, args: str) -> Outcome:
        target = game if game is not None and game.mode == GUESSER else None
        target = target or await self.deps.games.latest_game(who.chat_id, GUESSER)
        if target is None:
            return common_view.message("reveal.nothing", lang)
        if not args.strip():
            return common_view.message("reveal.usage", lang, example=guesser_view.example(target.variant))
        result = await guesser.reveal(self.deps, target, args)
        if isinstance(result, guesser.Revealed):
            return guesser_view.revealed(lang, result)
        return common_view.message(f"invalid.{result.key}", lang, **result.params)

    # --- plain text -------------------------------------------------------------------------

    async def on_text(self, who: Who, text: str) -> Outcome:
        """The reply to a plain message: a guess, an answer, or a nudge."""
        await scoreboard.seen(self.deps, who)
        if (played := await self.together.on_text(who, await self.language(who.chat_id), text)) is not None:
            return played
        if not who.private:
            return Outcome()
        lang = await self.language(who.chat_id)
        game = await self.deps.games.active_game(who.chat_id)
        if game is None:
            return common_view.message("no_game", lang)
        if game.mode == REFEREE:
            if not looks_like_code(text):
                return common_view.message("ref.not_code", lang, example=guesser_view.example(game.variant))
            result = await referee.guess(self.deps, game, who.user_id, text)
            if isinstance(result, common.Rejected):
                return referee_view.rejected(lang, result)
            return await scoreboard.after_guess(self.deps, who, lang, result, referee_view.scored(lang, result))
        given = parse_answer(text)
        if given is None:
            return common_view.message("gue.unreadable", lang)
        return await self._answer(lang, who, game, given, in_place=False)

    async def _answer(self, lang: str, who: Who, game: Game, given: Score, in_place: bool) -> Outcome:
        progress = await guesser.answer(self.deps, game, who.user_id, given)
        if isinstance(progress, guesser.Refused):
            return guesser_view.refused(lang, progress, game)
        return guesser_view.progressed(lang, progress, in_place)

    # --- buttons ----------------------------------------------------------------------------

    async def on_button(self, who: Who, data: str) -> Outcome:
        """The reply to a button press; a toast says when the button is stale."""
        lang = await self.language(who.chat_id)
        try:
            pressed = cb.decode(data)
            return await self._button(who, lang, pressed)
        except cb.BadCallback:  # data we never produced (tampered, or malformed arguments): like a stale button
            return Outcome(toast=t("stale", lang))

    async def _button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        await scoreboard.seen(self.deps, who)
        if pressed.action in cb.BOARD_ACTIONS:
            return await scoreboard.on_button(self.deps, who, pressed, lang)
        if pressed.action == cb.MATCH:
            return await self.together.on_button(who, lang, pressed)
        if not who.private:
            return Outcome(toast=t("group.soon", lang, link=""))
        if pressed.game_id is None:
            return await self._menu_button(who, lang, pressed)
        assert pressed.revision is not None
        game = await common.current_game(self.deps, who.chat_id, pressed.game_id, pressed.revision)
        if game is None:
            return Outcome(toast=t("stale", lang))
        return await self._game_button(who, lang, game, pressed)

    async def _menu_button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        if pressed.action == cb.NEW:
            mode: Mode = GUESSER if pressed.args[:1] == ("g",) else REFEREE
            return await self.start(who, mode, _variant(pressed.args[1:2]))
        if pressed.action == cb.RULES:
            return common_view.rules(lang, (await self.deps.games.settings(who.chat_id)).variant)
        if pressed.action == cb.SETTINGS:
            return settings_view.board(lang, await self.deps.games.settings(who.chat_id))
        field = pressed.args[0] if pressed.args else ""
        if field == "x":
            return settings_view.closed(lang, await self.deps.games.settings(who.chat_id))
        value = pressed.args[1] if len(pressed.args) > 1 else ""
        updated = await settings_service.change(self.deps, who.chat_id, field, value)
        return settings_view.board(lang, updated, edit=True)

    async def _game_button(self, who: Who, lang: str, game: Game, pressed: cb.Callback) -> Outcome:
        match pressed.action:
            case cb.CONFIRM:
                mode: Mode = GUESSER if pressed.args[:1] == ("g",) else REFEREE
                return await self.start(who, mode, _variant(pressed.args[1:2]), replacing=game.id)
            case cb.KEEP:
                return Outcome(toast=t("kept", lang))
            case cb.ANSWER if game.mode == GUESSER and len(pressed.args) == 1:
                return await self._answer(lang, who, game, cb.parse_score_arg(pressed.args[0]), in_place=True)
            case cb.UNDO:
                return await self._undo(lang, who, game, in_place=True)
            case cb.RESTART if game.mode == GUESSER:
                return guesser_view.progressed(lang, await guesser.start_over(self.deps, game, who.user_id), True)
            case cb.FIX if game.mode == GUESSER and len(pressed.args) == 2:
                turn, fixed = cb.parse_id_arg(pressed.args[0]), cb.parse_score_arg(pressed.args[1])
                progress = await guesser.correct(self.deps, game, who.user_id, turn, fixed)
                if isinstance(progress, guesser.Refused):
                    return Outcome(toast=t("stale", lang))
                return guesser_view.progressed(lang, progress, in_place=True)
        return Outcome(toast=t("stale", lang))


def _variant(args: tuple[str, ...]) -> Variant | None:
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None
