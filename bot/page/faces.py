"""What the Mini App's server reads of the features, and only through this: the register (bot/register.py,
`page_faces`) lists each feature's page faces and reads, so that the server (bot/page/*) imports no feature.

What the page *does* needs nothing here: every act is what the chat would send, answered by the Core's routes
(`Core.on_sent`), its Account carrying what the page draws (a game's Board, a versus MatchBoard, a feature's own
screen). These are what the page *reads* to show a tab:

- `games`: a one-player game's board as the chat would show it now, by the game's mode (the game tab);
- `matches`: a match as the page draws it, by its kind (versus, on the game tab);
- `coach`: the coach's view of a game on the possibilities tab, when the chat's coach would speak (else None);
- `reads`: a tab's read, by its name: `GET /api/<name>` answers with what it gives (the daily tab, the review and
  a position in it, the puzzle tab). A read looks at committed rows (`Core.read`); what it earns (an achievement for
  a review shown) it writes in a transaction of its own (bot/page/awards.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.boards.model import Board
from bot.deps import Deps
from bot.games.model import Game, Mode
from bot.matches.model import Kind, Match
from bot.page import schema
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

GameFace = Callable[[Deps, Game, str], Awaitable[Board]]  # deps, game, language -> its board now
MatchFace = Callable[[Deps, Match, int, str], Awaitable[schema.Match]]  # deps, match, the viewer, language
CoachFace = Callable[[Deps, Game, str], Awaitable[schema.Coach | None]]  # deps, game, language -> the coach, if shown
Read = Callable[["Core", Who, Mapping[str, str]], Awaitable[schema.Shape]]  # core, the player, the query -> answer


@dataclass(frozen=True)
class PageFaces:
    """The features' page faces and reads, as the register lists them (see the module's note)."""

    games: Mapping[Mode, GameFace]
    matches: Mapping[Kind, MatchFace]
    coach: CoachFace
    reads: Mapping[str, Read]
