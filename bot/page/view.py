"""What the page is shown: the player's game as plain data (JSON), and the texts the page needs.

Nothing here can reveal a secret: a referee game's code is included only once the game is over (as the chat shows
it then), and a /think game's buttons are the chat board's own (game id, revision, answer: no secret in them).
The game's moves and what it asks are its board, the chat's own (bot/boards/model.py), as the game's feature draws
it (the register's page faces: bot/page/faces.py), drawn as JSON by bot/boards/page.py; texts come from the same
catalogues as the chat's, as plain text (the page sets them as text).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.boards import page as page_board
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.matches.model import Match, MatchKind
from bot.page import schema
from bot.page import service as page
from bot.page.faces import PageFaces
from bot.situation import Situation
from bot.texts import plain, t
from bot.who import Who

# The catalogue texts the page shows as they are (no parameters), sent once when it opens.
PAGE_TEXTS = (
    "app.title",
    "app.tab.game",
    "app.tab.possible",
    "app.guess",
    "app.hint",
    "app.giveup",
    "app.no_game",
    "app.table.guess",
    "app.notepad",
    "app.notepad.help",
    "app.possible.hidden",
    "app.possible.code",
    "app.possible.gain",
    "app.possible.gain.help",
    "app.prev",
    "app.next",
    "app.confirm.giveup",
    "app.offline",
    "app.error",
    "app.busy",
    "app.tab.daily",
    "app.daily.play",
    "app.daily.running",
    "daily.btn.share",
    "btn.play",
    "btn.think",
    "app.tab.review",
    "app.review.none",
    "app.review.wait",
    "app.tab.puzzle",
    "app.puzzle.answer",
    "app.puzzle.start",
    "app.reveal.open",
    "app.reveal.code",
    "app.reveal.check",
    "app.vs.new",
    "app.vs.yours",
    "app.vs.mine",
    "app.vs.resign",
    "app.confirm.resign",
    # the tabs of ranked games, the league and Puzzle Storm (bot/page/static/ranked.js, league.js, storm.js)
    "app.tab.ranked",
    "app.tab.league",
    "app.tab.storm",
    "app.ranked.start",
    "app.ranked.playing",
    "app.ranked.to_game",
    "app.storm.racer",
    "app.storm.code",
    "league.btn.refresh",
    "storm.btn.run",
    "app.nav.label",
    "app.nav.game",
    "app.nav.daily",
    "app.nav.puzzle",
    "app.nav.stats",
    "app.nav.more",
    "app.tab.stats",
    "app.tab.achievements",
    "app.soon",
)
ENDINGS = {
    Status.WON: "app.end.won",
    Status.LOST: "app.end.lost",
    Status.GAVE_UP: "app.end.gave_up",
    Status.ABANDONED: "app.end.abandoned",
    Status.SOLVED: "app.end.solved",
    Status.REVEALED: "app.end.revealed",
}


def page_texts(language: str) -> dict[str, str]:
    """The page's fixed texts in `language`, as plain text."""
    return {key: plain(t(key, language)) for key in PAGE_TEXTS}


async def shown_game(s: Situation) -> Game | None:
    """The game the page opens on: the chat's running game, else its latest one (finished)."""
    running = await s.game()
    if running is not None:
        return running
    latest = [g for mode in (Mode.REFEREE, Mode.GUESSER) if (g := await s.latest_game(mode)) is not None]
    return max(latest, key=lambda game: game.id, default=None)


@dataclass(frozen=True)
class Shown:
    """What the page shows of the chat: its one-player game (running, else the latest), its versus game (on, or the
    latest to have ended since that game began: its ending and rematch stay in view), and whether another match (a
    duel) holds the chat."""

    game: Game | None
    match: Match | None
    busy: bool

    @property
    def key(self) -> str:
        """What the page shows, named: two equal keys, the same page (the page's poll, the stream's event ids).

        >>> from datetime import UTC, datetime
        >>> from engine.variant import PRESETS
        >>> Shown(Game(7, 1, 1, Mode.REFEREE, PRESETS["classic"], datetime.now(UTC), revision=3), None, False).key
        'g7.3-m-'
        """
        game = f"g{self.game.id}.{self.game.revision}" if self.game is not None else "g"
        match = f"m{self.match.id}.{self.match.revision}" if self.match is not None else "m"
        return f"{game}-{match}-{'b' if self.busy else ''}"


async def shown(s: Situation) -> Shown:
    """What the page shows of the chat now (see Shown)."""
    game = await shown_game(s)
    on = await s.match_here(MatchKind.VERSUS) if s.who.private else None
    match = on or await page.ended_versus(s.deps, s.who.chat_id, game.started_at if game is not None else None)
    return Shown(game, match, on is None and await s.in_match())


def owns(who: Who, game: Game) -> bool:
    """Whether the game is the player's own, in their private chat with the bot."""
    return game.chat_id == who.chat_id and game.user_id == who.user_id


def possibilities_shown(game: Game, is_daily: bool) -> bool:
    """Whether the page may list the codes that still fit: as the chat counts them (coaching on, or the bot guessing
    your code), or once the game is over; never during the day's challenge, which everyone plays bare."""
    if not game.active:
        return True
    return not is_daily and (game.mode == Mode.GUESSER or game.coaching)


async def state(s: Situation, faces: PageFaces, found: Shown | None = None) -> schema.State:
    """Everything the page shows about the player's game (None: no game yet) and versus game (None: none in view),
    whether a match holds the chat, and the key that names it all (`found`: what the page shows, if read already);
    each board as its feature draws it (`faces`, the register's)."""
    language = s.language
    found = found or await shown(s)
    game, match = found.game, found.match
    return schema.State(
        key=found.key,
        game=None if game is None else await game_data(s, faces, game),
        match=None if match is None else await faces.matches[match.kind](s.deps, match, s.who.user_id, language),
        busy=plain(t("app.busy", language)) if found.busy else None,
    )


async def game_data(s: Situation, faces: PageFaces, game: Game) -> schema.Game:
    """One game as the page draws it: the game's facts, and its board (the chat's) as the page's JSON."""
    language, is_daily = s.language, game.daily is not None
    board = await faces.games[game.mode](s.deps, game, language)
    moves = page_board.rows(board)
    return schema.Game(
        id=game.id,
        revision=game.revision,
        mode=game.mode,
        status=game.status,
        active=game.active,
        daily=is_daily,
        variant=page_board.variant_data(game.variant, language),
        hard=game.hard,
        limit=game.attempt_limit,
        turns=moves.turns,
        scores=moves.scores,
        hints=moves.hints,
        possible=possibilities_shown(game, is_daily),
        notes=await page.notes(s.deps, game.id),
        ending=None if game.active else _ending(game, language),
        board=page_board.asking(board) if game.mode == Mode.GUESSER and game.active else None,
    )


def _ending(game: Game, language: str) -> schema.Ending:
    """How the game ended, and its code (every ending shows it in the chat too)."""
    key = ENDINGS.get(game.status, "app.end.abandoned")
    secret = game.secret or ""
    return schema.Ending(text=plain(t(key, language, n=len(game.turns), secret=secret)), secret=secret or None)
