"""One-player games in private chats: the bot referees your guesses (/play) or guesses your code (/think),
with settings, rules, help, hints, undo and reveal."""

from __future__ import annotations

from bot import callbacks as cb
from bot.features import scoreboard
from bot.models.game import GUESSER, REFEREE, Game, Mode
from bot.models.refusal import Refusal
from bot.models.who import Who
from bot.parsing import command_word, looks_like_code, parse_answer
from bot.replies import Outcome
from bot.routing.routes import ANY, PRIVATE, Command
from bot.services import guesser, languages, lifecycle, referee
from bot.services import settings as settings_service
from bot.services.deps import Deps
from bot.services.lifecycle import NeedsConfirmation
from bot.texts import example, t
from bot.views import common as common_view
from bot.views import daily as daily_view
from bot.views import guesser as guesser_view
from bot.views import referee as referee_view
from bot.views import settings as settings_view
from engine.scoring import Score
from engine.variant import InvalidVariant, Variant, variant_named

COMMANDS = (
    Command("start", PRIVATE, private_menu=1, group_menu=9),
    Command("play", PRIVATE, private_menu=2),
    Command("think", PRIVATE, private_menu=3),
    Command("hint", PRIVATE, private_menu=6),
    Command("giveup", PRIVATE, private_menu=7),
    Command("undo", PRIVATE, private_menu=8),
    Command("reveal", PRIVATE, private_menu=9),
    Command("settings", ANY, private_menu=11, group_menu=13),  # in a group: its game and match defaults
    Command("rules", PRIVATE, private_menu=14, group_menu=11),
    Command("help", PRIVATE, private_menu=15, group_menu=10),
    Command("cancel", PRIVATE, private_menu=16),
)
# the settings a group's panel changes: the game ('v' preset, 'l' length, 'r' repeats, 'z' leading zero), the race
# limit ('t') and duel timer ('d'), the language ('g'), and 'x' done
GROUP_FIELDS = frozenset("vlrztdgx")
# t.me/<bot>?start=PAYLOAD links that stand for a command
DEEP_LINKS = ("play", "think", "rules", "settings")


