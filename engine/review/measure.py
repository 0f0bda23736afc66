"""The measure behind a review: the least total guesses that solve every code of a set, and what a guess costs.

A position is the set S of codes that still fit (the turns so far, and the digits hints revealed). `T*(S)` is the
least total number of guesses, over the codes of S, that solves each of them when any code of the variant may be
guessed; a guess g splits S into parts by its score, and its total is `|S| + sum of T*(P)` over the parts P that are
not the win. Its cost is that total over |S|, the expected guesses to the win, g included.

A `Weigher` finds `T*` from, in order: the closed forms of one and two codes; what the shipped data prove
(`engine.review.trees.known_table`: every position the variant's optimal tree passes through, and the variant's
precomputed table, `engine.review.table`, of every position of up to two turns); the optimal solver's C core
(`engine.optimal.core`), whose search is bounded by a budget of work per position; and, where that budget runs out
(big sets, big variants) or the core is not built, an estimate, marked as such (`exact=False`): the total of a quick
tree the core builds (a greedy split at every node), or on variants too big for the core, a smooth function of the
parts' sizes (`engine.totals.estimated_totals`). A Weigher serves one review: its transposition table and memo are
its own, so it runs on one thread at a time, and a review's figures depend on nothing reviewed before.

A guess is also proven best without weighing its parts when a relabelling that maps the position onto itself maps it
onto a guess proven best there (`Weigher.as_best`, `engine.review.symmetry.symmetries`): every first guess of
a variant of distinct digits that may start with 0, for one, is the tree's first guess relabelled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from engine.guesser import next_guess
from engine.history import Pins, Turn, candidates, pinned
from engine.review.symmetry import guess_class, symmetries
from engine.review.table import Table, lookup
from engine.review.trees import known_table
from engine.scoring import Score, scorer_for
from engine.splits import canonical_guesses, fixed_symbols
from engine.strategies import best_of, neg_entropy
from engine.totals import estimated_totals, lower_bounds
from engine.variant import Code, Indices, Variant

if TYPE_CHECKING:
    from engine.optimal.core import Game

# The solver's work a position may take, in (guess, code) pairs scored: with it a whole classic review takes 0.43 s
# of this machine's CPU at p95, 2.2 s at most (bench/review_bench.py, docs/engine.md "Game review").
DEFAULT_BUDGET = 250_000_000
# The most codes a set may have for the solver to search it: bigger ones (those after the first guesses on a variant
# without a table, or after guesses that told little) would spend the budget in vain.
SEARCH_CODES = 250
# The work a whole review (one Weigher) may take, in positions' budgets: where the first positions of a variant
# without a table each spend theirs in vain, the rest of the review still ends soon.
REVIEW_BUDGETS = 3
# An estimate by a quick tree is built only for sets with at most this many (code, code) pairs to score at each
# of its nodes (a 1,440-code classic set takes about 0.05 s); bigger sets get the smooth estimate.
GREEDY_PAIRS = 5040 * 1500
# The largest variant the solver's core takes (as `bullscows solve`).
CORE_CODES = 10_000
# How many guesses a position's review tries when it looks for more of least cost than the first.
BEST_TRIES = 24
# On variants too big for the core, a pinned position's pick is the max-entropy guess among this many codes that fit.
PICK_POOL = 500

Core = npt.NDArray[np.int64]  # code indices as the solver's core takes them (sorted, int64)


class Total(NamedTuple):
    """The least total guesses that solve every code of a set, or an estimate of it (`exact` False), and a guess
    (a code index) that reaches it (-1 if none is known)."""

    value: float
    exact: bool
    guess: int


@dataclass(frozen=True)
class Position:
    """Where a guess is made: the turns before it, the digits known in their places, and the codes that fit."""

    turns: tuple[Turn, ...]
    pins: tuple[tuple[int, int], ...]  # (position, symbol), sorted
    alive: Core
    fixed: int  # symbols a relabelling must keep: those guessed or pinned (and 0 where codes may not start with it)

    @property
    def size(self) -> int:
        """How many codes fit."""
        return len(self.alive)


class NoCodeFits(ValueError):
    """No code of the variant fits a position's turns and pins: an answer or a pin is wrong."""


