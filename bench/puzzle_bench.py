"""Puzzles ("Which code is it?"): how fast the engine makes them, how hard they look, and how the ladder's ratings
find their difficulty; and how long a best-next-guess puzzle's answer takes to grade.

    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py speed [--runs 5] [--variants classic,5d10,...]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py grade [--puzzles 12] [--guesses 10]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py population [--puzzles 1000] [--players 500] [--per-puzzle 40]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py next-make [--seeds 100]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py why [--repeats 2000]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py storm [--puzzles 5000] [--length 30]
    PYTHONPATH=. .venv/bin/python bench/puzzle_bench.py next-population [--variants classic,mastermind] [--seeds 1000]

`speed`: for each variant, puzzles made per second (`engine.inverse.puzzle_for_seed`, consecutive seeds), the median
of --runs runs (and by CPU time, steadier on a shared machine), after one puzzle made to build the variant's codes;
with the clues' count and the difficulty estimate's percentiles over every puzzle made, and the load average.

`grade`: best-next-guess puzzles made from seeds 0, 1, ... of classic and Mastermind, and for each, random codes of
the variant and the best one named as answers: the CPU time of each grade (`grade_next_guess`, the work done while an
answer's update holds the write lock), median, 95th percentile and most, with the load average.

`why`: the CPU time of explaining a guess (`engine.partition`): one guess's partition and a comparison of two at the
classic start (5,040 codes) and at a best-next-guess puzzle's position, and 100 guesses' partitions at once at the
start; medians of --repeats calls, in microseconds, with the load average.

`storm`: Puzzle Storm's stock from --puzzles classic puzzles: the share Storm-ready (`engine.inverse.storm_ready`),
each tier's estimates and clues, and the CPU time of cutting the tiers and drawing a run of --length.

`next-make`: the CPU time of making best-next-guess puzzles of classic and Mastermind (seeds 0, 1, ...), and the
part of it spent counting the good guesses (`Weigher.count_below`, which their estimate needs).

`population`: a simulated ladder. Players of known skill θ ~ N(25, 5) (the model's μ scale) attempt classic puzzles
whose hidden true difficulty is 25 + 0.5 × (estimate − 21) (the scale the estimate was first set on) plus noise
N(0, --noise): the estimate is right on average, and wrong by --noise for a typical puzzle. A puzzle starts where
--start puts it: the bot's `puzzle_start` ("rules"), or the engine's `start_mu` ("engine"). A player solves a puzzle
with the chance Φ((θ − d) / (√2 β)) (the library's prediction with no uncertainty; --truth logistic for the logistic
law 1 / (1 + exp(−(θ − d) / (√2 β))), the one Plackett–Luce assumes). Each attempt goes as the bot would make it: a
random player, the puzzles in their `window` (widened while none is left) that they have not seen, the 50 nearest
the window's centre (as a database query would fetch them), `pick`, then `attempted` rates both. Reported as
attempts per puzzle grow: the rank correlation (Spearman) of the puzzles' μ with their true difficulty, the slope of
ratings on the truth, the spread of the puzzles' shown ratings, and the players' solve rate; the same from a flat
start (every puzzle at μ 25, as if no estimate were made) and with the Plackett–Luce model of rated matches for
comparison (--matching random gives each player any puzzle they have not seen instead; --only-estimate skips both).
On the settled ladder, `settled_fit`: the line of its puzzles' μ on their estimate (where a new puzzle should start),
and how far each mapping starts --new-puzzles puzzles of the next seeds from where the ladder rates puzzles of their
true difficulty, and the settled players' numbers shown as 1500 + 20 × (μ − 25) (percentiles, and the share at or
above each of SHOWN_MARKS: where an achievement's mark falls). Then new players join the settled ladder: how fast
their μ reaches where the ladder rates their skill, their shown number (the bot's `player_shown`, and
`even_shown`: both 1500 + 20 × (μ − 25) since the bot took that scale), and the shown ratings and solve rate of their
first FIRST_PUZZLES puzzles. (`--start rules`, the bot's `puzzle_start`, is `start_mu` now too.)

`next-population`: best-next-guess puzzles (--seeds seeds from --from-seed, of each of --variants, none twice) tried
by simulated solvers (`Solver`: the codes that fit and a few random codes, more the more skilled, the textbook guess
now and then, each judged by its true loss plus noise, less the more skilled; --players of skill θ ~ N(25, --spread)
a puzzle). Every code's loss is computed exactly, so whether a guess solves is known. Reported: the rank correlation
(Spearman) of `NextGuessPuzzle.estimate` with the share of players who failed, the same for each of its measures
alone, whether the count of good guesses matches the exact losses, how often the textbook guess solves, and a fit
to recalibrate with: each puzzle's difficulty on the truth scale of `population` (the μ at which the simulated
players' solve rate is the one seen, under the ladder's law), fitted on half the puzzles as a line of the measures,
its rank correlation on the other half and its weights in the estimate's bits (`SEARCH_WEIGHT`, `COUNT_WEIGHT`,
`FITTING_WEIGHT`), with the measures' medians.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt
from openskill.models import PlackettLuce

from bot.puzzles import rating as rules
from bot.records.rating import Skill
from engine.history import candidates
from engine.inverse import puzzle_for_seed
from engine.inverse.difficulty import start_mu
from engine.inverse.storm import STORM_MAX_CLUES, storm_ready, storm_sequence, storm_tiers
from engine.partition import compared, partition, partitions
from engine.review.labels import GOOD_BELOW
from engine.review.measure import Position, Weigher, position_at
from engine.review.puzzle import NextGuessPuzzle, grade_next_guess, next_guess_puzzles
from engine.splits import splitter_for
from engine.variant import Variant, variant_named

SPEED_VARIANTS = [
    "classic", "nozero", "mastermind", "mastermind10",
    "3d10", "3d10z", "3r10", "3r10z", "4r10z",
    "5d10", "5d10z", "5r10", "5r10z", "6d10", "6d10z", "6r10", "6r10z",
]  # fmt: skip
FETCHED = 50  # candidates a database query would return from the window
# The population study's truth: a puzzle's true difficulty is 25 + TRUTH_MU_PER_BIT × (estimate − TRUTH_REFERENCE),
# the scale its estimate was first set on, plus noise; fixed, so that start mappings are compared on one truth.
TRUTH_REFERENCE, TRUTH_MU_PER_BIT = 21.0, 0.5
FIRST_PUZZLES = 10  # a newcomer's first puzzles, whose shown ratings and solve rate are reported
PERCENTILES = [50, 75, 90, 95, 99]  # of the settled players' shown puzzle ratings
SHOWN_MARKS = (1600, 1700, 1800, 1900)  # the settled players' share at or above each (an achievement's mark)


def load() -> float:
    """The 1-minute load average."""
    return round(os.getloadavg()[0], 2)


def per_run(size: int) -> int:
    """How many puzzles a timed run makes for a variant of this many codes (about a second or two of work)."""
    return 200 if size <= 10_000 else 50 if size <= 40_000 else 10 if size <= 200_000 else 3


def speed(variants: Sequence[str], runs: int) -> None:
    """Print a JSON line a variant, then a Markdown table of them."""
    rows = []
    for name in variants:
        variant = variant_named(name)
        puzzle_for_seed(variant, 10**9)  # builds the variant's codes and scorer, as a bot process has them
        count = per_run(variant.size)
        before = load()
        rates, cpu_rates, clues, estimates = [], [], [], []
        for run in range(runs):
            started, cpu = time.perf_counter(), time.process_time()
            made = [puzzle_for_seed(variant, run * count + i) for i in range(count)]
            rates.append(count / (time.perf_counter() - started))
            cpu_rates.append(count / (time.process_time() - cpu))
            clues += [p.difficulty.clues for p in made]
            estimates += [p.difficulty.estimate for p in made]
        row = {
            "variant": variant.name,
            "codes": variant.size,
            "puzzles_per_run": count,
            "runs": runs,
            "puzzles_per_second": round(statistics.median(rates), 1),
            "ms_per_puzzle": round(1000 / statistics.median(rates), 2),
            "puzzles_per_cpu_second": round(statistics.median(cpu_rates), 1),
            "cpu_ms_per_puzzle": round(1000 / statistics.median(cpu_rates), 2),
            "clues_min_median_max": [min(clues), statistics.median(clues), max(clues)],
            "estimate_p5_p50_p95": [round(float(x), 1) for x in np.percentile(estimates, [5, 50, 95])],
            "load_before_after": [before, load()],
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print(
        "\n| variant | codes | puzzles/s | ms each | CPU ms each | clues (min, median, max) | estimate p5 / p50 / p95 |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        c, e = r["clues_min_median_max"], r["estimate_p5_p50_p95"]
        print(
            f"| {r['variant']} | {r['codes']} | {r['puzzles_per_second']} | {r['ms_per_puzzle']} | "
            f"{r['cpu_ms_per_puzzle']} | {c[0]}, {c[1]}, {c[2]} | {e[0]} / {e[1]} / {e[2]} |"
        )
    loads = [x for r in rows for x in r["load_before_after"]]
    print(f"\nload {min(loads)}–{max(loads)}")


# --- the simulated ladder ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rater:
    """How attempts are rated: the rules' own, or another OpenSkill model's for comparison."""

    name: str
    attempted: Callable[[Skill, Skill, bool], tuple[Skill, Skill]]


def openskill_rater(name: str, model: PlackettLuce) -> Rater:
    """An attempt rated by another model, with the rules' conventions (a solve is the player's win)."""

    def attempted(player: Skill, puzzle: Skill, solved: bool) -> tuple[Skill, Skill]:
        teams = [[model.rating(mu=player.mu, sigma=player.sigma)], [model.rating(mu=puzzle.mu, sigma=puzzle.sigma)]]
        after = model.rate(teams, ranks=[1.0, 2.0] if solved else [2.0, 1.0])
        return (
            Skill(after[0][0].mu, after[0][0].sigma, player.games + 1),
            Skill(after[1][0].mu, after[1][0].sigma, puzzle.games + 1),
        )

    return Rater(name, attempted)


OURS = Rater("Thurstone–Mosteller (the rules')", rules.attempted)


@dataclass
class Ladder:
    """Puzzles and players, their true strengths and their ratings as the simulation goes."""

    truth: npt.NDArray[np.float64]  # each puzzle's true difficulty
    puzzles: list[Skill]
    skills: list[float]  # each player's true skill θ
    players: list[Skill] = field(default_factory=list)
    seen: list[set[int]] = field(default_factory=list)
    solved: int = 0
    attempts: int = 0

    def offsets(self) -> npt.NDArray[np.float64]:
        """Each puzzle's μ minus its true difficulty."""
        return np.array([p.mu for p in self.puzzles]) - self.truth

    def errors(self) -> npt.NDArray[np.float64]:
        """Each puzzle's μ minus its true difficulty, less the median of those: the truth is known only up to a
        shift (only θ − d matters), and a rating system may settle anywhere along it."""
        offsets = self.offsets()
        return offsets - np.median(offsets)

    def join(self, skill: float) -> int:
        """A new player of true skill θ; their index."""
        self.skills.append(skill)
        self.players.append(Skill())
        self.seen.append(set())
        return len(self.players) - 1


