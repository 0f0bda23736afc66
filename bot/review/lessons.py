"""What a review tells beyond the engine's figures for each guess, worked out once with them (in the review's
thread) and kept with them: the hints where they were taken and the codes each left; the moment that teaches most,
its guess and the best one there compared like with like (the most codes an answer to each could leave, and how many
on average, as `engine.partition` splits them); and, for a game whose code was not found, where it stopped: the codes
that still fitted, the best next guess there and what the best play needed from there.

Every record is plain data with to_data()/from_data(), kept as JSON with the review (bot/review/service.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.review.figures import printed, shown_label
from engine.history import Pins, Turn, candidates, pinned
from engine.partition import Partition, partitions
from engine.review import GameReview, GuessReview, Label, position_review
from engine.review.labels import GOOD_BELOW
from engine.variant import Code, Indices, Variant

PARTS_KEPT = 8  # the parts of a split kept to name (largest first); a line names fewer


@dataclass(frozen=True)
class HintTaken:
    """A hint as the review shows it: after how many guesses it was taken, the digit it revealed in its place, and
    how many codes fitted just before and just after it."""

    at: int
    position: int
    digit: int
    before: int
    after: int

    def to_data(self) -> list[int]:
        """The record as plain data."""
        return [self.at, self.position, self.digit, self.before, self.after]

    @classmethod
    def from_data(cls, data: Sequence[Any]) -> HintTaken:
        """The record to_data() wrote."""
        at, position, digit, before, after = (int(item) for item in data)
        return cls(at, position, digit, before, after)


@dataclass(frozen=True)
class Split:
    """How a guess splits the codes that fit at a position, in figures a player can check (`engine.partition`): the
    most codes an answer can leave, how many on average, whether every code gets its own score, whether it can win
    now, and the largest parts as (bulls, cows, codes)."""

    guess: Code
    codes: int
    worst: int
    expected: float
    identifies: bool
    can_win: bool
    parts: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, partition: Partition) -> Split:
        """The split a partition reads as (its largest parts kept)."""
        parts = tuple((p.score.bulls, p.score.cows, p.size) for p in partition.parts[:PARTS_KEPT])
        return cls(
            partition.guess,
            partition.codes,
            partition.worst,
            partition.expected,
            partition.identifies,
            partition.can_win,
            parts,
        )

    def alike(self, other: Split) -> bool:
        """Whether the two read the same to a player: the same worst case and average (as printed, one decimal),
        both or neither able to win now, both or neither telling every code apart."""
        return (
            self.worst == other.worst
            and f"{self.expected:.1f}" == f"{other.expected:.1f}"
            and self.can_win == other.can_win
            and self.identifies == other.identifies
        )

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "guess": self.guess,
            "codes": self.codes,
            "worst": self.worst,
            "expected": self.expected,
            "identifies": self.identifies,
            "can_win": self.can_win,
            "parts": [list(part) for part in self.parts],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Split:
        """The record to_data() wrote."""
        return cls(
            str(data["guess"]),
            int(data["codes"]),
            int(data["worst"]),
            float(data["expected"]),
            bool(data["identifies"]),
            bool(data["can_win"]),
            tuple((int(b), int(c), int(n)) for b, c, n in data["parts"]),
        )


@dataclass(frozen=True)
class Moment:
    """The guess the coach speaks of (0-based `turn`): its split and the best guess's there, and whether they differ
    in what a player can see now (else the difference lies in the guesses after it)."""

    turn: int
    played: Split
    best: Split
    teaches: bool

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "turn": self.turn,
            "played": self.played.to_data(),
            "best": self.best.to_data(),
            "teaches": self.teaches,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Moment:
        """The record to_data() wrote."""
        played, best = Split.from_data(data["played"]), Split.from_data(data["best"])
        return cls(int(data["turn"]), played, best, bool(data["teaches"]))


@dataclass(frozen=True)
class End:
    """Where a game whose code was not found stopped: how many codes still fitted, the expected guesses the best play
    needed from there (exact or not), and the best next guess's split."""

    count: int
    least: float
    exact: bool
    best: Split | None

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        best = None if self.best is None else self.best.to_data()
        return {"count": self.count, "least": self.least, "exact": self.exact, "best": best}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> End:
        """The record to_data() wrote."""
        best = data["best"]
        return cls(
            int(data["count"]),
            float(data["least"]),
            bool(data["exact"]),
            None if best is None else Split.from_data(best),
        )


def fitting(variant: Variant, turns: Sequence[Turn], pins: Pins | None) -> Indices:
    """The codes that fit the turns with the pinned digits in their places."""
    return pinned(variant, candidates(variant, list(turns)), dict(pins or {}))


def split_of(variant: Variant, turns: Sequence[Turn], pins: Pins | None, guesses: Sequence[Code]) -> tuple[Split, ...]:
    """How each guess splits the codes that fit the turns and pins."""
    return tuple(Split.of(p) for p in partitions(variant, fitting(variant, turns, pins), guesses))


def hints_taken(
    variant: Variant, turns: Sequence[Turn], taken: Sequence[tuple[int, int, int]]
) -> tuple[HintTaken, ...]:
    """Each hint, as (guesses made before it, position, digit) in the order taken, with the codes that fitted just
    before and just after it."""
    out = []
    pins: dict[int, int] = {}
    for at, position, digit in taken:
        alive = candidates(variant, list(turns[:at]))
        before = len(pinned(variant, alive, pins))
        pins[position] = digit
        out.append(HintTaken(at, position, digit, before, len(pinned(variant, alive, pins))))
    return tuple(out)


def moment(variant: Variant, review: GameReview, turns: Sequence[Turn], known: Sequence[Pins] | None) -> Moment | None:
    """The moment the coach speaks of: the guess that lost most (as printed), unless its split reads the same as the
    best guess's there while another losing guess's does not: then the largest loss among those that show a
    difference. None when every guess was among the best."""
    losing = [
        item for item in review.guesses if shown_label(item.loss, item.label) is not Label.BEST and item.weighed.best
    ]
    if not losing:
        return None
    losing.sort(key=lambda item: (-printed(item.loss), item.turn))
    first: Moment | None = None
    for item in losing:
        if first is not None and printed(item.loss) < GOOD_BELOW:
            break  # a slip too small to be the turning point: the largest loss stays
        found = _moment(variant, item, turns, None if known is None else known[item.turn])
        if found.teaches:
            return found
        first = first or found
    return first


def _moment(variant: Variant, item: GuessReview, turns: Sequence[Turn], pins: Pins | None) -> Moment:
    played, best = split_of(variant, turns[: item.turn], pins, (item.guess, item.weighed.best[0].guess))
    return Moment(item.turn, played, best, not played.alike(best))


def end(variant: Variant, turns: Sequence[Turn], pins: Pins | None) -> End:
    """Where a game stopped without its code found: the codes that fit after its last guess, what the best play
    needed from there, and the best next guess's split."""
    found = position_review(variant, turns, pins, page_size=1)
    best = None
    if found.best:
        best = split_of(variant, turns, pins, (found.best[0].guess,))[0]
    return End(found.count, found.least, found.exact, best)
