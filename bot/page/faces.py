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
  a review shown) it writes in a transaction of its own (bot/page/awards.py). A query it does not take it refuses
  with `schema.BadBody` (its message without the query's values): the server answers 400, in one log line;
- `screens`: each feature's face for its own screens (`ScreenFace`: the model's type, and its drawing as a
  `schema.FeatureScreen`), which an act's Account carries as the feature's model (`Account.screen`, a `Screen` of
  bot/replies.py: one model, which the chat draws from the feature's screens and the page through this). A screen
  with no face here, or one its face does not take (a Puzzle Racer's: a Racer is the chat's and its group's), is
  left to the chat: `Core.on_sent` keeps the chat's messages that show it, and the page is told what the Account
  says of it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.boards.model import Board
from bot.deps import Deps
from bot.games.model import Game, Mode
from bot.matches.model import Match, MatchKind
from bot.page import schema
from bot.replies import Screen
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

GameFace = Callable[[Deps, Game, str], Awaitable[Board]]  # deps, game, language -> its board now
MatchFace = Callable[[Deps, Match, int, str], Awaitable[schema.Match]]  # deps, match, the viewer, language
CoachFace = Callable[[Deps, Game, str], Awaitable[schema.Coach | None]]  # deps, game, language -> the coach, if shown
Read = Callable[["Core", Who, Mapping[str, str]], Awaitable[schema.Shape]]  # core, the player, the query -> answer
S = TypeVar("S", bound=Screen)


@dataclass(frozen=True)
class ScreenFace(Generic[S]):
    """A feature's page face for one type of its screens: the model's type, and how the page draws it."""

    kind: type[S]
    draw: Callable[[S], schema.FeatureScreen]
    only: Callable[[S], bool] | None = None  # which screens of the type the page draws (None: all of them)

    def takes(self, screen: Screen) -> bool:
        """Whether the page draws this screen with this face."""
        if not isinstance(screen, self.kind):
            return False
        return self.only is None or self.only(screen)

    def __call__(self, screen: Screen) -> schema.FeatureScreen | None:
        """The screen as the page draws it, if this face takes it (else None)."""
        if not isinstance(screen, self.kind) or not self.takes(screen):
            return None
        return self.draw(screen)


@dataclass(frozen=True)
class PageFaces:
    """The features' page faces and reads, as the register lists them (see the module's note)."""

    games: Mapping[Mode, GameFace]
    matches: Mapping[MatchKind, MatchFace]
    coach: CoachFace
    reads: Mapping[str, Read]
    screens: tuple[ScreenFace[Any], ...] = ()

    def draws(self, screen: Screen | None) -> bool:
        """Whether the page has a face for this screen (then it draws it, and the chat is not shown it again)."""
        return screen is not None and any(face.takes(screen) for face in self.screens)

    def screen(self, screen: Screen | None) -> schema.FeatureScreen | None:
        """A feature's screen as the page draws it; None when there is none, or the page has no face for it."""
        if screen is None:
            return None
        return next((drawn for face in self.screens if (drawn := face(screen)) is not None), None)
