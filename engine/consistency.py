"""Catching a player's mistakes: impossible answers, answers that contradict each other, and fixes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.explanation import Reason, why
from engine.history import History, Turn, candidates
from engine.scoring import FeedbackIds, Score, is_possible, score, scorer_for
from engine.variant import Code, Variant

# Subsets of turns are searched exactly (a table over all 2**n subsets) up to this many turns;
# longer histories get a minimal, not necessarily smallest, conflicting set.
EXACT_SEARCH_TURNS = 20

# How much likelier a slip of one unit is than a slip of two (see `_slip`): a factor per unit.
SLIP_ODDS = 10.0


class InvalidAnswer(ValueError):
    """An answer no secret could give; str() is the reason, for the user."""

    def __init__(self, reason: str, key: str, **params: object) -> None:
        super().__init__(reason)
        self.key = key  # a stable name for the reason, for translated texts
        self.params = params


def validate_answer(variant: Variant, answer: Score, guess: Code | None = None) -> Score:
    """The answer itself if some secret could give it (to `guess`, if given), else InvalidAnswer.

    >>> from engine.variant import PRESETS
    >>> validate_answer(PRESETS["classic"], Score(1, 2))
    Score(bulls=1, cows=2)
    """
    _check_form(variant, answer)
    length = variant.length
    if not is_possible(variant, answer):
        raise InvalidAnswer(
            f"{answer.bulls} bulls and {answer.cows} cows cannot happen in this game.",
            "impossible",
            bulls=answer.bulls,
            cows=answer.cows,
        )
    if guess is not None and not np.any(scorer_for(variant).against(guess) == answer.id(length)):
        raise InvalidAnswer(
            f"No secret gives {answer.bulls} bulls and {answer.cows} cows for {guess}.",
            "impossible_for_guess",
            bulls=answer.bulls,
            cows=answer.cows,
            guess=guess,
        )
    return answer


def _check_form(variant: Variant, answer: Score) -> None:
    """Raise InvalidAnswer for negative counts or more bulls and cows than positions."""
    if answer.bulls < 0 or answer.cows < 0:
        raise InvalidAnswer("Bulls and cows cannot be negative.", "negative")
    if answer.bulls + answer.cows > variant.length:
        raise InvalidAnswer(
            f"Bulls and cows add up to at most {variant.length}.",
            "too_many",
            total=answer.bulls + answer.cows,
            length=variant.length,
        )


@dataclass(frozen=True)
class Correction:
    """One answer changed so that the whole history fits some secret again."""

    turn: int  # index into the history
    guess: Code
    given: Score
    answer: Score  # what the answer would have to be
    remaining: int  # how many secrets fit the history with this answer
    share: float  # its probability among the corrections, if exactly one answer was wrong


@dataclass(frozen=True)
class Contradiction:
    """Why no secret fits: a smallest set of answers that cannot all be true, and one-answer fixes."""

    key: str  # "impossible_answer", "repeated_guess" or "conflict"
    conflict: tuple[int, ...]  # turn indices, ascending; drop any one and the rest can be true
    corrections: tuple[Correction, ...]  # most likely first; empty when two or more answers are wrong
    reason: Reason | None = None  # why the conflict's answers cannot all be true, for a sentence


@dataclass(frozen=True)
class Consistent:
    """The answers so far fit some secrets: how many."""

    remaining: int


def find_contradiction(variant: Variant, history: History) -> Contradiction | None:
    """None if some secret fits every answer, else the smallest conflict and the one-answer fixes.

    >>> from engine.variant import PRESETS
    >>> c = find_contradiction(PRESETS["classic"], [Turn("0123", Score(0, 0)), Turn("0123", Score(1, 0))])
    >>> c.key, c.conflict
    ('repeated_guess', (0, 1))
    """
    for turn in history:
        _check_form(variant, turn.answer)
    if not history:
        return None
    rows = _feedback_rows(variant, history)
    fails = rows != _answer_ids(variant, history)[:, None]
    if not fails.any(axis=0).all():
        return None
    conflict = _smallest_conflict(fails, history)
    corrections = _corrections(variant, history, rows, fails)
    return Contradiction(_kind(conflict, history), conflict, corrections, why(variant, history, conflict))


def check_history(variant: Variant, history: History) -> Consistent | Contradiction:
    """How many secrets fit the answers, or why none does."""
    for turn in history:
        _check_form(variant, turn.answer)
    remaining = len(candidates(variant, history))
    if remaining:
        return Consistent(remaining)
    found = find_contradiction(variant, history)
    assert found is not None
    return found


def check_new_answer(variant: Variant, history: History, turn: Turn) -> Consistent | Contradiction:
    """After a new answer: InvalidAnswer if no secret could give it, else check the whole history."""
    validate_answer(variant, turn.answer, turn.guess)
    return check_history(variant, [*history, turn])


@dataclass(frozen=True)
class WrongAnswer:
    """An answer that differs from what the real secret gives."""

    turn: int
    guess: Code
    given: Score
    actual: Score


def wrong_answers(variant: Variant, history: History, secret: str) -> list[WrongAnswer]:
    """Each answer that the secret (validated for the variant) would not have given, with the right one."""
    code = variant.parse(secret)
    wrong = []
    for i, turn in enumerate(history):
        actual = score(code, turn.guess)
        if actual != turn.answer:
            wrong.append(WrongAnswer(i, turn.guess, turn.answer, actual))
    return wrong


# --- the smallest conflicting set ---------------------------------------------------------


def _feedback_rows(variant: Variant, history: History) -> FeedbackIds:
    """Feedback ids of each turn's guess against every code, shape (turns, codes)."""
    scorer = scorer_for(variant)
    return np.stack([scorer.against(turn.guess) for turn in history])