def position_at(variant: Variant, turns: Sequence[Turn], pins: Pins | None = None) -> Position:
    """The position after `turns` with `pins` known; NoCodeFits if no code fits them."""
    fixed = fixed_symbols(variant, turns)
    pairs = tuple(sorted((int(p), int(s)) for p, s in (pins or {}).items()))
    for p, s in pairs:
        if not (0 <= p < variant.length and 0 <= s < variant.symbols):
            raise NoCodeFits(f"no digit {s} can be pinned at position {p} of a {variant.name} code")
        fixed |= 1 << s
    alive = pinned(variant, candidates(variant, list(turns)), dict(pairs))
    if len(alive) == 0:
        raise NoCodeFits(f"no {variant.name} code fits these turns and pins")
    return Position(tuple(turns), pairs, np.ascontiguousarray(alive, dtype=np.int64), fixed)


def split(variant: Variant, alive: Core, guess: int) -> dict[int, Core]:
    """The parts a guess (a code index) splits a set into, by feedback id (the win included)."""
    row = scorer_for(variant).against(variant.code(guess), alive)
    order = np.argsort(row, kind="stable")
    ids, starts = np.unique(row[order], return_index=True)
    ends = [*starts[1:].tolist(), len(alive)]
    return {int(f): np.sort(alive[order[a:b]]) for f, a, b in zip(ids.tolist(), starts.tolist(), ends, strict=True)}


def worst_part(variant: Variant, parts: Mapping[int, Core]) -> int:
    """The most codes any answer but the win leaves."""
    return max((len(part) for f, part in parts.items() if f != variant.solved), default=0)


@lru_cache(maxsize=4)
def _core_game(variant: Variant) -> Game | None:
    """The solver core's view of a variant (shared, read-only), or None where the core is missing or the variant too
    big for it."""
    if variant.size > CORE_CODES or find_spec("engine.optimal.core") is None:
        return None
    from engine.optimal import core
    from engine.optimal.search import instance_for

    inst = instance_for(variant)
    bounds = np.stack([lower_bounds(max(parts, 1), inst.size) for parts in range(inst.parts + 1)]).astype(np.int64)
    estimate = np.round(estimated_totals(inst.size) * 64).astype(np.int64)
    return core.Game(
        inst.codes,
        variant.length,
        variant.symbols,
        inst.fixed,
        bounds,
        estimate,
        relabel_absent=True,
        quick_bounds=True,
    )


