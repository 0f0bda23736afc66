"""One-player games in private chats: the bot referees your guesses (/play) or guesses your code (/think), with
/start, hints, undo and reveal."""

from __future__ import annotations

from bot import callback_data as cb
from bot.models.game import Game, Mode
from bot.models.refusal import Refusal
from bot.models.who import Who
from bot.parsing.answers import looks_like_code, parse_answer
from bot.parsing.commands import command_word, variant_from_args
from bot.replies import Outcome
from bot.routing.routes import Chats, Command, Feature
from bot.services import answers, daily, guesser, lifecycle, milestones, referee
from bot.services import settings as settings_service
from bot.services.lifecycle import NeedsConfirmation
from bot.texts import example, t
from bot.views import celebrations as celebrations_view
from bot.views import common as common_view
from bot.views import daily as daily_view
from bot.views import guesser as guesser_view
from bot.views import referee as referee_view
from engine.scoring import Score
from engine.variant import InvalidVariant, Variant, variant_named

COMMANDS = (
    Command("start", Chats.PRIVATE, private_menu=1, group_menu=9),
    Command("play", Chats.PRIVATE, private_menu=2),
    Command("think", Chats.PRIVATE, private_menu=3),
    Command("hint", Chats.PRIVATE, private_menu=6),
    Command("giveup", Chats.PRIVATE, private_menu=7),
    Command("undo", Chats.PRIVATE, private_menu=8),
    Command("reveal", Chats.PRIVATE, private_menu=9),
    Command("cancel", Chats.PRIVATE, private_menu=16),
)
# t.me/<bot>?start=PAYLOAD links that stand for a command
DEEP_LINKS = ("play", "think")


