"""Puzzle Racer: /storm in a group. Everyone who joins gets the same Storm run, in private, all starting at once; one
standings message in the group is edited in place (the outbox keeps only the newest unsent edit of it, and the sender
gives a group one message every 3 seconds: Telegram's 20 a minute), and names the winner at the end.

- **The lobby** takes players for LOBBY_SECONDS, or until its starter (or a group admin) starts it. Only people join:
  a press of ✋ Join comes from a user, and a channel or an anonymous admin (a message posted as a chat) is never
  seated. A player waiting in one lobby, or playing a run, joins no other.
- **The start** draws the puzzles (none of the players has seen them: nobody sees one before the start) and opens
  every player's run with the same clock; each is sent their first puzzle in private.
- **The end**: when every run is over (on its own clock, or stopped), or at the latest when the longest run could
  last has passed. The winner solved the most (then fewer wrong, then sooner). Unrated, and off the Storm boards.

Timers: the bot's one scheduler looks every second for a lobby to close, a run whose clock ran out, or a Racer whose
runs are all over (bot/storm/timer.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.deps import Deps
from bot.refusal import Refusal
from bot.storm import rules
from bot.storm import service as storm
from bot.storm.rules import LOBBY_SECONDS, MAX_RACERS, MOST_SECONDS, VARIANT
from bot.storm.store import Entrant, Racer, RacerPhase, Run

MAX_PER_CHAT = 20  # Racers on at once in one group, across its forum topics
SLACK = timedelta(seconds=5)  # past the longest run, before a Racer is called over whatever its runs say


@dataclass(frozen=True)
class Standings:
    """A Racer as its standings show it: the Racer, its players, and each one's run once it has started."""

    racer: Racer
    players: tuple[Entrant, ...]
    runs: tuple[Run, ...] = ()

    @property
    def ranked(self) -> list[rules.RunResult]:
        """The players best first: by their runs once started (a player without a run last), else as they joined."""
        if not self.runs:
            return [rules.RunResult(p.user_id, p.name, 0, 0, 0.0) for p in self.players]
        return sorted((run.result for run in self.runs), key=rules.rank_key)

    def run_of(self, user_id: int) -> Run | None:
        """A player's run in this Racer."""
        return next((run for run in self.runs if run.user_id == user_id), None)


@dataclass(frozen=True)
class RacerOn:
    """A Racer is on in this chat's topic already."""

    standings: Standings


@dataclass(frozen=True)
class RacersFull:
    """The group runs MAX_PER_CHAT Racers already, one a topic."""

    limit: int


@dataclass(frozen=True)
class Joined:
    """A player was seated in a Racer's lobby."""

    standings: Standings
    user_id: int


@dataclass(frozen=True)
class Started:
    """A Racer's runs began: its standings, and each player's run with its first puzzle (in private)."""

    standings: Standings
    shown: tuple[storm.RunShown, ...]


async def standings(deps: Deps, racer: Racer) -> Standings:
    """A Racer's standings as stored now."""
    repo = storm.repository(deps)
    runs = tuple(await repo.racer_runs(racer.id)) if racer.phase != RacerPhase.LOBBY else ()
    return Standings(racer, tuple(await repo.players(racer.id)), runs)


async def open_lobby(
    deps: Deps, chat_id: int, topic: int | None, user_id: int, name: str, person: bool, bot_username: str | None
) -> Standings | RacerOn | RacersFull:
    """/storm in a group: a Racer's lobby, its starter seated when a person and free to play."""
    repo = storm.repository(deps)
    here = await repo.racer_here(chat_id, topic)
    if here is not None:
        return RacerOn(await standings(deps, here))
    if await repo.live_in_chat(chat_id) >= MAX_PER_CHAT:
        return RacersFull(MAX_PER_CHAT)
    now = deps.clock()
    racer = await repo.open_racer(
        chat_id, topic, user_id, bot_username, VARIANT, now, now + timedelta(seconds=LOBBY_SECONDS)
    )
    if racer is None:  # another update opened one first
        here = await repo.racer_here(chat_id, topic)
        assert here is not None
        return RacerOn(await standings(deps, here))
    if person and await _free(deps, user_id) is None:
        await repo.join(racer.id, user_id, name, now, MAX_RACERS)
    return await standings(deps, racer)


async def _free(deps: Deps, user_id: int) -> Refusal | None:
    """Why a player may not join a Racer (an open run, another Racer not over), or None if they may."""
    repo = storm.repository(deps)
    run = await repo.open_run(user_id)
    if run is not None and rules.counts(run.ends_at, deps.clock()):
        return Refusal("storm.racer.busy_run")
    if await repo.racer_of(user_id) is not None:
        return Refusal("storm.racer.busy_racer")
    return None


async def join(deps: Deps, racer_id: int, chat_id: int, user_id: int, name: str, person: bool) -> Joined | Refusal:
    """A press of ✋ Join in the group: the player seated in the lobby (a person only, free to play, the lobby not
    full nor closed)."""
    repo = storm.repository(deps)
    racer = await repo.racer(racer_id)
    if racer is None or racer.chat_id != chat_id:
        return Refusal("storm.racer.gone")
    if not person:
        return Refusal("storm.racer.people")
    players = await repo.players(racer_id)
    if any(p.user_id == user_id for p in players):
        return Refusal("storm.racer.already")
    if racer.phase != RacerPhase.LOBBY:
        return Refusal("storm.racer.started")
    if len(players) >= MAX_RACERS:
        return Refusal("storm.racer.full", {"n": MAX_RACERS})
    refused = await _free(deps, user_id)
    if refused is not None:
        return refused
    if not await repo.join(racer_id, user_id, name, deps.clock(), MAX_RACERS):
        return Refusal("storm.racer.started")
    return Joined(await standings(deps, racer), user_id)