def chance(theta: float, difficulty: float, truth: str) -> float:
    """The true chance that a player of skill θ solves a puzzle of true difficulty d: Gaussian, Φ((θ − d) / (√2 β)),
    the law Thurstone–Mosteller assumes; or logistic, 1 / (1 + exp(−(θ − d) / (√2 β))), the one Plackett–Luce does."""
    scale = math.sqrt(2) * rules.MODEL.beta
    if truth == "logistic":
        return 1 / (1 + math.exp(-(theta - difficulty) / scale))
    return statistics.NormalDist().cdf((theta - difficulty) / scale)


def attempt(
    ladder: Ladder, who: int, rater: Rater, rng: random.Random, truth: str, matching: str = "near"
) -> tuple[Skill, bool]:
    """One attempt, picked and rated as the bot would: window, the nearest FETCHED unseen, pick, rate (or, matching
    "random", any puzzle the player has not seen); the puzzle's rating when it was picked, and whether it was
    solved."""
    player = ladder.players[who]
    mus = np.array([p.mu for p in ladder.puzzles])
    fresh = np.ones(len(mus), dtype=bool)
    fresh[list(ladder.seen[who])] = False
    if matching == "random":
        unseen = np.flatnonzero(fresh)
        chosen: rules.Candidate | None = rules.Candidate(int(unseen[rng.randrange(len(unseen))]), player)
    else:
        for widen in range(8):
            low, high = rules.window(player, widen)
            inside = np.flatnonzero(fresh & (mus >= low) & (mus <= high))
            if len(inside):
                break
        else:
            inside = np.flatnonzero(fresh)
        centre = (low + high) / 2
        nearest = inside[np.argsort(np.abs(mus[inside] - centre), kind="stable")[:FETCHED]]
        candidates = [rules.Candidate(int(i), ladder.puzzles[i]) for i in nearest]
        chosen = rules.pick(player, candidates, rng, seen=ladder.seen[who])
    assert chosen is not None
    q = chosen.puzzle_id
    before = ladder.puzzles[q]
    solved = rng.random() < chance(ladder.skills[who], float(ladder.truth[q]), truth)
    ladder.players[who], ladder.puzzles[q] = rater.attempted(player, before, solved)
    ladder.seen[who].add(q)
    ladder.solved += solved
    ladder.attempts += 1
    return before, solved


