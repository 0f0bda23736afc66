"""A game's review, a position's review and a guess's loss: the records the bot stores and shows.

Every record is a frozen dataclass of plain values, and `to_data()`/`from_data()` turn it into JSON-ready dicts and
back (the bot caches a game's review with the game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.history import Pins, Turn
from engine.review.labels import Label, accuracy, label_for
from engine.review.measure import DEFAULT_BUDGET, Core, Position, Total, Weigher, position_at, split, worst_part
from engine.scoring import Score
from engine.variant import Code, InvalidCode, Variant

BEST_SHOWN = 3  # the best guesses a review names at a position
PAGE_SIZE = 50  # the codes that fit, shown a page at a time


@dataclass(frozen=True)
class GuessCost:
    """A guess weighed at a position: its cost (expected guesses to the win, itself included, when every later guess
    is the best), the most codes any answer to it could leave, and whether the cost is exact or an estimate."""

    guess: Code
    cost: float
    worst: int
    exact: bool

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {"guess": self.guess, "cost": self.cost, "worst": self.worst, "exact": self.exact}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GuessCost:
        """The record to_data() wrote."""
        return cls(str(data["guess"]), float(data["cost"]), int(data["worst"]), bool(data["exact"]))


@dataclass(frozen=True)
class GuessLoss:
    """A guess weighed against the best at its position: its cost, the least cost of any guess there, the loss
    (the difference, in expected guesses), its label, whether both costs are exact, and some of the best guesses."""

    played: GuessCost
    least: float
    loss: float
    label: Label
    exact: bool
    best: tuple[GuessCost, ...]

    @property
    def least_exact(self) -> bool:
        """Whether the least cost is exact (proven), though the played guess's may not be: each best guess carries
        the least's exactness."""
        return self.exact or any(item.exact for item in self.best)

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "played": self.played.to_data(),
            "least": self.least,
            "loss": self.loss,
            "label": self.label.value,
            "exact": self.exact,
            "best": [item.to_data() for item in self.best],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GuessLoss:
        """The record to_data() wrote."""
        return cls(
            GuessCost.from_data(data["played"]),
            float(data["least"]),
            float(data["loss"]),
            Label(data["label"]),
            bool(data["exact"]),
            tuple(GuessCost.from_data(item) for item in data["best"]),
        )


@dataclass(frozen=True)
class GuessReview:
    """One guess of a game, reviewed: its turn (0 for the first guess), the guess and its score, how many codes fit
    before and after it, the pins the player knew, and how it weighs against the best guess there."""

    turn: int
    guess: Code
    answer: Score
    before: int
    after: int
    pins: tuple[tuple[int, int], ...]  # (position, digit) known in place when the guess was made
    weighed: GuessLoss

    @property
    def cost(self) -> float:
        """The guess's cost: expected guesses to the win from its position, itself included."""
        return self.weighed.played.cost

    @property
    def loss(self) -> float:
        """Expected guesses the guess gave away against the best one."""
        return self.weighed.loss

    @property
    def label(self) -> Label:
        """The guess's label, by its loss."""
        return self.weighed.label

    @property
    def exact(self) -> bool:
        """Whether the figures are exact (else estimates, to be shown with ≈)."""
        return self.weighed.exact

    @property
    def worst(self) -> int:
        """The most codes any answer to the guess could have left."""
        return self.weighed.played.worst

    @property
    def among_best(self) -> bool:
        """Whether the guess was one of the best (no loss)."""
        return self.weighed.label is Label.BEST

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "turn": self.turn,
            "guess": self.guess,
            "answer": [self.answer.bulls, self.answer.cows],
            "before": self.before,
            "after": self.after,
            "pins": [list(pin) for pin in self.pins],
            "weighed": self.weighed.to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GuessReview:
        """The record to_data() wrote."""
        bulls, cows = data["answer"]
        return cls(
            int(data["turn"]),
            str(data["guess"]),
            Score(int(bulls), int(cows)),
            int(data["before"]),
            int(data["after"]),
            tuple((int(p), int(s)) for p, s in data["pins"]),
            GuessLoss.from_data(data["weighed"]),
        )


@dataclass(frozen=True)
class TurningPoint:
    """The guess that cost the most: what it could leave at most and what it left, against the best guess there
    ("Guess 3 was the turning point: 5213 would have left at most 4 codes, 4061 left 19")."""

    turn: int
    guess: Code
    loss: float
    worst: int  # the most codes the played guess could have left
    after: int  # the codes it did leave
    best: Code
    best_worst: int  # the most codes the best guess could have left

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "turn": self.turn,
            "guess": self.guess,
            "loss": self.loss,
            "worst": self.worst,
            "after": self.after,
            "best": self.best,
            "best_worst": self.best_worst,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TurningPoint:
        """The record to_data() wrote."""
        return cls(
            int(data["turn"]),
            str(data["guess"]),
            float(data["loss"]),
            int(data["worst"]),
            int(data["after"]),
            str(data["best"]),
            int(data["best_worst"]),
        )


