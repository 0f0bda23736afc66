"""The referee game's page faces (the register lists them for the Mini App's server): its board on the game tab, and
the coach's view on the possibilities tab: each guess reviewed as the chat's coach reviews the latest one (how far it
narrowed the codes, the engine's pick, the outlook), and after a win how many guesses the engine would have needed
from the player's first. The coach is shown when the chat would show it: coaching on, or the game over (never during
the day's challenge)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from bot.boards.model import Board
from bot.deps import Deps
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.page import schema
from bot.play import board as referee_board
from bot.play import service as referee
from bot.texts import code_text, plain, t

KEPT = 64  # reviews remembered (by game, revision and language): a page polls, the review stays the same

_kept: OrderedDict[tuple[int, int, str], schema.Coach] = OrderedDict()


async def board(deps: Deps, game: Game, language: str) -> Board:
    """A referee game's board as the chat shows it now (the page's game tab draws it)."""
    return referee_board.board(language, game)


async def coach(deps: Deps, game: Game, language: str) -> schema.Coach | None:
    """The coach's view of the game on the possibilities tab, or None when the chat's coach would not speak."""
    return await coach_view(deps, game, language) if coached(game, game.daily is not None) else None


def coached(game: Game, is_daily: bool) -> bool:
    """Whether the page shows the coach's view of this game."""
    return game.mode == Mode.REFEREE and bool(game.turns) and (not game.active or (game.coaching and not is_daily))


async def coach_view(deps: Deps, game: Game, language: str) -> schema.Coach:
    """Each guess reviewed, as plain lines, and the engine's count from the first guess after a win."""
    key = (game.id, game.revision, language)
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    moves = []
    for number in range(1, len(game.turns) + 1):
        upto = replace(game, turns=game.turns[:number])
        coaching = await referee.review(deps, upto)
        if coaching is not None:
            lines = [plain(line) for line in referee_board.review_parts(language, upto, coaching)]
            moves.append(schema.CoachMove(n=number, guess=coaching.guess, bits=round(coaching.bits, 2), lines=lines))
    needed = None
    if game.status == Status.WON and game.secret:
        engine = await referee.engine_guesses(deps, game.variant, game.secret, game.turns[0])
        if engine is not None:
            first = code_text(game.variant, game.turns[0].guess, tag=False)
            needed = plain(t("ref.engine", language, first=first, engine=engine))
    view = schema.Coach(title=plain(t("app.coach.title", language)), moves=moves, needed=needed)
    _kept[key] = view
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return view
