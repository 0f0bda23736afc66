"""Benchmarking a strategy: play every secret (or a sample), time each decision, summarise. No I/O here."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from engine.history import History, Turn
from engine.play import collector_paused, walk_tree
from engine.strategies import Strategy, history_key
from engine.variant import Code, Variant

TIMING_NOTE = (
    "decision time: each distinct position of the strategy's tree is decided once, from scratch "
    "(no decision cache), and weighted by the games that pass through it; opening-book moves are lookups"
)


@dataclass(frozen=True)
class Played:
    """One secret and every turn the strategy took to find it."""

    secret: Code
    turns: tuple[Turn, ...]

    @property
    def guesses(self) -> int:
        """How many guesses the game took, the final all-bulls one included."""
        return len(self.turns)

    @property
    def sequence(self) -> str:
        """The turns as readable text, e.g. '0123:0B2C 4567:1B1C ... 7381:4B0C'."""
        return history_key(self.turns)


@dataclass(frozen=True)
class Report:
    """The figures of a finished bench run."""

    variant: str
    strategy: str
    secrets: int
    total_guesses: int
    max: int
    histogram: dict[int, int]
    decisions: int
    decision_ms_p50: float
    decision_ms_p95: float
    decision_ms_max: float
    seconds: float
    cpu_seconds: float = 0.0  # this process's CPU time over the same span (what a busy machine leaves out)

    @property
    def average(self) -> float:
        """Guesses per game, the final one included."""
        return self.total_guesses / self.secrets if self.secrets else 0.0

    def as_dict(self) -> dict[str, object]:
        """The report as JSON-ready values (histogram keys are guess counts as strings)."""
        return {
            "variant": self.variant,
            "strategy": self.strategy,
            "secrets": self.secrets,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 4),
            "max": self.max,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "decisions": self.decisions,
            "decision_ms_p50": round(self.decision_ms_p50, 3),
            "decision_ms_p95": round(self.decision_ms_p95, 3),
            "decision_ms_max": round(self.decision_ms_max, 3),
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "timing": TIMING_NOTE,
        }


def sample_secrets(variant: Variant, count: int, seed: int) -> list[Code]:
    """A reproducible sample of `count` secrets (all of them if count >= the variant's size), sorted."""
    if count >= variant.size:
        return [variant.code(i) for i in range(variant.size)]
    return [variant.code(i) for i in sorted(random.Random(seed).sample(range(variant.size), count))]


@dataclass
class Bench:
    """One bench run: iterate `games()` to play (it yields each game as it is solved), then `report()`."""

    variant: Variant
    strategy: Strategy
    secrets: Sequence[Code] | None = None  # None = every secret of the variant
    history: History = ()
    clock: Callable[[], float] = time.perf_counter
    cpu_clock: Callable[[], float] = time.process_time
    _timings: list[tuple[float, int]] = field(default_factory=list, init=False)
    _games: list[Played] = field(default_factory=list, init=False)
    _seconds: float = field(default=0.0, init=False)
    _cpu_seconds: float = field(default=0.0, init=False)

    @property
    def total(self) -> int:
        """How many secrets this run plays (before filtering by the history)."""
        return self.variant.size if self.secrets is None else len(self.secrets)

    def games(self) -> Iterator[Played]:
        """Each game as it is solved (depth-first through the strategy's tree, not in secret order)."""
        among = None
        if self.secrets is not None:
            among = np.array(sorted(self.variant.index(s) for s in self.secrets), dtype=np.intp)
        started, cpu_started = self.clock(), self.cpu_clock()

        def timed(_history: History, _guess: Code, reaching: int, seconds: float) -> None:
            self._timings.append((seconds, reaching))

        # the timed walk runs without the cyclic garbage collector, as timeit times code: its pauses
        # are set off by how many objects the run makes, not by the decisions being timed
        with collector_paused():
            for _index, turns in walk_tree(self.variant, self.strategy, self.history, among, timed, self.clock):
                game = Played(turns[-1].guess, tuple(turns))  # the last guess is the secret: no lookup by index
                self._games.append(game)
                yield game
        self._seconds = self.clock() - started
        self._cpu_seconds = self.cpu_clock() - cpu_started

    def report(self) -> Report:
        """The figures of the games played so far."""
        counts = Counter(game.guesses for game in self._games)
        p50, p95, top = weighted_percentiles(self._timings, (0.50, 0.95, 1.0))
        return Report(
            variant=self.variant.name,
            strategy=str(getattr(self.strategy, "name", type(self.strategy).__name__)),
            secrets=len(self._games),
            total_guesses=sum(game.guesses for game in self._games),
            max=max(counts, default=0),
            histogram=dict(sorted(counts.items())),
            decisions=len(self._timings),
            decision_ms_p50=p50 * 1000,
            decision_ms_p95=p95 * 1000,
            decision_ms_max=top * 1000,
            seconds=self._seconds,
            cpu_seconds=self._cpu_seconds,
        )


def weighted_percentiles(samples: Sequence[tuple[float, int]], qs: Sequence[float]) -> list[float]:
    """The q-quantiles of values given as (value, weight) pairs; 0.0 for no samples."""
    if not samples:
        return [0.0 for _ in qs]
    values = np.array([v for v, _ in samples], dtype=np.float64)
    weights = np.array([w for _, w in samples], dtype=np.float64)
    order = np.argsort(values, kind="stable")
    cumulative = np.cumsum(weights[order]) / weights.sum()
    positions = [min(int(np.searchsorted(cumulative, q - 1e-12)), len(order) - 1) for q in qs]
    return [float(values[order[p]]) for p in positions]
