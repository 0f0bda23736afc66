"""Coaching: what each guess learned, what the engine would have played, and how far the engine is from the end."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.book import opening_book
from engine.guesser import Strategy, TreeStrategy, next_guess
from engine.history import History, Pins, Turn, candidates, fits, partition_counts, pinned, remember
from engine.information import bits_gained
from engine.optimal.tree import optimal_moves, replay, shipped_tree
from engine.planner import Planner
from engine.play import solve_counts
from engine.scoring import Score
from engine.splits import canonical_guesses, fixed_symbols, member, splitter_for
from engine.strategies import NoCandidates, best_of, history_key, neg_entropy
from engine.variant import Code, Indices, Variant

# Bounds on the work a review may do, counted in (code, candidate) pairs scored: a greedy strategy
# weighs every code of the variant against every candidate, so a position costs about
# variant.size * candidates. The engine's guess is sought within BEST_BUDGET (all of classic and
# mastermind; 6r10 only below 25 candidates); the engine's outlook walks a whole decision tree, so it
# gets a budget per review: 15 classic (58 mastermind) candidates when coaching, which keeps a coached
# move quick (bench/coach_bench.py).
BEST_BUDGET = 5040 * 5040
COACH_OUTLOOK_BUDGET = 5040 * 15
# Variants too big to weigh every guess (6 digits) sample guesses for the engine's pick; a coach
# samples a sixteenth of what the planner does in play, so that a coached move stays quick.
COACH_PAIR_BUDGET = 1_000_000
# A review is quick (an event loop may run it rather than hand it to a thread) when each of its parts is a
# lookup in the variant's shipped optimal tree, or a sweep of at most QUICK_PAIRS (code, candidate) pairs:
# 3 classic candidates, whose reviews are as quick as a lookup (bench/coach_bench.py). Only variants of at most
# QUICK_CODES codes, and only the QUICK_VARIANTS variants reviewed last: their tables and trees are then
# still in the engine's caches (each keeps 16 variants or more), so a quick review never builds or loads one.
QUICK_PAIRS = 5040 * 3
QUICK_CODES = 5040
QUICK_VARIANTS = 4
_reviewed_lock = threading.Lock()


class _Tree(NamedTuple):
    """A variant's shipped optimal tree as the coach uses it: its moves by history key ({} if none is shipped),
    and the guesses it takes on each secret (by code index), replayed once."""

    moves: Mapping[str, Code]
    guesses: npt.NDArray[np.int64] | None


_reviewed: OrderedDict[Variant, _Tree] = OrderedDict()


@dataclass(frozen=True)
class GuessQuality:
    """How well a guess splits the candidates of a position, before its answer is known."""

    guess: Code
    expected_bits: float  # entropy of the answer: information the guess is expected to give
    worst_left: int  # the most candidates any answer can leave
    could_win: bool  # whether the guess was itself a candidate


@dataclass(frozen=True)
class Outlook:
    """How many more guesses the engine needs from a position, incl. the winning one."""

    candidates: int
    average: float
    worst: int


@dataclass(frozen=True)
class MoveReview:
    """One turn seen by a coach: what the guess learned and how it compares with the engine's."""

    turn: int  # index into the history
    answer: Score
    before: int  # candidates before the guess
    after: int  # candidates after its answer
    bits: float  # information the answer actually gave
    played: GuessQuality
    best: GuessQuality | None  # the engine's guess from the same position, if within BEST_BUDGET
    outlook: Outlook | None  # the engine's outlook after the answer; None if won, contradictory or too big

    @property
    def bits_short(self) -> float | None:
        """Expected bits the played guess gave up against the engine's (negative: it did better)."""
        return None if self.best is None else self.best.expected_bits - self.played.expected_bits

    @property
    def solved(self) -> bool:
        """Whether this guess won the game."""
        return self.answer.bulls == len(self.played.guess)


