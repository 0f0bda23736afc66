"""The chat's face of a review: one message, a line a guess, the coach's words and the legend under them.

A message holds at most 4,096 characters (Telegram counts them in UTF-16, after its HTML is read). A long game's
review keeps what teaches most, the turning point and the guesses that lost the most, then the first and the last,
and folds each run of the others into one line ('⋯ 12 more guesses (#8–#19)'); the Mini App's table has them all.
"""

from __future__ import annotations

from bot.review.board import ReviewBoard, ReviewRow
from bot.texts import Html, lines, t

LIMIT = 4096  # Telegram's most characters a message, counted in UTF-16 code units


def text(board: ReviewBoard, language: str) -> Html:
    """The review's message: the title, a line a guess (folded where the game is too long), the coach, the legend."""
    shown = _message(board, language, {row.number for row in board.rows})
    if size(shown) <= LIMIT:
        return shown
    kept: set[int] = set()
    for row in _by_worth(board):
        tried = _message(board, language, kept | {row.number})
        if size(tried) <= LIMIT:
            kept.add(row.number)
    return _message(board, language, kept)


def size(text: str) -> int:
    """A text's length as Telegram counts it, in UTF-16 code units; for HTML, at least what the message shows."""
    return len(text.encode("utf-16-le")) // 2


def _by_worth(board: ReviewBoard) -> list[ReviewRow]:
    """The rows by what they teach: the turning point, then by loss (the largest first), then the first and the last
    guess, then the rest in order."""
    ends = {board.rows[0].number, board.rows[-1].number} if board.rows else set()
    return sorted(
        board.rows,
        key=lambda row: (
            row.number != board.turning,
            -row.loss if row.loss > 0 else 0,
            row.number not in ends,
            row.number,
        ),
    )


def _message(board: ReviewBoard, language: str, kept: set[int]) -> Html:
    body: list[Html] = []
    folded: list[ReviewRow] = []
    hints = {
        after: [hint.line for hint in board.hints if hint.after == after] for after in {h.after for h in board.hints}
    }
    for row in board.rows:
        if row.number - 1 in hints:  # the hints taken before this guess, where they were taken (never folded)
            body.extend(_fold(language, folded))
            folded = []
            body.extend(hints[row.number - 1])
        if row.number in kept:
            body.extend(_fold(language, folded))
            folded = []
            body.append(row.line)
        else:
            folded.append(row)
    body.extend(_fold(language, folded))
    body.extend(hints.get(len(board.rows), ()))  # taken after the last guess
    return lines(board.title, board.which, board.ending, *body, *board.coach, board.legend)


def _fold(language: str, rows: list[ReviewRow]) -> list[Html]:
    """A run of rows left out, as one line."""
    if not rows:
        return []
    first, last = rows[0].number, rows[-1].number
    guesses = f"#{first}" if first == last else f"#{first}–#{last}"
    return [t("review.more", language, n=len(rows), guesses=guesses)]
