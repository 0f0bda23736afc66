"""The optimal solver: the decision tree that solves every secret in the fewest total guesses.

Depth-first branch and bound. A node is the set of secrets still possible; playing a guess costs one
guess per secret in the node, plus the cost of each part it splits them into (the all-bulls part
costs nothing more). Bounds, cheapest first: a static bound from part sizes (`lower_bounds`: k
secrets, split at most `parts` ways at every level, need so many guesses; `parts` shrinks to the most
answers any guess gets in the subtree); then, part by part (largest first, memoised), the best such
bound one guess deeper. A guess is dropped as soon as its parts cannot beat the best total found.
Guesses are tried in order of an estimate of their total, so a good one comes first; a greedy tree's
cost starts the bound; guesses that split a node the same way are tried once. Symmetry: symbols no
guess has used yet are interchangeable (always), and near the root, where it pays, so are the
relabellings of positions and symbols that fix every guess played. Costs live in a transposition
table keyed by the candidate set: exact ones, and lower bounds proven by failed searches.

The first `top_depth` levels run here in Python (with the full symmetry reduction and progress
reports); below that the compiled core (`engine.optimal.core`, in C) takes over: a solve's memory is
the core's tables and little more.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from engine.optimal import core
from engine.optimal.tree import Node
from engine.totals import estimated_totals, lower_bounds
from engine.variant import Variant

CoreIndices = npt.NDArray[np.int64]  # positions in the codes, as the C core takes them
INFINITY = core.INFINITY  # a bound no cost reaches
MAX_CODES = 10_000  # the largest games searched (mastermind10 takes hours; 5 digits' 30,240 codes are out of reach)
Relabelling = tuple[tuple[int, ...], dict[int, int]]  # (position order, symbol map) fixing a history
# what a part's solver takes from its parent (read-only once the search runs)
_SHARED = ("_game", "_bounds", "_masks")


@dataclass(frozen=True)
class Instance:
    """A game as the solver sees it: codes (guesses = secrets, scored as bulls and cows) and symmetries."""

    codes: npt.NDArray[np.uint8]  # (n, length) symbols of each code
    symbols: int
    parts: int  # the most answers besides solving one guess can get
    fixed: int = 0  # bitmask of symbols no relabelling may move
    position_moves: tuple[tuple[int, ...], ...] = ()  # position orders that map the code set to itself

    @property
    def size(self) -> int:
        """How many codes (and secrets) there are."""
        return int(self.codes.shape[0])


def instance_for(variant: Variant) -> Instance:
    """The solver's view of a variant."""
    length = variant.length
    moves = [p for p in itertools.permutations(range(length)) if variant.leading_zero or p[0] == 0]
    return _instance(variant.codes, variant.symbols, 0 if variant.leading_zero else 1, tuple(moves))


def instance_from_codes(codes: Sequence[Sequence[int]], symbols: int) -> Instance:
    """The solver's view of any code set closed under relabelling symbols and reordering positions
    (small synthetic games for tests, one index per code); ValueError for a set that is not, whose
    symmetries the search would wrongly assume."""
    found = {tuple(code) for code in codes}
    length = len(next(iter(found)))
    for code in found:  # closed under swapping neighbouring symbols and neighbouring positions
        swaps = [tuple(s + 1 if c == s else s if c == s + 1 else c for c in code) for s in range(symbols - 1)]
        swaps += [(*code[:p], code[p + 1], code[p], *code[p + 2 :]) for p in range(length - 1)]
        if not found.issuperset(swaps):
            raise ValueError(f"the codes are not closed under relabelling symbols and reordering positions: {code}")
    rows = np.array([tuple(code) for code in codes], dtype=np.uint8)
    return _instance(rows, symbols, 0, tuple(itertools.permutations(range(rows.shape[1]))))


def _instance(codes: npt.NDArray[np.uint8], symbols: int, fixed: int, moves: tuple[tuple[int, ...], ...]) -> Instance:
    codes = np.ascontiguousarray(codes, dtype=np.uint8)
    parts = core.answers(codes, codes.shape[1], symbols, fixed)
    return Instance(codes=codes, symbols=symbols, parts=parts, fixed=fixed, position_moves=moves)


class SolveProgress(NamedTuple):
    """A report after each guess tried near the root: where the search is and how far it got."""

    path: tuple[tuple[int, int], ...]  # per level above: (guesses tried, guesses to try)
    depth: int
    nodes: int  # nodes visited by the core so far
    best: int | None  # the best total known for the node being searched at `depth`


