"""Variants of the game: code length, alphabet, repeats, leading zero; the names they are stored under and the
presets players pick; parsing users' codes."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

Code = str  # a code as the player writes it, one digit per position: "0123"
CodeArray = npt.NDArray[np.uint8]  # codes as rows of symbols, shape (n, length)
Indices = npt.NDArray[np.intp]  # positions in variant.codes: a set of codes without their symbols

MIN_LENGTH, MAX_LENGTH = 3, 6
MIN_SYMBOLS, MAX_SYMBOLS = 6, 10


class InvalidCode(ValueError):
    """A user's code that does not fit the variant; str() is the reason, for the user."""

    def __init__(self, reason: str, key: str, **params: object) -> None:
        super().__init__(reason)
        self.key = key  # a stable name for the reason, for translated texts
        self.params = params


class InvalidVariant(ValueError):
    """A variant description that is out of range or unknown."""


@dataclass(frozen=True)
class Variant:
    """The rules of one game: how long a code is and which codes are allowed."""

    length: int = 4
    symbols: int = 10
    repeats: bool = False
    leading_zero: bool = True

    def __post_init__(self) -> None:
        if not MIN_LENGTH <= self.length <= MAX_LENGTH:
            raise InvalidVariant(f"length must be {MIN_LENGTH}–{MAX_LENGTH}, not {self.length}")
        if not MIN_SYMBOLS <= self.symbols <= MAX_SYMBOLS:
            raise InvalidVariant(f"symbols must be {MIN_SYMBOLS}–{MAX_SYMBOLS}, not {self.symbols}")
        if not self.repeats and self.symbols < self.length:
            raise InvalidVariant("not enough symbols for distinct digits")

    # --- names -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The name the variant is stored and found under: 'classic' and the three other STORED_NAMES, else its
        spec. It depends on the rules alone, never on PRESETS, so adding a preset renames nothing."""
        return STORED_NAMES.get(self, self.spec)

    @property
    def spec(self) -> str:
        """The rules in short: length, d (distinct) or r (repeats), symbols, z if no leading zero: '5d10', '4r8z'."""
        spec = f"{self.length}{'r' if self.repeats else 'd'}{self.symbols}"
        return spec if self.leading_zero else spec + "z"

    @property
    def description(self) -> str:
        """A one-line plain-English description, e.g. '4 distinct digits 0-9, leading zero allowed'."""
        kind = "symbols" if self.repeats else "distinct symbols"
        if self.symbols == 10:
            kind = kind.replace("symbols", "digits")
        zero = "" if self.leading_zero else ", first not 0"
        return f"{self.length} {kind} 0–{self.symbols - 1}{', repeats allowed' if self.repeats else ''}{zero}"

    # --- the code space ------------------------------------------------------------------

    @property
    def codes(self) -> CodeArray:
        """Every allowed code, in lexicographic order, as an (n, length) uint8 array (built once per
        variant and process, shared by equal variants)."""
        return _all_codes(self)

    @property
    def size(self) -> int:
        """How many codes the variant allows, counted without building them."""
        if self.repeats:
            total = self.symbols**self.length
            return total if self.leading_zero else total - self.symbols ** (self.length - 1)
        total = math.perm(self.symbols, self.length)
        return total if self.leading_zero else total - math.perm(self.symbols - 1, self.length - 1)

    def index(self, code: Code) -> int:
        """The position of a valid code in `codes`."""
        try:
            value = int(code, self.symbols) if len(code) == self.length else -1
        except ValueError:
            value = -1
        position = int(_positions(self)[value]) if value >= 0 else -1
        if position < 0:
            raise KeyError(code)
        return position

    @property
    def codes_built(self) -> bool:
        """Whether `codes` is built already in this process (reading a code is then a lookup)."""
        return self in _built

    def code(self, index: int) -> Code:
        """The code at a position of `codes`, as a string."""
        return "".join(map(str, self.codes[index].tolist()))

    # --- feedback space ------------------------------------------------------------------

    @property
    def feedback_count(self) -> int:
        """The number of feedback ids (bulls, cows pairs encoded as bulls*(length+1)+cows)."""
        return (self.length + 1) ** 2

    @property
    def solved(self) -> int:
        """The feedback id meaning all bulls."""
        return self.length * (self.length + 1)

    # --- parsing ---------------------------------------------------------------------------

    def parse(self, text: str) -> Code:
        """The code a user typed ("0123", "0 1 2 3", "1-2-3-4"), or InvalidCode with the reason."""
        cleaned = re.sub(r"[\s,.\-_/|]+", "", text.strip())
        if not cleaned:
            raise InvalidCode("Send a code made of digits.", "empty")
        bad = [ch for ch in cleaned if not ch.isdigit() or not ch.isascii()]
        if bad:
            raise InvalidCode(f"“{bad[0]}” is not a digit.", "not_digit", char=bad[0])
        if len(cleaned) != self.length:
            raise InvalidCode(
                f"A code has {self.length} digits; that one has {len(cleaned)}.",
                "wrong_length",
                expected=self.length,
                got=len(cleaned),
            )
        high = [ch for ch in cleaned if int(ch) >= self.symbols]
        if high:
            raise InvalidCode(
                f"Digits go from 0 to {self.symbols - 1}; {high[0]} is out of range.",
                "out_of_range",
                digit=high[0],
                top=self.symbols - 1,
            )
        if not self.repeats:
            repeated = next((ch for ch in cleaned if cleaned.count(ch) > 1), None)
            if repeated is not None:
                raise InvalidCode(f"The digits must all differ; {repeated} appears twice.", "repeated", digit=repeated)
        if not self.leading_zero and cleaned[0] == "0":
            raise InvalidCode("A code may not start with 0 in this variant.", "leading_zero")
        return cleaned

    def is_valid(self, text: str) -> bool:
        """Whether `text` parses as a code of this variant."""
        try:
            self.parse(text)
        except InvalidCode:
            return False
        return True


def _all_codes(variant: Variant) -> CodeArray:
    built = _built.get(variant)
    if built is not None:
        return built
    array = _counted(variant.symbols, variant.length)
    if not variant.repeats:  # the rows with no symbol twice, in the same order: permutations' own
        ordered = np.sort(array, axis=1)
        array = array[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)]
    if not variant.leading_zero:
        array = array[array[:, 0] != 0]
    array.setflags(write=False)
    while len(_built) >= KEPT_CODES:  # the oldest built goes first
        _built.pop(next(iter(_built)))
    _built[variant] = array
    return array


def _counted(symbols: int, length: int) -> CodeArray:
    """Every row of `length` symbols, in counting order (numpy's loops: no Python loop over a million codes, and the
    GIL free for the event loop meanwhile). Example: _counted(2, 2) is [[0, 0], [0, 1], [1, 0], [1, 1]]."""
    numbers = np.arange(symbols**length, dtype=np.int64)[:, None]
    weights = symbols ** np.arange(length - 1, -1, -1, dtype=np.int64)
    return ((numbers // weights) % symbols).astype(np.uint8)


KEPT_CODES = 32  # variants whose codes are kept built
_built: dict[Variant, CodeArray] = {}  # in the order they were built


@lru_cache(maxsize=8)
def _positions(variant: Variant) -> npt.NDArray[np.int32]:
    """For every number written in base `symbols` with `length` digits, its position in `codes`
    (-1 when it is not a valid code): index() is one array lookup."""
    codes = variant.codes
    values = codes.astype(np.int64) @ (variant.symbols ** np.arange(variant.length - 1, -1, -1, dtype=np.int64))
    positions = np.full(variant.symbols**variant.length, -1, dtype=np.int32)
    positions[values] = np.arange(len(codes), dtype=np.int32)
    positions.setflags(write=False)
    return positions


# The name a variant is stored and found under (`Variant.name`): in the database (games, matches, settings, results,
# leaderboards, ratings), in buttons' data, in the daily secret's digest and the engine's seeds, and in the names of
# the trees and books shipped in engine/data. These four keep the words they were first stored as; every other
# variant is its spec. Frozen: an entry added or changed here renames that variant's stored history and hides its
# shipped files. A new named game goes in PRESETS instead.
STORED_NAMES: Mapping[Variant, str] = MappingProxyType(
    {
        Variant(4, 10, repeats=False, leading_zero=True): "classic",
        Variant(4, 10, repeats=False, leading_zero=False): "nozero",
        Variant(4, 6, repeats=True, leading_zero=True): "mastermind",
        Variant(4, 10, repeats=True, leading_zero=True): "mastermind10",
    }
)
_STORED: Mapping[str, Variant] = MappingProxyType({name: variant for variant, name in STORED_NAMES.items()})

# The named games a player picks (the settings panel's buttons, /play mastermind): a preset's name is what they tap or
# type, never what is stored. A preset whose rules another name already stores under (a spec, or one of
# STORED_NAMES) leaves that name, its history and its shipped files as they are.
PRESETS: dict[str, Variant] = {
    "classic": Variant(4, 10, repeats=False, leading_zero=True),
    "nozero": Variant(4, 10, repeats=False, leading_zero=False),
    "mastermind": Variant(4, 6, repeats=True, leading_zero=True),
    "mastermind10": Variant(4, 10, repeats=True, leading_zero=True),
}

_SPEC = re.compile(r"^(?P<length>\d)(?:(?P<kind>[dr])(?P<symbols>\d{1,2}))?(?P<nozero>z)?$")


def variant_named(name: str) -> Variant:
    """The variant for a stored name or a preset's ('classic'), a bare length ('5' = 5 distinct of 10),
    or a compact spec ('5d10', '4r6', '4d10z' where z = no leading zero)."""
    key = name.strip().lower()
    if key in _STORED:  # first: a stored name always reads back as the variant that was stored
        return _STORED[key]
    if key in PRESETS:
        return PRESETS[key]
    match = _SPEC.match(key)
    if not match:
        raise InvalidVariant(f"unknown variant {name!r}; try one of {', '.join(PRESETS)} or e.g. 5d10")
    return Variant(
        length=int(match["length"]),
        symbols=int(match["symbols"] or 10),
        repeats=match["kind"] == "r",
        leading_zero=not match["nozero"],
    )