def slope(found: Sequence[float] | npt.NDArray[np.float64], truth: Sequence[float] | npt.NDArray[np.float64]) -> float:
    """The least-squares slope of ratings on the truth: 1 when the ratings keep the truth's scale."""
    return float(np.polyfit(np.asarray(truth), np.asarray(found), 1)[0])


def spearman(a: Sequence[float] | npt.NDArray[np.float64], b: Sequence[float] | npt.NDArray[np.float64]) -> float:
    """Spearman's rank correlation (no ties among floats drawn at random)."""
    ranks_a = np.argsort(np.argsort(np.asarray(a)))
    ranks_b = np.argsort(np.argsort(np.asarray(b)))
    return float(np.corrcoef(ranks_a, ranks_b)[0, 1])


def truth_mu(estimate: float) -> float:
    """A puzzle's true difficulty before noise, on the scale the estimate was first set on (TRUTH_MU_PER_BIT)."""
    return rules.MODEL.mu + TRUTH_MU_PER_BIT * (estimate - TRUTH_REFERENCE)


def start_for(estimate: float, mapping: str) -> float:
    """A new puzzle's starting μ by the bot's rules (`puzzle_start`) or the engine's proposal (`start_mu`)."""
    return rules.puzzle_start(estimate).mu if mapping == "rules" else start_mu(estimate)