OnProgress = Callable[[SolveProgress], None]


class PartResult(NamedTuple):
    """What the search learned about one part of a guess near the root (a checkpoint record): its
    exact cost and subtree, or (tree None) a lower bound on its cost."""

    key: int  # the part's set key (a Zobrist hash, the same from run to run)
    cost: int
    tree: Node | None


OnPart = Callable[[PartResult], None]


@dataclass
class Solver:
    """One search over an instance; `solve()` gives the optimal total and its decision tree."""

    instance: Instance
    top_depth: int = 3
    width: int = 0  # below the top levels, try only this many guesses per node (0: all, an exact search)
    on_progress: OnProgress | None = None
    clock: Callable[[], float] = time.perf_counter
    workers: int = 1  # threads solving the parts of the root's guesses side by side (the core releases the GIL)
    known: dict[int, PartResult] = field(default_factory=dict)  # parts settled by an earlier run (resume)
    on_part: OnPart | None = None  # hears each part settled near the root (to checkpoint it)
    parent: Solver | None = None  # set on the solvers of single parts
    parallel_depth: int = 1  # the level whose parts are settled side by side (and checkpointed)
    # a part at `parallel_depth` with at least this many secrets has its guesses after the first shared
    # among the workers (its work can dwarf every other part's, and would leave the other cores idle)
    share_size: int = 1000
    _path: list[tuple[int, int]] = field(default_factory=list, init=False)
    _too_deep: set[tuple[int, int]] = field(default_factory=set, init=False)
    _tt: core.Table = field(default_factory=core.Table, init=False)  # this solver's (one per thread)
    stats: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(8, dtype=np.int64), init=False)
    _subtrees: dict[int, Node] = field(default_factory=dict, init=False)
    _pool: ThreadPoolExecutor | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _local: threading.local = field(default_factory=threading.local, init=False)

    def __post_init__(self) -> None:
        if self.parent is not None:  # a solver for one part: the parent's read-only game
            self.__dict__.update({name: self.parent.__dict__[name] for name in _SHARED})
            return
        inst = self.instance
        rows = [lower_bounds(max(parts, 1), inst.size) for parts in range(inst.parts + 1)]
        self._bounds = np.stack(rows).astype(np.int64)  # [parts, k]: least cost of k secrets
        self._masks = np.bitwise_or.reduce(np.left_shift(1, inst.codes.astype(np.int64)), axis=1)
        self._game = core.Game(
            inst.codes,
            inst.codes.shape[1],
            inst.symbols,
            inst.fixed,
            self._bounds,
            np.round(estimated_totals(inst.size) * 64).astype(np.int64),
        )

    def solve(self, max_depth: int | None = None) -> tuple[int, Node]:
        """(least total guesses over every secret, a decision tree achieving it); of such trees, one
        whose games all end within `max_depth` guesses if there is one (else the first found)."""
        everything = np.arange(self.instance.size, dtype=np.int64)
        fixed = self.instance.fixed
        if self.workers > 1:
            self._pool = ThreadPoolExecutor(self.workers)
        try:
            total, _guess = self.node(everything, (), INFINITY, 0, self.instance.parts)
        finally:
            if self._pool is not None:
                self._pool.shutdown()
                self._pool = None
        tree = self.tree(everything, fixed)
        if max_depth is not None and tree_depth(tree) > max_depth:
            tree = self.shallower(everything, fixed, max_depth) or tree
        return total, tree

    def node(
        self, secrets: CoreIndices, history: tuple[int, ...], beta: int, depth: int, parts: int
    ) -> tuple[int, int]:
        """(cost, guess) of a node if below `beta`, else (a lower bound >= beta, -1); no guess splits
        these secrets more than `parts` ways besides solving."""
        inst = self.instance
        fixed = inst.fixed | self._used(history)
        if self.known and depth > 0:  # settled by an earlier run, perhaps at another --parallel-depth
            found = self.known.get(self._key(secrets))
            if found is not None and found.tree is not None:
                self._subtrees[self._key(secrets)] = found.tree
                return found.cost, found.tree.guess
            if found is not None and found.cost >= beta:
                return found.cost, -1
        if len(secrets) <= 2 or depth >= self.top_depth:
            return self._solve(secrets, fixed, beta, parts)
        n = len(secrets)
        guesses = self.guesses_up_to_symmetry(history, fixed)
        info, most = self._scan(secrets, guesses, parts)
        useful = np.flatnonzero((info[:, 0] >= 0) & (info[:, 0] < beta))
        order = useful[np.lexsort((info[useful, 1] == 0, info[useful, 3]))]
        best, best_guess = beta, -1
        if beta >= INFINITY:
            best = 1 + self._game.greedy_cost(secrets, fixed, most)
        seen: set[int] = set()
        share = self._shares(depth, n)
        self._path.append((0, len(order)))
        for tried, position in enumerate(order, start=1):
            self._path[-1] = (tried, len(order))
            if share and seen:  # the first guess searched has set the bound: the workers try the rest
                best, best_guess = self._share_guesses(
                    secrets,
                    [int(p) for p in order[tried - 1 :]],
                    guesses,
                    info,
                    history,
                    depth,
                    most,
                    best,
                    best_guess,
                    seen,
                )
                break
            bound, g = int(info[position, 0]), int(guesses[position])
            if bound >= best:
                continue
            signature = self._game.signature(secrets, g)
            if signature in seen:
                continue
            seen.add(signature)
            total, _pieces, _fixed = self._guess_total(secrets, g, fixed, bound, best, history, depth, most)
            if total is not None and n + total < best:
                best, best_guess = n + total, g
            self._report(depth, None if best_guess < 0 else best)
        self._path.pop()
        if best_guess >= 0:
            self._tt.store(self._key(secrets), best, best_guess)
        return best, best_guess

    def _guess_total(
        self,
        secrets: CoreIndices,
        guess: int,
        fixed: int,
        bound: int,
        limit: int,
        history: tuple[int, ...],
        depth: int,
        most: int,
    ) -> tuple[int | None, list[CoreIndices], int]:
        """(the cost of the parts `guess` splits `secrets` into, if the node's cost with it stays below
        `limit`, else None; those parts; the symbols fixed below it). `bound`: the guess's static bound."""
        n = len(secrets)
        pieces = self._split(secrets, guess)
        child_fixed = fixed | int(self._masks[guess])
        total = self._total(pieces, child_fixed, bound - n, limit - n, (*history, guess), depth + 1, most)
        return total, pieces, child_fixed

    def _shares(self, depth: int, n: int) -> bool:
        """Whether this node's guesses are shared among the workers: a large part being settled at
        `parallel_depth` by a part's solver, while its parent has a pool of threads."""
        parent = self.parent
        return parent is not None and parent._pool is not None and depth == self.parallel_depth and n >= self.share_size

    def _share_guesses(
        self,
        secrets: CoreIndices,
        positions: list[int],
        guesses: CoreIndices,
        info: CoreIndices,
        history: tuple[int, ...],
        depth: int,
        most: int,
        best: int,
        best_guess: int,
        seen: set[int],
    ) -> tuple[int, int]:
        """node()'s loop over the guesses at `positions` (in the node's order, after the first guess searched,
        which set `best`), tried by this thread and by helpers from the parent's pool: the same (best, guess)
        as the serial loop, and the winner's subtree kept for tree() if a helper found it."""
        parent = self.parent
        assert parent is not None
        pool = parent._pool
        assert pool is not None
        race = _Race(positions, best)

        def work(solver: Solver) -> None:
            inst = solver.instance
            n = len(secrets)
            fixed = inst.fixed | solver._used(history)
            while True:
                with race.lock:
                    rank = race.take()
                    if rank < 0:
                        return
                    position = positions[rank]
                    bound, g = int(info[position, 0]), int(guesses[position])
                    limit = race.limit(rank)
                    if bound >= limit:
                        race.done(rank)
                        continue
                    # taken in the node's order under the lock: the first of equal splits is searched
                    signature = solver._game.signature(secrets, g)
                    if signature in seen:
                        race.done(rank)
                        continue
                    seen.add(signature)
                total: int | None = None
                tree: Node | None = None
                try:
                    total, pieces, child_fixed = solver._guess_total(
                        secrets, g, fixed, bound, limit, history, depth, most
                    )
                    if total is not None and n + total < limit and solver is not self:
                        # the winner's subtree lives in this helper's transposition table: keep it whole
                        children = {solver._answer(g, p): solver.tree(p, child_fixed) for p in pieces}
                        tree = Node(g, dict(sorted(children.items())))
                finally:
                    with race.lock:
                        if total is not None and n + total < limit:
                            race.found(rank, n + total, g, tree)
                        race.done(rank)

        def helper() -> None:
            solver = parent._thread_solver()
            before = solver.stats.copy()
            try:
                work(solver)
            finally:
                with parent._lock:
                    parent.stats += solver.stats - before

        helpers = [pool.submit(helper) for _ in range(parent.workers - 1)]
        try:
            work(self)
        finally:
            race.stop()
            for future in helpers:
                future.cancel()  # a helper that has not started yet finds nothing left to do
            race.wait()
        for future in helpers:
            if not future.cancelled():
                future.result()  # a helper's error is this search's error
        winner = race.winner(best, best_guess)
        if winner.tree is not None:
            self._subtrees[self._key(secrets)] = winner.tree
        return winner.cost, winner.guess

    def _total(
        self,
        pieces: list[CoreIndices],
        fixed: int,
        static: int,
        budget: int,
        history: tuple[int, ...],
        depth: int,
        most: int,
    ) -> int | None:
        """The cost of all the parts if it is below `budget`, else None; `static` is the sum of their
        static bounds, tightened part by part (largest first) before any part is searched."""
        if depth == self.parallel_depth and (self.workers > 1 or self.known or self.on_part is not None):
            return self._total_apart(pieces, fixed, budget, history, depth, most)
        remaining, bounds = static, []
        for part in pieces:
            bounds.append(self._node_bound(part, fixed, most))
            remaining += bounds[-1] - int(self._bounds[most, len(part)])
            if remaining >= budget:
                return None
        total = 0
        for part, part_bound in zip(pieces, bounds, strict=True):
            remaining -= part_bound
            cost, _ = self.node(part, history, budget - total - remaining, depth, most)
            total += cost
            if total + remaining >= budget:
                return None
        return total

    def _total_apart(
        self, pieces: list[CoreIndices], fixed: int, budget: int, history: tuple[int, ...], depth: int, most: int
    ) -> int | None:
        """_total for the parts of a guess at `parallel_depth`, each settled on its own (side by side when
        there are workers, or from `known`): a part's budget is what the others' bounds leave of `budget`."""
        bounds = [self._node_bound(part, fixed, most) for part in pieces]
        lower = sum(bounds)
        if lower >= budget:
            return None
        give_up = threading.Event()

        def settle(index: int) -> int:
            own = budget - (lower - bounds[index])
            if give_up.is_set():
                return own
            cost = self._part(pieces[index], fixed, own, history, depth, most)
            if cost >= own:
                give_up.set()
            return cost

        order = range(len(pieces))  # largest first, as split() gives them
        costs = list(self._pool.map(settle, order)) if self._pool is not None else [settle(i) for i in order]
        total = sum(costs)
        if give_up.is_set() or total >= budget:
            return None
        return total

    def _part(self, part: CoreIndices, fixed: int, budget: int, history: tuple[int, ...], depth: int, most: int) -> int:
        """A part's exact cost if below `budget` (its subtree kept for tree()), else a lower bound >= budget;
        searched by this thread's solver, which keeps its own transposition table from part to part."""
        key = self._key(part)
        with self._lock:
            found = self.known.get(key)
        if found is not None and (found.tree is not None or found.cost >= budget):
            if found.tree is not None and found.cost < budget:
                with self._lock:
                    self._subtrees[key] = found.tree
            return found.cost
        sub = self._thread_solver()
        before = sub.stats.copy()
        cost, guess = sub.node(part, history, budget, depth, most)
        result = PartResult(key, cost, sub.tree(part, fixed) if guess >= 0 else None)
        with self._lock:
            self.stats += sub.stats - before
            self.known[key] = result
            if result.tree is not None:
                self._subtrees[key] = result.tree
            if self.on_part is not None:
                self.on_part(result)
            self._report(depth, None)
        return cost

    def _thread_solver(self) -> Solver:
        """This thread's solver for parts (made once per thread; it shares this solver's arrays)."""
        sub: Solver | None = getattr(self._local, "solver", None)
        if sub is None:
            sub = Solver(
                self.instance,
                self.top_depth,
                self.width,
                None,
                self.clock,
                parent=self,
                parallel_depth=self.parallel_depth,
                share_size=self.share_size,
            )
            self._local.solver = sub
        return sub

    def guesses_up_to_symmetry(self, history: tuple[int, ...], fixed: int) -> CoreIndices:
        """One guess per class of guesses that a relabelling fixing the history maps onto each other."""
        inst = self.instance
        canonical = np.flatnonzero(self._canonical(fixed))
        group = [move for move in self.relabellings(history) if not _is_identity(move)]
        if not group:
            return canonical.astype(np.int64)
        orders = np.array([order for order, _mapping in group], dtype=np.int64)
        maps = np.full((len(group), inst.symbols), -1, dtype=np.int64)
        for k, (_order, mapping) in enumerate(group):
            for symbol, image in mapping.items():
                maps[k, symbol] = image
        keep = np.empty(len(canonical), dtype=np.uint8)
        self._game.smallest_images(canonical.astype(np.int64), orders, maps, fixed, keep)
        return canonical[keep.view(np.bool_)].astype(np.int64)

    def relabellings(self, history: Sequence[int]) -> list[Relabelling]:
        """Every (position order, symbol map) that maps each guess of the history onto itself."""
        inst = self.instance
        out = []
        for order in inst.position_moves:
            mapping: dict[int, int] = {s: s for s in range(inst.symbols) if inst.fixed >> s & 1}
            ok = True
            for g in history:
                code = inst.codes[g].tolist()
                for p, symbol in enumerate(code):
                    if mapping.setdefault(code[order[p]], symbol) != symbol:
                        ok = False
            if ok and len(set(mapping.values())) == len(mapping):
                out.append((order, mapping))
        return out

    def tree(self, secrets: CoreIndices, fixed: int) -> Node:
        """The decision tree below a node, rebuilt from the transposition table (small nodes re-solved)."""
        if len(secrets) == 1:
            return Node(int(secrets[0]), {})
        found = self._subtrees.get(self._key(secrets))
        if found is not None:
            return found
        _cost, guess = self._solve(secrets, fixed, INFINITY, self.instance.parts)
        children = {}
        for part in self._split(secrets, guess):
            children[self._answer(guess, part)] = self.tree(part, fixed | int(self._masks[guess]))
        return Node(int(guess), dict(sorted(children.items())))

    def shallower(self, secrets: CoreIndices, fixed: int, limit: int) -> Node | None:
        """A tree of the same least total whose games all end within `limit` guesses, or None.

        Tries every guess that can reach the least total (bounded re-searches, mostly answered by the
        transposition table), depth-first, keeping the solver's own choice when it already fits."""
        inst, n = self.instance, len(secrets)
        if n == 1 or limit < 2:
            return Node(int(secrets[0]), {}) if n == 1 and limit >= 1 else None
        mine = self.tree(secrets, fixed)
        if tree_depth(mine) <= limit:
            return mine
        memo_key = (self._key(secrets), limit)
        if memo_key in self._too_deep:
            return None
        cost, _ = self._solve(secrets, fixed, INFINITY, inst.parts)
        allowed = np.flatnonzero(self._canonical(fixed)).astype(np.int64)
        info, _most = self._scan(secrets, allowed, inst.parts)
        for position in np.flatnonzero((info[:, 0] >= 0) & (info[:, 0] <= cost)).tolist():
            g = int(allowed[position])
            pieces = self._split(secrets, g)
            child_fixed = fixed | int(self._masks[g])
            total, remaining = n, int(info[position, 0]) - n
            for part in pieces:
                remaining -= int(self._bounds[inst.parts, len(part)])
                part_cost, _ = self._solve(part, child_fixed, cost + 1 - total - remaining, inst.parts)
                total += part_cost
                if total + remaining > cost:
                    break
            if total != cost:
                continue
            children = {self._answer(g, part): self.shallower(part, child_fixed, limit - 1) for part in pieces}
            if all(child is not None for child in children.values()):
                return Node(g, {f: child for f, child in sorted(children.items()) if child is not None})
        self._too_deep.add(memo_key)
        return None

    def _scan(self, secrets: CoreIndices, guesses: CoreIndices, parts: int) -> tuple[CoreIndices, int]:
        """Per guess (bound on the node's total after it, or -1 if it tells nothing; whether it can be the
        secret; whether it splits the secrets into singletons; an estimate of the total, to order guesses;
        how many answers it gets), and the most answers any guess gets (which bounds the whole subtree)."""
        info = np.empty((len(guesses), 5), dtype=np.int64)
        most = self._game.scan(secrets, np.ascontiguousarray(guesses, dtype=np.int64), parts, info)
        return info, most

    def _split(self, secrets: CoreIndices, guess: int) -> list[CoreIndices]:
        """The parts a guess splits the secrets into (the solved one dropped), largest first, each sorted."""
        buffer = np.empty(len(secrets), dtype=np.int64)
        starts = np.empty((self.instance.codes.shape[1] + 1) ** 2, dtype=np.int64)  # room for every feedback id
        ends = np.empty_like(starts)
        count = self._game.split(secrets, guess, buffer, starts, ends)
        return [buffer[start:end] for start, end in zip(starts[:count].tolist(), ends[:count].tolist(), strict=True)]

    def _answer(self, guess: int, part: CoreIndices) -> int:
        """The feedback id a guess gets from every secret of one of its parts."""
        return self._game.feedback(guess, int(part[0]))

    def _canonical(self, fixed: int) -> npt.NDArray[np.bool_]:
        """Which codes are the smallest of their class under relabelling the symbols not in `fixed`."""
        out = np.empty(self.instance.size, dtype=np.uint8)
        self._game.canonical(fixed, out)
        return out.view(np.bool_)

    def _solve(self, secrets: CoreIndices, fixed: int, beta: int, parts: int) -> tuple[int, int]:
        return self._game.solve(self._tt, secrets, fixed, beta, parts, self.width, self.stats)

    def _node_bound(self, secrets: CoreIndices, fixed: int, parts: int) -> int:
        return self._game.node_bound(self._tt, secrets, fixed, parts, self.stats)

    def _key(self, secrets: CoreIndices) -> int:
        return self._game.key(secrets)

    def _used(self, history: Sequence[int]) -> int:
        return int(np.bitwise_or.reduce(self._masks[list(history)])) if history else 0

    def _report(self, depth: int, best: int | None) -> None:
        if self.on_progress is not None:
            self.on_progress(SolveProgress(tuple(self._path), depth, int(self.stats[0]), best))


