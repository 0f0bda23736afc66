"""The game review: every guess of a game weighed against the best guess at its position, exactly where the engine
can afford it (on every variant with a shipped optimal tree, within the budget), and by an estimate, marked, elsewhere.

The measure. At a position, S is the set of codes that still fit (the turns so far, and the digits revealed by
hints the player had taken). T*(S) is the least total number of guesses that solves every code of S, any code of the
variant being a guess (not only those in S). A guess g splits S into parts by its score; its **cost** is the expected
number of guesses to the win, g included, when every later guess is the best, each code of S equally likely:
`cost(g) = (|S| + sum of T*(P) over the parts P but the win) / |S|`. The **least cost** is T*(S) / |S|, and a guess's
**loss** is its cost minus the least cost: how many guesses it gave away on average. Labels by loss
(`engine.review.labels`): best (0), excellent (< 0.05), good (< 0.2), inaccuracy (< 0.5), mistake (< 1), blunder.
A game's **accuracy** is the best play's expected guesses from the first position over those plus the sum of the
losses, in percent.

The API (every record is frozen plain data with `to_data()` / `from_data()`, for JSON):

- `review_game(variant, turns, known=None, budget=DEFAULT_BUDGET) -> GameReview`: `turns` as played (won, given up
  or unfinished; in hard mode the answers define S the same way), `known[i]` the pins (position -> digit, from
  hints) the player knew when guess i was made. Per guess a `GuessReview`: turn, guess, answer, codes fitting
  before and after, pins, and `weighed`, a `GuessLoss`: the played guess's `GuessCost` (cost, the most codes an
  answer could leave, exact), the least cost (`least_exact`: proven or not), the loss, the `Label`, `exact` (the
  loss and label: both costs exact), and up to three of the best guesses (`GuessCost`s of least cost). Then `start`
  (the least cost at the first guess; `start_exact`: proven or not, as it can be though a later figure is not),
  `accuracy`, `turning_point` (the guess of largest loss with the best guess there: what each could leave at most,
  and what the played one left; None when no guess lost anything) and `exact` (every figure exact, the accuracy
  with them).
- `position_review(variant, turns, pins=None, page=0, page_size=50) -> PositionReview`: how many codes fit, a page
  of them, the least cost and some of the best guesses: the Mini App's "position one tap away".
- `guess_loss(variant, turns, pins, guess) -> GuessLoss`: one guess weighed at one position.
- Best-next-guess puzzles (`engine.review.puzzle`): `next_guess_puzzles(variant, rng, count)` and
  `grade_next_guess(variant, puzzle, guess) -> NextGuessGrade` (solved when the loss is under GOOD_BELOW); a puzzle's
  `good` (the codes of the variant that solve it) and `estimate` (how hard it looks, on the scale of the "Which code
  is it?" puzzles' estimate: `next_guess_estimate`).

Errors: `NoCodeFits` (a ValueError) when the answers or pins leave no code, `InvalidCode` for a guess that is not a
code of the variant. A review is CPU-bound (0.43 s at p95 on classic, a few seconds at most on variants without a
tree: `bench/review_bench.py`): run it in a thread, off the event loop. Figures that are estimates (`exact`,
`least_exact` or `start_exact` False) are to be shown with "≈".

Where the figures come from, and when they are exact: see `engine.review.measure` and docs/engine.md.
"""

from __future__ import annotations

from engine.review.game import (
    GameReview,
    GuessCost,
    GuessLoss,
    GuessReview,
    PositionReview,
    TurningPoint,
    guess_loss,
    position_review,
    review_game,
)
from engine.review.labels import Label, accuracy, label_for
from engine.review.measure import DEFAULT_BUDGET, NoCodeFits
from engine.review.puzzle import (
    NextGuessGrade,
    NextGuessPuzzle,
    grade_next_guess,
    next_guess_estimate,
    next_guess_puzzles,
)

__all__ = [
    "DEFAULT_BUDGET",
    "GameReview",
    "GuessCost",
    "GuessLoss",
    "GuessReview",
    "Label",
    "NextGuessGrade",
    "NextGuessPuzzle",
    "NoCodeFits",
    "PositionReview",
    "TurningPoint",
    "accuracy",
    "grade_next_guess",
    "guess_loss",
    "label_for",
    "next_guess_estimate",
    "next_guess_puzzles",
    "position_review",
    "review_game",
]
