"""The optimal solver: it agrees with a deliberately simple exhaustive minimiser, and reaches the
published optima of 3 distinct digits and Mastermind."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

pytest.importorskip("numba")

from engine.optimal.search import Instance, Solver, instance_for, instance_from_codes
from engine.optimal.tree import Node, tree_stats
from engine.variant import variant_named


def brute_force_total(instance: Instance) -> int:
    """The least total guesses over every secret, by trying every guess at every node (no pruning)."""
    table = instance.table.tolist()
    codes = range(instance.size)

    @cache
    def cost(secrets: frozenset[int]) -> int:
        if len(secrets) == 1:
            return 1
        best = None
        for guess in codes:
            parts: dict[int, list[int]] = {}
            for secret in secrets:
                parts.setdefault(table[guess][secret], []).append(secret)
            if len(parts) == 1 and instance.solved not in parts:
                continue  # learns nothing
            total = len(secrets) + sum(cost(frozenset(p)) for f, p in parts.items() if f != instance.solved)
            best = total if best is None else min(best, total)
        assert best is not None
        return best

    return cost(frozenset(codes))


def tree_total(instance: Instance, node: Node, secrets: list[int], depth: int = 1) -> int:
    """Total guesses a solver tree takes on the given secrets, replayed on the instance's table."""
    total = 0
    parts: dict[int, list[int]] = {}
    for secret in secrets:
        parts.setdefault(int(instance.table[node.guess, secret]), []).append(secret)
    for feedback, part in parts.items():
        if feedback == instance.solved:
            total += depth
        else:
            total += tree_total(instance, node.children[feedback], part, depth + 1)
    return total


TINY_GAMES = {
    "3 distinct of 4": (list(itertools.permutations(range(4), 3)), 4),
    "3 of 3 with repeats": (list(itertools.product(range(3), repeat=3)), 3),
    "3 distinct of 5": (list(itertools.permutations(range(5), 3)), 5),
}


@pytest.mark.parametrize("name", TINY_GAMES)
def test_solver_matches_an_exhaustive_minimiser(name: str) -> None:
    codes, symbols = TINY_GAMES[name]
    instance = instance_from_codes(codes, symbols)
    total, tree = Solver(instance).solve()
    assert total == brute_force_total(instance)
    assert tree_total(instance, tree, list(range(instance.size))) == total


@pytest.mark.parametrize(("name", "total"), [("3", 3575), ("mastermind", 5625)])
def test_solver_reaches_the_published_optimum(name: str, total: int) -> None:
    variant = variant_named(name)
    found, tree = Solver(instance_for(variant)).solve()
    assert found == total
    assert tree_stats(variant, tree).total == total


def test_classic_opens_with_one_guess_up_to_symmetry() -> None:
    solver = Solver(instance_for(variant_named("classic")))
    assert solver.guesses_up_to_symmetry((), 0).tolist() == [0]  # 0123
    after = solver.guesses_up_to_symmetry((0,), 0b1111)
    assert 10 < len(after) < 30  # 209 up to fresh digits; the 24 relabellings fixing 0123 fold them


def test_two_workers_reach_the_same_optimum() -> None:
    variant = variant_named("3")
    found, tree = Solver(instance_for(variant), workers=2).solve()
    assert found == 3575
    assert tree_stats(variant, tree).total == 3575


def test_a_search_resumes_from_the_parts_it_recorded() -> None:
    from engine.optimal.search import PartResult
    from engine.optimal.tree import node_from_text, node_text

    variant = variant_named("3")
    recorded: list[PartResult] = []
    first = Solver(instance_for(variant), on_part=recorded.append)
    assert first.solve()[0] == 3575
    assert recorded
    # as a checkpoint file keeps them: subtrees as text
    known = {
        r.key: PartResult(r.key, r.cost, None if r.tree is None else node_from_text(node_text(r.tree)))
        for r in recorded
    }
    resumed = Solver(instance_for(variant), known=known)
    total, tree = resumed.solve()
    assert total == 3575
    assert tree_stats(variant, tree).total == 3575
    assert resumed.stats[0] < first.stats[0]  # the settled parts were not searched again


