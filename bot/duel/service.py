"""The duel: two players, each with a secret set in a private chat, guessing in turns: in a group, or (from a "duel
me" link) in their two private chats.

Invited → (accepted) → secrets → (both set) → playing → over. The challenger moves first; if they solve,
the other still gets the same number of turns (a draw if they solve too). A player who does not move in
time forfeits; either may resign.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.deps import Deps
from bot.duel.rules import Decided, after_move, begins, may_accept, may_guess, resigned, timed_out
from bot.games.lifecycle import parsed
from bot.games.rules import tried_before
from bot.games.status import Status
from bot.matches.model import Match, MatchKind, Phase, Player
from bot.matches.service import AlreadyOn, Crowded, Ended, ResultsOf, busy, close, close_within, may_stop
from bot.refusal import Refusal
from engine.history import Turn
from engine.scoring import score
from engine.variant import Variant

INVITE_SECONDS = 10 * 60
SECRETS_SECONDS = 15 * 60
DEFAULT_TURN_SECONDS = 5 * 60


@dataclass(frozen=True)
class Invited:
    """A duel offered in a group (to one player, or to anyone), or in private (`rematch`: after a private duel)."""

    match: Match
    rematch: bool = False


@dataclass(frozen=True)
class Accepted:
    """Both players are in; each sets a secret in private next."""

    match: Match


@dataclass(frozen=True)
class SecretPrompt:
    """The private chat is ready for this player's secret."""

    match: Match
    opponent: Player | None


@dataclass(frozen=True)
class SecretSet:
    """A player's secret is stored; `begun` when it was the second and play starts."""

    match: Match
    player: Player
    opponent: Player | None
    begun: bool


@dataclass(frozen=True)
class DuelMove:
    """A guess in the duel: the mover's own count and score; who moves next, or how it ended."""

    match: Match
    mover: Player
    turn: Turn
    next: Player | None
    ended: Ended | None


@dataclass(frozen=True)
class TimedOut:
    """A deadline passed: an invitation nobody took, secrets not set, or a move not made (a forfeit)."""

    ended: Ended
    phase: Phase
    loser: Player | None


async def challenge(
    deps: Deps,
    chat_id: int,
    challenger: tuple[int, str],
    opponent: tuple[int, str] | None,
    variant: Variant,
    turn_seconds: int | None,
    topic: int | None = None,
) -> Invited | AlreadyOn | Crowded:
    """Offer a duel in the group (in its forum topic `topic`, if any), to `opponent` or (None) to anyone."""
    refused = await busy(deps, chat_id, topic)
    if refused is not None:
        return refused
    players = [Player(challenger[0], 1, challenger[1])]
    if opponent is not None:
        players.append(Player(opponent[0], 2, opponent[1]))
    now = deps.clock()
    draft = Match(
        0,
        chat_id,
        MatchKind.DUEL,
        variant,
        challenger[0],
        now,
        phase=Phase.INVITED,
        deadline=now + timedelta(seconds=INVITE_SECONDS),
        turn_seconds=turn_seconds or DEFAULT_TURN_SECONDS,
        invited_id=opponent[0] if opponent else None,
        players=tuple(players),
        topic=topic,
    )
    async with deps.transaction():
        match = await deps.store.matches.create_match(draft)
    deps.timers.arm(match)
    return Invited(match)


async def invite_private(
    deps: Deps, inviter_id: int, invitee: tuple[int, str], again: Match | None = None
) -> Invited | Refusal:
    """The invitee opened the inviter's "duel me" link: the inviter is asked, in their private chat, to accept a duel
    with them (nobody's chat is put into a game they did not choose). It is kept under the invitee's chat (see
    Match.private); if accepted, the inviter moves first, in their own variant. `again`: the private duel the invitee
    asks to play again (its variant and time per move), from its ending's button."""
    if inviter_id == invitee[0]:
        return Refusal("pduel.own")
    known = await deps.store.players.names([inviter_id])
    if inviter_id not in known:  # never talked to the bot: it could not write to them
        return Refusal("pduel.unknown")
    inviter = Player(inviter_id, 1, known[inviter_id])
    # a private chat's id is its user's
    variant = again.variant if again is not None else (await deps.store.settings.of_chat(inviter_id)).variant
    now = deps.clock()
    draft = Match(
        0,
        invitee[0],
        MatchKind.DUEL,
        variant,
        invitee[0],
        now,
        phase=Phase.INVITED,
        deadline=now + timedelta(seconds=INVITE_SECONDS),
        turn_seconds=(again.turn_seconds if again is not None else None) or DEFAULT_TURN_SECONDS,
        invited_id=inviter_id,
        players=(inviter, Player(invitee[0], 2, invitee[1])),
    )
    rematch = again is not None
    async with deps.transaction():
        if await deps.store.matches.in_play(invitee[0]) is not None:
            return Refusal("pduel.busy.rematch" if rematch else "pduel.busy")
        if await deps.store.matches.in_play(inviter_id) is not None:
            return Refusal("pduel.busy.other.rematch" if rematch else "pduel.busy.other", {"name": inviter.name})
        match = await deps.store.matches.create_match(draft)
    deps.timers.arm(match)
    return Invited(match, rematch)


