"""What races, duels and versus games share: their options' defaults, finishing, who may stop them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.chats.settings import Settings
from bot.deps import Deps
from bot.events import MatchClosed
from bot.games.status import Status
from bot.matches.model import Match, MatchKind, Placed, Player
from bot.parsing.commands import Options
from engine.variant import Variant

# Matches running at once in one group, across its forum topics (one a topic): a group of many topics is bounded like
# any other (its timers, its rows), and twenty games side by side is more than any group's members follow.
MAX_MATCHES_PER_CHAT = 20


def with_defaults(settings: Settings, options: Options, kind: MatchKind) -> tuple[Variant, int | None]:
    """The variant and time a match is started with: those the command chose, else the chat's variant (its
    `settings`) and its admins' default time for this kind of match."""
    seconds = options.seconds if options.seconds is not None else settings.match_seconds(kind)
    return options.variant or settings.variant, seconds


def later(deps: Deps, seconds: int | None) -> datetime | None:
    """The moment `seconds` from now, or None without a time."""
    return None if seconds is None else deps.clock() + timedelta(seconds=seconds)


@dataclass(frozen=True)
class AlreadyOn:
    """A match is already running in the chat (in a forum: in the topic)."""

    match: Match


@dataclass(frozen=True)
class Crowded:
    """A forum group already runs MAX_MATCHES_PER_CHAT matches, one a topic: no more start until one ends."""

    limit: int


async def busy(deps: Deps, chat_id: int, topic: int | None) -> AlreadyOn | Crowded | None:
    """Why no new match may start in this chat's topic (one runs there, or the chat is full), or None if one may."""
    running = await deps.store.matches.active_match(chat_id, topic)
    if running is not None:
        return AlreadyOn(running)
    if await deps.store.matches.active_in_chat(chat_id) >= MAX_MATCHES_PER_CHAT:
        return Crowded(MAX_MATCHES_PER_CHAT)
    return None


async def due(deps: Deps, match_id: int) -> Match | None:
    """The match whose timer went off, if its deadline has really passed; None if it is over, or moved on since the
    timer was set (then its timer is set again for the new deadline)."""
    match = await deps.store.matches.match(match_id)
    if match is None or not match.active or match.deadline is None:
        return None
    if match.deadline > deps.clock():
        deps.timers.arm(match)
        return None
    return match


async def rearm(deps: Deps) -> int:
    """Arm the timers of every running match (after a restart); how many were armed comes back."""
    running = await deps.store.matches.with_deadlines()
    for match in running:
        deps.timers.arm(match)
    return len(running)


@dataclass(frozen=True)
class Ended:
    """A match that is over, as stored, with its winner (None: nobody or a draw) and, when it was rated, each
    rated player's place and new rating, best first."""

    match: Match
    winner: Player | None
    ratings: tuple[Placed, ...] = ()


ResultsOf = Callable[[Match], dict[int, Status]]  # each player's result, from the match as it ended


async def close(deps: Deps, match_id: int, status: Status, winner_id: int | None, statuses: ResultsOf) -> Ended | None:
    """End a running match, record each player's result (`statuses` of the final match), rate it and award what it
    earned, in one transaction; None if it had ended already."""
    async with deps.transaction():
        ended = await close_within(deps, match_id, status, winner_id, statuses, deps.clock())
    return ended


async def close_within(
    deps: Deps, match_id: int, status: Status, winner_id: int | None, statuses: ResultsOf, now: datetime
) -> Ended | None:
    """As close(), inside a transaction the caller holds."""
    if not await deps.store.matches.close(match_id, status, winner_id, now):
        return None
    final = await deps.store.matches.match(match_id)
    assert final is not None
    await deps.store.matches.record_results(final, statuses(final), now)
    # rated and awarded by whoever listens, in the same transaction as the close: exactly once
    heard = await deps.events.publish(deps, MatchClosed(final, now))
    rated = tuple(item for result in heard if isinstance(result, tuple) for item in result if isinstance(item, Placed))
    deps.timers.disarm(match_id)
    return Ended(final, final.player(winner_id) if winner_id is not None else None, rated)


async def may_stop(deps: Deps, match: Match, user_id: int, as_chat: bool) -> bool:
    """Whether this user may stop the match: who started it, or a chat admin (anonymous admins post as the chat)."""
    if as_chat or user_id == match.started_by:
        return True
    return await deps.admins.is_admin(match.chat_id, user_id)


def ranking(match: Match) -> list[Player]:
    """Players best first: solvers by their own guess count, then the rest by guesses made."""
    return sorted(
        (p for p in match.players if p.guesses),
        key=lambda p: (p.solved_in is None, p.solved_in or 0, p.guesses, p.seat),
    )