def rate_guess(variant: Variant, alive: Indices, guess: Code) -> GuessQuality:
    """How well `guess` splits the candidates `alive`.

    >>> from engine.variant import PRESETS
    >>> classic = PRESETS["classic"]
    >>> rate_guess(classic, candidates(classic, []), "0123").worst_left
    1440
    """
    counts = partition_counts(variant, guess, alive)
    could_win = bool(counts[variant.solved] > 0)
    parts = [c for c in counts.tolist() if c]  # plain floats: numpy's per-call cost dominates 25 numbers
    total = sum(parts)
    bits = -sum(c / total * math.log2(c / total) for c in parts) if total else 0.0
    return GuessQuality(guess, bits + 0.0, max(parts, default=0), could_win)


def outlook(variant: Variant, history: History, strategy: Strategy | None = None) -> Outlook:
    """Average and worst number of guesses the engine still needs over the secrets that fit."""
    needed = np.fromiter(solve_counts(variant, strategy, history).values(), dtype=np.int64)
    if len(needed) == 0:
        raise NoCandidates(variant, history)
    return Outlook(len(needed), float(needed.mean()), int(needed.max()))


def review_move(
    variant: Variant,
    history: History,
    turn: int = -1,
    strategy: Strategy | None = None,
    outlook_budget: int = COACH_OUTLOOK_BUDGET,
    pins: Pins | None = None,
) -> MoveReview:
    """The coach's view of one turn (by default the last): cheap enough to run after every guess.

    `pins` are digits the player knows in their places (revealed by hints): the codes counted are those that
    have them, and the engine's pick keeps them in place. The engine's strategies know nothing of pins, so a
    pinned review has no outlook.
    """
    index = turn % len(history)
    before = candidates(variant, history[:index])
    if pins:
        review = _pinned_review(variant, history, index, pinned(variant, before, pins), pins)
    else:
        review = _review(variant, history, index, before, strategy, outlook_budget)
    _note_reviewed(variant)
    return review


def quick_review(variant: Variant, history: History) -> bool:
    """Whether the coach's review of the last turn (`review_move(variant, history)`) is known to be quick:
    a few lookups in the optimal tree, or sweeps over very few candidates (then it may run on an event loop).

    False for a variant not reviewed lately (its first review builds tables and loads the tree), for big
    variants, and wherever the engine's pick or outlook would be a search over many candidates.
    """
    if not history or variant.size > QUICK_CODES:
        return False
    with _reviewed_lock:
        known = _reviewed.get(variant)
    if known is None:
        return False
    tree, position = known.moves, history[:-1]
    if history_key(history) in tree:  # the game follows the tree: the pick and the whole outlook are lookups
        return True
    if history_key(position) in tree:  # the pick is a lookup; the outlook is skipped if won or too wide
        if history[-1].answer.bulls == variant.length:
            return True
        if not _affordable(variant, candidates(variant, history), COACH_OUTLOOK_BUDGET):
            return True
    return _affordable(variant, candidates(variant, position), QUICK_PAIRS)


def tree_guesses(variant: Variant, secret: Code, history: History) -> int | None:
    """How many guesses the engine needs for `secret`, counting those of `history`, when it plays the variant's
    optimal tree from there (a walk down the tree: no search, so an event loop may run it); None if `history`
    is not a position of the tree, or the variant was not reviewed lately (its tree may not be loaded)."""
    with _reviewed_lock:
        known = _reviewed.get(variant)
    if known is None or known.guesses is None or not history or history_key(history[:-1]) not in known.moves:
        return None
    if history[-1].answer.bulls == variant.length:
        return len(history)
    if history_key(history) not in known.moves or not fits(secret, history):
        return None
    return int(known.guesses[variant.index(secret)])  # the tree's path to `secret` passes through `history`


def _note_reviewed(variant: Variant) -> None:
    """Remember that this variant's tables and tree are loaded (a review just used them)."""
    with _reviewed_lock:
        if variant in _reviewed:
            _reviewed.move_to_end(variant)
            return
    moves = optimal_moves(variant) if variant.size <= QUICK_CODES else {}
    root = shipped_tree(variant) if moves else None
    known = _Tree(moves, replay(variant, root) if root is not None else None)
    with _reviewed_lock:
        _reviewed[variant] = known
        while len(_reviewed) > QUICK_VARIANTS:
            _reviewed.popitem(last=False)


