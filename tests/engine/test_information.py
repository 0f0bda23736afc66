"""Information measures on partitions with known values."""

import numpy as np
import pytest

from engine.information import bits_gained, entropy_bits


def test_even_split_has_log2_parts_bits() -> None:
    assert entropy_bits(np.array([5, 5, 5, 5])) == pytest.approx(2.0)
    assert entropy_bits(np.array([7, 0, 0])) == pytest.approx(0.0)


def test_a_single_part_tells_zero_bits_without_a_sign() -> None:
    # -0.0 would print as "-0.00" wherever a figure is shown
    assert not np.signbit(entropy_bits(np.array([7, 0, 0])))
    assert not np.signbit(entropy_bits(np.array([[0, 3], [1, 1]]))).any()


def test_rows_are_measured_independently() -> None:
    rows = np.array([[1, 1, 0], [3, 0, 0]])
    assert entropy_bits(rows).tolist() == pytest.approx([1.0, 0.0])


def test_bits_gained_from_shrinking() -> None:
    assert bits_gained(5040, 1260) == pytest.approx(2.0)
    assert bits_gained(10, 0) == 0.0
