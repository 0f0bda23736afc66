"""The compiled kernels agree with the plain definitions: scores, counts, best splits and whole trees."""

from __future__ import annotations

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

VARIANTS = ["classic", "nozero", "mastermind", "3", "4r8", "5r7"]
MEASURES = [neg_entropy, sum_of_squares, largest_part, minus_parts]


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


def test_warm_up_runs() -> None:
    kernels.warm_up()


def test_engine_warm_up_is_quick_once_warm() -> None:
    import engine

    engine.warm_up()
    assert engine.warm_up() >= 0.0  # a second call only replays a tiny game


def test_no_variant_builds_a_feedback_table_to_play() -> None:
    from engine.guesser import next_guess
    from engine.history import Turn

    variant = variant_named("mastermind10")
    first = next_guess(variant, [])
    next_guess(variant, [Turn(first, score("9876", first))])
    assert scorer_for(variant)._table is None