@dataclass
class Weigher:
    """Weighs guesses at the positions of one variant's game (one review, one thread)."""

    variant: Variant
    budget: int = DEFAULT_BUDGET  # solver work per position, in (guess, code) pairs scored
    table: Table | None = None  # the positions proven beforehand (default: the variant's shipped table and tree)
    _memo: dict[bytes, Total] = field(default_factory=dict, init=False)
    _stop: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.table is None:
            self.table = known_table(self.variant)
        self._game = _core_game(self.variant)
        self._stats = np.zeros(8, dtype=np.int64)
        self._parts = 0
        if self._game is not None:
            from engine.optimal import core

            self._tt = core.Table()
            self._parts = _most_answers(self.variant)
        self.begin()

    def begin(self) -> None:
        """Give the solver a new position's budget (what is left of the whole review's, if less)."""
        self._stop = min(self.spent + self.budget, REVIEW_BUDGETS * self.budget)

    @property
    def spent(self) -> int:
        """The solver's work so far, in (guess, code) pairs scored."""
        return int(self._stats[4] + self._stats[3])  # the core's scan and bound work

    def total(self, turns: Sequence[Turn], pins: tuple[tuple[int, int], ...], alive: Core, fixed: int) -> Total:
        """T* of the codes `alive` (those that fit `turns` and `pins`; `fixed`: the symbols these use)."""
        n = len(alive)
        if n <= 2:
            return Total(2 * n - 1, True, int(alive[0]))
        key = alive.tobytes()
        known = self._memo.get(key)
        if known is not None and (known.exact or self.spent >= self._stop):
            return known
        result = self._known(turns, pins, key) or self._solve(alive, fixed)
        self._memo[key] = result
        return result

    def _known(self, turns: Sequence[Turn], pins: tuple[tuple[int, int], ...], key: bytes) -> Total | None:
        """T* of a set (by its key) as the shipped data prove it, with a guess reaching it; None if they do not."""
        if self.table is None:
            return None
        proven = self.table.proven.get(key)
        if proven is not None:
            return Total(proven.total, True, proven.guess)
        found = None if pins else lookup(self.variant, self.table, turns)
        return None if found is None else Total(found.entry.total, True, self.variant.index(found.best()[0]))

    def _solve(self, alive: Core, fixed: int) -> Total:
        """T* by the solver within what is left of the budget; else the estimate."""
        if len(alive) == 3:
            return _three(self.variant, alive)
        game, left = self._game, self._stop - self.spent
        if game is not None and left > 0 and len(alive) <= SEARCH_CODES:
            cost, guess = game.solve(self._tt, alive, fixed, _INFINITY, self._parts, 0, self._stats, left)
            if guess >= 0:
                return Total(cost, True, guess)
        return self.estimate(alive, fixed)

    def estimate(self, alive: Core, fixed: int) -> Total:
        """An estimate of T*: the total of a quick tree the core builds, or a smooth function of the set's size."""
        n = len(alive)
        if self._game is not None and n * self.variant.size <= GREEDY_PAIRS:
            value = self._game.greedy_cost(alive, fixed, self._parts)
            return Total(value, False, -1)
        return Total(float(estimated_totals(n)[n]), False, -1)

    def guess_total(self, position: Position, guess: int, parts: Mapping[int, Core] | None = None) -> Total:
        """The total guesses, over the codes of the position, of playing `guess` then the best guesses."""
        parts = split(self.variant, position.alive, guess) if parts is None else parts
        child_fixed = position.fixed | _mask(self.variant.code(guess))
        value, exact = float(position.size), True
        for feedback, part in sorted(parts.items(), key=lambda item: len(item[1])):
            if feedback == self.variant.solved:
                continue
            turn = Turn(self.variant.code(guess), Score.from_id(feedback, self.variant.length))
            found = self.total((*position.turns, turn), position.pins, part, child_fixed)
            value += found.value
            exact = exact and found.exact
        return Total(value, exact, guess)

    def least(self, position: Position) -> Total:
        """T* of the position, with a guess reaching it; out of budget, the engine's pick (`pick`) and an estimate of
        its total."""
        found = self.total(position.turns, position.pins, position.alive, position.fixed)
        if found.exact:
            return found
        pick = self.pick(position)
        return self.guess_total(position, pick)._replace(exact=False)

    def as_best(self, position: Position, guess: int, least: Total | None = None) -> Total | None:
        """The guess's total where symmetry proves it best: the least total, exact, when a relabelling that maps the
        position onto itself maps the guess onto one proven to reach it (the least's guess, or one a table lists).
        `least` defaults to what the memo and the shipped data know (no search). None where it is not so proven."""
        key = position.alive.tobytes()
        if least is None:
            least = self._memo.get(key) or self._known(position.turns, position.pins, key)
        if least is None or not least.exact or least.guess < 0:
            return None
        if guess == least.guess:
            return least
        reaching = [least.guess]
        hit = None if position.pins or self.table is None else lookup(self.variant, self.table, position.turns)
        if hit is not None and hit.entry.total == least.value:
            reaching += [self.variant.index(code) for code in hit.best()]
        relabellings = symmetries(self.variant, position.turns, position.pins)
        target = guess_class(relabellings, position.fixed, self.variant.code(guess))
        if any(guess_class(relabellings, position.fixed, self.variant.code(g)) == target for g in reaching):
            return Total(least.value, True, guess)
        return None

    def pick(self, position: Position) -> int:
        """The guess (a code index) the engine plays where it cannot afford the best: the solver's first choice by its
        estimate (the quick tree's first guess), else the max-entropy guess among some codes that fit, or the
        guesser's move."""
        if self._game is not None:
            return self._ranked(position, _INFINITY)[0]
        if not position.pins:
            return self.variant.index(next_guess(self.variant, position.turns))
        pool = np.asarray(position.alive[:PICK_POOL], dtype=np.intp)
        return int(pool[best_of(self.variant, neg_entropy, pool, pool, np.ones(len(pool), dtype=bool))])

    def best_guesses(self, position: Position, least: Total, count: int) -> list[int]:
        """Up to `count` guesses (code indices) of least total, that of `least` first: those a table lists, or found by
        bounded searches within the budget (canonical guesses, one of each way to split the codes)."""
        found = [least.guess] if least.guess >= 0 else []
        if len(found) >= count or not least.exact:
            return found
        table_hit = None if position.pins or self.table is None else lookup(self.variant, self.table, position.turns)
        if table_hit is not None:
            return [self.variant.index(code) for code in table_hit.best()][:count]
        if self._game is None:
            return found
        seen = {self._game.signature(position.alive, g) for g in found}
        for guess in self._ranked(position, int(least.value))[:BEST_TRIES]:
            if len(found) >= count or self.spent >= self._stop:
                break
            signature = self._game.signature(position.alive, guess)
            if signature in seen:
                continue
            seen.add(signature)
            if self._reaches(position, guess, int(least.value)):
                found.append(guess)
        return found

    def count_below(self, position: Position, limit: int) -> int | None:
        """How many codes of the variant, played at the position (then the best guesses), total fewer than `limit`
        guesses: each way to split the codes weighed once, by bounded searches; None where the core is missing or the
        budget runs out first."""
        if self._game is None:
            return None
        guesses = np.arange(self.variant.size, dtype=np.int64)
        info = np.empty((len(guesses), 5), dtype=np.int64)
        self._game.scan(position.alive, guesses, self._parts, info)
        verdicts: dict[int, bool] = {}
        count = 0
        for guess in np.flatnonzero((info[:, 0] >= 0) & (info[:, 0] < limit)).tolist():
            signature = self._game.signature(position.alive, guess)
            verdict = verdicts.get(signature)
            if verdict is None:
                below = self._below(position, guess, limit)
                if below is None:
                    return None
                verdict = verdicts[signature] = below
            count += verdict
        return count

    def _reaches(self, position: Position, guess: int, least: int) -> bool:
        """Whether `guess` reaches the least total, within the budget (False when it runs out first)."""
        return self._below(position, guess, least + 1) is True

    def _below(self, position: Position, guess: int, limit: int) -> bool | None:
        """Whether `guess` totals fewer than `limit` guesses: each part solved only while the parts' lower bounds leave
        room; None when the budget runs out first."""
        assert self._game is not None
        parts = [part for f, part in split(self.variant, position.alive, guess).items() if f != self.variant.solved]
        parts.sort(key=len, reverse=True)
        bounds = lower_bounds(self._parts, position.size)
        child_fixed = position.fixed | _mask(self.variant.code(guess))
        value, remaining = position.size, sum(int(bounds[len(part)]) for part in parts)
        for part in parts:
            remaining -= int(bounds[len(part)])
            beta = limit - value - remaining
            if beta <= 0:
                return False
            left = self._stop - self.spent
            if left <= 0:
                return None
            cost, settled = self._game.solve(self._tt, part, child_fixed, beta, self._parts, 0, self._stats, left)
            if cost < 0:  # out of budget
                return None
            if settled < 0:  # no cost below beta
                return False
            value += cost
        return value < limit

    def _ranked(self, position: Position, least: int) -> list[int]:
        """The canonical guesses whose static bound does not exceed `least`, in the solver's order (estimate, then
        those that could win)."""
        assert self._game is not None
        guesses = np.ascontiguousarray(canonical_guesses(self.variant, position.fixed), dtype=np.int64)
        info = np.empty((len(guesses), 5), dtype=np.int64)
        self._game.scan(position.alive, guesses, self._parts, info)
        useful = np.flatnonzero((info[:, 0] >= 0) & (info[:, 0] <= least))
        order = useful[np.lexsort((info[useful, 1] == 0, info[useful, 3]))]
        return [int(g) for g in guesses[order]]


_INFINITY = 1 << 40  # a bound no cost reaches (the core's INFINITY)


@lru_cache(maxsize=16)
def _most_answers(variant: Variant) -> int:
    """How many answers besides the win one guess can get in the variant (the core's bound on parts)."""
    from engine.optimal import core

    return core.answers(np.ascontiguousarray(variant.codes), variant.length, variant.symbols, 0)


def _mask(code: Code) -> int:
    return sum({1 << int(ch) for ch in code})


def _three(variant: Variant, alive: Core) -> Total:
    """T* of three codes: 5 when one of them tells the other two apart, else 6 (any guess that splits them)."""
    scorer = scorer_for(variant)
    for code in alive.tolist():
        row = scorer.against(variant.code(code), alive)
        if len(set(row.tolist())) == 3:
            return Total(5, True, code)
    return Total(6, True, int(alive[0]))


def as_core(indices: Indices) -> Core:
    """Code indices as the solver's core takes them."""
    return np.ascontiguousarray(np.sort(indices), dtype=np.int64)
