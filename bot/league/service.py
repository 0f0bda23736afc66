"""The weekly leagues: points awarded as the games they come from end (the events the league listens to), a player's
division table, and the close of each week (who moves, and what each player is told). The rules are in
bot/league/rules.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.chats.languages import private_language
from bot.days import day_of
from bot.deps import Deps
from bot.events import DayPuzzleSolved, GameFinished, PuzzleRated, RankedFinished
from bot.games.status import Status
from bot.league import rules
from bot.league.rules import Source
from bot.league.store import Member, SqliteLeagueRepository


def repository(deps: Deps) -> SqliteLeagueRepository:
    """The leagues' rows on the Store's connection."""
    return deps.store.repository(SqliteLeagueRepository)


@dataclass(frozen=True)
class Earned:
    """Points a result earned a player (zero: it counted, for nothing), in the week it counts in."""

    user_id: int
    week: str
    source: Source
    points: int


async def award(
    deps: Deps, user_id: int, source: Source, ref: str, points: int, at: datetime, opponent: int | None = None
) -> Earned | None:
    """Count a result for the player (inside the transaction that made it): they are placed in the week's league if
    they were not; the result counts unless the day's results of its source are counted already, or (ranked) one
    against the same opponent this week. Each `ref` counts once. None: nothing counted (a channel or the bot, a
    closed week, a cap, a result counted before)."""
    if user_id <= 0:  # a channel, an anonymous admin or the bot: not players
        return None
    repo = repository(deps)
    week, day = rules.week_of(at), day_of(at)
    found = await repo.counted_so_far(week, user_id, source, day, opponent)  # one read for all the checks
    if found.closed:
        return None
    member = found.member or await repo.join(week, user_id, await current_tier(deps, user_id), at)
    if found.today >= rules.A_DAY[source]:
        return None
    if opponent is not None and found.against >= rules.PAIR_A_WEEK:
        return None
    if not await repo.record(user_id, source, ref, week, day, opponent, points, at):
        return None
    if points:
        await repo.set_points(week, user_id, member.points + points, at)
    return Earned(user_id, week, source, points)


async def placed(deps: Deps, user_id: int, at: datetime) -> Member | None:
    """The player's place in the week of `at`, placing them if they have none; None for a channel, an anonymous
    admin or the bot (their ids are chats', or 0: not players), and in a week already closed."""
    if user_id <= 0:
        return None
    repo = repository(deps)
    week = rules.week_of(at)
    if await repo.closed(week):
        return None
    return await repo.member(week, user_id) or await repo.join(week, user_id, await current_tier(deps, user_id), at)


async def current_tier(deps: Deps, user_id: int) -> int:
    """The player's tier (the first, for a player no week has closed on)."""
    return await repository(deps).tier(user_id) or 1


async def on_ranked_finished(deps: Deps, event: RankedFinished) -> tuple[Earned, ...]:
    """A ranked secret was rated: each of its two players' result against the other."""
    if len(event.places) != 2:
        return ()
    (first, first_place), (second, second_place) = event.places
    ref = f"ranked:{event.secret_id}"
    found = (
        await award(deps, first, Source.RANKED, ref, rules.ranked_points(first_place, second_place), event.at, second),
        await award(deps, second, Source.RANKED, ref, rules.ranked_points(second_place, first_place), event.at, first),
    )
    return tuple(earned for earned in found if earned is not None)


async def on_game_finished(deps: Deps, event: GameFinished) -> Earned | None:
    """A daily challenge ended: its points (none unsolved). A ranked game ended: its player plays this week (its
    points come when it is rated, with the other player's game)."""
    game = event.game
    if game.ranked is not None:
        await placed(deps, game.user_id, event.at)
        return None
    if game.daily is None:
        return None
    points = rules.daily_points(game.status == Status.WON, len(game.turns), len(game.hints))
    return await award(deps, game.user_id, Source.DAILY, f"daily:{game.daily}", points, event.at)


async def on_puzzle_rated(deps: Deps, event: PuzzleRated) -> Earned | None:
    """A ladder puzzle was rated: points when its first answer solved it."""
    ref = f"puzzle:{event.puzzle_id if event.puzzle_id is not None else event.at.isoformat()}"
    return await award(deps, event.user_id, Source.PUZZLE, ref, rules.puzzle_points(event.solved), event.at)


async def on_day_puzzle_solved(deps: Deps, event: DayPuzzleSolved) -> Earned | None:
    """The puzzle of the day was solved."""
    ref = f"day_puzzle:{day_of(event.at)}"
    return await award(deps, event.user_id, Source.DAY_PUZZLE, ref, rules.DAY_PUZZLE_SOLVED, event.at)


@dataclass(frozen=True)
class Line:
    """A line of a division's table: place, who, points, and whether they would move up or down now."""

    place: int
    user_id: int
    name: str | None
    points: int
    up: bool
    down: bool


@dataclass(frozen=True)
class Division:
    """A player's division this week: its week, tier and number, its lines, and when the week ends."""

    week: str
    tier: int
    division: int
    lines: tuple[Line, ...]
    user_id: int
    ends: datetime


@dataclass(frozen=True)
class Unplaced:
    """The player plays in no division this week yet: their tier, and when the week ends."""

    tier: int
    ends: datetime


async def table(deps: Deps, user_id: int) -> Division | Unplaced:
    """The player's division table this week, or their tier when they have not played this week."""
    repo = repository(deps)
    week = rules.week_of(deps.clock())
    member = await repo.member(week, user_id)
    if member is None:
        return Unplaced(await current_tier(deps, user_id), rules.week_end(week))
    placed = await repo.table(week, member.tier, member.division)
    moved = rules.moves(member.tier, placed)
    names = await deps.store.players.names(m.user_id for m in placed)
    lines = tuple(
        Line(place, m.user_id, names.get(m.user_id), m.points, m.user_id in moved.up, m.user_id in moved.down)
        for place, m in enumerate(rules.ordered(placed), start=1)
    )
    return Division(week, member.tier, member.division, lines, user_id, rules.week_end(week))


async def places(deps: Deps, user_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The place (1: first, as the table orders them) and the division's size of those of these players who play in
    a division this week (the reminders tell them of it as the week ends)."""
    repo = repository(deps)
    week = rules.week_of(deps.clock())
    orders: dict[tuple[int, int], list[int]] = {}
    found = {}
    for user_id in user_ids:
        member = await repo.member(week, user_id)
        if member is None:
            continue
        division = (member.tier, member.division)
        if division not in orders:
            orders[division] = [m.user_id for m in rules.ordered(await repo.table(week, *division))]
        order = orders[division]
        found[user_id] = (order.index(user_id) + 1, len(order))
    return found


@dataclass(frozen=True)
class WeekResult:
    """How a closed week went for one player: their division's place, of how many, their points, and their tier
    before and after."""

    user_id: int
    week: str
    place: int
    of: int
    points: int
    tier: int
    tier_after: int
    language: str


async def close_due(deps: Deps) -> tuple[WeekResult, ...]:
    """Close every week that is over and not closed yet, oldest first (inside the caller's transaction): each
    player's tier moves as their division's table says, and what to tell each comes back."""
    repo = repository(deps)
    now = deps.clock()
    found: list[WeekResult] = []
    for week in await repo.unclosed_before(rules.week_of(now)):
        found += await close_week(deps, week, now)
    return tuple(found)


async def close_week(deps: Deps, week: str, now: datetime) -> list[WeekResult]:
    """Close one week: every division's moves, the tiers they leave, its record; each player's result."""
    repo = repository(deps)
    if await repo.closed(week):
        return []
    results: list[WeekResult] = []
    for tier, division in await repo.divisions(week):
        placed = rules.ordered(await repo.table(week, tier, division))
        moved = rules.moves(tier, placed)
        for place, member in enumerate(placed, start=1):
            after = rules.tier_after(tier, member.user_id, moved)
            language = await private_language(deps, member.user_id)
            results.append(WeekResult(member.user_id, week, place, len(placed), member.points, tier, after, language))
    await repo.set_tiers([(r.user_id, r.tier_after) for r in results], week)
    await _replace_later(deps, week, {r.user_id: r.tier_after for r in results if r.tier_after != r.tier})
    up = sum(r.tier_after > r.tier for r in results)
    down = sum(r.tier_after < r.tier for r in results)
    await repo.close(week, now, len(results), up, down)
    return results


async def _replace_later(deps: Deps, week: str, moved: dict[int, int]) -> None:
    """Players who moved and already play in a later week (placed before this close ran: the bot was down at the
    week's turn) are placed again, in a division of their new tier, keeping their points."""
    repo = repository(deps)
    for member in await repo.later(week, list(moved)):
        await repo.leave(member)
        again: Member = await repo.join(member.week, member.user_id, moved[member.user_id], deps.clock())
        await repo.set_points(again.week, again.user_id, member.points, member.points_at)
