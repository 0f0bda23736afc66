"""The optimal solver: it agrees with a deliberately simple exhaustive minimiser, and reaches the
published optima of 3 distinct digits and Mastermind."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest

from engine.optimal.tree import Node, tree_stats
from engine.variant import variant_named
from tests.machine import NO_SOLVER_CORE

core = pytest.importorskip("engine.optimal.core", reason=NO_SOLVER_CORE)
from engine.optimal.search import Instance, Solver, instance_for, instance_from_codes  # noqa: E402


def feedback_row(instance: Instance, guess: int) -> list[int]:
    """Feedback ids (bulls * (length + 1) + cows) of one guess against every code, scored in plain
    Python, apart from the kernel under test."""
    codes = instance.codes.tolist()
    g = codes[guess]
    out = []
    for s in codes:
        bulls = sum(a == b for a, b in zip(g, s, strict=True))
        common = sum(min(g.count(x), s.count(x)) for x in set(g))
        out.append(bulls * (len(g) + 1) + common - bulls)
    return out


def solved_id(instance: Instance) -> int:
    length = instance.codes.shape[1]
    return length * (length + 1)


def brute_force_total(instance: Instance) -> int:
    """The least total guesses over every secret, by trying every guess at every node (no pruning)."""
    table = [feedback_row(instance, g) for g in range(instance.size)]
    solved = solved_id(instance)
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
            if len(parts) == 1 and solved not in parts:
                continue  # learns nothing
            total = len(secrets) + sum(cost(frozenset(p)) for f, p in parts.items() if f != solved)
            best = total if best is None else min(best, total)
        assert best is not None
        return best

    return cost(frozenset(codes))


def tree_total(instance: Instance, node: Node, secrets: list[int], depth: int = 1) -> int:
    """Total guesses a solver tree takes on the given secrets, replayed on the instance's table."""
    total = 0
    parts: dict[int, list[int]] = {}
    row = feedback_row(instance, node.guess)
    for secret in secrets:
        parts.setdefault(row[secret], []).append(secret)
    for feedback, part in parts.items():
        if feedback == solved_id(instance):
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


@pytest.mark.parametrize("name", ["mastermind", "classic", "3", "4r7"])
def test_packed_lanes_and_histograms_tally_alike(name: str) -> None:
    """Codes of up to 4 positions are tallied in packed lanes, longer ones guess by guess into a
    histogram: forced onto the histogram, the kernel scans, bounds and solves every set alike."""
    search = Solver(instance_for(variant_named(name)))
    instance = search.instance
    args = (instance.codes, instance.codes.shape[1], instance.symbols, instance.fixed, search._bounds)
    estimate = np.arange(instance.size + 1, dtype=np.int64) * 300
    packed, plain = core.Game(*args, estimate), core.Game(*args, estimate, packed=False)
    rng = np.random.default_rng(7)
    for size in (4, 9, 15, 16, 40, 200):
        secrets = np.sort(rng.choice(instance.size, size, replace=False)).astype(np.int64)
        guesses = np.sort(rng.choice(instance.size, 300, replace=False)).astype(np.int64)
        fixed = instance.fixed | int(rng.integers(0, 1 << instance.symbols))
        for parts in (2, instance.parts):
            one, other = np.empty((300, 5), np.int64), np.empty((300, 5), np.int64)
            assert packed.scan(secrets, guesses, parts, one) == plain.scan(secrets, guesses, parts, other)
            assert np.array_equal(one, other)
            stats = np.zeros(8, np.int64)
            bound = packed.node_bound(core.Table(), secrets, fixed, parts, stats)
            assert bound == plain.node_bound(core.Table(), secrets, fixed, parts, stats)
            if size <= 16:
                found = packed.solve(core.Table(), secrets, fixed, core.INFINITY, parts, 0, stats)
                assert found == plain.solve(core.Table(), secrets, fixed, core.INFINITY, parts, 0, stats)
                if parts == instance.parts:  # (a bound for fewer answers than guesses get is no bound)
                    assert found[0] >= bound


