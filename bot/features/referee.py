"""The referee's board buttons (the coach's full review of the latest guess, a hint, giving up), and the daily
challenge's warnings: a hint, a give-up, a cancel or a new game that would spoil or end today's one-a-day game asks
first, typed or pressed."""

from __future__ import annotations

from bot import callback_data as cb
from bot.models.game import Game, Mode
from bot.models.stats import DailyPlay
from bot.models.who import Who
from bot.parsing.commands import command_word, variant_from_args
from bot.replies import Outcome
from bot.routing.routes import Feature
from bot.services import daily, lifecycle, referee
from bot.texts import t
from bot.views import daily as daily_view
from bot.views import referee as referee_view
from engine.variant import InvalidVariant, variant_named

ACTIONS = frozenset(cb.REFEREE_ACTIONS)
# commands that would spoil or end a daily challenge under way: they ask first
GUARDED = frozenset({"hint", "giveup", "cancel", "play", "think"})


class Referee(Feature):
    """Routes the referee board's buttons and guards the daily challenge."""

    async def _daily(self, chat_id: int) -> tuple[Game, DailyPlay] | None:
        """The chat's running game and its daily, when the game is a daily challenge."""
        game = await lifecycle.running_game(self.deps, chat_id)
        play = daily.daily_of(game) if game is not None else None
        return None if game is None or play is None else (game, play)

    async def daily_command(self, who: Who, language: str, command: str, args: str) -> Outcome | None:
        """/hint, /giveup, /cancel, /play or /think during a daily challenge: the warning first (None otherwise)."""
        found = await self._daily(who.chat_id)
        if found is None:
            return None
        game, _play = found
        wait = daily.until_next(self.deps.clock())
        match command:
            case "hint" if sum(str(i) not in game.hints for i in range(game.variant.length)) > 1:
                return daily_view.confirm(language, daily_view.hint_warning(language), game, cb.HINT, "daily.btn.hint")
            case "giveup":
                question = daily_view.give_up_warning(language, wait)
                return daily_view.confirm(language, question, game, cb.GIVE_UP, "daily.btn.giveup")
            case "cancel":
                question = daily_view.stop_warning(language, wait)
                return daily_view.confirm(language, question, game, cb.STOP_DAILY, "daily.btn.cancel")
            case "play" | "think":
                try:
                    variant = variant_from_args(args, language)
                except InvalidVariant:
                    return None  # the game's own route says what is wrong with the name
                mode: Mode = Mode.REFEREE if command == "play" else Mode.GUESSER
                return daily_view.confirm_leave(language, game, mode, variant)
        return None

    async def daily_new_game(self, who: Who, language: str, pressed: cb.Callback) -> Outcome | None:
        """A new-game button (the /start menu's, a finished game's) pressed during a daily: the warning first."""
        found = await self._daily(who.chat_id)
        if found is None:
            return None
        mode: Mode = Mode.GUESSER if pressed.args[:1] == ("g",) else Mode.REFEREE
        try:
            variant = variant_named(pressed.args[1]) if len(pressed.args) > 1 else None
        except InvalidVariant:
            variant = None
        return daily_view.confirm_leave(language, found[0], mode, variant)

    async def daily_text(self, who: Who, language: str, text: str) -> Outcome | None:
        """A typed 'hint' or 'give up' during a daily challenge: the warning first (None for anything else)."""
        word = command_word(text, language)
        return None if word is None else await self.daily_command(who, language, word, "")

    async def button(self, who: Who, language: str, pressed: cb.Callback) -> Outcome | None:
        """A press on a referee board's button, or the 'yes' of a daily's warning; a toast when it is stale."""
        assert pressed.game_id is not None
        assert pressed.revision is not None
        game = await lifecycle.current_game(self.deps, who.chat_id, pressed.game_id, pressed.revision)
        if game is None or game.mode != Mode.REFEREE:
            return Outcome(toast=t("stale", language))
        play = daily.daily_of(game)
        if play is not None:
            return await self._daily_answer(who, language, game, play, pressed.action)
        match pressed.action:
            case cb.COACH:
                coaching = await referee.review(self.deps, game)
                if coaching is not None and game.coaching:
                    return referee_view.reviewed(language, game, coaching)
            case cb.HINT:
                return referee_view.hinted(language, await referee.hint(self.deps, game), in_place=True)
            case cb.GIVE_UP:
                return referee_view.gave_up(language, await referee.give_up(self.deps, game), in_place=True)
        return Outcome(toast=t("stale", language))

    async def _daily_answer(self, who: Who, language: str, game: Game, play: DailyPlay, action: str) -> Outcome:
        """The player said yes to a daily's warning: take the hint, give up, or stop the challenge."""
        now = self.deps.clock()
        wait = daily.until_next(now)
        match action:
            case cb.HINT:
                hint = await referee.hint(self.deps, game)
                return daily_view.hinted(language, play.day, hint, daily_view.hint_warning(language))
            case cb.GIVE_UP:
                ending = await referee.give_up(self.deps, game)
                asked = daily_view.give_up_warning(language, wait)
            case cb.STOP_DAILY:
                ending = await referee.stop(self.deps, game)
                asked = daily_view.stop_warning(language, wait)
            case _:
                return Outcome(toast=t("stale", language))
        today = daily.day_of(now)
        shown = daily_view.ended(language, play.day, today, ending, asked, who.bot_username)
        return daily_view.with_result(shown, language, play.day, ending.game, who.bot_username, wait)
