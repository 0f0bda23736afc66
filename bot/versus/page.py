"""The versus game's page face (the register lists it for the Mini App's server): both boards, what it asks and its
choices (the chat board's own, from MatchBoard), and whether the player may guess now (the page's keypad)."""

from __future__ import annotations

import msgspec

from bot.boards import page as page_board
from bot.deps import Deps
from bot.matches.model import Match
from bot.page import schema
from bot.versus import board as versus_board
from bot.versus import service as versus


async def match(deps: Deps, shown: Match, user_id: int, language: str) -> schema.Match:
    """A versus game as the page draws it for `user_id`, on or over."""
    position = await versus.position(deps, shown) if shown.active else await versus.final(deps, shown)
    board = versus_board.model(language, position)
    guessing = shown.active and shown.turn_user == user_id and position.contradiction is None
    return schema.Match(
        id=shown.id,
        active=shown.active,
        status=shown.status,
        variant=page_board.variant_data(shown.variant, language),
        guessing=guessing,
        **msgspec.structs.asdict(page_board.versus(board)),  # its revision the board's: the match's own
    )
