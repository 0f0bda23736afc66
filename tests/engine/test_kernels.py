"""The kernels agree with the plain definitions: scores, counts, best splits and whole trees; every test runs on
the C kernels and on their numpy fallback."""

from __future__ import annotations

import inspect
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from engine import kernels
from engine.history import History
from engine.play import solve_counts
from engine.scoring import score, scorer_for
from engine.splits import splitter_for
from engine.strategies import (
    Greedy,
    best_index,
    best_of,
    largest_part,
    minus_parts,
    neg_entropy,
    sum_of_squares,
)
from engine.variant import Code, Variant, variant_named
from tests.machine import HAS_C_KERNELS, NO_C_KERNELS

VARIANTS = ["classic", "nozero", "mastermind", "3", "4r8", "5r7"]
MEASURES = [neg_entropy, sum_of_squares, largest_part, minus_parts]


@pytest.fixture(autouse=True, params=["C", "numpy"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each test once with the C kernels and once with numpy (the splitters keep their kernels' pools)."""
    if request.param == "C" and not HAS_C_KERNELS:
        pytest.skip(NO_C_KERNELS)
    if request.param == "numpy":
        monkeypatch.setattr(kernels, "_c", None)
    splitter_for.cache_clear()
    yield request.param
    splitter_for.cache_clear()


@pytest.mark.parametrize("name", VARIANTS)
def test_kernel_feedback_is_bulls_and_cows(name: str) -> None:
    variant = variant_named(name)
    rng = np.random.default_rng(3)
    guesses = rng.choice(variant.size, 20, replace=False)
    secrets = rng.choice(variant.size, 50, replace=False)
    block = splitter_for(variant).feedback(guesses, secrets)
    for i, g in enumerate(guesses.tolist()):
        for j, s in enumerate(secrets.tolist()):
            assert block[i, j] == score(variant.code(s), variant.code(g)).id(variant.length)


@pytest.mark.parametrize("name", VARIANTS)
def test_kernel_counts_are_histograms_of_the_feedback(name: str) -> None:
    variant = variant_named(name)
    rng = np.random.default_rng(4)
    guesses = rng.choice(variant.size, 30, replace=False)
    secrets = np.sort(rng.choice(variant.size, 200, replace=False))
    splitter = splitter_for(variant)
    block = splitter.feedback(guesses, secrets)
    counts = splitter.counts(guesses, secrets)
    for i in range(len(guesses)):
        assert counts[i].tolist() == np.bincount(block[i], minlength=variant.feedback_count).tolist()
    assert np.array_equal(scorer_for(variant).rows(guesses, secrets), block)


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize("name", ["classic", "mastermind", "4r8", "3", "5r7"])
def test_compiled_best_split_is_the_measures_best_index(name: str, measure: object) -> None:
    variant = variant_named(name)
    rng = np.random.default_rng(5)
    splitter = splitter_for(variant)
    # sizes on both sides of the packed tally's runs of 15 secrets, and past a byte's count
    for size in (2, 3, 5, 9, 15, 16, 31, 40, 300, 700):
        secrets = np.sort(rng.choice(variant.size, size, replace=False))
        pool = np.sort(rng.choice(variant.size, 400, replace=False))
        pool = np.union1d(pool, secrets[: size // 2])
        is_candidate = np.isin(pool, secrets)
        expected = best_index(measure(splitter.counts(pool, secrets), variant.solved), is_candidate)  # type: ignore[operator]
        assert best_of(variant, measure, pool, secrets, is_candidate) == expected  # type: ignore[arg-type]


class NodeByNode:
    """A greedy strategy with the compiled whole-tree pass hidden: walk_tree asks it node by node."""

    def __init__(self, greedy: Greedy) -> None:
        self.greedy = greedy

    def __call__(self, variant: Variant, history: History) -> Code:
        return self.greedy(variant, history)


@pytest.mark.parametrize("measure", MEASURES)
@pytest.mark.parametrize("name", ["3", "mastermind", "3r9z"])
def test_compiled_tree_makes_the_same_decisions_as_node_by_node(name: str, measure: object) -> None:
    variant = variant_named(name)
    greedy = Greedy(measure)  # type: ignore[arg-type]
    assert solve_counts(variant, greedy) == solve_counts(variant, NodeByNode(greedy))


# What kernels.warm_up runs: every kernel a decision calls. The rest are warmed elsewhere or need no warming.
DECISION_KERNELS = {
    "code_words", "feedback_block", "feedback_all", "feedback_row", "fitting", "counts_block", "split_order",
    "best_guess", "measure_scores", "canonical_mask", "member_mask", "two_step_costs",
}  # fmt: skip
NOT_WARMED = {
    "greedy_tree",  # the whole-tree sweep: engine.warm_up plays it (solve_counts)
    "new_pools",  # its pools, made by the sweep
    "ticks",  # a clock
    "backend",
    "warm_up",
}


def test_warm_up_runs_every_decision_kernel_on_the_backend_it_reports(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    public = {name for name, value in vars(kernels).items() if inspect.isfunction(value) and not name.startswith("_")}
    assert public == DECISION_KERNELS | NOT_WARMED  # a new kernel is either warmed up or says why not
    called: set[str] = set()

    def recording(name: str, kernel: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            called.add(name)
            return kernel(*args)

        return run

    for name in DECISION_KERNELS:
        monkeypatch.setattr(kernels, name, recording(name, getattr(kernels, name)))
    kernels.warm_up()
    assert called == DECISION_KERNELS
    assert kernels.backend() == backend


def test_after_warm_up_the_kernels_give_the_known_answers() -> None:
    kernels.warm_up()
    classic = variant_named("classic")
    places, counts = kernels.code_words(classic.codes, classic.symbols)
    guess, secret = classic.index("1243"), classic.index("1234")
    ids = kernels.feedback_row(places, counts, places[guess], counts[guess], np.array([secret]), classic.length)
    assert ids.tolist() == [2 * (classic.length + 1) + 2]  # 2 bulls 2 cows, as score("1234", "1243")


def test_engine_warm_up_reports_the_seconds_it_took() -> None:
    import engine

    started = time.perf_counter()
    took = engine.warm_up()
    assert 0.0 < took <= time.perf_counter() - started


FIRST_MOVES = """
import sys
import engine
from engine.analysis import review_move
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import score
from engine.variant import variant_named

engine.warm_up()
loaded = set(sys.modules)
for name in ("classic", "mastermind10", "6"):
    variant = variant_named(name)
    first = next_guess(variant, [])
    secret = variant.code(variant.size // 3)
    next_guess(variant, [Turn(first, score(secret, first))])
    review_move(variant, [Turn(first, score(secret, first))])
print(sorted(set(sys.modules) - loaded))
"""


def test_after_warm_up_a_first_move_imports_nothing_more(backend: str) -> None:
    # warm_up loads what a first move needs (numpy.random for the samples of 6 digits): no move pays for an import
    hide = "import sys; sys.modules['engine.kernels.native'] = None\n" if backend == "numpy" else ""
    done = subprocess.run([sys.executable, "-c", hide + FIRST_MOVES], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_no_variant_builds_a_feedback_table_to_play() -> None:
    from engine.guesser import next_guess
    from engine.history import Turn

    variant = variant_named("mastermind10")
    first = next_guess(variant, [])
    next_guess(variant, [Turn(first, score("9876", first))])
    assert scorer_for(variant)._table is None


def plain_two_step_cost(variant: Variant, contender: int, helpers: list[int], secrets: list[int]) -> float:
    """What `kernels.two_step_costs` computes for one contender, from bulls and cows and dicts."""
    from engine.totals import estimated_totals

    estimate = estimated_totals(len(secrets))

    def parts(guess: int, among: list[int]) -> dict[int, list[int]]:
        found: dict[int, list[int]] = {}
        for s in among:
            found.setdefault(score(variant.code(s), variant.code(guess)).id(variant.length), []).append(s)
        return found

    split = parts(contender, secrets)
    if len(split) == 1 and variant.solved not in split:
        return float("inf")
    cost = 0.0
    for answer, part in split.items():
        if answer == variant.solved:
            continue
        if len(part) <= 2:
            cost += 2 * len(part) - 1
            continue
        follow_ups = (parts(h, part) for h in [*helpers, *part])
        cost += len(part) + min(
            sum(float(estimate[len(q)]) for a, q in after.items() if a != variant.solved) for after in follow_ups
        )
    return cost


@pytest.mark.parametrize("name", ["classic", "mastermind", "5r7", "6"])
def test_two_step_costs_are_the_plain_sum_over_parts(name: str) -> None:
    from engine.totals import estimated_totals

    variant = variant_named(name)
    rng = np.random.default_rng(6)
    for size in (3, 40, 200):
        secrets = np.sort(rng.choice(variant.size, size, replace=False))
        contenders = np.concatenate([rng.choice(variant.size, 4, replace=False), secrets[:2]])
        helpers = rng.choice(variant.size, 12, replace=False)
        costs = splitter_for(variant).two_step_costs(contenders, helpers, secrets, estimated_totals(size))
        for contender, cost in zip(contenders.tolist(), costs.tolist(), strict=True):
            expected = plain_two_step_cost(variant, contender, helpers.tolist(), secrets.tolist())
            assert cost == pytest.approx(expected, rel=1e-12)
        pruned = splitter_for(variant).two_step_costs(contenders, helpers, secrets, estimated_totals(size), True)
        assert int(np.argmin(pruned)) == int(np.argmin(costs))
        kept = np.isfinite(pruned)
        assert np.array_equal(pruned[kept], costs[kept])
        assert (costs[~kept] > costs.min()).all()


def test_a_contender_that_splits_nothing_costs_infinity() -> None:
    from engine.totals import estimated_totals

    variant = variant_named("classic")
    secrets = np.array([variant.index(code) for code in ("4567", "4576", "4657", "4675", "4756")])
    useless, useful = variant.index("0123"), variant.index("4567")
    costs = splitter_for(variant).two_step_costs(
        np.array([useless, useful]), np.array([useless]), secrets, estimated_totals(5)
    )
    assert np.isinf(costs[0])
    assert np.isfinite(costs[1])


@pytest.mark.parametrize("name", ["3d6", "3r6", "4d6"])
def test_two_step_costs_with_every_code_as_a_helper_and_the_prune_keeps_each_new_least(name: str) -> None:
    from engine.totals import estimated_totals

    variant = variant_named(name)
    rng = np.random.default_rng(7)
    everything = np.arange(variant.size)
    for size in (20, 60):
        secrets = np.sort(rng.choice(variant.size, size, replace=False))
        contenders = rng.choice(variant.size, 12, replace=False)
        estimate = estimated_totals(size)
        costs = splitter_for(variant).two_step_costs(contenders, everything, secrets, estimate)
        pruned = splitter_for(variant).two_step_costs(contenders, everything, secrets, estimate, True)
        least = np.inf
        for i, contender in enumerate(contenders.tolist()):
            expected = plain_two_step_cost(variant, contender, everything.tolist(), secrets.tolist())
            assert costs[i] == pytest.approx(expected, rel=1e-12)
            if costs[i] < least or np.isfinite(pruned[i]):
                assert pruned[i] == costs[i]
            least = min(least, costs[i])


def test_the_estimate_is_at_least_one_guess_a_secret() -> None:
    from engine.totals import estimated_totals

    assert (estimated_totals(200_000) >= np.arange(200_001)).all()