class _Found(NamedTuple):
    cost: int
    guess: int
    tree: Node | None  # the subtree, when a helper found it (else rebuilt from this thread's table)


class _Race:
    """The shared state of a node's guesses tried by several threads (the caller holds `lock`).

    Guesses are taken in the node's order. A guess must beat every exact cost found for a guess before
    it, and tie or beat those found after it, so that of equal costs the earliest guess wins, as in the
    serial loop, whatever order the threads finish in."""

    def __init__(self, positions: list[int], best: int) -> None:
        self.lock = threading.Condition()
        self.count = len(positions)
        self.start = best  # the bound set before these guesses (by earlier ones, or the node's beta)
        self.next = 0
        self.busy = 0
        self.exact: dict[int, _Found] = {}  # rank -> what the guess costs

    def take(self) -> int:
        """The rank of the next guess to try, or -1 when none is left."""
        if self.next >= self.count:
            return -1
        self.next += 1
        self.busy += 1
        return self.next - 1

    def limit(self, rank: int) -> int:
        """The cost the guess of this rank must stay below to matter."""
        limit = self.start
        for other, found in self.exact.items():
            limit = min(limit, found.cost if other < rank else found.cost + 1)
        return limit

    def found(self, rank: int, cost: int, guess: int, tree: Node | None) -> None:
        self.exact[rank] = _Found(cost, guess, tree)

    def done(self, rank: int) -> None:
        self.busy -= 1
        self.lock.notify_all()

    def stop(self) -> None:
        """Hand out no more guesses (the caller's search ended, perhaps with an error)."""
        with self.lock:
            self.next = self.count

    def wait(self) -> None:
        """Return once no thread is trying a guess."""
        with self.lock:
            while self.busy:
                self.lock.wait()

    def winner(self, best: int, guess: int) -> _Found:
        """The least cost found (the earliest guess of it), or the bound it started from."""
        out = _Found(best, guess, None)
        for rank in sorted(self.exact):
            if self.exact[rank].cost < out.cost:
                out = self.exact[rank]
        return out


def tree_depth(node: Node) -> int:
    """The most guesses any game in the tree takes."""
    return 1 + max((tree_depth(child) for child in node.children.values()), default=0)


def _is_identity(move: Relabelling) -> bool:
    order, mapping = move
    return all(p == q for p, q in enumerate(order)) and all(a == b for a, b in mapping.items())
