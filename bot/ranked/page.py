"""Ranked games' page faces: each of their screens (bot/ranked/screens.py's models, which the Account of every
Outcome that shows one carries) as the page's JSON, listed in the register (`page_faces`), and the Ranked tab's read
(GET /api/ranked: the history, and whether a ranked game is on).

A ranked game itself is a referee game: the page plays it on its game tab (the keypad, the hint, giving up: what the
chat sends, through the ranked routes, asked first). Both games side by side come only as the screen of the act that
finished the player's game, or of the history's button, and only once both games are over (`ranked.compared`
refuses before: the other's guesses are theirs until then); reading the tab shows nobody's guesses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from bot import callback_data as cb
from bot import review
from bot.boards import page as page_board
from bot.page import schema
from bot.ranked import screens
from bot.ranked import service as ranked
from bot.ranked.screens import ComparedSide, History, MarkSet, RankedStart, SideBySide
from bot.situation import Situation
from bot.texts import plain
from bot.who import Who

if TYPE_CHECKING:
    from bot.core import Core

OUTCOMES: dict[str, Literal["won", "lost", "draw"]] = {"won": "won", "lost": "lost", "draw": "draw"}


def start(screen: RankedStart) -> schema.RankedStartScreen:
    """A ranked game begun: whose code it is, or that the player sets the mark; their rating."""
    return schema.RankedStartScreen(
        secret=screen.secret_id,
        variant=screen.variant,
        sets_mark=screen.sets_mark,
        opponent=plain(screen.opponent) if screen.opponent is not None else None,
        opponent_rating=screen.opponent_rating,
        rating=screen.rating,
        lines=[plain(line) for line in screen.lines],
    )


def mark(screen: MarkSet) -> schema.RankedMarkScreen:
    """A mark set: what happens to it next."""
    return schema.RankedMarkScreen(secret=screen.secret_id, lines=[plain(line) for line in screen.lines])


def _side(side: ComparedSide) -> schema.RankedSide:
    return schema.RankedSide(
        name=plain(side.name),
        moves=[
            schema.RankedMove(
                number=row.number,
                guess=row.guess,
                bulls=row.score.bulls,
                cows=row.score.cows,
                label=row.label,
                mark=plain(review.mark(row.label, row.exact)) if row.label is not None else None,
                label_text=plain(row.label_text) if row.label_text is not None else None,
                line=plain(row.line),
            )
            for row in side.rows
        ],
        solved=side.solved,
        guesses=side.guesses,
        hints=side.hints,
        seconds=round(side.seconds, 1),
        rating_before=side.rating_before,
        rating_after=side.rating_after,
        change=side.change,
        summary=plain(side.summary),
    )


def compared(screen: SideBySide) -> schema.RankedVsScreen:
    """Both games side by side, every guess with its score and the review's label, as the chat's message has them."""
    return schema.RankedVsScreen(
        secret=screen.secret_id,
        variant=screen.variant,
        code=screen.secret,
        outcome=OUTCOMES[screen.outcome],
        title=plain(screen.title),
        verdict=plain(screen.verdict),
        mine=_side(screen.mine),
        theirs=_side(screen.theirs),
        choices=[page_board.choice_data(choice) for row in screen.choices for choice in row],
    )


def history(screen: History) -> schema.RankedHistoryScreen:
    """The player's latest ranked secrets, each closed one with the button that shows both games (the chat's)."""
    return schema.RankedHistoryScreen(
        title=plain(screen.title),
        lines=[
            schema.RankedLine(
                secret=line.secret_id,
                state=line.state,
                line=plain(line.line),
                show=schema.Choice(
                    label=f"#{line.secret_id}", data=cb.encode(screens.ACTION, screens.SHOW, line.secret_id)
                )
                if line.closed
                else None,
            )
            for line in screen.lines
        ],
    )


async def tab(core: Core, who: Who, query: Mapping[str, str]) -> schema.RankedTab:
    """GET /api/ranked: the history, and whether a ranked game of the player's is on (a read: nothing written)."""
    return await core.read(who, _tab)


async def _tab(s: Situation) -> schema.RankedTab:
    shown = screens.history(s.language, await ranked.history(s.deps, s.who.user_id)).account.screen
    assert isinstance(shown, History)
    game = await s.game()
    return schema.RankedTab(history=history(shown), playing=game is not None and game.ranked is not None)
