"""Puzzle ratings: each attempt at a puzzle is a game between the player and the puzzle, which the player wins by
solving it, and both are rated on it, as Lichess rates its puzzles. Pure: no I/O.

- The model is OpenSkill's Weng–Lin Thurstone–Mosteller (full pairing, default parameters: μ 25, σ 25/3, β 25/6,
  τ 25/300), not the Plackett–Luce of rated matches: its updates fit the ratings to the Gaussian law Φ((μ₁ − μ₂) / c)
  by which the library predicts a game (`predict_win`, the same for every model), so the solve chance `pick` aims at
  is the one the ratings are fitted to. Plackett–Luce, between two sides, fits them to the logistic law of the same
  c, a flatter one: its ratings spread until that law matches the results, and the library's prediction then
  overstates a favourite's chance (in bench/puzzle_bench.py's simulation, 0.549 solved for a 0.6 target, against
  0.578; both rank the puzzles alike). A player's puzzle rating is a rating of its own (a `Skill`), apart from
  their match ratings.
- A new puzzle starts where its difficulty estimate puts it among puzzles people have rated,
  `engine.inverse.start_mu(estimate)` (both kinds: a best-next-guess puzzle's estimate is on the same scale), with a σ
  half a new player's: near the right place before anyone has tried it, yet quick to move once people do.
- Shown numbers: 1500 + 20 × (μ − 25) for a player and a puzzle alike, so that a player and a puzzle showing the same
  number are an even match whatever the player's σ (docs/developers/engine.md, "Where a new puzzle should start").
  A player's number is provisional, shown with "?", while their σ is above ESTABLISHED_BELOW (about a dozen rated
  puzzles): an award for a rating needs an established one.
- Picking: of the puzzles the bot fetched near the player (`window`), the ones whose solve chance is nearest
  TARGET_CHANCE, one of them at random (`pick`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

from openskill.models import ThurstoneMostellerFull, ThurstoneMostellerFullRating

from bot import records
from engine.inverse import start_mu

MODEL = ThurstoneMostellerFull()

START_SIGMA = MODEL.sigma / 2  # a new puzzle's σ: half a new player's
BASE, SCALE = 1500, 20  # a shown number: BASE + SCALE × (μ − MODEL.mu)
# A player's puzzle rating is provisional ("?") while its σ is above this: about a dozen rated puzzles (14 against
# new puzzles, 9 against settled ones, whatever the results: tests/puzzles/test_puzzle_rating.py counts them with the
# library). A newcomer's σ is 8.33; three answers leave it above 5.
ESTABLISHED_BELOW = 3.5

# The σ a player's rating settles at after many attempts (the model's τ adds to σ before each game what the game
# takes off): the fixed point of games against an even, settled opponent (a test finds it with the library).
SETTLED_SIGMA = 1.20

TARGET_CHANCE = 0.6  # a run of puzzles the player solves a little more often than not
WINDOW_CHANCES = (0.35, 0.85)  # the solve chances `window` spans, before widening
NEAREST = 5  # `pick` draws from this many candidates nearest the target


class Rerated(NamedTuple):
    """The player's and the puzzle's ratings after an attempt."""

    player: records.Skill
    puzzle: records.Skill


@dataclass(frozen=True)
class Candidate:
    """A puzzle the bot could show next: its id and its rating."""

    puzzle_id: int
    skill: records.Skill


def puzzle_start(estimate: float) -> records.Skill:
    """A new puzzle's rating, from its difficulty estimate (bits: engine.inverse.Difficulty.estimate, or
    NextGuessPuzzle.estimate)."""
    return records.Skill(start_mu(estimate), START_SIGMA, 0)


def solve_chance(player: records.Skill, puzzle: records.Skill) -> float:
    """The model's chance that the player solves the puzzle."""
    return float(MODEL.predict_win([[_rating(player)], [_rating(puzzle)]])[0])


def attempted(player: records.Skill, puzzle: records.Skill, solved: bool) -> Rerated:
    """Both ratings after the player's attempt at the puzzle: solved, the player won; else the puzzle did."""
    ranks = [1.0, 2.0] if solved else [2.0, 1.0]
    after = MODEL.rate([[_rating(player)], [_rating(puzzle)]], ranks=ranks)
    return Rerated(
        records.Skill(after[0][0].mu, after[0][0].sigma, player.games + 1),
        records.Skill(after[1][0].mu, after[1][0].sigma, puzzle.games + 1),
    )


def shown(skill: records.Skill) -> int:
    """A rating as shown, a player's or a puzzle's: 1500 + 20 × (μ − 25), rounded."""
    return round(BASE + SCALE * (skill.mu - MODEL.mu))


def player_shown(player: records.Skill) -> int:
    """A player's puzzle rating as shown (`shown`)."""
    return shown(player)


def puzzle_shown(puzzle: records.Skill) -> int:
    """A puzzle's rating as shown (`shown`): the number of a player the model gives even odds on it."""
    return shown(puzzle)


def established(player: records.Skill) -> bool:
    """Whether a player's puzzle rating has settled enough to mean something (its σ at most ESTABLISHED_BELOW):
    before, it is shown with "?" and earns no award."""
    return player.sigma <= ESTABLISHED_BELOW


def window(player: records.Skill, widen: int = 0) -> tuple[float, float]:
    """The puzzle μ range to fetch candidates from: where the player's solve chance is within WINDOW_CHANCES for a
    puzzle of START_SIGMA, each widening doubling its reach either side of TARGET_CHANCE's μ."""
    spread = (2 * MODEL.beta**2 + player.sigma**2 + START_SIGMA**2) ** 0.5
    normal = NormalDist()
    centre = player.mu - spread * normal.inv_cdf(TARGET_CHANCE)
    low, high = (player.mu - spread * normal.inv_cdf(chance) for chance in reversed(WINDOW_CHANCES))
    factor = 2**widen
    return centre - (centre - low) * factor, centre + (high - centre) * factor


def pick(
    player: records.Skill,
    candidates: Sequence[Candidate],
    rng: random.Random,
    *,
    seen: Collection[int] = (),
    target: float = TARGET_CHANCE,
) -> Candidate | None:
    """A puzzle for the player, none of `seen`: one of the NEAREST candidates whose solve chance is nearest `target`,
    drawn with `rng`; None when no candidate is left."""
    fresh = [c for c in candidates if c.puzzle_id not in seen]
    fresh.sort(key=lambda c: (abs(solve_chance(player, c.skill) - target), c.puzzle_id))
    nearest = fresh[:NEAREST]
    return nearest[rng.randrange(len(nearest))] if nearest else None


def _rating(skill: records.Skill) -> ThurstoneMostellerFullRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)