def even_shown(mu: float) -> int:
    """A rating shown as 1500 + 20 × (μ − 25): the same number for a player and a puzzle the model gives even odds,
    whatever the player's σ (the proposal for the puzzle ladder's numbers)."""
    return round(1500 + 20 * (mu - rules.MODEL.mu))


def population(args: argparse.Namespace) -> None:
    """Run the simulated ladder for each start and model, printing a JSON line a checkpoint, then the tables."""
    classic = variant_named("classic")
    estimates = np.array([puzzle_for_seed(classic, seed).difficulty.estimate for seed in range(args.puzzles)])
    noise = np.random.default_rng(args.seed).normal(0, args.noise, args.puzzles)
    starts = [Skill(start_for(float(e), args.start), args.start_sigma, 0) for e in estimates]
    truth = np.array([truth_mu(float(e)) for e in estimates]) + noise
    skills = np.random.default_rng(args.seed + 1).normal(25, args.spread, args.players)
    print(json.dumps({"initial_spearman_estimate_vs_truth": round(spearman([s.mu for s in starts], truth), 3)}))
    other = openskill_rater("Plackett–Luce (rated matches')", PlackettLuce())
    flat = Skill(rules.MODEL.mu, args.start_sigma, 0)
    runs = [
        ("estimate", OURS, starts),
        ("flat", OURS, [flat] * args.puzzles),
        ("estimate", other, starts),
    ][: 1 if args.only_estimate else 3]
    checkpoints = [n for n in (1, 2, 5, 10, 20, 40, 80) if n <= args.per_puzzle]
    settled: Ladder | None = None
    for start_name, rater, start in runs:
        rng = random.Random(args.seed)
        ladder = Ladder(truth, list(start), [])
        for theta in skills:
            ladder.join(float(theta))
        for per in checkpoints:
            while ladder.attempts < per * args.puzzles:
                attempt(ladder, rng.randrange(args.players), rater, rng, args.truth, args.matching)
            shown = [rules.puzzle_shown(p) for p in ladder.puzzles]
            print(
                json.dumps(
                    {
                        "start": start_name,
                        "model": rater.name,
                        "attempts_per_puzzle": per,
                        "spearman_puzzles": round(spearman([p.mu for p in ladder.puzzles], truth), 3),
                        "spearman_players": round(spearman([p.mu for p in ladder.players], ladder.skills), 3),
                        "slope_puzzles": round(slope([p.mu for p in ladder.puzzles], truth), 2),
                        "slope_players": round(slope([p.mu for p in ladder.players], ladder.skills), 2),
                        "median_puzzle_mu_minus_truth": round(float(np.median(ladder.offsets())), 2),
                        "median_abs_puzzle_error": round(float(np.median(np.abs(ladder.errors()))), 2),
                        "puzzle_shown_p5_p50_p95": [int(x) for x in np.percentile(shown, [5, 50, 95])],
                        "solve_rate_so_far": round(ladder.solved / ladder.attempts, 3),
                        "load": load(),
                    }
                ),
                flush=True,
            )
        if settled is None:
            settled = ladder
            settled_fit(ladder, estimates, args)
    if settled is not None and args.newcomers > 0:
        newcomers(settled, args)