def test_the_kernel_scores_as_the_engine_does() -> None:
    from engine.scoring import scorer_for

    for name in ("classic", "nozero", "mastermind", "3"):
        variant = variant_named(name)
        search = Solver(instance_for(variant))
        secrets = np.arange(variant.size, dtype=np.int64)
        for guess in (0, variant.size // 3, variant.size - 1):
            row = np.empty(variant.size, dtype=np.uint8)
            search._game.feedbacks(guess, secrets, row)
            assert np.array_equal(row, scorer_for(variant).against(variant.code(guess)))


def test_a_transposition_table_keeps_exact_costs_and_the_best_bounds() -> None:
    variant = variant_named("3")
    search = Solver(instance_for(variant))
    game, table, stats = search._game, core.Table(), np.zeros(8, np.int64)
    secrets = np.arange(40, dtype=np.int64)
    fixed = search.instance.fixed
    table.store(game.key(secrets), 70, -1)  # a lower bound: the search may not go below it
    assert game.solve(table, secrets, fixed, 60, search.instance.parts, 0, stats) == (70, -1)
    table.store(game.key(secrets), 50, -1)  # a weaker bound does not replace it
    assert game.solve(table, secrets, fixed, 60, search.instance.parts, 0, stats) == (70, -1)
    table.store(game.key(secrets), 90, 7)  # an exact cost is final
    table.store(game.key(secrets), 95, -1)
    assert game.solve(table, secrets, fixed, core.INFINITY, search.instance.parts, 0, stats) == (90, 7)
    assert len(table) == 1


def test_a_search_out_of_work_stops_and_leaves_the_table_true() -> None:
    variant = variant_named("3")
    search = Solver(instance_for(variant))
    game, parts, fixed = search._game, search.instance.parts, 0b111  # 012 was guessed
    secrets = np.flatnonzero(np.isin(variant.codes, [0, 1, 2]).sum(axis=1) == 1).astype(np.int64)  # 012 scored 1
    exact = game.solve(core.Table(), secrets, fixed, core.INFINITY, parts, 0, np.zeros(8, np.int64))
    table, stats = core.Table(), np.zeros(8, np.int64)
    assert game.solve(table, secrets, fixed, core.INFINITY, parts, 0, stats, 1000) == (-1, -1)
    assert stats[3] + stats[4] >= 1000  # it stopped once it had scored that many pairs, or just after
    again = np.zeros(8, np.int64)
    assert game.solve(table, secrets, fixed, core.INFINITY, parts, 0, again) == exact  # what it stored was true
    assert game.solve(table, secrets, fixed, core.INFINITY, parts, 0, again, 10**12) == exact


def test_a_code_set_without_the_symmetries_the_search_assumes_is_refused() -> None:
    """The symmetry reduction assumes a code set closed under relabelling symbols and positions."""
    with pytest.raises(ValueError, match="not closed"):
        instance_from_codes([c for c in itertools.permutations(range(4), 3) if c[0] != 3], 4)
    with pytest.raises(ValueError, match="not closed"):
        instance_from_codes([c for c in itertools.product(range(3), repeat=3) if c != (2, 1, 0)], 3)


def test_the_kernel_refuses_what_is_not_a_game() -> None:
    estimate = np.zeros(5, dtype=np.int64)
    codes = np.array([[0, 1], [1, 0], [0, 2], [2, 0]], dtype=np.uint8)
    assert core.answers(codes, 2, 3, 0) == 3  # 0 bulls 1 cow, 0 bulls 2 cows, 1 bull (besides solved)
    bounds = np.zeros((4, 5), dtype=np.int64)  # a row for 0..3 answers
    with pytest.raises(ValueError, match="symbol out of range"):
        core.Game(codes, 2, 2, 0, bounds, estimate)
    with pytest.raises(ValueError, match="bounds"):
        core.Game(codes, 2, 3, 0, np.zeros((4, 4), dtype=np.int64), estimate)
    with pytest.raises(ValueError, match="bounds: a row for each count of answers up to 3"):
        core.Game(codes, 2, 3, 0, bounds[:3], estimate)  # a node would read past its rows
    game = core.Game(codes, 2, 3, 0, bounds, estimate)
    with pytest.raises(IndexError):
        game.key(np.array([0, 4], dtype=np.int64))
    with pytest.raises(ValueError, match="strictly increasing"):  # a set, as every kernel call takes it
        game.scan(np.array([1, 1, 1], dtype=np.int64), np.arange(4, dtype=np.int64), 3, np.empty((4, 5), np.int64))
    with pytest.raises(ValueError, match="aligned"):
        game.key(np.zeros(17, dtype=np.uint8)[1:].view(np.int64))
    with pytest.raises(ValueError, match="fixed"):
        game.node_bound(core.Table(), np.arange(4, dtype=np.int64), 1 << 5, 1, np.zeros(8, np.int64))
    with pytest.raises(ValueError, match="cost"):
        core.Table().store(1, -5, -1)


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

    from engine.optimal.search import INFINITY

    class RunAtOnce(Executor):
        """A pool whose helper runs as soon as it is handed over: it takes every shared guess."""

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            future: Future[Any] = Future()
            future.set_result(fn(*args, **kwargs))
            return future

    instance = instance_for(variant_named("3"))
    opening = 0  # 012
    answers = np.array(feedback_row(instance, opening))
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