class Solo(Feature):
    """Routes one-player updates to the game services and renders the results."""

    # --- commands -------------------------------------------------------------------------

    async def command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """The reply to a one-player command in a private chat; None for any other."""
        settings = await settings_service.of_chat(self.deps, who.chat_id)
        game = await lifecycle.running_game(self.deps, who.chat_id)
        match command:
            case "start":
                return common_view.welcome(language, settings.variant)
            case "play" | "think":
                try:
                    variant = variant_from_args(args, language)
                except InvalidVariant:
                    return common_view.unknown_variant(language, args.strip())
                return await self.start(who, language, Mode.REFEREE if command == "play" else Mode.GUESSER, variant)
            case "cancel":
                cancelled = await lifecycle.cancel(self.deps, who.chat_id)
                game = cancelled.game if cancelled else None
                outcome = common_view.cancelled(language, game)
                boards = (*guesser_view.closed(language, game), *referee_view.closed(language, game))
                return Outcome((*boards, *outcome.replies))
            case "hint" | "giveup":
                return await self._referee_command(language, game, command)
            case "undo":
                return await self._undo(language, who, game, in_place=False)
            case "reveal":
                return await self._reveal(language, who, game, args)
        return None

    async def start(
        self,
        who: Who,
        language: str,
        mode: Mode,
        variant: Variant | None,
        replacing: int | None = None,
        like: Game | None = None,
    ) -> Outcome:
        """Start a game of `mode` (with the settings of the game `like`, for the same again), or ask first if
        another is running."""
        started = await lifecycle.start_game(self.deps, who.chat_id, who.user_id, mode, variant, replacing, like)
        if isinstance(started, NeedsConfirmation):
            return common_view.confirm_abandon(language, started.running, started.mode, started.variant)
        if mode == Mode.REFEREE:
            outcome = referee_view.started(language, started.game, started.settings)
        else:
            outcome = guesser_view.started(language, await guesser.asking(started.game, started.game.variant.size))
        return Outcome((*guesser_view.closed(language, started.replaced), *outcome.replies), outcome.toast)

    async def _referee_command(self, language: str, game: Game | None, command: str) -> Outcome:
        if game is None:
            return common_view.message("no_game", language)
        if game.mode != Mode.REFEREE:
            return common_view.message("ref.not_referee", language)
        if command == "hint":
            return referee_view.hinted(language, await referee.hint(self.deps, game))
        return referee_view.gave_up(language, await referee.give_up(self.deps, game))

    async def _undo(self, language: str, who: Who, game: Game | None, in_place: bool) -> Outcome:
        if game is None or game.mode != Mode.GUESSER:
            return common_view.message("undo.nothing", language)
        progress = await guesser.undo(self.deps, game, who.user_id)
        if progress is None:
            return common_view.message("undo.nothing", language)
        return guesser_view.progressed(language, progress, in_place)

    async def _reveal(self, language: str, who: Who, game: Game | None, args: str) -> Outcome:
        target = game if game is not None and game.mode == Mode.GUESSER else None
        target = target or await lifecycle.latest_game(self.deps, who.chat_id, Mode.GUESSER)
        if target is None:
            return common_view.message("reveal.nothing", language)
        if not args.strip():
            return common_view.message("reveal.usage", language, example=example(target.variant))
        result = await guesser.reveal(self.deps, target, args)
        if isinstance(result, guesser.Revealed):
            return guesser_view.revealed(language, result)
        return guesser_view.reveal_refused(language, result, example(target.variant))

    # --- plain text -------------------------------------------------------------------------

    async def text(self, who: Who, language: str, text: str) -> Outcome | None:
        """A plain message in a private chat: a guess, an answer, or a nudge."""
        game = await lifecycle.running_game(self.deps, who.chat_id)
        if game is None:
            return common_view.message("no_game", language)
        if game.mode == Mode.REFEREE:
            if (word := command_word(text, language)) is not None:  # "сдаюсь", "give up", "подсказка", "hint"
                return await self._referee_command(language, game, word)
            if not looks_like_code(text):
                return common_view.message("ref.not_code", language, example=example(game.variant))
            result = await referee.guess(self.deps, game, who.user_id, text)
            if isinstance(result, Refusal):
                return referee_view.rejected(language, result)
            return await self._scored(who, language, result)
        given = parse_answer(text, language)
        if given is None:
            return common_view.message("gue.unreadable", language)
        return await self._answer(language, who, game, given, in_place=False)

    async def _answer(self, language: str, who: Who, game: Game, given: Score, in_place: bool) -> Outcome:
        progress = await guesser.answer(self.deps, game, who.user_id, given)
        if isinstance(progress, Refusal):
            return guesser_view.refused(language, progress)
        return guesser_view.progressed(language, progress, in_place)

    async def _scored(self, who: Who, language: str, result: referee.Scored) -> Outcome:
        """A referee move's board (a daily's titled as one), with what a win achieved, then the shareable result when
        it ended a daily challenge."""
        game = result.game
        play = daily.daily_of(game)
        outcome = (
            referee_view.scored(language, result) if play is None else daily_view.scored(language, play.day, result)
        )
        if result.ending is None:
            return outcome
        reached = await milestones.reached(self.deps, game, play is not None)
        outcome = celebrations_view.celebrated(language, outcome, reached, who.private)
        if play is None:
            return outcome
        wait = daily.until_next(self.deps.clock())
        return daily_view.with_result(outcome, language, play.day, game, who.bot_username, wait)

    # --- buttons ----------------------------------------------------------------------------

    async def button(self, who: Who, language: str, pressed: cb.Callback) -> Outcome | None:
        """A press on the /start menu's or a game's button in a private chat; a toast when it is stale."""
        if pressed.action == cb.AGAIN:
            return await self._again(who, language, pressed.game_id or 0)
        if pressed.game_id is None:
            return await self._menu_button(who, language, pressed)
        assert pressed.revision is not None
        game = await lifecycle.current_game(self.deps, who.chat_id, pressed.game_id, pressed.revision)
        if game is None:
            return Outcome(toast=t("stale", language))
        return await self._game_button(who, language, game, pressed)

    async def _menu_button(self, who: Who, language: str, pressed: cb.Callback) -> Outcome | None:
        if pressed.action == cb.NEW:
            mode: Mode = Mode.GUESSER if pressed.args[:1] == ("g",) else Mode.REFEREE
            return await self.start(who, language, mode, _variant(pressed.args[1:2]))
        if pressed.action == cb.RULES:
            return common_view.rules(language, (await settings_service.of_chat(self.deps, who.chat_id)).variant)
        return None

    async def _game_button(self, who: Who, language: str, game: Game, pressed: cb.Callback) -> Outcome:
        match pressed.action:
            case cb.CONFIRM:
                mode: Mode = Mode.GUESSER if pressed.args[:1] == ("g",) else Mode.REFEREE
                return await self.start(who, language, mode, _variant(pressed.args[1:2]), replacing=game.id)
            case cb.KEEP:
                return Outcome(toast=t("kept", language))
            case cb.ANSWER if game.mode == Mode.GUESSER and len(pressed.args) == 1:
                return await self._answer(language, who, game, cb.decode_score(pressed.args[0]), in_place=True)
            case cb.UNDO:
                return await self._undo(language, who, game, in_place=True)
            case cb.RESTART if game.mode == Mode.GUESSER:
                return guesser_view.progressed(language, await guesser.start_over(self.deps, game, who.user_id), True)
            case cb.MORE | cb.VIEW | cb.CHANGE if game.mode == Mode.GUESSER:
                return await self._look(language, game, pressed)
            case cb.FIX if game.mode == Mode.GUESSER and len(pressed.args) == 2:
                turn, fixed = cb.decode_id(pressed.args[0]), cb.decode_score(pressed.args[1])
                progress = await guesser.correct(self.deps, game, who.user_id, turn, fixed)
                if isinstance(progress, Refusal):
                    return Outcome(toast=t("stale", language))
                return guesser_view.progressed(language, progress, in_place=True)
        return Outcome(toast=t("stale", language))

    async def _again(self, who: Who, language: str, game_id: int) -> Outcome:
        """'🔁 Same again' under a finished game of this chat: its mode and variant, and its settings (a daily's
        replay is a practice game on the chat's settings)."""
        game = await lifecycle.game_by_id(self.deps, game_id)
        if game is None or game.chat_id != who.chat_id or game.active:
            return Outcome(toast=t("stale", language))
        running = await lifecycle.running_game(self.deps, who.chat_id)
        if running is not None and running.daily is not None:  # today's challenge under way: its warning first
            return daily_view.confirm_leave(language, running, game.mode, game.variant)
        like = None if game.daily is not None else game
        return await self.start(who, language, game.mode, game.variant, like=like)

    async def _look(self, language: str, game: Game, pressed: cb.Callback) -> Outcome:
        """The board again, unchanged: with every fix, picking an answer to change, or asking one again."""
        progress = await guesser.progress_of(game)
        if pressed.action == cb.MORE:
            return Outcome.say(guesser_view.board(language, progress, in_place=True, every_fix=True))
        if pressed.action == cb.VIEW or not game.turns:
            return Outcome.say(guesser_view.board(language, progress, in_place=True))
        if not pressed.args:
            return Outcome.say(guesser_view.board(language, progress, in_place=True, picking=True))
        index = cb.decode_id(pressed.args[0])
        if index >= len(game.turns):
            return Outcome(toast=t("stale", language))
        changing = (index, await answers.possible_answers(game.variant))
        return Outcome.say(guesser_view.board(language, progress, in_place=True, changing=changing))


def _variant(args: tuple[str, ...]) -> Variant | None:
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None