def settled_fit(ladder: Ladder, estimates: npt.NDArray[np.float64], args: argparse.Namespace) -> None:
    """Where the settled ladder rates puzzles of each estimate (the line of their μ on the estimate: where a new
    puzzle should start), and how far each mapping starts --new-puzzles puzzles (seeds after the ladder's) from where
    the ladder rates puzzles of their true difficulty (the line of its puzzles' μ on the truth): the median distance,
    and the mean (start minus where the ladder would rate it) over the easiest and the hardest fifth by estimate."""
    mus = np.array([p.mu for p in ladder.puzzles])
    per_bit, at_zero = np.polyfit(estimates, mus, 1)
    on_truth = np.polyfit(ladder.truth, mus, 1)
    classic = variant_named("classic")
    fresh = [puzzle_for_seed(classic, args.puzzles + i).difficulty.estimate for i in range(args.new_puzzles)]
    noise = np.random.default_rng(args.seed + 4).normal(0, args.noise, len(fresh))
    target = np.polyval(on_truth, np.array([truth_mu(e) for e in fresh]) + noise)
    mappings: dict[str, Callable[[float], float]] = {
        "rules": lambda e: rules.puzzle_start(e).mu,
        "engine": start_mu,
        "this fit": lambda e: float(at_zero + per_bit * e),
    }
    shown = [even_shown(p.mu) for p in ladder.players]  # where the puzzle rating's achievement mark would fall
    errors, tails = {}, {}
    easiest, hardest = np.percentile(fresh, [20, 80])
    for name, mapping in mappings.items():
        off = np.array([mapping(e) for e in fresh]) - target
        errors[name] = round(float(np.median(np.abs(off))), 2)
        tails[name] = [
            round(float(np.mean(off[np.array(fresh) <= easiest])), 2),
            round(float(np.mean(off[np.array(fresh) >= hardest])), 2),
        ]
    print(
        json.dumps(
            {
                "settled_fit_mu_per_bit": round(float(per_bit), 3),
                "settled_fit_mu_at_reference": round(float(at_zero + per_bit * TRUTH_REFERENCE), 2),
                "settled_mu_on_truth": [round(float(x), 3) for x in on_truth],
                "settled_puzzles_mu_p5_p50_p95": [round(float(x), 2) for x in np.percentile(mus, [5, 50, 95])],
                "settled_players_shown_even_p50_p75_p90_p95_p99": [int(x) for x in np.percentile(shown, PERCENTILES)],
                "settled_players_share_at_or_above": {
                    str(mark): round(float(np.mean(np.array(shown) >= mark)), 3) for mark in SHOWN_MARKS
                },
                "settled_players_median_sigma": round(statistics.median(p.sigma for p in ladder.players), 2),
                "new_puzzles_median_abs_start_error": errors,
                "new_puzzles_mean_start_error_easiest_hardest_fifth": tails,
                "load": load(),
            }
        ),
        flush=True,
    )


def newcomers(ladder: Ladder, args: argparse.Namespace) -> None:
    """New players join the settled ladder and play in turn: after each count of attempts, how far their μ is from
    where the ladder rates a player of their skill (the line through its settled players' μ against θ: a ladder's
    scale is its own, see `slope`), and how their shown number grows."""
    settled = len(ladder.players)
    fitted = np.polyfit(ladder.skills[:settled], [p.mu for p in ladder.players], 1)
    rng = random.Random(args.seed + 2)
    skills = np.random.default_rng(args.seed + 3).normal(25, args.spread, args.newcomers)
    joined = [ladder.join(float(theta)) for theta in skills]
    marks = [n for n in (0, 5, 10, 20, 40, 80) if n <= args.newcomer_attempts]
    first: list[tuple[Skill, bool]] = []  # the puzzles of their first FIRST_PUZZLES attempts, and whether solved
    for played in range(args.newcomer_attempts + 1):
        if played in marks:
            errors = [abs(ladder.players[i].mu - np.polyval(fitted, ladder.skills[i])) for i in joined]
            print(
                json.dumps(
                    {
                        "newcomers": len(joined),
                        "attempts": played,
                        "median_abs_error": round(float(np.median(errors)), 2),
                        "p90_abs_error": round(float(np.percentile(errors, 90)), 2),
                        "median_sigma": round(statistics.median(ladder.players[i].sigma for i in joined), 2),
                        "spearman_mu_theta": round(
                            spearman([ladder.players[i].mu for i in joined], [ladder.skills[i] for i in joined]), 3
                        ),
                        "median_shown": int(statistics.median(rules.player_shown(ladder.players[i]) for i in joined)),
                        "median_shown_even": int(statistics.median(even_shown(ladder.players[i].mu) for i in joined)),
                        "ladder_line": [round(float(x), 2) for x in fitted],
                    }
                ),
                flush=True,
            )
        if played == FIRST_PUZZLES:
            met = [puzzle for puzzle, _ in first]
            print(
                json.dumps(
                    {
                        "newcomers_first_puzzles": FIRST_PUZZLES,
                        "puzzle_shown_p10_p50_p90": [
                            int(x) for x in np.percentile([rules.puzzle_shown(p) for p in met], [10, 50, 90])
                        ],
                        "puzzle_shown_even_p10_p50_p90": [
                            int(x) for x in np.percentile([even_shown(p.mu) for p in met], [10, 50, 90])
                        ],
                        "solve_rate": round(sum(solved for _, solved in first) / len(first), 3),
                    }
                ),
                flush=True,
            )
        if played < args.newcomer_attempts:
            for who in joined:
                met_now = attempt(ladder, who, OURS, rng, args.truth)
                if played < FIRST_PUZZLES:
                    first.append(met_now)


