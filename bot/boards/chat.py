"""The chat's face of a board: one message, its lines in HTML and its choices as the inline keyboard."""

from __future__ import annotations

from bot.boards.model import Board, Choices, MatchBoard
from bot.replies import Button, Keyboard, Placement, Reply
from bot.texts import Html, lines


def text(board: Board | MatchBoard) -> Html:
    """The board's message: every line, title first (empty parts left out)."""
    return lines(*board.lines)


def keyboard(choices: Choices) -> Keyboard:
    """Choices as inline buttons, row by row."""
    return tuple(tuple(Button(choice.label, choice.data) for choice in row) for row in choices if row)


def reply(board: Board | MatchBoard, placement: Placement) -> Reply:
    """The message that shows the board, where `placement` says."""
    return Reply(text(board), keyboard(board.choices), placement)


def tidy(board: Board) -> Html | None:
    """What a message showing `board` is cut down to once a newer one is sent below it: its last row and the hints."""
    last = board.rows[-1].line if board.rows else None
    return lines(last, board.hints.line if board.hints is not None else None) or None
