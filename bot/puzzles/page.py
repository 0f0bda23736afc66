"""The Mini App's Puzzle tab: the page's face of a puzzle's screen (a PuzzleBoard as JSON), and what the tab asks
for, done by the puzzles' services in the request's transaction: the puzzle being solved (else today's puzzle of the
day, not begun until the player acts), the puzzle of the day, the ladder's next, an answer, giving up.

Both kinds of ladder puzzle are drawn from the one model as the chat draws them: "Which code is it?" and the best
next guess (its clues are the game so far, and its answer any code: graded by the review's measure)."""

from __future__ import annotations

from bot.page import schema
from bot.puzzles import screens as view
from bot.puzzles import service as puzzles
from bot.puzzles.board import PuzzleBoard, PuzzleKind
from bot.puzzles.service import Current
from bot.refusal import Refusal
from bot.situation import Situation
from bot.texts import plain, t

TAB_TEXTS = ("puzzle.btn.give_up", "puzzle.btn.next", "puzzle.btn.daily", "puzzle.btn.board", "app.puzzle.answer")


def board_data(board: PuzzleBoard) -> schema.PuzzleScreen:
    """A puzzle's screen as the page draws it: every text plain, the clues as data."""
    return schema.PuzzleScreen(
        kind=board.kind.value,
        key=board.key,
        variant=board.variant,
        title=[plain(line) for line in board.title.split("\n")],
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
        puzzle_rating=board.puzzle_rating,
        share=plain(board.share) if board.share is not None else None,
    )


async def act(s: Situation, body: schema.PuzzleRequest) -> schema.PuzzleShown | schema.PuzzleLines:
    """What the tab asked for (its body, checked by the schema: `do`, and the puzzle an answer or a give-up names),
    done, and what it shows now: the puzzle's screen or why none (the day's board as lines for "board")."""
    deps, user, language = s.deps, s.who.user_id, s.language
    texts = {key: plain(t(key, language)) for key in TAB_TEXTS}
    done: puzzles.Solving | Refusal
    match body.do:
        case "board":
            board = await puzzles.board(deps)
            lines = plain(view.day_board(language, board).account.notice or "").split("\n")
            return schema.PuzzleLines(lines=lines, texts=texts)
        case "show":
            solving = await puzzles.current(deps, user)
            state = await puzzles.state(deps, user, solving) if solving is not None else None
            done = state if state is not None and not state.over else await puzzles.today(deps, user, start=False)
        case "daily":
            done = await puzzles.today(deps, user)
        case "next":
            done = await puzzles.ladder(deps, user, None, s.settings.variant)  # the variant of the latest
        case "answer" | "give_up":
            solving = _named(body)
            if solving.day is not None:  # the day's puzzle is begun by the first act on it, if not before
                await puzzles.today(deps, user)
            if body.do == "give_up":
                done = await puzzles.give_up(deps, user, solving)
            else:
                done = await puzzles.answer(deps, user, body.code or "", solving)
    if isinstance(done, Refusal):
        return schema.PuzzleShown(board=None, refused=plain(t(done.key, language, **done.params)), texts=texts)
    return schema.PuzzleShown(board=board_data(view.board_of(language, done)), refused=None, texts=texts)


def _named(body: schema.PuzzleRequest) -> Current:
    """The puzzle a request names (the schema checked it): the day's ('daily', 'YYYY-MM-DD') or a ladder puzzle's
    ('ladder', its id)."""
    key = body.key or ""
    return Current(None, key) if body.kind == PuzzleKind.DAILY.value else Current(int(key), None)