def _review(
    variant: Variant,
    history: History,
    index: int,
    before: Indices,
    strategy: Strategy | None,
    outlook_budget: int,
) -> MoveReview:
    """The review of turn `index`, given the candidates before it."""
    position: Sequence[Turn] = history[:index]
    if len(before) == 0:
        raise NoCandidates(variant, position)
    turn = history[index]
    after = candidates(variant, [turn], among=before)
    remember(variant, history[: index + 1], after)  # the next move's review starts from them
    if strategy is None and not splitter_for(variant).has_table:
        strategy = _sampling_coach(variant)
    best = next_guess(variant, position, strategy) if _affordable(variant, before, BEST_BUDGET) else None
    won = turn.answer.bulls == variant.length
    ahead = len(after) > 0 and not won and _affordable(variant, after, outlook_budget)
    outlook = _outlook(variant, history[: index + 1], strategy, after) if ahead else None
    return _move_review(variant, index, turn, before, after, best, outlook)


def _pinned_review(variant: Variant, history: History, index: int, before: Indices, pins: Pins) -> MoveReview:
    """The review of turn `index` when digits are pinned: `before` are the candidates that have them. The
    candidates after it are not remembered: the cache is keyed by the history alone, which does not show pins."""
    if len(before) == 0:
        raise NoCandidates(variant, history[:index])
    turn = history[index]
    after = candidates(variant, [turn], among=before)
    pick = _pinned_pick(variant, history[:index], before, pins) if _affordable(variant, before, BEST_BUDGET) else None
    return _move_review(variant, index, turn, before, after, pick, None)


def _move_review(
    variant: Variant,
    index: int,
    turn: Turn,
    before: Indices,
    after: Indices,
    best: Code | None,
    outlook: Outlook | None,
) -> MoveReview:
    """The review of a turn that took the candidates from `before` to `after`, with the best guess there (None: too
    costly to find) rated beside the one played."""
    played = rate_guess(variant, before, turn.guess)
    return MoveReview(
        turn=index,
        answer=turn.answer,
        before=len(before),
        after=len(after),
        bits=bits_gained(len(before), len(after)),
        played=played,
        best=None if best is None else played if best == turn.guess else rate_guess(variant, before, best),
        outlook=outlook,
    )


def _pinned_pick(variant: Variant, position: History, alive: Indices, pins: Pins) -> Code:
    """The guess that splits the candidates `alive` best (most information), among the codes that keep every
    pinned digit in place: what a coach who knows the hints suggests."""
    if len(alive) == 1:
        return variant.code(int(alive[0]))
    fixed = fixed_symbols(variant, position)
    for symbol in pins.values():
        fixed |= 1 << symbol  # relabelling may not move a pinned digit
    pool = pinned(variant, canonical_guesses(variant, fixed), pins)
    chosen = best_of(variant, neg_entropy, pool, alive, member(pool, alive, variant.size))
    return variant.code(int(pool[chosen]))


def _outlook(variant: Variant, history: History, strategy: Strategy | None, after: Indices) -> Outlook:
    """`outlook(variant, history, strategy)`; where the engine plays the variant's optimal tree (no strategy
    given, `history` a position of the tree), read from the tree's replay: each secret that fits needs the
    guesses the tree takes on it, less those made."""
    with _reviewed_lock:
        known = _reviewed.get(variant)
    if strategy is not None or known is None or known.guesses is None or history_key(history) not in known.moves:
        return outlook(variant, history, strategy)
    needed = (known.guesses[after] - len(history)).tolist()  # a few ints: numpy's mean costs more than the sum
    return Outlook(len(needed), sum(needed) / len(needed), max(needed))  # the same float: the sum is exact


@lru_cache(maxsize=8)
def _sampling_coach(variant: Variant) -> Strategy:
    """The engine's pick on variants that sample: the variant's opening book, as in play, then the
    planner on a smaller sample."""
    planner = Planner(pair_budget=COACH_PAIR_BUDGET)
    book = opening_book(variant)
    return TreeStrategy(book, planner, name="coach") if book else planner


def _affordable(variant: Variant, alive: Indices, budget: int) -> bool:
    """Whether weighing every code against these candidates stays within the budget of pairs."""
    return variant.size * len(alive) <= budget
