"""The guesser's game in a private chat (/think): the player's typed answers to the bot's guess, /undo and /reveal,
and the board's buttons: an answer, taking one back, starting over, a fix of a contradiction, changing any answer,
every fix. Asked only while a guesser game runs in the chat (the routing table says so), but /reveal, which may check
a finished game."""

from __future__ import annotations

from bot import callback_data as cb
from bot import messages
from bot.games import guessing as answers
from bot.games import lifecycle
from bot.games.model import Game, Mode
from bot.parsing.scores import parse_answer
from bot.refusal import Refusal
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import example
from bot.think import board as guesser_board
from bot.think import service as guesser
from engine.scoring import Score

COMMANDS = (Command("undo", Chats.PRIVATE), Command("reveal", Chats.PRIVATE))
ACTIONS = frozenset({cb.ANSWER, cb.UNDO, cb.RESTART, cb.FIX, cb.CHANGE, cb.MORE, cb.VIEW})


class Guesser(Feature):
    """Routes the guesser game's answers, undos, fixes and reveals to the guesser service."""

    async def undo(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/undo in the running guesser game: the last answer taken back."""
        return await self._undo(s, await _running(s), in_place=False)

    async def _undo(self, s: Situation, game: Game, in_place: bool) -> Outcome:
        progress = await guesser.undo(self.deps, game, s.who.user_id)
        if progress is None:
            return messages.message("undo.nothing", s.language)
        return guesser_board.progressed(s.language, progress, in_place)

    async def reveal(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/reveal CODE: which answers of the running guesser game (else the latest) the player's code shows wrong."""
        language = s.language
        running = await s.game()
        target = running if running is not None and running.mode == Mode.GUESSER else None
        target = target or await s.latest_game(Mode.GUESSER)
        if target is None:
            return messages.message("reveal.nothing", language)
        if not args.strip():
            return messages.message("reveal.usage", language, example=example(target.variant))
        result = await guesser.reveal(self.deps, target, args)
        if isinstance(result, guesser.Revealed):
            return guesser_board.revealed(language, result)
        return guesser_board.reveal_refused(language, result, example(target.variant))

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in the running guesser game: an answer to the bot's guess."""
        given = parse_answer(text, s.language)
        if given is None:
            return messages.message("gue.unreadable", s.language)
        return await self._answer(s, await _running(s), given, in_place=False)

    async def _answer(self, s: Situation, game: Game, given: Score, in_place: bool) -> Outcome:
        progress = await guesser.answer(self.deps, game, s.who.user_id, given)
        if isinstance(progress, Refusal):
            return guesser_board.refused(s.language, progress)
        return guesser_board.progressed(s.language, progress, in_place)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A press on the guesser board's button; a toast when it is stale."""
        who, language = s.who, s.language
        game = lifecycle.at_revision(await s.game(), pressed.game_id, pressed.revision)
        if game is None or game.mode != Mode.GUESSER:
            return messages.stale(language)
        match pressed.action:
            case cb.ANSWER if len(pressed.args) == 1:
                return await self._answer(s, game, cb.decode_score(pressed.args[0]), in_place=True)
            case cb.UNDO:
                return await self._undo(s, game, in_place=True)
            case cb.RESTART:
                return guesser_board.progressed(language, await guesser.start_over(self.deps, game, who.user_id), True)
            case cb.MORE | cb.VIEW | cb.CHANGE:
                return await self._look(language, game, pressed)
            case cb.FIX if len(pressed.args) == 2:
                turn, fixed = cb.decode_id(pressed.args[0]), cb.decode_score(pressed.args[1])
                progress = await guesser.correct(self.deps, game, who.user_id, turn, fixed)
                if isinstance(progress, Refusal):
                    return messages.stale(language)
                return guesser_board.progressed(language, progress, in_place=True)
        return messages.stale(language)

    async def _look(self, language: str, game: Game, pressed: cb.Callback) -> Outcome:
        """The board again, unchanged: with every fix, picking an answer to change, or asking one again."""
        progress = await guesser.progress_of(self.deps, game)
        if pressed.action == cb.MORE:
            return guesser_board.shown(language, progress, every_fix=True)
        if pressed.action == cb.VIEW or not game.turns:
            return guesser_board.shown(language, progress)
        if not pressed.args:
            return guesser_board.shown(language, progress, picking=True)
        index = cb.decode_id(pressed.args[0])
        if index >= len(game.turns):
            return messages.stale(language)
        changing = (index, await answers.possible_answers(self.deps, game.variant))
        return guesser_board.shown(language, progress, changing=changing)


async def _running(s: Situation) -> Game:
    """The chat's running guesser game (the table asks these handlers only while one runs)."""
    game = await s.game()
    assert game is not None
    return game
