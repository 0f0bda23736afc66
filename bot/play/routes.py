"""The referee's game in a private chat (/play): the player's typed guesses (and the words for a hint or giving up),
/hint and /giveup, and the board's buttons: the coach's full review of the latest guess, a hint, giving up. Asked only
while a referee game runs in the chat (the routing table says so); the daily challenge's warnings come first
(features/daily_guard.py)."""

from __future__ import annotations

from bot import callback_data as cb
from bot import daily as daily_feature
from bot import messages
from bot.days import until_next
from bot.games import lifecycle
from bot.games.model import Mode
from bot.parsing.commands import command_word
from bot.parsing.scores import looks_like_code
from bot.play import board as referee_board
from bot.play import celebrations, milestones
from bot.play import service as referee
from bot.refusal import Refusal
from bot.replies import Outcome
from bot.routes import Chats, Command, Feature
from bot.situation import Situation
from bot.texts import example

COMMANDS = (Command("hint", Chats.PRIVATE), Command("giveup", Chats.PRIVATE))
# the board's (a daily's: after its warning; Give up: after its question)
ACTIONS = frozenset({cb.COACH, cb.HINT, cb.GIVE_UP, cb.GIVE_UP_SURE, cb.STOP_DAILY})


class Referee(Feature):
    """Routes the referee game's guesses, hints, giving up and board buttons to the referee service."""

    async def command(self, s: Situation, command: str, args: str) -> Outcome | None:
        """/hint or /giveup in the running referee game."""
        game = await s.game()
        assert game is not None  # the table asks only while a referee game runs
        if command == "hint":
            return referee_board.hinted(s.language, await referee.hint(self.deps, game))
        return referee_board.gave_up(s.language, await referee.give_up(self.deps, game))

    async def text(self, s: Situation, text: str) -> Outcome | None:
        """A plain message in the running referee game: a guess, or the word for a hint or giving up."""
        who, language = s.who, s.language
        game = await s.game()
        assert game is not None  # the table asks only while a referee game runs
        if (word := command_word(text, language)) is not None:  # "сдаюсь", "give up", "подсказка", "hint"
            return await self.command(s, word, "")
        if not looks_like_code(text):
            return messages.message("ref.not_code", language, example=example(game.variant))
        result = await referee.guess(self.deps, game, who.user_id, text)
        if isinstance(result, Refusal):
            return referee_board.rejected(language, result)
        return await self._scored(s, result)

    async def _scored(self, s: Situation, result: referee.Scored) -> Outcome:
        """A referee move's board (a daily's titled as one), with what a win achieved, then the shareable result when
        it ended a daily challenge."""
        who, language = s.who, s.language
        game = result.game
        play = daily_feature.daily_of(game)
        outcome = (
            referee_board.scored(language, result) if play is None else daily_feature.scored(language, play.day, result)
        )
        if result.ending is None:
            return outcome
        reached = await milestones.reached(self.deps, game, play is not None)
        outcome = celebrations.celebrated(language, outcome, reached, who.private)
        if play is None:
            return outcome
        wait = until_next(self.deps.clock())
        return daily_feature.with_result(outcome, language, play.day, game, who.bot_username, wait)

    async def button(self, s: Situation, pressed: cb.Callback) -> Outcome | None:
        """A press on a referee board's button; a toast when it is stale."""
        language = s.language
        game = lifecycle.at_revision(await s.game(), pressed.game_id, pressed.revision)
        if game is None or game.mode != Mode.REFEREE:
            return messages.stale(language)
        match pressed.action:
            case cb.COACH:
                coaching = await referee.review(self.deps, game)
                if coaching is not None and game.coaching:
                    return referee_board.reviewed(language, game, coaching)
            case cb.HINT:
                return referee_board.hinted(language, await referee.hint(self.deps, game), in_place=True)
            case cb.GIVE_UP:  # asked first: /giveup, typed, is the player's own word; a tap may be a slip
                return referee_board.give_up_asked(language, game)
            case cb.GIVE_UP_SURE:
                return referee_board.gave_up(language, await referee.give_up(self.deps, game), in_place=True)
        return messages.stale(language)
