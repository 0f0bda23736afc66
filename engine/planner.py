"""The engine's heuristic: greedy splits, with exact search once few candidates remain."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from engine.endgame import ExactSearch
from engine.history import History, Turn
from engine.information import Counts
from engine.scoring import possible_scores
from engine.splits import canonical_guesses, fixed_symbols, member, splitter_for, union
from engine.strategies import Measure, best_of, forced_move, neg_entropy, rng_for, scores_of
from engine.totals import estimated_totals
from engine.variant import Code, Indices, Variant


def estimated_cost(counts: Counts, solved: int) -> npt.NDArray[np.float64]:
    """Estimated further guesses after each guess: the estimate summed over the parts not yet solved."""
    table = estimated_totals(int(counts.max(initial=1)))
    costs = table[counts]
    costs[:, solved] = 0.0
    return np.asarray(costs.sum(axis=1))


def best_first(rounded: npt.NDArray[np.float64], is_candidate: npt.NDArray[np.bool_], count: int) -> Indices:
    """Positions of the `count` lowest scores, best first, ties to a candidate and then to the earlier
    position (as `best_index` breaks them): a partial sort, so a big pool costs no full sort."""
    if count < len(rounded):
        threshold = np.partition(rounded, count - 1)[count - 1]
        kept = np.flatnonzero(rounded <= threshold)
    else:
        kept = np.arange(len(rounded))
    return kept[np.lexsort((~is_candidate[kept], rounded[kept]))][:count]


@lru_cache(maxsize=16)
def answer_parts(variant: Variant) -> int:
    """How many different answers, besides all bulls, one guess can get."""
    return len(possible_scores(variant)) - 1


@dataclass(frozen=True)
class Planner:
    """Greedy on a measure (max entropy by default); exact branch-and-bound search when at most
    `exact_limit` candidates remain (pool: the candidates and the `exact_pool` best other guesses).

    Between the two, up to `lookahead_to` candidates, the `lookahead_width` best guesses by the measure
    are weighed two guesses deep (`Splitter.two_step_costs`): each part a guess leaves costs its size
    plus the estimated cost of the best split of it by one of the `lookahead_pool` best guesses or of
    its own candidates; the cheapest guess wins, ties to the measure's order. The helpers weigh at
    most `lookahead_pairs` guess×secret pairs, so they thin out as candidates grow (each part's own
    candidates add the squares of the part sizes, and are not counted).

    Big variants (no full table) score a reproducible sample of guesses and secrets, as Greedy does.
    """

    name: str = "planner"
    exact_limit: int = 30
    exact_pool: int = 40
    exact_budget: int = 3000
    secret_sample: int = 4000
    pair_budget: int = 16_000_000
    measure: Measure = neg_entropy
    lookahead_to: int = 0
    lookahead_width: int = 20
    lookahead_pool: int = 1000
    lookahead_pairs: int = 8_000_000

    def __call__(self, variant: Variant, history: History) -> Code:
        return _decided(self, variant, tuple(history))

    def decide(self, variant: Variant, history: History) -> Code:
        """The planner's guess for this history, worked out (not remembered)."""
        alive, forced = forced_move(variant, history, self.measure)
        if forced is not None:
            return forced
        splitter = splitter_for(variant)
        pool, secrets = self.pools(variant, history, alive)
        is_candidate = member(pool, alive, variant.size)
        if len(alive) > self.exact_limit:
            if len(alive) <= self.lookahead_to:
                return variant.code(int(pool[self.looked_ahead(variant, pool, secrets, is_candidate)]))
            return variant.code(int(pool[best_of(variant, self.measure, pool, secrets, is_candidate)]))
        rounded = np.round(scores_of(variant, self.measure, pool, secrets), 9)
        # the exact_pool best other guesses, by score and then position
        outside = np.flatnonzero(~is_candidate)
        others = pool[outside[best_first(rounded[outside], is_candidate[outside], self.exact_pool)]]
        exact_pool = np.concatenate([alive, others])
        search = ExactSearch(
            rows=splitter.feedback(exact_pool, alive),
            solved=variant.solved,
            feedbacks=variant.feedback_count,
            parts=answer_parts(variant),
            estimate=estimated_totals(len(alive)),
            budget=self.exact_budget,
        )
        row, _plan = search.best()
        return variant.code(int(exact_pool[row]))

    def looked_ahead(
        self, variant: Variant, pool: Indices, secrets: Indices, is_candidate: npt.NDArray[np.bool_]
    ) -> int:
        """Position in `pool` of the guess that is cheapest two guesses deep, among the
        `lookahead_width` best by the measure (ordered as `best_index` breaks ties)."""
        rounded = np.round(scores_of(variant, self.measure, pool, secrets), 9)
        width = min(self.lookahead_width, len(pool))
        helpers = max(min(self.lookahead_pool, len(pool), self.lookahead_pairs // (width * len(secrets))), width)
        order = best_first(rounded, is_candidate, helpers)
        contenders = order[:width]
        costs = splitter_for(variant).two_step_costs(
            pool[contenders], pool[order], secrets, estimated_totals(len(secrets)), prune=True
        )
        return int(contenders[int(np.argmin(np.round(costs, 9)))])

    def pools(self, variant: Variant, history: History, alive: Indices) -> tuple[Indices, Indices]:
        """The guesses to consider and the secrets to score them against, for this history.

        With a full table: every guess up to symmetry, against every candidate. Otherwise at most
        `secret_sample` candidates and as many guesses as fit in `pair_budget` pairs, sampled
        reproducibly (the same history always gives the same sample), the candidates always included
        when they fit.
        """
        guesses = canonical_guesses(variant, fixed_symbols(variant, history))
        if splitter_for(variant).has_table:
            return guesses, alive
        rng = rng_for(variant, history)
        secrets = alive
        if len(alive) > self.secret_sample:
            secrets = np.sort(rng.choice(alive, self.secret_sample, replace=False))
        room = max(self.pair_budget // len(secrets), 64)
        if len(guesses) + len(alive) <= room:
            return union(variant.size, guesses, alive), secrets
        own = alive if len(alive) <= room // 4 else np.sort(rng.choice(alive, room // 4, replace=False))
        others = np.sort(rng.choice(guesses, min(len(guesses), room - len(own)), replace=False))
        return union(variant.size, others, own), secrets


@lru_cache(maxsize=8192)
def _decided(planner: Planner, variant: Variant, history: tuple[Turn, ...]) -> Code:
    """Planner.decide, remembered: a coach asks for the same positions again (the engine's pick for a
    move is also the first decision of the previous move's outlook). A bench never does."""
    return planner.decide(variant, history)