async def rematch_private(deps: Deps, match: Match, user_id: int, name: str) -> Invited | Refusal:
    """A player of a finished private duel asks the other for another, in its variant and time per move: the other is
    asked to accept in their private chat, as when their "duel me" link is opened (and moves first)."""
    other = match.opponent(user_id)
    if match.active or not match.private or match.player(user_id) is None or other is None:
        return Refusal("match.stale")
    return await invite_private(deps, other.user_id, (user_id, name), again=match)


async def accept_private(deps: Deps, match: Match, user_id: int) -> Accepted | Refusal:
    """The link's owner accepts the duel in their private chat: both are asked for their secrets."""
    refused = may_accept(match, user_id)
    if refused is not None:
        return refused
    async with deps.transaction():
        if await deps.store.matches.in_play(user_id) is not None:  # took up another in the meantime
            return Refusal("pduel.busy")
        deadline = deps.clock() + timedelta(seconds=SECRETS_SECONDS)
        if not await deps.store.matches.change(match.id, Phase.INVITED, phase=Phase.SECRETS, deadline=deadline):
            return Refusal("match.stale")
    accepted = await _reloaded(deps, match)
    deps.timers.arm(accepted)
    return Accepted(accepted)


async def call_off_unreachable(deps: Deps, user_id: int) -> tuple[Match, Ended] | None:
    """End the private duel of a player the bot cannot write to, if it has not begun, with no results: the duel as
    it was and its end come back; None if there is none, or it had begun (then the move timer decides)."""
    match = await deps.store.matches.private_duel(user_id, invitations=True)
    if match is None or match.phase not in (Phase.INVITED, Phase.SECRETS):
        return None
    ended = await close(deps, match.id, Status.STOPPED, None, lambda _: {})
    return None if ended is None else (match, ended)


async def accept(deps: Deps, match: Match, user_id: int, name: str) -> Accepted | Refusal:
    """Take up the duel: only the one invited, or anyone but the challenger when nobody was named."""
    refused = may_accept(match, user_id)
    if refused is not None:
        return refused
    if await deps.store.matches.private_duel(user_id) is not None:  # its private messages would be taken for that one's
        return Refusal("duel.in_private")
    async with deps.transaction():
        deadline = deps.clock() + timedelta(seconds=SECRETS_SECONDS)
        if not await deps.store.matches.change(match.id, Phase.INVITED, phase=Phase.SECRETS, deadline=deadline):
            return Refusal("match.stale")  # someone else accepted first
        await deps.store.matches.add_player(match.id, user_id, name)
    return Accepted(await _reloaded(deps, match))


async def decline(deps: Deps, match: Match, user_id: int) -> Ended | Refusal | None:
    """Call the invitation off: the one invited declines, or the challenger withdraws."""
    if match.phase != Phase.INVITED:
        return Refusal("match.stale")
    if user_id not in (match.started_by, match.invited_id):
        return Refusal("duel.not_player")
    return await close(deps, match.id, Status.DECLINED, None, lambda _: {})


async def open_secret(deps: Deps, match_id: int, user_id: int) -> SecretPrompt | Refusal:
    """The private chat opened through the duel's deep link: ask for this player's secret."""
    match = await deps.store.matches.match(match_id)
    player = match.player(user_id) if match is not None else None
    if match is None or player is None or not match.active or match.phase != Phase.SECRETS:
        return Refusal("duel.secret.none")
    if player.secret is not None:
        return Refusal("duel.secret.already")
    return SecretPrompt(match, match.opponent(user_id))


