"""The duel's phase transitions and endings, as pure functions of the match as loaded.

invited → (accepted) → secrets → (both set) → playing → over. The challenger moves first; if they solve,
the other still gets the same number of turns. A player who does not move in time forfeits. Each player has at
most MAX_GUESSES guesses, as in a one-player game: when both have made them and neither solved, it is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.rules import MAX_GUESSES
from bot.games.status import Status
from bot.matches.model import Match, Phase, Player, Verdict, to_move, verdict
from bot.refusal import Refusal


@dataclass(frozen=True)
class Decided:
    """How a duel ends: its status, the winner (None: nobody, or a draw) and each player's recorded status."""

    status: Status
    winner_id: int | None = None
    statuses: dict[int, Status] = field(default_factory=dict)


@dataclass(frozen=True)
class NextTurn:
    """The duel goes on: this player moves next."""

    player: Player


def may_accept(match: Match, user_id: int) -> Refusal | None:
    """Why this user may not take up the invitation (None: they may): only the one invited, or anyone but
    the challenger when nobody was named."""
    if match.phase != Phase.INVITED:
        return Refusal("match.stale")
    if user_id == match.started_by:
        return Refusal("duel.own")
    if match.invited_id is not None and user_id != match.invited_id:
        invited = match.player(match.invited_id)
        return Refusal("duel.not_you", {"name": invited.name}) if invited else Refusal("duel.not_player")
    return None


def begins(match: Match) -> bool:
    """Whether play starts: two players, both secrets set (secrets → playing)."""
    return len(match.players) == 2 and all(p.secret is not None for p in match.players)


def may_guess(match: Match, user_id: int) -> Refusal | None:
    """Why this user may not guess now (None: it is their turn)."""
    if match.player(user_id) is None:
        return Refusal("duel.not_player")
    if match.phase != Phase.PLAYING:
        return Refusal("duel.not_started")
    if match.turn_user != user_id:
        waiting = match.player(match.turn_user or 0)
        return Refusal("duel.not_your_turn", {"name": waiting.name} if waiting else {})
    return None


def after_move(match: Match) -> Decided | NextTurn:
    """After a move: the end when the equal-turns rule decides, else whose turn it is."""
    first, second = match.seated(1), match.seated(2)
    assert first is not None
    assert second is not None
    decided = verdict(first, second)
    if decided is None and min(first.guesses, second.guesses) >= MAX_GUESSES:
        decided = Verdict.DRAW  # neither solved: both have made every guess they may
    return NextTurn(to_move(first, second)) if decided is None else ending(first, second, decided)


def ending(first: Player, second: Player, decided: Verdict) -> Decided:
    """The duel's end when the equal-turns rule decided it: a draw, or a winner and a loser."""
    if decided == Verdict.DRAW:
        return Decided(Status.DRAW, None, {first.user_id: Status.DRAW, second.user_id: Status.DRAW})
    winner, loser = (first, second) if decided == Verdict.FIRST else (second, first)
    return Decided(Status.WON, winner.user_id, {winner.user_id: Status.WON, loser.user_id: Status.LOST})


def resigned(match: Match, user_id: int) -> Decided:
    """A player gives up: the other wins (before play starts, the duel is simply off)."""
    if match.phase != Phase.PLAYING:
        return Decided(Status.STOPPED)
    other = match.opponent(user_id)
    assert other is not None
    return Decided(Status.RESIGNED, other.user_id, {user_id: Status.RESIGNED, other.user_id: Status.WALKOVER})


def timed_out(match: Match) -> tuple[Decided, Player | None]:
    """The deadline passed: the player to move forfeits (the loser comes back too); an invitation or
    secret-setting simply lapses."""
    if match.phase != Phase.PLAYING:
        return Decided(Status.EXPIRED), None
    loser = match.player(match.turn_user or 0)
    assert loser is not None
    winner = match.opponent(loser.user_id)
    assert winner is not None
    results = {loser.user_id: Status.FORFEIT, winner.user_id: Status.WALKOVER}
    return Decided(Status.FORFEIT, winner.user_id, results), loser