def grade(puzzles: int, guesses: int) -> None:
    """The CPU time of grading answers to best-next-guess puzzles."""
    for name in ("classic", "mastermind"):
        variant = variant_named(name)
        rng = random.Random(1)
        made = [p for seed in range(puzzles) for p in next_guess_puzzles(variant, random.Random(seed), 1)]
        times = []
        for puzzle in made:
            for code in [variant.code(rng.randrange(variant.size)) for _ in range(guesses)] + [puzzle.best[0]]:
                begin = time.process_time()
                grade_next_guess(variant, puzzle, code)
                times.append(1000 * (time.process_time() - begin))
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"{name}: {len(times)} answers to {len(made)} puzzles: median {statistics.median(times):.1f} ms, "
            f"p95 {p95:.1f} ms, most {times[-1]:.1f} ms of CPU (load {load()})"
        )


def next_make(seeds: int) -> None:
    """The CPU time of making best-next-guess puzzles (a seed's games until one puzzle), and the part of it spent
    counting the good guesses (`Weigher.count_below`, timed by wrapping it)."""
    counting = [0.0]
    count_below = Weigher.count_below

    def timed(self: Weigher, position: Position, limit: int) -> int | None:
        begin = time.process_time()
        try:
            return count_below(self, position, limit)
        finally:
            counting[0] += time.process_time() - begin

    Weigher.count_below = timed  # type: ignore[method-assign]
    try:
        for name in ("classic", "mastermind"):
            variant = variant_named(name)
            before, counting[0] = load(), 0.0
            begin = time.process_time()
            made = [p for seed in range(seeds) for p in next_guess_puzzles(variant, random.Random(seed), 1)]
            spent = time.process_time() - begin
            print(
                f"{name}: {len(made)} puzzles from {seeds} seeds, {1000 * spent / len(made):.0f} ms of CPU a puzzle, "
                f"{1000 * counting[0] / len(made):.0f} ms of it counting the good guesses (load {before}–{load()})"
            )
    finally:
        Weigher.count_below = count_below  # type: ignore[method-assign]


