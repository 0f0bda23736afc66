"""The Mini App's face of a review and of a position in it: the same ReviewBoard and PositionBoard the chat's message
is drawn from (bot/review/board.py), as the page's JSON, every text as plain text."""

from __future__ import annotations

from bot.page import schema
from bot.review.board import PositionBoard, ReviewBoard
from bot.texts import plain, t
from engine.variant import Variant

# The texts of the tab's table and position, sent with each review (the tab's label is among the page's own texts).
TEXTS = ("app.review.guess", "app.review.codes", "app.review.bits", "app.review.move", "app.review.tap", "app.prev",
         "app.next", "app.review.close")  # fmt: skip


def review(board: ReviewBoard, variant: Variant, language: str) -> schema.ReviewReady:
    """A review as the page draws it: its title, a row a guess (numbers and the words the chat uses), the coach's
    words, the legend, and which row was the turning point (what it is of, and earned, the tab adds)."""
    return schema.ReviewReady(
        title=plain(board.title),
        variant=schema.ReviewVariant(length=variant.length, symbols=variant.symbols, repeats=variant.repeats),
        rows=[
            schema.ReviewRow(
                number=row.number,
                guess=row.guess,
                bulls=row.score.bulls,
                cows=row.score.cows,
                before=row.before,
                after=row.after,
                bits=None if row.bits is None else round(row.bits, 2),
                label=row.label,
                label_text=plain(row.label_text),
                loss=round(row.loss, 4),
                exact=row.exact,
                best=row.best,
                turning=row.number == board.turning,
            )
            for row in board.rows
        ],
        accuracy=round(board.accuracy, 1),
        exact=board.exact,
        coach=[plain(line) for line in board.coach],
        legend=plain(board.legend),
        texts={key: plain(t(key, language)) for key in TEXTS},
        hints=[schema.ReviewHint(after=hint.after, text=plain(hint.line)) for hint in board.hints],
        ending=None if board.ending is None else plain(board.ending),
        which=None if board.which is None else plain(board.which),
    )


def position(board: PositionBoard) -> schema.PositionReady:
    """A position as the page draws it: how many codes fit and a page of them, the least expected guesses from there,
    and the best guesses (what it is of, the tab adds)."""
    return schema.PositionReady(
        number=board.number,
        title=plain(board.title),
        count=board.count,
        codes=list(board.codes),
        page=board.page,
        pages=board.pages,
        page_text=plain(board.page_text),
        least=round(board.least, 4),
        least_text=plain(board.least_text),
        exact=board.exact,
        best=[
            schema.BestGuess(
                guess=item.guess,
                worst=item.worst,
                text=plain(item.line),
                average=None if item.average is None else round(item.average, 2),
            )
            for item in board.best
        ],
        best_heading=plain(board.best_heading or ""),
        why=None if board.why is None else plain(board.why),
        codes_heading=plain(board.codes_heading or ""),
    )
