"""Ratings against people: which matches count, how they rank their players, and the shown number.

The model is OpenSkill's Weng–Lin Plackett–Luce with its default parameters (μ 25, σ 25/3, β 25/6, τ 25/300):
a race of many players ranked by finish and a one-on-one duel are both "teams of one, ranked". Pure: no I/O.

- Family: codes with repeated symbols allowed (mastermind, mastermind10, any 'r' spec) are *colours*, the
  Mastermind way of playing; distinct symbols (classic, nozero, 5d10 ...) are *digits*, Bulls and Cows proper.
  Each family has its own rating, since the two games reward different skills.
- Race: rated when it was won and at least two players guessed. Solvers rank by the race's order
  (bot/matches/service.py `ranking`), everyone else who guessed ties last. A race that expired with nobody
  solving, or was stopped, is not rated.
- Duel: rated when it was played to an end: a win, a draw (the equal-turns rule), or a forfeit (resigned, or
  out of time), which is a loss for the player who forfeited. A draw where neither solved (both made every
  guess allowed) is not rated, like a race nobody solved. A duel stopped by /stop, or that never began
  (invitation declined or lapsed, secrets never set) is not rated. Versus games (against the bot) are not rated.
  A private duel (from a "duel me" link) is rated like any duel, on the global board only: no chat shows it.
- Shown rating: 1500 + 20 × (μ − 3σ), rounded; a new player shows 1500. The conservative estimate μ − 3σ is
  also the ranking key. Until PROVISIONAL_GAMES rated games a player is provisional: "1572?" and listed after
  every established player.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from openskill.models import PlackettLuce

from bot.games.status import Status
from bot.matches.model import Match, MatchKind, Player
from bot.records.rating_model import PROVISIONAL_GAMES, Rating, Z
from engine.variant import InvalidVariant, Variant, variant_named


class Family(StrEnum):
    """A rating's family: Bulls and Cows proper (distinct symbols), or Mastermind's colours (repeats allowed)."""

    DIGITS = "digits"
    COLOURS = "colours"


BASE, SCALE = 1500, 20  # shown = BASE + SCALE × (μ − 3σ)
DUEL_ENDINGS = frozenset({Status.WON, Status.DRAW, Status.RESIGNED, Status.FORFEIT})

MODEL = PlackettLuce()


def family_of(variant: Variant) -> Family:
    """Colours when symbols may repeat (Mastermind-style), else digits (Bulls and Cows)."""
    return Family.COLOURS if variant.repeats else Family.DIGITS


def family_of_name(variant: str) -> Family:
    """The family of a variant by name ('classic', 'mastermind', '5d10'); digits if the name is not a variant."""
    try:
        return family_of(variant_named(variant))
    except InvalidVariant:
        return Family.DIGITS


@dataclass(frozen=True)
class Skill:
    """A player's rating in one family: the model's μ and σ and the rated games behind them."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @classmethod
    def of(cls, stored: Rating | None) -> Skill:
        """The skill in a stored rating; a new player's when there is none."""
        return cls() if stored is None else cls(stored.mu, stored.sigma, stored.games)

    @property
    def conservative(self) -> float:
        """μ − 3σ: a skill the player very likely has at least; the ranking key."""
        return self.mu - Z * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether there are too few rated games yet for the rating to mean much."""
        return self.games < PROVISIONAL_GAMES


def shown(conservative: float) -> int:
    """The friendly number for a conservative estimate: 1500 + 20 × (μ − 3σ), rounded."""
    return round(BASE + SCALE * conservative)


def shown_change(conservative: float, change: float) -> int:
    """How the shown number moved when the conservative estimate moved by `change` to `conservative`."""
    return shown(conservative) - shown(conservative - change)


def placings(match: Match) -> dict[int, int] | None:
    """Each player's place in a finished match (1 best, equal places tie); None if the match is not rated."""
    players = [p for p in match.players if p.user_id != 0]
    if len(players) < 2:
        return None
    if match.kind == MatchKind.RACE and match.status == Status.WON:
        return _race_places(players)
    if match.kind == MatchKind.DUEL and match.status in DUEL_ENDINGS and len(players) == 2:
        if match.status == Status.DRAW:  # by the equal-turns rule; neither solving in every guess allowed is not rated
            return dict.fromkeys((p.user_id for p in players), 1) if any(p.solved for p in players) else None
        if match.winner_id is None or match.player(match.winner_id) is None:
            return None
        return {p.user_id: 1 if p.user_id == match.winner_id else 2 for p in players}
    return None


def _race_places(players: list[Player]) -> dict[int, int]:
    """Solvers by fewest guesses (then seat: who joined first), one place each; the rest tie after them."""
    solvers = sorted((p for p in players if p.solved), key=lambda p: (p.solved_in or 0, p.guesses, p.seat))
    places = {p.user_id: place for place, p in enumerate(solvers, start=1)}
    last = len(solvers) + 1
    return {p.user_id: places.get(p.user_id, last) for p in players}


def rated(before: dict[int, Skill], places: dict[int, int]) -> dict[int, Skill]:
    """Everyone's skill after a match with these places, from their skill before it (OpenSkill's update)."""
    order = sorted(places)  # a fixed order, so a recomputation repeats the very same arithmetic
    teams = [[MODEL.rating(mu=before[u].mu, sigma=before[u].sigma)] for u in order]
    after = MODEL.rate(teams, ranks=[float(places[u]) for u in order])
    return {u: Skill(team[0].mu, team[0].sigma, before[u].games + 1) for u, team in zip(order, after, strict=True)}