@dataclass(frozen=True)
class GameReview:
    """A game's review: each guess weighed; `start`, the expected guesses the best play needs from the first
    position (exact or not: `start_exact`); the accuracy (`engine.review.labels.accuracy`); the turning point, if any
    guess lost anything; and whether every figure is exact."""

    variant: str  # the variant's stored name
    guesses: tuple[GuessReview, ...]
    start: float
    accuracy: float
    turning_point: TurningPoint | None
    exact: bool

    @property
    def start_exact(self) -> bool:
        """Whether `start` is exact (proven), which it can be though some guess's figures are not (the accuracy is
        exact only when every figure is: `exact`)."""
        return not self.guesses or self.guesses[0].weighed.least_exact

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (JSON-ready)."""
        return {
            "variant": self.variant,
            "guesses": [item.to_data() for item in self.guesses],
            "start": self.start,
            "accuracy": self.accuracy,
            "turning_point": None if self.turning_point is None else self.turning_point.to_data(),
            "exact": self.exact,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GameReview:
        """The record to_data() wrote."""
        point = data["turning_point"]
        return cls(
            str(data["variant"]),
            tuple(GuessReview.from_data(item) for item in data["guesses"]),
            float(data["start"]),
            float(data["accuracy"]),
            None if point is None else TurningPoint.from_data(point),
            bool(data["exact"]),
        )


@dataclass(frozen=True)
class PositionReview:
    """A position: how many codes fit and a page of them, the least cost of any guess there, some of the best
    guesses, and whether the figures are exact."""

    turns: int  # guesses made before it
    count: int
    codes: tuple[Code, ...]  # the codes that fit, in order, page `page` of `pages`
    page: int
    pages: int
    least: float
    exact: bool
    best: tuple[GuessCost, ...]

    def to_data(self) -> dict[str, Any]:
        """The record as plain data."""
        return {
            "turns": self.turns,
            "count": self.count,
            "codes": list(self.codes),
            "page": self.page,
            "pages": self.pages,
            "least": self.least,
            "exact": self.exact,
            "best": [item.to_data() for item in self.best],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PositionReview:
        """The record to_data() wrote."""
        return cls(
            int(data["turns"]),
            int(data["count"]),
            tuple(str(code) for code in data["codes"]),
            int(data["page"]),
            int(data["pages"]),
            float(data["least"]),
            bool(data["exact"]),
            tuple(GuessCost.from_data(item) for item in data["best"]),
        )


def review_game(
    variant: Variant,
    turns: Sequence[Turn],
    known: Sequence[Pins] | None = None,
    budget: int = DEFAULT_BUDGET,
) -> GameReview:
    """The review of a game's guesses: `turns` as played (won or not), `known[i]` the digits the player knew in place
    (hints taken) when guess i was made (None: no hints). NoCodeFits if some answer contradicts the others or
    the pins, InvalidCode for a guess that is not a code of the variant, ValueError for `known` of another length.

    CPU-bound (0.43 s at p95 on classic, a few seconds at most): run it off the event loop."""
    pins = _per_turn(turns, known)
    _check_guesses(variant, turns)
    weigher = Weigher(variant, budget)
    reviews = []
    for index, turn in enumerate(turns):
        weigher.begin()
        position = position_at(variant, turns[:index], pins[index])
        weighed, parts = weigh_guess(weigher, position, variant.index(turn.guess))
        after = parts.get(turn.answer.id(variant.length))
        if after is None:
            raise _contradiction(variant, turns[: index + 1])
        reviews.append(GuessReview(index, turn.guess, turn.answer, position.size, len(after), position.pins, weighed))
    start = reviews[0].weighed.least if reviews else 0.0
    return GameReview(
        variant=variant.name,
        guesses=tuple(reviews),
        start=start,
        accuracy=accuracy(start, (item.loss for item in reviews)),
        turning_point=_turning_point(reviews),
        exact=all(item.exact for item in reviews),
    )


def guess_loss(
    variant: Variant, turns: Sequence[Turn], pins: Pins | None, guess: Code, budget: int = DEFAULT_BUDGET
) -> GuessLoss:
    """How `guess` weighs at the position after `turns` with `pins` known: its cost, the least cost, its loss and
    label, and some of the best guesses. NoCodeFits, InvalidCode as review_game."""
    _check_guesses(variant, turns)
    code = variant.parse(guess)
    weigher = Weigher(variant, budget)
    weighed, _parts = weigh_guess(weigher, position_at(variant, turns, pins), variant.index(code))
    return weighed


def position_review(
    variant: Variant,
    turns: Sequence[Turn],
    pins: Pins | None = None,
    page: int = 0,
    page_size: int = PAGE_SIZE,
    budget: int = DEFAULT_BUDGET,
) -> PositionReview:
    """The position after `turns` with `pins` known: the codes that fit (page `page`, clamped to the pages there
    are), the least cost and some of the best guesses. NoCodeFits, InvalidCode as review_game."""
    _check_guesses(variant, turns)
    weigher = Weigher(variant, budget)
    position = position_at(variant, turns, pins)
    least = weigher.least(position)
    best = best_costs(weigher, position, least)
    size = max(1, page_size)
    pages = -(-position.size // size)
    page = min(max(0, page), pages - 1)
    shown = position.alive[page * size : (page + 1) * size]
    return PositionReview(
        turns=len(turns),
        count=position.size,
        codes=tuple(variant.code(int(i)) for i in shown),
        page=page,
        pages=pages,
        least=least.value / position.size,
        exact=least.exact,
        best=best,
    )


def weigh_guess(weigher: Weigher, position: Position, guess: int) -> tuple[GuessLoss, dict[int, Core]]:
    """The guess weighed at the position, and the parts it splits the codes into (by feedback id)."""
    variant, n = weigher.variant, position.size
    parts = split(variant, position.alive, guess)
    played = weigher.as_best(position, guess) or weigher.guess_total(position, guess, parts)
    least = weigher.least(position)
    if not played.exact and least.exact:
        played = weigher.as_best(position, guess, least) or played
    if played.value < least.value:
        if least.exact:  # an estimate below a proven least: the guess costs at least that
            played = played._replace(value=least.value)
        else:  # an estimate of the least above a guess's total: that guess is the better bound
            least = Total(played.value, played.exact and least.exact, guess)
    best = best_costs(weigher, position, least)
    loss = (played.value - least.value) / n  # from whole totals: exactly 0 when the guess reaches the least
    played_cost = GuessCost(variant.code(guess), played.value / n, worst_part(variant, parts), played.exact)
    weighed = GuessLoss(
        played=played_cost,
        least=least.value / n,
        loss=loss,
        label=label_for(loss),
        exact=played.exact and least.exact,
        best=best,
    )
    return weighed, parts


def best_costs(weigher: Weigher, position: Position, least: Total) -> tuple[GuessCost, ...]:
    """Some of the best guesses at a position (those of least cost when it is exact; else the estimate's pick)."""
    variant, n = weigher.variant, position.size
    out = []
    for guess in weigher.best_guesses(position, least, BEST_SHOWN):
        parts = split(variant, position.alive, guess)
        out.append(GuessCost(variant.code(guess), least.value / n, worst_part(variant, parts), least.exact))
    return tuple(out)


def _turning_point(reviews: Sequence[GuessReview]) -> TurningPoint | None:
    """The guess of the largest loss (the first of equal ones) with the best guess there; None if none lost."""
    losing = [item for item in reviews if not item.among_best and item.weighed.best]
    if not losing:
        return None
    worst = max(losing, key=lambda item: (item.loss, -item.turn))
    best = worst.weighed.best[0]
    return TurningPoint(worst.turn, worst.guess, worst.loss, worst.worst, worst.after, best.guess, best.worst)


def _per_turn(turns: Sequence[Turn], known: Sequence[Pins] | None) -> list[Pins]:
    if known is None:
        return [{} for _ in turns]
    if len(known) != len(turns):
        raise ValueError(f"pins for {len(known)} guesses, but {len(turns)} were made")
    return [dict(item) for item in known]


def _check_guesses(variant: Variant, turns: Sequence[Turn]) -> None:
    """InvalidCode for a guess that is not a code of the variant (as it was stored, with no spaces)."""
    for turn in turns:
        if variant.parse(turn.guess) != turn.guess:
            raise InvalidCode(f"{turn.guess!r} is not written as a code", "not_digit", char=turn.guess)


def _contradiction(variant: Variant, turns: Sequence[Turn]) -> ValueError:
    from engine.review.measure import NoCodeFits

    return NoCodeFits(f"no {variant.name} code fits these answers: {' '.join(f'{t.guess} {t.answer}' for t in turns)}")
