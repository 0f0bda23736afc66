"""/ranked: a ranked game against the world in a private chat, played as /play is (typed guesses, /hint, /giveup),
its board's buttons, the question before giving one up, and the buttons of its screens (another ranked game, the
history, both games of a closed secret). Asked before the referee's routes; each answers only for a ranked game."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot import play as play_feature
from bot.games import lifecycle
from bot.games.model import Game, Mode
from bot.parsing.commands import command_word, variant_from_args
from bot.parsing.scores import looks_like_code
from bot.ranked import rules, screens
from bot.ranked import service as ranked
from bot.refusal import Refusal
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import example
from engine.variant import PRESETS, InvalidVariant, Variant, variant_named

COMMANDS = (Command("ranked", Chats.PRIVATE),)
ACTIONS = frozenset({screens.ACTION})  # rk:...: the ranked screens' own buttons
GUARDED = frozenset({"hint", "giveup", "cancel"})  # during a ranked game: answered here, giving up asked first
BOARD_ACTIONS = frozenset({cb.HINT, cb.GIVE_UP})  # a ranked board's buttons (the referee's own actions)


class Ranked(Feature):
    """Starts ranked games, plays their moves through the referee's service, and shows their screens."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/ranked [variant]: a ranked game (the running one, if it is on), or why not."""
        language = s.language
        try:
            named = variant_from_args(args, language)
        except InvalidVariant:
            return messages.unknown_variant(language, args.strip())
        return await self._begin(s, named)

    async def _begin(self, s: Situation, named: Variant | None, left: bool = False) -> Outcome:
        """A ranked game in `named` (else the chat's variant, if ranked, else classic); `left`: the chat's running
        game was just abandoned for it."""
        who, language = s.who, s.language
        if who.user_id != who.chat_id or who.user_id <= 0:  # a person, in their private chat with the bot
            return screens.not_a_person(language)
        variant = named or (s.settings.variant if rules.ranked_variant(s.settings.variant) else PRESETS[rules.DEFAULT])
        if not rules.ranked_variant(variant):
            return screens.not_ranked(language)
        if await s.in_match():  # a versus game or a private duel takes what is typed here: it goes first
            return screens.in_match(language)
        game = None if left else await s.game()
        found = await ranked.begin(self.deps, who.chat_id, who.user_id, game, variant)
        match found:
            case ranked.Going(game=going):
                return screens.going(language, going)
            case lifecycle.GameRunning(game=other):
                return screens.busy(language, other, variant)
        assert isinstance(found, ranked.Begun)
        return screens.started(language, found)

    async def running_command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/hint, /giveup or /cancel during a ranked game: a hint is taken; giving up asks first (None: no ranked
        game runs here)."""
        game = await _ranked_game(s)
        if game is None:
            return None
        if command == "hint":
            return screens.hinted(s.language, await play_feature.hint(self.deps, game))
        return screens.confirm_give_up(s.language, game, stopping=command == "cancel")

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message during a ranked game: a guess, or the word for a hint or giving up (None: no ranked game
        runs here)."""
        who, language = s.who, s.language
        game = await _ranked_game(s)
        if game is None:
            return None
        if (word := command_word(text, language)) is not None:
            return await self.running_command(s, word, "") or messages.message("no_game", language)
        if not looks_like_code(text):
            return messages.message("ref.not_code", language, example=example(game.variant))
        result = await play_feature.guess(self.deps, game, who.user_id, text)
        if isinstance(result, Refusal):
            return play_feature.rejected(language, result)
        outcome = screens.scored(language, result)
        return outcome if result.ending is None else await self._after(s, result.game, outcome)

    async def _after(self, s: Situation, game: Game, outcome: Outcome) -> Outcome:
        """A ranked game just ended: the mark set, or both games side by side."""
        if game.ranked is None:
            return outcome
        if await ranked.seat(self.deps, game.id) == 1:
            return screens.mark_set(outcome, s.language, game.ranked)
        found = await ranked.compared(self.deps, game.ranked, s.who.user_id)
        return outcome if isinstance(found, Refusal) else screens.with_comparison(outcome, s.language, found)

    async def board_button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A ranked board's hint or give-up button (None: the button is not a ranked game's)."""
        game = lifecycle.at_revision(await s.game(), pressed.game_id, pressed.revision)
        if game is None or game.ranked is None or game.mode != Mode.REFEREE:
            return None
        if pressed.action == cb.HINT:
            return screens.hinted(s.language, await play_feature.hint(self.deps, game), in_place=True)
        return screens.confirm_give_up(s.language, game)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A ranked screen's button: another ranked game, yes to a question, the history, both games of a secret."""
        language, args = s.language, pressed.args
        verb = args[0] if args else ""
        try:
            if verb == screens.NEW and len(args) <= 2:
                return await self._begin(s, _variant(args[1:]))
            if verb == screens.YES and len(args) in (3, 4):
                return await self._leave(s, cb.decode_id(args[1]), cb.decode_id(args[2]), _variant(args[3:]))
            if verb == screens.GIVE_UP and len(args) == 3:
                return await self._give_up(s, cb.decode_id(args[1]), cb.decode_id(args[2]))
            if verb == screens.LIST and len(args) == 1:
                return screens.history(language, await ranked.history(self.deps, s.who.user_id))
            if verb == screens.SHOW and len(args) == 2:
                found = await ranked.compared(self.deps, cb.decode_id(args[1]), s.who.user_id)
                if isinstance(found, Refusal):
                    return screens.refused(language, found, pressed=True)
                return screens.shown_comparison(language, found)
        except cb.BadCallback:
            pass
        return messages.stale(language)

    async def _leave(self, s: Situation, game_id: int, revision: int, variant: Variant | None) -> Outcome:
        """Yes to 'abandon it for a ranked game?': the running game abandoned, a ranked game begun."""
        game = lifecycle.at_revision(await s.game(), game_id, revision)
        if game is None:
            return messages.stale(s.language)
        await lifecycle.cancel(self.deps, game)
        return await self._begin(s, variant, left=True)

    async def _give_up(self, s: Situation, game_id: int, revision: int) -> Outcome:
        """Yes to 'give up your ranked game?': the code shown, then the mark set or both games side by side."""
        game = lifecycle.at_revision(await s.game(), game_id, revision)
        if game is None or game.ranked is None:
            return messages.stale(s.language)
        finished = await play_feature.give_up(self.deps, game)
        outcome = screens.gave_up(s.language, finished, pressed=True)
        return await self._after(s, finished.game, outcome)


async def _ranked_game(s: Situation) -> Game | None:
    """The chat's running game, when it is a ranked one."""
    game = await s.game()
    return game if game is not None and game.ranked is not None and game.mode == Mode.REFEREE else None


def _variant(args: tuple[str, ...]) -> Variant | None:
    try:
        return variant_named(args[0]) if args else None
    except InvalidVariant:
        return None
