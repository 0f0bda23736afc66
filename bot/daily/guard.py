"""The daily challenge's guard: a hint, a give-up, a cancel or a new game that would spoil or end today's one-a-day
game asks first, typed or pressed; and the player's 'yes' to such a warning (take the hint, give up, stop the
challenge). Asked before the referee's routes; it answers only while a daily challenge runs in the chat. A daily
still running when its day is over (the day's close has not reached it yet) ends there at the player's next word or
press, which is told so instead of played."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot import play as play_feature
from bot.daily import board as challenge
from bot.daily import service as daily
from bot.daily.model import DailyPlay
from bot.days import day_of, until_next
from bot.games import lifecycle
from bot.games.model import Game, Mode
from bot.parsing.commands import command_word, variant_from_args
from bot.replies import Outcome
from bot.routes import Feature
from bot.situation import Situation
from engine.variant import InvalidVariant, variant_named

# commands that would spoil or end a daily challenge under way: they ask first
GUARDED = frozenset({"hint", "giveup", "cancel", "play", "think"})
ACTIONS = frozenset(cb.REFEREE_ACTIONS)  # a daily's answers to its warnings ride on the referee board's actions


class DailyGuard(Feature):
    """Warns before a daily challenge is spoiled or left, and carries out what the player then confirms."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/hint, /giveup, /cancel, /play or /think during a daily challenge: the warning first (None otherwise)."""
        found = await _daily(s)
        if found is None:
            return None
        if (ended := await self._ended(s, found[0])) is not None:
            return ended
        game, _play = found
        language = s.language
        wait = until_next(self.deps.clock())
        match command:
            case "hint" if sum(str(i) not in game.hints for i in range(game.variant.length)) > 1:
                return challenge.confirm(language, challenge.hint_warning(language), game, cb.HINT, "daily.btn.hint")
            case "giveup":
                question = challenge.give_up_warning(language, wait)
                return challenge.confirm(language, question, game, cb.GIVE_UP, "daily.btn.giveup")
            case "cancel":
                question = challenge.stop_warning(language, wait)
                return challenge.confirm(language, question, game, cb.STOP_DAILY, "daily.btn.cancel")
            case "play" | "think":
                try:
                    variant = variant_from_args(args, language)
                except InvalidVariant:
                    return None  # the game's own route says what is wrong with the name
                mode: Mode = Mode.REFEREE if command == "play" else Mode.GUESSER
                return challenge.confirm_leave(language, game, mode, variant)
        return None

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A typed 'hint' or 'give up' during a daily challenge: the warning first (None for anything else); any word
        to a daily whose day is over: it ends."""
        found = await _daily(s)
        if found is not None and (ended := await self._ended(s, found[0])) is not None:
            return ended
        word = command_word(text, s.language)
        return None if word is None else await self.command(s, word, "")

    async def new_game(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A new-game button (the /start menu's, a finished game's) pressed during a daily: the warning first."""
        found = await _daily(s)
        if found is None:
            return None
        if (ended := await self._ended(s, found[0])) is not None:
            return ended
        mode: Mode = cb.mode_of(pressed.args[0] if pressed.args else "")
        try:
            variant = variant_named(pressed.args[1]) if len(pressed.args) > 1 else None
        except InvalidVariant:
            variant = None
        return challenge.confirm_leave(s.language, found[0], mode, variant)

    async def confirmed(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """The player said yes to a daily's warning: take the hint, give up, or stop the challenge (None: no daily
        game of that button runs here; a toast when the button is stale)."""
        who, language = s.who, s.language
        game = lifecycle.at_revision(await s.game(), pressed.game_id, pressed.revision)
        play = daily.daily_of(game) if game is not None and game.mode == Mode.REFEREE else None
        if game is None or play is None:
            return None
        if (ended := await self._ended(s, game)) is not None:
            return ended
        now = self.deps.clock()
        wait = until_next(now)
        match pressed.action:
            case cb.HINT:
                hint = await play_feature.hint(self.deps, game)
                return challenge.hinted(language, play.day, hint, challenge.hint_warning(language))
            case cb.GIVE_UP:
                ending = await play_feature.give_up(self.deps, game)
                asked = challenge.give_up_warning(language, wait)
            case cb.STOP_DAILY:
                ending = await play_feature.stop(self.deps, game)
                asked = challenge.stop_warning(language, wait)
            case _:
                return messages.stale(language)
        today = day_of(now)
        shown = challenge.ended(language, play.day, today, ending, asked, who.bot_username)
        return challenge.with_result(shown, language, play.day, ending.game, who.bot_username, wait)

    async def _ended(self, s: Situation, game: Game) -> Outcome | None:
        """A daily whose day is over, ended where its day ended, and the player told (None: its day goes on)."""
        if game.daily is None or not daily.gone(game, self.deps.clock()):
            return None
        return challenge.expired(s.language, await daily.expire(self.deps, game, game.daily))


async def _daily(s: Situation) -> tuple[Game, DailyPlay] | None:
    """The chat's running game and its daily, when the game is a daily challenge."""
    game = await s.game()
    play = daily.daily_of(game) if game is not None else None
    return None if game is None or play is None else (game, play)
