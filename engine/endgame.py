"""Exact endgames: the guess that solves a small candidate set in the fewest total guesses.

The search is depth-first branch and bound over a restricted guess set (the candidates plus a few
good splitters), on a small local table of feedback ids; results are memoised per subset within one
search only, so every decision starts cold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from engine.splits import counts_of_rows
from engine.totals import lower_bounds

Plan = tuple[int, int]  # (total guesses to solve every candidate, the most any one needs)


@dataclass
class ExactSearch:
    """Branch and bound over the columns (candidates) of a local feedback table.

    `rows[g, s]` is the feedback id of pool guess g against candidate s; `estimate[k]` guesses the
    total cost of k candidates (used only to order guesses); `budget` caps the subsets expanded, so
    a decision stays fast; when it runs out the best plan found so far is kept.
    """

    rows: npt.NDArray[np.uint8]
    solved: int
    feedbacks: int
    parts: int
    estimate: npt.NDArray[np.float64]
    budget: int = 4000
    _memo: dict[bytes, Plan] = field(default_factory=dict, init=False)
    _expanded: int = field(default=0, init=False)

    def best(self) -> tuple[int, Plan]:
        """(pool row of the best first guess, its plan) for all the candidates."""
        columns = np.arange(self.rows.shape[1], dtype=np.intp)
        guess, plan = self._search(columns)
        return guess, plan

    def _cost(self, columns: npt.NDArray[np.intp]) -> Plan:
        size = len(columns)
        if size == 1:
            return (1, 1)
        if size == 2:
            return (3, 2)
        key = columns.tobytes()
        found = self._memo.get(key)
        if found is None:
            found = self._search(columns)[1]
            self._memo[key] = found
        return found

    def _search(self, columns: npt.NDArray[np.intp]) -> tuple[int, Plan]:
        size = len(columns)
        self._expanded += 1
        sub = self.rows[:, columns]
        counts = counts_of_rows(sub, self.feedbacks)
        hits = counts[:, self.solved]
        others = counts.copy()
        others[:, self.solved] = 0
        largest = others.max(axis=1)
        perfect = np.flatnonzero(largest <= 1)
        if len(perfect):
            with_hit = perfect[hits[perfect] > 0]
            if len(with_hit):
                return int(with_hit[0]), (2 * size - 1, 2)
            return int(perfect[0]), (2 * size, 2)
        useful = np.flatnonzero(largest < size)
        lower = size + lower_bounds(self.parts, size)[others[useful]].sum(axis=1)
        guess_order = np.lexsort((-hits[useful], self.estimate[others[useful]].sum(axis=1)))
        best_guess, best_plan = -1, (1 << 30, 1 << 30)
        seen: set[bytes] = set()
        for position in guess_order:
            if lower[position] >= best_plan[0] and best_guess >= 0:
                continue
            if self._expanded > self.budget and best_guess >= 0:
                break
            g = int(useful[position])
            row = sub[g]
            signature = row.tobytes()
            if signature in seen:
                continue
            seen.add(signature)
            plan = self._plan_of(columns, row, int(lower[position]), best_plan[0])
            if plan is not None and plan < best_plan:
                best_guess, best_plan = g, plan
        if best_guess < 0:
            raise RuntimeError("no guess splits these candidates")  # a pool always holds the candidates
        return best_guess, best_plan

    def _plan_of(
        self, columns: npt.NDArray[np.intp], row: npt.NDArray[np.uint8], lower: int, bound: int
    ) -> Plan | None:
        """The plan of playing the guess with this feedback row, or None once it cannot beat `bound`."""
        size = len(columns)
        order = np.argsort(row, kind="stable")
        ids, starts = np.unique(row[order], return_index=True)
        ends = [*starts[1:].tolist(), size]
        lb = lower_bounds(self.parts, size)
        total, depth, remaining = size, 1, lower - size
        for feedback, start, end in zip(ids.tolist(), starts.tolist(), ends, strict=True):
            if feedback == self.solved:
                continue
            part = columns[np.sort(order[start:end])]
            remaining -= int(lb[len(part)])
            part_total, part_depth = self._cost(part)
            total += part_total
            depth = max(depth, part_depth + 1)
            if total + remaining >= bound:
                return None
        return total, depth
