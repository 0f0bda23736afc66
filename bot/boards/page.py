"""The Mini App's face of a board: the same board the chat shows (bot/boards/model.py), as the page's JSON.

Every text is the board's own, as plain text (the page sets it as text, never as HTML); nothing here reads a chat
message. A game's buttons are the board's choices the page may press as the chat's buttons would (a /think board's
answers and fixes, a daily's "yes, give up", "abandon and start anew"): the Core checks each.
"""

from __future__ import annotations

from bot import callback_data as cb
from bot.boards.model import Board, Choice, MatchBoard, Row
from bot.page import schema
from bot.texts import plain, variant_text
from engine.variant import Variant

# The callback actions of a one-player game's choices that the page may press (the Core checks each as it would a
# chat button's).
BOARD_ACTIONS = frozenset(cb.GAME_ACTIONS - {cb.MATCH})


def rows(board: Board) -> schema.Rows:
    """The board's moves: each guess with its score, as numbers and as the chat writes the score."""
    return schema.Rows(
        turns=[schema.Turn(guess=row.guess, bulls=row.score.bulls, cows=row.score.cows) for row in board.rows],
        scores=[plain(row.score_text) for row in board.rows],
        hints=board.hints.pattern if board.hints is not None else None,
    )


def asking(board: Board) -> schema.Asking:
    """What a /think board asks, past its title and moves (the page draws those as its table): the prompt, the
    notices and the advice in the page's words (its own check of the answers, where the chat names /reveal), and the
    choices the page may press."""
    prompt = board.prompt
    advice = (board.advice.page,) if board.advice is not None else ()
    said = (*(prompt.lines if prompt is not None else ()), *board.notices, *advice)
    buttons = [[choice_data(c) for c in row if pressable(c, board.game_id)] for row in board.choices]
    return schema.Asking(
        pending=prompt.guess if prompt is not None else None,
        lines=[plain(line) for line in said],
        buttons=[row for row in buttons if row],
        reveal=board.advice is not None,  # the answers contradict: the page offers to check them against the code
    )


def choice_data(choice: Choice) -> schema.Choice:
    """A choice as the page shows and presses it."""
    return schema.Choice(label=plain(choice.label), data=choice.data)


def pressable(choice: Choice, game_id: int) -> bool:
    """Whether the page may press this choice on this game: one of the game's own buttons."""
    return names(choice.data, game_id)


def names(data: str, game_id: int) -> bool:
    """Whether callback data is a button of this game (any revision: a stale one is told so by the Core, as in the
    chat)."""
    try:
        pressed = cb.decode(data)
    except cb.BadCallback:
        return False
    return pressed.action in BOARD_ACTIONS and pressed.game_id == game_id


def names_match(data: str, match_id: int) -> bool:
    """Whether callback data is a button of this versus game's board (any revision: a stale one is told so by the
    Core, as in the chat)."""
    try:
        pressed = cb.decode(data)
    except cb.BadCallback:
        return False
    return pressed.action == cb.MATCH and pressed.match_id == match_id


def versus(board: MatchBoard) -> schema.VersusBoard:
    """A versus game's board as the page would draw it: both sides' moves, what it asks, and its choices."""

    def side(rows: tuple[Row, ...]) -> list[schema.SideRow]:
        return [
            schema.SideRow(guess=r.guess, bulls=r.score.bulls, cows=r.score.cows, score=plain(r.score_text))
            for r in rows
        ]

    prompt = board.prompt
    said = (*(prompt.lines if prompt is not None else ()), *board.notices)
    return schema.VersusBoard(
        match=board.match_id,
        revision=board.revision,
        title=plain(board.title),
        yours=side(board.yours),
        mine=side(board.mine),
        pending=prompt.guess if prompt is not None else None,
        lines=[plain(line) for line in said],
        ending=None if board.ending is None else [plain(line) for line in board.ending.lines],
        buttons=[[choice_data(c) for c in row] for row in board.choices if row],
    )


def variant_data(variant: Variant, language: str) -> schema.Variant:
    """A variant as the page's keypad and header need it."""
    return schema.Variant(
        name=variant.name,
        length=variant.length,
        symbols=variant.symbols,
        repeats=variant.repeats,
        leading_zero=variant.leading_zero,
        text=plain(variant_text(variant, language)),
    )
