"""The group race: the bot picks a secret, everyone in the group guesses, the first to find it wins."""

from __future__ import annotations

from dataclasses import dataclass

from bot.deps import Deps
from bot.games.lifecycle import parsed, random_secret
from bot.games.rules import MAX_GUESSES, tried_before
from bot.games.status import Status
from bot.matches.model import Match, MatchKind, Player
from bot.matches.service import AlreadyOn, Crowded, Ended, ResultsOf, busy, close, close_within, later, may_stop
from bot.refusal import Refusal
from engine.history import Turn
from engine.scoring import score
from engine.variant import Variant


@dataclass(frozen=True)
class RaceStarted:
    """A race is on."""

    match: Match


@dataclass(frozen=True)
class RaceMove:
    """One player's guess and its score, with their own count; `ended` is set when it won the race."""

    match: Match
    player: Player
    turn: Turn
    ended: Ended | None = None


@dataclass(frozen=True)
class TooLate:
    """The race ended before this guess reached it; nothing was stored."""

    match: Match


async def start(
    deps: Deps, chat_id: int, user_id: int, variant: Variant, limit: int | None, topic: int | None = None
) -> RaceStarted | AlreadyOn | Crowded:
    """Start a race in the group (in its forum topic `topic`, if any), with an optional time limit in seconds."""
    refused = await busy(deps, chat_id, topic)
    if refused is not None:
        return refused
    secret = await random_secret(deps, variant)
    now = deps.clock()
    deadline = later(deps, limit)
    draft = Match(
        0,
        chat_id,
        MatchKind.RACE,
        variant,
        user_id,
        now,
        secret=secret,
        deadline=deadline,
        turn_seconds=limit,
        topic=topic,
    )
    async with deps.transaction():
        match = await deps.store.matches.create_match(draft)
    deps.timers.arm(match)
    return RaceStarted(match)


async def guess(deps: Deps, match: Match, user_id: int, name: str, text: str) -> RaceMove | Refusal | TooLate:
    """Score a player's guess, store it with their count, and close the race if it found the secret.

    The race is closed by a conditional update in the same transaction as the move, so of two winning
    guesses only the first to commit wins; the second finds the race over and stores nothing. A player has at
    most MAX_GUESSES guesses, as in a one-player game; the move reads only that player's own.
    """
    code = parsed(match.variant, text)
    if isinstance(code, Refusal):
        return code
    assert match.secret is not None
    turn = Turn(code, score(match.secret, code))
    won = turn.answer.bulls == match.variant.length
    now = deps.clock()
    ended = None
    async with deps.transaction():  # the count read and the move written together: no 101st guess slips in
        mine = await deps.store.matches.turns(match.id, user_id)
        if len(mine) >= MAX_GUESSES:
            return Refusal("race.out_of_guesses", {"n": MAX_GUESSES})
        if (again := tried_before(mine, code)) is not None:
            return again
        player = await deps.store.matches.add_move(match.id, user_id, name, turn, won, now)
        if player is None:
            return TooLate(match)
        if won:
            ended = await close_within(deps, match.id, Status.WON, user_id, _won_by(user_id), now)
            assert ended is not None  # the move above was taken, so the race was still on in this transaction
    return RaceMove(ended.match if ended else match, player, turn, ended)


async def expire(deps: Deps, match: Match) -> Ended | None:
    """Close a race whose time is up (nobody found the secret); None if it had already ended."""
    return await close(deps, match.id, Status.EXPIRED, None, lambda final: dict.fromkeys(_ids(final), Status.LOST))


async def stop(deps: Deps, match: Match, user_id: int, as_chat: bool) -> Ended | Refusal | None:
    """Stop the race for its starter or a chat admin; None if it had already ended."""
    if not await may_stop(deps, match, user_id, as_chat):
        return Refusal("race.stop_refused")
    return await close(deps, match.id, Status.STOPPED, None, lambda final: dict.fromkeys(_ids(final), Status.STOPPED))


def _won_by(winner: int) -> ResultsOf:
    """Results: the winner won; everyone else who guessed lost."""
    return lambda final: {p.user_id: Status.WON if p.user_id == winner else Status.LOST for p in final.players}


def _ids(match: Match) -> list[int]:
    return [p.user_id for p in match.players]