def why(repeats: int) -> None:
    """The CPU time of `partition`, `partitions` and `compared`, at the classic start and at a puzzle's position."""
    classic = variant_named("classic")
    puzzle = next_guess_puzzles(classic, random.Random(0), 1)[0]
    places = {"start": candidates(classic, []), "puzzle": candidates(classic, list(puzzle.turns))}
    hundred = [classic.code(i) for i in range(0, classic.size, classic.size // 100)][:100]
    before = load()
    for name, alive in places.items():
        fitting = classic.code(int(alive[0]))
        calls: dict[str, Callable[[], object]] = {
            "partition": functools.partial(partition, classic, alive, fitting),
            "compared": functools.partial(compared, classic, alive, fitting, puzzle.best[0]),
        }
        if name == "start":
            calls["partitions of 100 guesses"] = functools.partial(partitions, classic, alive, hundred)
        for call, run in calls.items():
            run()
            times = []
            for _ in range(repeats):
                begin = time.process_time_ns()
                run()
                times.append((time.process_time_ns() - begin) / 1000)
            print(f"{name} ({len(alive)} codes), {call}: median {statistics.median(times):.0f} µs of CPU")
    print(f"load {before}–{load()}")


# --- best-next-guess puzzles: simulated solvers ----------------------------------------------------------------------


@dataclass(frozen=True)
class Solver:
    """How a simulated player of skill θ looks for a next guess: the codes that fit (the obvious moves) and
    2^((θ − draws_at) / 5) codes drawn at random (fractions by chance), the textbook max-entropy guess too with the
    chance Φ((θ − 30) / 5); each judged by its true loss plus noise of standard deviation noise × 2^(−(θ − 25) / 10),
    and the best-looking played."""

    draws_at: float
    noise: float

    def solves(
        self,
        theta: float,
        losses: npt.NDArray[np.float64],
        fitting: npt.NDArray[np.intp],
        textbook: int,
        rng: np.random.Generator,
    ) -> bool:
        """Whether this player's guess is good (a loss under GOOD_BELOW)."""
        draws = 2 ** ((theta - self.draws_at) / 5)
        drawn = rng.integers(0, len(losses), int(draws) + int(rng.random() < draws - int(draws)))
        looked = [fitting, drawn]
        if rng.random() < statistics.NormalDist().cdf((theta - 30) / 5):
            looked.append(np.array([textbook]))
        seen = np.concatenate(looked)
        judged = losses[seen] + rng.normal(0, self.noise * 2 ** (-(theta - 25) / 10), len(seen))
        return bool(losses[seen[int(np.argmin(judged))]] < GOOD_BELOW)


def exact_losses(variant: Variant, puzzle: NextGuessPuzzle) -> npt.NDArray[np.float64] | None:
    """The loss of every code of the variant at the puzzle's position (each way to split the codes weighed once);
    None if a figure is not exact."""
    weigher = Weigher(variant)
    position = position_at(variant, puzzle.turns)
    n, least = position.size, round(puzzle.least * position.size)
    block = splitter_for(variant).feedback(np.arange(variant.size, dtype=np.intp), position.alive)
    totals: dict[bytes, float] = {}
    out = np.empty(variant.size)
    for guess, row in enumerate(block):
        first: dict[int, int] = {}
        key = bytes(255 if f == variant.solved else first.setdefault(f, len(first)) for f in row.tolist())
        if key not in totals:
            weigher.begin()
            total = weigher.guess_total(position, guess)
            if not total.exact:
                return None
            totals[key] = total.value
        out[guess] = (totals[key] - least) / n
    return out


def next_population(args: argparse.Namespace) -> None:
    """Best-next-guess puzzles tried by simulated solvers: how well the estimate ranks their solve rates, and a fit
    to recalibrate its weights with."""
    solver = Solver(args.draws_at, args.solver_noise)
    scale = math.sqrt(2 * rules.MODEL.beta**2 + args.spread**2)
    for name in args.variants.split(","):
        variant = variant_named(name)
        rng = np.random.default_rng(args.seed)
        puzzles: dict[str, NextGuessPuzzle] = {}
        for seed in range(args.from_seed, args.from_seed + args.seeds):
            for puzzle in next_guess_puzzles(variant, random.Random(seed), 1):
                puzzles.setdefault(puzzle.key, puzzle)
        rows = []
        for puzzle in puzzles.values():
            losses = exact_losses(variant, puzzle)
            if losses is None:
                continue
            fitting = candidates(variant, list(puzzle.turns))
            textbook = variant.index(puzzle.entropy_pick)
            thetas = rng.normal(25, args.spread, args.players)
            rate = float(np.mean([solver.solves(t, losses, fitting, textbook, rng) for t in thetas]))
            good = int(np.count_nonzero(losses < GOOD_BELOW))
            rows.append((puzzle, rate, good, -math.log2(good / variant.size)))
        rate = np.array([r for _, r, _, _ in rows])
        hard = 1 - rate
        features = {
            "search": np.array([s for _, _, _, s in rows]),
            "log2_count": np.log2([p.count for p, _, _, _ in rows]),
            "fitting_loss": np.array([p.fitting_loss for p, _, _, _ in rows]),
        }
        # the μ at which the simulated population's solve rate is the one seen, under the ladder's law
        truth = np.array(
            [rules.MODEL.mu - scale * statistics.NormalDist().inv_cdf(min(max(r, 0.005), 0.995)) for r in rate]
        )
        design = np.column_stack([np.ones(len(rows)), *features.values()])
        train = np.arange(len(rows)) % 2 == 0
        weights = np.linalg.lstsq(design[train], truth[train], rcond=None)[0]
        print(
            json.dumps(
                {
                    "variant": variant.name,
                    "puzzles": len(rows),
                    "made_from_seeds": [args.from_seed, args.from_seed + args.seeds - 1],
                    "good_counted_right": sum(p.good == g for p, _, g, _ in rows),
                    "textbook_solves": round(float(np.mean([p.entropy_loss < GOOD_BELOW for p, _, _, _ in rows])), 3),
                    "solve_rate_p5_p50_p95": [round(float(x), 3) for x in np.percentile(rate, [5, 50, 95])],
                    "estimate_p5_p50_p95": [
                        round(float(x), 1) for x in np.percentile([p.estimate for p, _, _, _ in rows], [5, 50, 95])
                    ],
                    "spearman_estimate_vs_unsolved": round(spearman([p.estimate for p, _, _, _ in rows], hard), 3),
                    "spearman_alone": {k: round(spearman(v, hard), 3) for k, v in features.items()},
                    "spearman_count": round(spearman([p.count for p, _, _, _ in rows], hard), 3),
                    "fit_held_out_spearman": round(spearman((design @ weights)[~train], hard[~train]), 3),
                    "fit_bits_per": {
                        k: round(float(w) / TRUTH_MU_PER_BIT, 2) for k, w in zip(features, weights[1:], strict=True)
                    },
                    "medians": {k: round(float(np.median(v)), 3) for k, v in features.items()},
                    "load": load(),
                }
            ),
            flush=True,
        )


def storm(puzzles: int, length: int, runs: int) -> None:
    """Puzzle Storm's stock from classic puzzles of seeds 0, 1, ...: the share Storm-ready, each tier's estimates and
    clues, and the CPU time of cutting the tiers and drawing a run."""
    classic = variant_named("classic")
    made = [puzzle_for_seed(classic, seed) for seed in range(puzzles)]
    stock = [(p, p.difficulty.estimate) for p in made if storm_ready(p.difficulty)]
    before = load()
    begin = time.process_time()
    tiers = storm_tiers(stock)
    cut = time.process_time() - begin
    rng = random.Random(1)
    times = []
    for _ in range(runs):
        begin = time.process_time()
        run = storm_sequence(tiers, rng, length)
        times.append(time.process_time() - begin)
    share = f"{len(stock) / puzzles:.0%}: at most {STORM_MAX_CLUES} clues"
    print(f"{len(stock)} of {puzzles} classic puzzles Storm-ready ({share})")
    for number, tier in enumerate(tiers):
        estimates = [p.difficulty.estimate for p in tier]
        clues = statistics.median(p.difficulty.clues for p in tier)
        spread = f"{min(estimates):.1f}–{max(estimates):.1f}"
        print(f"tier {number}: {len(tier)} puzzles, estimate {spread}, clues median {clues}")
    print(f"a run of {length}: estimates {' '.join(f'{p.difficulty.estimate:.0f}' for p in run)}")
    print(
        f"tiers cut in {cut * 1000:.1f} ms, a run drawn in {statistics.median(times) * 1e6:.0f} µs of CPU (median of"
        f" {runs}; load {before}–{load()})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fast = commands.add_parser("speed")
    fast.add_argument("--runs", type=int, default=5)
    fast.add_argument("--variants", default=",".join(SPEED_VARIANTS))
    graded = commands.add_parser("grade")
    graded.add_argument("--puzzles", type=int, default=12, help="seeds to make puzzles from, in each variant")
    graded.add_argument("--guesses", type=int, default=10, help="random answers to each puzzle")
    making = commands.add_parser("next-make")
    making.add_argument("--seeds", type=int, default=100)
    explained = commands.add_parser("why")
    explained.add_argument("--repeats", type=int, default=2000)
    stormy = commands.add_parser("storm")
    stormy.add_argument("--puzzles", type=int, default=5000, help="classic puzzles in stock")
    stormy.add_argument("--length", type=int, default=30, help="puzzles a run")
    stormy.add_argument("--runs", type=int, default=200)
    nexts = commands.add_parser("next-population")
    nexts.add_argument("--variants", default="classic,mastermind")
    nexts.add_argument("--seeds", type=int, default=1000, help="seeds to make puzzles from (none kept twice)")
    nexts.add_argument("--from-seed", type=int, default=0, help="the first of them")
    nexts.add_argument("--players", type=int, default=300, help="simulated players a puzzle")
    nexts.add_argument("--spread", type=float, default=5.0, help="the players' true skills' standard deviation")
    nexts.add_argument("--draws-at", type=float, default=15.0, help="the skill at which a player draws one code")
    nexts.add_argument("--solver-noise", type=float, default=0.2, help="how far a player of skill 25 misjudges a loss")
    nexts.add_argument("--seed", type=int, default=1)
    sim = commands.add_parser("population")
    sim.add_argument("--puzzles", type=int, default=1000)
    sim.add_argument("--players", type=int, default=500)
    sim.add_argument("--per-puzzle", type=int, default=40, help="attempts per puzzle, on average, at the end")
    sim.add_argument("--noise", type=float, default=3.0, help="how far the estimate is off, in μ (a standard dev.)")
    sim.add_argument("--spread", type=float, default=5.0, help="the players' true skills' standard deviation")
    sim.add_argument("--start-sigma", type=float, default=rules.START_SIGMA, help="a new puzzle's σ")
    sim.add_argument("--truth", choices=("gaussian", "logistic"), default="gaussian")
    sim.add_argument("--matching", choices=("near", "random"), default="near", help="random: any unseen puzzle")
    sim.add_argument("--newcomers", type=int, default=200)
    sim.add_argument("--newcomer-attempts", type=int, default=80)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--start", choices=("rules", "engine"), default="rules", help="engine: engine.inverse.start_mu")
    sim.add_argument("--only-estimate", action="store_true", help="skip the flat start and Plackett–Luce runs")
    sim.add_argument("--new-puzzles", type=int, default=200, help="puzzles the settled fit's starts are tried on")
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.variants.split(","), args.runs)
    elif args.command == "grade":
        grade(args.puzzles, args.guesses)
    elif args.command == "why":
        why(args.repeats)
    elif args.command == "next-make":
        next_make(args.seeds)
    elif args.command == "storm":
        storm(args.puzzles, args.length, args.runs)
    elif args.command == "next-population":
        next_population(args)
    else:
        population(args)


if __name__ == "__main__":
    main()
