"""The C kernels and their numpy fallback give the same answers, bit for bit, on the same inputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from engine import kernels
from engine.splits import _log_tables
from engine.totals import estimated_totals
from engine.variant import variant_named
from tests.machine import needs_c_kernels

pytestmark = needs_c_kernels

VARIANTS = ["classic", "mastermind", "3r9z", "5r7", "6"]


def both(monkeypatch: pytest.MonkeyPatch, kernel: Callable[..., Any], *args: Any) -> tuple[Any, Any]:
    """What a kernel gives for these arguments with the C kernels, and with numpy."""
    in_c = kernel(*args)
    with monkeypatch.context() as patch:
        patch.setattr(kernels, "_c", None)
        in_numpy = kernel(*args)
    return in_c, in_numpy


def same(a: Any, b: Any) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.tobytes() == b.tobytes()  # bits, so that -0.0, nan and rounding all count


@pytest.mark.parametrize("name", VARIANTS)
def test_scores_counts_and_fits_are_the_same_bits(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_named(name)
    places, counts = kernels.code_words(variant.codes, variant.symbols)
    rng = np.random.default_rng(11)
    for size in (1, 7, 300):
        guesses = rng.choice(variant.size, 25, replace=False).astype(np.intp)
        secrets = rng.choice(variant.size, size, replace=False).astype(np.intp)
        length, feedbacks = variant.length, variant.feedback_count
        row = kernels.feedback_row(places, counts, places[guesses[0]], counts[guesses[0]], secrets, length)
        answers = np.array([row[0], *kernels.feedback_row(places, counts, places[guesses[1]], counts[guesses[1]],
                                                          secrets[:1], length)], dtype=np.int64)  # fmt: skip
        for kernel, *args in (
            (kernels.feedback_block, places, counts, guesses, secrets, length),
            (kernels.feedback_all, places, counts, places[guesses[3]], counts[guesses[3]], length),
            (kernels.feedback_row, places, counts, places[guesses[2]], counts[guesses[2]], secrets, length),
            (kernels.counts_block, places, counts, guesses, secrets, length, feedbacks),
            (kernels.fitting, places, counts, guesses[:2], answers, secrets, length),
            (kernels.split_order, row),
        ):
            in_c, in_numpy = both(monkeypatch, kernel, *args)
            assert same(in_c, in_numpy), kernel.__name__


@pytest.mark.parametrize("measure", [kernels.ENTROPY, kernels.SQUARES, kernels.LARGEST, kernels.PARTS])
@pytest.mark.parametrize("name", VARIANTS)
def test_measures_and_best_guesses_are_the_same_bits(name: str, measure: int, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_named(name)
    places, counts = kernels.code_words(variant.codes, variant.symbols)
    c_log_c, log_n = _log_tables(variant.size)
    rng = np.random.default_rng(12)
    for size in (2, 15, 16, 200, 1000):
        secrets = np.sort(rng.choice(variant.size, min(size, variant.size), replace=False)).astype(np.intp)
        pool = np.union1d(rng.choice(variant.size, 300, replace=False), secrets[: size // 3]).astype(np.intp)
        is_candidate = np.isin(pool, secrets)
        args = (variant.length, variant.feedback_count, measure, c_log_c, log_n)
        in_c, in_numpy = both(monkeypatch, kernels.measure_scores, places, counts, pool, secrets, *args)
        assert same(in_c, in_numpy)
        in_c, in_numpy = both(monkeypatch, kernels.best_guess, places, counts, pool, secrets, is_candidate, *args)
        assert in_c == in_numpy


@pytest.mark.parametrize("name", VARIANTS)
def test_two_step_costs_are_the_same_bits_pruned_or_not(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_named(name)
    places, counts = kernels.code_words(variant.codes, variant.symbols)
    rng = np.random.default_rng(13)
    for size in (3, 60, 400):
        secrets = np.sort(rng.choice(variant.size, size, replace=False)).astype(np.intp)
        contenders = np.concatenate([rng.choice(variant.size, 10, replace=False), secrets[:3]]).astype(np.intp)
        helpers = rng.choice(variant.size, 30, replace=False).astype(np.intp)
        estimate = estimated_totals(size)
        shape = (variant.length, variant.feedback_count, variant.solved, estimate)
        for prune in (False, True):
            in_c, in_numpy = both(
                monkeypatch, kernels.two_step_costs, places, counts, contenders, helpers, secrets, *shape, prune
            )
            assert same(in_c, in_numpy)


@pytest.mark.parametrize("measure", [kernels.ENTROPY, kernels.SQUARES, kernels.LARGEST, kernels.PARTS])
@pytest.mark.parametrize("name", ["3", "mastermind", "3r9z", "3r7"])
def test_whole_greedy_trees_are_the_same(name: str, measure: int, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_named(name)
    places, counts = kernels.code_words(variant.codes, variant.symbols)
    masks = np.bitwise_or.reduce(np.left_shift(1, variant.codes.astype(np.int64)), axis=1)
    c_log_c, log_n = _log_tables(variant.size)
    everything = np.arange(variant.size, dtype=np.intp)
    fixed = 0 if variant.leading_zero else 1

    def tree() -> Any:
        shape = (variant.solved, variant.feedback_count, measure, c_log_c, log_n)
        pools = kernels.new_pools(variant.symbols)
        return kernels.greedy_tree(places, counts, variant.codes, masks, everything, fixed, -1, *shape, pools)

    in_c, in_numpy = both(monkeypatch, tree)
    took = 5  # each decision's time: the only field that may differ
    assert same(in_c[:took] + in_c[took + 1 :], in_numpy[:took] + in_numpy[took + 1 :])
    assert len(in_c[0]) > 1


@pytest.mark.parametrize("name", ["classic", "nozero", "3r9z", "6"])
def test_canonical_guesses_are_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant = variant_named(name)
    for fixed in (0, 1, 0b1011, (1 << variant.symbols) - 2):
        in_c, in_numpy = both(
            monkeypatch, lambda fixed=fixed: kernels.canonical_mask(variant.codes, fixed, variant.symbols)
        )
        assert same(in_c, in_numpy)


def test_the_c_kernels_refuse_indices_out_of_range_and_wrong_types() -> None:
    variant = variant_named("classic")
    places, counts = kernels.code_words(variant.codes, variant.symbols)
    with pytest.raises(IndexError):
        kernels.feedback_block(places, counts, np.array([0]), np.array([variant.size]), 4)
    with pytest.raises(IndexError):
        kernels.counts_block(places, counts, np.array([-1]), np.array([0]), 4, variant.feedback_count)
    with pytest.raises(TypeError):
        kernels.feedback_block(places.astype(np.int32), counts, np.array([0]), np.array([0]), 4)
    with pytest.raises(ValueError, match="feedbacks"):
        kernels.counts_block(places, counts, np.array([0]), np.array([0]), 4, 3)
