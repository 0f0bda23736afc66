"""The guesser: the engine's best strategy, named strategies to compare, and next_guess."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.book import opening_book
from engine.history import History
from engine.optimal.tree import optimal_moves
from engine.planner import Planner
from engine.strategies import (
    FirstCandidate,
    Greedy,
    NoCandidates,
    RandomCandidate,
    Strategy,
    alive_or_raise,
    history_key,
    largest_part,
    minus_parts,
    neg_entropy,
    sum_of_squares,
)
from engine.variant import Code, Variant

__all__ = [
    "STRATEGIES",
    "NoCandidates",
    "Strategy",
    "TreeStrategy",
    "best_strategy",
    "fallback_planner",
    "next_guess",
    "strategy_named",
]


@dataclass(frozen=True)
class TreeStrategy:
    """Plays from a precomputed tree (history key -> guess) and falls back when the game leaves it.

    Keys are `history_key(history)`, e.g. '' for the first guess and '0123:0B2C' for the second.
    An opening book is a shallow tree; a proven optimal strategy is a complete one.
    """

    tree: Mapping[str, Code]
    fallback: Strategy
    name: str = "tree"

    def __call__(self, variant: Variant, history: History) -> Code:
        guess = self.tree.get(history_key(history))
        if guess is None:
            return self.fallback(variant, history)
        alive_or_raise(variant, history)
        return guess


# The planners look two guesses deep from the exact search's limit up to this many candidates. Over
# every secret that saves 26 guesses on 4d8, 24 on 3r10, 70 on 4r9, 225 on 5r6, 199 on mastermind10 and
# 52 on classic (the planner alone); on 6 digits, 184 over 7,100 sampled secrets. Looking ahead from
# more candidates (a sample of them, on 6 digits) did worse.
LOOKAHEAD_TO = 3000

STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "entropy": lambda: Greedy(neg_entropy, "entropy"),
    "expected-size": lambda: Greedy(sum_of_squares, "expected-size"),
    "minimax": lambda: Greedy(largest_part, "minimax"),
    "most-parts": lambda: Greedy(minus_parts, "most-parts"),
    "planner": lambda: Planner(lookahead_to=LOOKAHEAD_TO),
    "planner-wide": lambda: Planner(
        name="planner-wide", exact_limit=50, exact_pool=60, exact_budget=1000, lookahead_to=LOOKAHEAD_TO
    ),
    "random-candidate": lambda: RandomCandidate(),
    "first-candidate": lambda: FirstCandidate(),
}


@lru_cache(maxsize=32)
def _shared(name: str) -> Strategy:
    return STRATEGIES[name]()


def strategy_named(name: str, variant: Variant | None = None) -> Strategy:
    """The strategy registered under `name`; 'best' and 'heuristic' are those of the variant."""
    per_variant = {"best": best_strategy, "heuristic": heuristic_strategy}
    if name in per_variant:
        if variant is None:
            raise ValueError(f"the {name} strategy depends on the variant")
        return per_variant[name](variant)
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; try {', '.join([*per_variant, *STRATEGIES])}")
    return _shared(name)


# Variants above this many codes, up to WIDE_EXACT_UP_TO (mastermind10 and 5 digits), search exactly
# from 50 candidates instead of 30 (with a smaller budget of expansions, so that no decision takes
# long): the kernels leave time for it; it saves 100 guesses on mastermind10 and 188 on 5 digits.
# 6 digits keeps 30, so that its decisions stay quick (`bullscows bench --variant 6`).
WIDE_EXACT_FROM = 5040
WIDE_EXACT_UP_TO = 30_240


def fallback_planner(variant: Variant) -> Planner:
    """The planner that plays wherever the variant has neither an optimal tree nor a book move.

    Where a tree is shipped, the planner only fills its gaps (a corrected answer, the coach's pick after
    a player's own move): there it does not look ahead, which would make each such move several times
    dearer for a guess or so over a whole variant."""
    planner = _shared("planner-wide" if WIDE_EXACT_FROM < variant.size <= WIDE_EXACT_UP_TO else "planner")
    assert isinstance(planner, Planner)
    return replace(planner, lookahead_to=0) if optimal_moves(variant) else planner


@lru_cache(maxsize=32)
def heuristic_strategy(variant: Variant) -> Strategy:
    """The variant's opening book, if one is shipped, then max-entropy splits with an exact search
    once few candidates remain: what plays wherever there is no optimal tree."""
    book = opening_book(variant)
    planner = fallback_planner(variant)
    return TreeStrategy(book, planner, name="heuristic") if book else planner


@lru_cache(maxsize=32)
def best_strategy(variant: Variant) -> Strategy:
    """The strategy next_guess uses by default: the variant's optimal tree, if one is shipped, and
    the heuristic wherever the game leaves it."""
    tree = optimal_moves(variant)
    chosen = TreeStrategy(tree, heuristic_strategy(variant), name="best") if tree else heuristic_strategy(variant)
    _loaded[variant] = chosen
    return chosen


def known_guess(variant: Variant, history: History) -> Code | None:
    """The next guess when finding it is a lookup: the variant's tree is loaded already and holds this history
    (None: next_guess may search, or load the tree first). Example: after warm_up(), known_guess(classic, ()) is the
    tree's first guess."""
    strategy = _loaded.get(variant)
    if not isinstance(strategy, TreeStrategy):
        return None
    guess = strategy.tree.get(history_key(history))
    if guess is not None:
        alive_or_raise(variant, history)
    return guess


_loaded: dict[Variant, Strategy] = {}  # the variants' best strategies (with their trees) loaded so far


def next_guess(variant: Variant, history: History, strategy: Strategy | None = None) -> Code:
    """The next guess for this history (deterministic); NoCandidates if no secret fits it."""
    chosen = best_strategy(variant) if strategy is None else strategy
    return chosen(variant, history)
