"""The puzzles' page faces: a puzzle's screen (a PuzzleBoard, bot/puzzles/board.py) as the page's JSON, its buttons
the chat's own, and the day's board (a DayBoard) as lines. The puzzles' screens (bot/puzzles/screens.py) put the
model in the Account of every Outcome that shows one, and the page's server draws it with these faces (listed in the
register, `page_faces`), so the page draws what the chat shows, from the same model, whatever the page asked (an
answer, give up, the next puzzle, the day's: what the chat sends); the Puzzle tab's read (`Puzzle.tab` in
routes.py) draws the puzzle being solved."""

from __future__ import annotations

from bot.boards import page as page_board
from bot.page import schema
from bot.puzzles.board import DayBoard, PuzzleBoard
from bot.texts import plain


def screen(board: PuzzleBoard) -> schema.PuzzleScreen:
    """A puzzle's screen as the page draws it: every text plain, the clues as data, the chat's buttons."""
    return schema.PuzzleScreen(
        track=board.track.value,
        key=board.key,
        variant=board.variant,
        title=[plain(line) for line in board.title],
        clues=[
            schema.Clue(
                number=clue.number,
                guess=clue.guess,
                bulls=clue.score.bulls,
                cows=clue.score.cows,
                broken=clue.would_score is not None,
                would=None if clue.would_score is None else (clue.would_score.bulls, clue.would_score.cows),
            )
            for clue in board.clues
        ],
        prompt=[plain(line) for line in board.prompt],
        verdict=[plain(line) for line in board.verdict],
        notices=[plain(line) for line in board.notices],
        ending=[plain(line) for line in board.ending],
        over=board.over,
        solved=board.solved,
        solution=board.solution,
        tries=board.tries,
        rating=board.rating,
        provisional=board.provisional,
        puzzle_rating=board.puzzle_rating,
        share=plain(board.share) if board.share is not None else None,
        choices=[page_board.choice_data(choice) for row in board.choices for choice in row],
    )


def day_board(board: DayBoard) -> schema.LinesScreen:
    """The day's board as the page draws it: its lines, each as plain text."""
    return schema.LinesScreen(lines=[plain(row) for row in board.lines])