class Solo:
    """Routes one-player updates to the game services and renders the results."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    # --- commands -------------------------------------------------------------------------

    async def group_note(self, who: Who, lang: str, command: str, args: str) -> Outcome:
        """Any other command in a group: games against the bot are played in private."""
        return common_view.group_note(lang, who.bot_username)

    async def group_settings(self, who: Who, lang: str, command: str, args: str) -> Outcome:
        """/settings in a group: the group's game and its defaults for races and duels (its admins change them)."""
        return settings_view.group_board(lang, await settings_service.of_chat(self.deps, who.chat_id))

    async def command(self, who: Who, lang: str, command: str, args: str) -> Outcome:
        """The reply to a command in a private chat (an unknown command points to /help)."""
        settings = await settings_service.of_chat(self.deps, who.chat_id)
        game = await lifecycle.running_game(self.deps, who.chat_id)
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
                return await self.start(who, lang, REFEREE if command == "play" else GUESSER, variant)
            case "cancel":
                cancelled = await lifecycle.cancel(self.deps, who.chat_id)
                game = cancelled.game if cancelled else None
                outcome = common_view.cancelled(lang, game)
                boards = (*guesser_view.closed(lang, game), *referee_view.closed(lang, game))
                return Outcome((*boards, *outcome.replies))
            case "hint" | "giveup":
                return await self._referee_command(lang, game, command)
            case "undo":
                return await self._undo(lang, who, game, in_place=False)
            case "reveal":
                return await self._reveal(lang, who, game, args)
        return common_view.message("unknown_command", lang)

    async def start(
        self,
        who: Who,
        lang: str,
        mode: Mode,
        variant: Variant | None,
        replacing: int | None = None,
        like: Game | None = None,
    ) -> Outcome:
        """Start a game of `mode` (with the settings of the game `like`, for the same again), or ask first if
        another is running."""
        started = await lifecycle.start_game(self.deps, who.chat_id, who.user_id, mode, variant, replacing, like)
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
        target = target or await lifecycle.latest_game(self.deps, who.chat_id, GUESSER)
        if target is None:
            return common_view.message("reveal.nothing", lang)
        if not args.strip():
            return common_view.message("reveal.usage", lang, example=example(target.variant))
        result = await guesser.reveal(self.deps, target, args)
        if isinstance(result, guesser.Revealed):
            return guesser_view.revealed(lang, result)
        return common_view.message(result.key, lang, **result.params)

    # --- plain text -------------------------------------------------------------------------

    async def group_text(self, who: Who, lang: str, text: str) -> Outcome:
        """Group chatter that is no move of a match: no reply."""
        return Outcome()

    async def text(self, who: Who, lang: str, text: str) -> Outcome:
        """A plain message in a private chat: a guess, an answer, or a nudge."""
        game = await lifecycle.running_game(self.deps, who.chat_id)
        if game is None:
            return common_view.message("no_game", lang)
        if game.mode == REFEREE:
            if (word := command_word(text)) is not None:  # "сдаюсь", "give up", "подсказка", "hint"
                return await self._referee_command(lang, game, word)
            if not looks_like_code(text):
                return common_view.message("ref.not_code", lang, example=example(game.variant))
            result = await referee.guess(self.deps, game, who.user_id, text)
            if isinstance(result, Refusal):
                return referee_view.rejected(lang, result)
            return await scoreboard.after_guess(self.deps, who, lang, result, referee_view.scored(lang, result))
        given = parse_answer(text)
        if given is None:
            return common_view.message("gue.unreadable", lang)
        return await self._answer(lang, who, game, given, in_place=False)

    async def _answer(self, lang: str, who: Who, game: Game, given: Score, in_place: bool) -> Outcome:
        progress = await guesser.answer(self.deps, game, who.user_id, given)
        if isinstance(progress, Refusal):
            return guesser_view.refused(lang, progress, game)
        return guesser_view.progressed(lang, progress, in_place)

    # --- buttons ----------------------------------------------------------------------------

    async def group_button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        """A one-player button pressed in a group: those games are played in private; the group's settings."""
        if pressed.action == cb.SETTING:
            return await self._group_setting(who, lang, pressed)
        return Outcome(toast=t("group.soon", lang, link=""))

    async def _group_setting(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        field = pressed.args[0] if pressed.args else ""
        if field not in GROUP_FIELDS:
            return Outcome(toast=t("stale", lang))
        if not await settings_service.may_change(self.deps, who.chat_id, who.user_id, who.private, who.as_chat):
            return settings_view.admins_only(lang)
        return await self._setting(who, lang, pressed, group=True)

    async def _setting(self, who: Who, lang: str, pressed: cb.Callback, group: bool) -> Outcome:
        """A settings board's button: close it, switch to the next language (the board is redrawn in it), or
        change a setting; the board (the group's or the private one) is edited in place."""
        field = pressed.args[0] if pressed.args else ""
        redraw = settings_view.group_board if group else settings_view.board
        if field == "x":
            return settings_view.closed(lang, await settings_service.of_chat(self.deps, who.chat_id), group=group)
        if field == "g":
            chosen = await languages.choose(self.deps, who.chat_id, languages.following(lang))
            assert chosen is not None
            return redraw(chosen.language, chosen, edit=True)
        value = pressed.args[1] if len(pressed.args) > 1 else ""
        return redraw(lang, await settings_service.change(self.deps, who.chat_id, field, value), edit=True)

    async def button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        """A press on a menu, settings or game button in a private chat; a toast when it is stale."""
        if pressed.action == cb.AGAIN:
            return await self._again(who, lang, pressed.game_id or 0)
        if pressed.game_id is None:
            return await self._menu_button(who, lang, pressed)
        assert pressed.revision is not None
        game = await lifecycle.current_game(self.deps, who.chat_id, pressed.game_id, pressed.revision)
        if game is None:
            return Outcome(toast=t("stale", lang))
        return await self._game_button(who, lang, game, pressed)

    async def _menu_button(self, who: Who, lang: str, pressed: cb.Callback) -> Outcome:
        if pressed.action == cb.NEW:
            mode: Mode = GUESSER if pressed.args[:1] == ("g",) else REFEREE
            return await self.start(who, lang, mode, _variant(pressed.args[1:2]))
        if pressed.action == cb.RULES:
            return common_view.rules(lang, (await settings_service.of_chat(self.deps, who.chat_id)).variant)
        if pressed.action == cb.SETTINGS:
            return settings_view.board(lang, await settings_service.of_chat(self.deps, who.chat_id))
        return await self._setting(who, lang, pressed, group=False)

    async def _game_button(self, who: Who, lang: str, game: Game, pressed: cb.Callback) -> Outcome:
        match pressed.action:
            case cb.CONFIRM:
                mode: Mode = GUESSER if pressed.args[:1] == ("g",) else REFEREE
                return await self.start(who, lang, mode, _variant(pressed.args[1:2]), replacing=game.id)
            case cb.KEEP:
                return Outcome(toast=t("kept", lang))
            case cb.ANSWER if game.mode == GUESSER and len(pressed.args) == 1:
                return await self._answer(lang, who, game, cb.parse_score_arg(pressed.args[0]), in_place=True)
            case cb.UNDO:
                return await self._undo(lang, who, game, in_place=True)
            case cb.RESTART if game.mode == GUESSER:
                return guesser_view.progressed(lang, await guesser.start_over(self.deps, game, who.user_id), True)
            case cb.MORE | cb.VIEW | cb.CHANGE if game.mode == GUESSER:
                return await self._look(lang, game, pressed)
            case cb.FIX if game.mode == GUESSER and len(pressed.args) == 2:
                turn, fixed = cb.parse_id_arg(pressed.args[0]), cb.parse_score_arg(pressed.args[1])
                progress = await guesser.correct(self.deps, game, who.user_id, turn, fixed)
                if isinstance(progress, Refusal):
                    return Outcome(toast=t("stale", lang))
                return guesser_view.progressed(lang, progress, in_place=True)
        return Outcome(toast=t("stale", lang))

    async def _again(self, who: Who, lang: str, game_id: int) -> Outcome:
        """'🔁 Same again' under a finished game of this chat: its mode and variant, and its settings (a daily's
        replay is a practice game on the chat's settings)."""
        game = await lifecycle.game_by_id(self.deps, game_id)
        if game is None or game.chat_id != who.chat_id or game.active:
            return Outcome(toast=t("stale", lang))
        running = await lifecycle.running_game(self.deps, who.chat_id)
        if running is not None and running.daily is not None:  # today's challenge under way: its warning first
            return daily_view.confirm_leave(lang, running, game.mode, game.variant)
        like = None if game.daily is not None else game
        return await self.start(who, lang, game.mode, game.variant, like=like)

    async def _look(self, lang: str, game: Game, pressed: cb.Callback) -> Outcome:
        """The board again, unchanged: with every fix, picking an answer to change, or asking one again."""
        progress = await guesser.progress_of(game)
        if pressed.action == cb.MORE:
            return Outcome.say(guesser_view.board(lang, progress, in_place=True, every_fix=True))
        if pressed.action == cb.VIEW or not game.turns:
            return Outcome.say(guesser_view.board(lang, progress, in_place=True))
        if not pressed.args:
            return Outcome.say(guesser_view.board(lang, progress, in_place=True, picking=True))
        index = cb.parse_id_arg(pressed.args[0])
        if index >= len(game.turns):
            return Outcome(toast=t("stale", lang))
        changing = (index, await guesser.possible_answers(game))
        return Outcome.say(guesser_view.board(lang, progress, in_place=True, changing=changing))


def _variant(args: tuple[str, ...]) -> Variant | None:
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None
