"""The Mini App's Puzzle tab: the page's face of a puzzle's screen (a PuzzleBoard as JSON), and what the tab asks
for, done by the puzzles' services in the request's transaction: the puzzle being solved (else today's puzzle of the
day, not begun until the player acts), the puzzle of the day, the ladder's next, an answer, giving up.

Both kinds of ladder puzzle are drawn from the one model as the chat draws them: "Which code is it?" and the best
next guess (its clues are the game so far, and its answer any code: graded by the review's measure)."""

from __future__ import annotations

from typing import Any

from bot.puzzles import screens as view
from bot.puzzles import service as puzzles
from bot.puzzles.board import PuzzleBoard, PuzzleKind
from bot.puzzles.service import Current
from bot.refusal import Refusal
from bot.situation import Situation
from bot.texts import plain, t

TAB_TEXTS = ("puzzle.btn.give_up", "puzzle.btn.next", "puzzle.btn.daily", "puzzle.btn.board", "app.puzzle.answer")
ACTS = frozenset({"show", "daily", "next", "answer", "give_up", "board"})
MAX_ANSWER = 32  # characters: a code of the longest variant, with spaces


class BadAct(ValueError):
    """A request the page could not have made; str() says why (for the log)."""


def board_data(board: PuzzleBoard) -> dict[str, Any]:
    """A puzzle's screen as the page draws it: every text plain, the clues as data."""
    return {
        "kind": board.kind.value,
        "key": board.key,
        "variant": board.variant,
        "title": [plain(line) for line in board.title.split("\n")],
        "clues": [
            {
                "number": clue.number,
                "guess": clue.guess,
                "bulls": clue.score.bulls,
                "cows": clue.score.cows,
                "broken": clue.would_score is not None,
                "would": None if clue.would_score is None else [clue.would_score.bulls, clue.would_score.cows],
            }
            for clue in board.clues
        ],
        "prompt": [plain(line) for line in board.prompt],
        "verdict": [plain(line) for line in board.verdict],
        "notices": [plain(line) for line in board.notices],
        "ending": [plain(line) for line in board.ending],
        "over": board.over,
        "solved": board.solved,
        "solution": board.solution,
        "tries": board.tries,
        "rating": board.rating,
        "puzzleRating": board.puzzle_rating,
        "share": plain(board.share) if board.share is not None else None,
    }


async def act(s: Situation, body: Any) -> dict[str, Any]:
    """What the tab asked for (`{"do": ..., "kind", "key", "code"}`), done, and what it shows now: {"board",
    "refused", "texts"} (the day's board as lines for "board"); BadAct for a request no page makes."""
    if not isinstance(body, dict) or body.get("do") not in ACTS:
        raise BadAct("not a puzzle request")
    deps, user, language = s.deps, s.who.user_id, s.language
    texts = {key: plain(t(key, language)) for key in TAB_TEXTS}
    done: puzzles.Solving | Refusal
    match body["do"]:
        case "board":
            board = await puzzles.board(deps)
            return {"lines": plain(view.day_board(language, board).account.notice or "").split("\n"), "texts": texts}
        case "show":
            solving = await puzzles.current(deps, user)
            state = await puzzles.state(deps, user, solving) if solving is not None else None
            done = state if state is not None and not state.over else await puzzles.today(deps, user, start=False)
        case "daily":
            done = await puzzles.today(deps, user)
        case "next":
            done = await puzzles.ladder(deps, user, s.settings.variant)
        case "answer" | "give_up":
            solving = _named(body)
            if solving.day is not None:  # the day's puzzle is begun by the first act on it, if not before
                await puzzles.today(deps, user)
            if body["do"] == "give_up":
                done = await puzzles.give_up(deps, user, solving)
            else:
                code = body.get("code")
                if not isinstance(code, str) or len(code) > MAX_ANSWER:
                    raise BadAct("an answer is a short text")
                done = await puzzles.answer(deps, user, code, solving)
    if isinstance(done, Refusal):
        return {"board": None, "refused": plain(t(done.key, language, **done.params)), "texts": texts}
    return {"board": board_data(view.board_of(language, done)), "refused": None, "texts": texts}


def _named(body: dict[str, Any]) -> Current:
    """The puzzle a request names: the day's ('daily', 'YYYY-MM-DD') or a ladder puzzle's ('ladder', its id)."""
    kind, key = body.get("kind"), body.get("key")
    if kind == PuzzleKind.DAILY.value and isinstance(key, str) and len(key) == 10:
        return Current(None, key)
    if kind == PuzzleKind.LADDER.value and isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 19:
        return Current(int(key), None)
    raise BadAct("no puzzle named")
