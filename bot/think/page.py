"""The /think game's page face (the register lists it for the Mini App's server): its board on the game tab, what it
asks included, as the chat shows it now."""

from __future__ import annotations

from bot.boards.model import Board
from bot.deps import Deps
from bot.games.model import Game
from bot.think import board as guesser_board
from bot.think import service as guesser


async def board(deps: Deps, game: Game, language: str) -> Board:
    """A /think game's board as the chat shows it now: a running one's with the guess it asks about."""
    if not game.active:
        return guesser_board.finished(language, game)
    return guesser_board.board(language, await guesser.progress_of(deps, game))