def _answer_ids(variant: Variant, history: History) -> npt.NDArray[np.intp]:
    """Each turn's answer as a feedback id."""
    return np.array([turn.answer.id(variant.length) for turn in history], dtype=np.intp)


def _smallest_conflict(fails: npt.NDArray[np.bool_], history: History) -> tuple[int, ...]:
    """A smallest set of turns that no code passes together (fails[turn, code]: code contradicts turn)."""
    if len(history) > EXACT_SEARCH_TURNS:
        return _minimal_conflict(fails)
    masks = _unsatisfiable_masks(fails)
    sizes = np.bitwise_count(masks) if hasattr(np, "bitwise_count") else _popcount(masks)
    smallest = masks[sizes == sizes.min()]
    pair = _repeated_pair(history)
    if sizes.min() == 2 and pair is not None:
        return pair
    # Among equally small sets, the one with the latest answers (the largest mask): the newest
    # answer is usually the one that just broke a consistent history.
    best = int(smallest.max())
    return tuple(i for i in range(len(history)) if best >> i & 1)


def _unsatisfiable_masks(fails: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Every set of turns (as a bit mask) that no code passes, by a subset-sum over failure patterns."""
    turns = fails.shape[0]
    patterns = (fails.astype(np.int64) << np.arange(turns, dtype=np.int64)[:, None]).sum(axis=0)
    # passes_within[T]: some code fails only turns inside T, i.e. passes every turn outside T.
    passes_within = np.zeros(1 << turns, dtype=bool)
    passes_within[np.unique(patterns)] = True
    for bit in range(turns):
        halves = passes_within.reshape(-1, 2, 1 << bit)
        halves[:, 1, :] |= halves[:, 0, :]
    everything = (1 << turns) - 1
    masks = np.arange(1 << turns, dtype=np.int64)
    return masks[~passes_within[everything ^ masks]]


def _popcount(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """How many bits each mask has set (for numpy without bitwise_count)."""
    counts = np.zeros_like(masks)
    rest = masks.copy()
    while rest.any():
        counts += rest & 1
        rest >>= 1
    return counts


def _minimal_conflict(fails: npt.NDArray[np.bool_]) -> tuple[int, ...]:
    """A conflicting set from which no turn can be dropped, by dropping turns newest-last."""
    kept = list(range(fails.shape[0]))
    for turn in range(fails.shape[0]):
        trial = [t for t in kept if t != turn]
        if trial and fails[trial].any(axis=0).all():
            kept = trial
    return tuple(kept)


def _repeated_pair(history: History) -> tuple[int, int] | None:
    """The first two turns with the same guess and different answers, if any."""
    seen: dict[Code, int] = {}
    for i, turn in enumerate(history):
        first = seen.setdefault(turn.guess, i)
        if history[first].answer != turn.answer:
            return (first, i)
    return None


def _kind(conflict: Sequence[int], history: History) -> str:
    """The reason key of a conflicting set."""
    if len(conflict) == 1:
        return "impossible_answer"
    if len(conflict) == 2 and history[conflict[0]].guess == history[conflict[1]].guess:
        return "repeated_guess"
    return "conflict"


# --- one-answer corrections ----------------------------------------------------------------


def _corrections(
    variant: Variant, history: History, rows: FeedbackIds, fails: npt.NDArray[np.bool_]
) -> tuple[Correction, ...]:
    """Every single changed answer that makes the history consistent, most likely first."""
    only_one = fails.sum(axis=0) == 1  # codes that contradict exactly one turn
    found: list[Correction] = []
    for i, turn in enumerate(history):
        counts = np.bincount(rows[i][fails[i] & only_one], minlength=variant.feedback_count)
        for feedback in np.flatnonzero(counts):
            answer = Score.from_id(int(feedback), variant.length)
            found.append(Correction(i, turn.guess, turn.answer, answer, int(counts[feedback]), 0.0))
    # Every such fix changes a turn that lies in every conflicting set (a set without it would
    # stay unsatisfiable), so no preference for the conflict is needed. If exactly one answer
    # is wrong and the secret was drawn uniformly, a fix is as likely as the number of secrets
    # it leaves times the chance of that slip; a slip shrinks SLIP_ODDS-fold per unit.
    weights = [c.remaining * SLIP_ODDS ** -_slip(c.given, c.answer) for c in found]
    total = sum(weights) or 1.0
    ranked = sorted(zip(weights, found, strict=True), key=lambda pair: (-pair[0], -pair[1].turn, pair[1].answer))
    return tuple(Correction(c.turn, c.guess, c.given, c.answer, c.remaining, weight / total) for weight, c in ranked)


def _slip(given: Score, corrected: Score) -> int:
    """How many small mistakes turn the right answer into the given one.

    Each bull or cow miscounted is one; a bull taken for a cow (or back) is one, not two; and
    typing the two numbers in the wrong order is one.

    >>> _slip(Score(1, 2), Score(1, 1)), _slip(Score(1, 2), Score(2, 1)), _slip(Score(0, 3), Score(2, 0))
    (1, 1, 3)
    """
    if (given.bulls, given.cows) == (corrected.cows, corrected.bulls):
        return 1
    d_bulls, d_cows = corrected.bulls - given.bulls, corrected.cows - given.cows
    moved = min(abs(d_bulls), abs(d_cows)) if d_bulls * d_cows < 0 else 0
    return abs(d_bulls) + abs(d_cows) - moved