@pytest.mark.parametrize("name", ["mastermind", "classic", "3"])
def test_packed_bounds_agree_with_the_table_scan(name: str) -> None:
    """The node bound's packed tally gives what the feedback-table scan gives: the first guess that
    splits the secrets into singletons, else the least static total over the guesses that split them."""
    import numpy as np

    from engine.kernels import code_words
    from engine.optimal import scans
    from engine.optimal.search import Solver as Search

    instance = instance_for(variant_named(name))
    search = Search(instance)
    words = np.stack(code_words(instance.codes, instance.symbols))
    by_secret = np.ascontiguousarray(instance.table.T)
    rng = np.random.default_rng(7)
    for size in (4, 9, 15, 16, 40, 200):
        secrets = np.sort(rng.choice(instance.size, size, replace=False)).astype(np.int64)
        guesses = np.sort(rng.choice(instance.size, 300, replace=False)).astype(np.int64)
        for parts in (2, instance.parts):
            bounds = search._bounds[parts]
            info = scans.guess_bounds(
                secrets, guesses, by_secret, instance.solved, instance.feedbacks, bounds, search._estimate
            )
            splitting = info[:, 0] >= 0
            perfect = np.flatnonzero(splitting & (info[:, 2] == 1))
            first, least = scans.packed_bounds(secrets, guesses, words, instance.codes.shape[1], bounds)
            if len(perfect):
                assert first == perfect[0]
            else:
                assert first == -1
                assert least == (info[splitting, 0].min() if splitting.any() else 1 << 40)


@pytest.mark.parametrize(("name", "total"), [("3", 3575), ("mastermind", 5625)])
def test_sharing_a_parts_guesses_among_workers_chooses_as_the_serial_search(name: str, total: int) -> None:
    variant = variant_named(name)
    apart = Solver(instance_for(variant), top_depth=2, workers=2, share_size=1 << 30)
    shared = Solver(instance_for(variant), top_depth=2, workers=2, share_size=2)  # every part shares its guesses
    found, tree = shared.solve()
    expected, serial_tree = apart.solve()
    assert found == expected == total
    stats = tree_stats(variant, tree)
    assert stats.total == total
    assert stats.worst == tree_stats(variant, serial_tree).worst
    # each part's guess is the serial search's, whichever thread found it
    assert tree.guess == serial_tree.guess
    assert {f: child.guess for f, child in tree.children.items()} == {
        f: child.guess for f, child in serial_tree.children.items()
    }


def test_of_equal_costs_found_out_of_order_the_earliest_guess_wins() -> None:
    from engine.optimal.search import _Race

    race = _Race([10, 11, 12, 13], best=100)
    for _ in range(4):
        race.take()
    race.found(2, 90, 12, None)  # a later guess finishes first
    assert race.limit(1) == 91  # an earlier guess may still tie it
    assert race.limit(3) == 90  # a later one must beat it
    race.found(1, 90, 11, None)
    race.found(3, 90, 13, None)
    assert race.winner(100, -1).guess == 11
    assert race.winner(90, 7).guess == 7  # the guess searched before them all keeps a tie


def test_a_search_sharing_guesses_resumes_from_its_parts() -> None:
    from engine.optimal.search import PartResult

    variant = variant_named("3")
    recorded: list[PartResult] = []
    first = Solver(instance_for(variant), top_depth=2, workers=2, share_size=2, on_part=recorded.append)
    assert first.solve()[0] == 3575
    resumed = Solver(instance_for(variant), top_depth=2, workers=2, share_size=2, known={r.key: r for r in recorded})
    total, tree = resumed.solve()
    assert total == 3575
    assert tree_stats(variant, tree).total == 3575
    assert resumed.stats[0] < first.stats[0]


def test_a_winner_found_by_a_helper_brings_its_subtree() -> None:
    from concurrent.futures import Executor, Future
    from typing import Any

    import numpy as np

    from engine.optimal.search import INFINITY

    class RunAtOnce(Executor):
        """A pool whose helper runs as soon as it is handed over: it takes every shared guess."""

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            future: Future[Any] = Future()
            future.set_result(fn(*args, **kwargs))
            return future

    instance = instance_for(variant_named("3"))
    opening = 0  # 012
    answers = instance.table[opening]
    part = np.flatnonzero(answers == np.flatnonzero(np.bincount(answers) == 126)[0]).astype(np.int64)  # 1 bull, no cow
    fixed = int(np.bitwise_or.reduce(1 << instance.codes[opening].astype(np.int64)))
    root = Solver(instance, top_depth=2, workers=2)
    root._pool = RunAtOnce()
    alone = Solver(instance, top_depth=2, parent=root, share_size=1 << 30)
    shared = Solver(instance, top_depth=2, parent=root, share_size=2)  # not this thread's part solver: the helper is
    expected = alone.node(part, (opening,), INFINITY, 1, instance.parts)
    assert shared.node(part, (opening,), INFINITY, 1, instance.parts) == expected
    assert shared._subtrees  # the helper found the winner, a later guess than the first
    assert shared.tree(part, fixed) == alone.tree(part, fixed)
