"""A position of the player's own game, again, as an unrated best-next-guess puzzle: "🔁 Retry #3" under a review
(as chess.com's review and Lichess's "learn from your mistakes" do). The clues are the game's guesses before it (and
the digits its hints had revealed by then), the answer any code, graded by the review's measure: solved when its
label, as printed, is good or better. Never rated, never on the ladder: a retry is practice.

A retry is a puzzles row of its own (Question.RETRY), one per player, position and review (made again on a second
retry, its attempt begun afresh), so that what the player types reaches it as any puzzle's answer does. It reads
what the puzzles' services loaded (`Loaded`) and writes in one `Plan`, as a ladder puzzle's answer does: it is never
rated, counts for nothing on the ladder (neither its turn of kinds nor its variant), and is never left as failed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import records, review
from bot.deps import Deps
from bot.games.lifecycle import parsed
from bot.puzzles.store import (
    AttemptRow,
    AttemptWrite,
    Current,
    Loaded,
    NewPuzzle,
    Plan,
    Question,
    SqlitePuzzleRepository,
    StoredPuzzle,
)
from bot.refusal import Refusal
from engine.history import Pins, Turn
from engine.review import GuessLoss, Label, guess_loss, position_review
from engine.scoring import Score
from engine.variant import Code, Variant, variant_named

VERSION = 1  # the version of a retry's data
SOLVES = frozenset({Label.BEST, Label.EXCELLENT, Label.GOOD})  # the labels (as shown) that solve a retry


@dataclass(frozen=True)
class RetryPuzzle:
    """A position to find the best next guess in: the variant, the guesses before it and the digits known in their
    places, the guess it retries (its number in the game), the review it came from (its button's data), how many codes
    fit, the least expected guesses from there (exact or not), and the best guesses."""

    variant: str
    turns: tuple[Turn, ...]
    pins: tuple[tuple[int, int], ...]
    number: int
    back: str
    count: int
    least: float
    exact: bool
    best: tuple[Code, ...]

    def known(self) -> Pins | None:
        """The digits known in their places, if any."""
        return dict(self.pins) or None

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "variant": self.variant,
            "turns": [[turn.guess, turn.answer.bulls, turn.answer.cows] for turn in self.turns],
            "pins": [list(pin) for pin in self.pins],
            "number": self.number,
            "back": self.back,
            "count": self.count,
            "least": self.least,
            "exact": self.exact,
            "best": list(self.best),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> RetryPuzzle:
        """The record to_data() wrote."""
        return cls(
            str(data["variant"]),
            tuple(Turn(str(g), Score(int(b), int(c))) for g, b, c in data["turns"]),
            tuple((int(p), int(d)) for p, d in data["pins"]),
            int(data["number"]),
            str(data["back"]),
            int(data["count"]),
            float(data["least"]),
            bool(data["exact"]),
            tuple(str(code) for code in data["best"]),
        )


@dataclass(frozen=True)
class Retry:
    """A retry as it stands for the player after the update: the puzzle and its id, the answers so far, how it ended,
    the latest answer weighed (with its label as shown), and what makes the best guess best (said once it is over)."""

    puzzle_id: int
    puzzle: RetryPuzzle
    variant: Variant
    tries: int
    solved: bool = False
    gave_up: bool = False
    weighed: GuessLoss | None = None
    label: Label | None = None
    why: review.Split | None = None

    @property
    def over(self) -> bool:
        """Whether it is solved or given up."""
        return self.solved or self.gave_up


def retry_puzzle(variant: Variant, turns: Sequence[Turn], pins: Pins | None, number: int, back: str) -> RetryPuzzle:
    """The retry of the position after `turns` with `pins` known (CPU-bound: engine work)."""
    found = position_review(variant, turns, pins, page_size=1)
    return RetryPuzzle(
        variant.name,
        tuple(turns),
        tuple(sorted((pins or {}).items())),
        number,
        back,
        found.count,
        found.least,
        found.exact,
        tuple(item.guess for item in found.best),
    )


def _repository(deps: Deps) -> SqlitePuzzleRepository:
    return deps.store.repository(SqlitePuzzleRepository)


def _seed(user_id: int, puzzle: RetryPuzzle) -> int:
    """The retry's row's seed: one a player, review and position (a second retry finds the same row)."""
    key = f"{user_id}:{puzzle.back}:{puzzle.number}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") >> 1


async def begin(deps: Deps, user_id: int, puzzle: RetryPuzzle) -> Retry:
    """The retry shown to the player and what they type taken as its answer, begun afresh if they did it before."""
    repo, now = _repository(deps), deps.clock()
    made = NewPuzzle(
        puzzle.variant, VERSION, _seed(user_id, puzzle), puzzle.to_data(), 0.0, records.Skill(), Question.RETRY
    )
    puzzle_id = await repo.keep_one(made, now)
    await repo.save(Plan(user_id, now, shown=puzzle_id, afresh=True, move=True, current=Current(puzzle_id, None)))
    return Retry(puzzle_id, puzzle, variant_named(puzzle.variant), 0)


def state(row: StoredPuzzle, attempt: AttemptRow) -> Retry:
    """A retry as stored, for the player whose attempt this is."""
    puzzle = RetryPuzzle.from_data(row.data)
    solved = attempt.ended and not attempt.gave_up
    return Retry(row.id, puzzle, variant_named(row.variant), attempt.tries, solved, attempt.gave_up)


def graded(variant: Variant, puzzle: RetryPuzzle, code: Code) -> tuple[GuessLoss, review.Split | None]:
    """The guess weighed at the retry's position, and (when it solves it) what makes the best guess best: the
    player's, where it was among the best (CPU-bound: engine work)."""
    weighed = guess_loss(variant, puzzle.turns, puzzle.known(), code)
    if review.shown_label(weighed.loss, weighed.label) not in SOLVES:
        return weighed, None
    best = code if weighed.label is Label.BEST else puzzle.best[0]
    return weighed, review.split_of(variant, puzzle.turns, puzzle.known(), (best,))[0]


def why(variant: Variant, puzzle: RetryPuzzle) -> review.Split | None:
    """What makes the retry's best guess best (CPU-bound: engine work)."""
    if not puzzle.best:
        return None
    return review.split_of(variant, puzzle.turns, puzzle.known(), (puzzle.best[0],))[0]


async def answer(deps: Deps, loaded: Loaded, row: StoredPuzzle, attempt: AttemptRow, text: str) -> Retry | Refusal:
    """The player's guess at a retry they are solving (`loaded`: its row and their open attempt): weighed (engine
    work), counted, and the retry over when its label is good or better; a Refusal for a text that is no code of the
    variant, or a code the game had guessed already there (as a best-next-guess puzzle's clue: it tells nothing new),
    which costs nothing. Written at once, never rated."""
    puzzle = RetryPuzzle.from_data(row.data)
    variant = variant_named(row.variant)
    code = parsed(variant, text)
    if isinstance(code, Refusal):
        return code
    clue = next((number for number, turn in enumerate(puzzle.turns, start=1) if turn.guess == code), None)
    if clue is not None:
        return Refusal("puzzle.next.clue_code", {"code": code, "number": clue})
    weighed, split = await deps.engine.need(
        "retry grade", graded, variant, puzzle, code, same=("retry grade", row.id, code)
    )
    label = review.shown_label(weighed.loss, weighed.label)
    solved = label in SOLVES
    clear = solved and loaded.current == Current(row.id, None)  # the player solves nothing now
    write = AttemptWrite(row.id, tried=True, ended=solved)
    await _repository(deps).save(Plan(loaded.user_id, deps.clock(), attempts=(write,), move=clear))
    return Retry(row.id, puzzle, variant, attempt.tries + 1, solved, False, weighed, label, split)


async def give_up(deps: Deps, loaded: Loaded, row: StoredPuzzle, attempt: AttemptRow) -> Retry:
    """The player gives a retry up: the best guesses and what makes the first best are shown. Never rated."""
    puzzle = RetryPuzzle.from_data(row.data)
    variant = variant_named(row.variant)
    split = await deps.engine.need("retry why", why, variant, puzzle, same=("retry why", row.id))
    clear = loaded.current == Current(row.id, None)
    write = AttemptWrite(row.id, ended=True, gave_up=True)
    await _repository(deps).save(Plan(loaded.user_id, deps.clock(), attempts=(write,), move=clear))
    return Retry(row.id, puzzle, variant, attempt.tries, False, True, why=split)