async def set_secret(deps: Deps, match: Match, user_id: int, text: str) -> SecretSet | Refusal:
    """Store the player's secret (typed in private); when both are set, the challenger moves first."""
    code = parsed(match.variant, text)
    if isinstance(code, Refusal):
        return code
    # the private chat's lock does not keep out /stop or the timer (the group's turn): the storage decides
    async with deps.transaction():
        if not await deps.store.matches.set_secret(match.id, user_id, code):
            current = await _reloaded(deps, match)
            waiting = current.active and current.phase == Phase.SECRETS
            return Refusal("duel.secret.already" if waiting else "duel.secret.over")
        current = await _reloaded(deps, match)
        begun = begins(current)
        if begun:
            first = current.seated(1)
            assert first is not None
            assert current.turn_seconds is not None
            deadline = deps.clock() + timedelta(seconds=current.turn_seconds)
            took = await deps.store.matches.change(
                match.id, Phase.SECRETS, phase=Phase.PLAYING, turn_user=first.user_id, deadline=deadline
            )
            if not took:
                return Refusal("duel.secret.over")
    final = await _reloaded(deps, match)
    if begun:
        deps.timers.arm(final)
    player = final.player(user_id)
    assert player is not None
    return SecretSet(final, player, final.opponent(user_id), begun)


async def guess(deps: Deps, match: Match, user_id: int, name: str, text: str) -> DuelMove | Refusal:
    """A player's guess at the other's secret, on their turn; the end when the equal-turns rule decides."""
    refused = may_guess(match, user_id)
    if refused is not None:
        return refused
    opponent = match.opponent(user_id)
    assert opponent is not None
    assert opponent.secret is not None
    code = parsed(match.variant, text)
    if isinstance(code, Refusal):
        return code
    if (again := tried_before(await deps.store.matches.turns(match.id, user_id), code)) is not None:
        return again
    turn = Turn(code, score(opponent.secret, code))
    now = deps.clock()
    async with deps.transaction():
        solved = turn.answer.bulls == match.variant.length
        moved = await deps.store.matches.add_move(match.id, user_id, name, turn, solved, now, turns=True)
        if moved is None:
            return Refusal("match.stale")
        current = await _reloaded(deps, match)
        step = after_move(current)
        ended, nxt = None, None
        if isinstance(step, Decided):
            ended = await close_within(deps, match.id, step.status, step.winner_id, _fixed(step.statuses), now)
        else:
            nxt = step.player
            assert current.turn_seconds is not None
            deadline = now + timedelta(seconds=current.turn_seconds)
            await deps.store.matches.change(match.id, turn_user=nxt.user_id, deadline=deadline)
    final = await _reloaded(deps, match)
    if ended is None:
        deps.timers.arm(final)
    return DuelMove(final, moved, turn, nxt, ended)


def _fixed(statuses: dict[int, Status]) -> ResultsOf:
    return lambda _: statuses


async def resign(deps: Deps, match: Match, user_id: int) -> Ended | Refusal | None:
    """A player gives up: the other wins (before play starts, the duel is simply off)."""
    if match.player(user_id) is None:
        return Refusal("duel.not_player")
    decided = resigned(match, user_id)
    return await close(deps, match.id, decided.status, decided.winner_id, _fixed(decided.statuses))


async def stop(deps: Deps, match: Match, user_id: int, as_chat: bool) -> Ended | Refusal | None:
    """Stop the duel for its challenger or a chat admin; nobody wins."""
    if not await may_stop(deps, match, user_id, as_chat):
        return Refusal("race.stop_refused")
    results = match.phase == Phase.PLAYING
    return await close(
        deps,
        match.id,
        Status.STOPPED,
        None,
        lambda final: {p.user_id: Status.STOPPED for p in final.players} if results else {},
    )


async def time_out(deps: Deps, match: Match) -> TimedOut | None:
    """The deadline passed: the player to move forfeits; an invitation or secret-setting simply lapses."""
    decided, loser = timed_out(match)
    ended = await close(deps, match.id, decided.status, decided.winner_id, _fixed(decided.statuses))
    return TimedOut(ended, match.phase, loser) if ended else None


async def _reloaded(deps: Deps, match: Match) -> Match:
    current = await deps.store.matches.match(match.id)
    assert current is not None
    return current