async def may_start(deps: Deps, racer: Racer, user_id: int) -> bool:
    """Whether this user may start the Racer before its lobby closes: who opened it, or a group admin."""
    return user_id == racer.started_by or await deps.admins.is_admin(racer.chat_id, user_id)


async def start_now(deps: Deps, racer_id: int, chat_id: int, user_id: int) -> Started | Standings | Refusal:
    """▶ Start pressed in the group: the runs begin now (only the starter or an admin may); the standings of a Racer
    that nobody joined, which is over."""
    repo = storm.repository(deps)
    racer = await repo.racer(racer_id)
    if racer is None or racer.chat_id != chat_id:
        return Refusal("storm.racer.gone")
    if racer.phase != RacerPhase.LOBBY:
        return Refusal("storm.racer.started")
    if not await may_start(deps, racer, user_id):
        return Refusal("storm.racer.not_yours")
    return await begin(deps, racer)


async def begin(deps: Deps, racer: Racer) -> Started | Standings | Refusal:
    """Close a Racer's lobby and open every player's run, with the same puzzles and the same clock; a Racer nobody
    joined (or with no puzzle ready) is over, its standings returned."""
    repo = storm.repository(deps)
    now = deps.clock()
    players = await repo.players(racer.id)
    sequence = await storm.draw(deps, [p.user_id for p in players], now) if players else []
    if not sequence:
        await repo.finish_racer(racer.id, None, now)
        over = await repo.racer(racer.id)
        assert over is not None
        return await standings(deps, over) if players else Standings(over, ())
    if not await repo.run_racer(racer.id, sequence, now, now + timedelta(seconds=MOST_SECONDS) + SLACK):
        return Refusal("storm.racer.started")
    shown = []
    for player in players:
        run = await storm.begin_run(deps, player.user_id, player.name, sequence, now, racer.id)
        if run is None:  # a run of theirs opened since they joined: they are out of this one
            await repo.leave(racer.id, player.user_id)
            continue
        shown.append(storm.RunShown(run, await storm.puzzle_at(deps, run), now))
    running = await repo.racer(racer.id)
    assert running is not None
    if not shown:
        await repo.finish_racer(racer.id, None, now)
        running = await repo.racer(racer.id)
        assert running is not None
    return Started(await standings(deps, running), tuple(shown))


async def settle(deps: Deps, racer_id: int) -> Standings | None:
    """A Racer after one of its runs moved: over, its winner named, once every run is over (or its time is past);
    its standings, or None if it is gone."""
    repo = storm.repository(deps)
    racer = await repo.racer(racer_id)
    if racer is None:
        return None
    found = await standings(deps, racer)
    if racer.phase != RacerPhase.RUNNING:
        return found
    now = deps.clock()
    past = racer.ends_at is not None and now >= racer.ends_at
    if not past and any(not run.over for run in found.runs):
        return found
    for run in found.runs:
        if not run.over:
            await storm.close_run(deps, run, min(now, run.ends_at))
    found = await standings(deps, racer)
    best = rules.winner(found.ranked)
    await repo.finish_racer(racer.id, best.user_id if best else None, now)
    over = await repo.racer(racer.id)
    assert over is not None
    return await standings(deps, over)


@dataclass(frozen=True)
class Elapsed:
    """What the clock settled: runs whose time ran out (each as its player sees it), Racers that started, and
    Racers whose standings changed (a run over, the Racer over)."""

    closed: tuple[storm.RunShown, ...] = ()
    started: tuple[Started | Standings, ...] = ()
    moved: tuple[Standings, ...] = ()


async def run_clock(deps: Deps) -> Elapsed:
    """Everything the clock has made due by now: lobbies closed (their runs begun), runs whose time ran out closed,
    and the Racers those runs belong to settled (over, when every run is)."""
    repo = storm.repository(deps)
    now = deps.clock()
    started: list[Started | Standings] = []
    for racer in await repo.due_lobbies(now):
        begun = await begin(deps, racer)
        if not isinstance(begun, Refusal):
            started.append(begun)
    closed, racers = [], set()
    for run in await repo.due_runs(now):
        shut, ending = await storm.close_run(deps, run, run.ends_at)
        closed.append(storm.RunShown(shut, None, now, ending=ending))
        if shut.racer_id is not None:
            racers.add(shut.racer_id)
    racers.update(r.id for r in await repo.settled_racers(now))
    moved = [found for racer_id in sorted(racers) if (found := await settle(deps, racer_id)) is not None]
    return Elapsed(tuple(closed), tuple(started), tuple(moved))


async def unreachable(deps: Deps, user_id: int) -> Standings | None:
    """Telegram refused a message to a player's private chat (they never opened it, or blocked the bot): they leave
    the lobby they wait in, or their run in a Racer under way is over; the Racer's standings, or None if they are
    in none."""
    repo = storm.repository(deps)
    racer = await repo.racer_of(user_id)
    if racer is None:
        return None
    if racer.phase == RacerPhase.LOBBY:
        await repo.leave(racer.id, user_id)
        return await standings(deps, racer)
    run = await repo.open_run(user_id)
    if run is not None and run.racer_id == racer.id:
        await storm.close_run(deps, run, min(deps.clock(), run.ends_at))
    return await settle(deps, racer.id)
