"""The possibilities tab's figures, as the page writes them: a code that is the only one left tells 0 bits, never
"-0.00" (the entropy of one part is -0.0 in floating point, which a page prints with its sign)."""

from __future__ import annotations

import math

from bot.games.possibilities import possibilities
from engine.history import Turn
from engine.scoring import score
from engine.variant import variant_named


def test_the_one_code_left_tells_zero_bits_without_a_sign():
    classic = variant_named("classic")
    secret = "2173"
    turns = [Turn(guess, score(secret, guess)) for guess in ("0123", "4567", "8901", "2345", "1273", "3172")]
    found = possibilities(classic, turns)
    assert found.count == 1
    [(code, bits)] = found.codes
    assert code == secret
    assert bits == 0.0
    assert math.copysign(1.0, bits) == 1.0  # not -0.0
