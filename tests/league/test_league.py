"""The weekly leagues: points from the events of the games they count, capped and bounded per pair, divisions of at
most 30 players, the table in the chat, and the week's close under a test clock (promotions and relegations, each
player told once, in their language, even across a crash)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.config import Config
from bot.events import DayPuzzleSolved, GameFinished, PuzzleRated, RankedFinished
from bot.games.model import Game, Mode
from bot.games.status import Status
from bot.league import service as league
from bot.league.close import close_weeks
from bot.league.rules import DIVISION_SIZE, Source, week_of
from bot.league.store import SqliteLeagueRepository
from bot.register import timers
from engine.variant import PRESETS
from tests.bot.fakes import Clock, runtime_on, telegram_app
from tests.bot.members import Member, sent, toasts

MONDAY = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)  # a week's first day
ANN, BOB = 1001, 1002


@pytest.fixture
async def runtime(tmp_path):
    clock = Clock(MONDAY)
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as found:
        yield found, clock


async def publish(deps, *events) -> list:
    async with deps.transaction():
        return [await deps.events.publish(deps, event) for event in events]


def ranked(secret: int, winner: int, loser: int, at: datetime, draw: bool = False) -> RankedFinished:
    return RankedFinished(secret, "classic", ((winner, 1), (loser, 1 if draw else 2)), at)


async def member(deps, user_id: int):
    return await deps.store.repository(SqliteLeagueRepository).member(week_of(deps.clock()), user_id)


async def points(deps, user_id: int) -> int:
    found = await member(deps, user_id)
    return 0 if found is None else found.points


async def test_whoever_plays_is_placed_in_a_division_of_their_tier_even_for_no_points(runtime):
    found, clock = runtime
    deps = found.core.deps
    await publish(deps, ranked(1, ANN, BOB, clock()))
    ann, bob = await member(deps, ANN), await member(deps, BOB)
    assert (ann.tier, ann.division, ann.points) == (1, 1, 10)
    assert (bob.tier, bob.division, bob.points) == (1, 1, 0)  # a loss places him too


async def test_a_division_holds_thirty_players_at_most(runtime):
    found, clock = runtime
    deps = found.core.deps
    for user in range(2000, 2065):
        await publish(deps, DayPuzzleSolved(user, 1, clock()))
    divisions = await deps.store.repository(SqliteLeagueRepository).divisions(week_of(clock()))
    sizes = [len(await deps.store.repository(SqliteLeagueRepository).table(week_of(clock()), *d)) for d in divisions]
    assert sizes == [DIVISION_SIZE, DIVISION_SIZE, 5]


async def test_playing_more_cannot_beat_playing_well(runtime):
    found, clock = runtime
    deps = found.core.deps
    good, busy = 3001, 3002
    for secret in range(3):  # three ranked games, three wins
        await publish(deps, ranked(100 + secret, good, 4000 + secret, clock()))
    for secret in range(20):  # twenty: two losses first, then eighteen wins
        winner, loser = (busy, 5000 + secret) if secret >= 2 else (5000 + secret, busy)
        await publish(deps, ranked(200 + secret, winner, loser, clock()))
    for puzzle in range(30):
        await publish(deps, PuzzleRated(busy, 1500, True, clock(), solved=True, puzzle_id=puzzle))
    assert await points(deps, good) == 30
    assert await points(deps, busy) == 10 + 5 * 2  # one counted win; five puzzles
    clock.advance(24 * 3600)  # a new day counts again
    await publish(deps, ranked(300, busy, 6000, clock()))
    assert await points(deps, busy) == 30


async def test_what_a_pair_of_accounts_can_give_each_other_is_bounded_a_week(runtime):
    found, clock = runtime
    deps = found.core.deps
    for day in range(5):  # a second account loses to its main every day
        clock.now = MONDAY + timedelta(days=day)
        await publish(deps, ranked(10 + day, ANN, BOB, clock()))
    assert await points(deps, ANN) == 10
    clock.now = MONDAY + timedelta(days=7)
    await publish(deps, ranked(20, ANN, BOB, clock()))  # a new week
    assert await points(deps, ANN) == 10


async def test_a_result_counts_once_however_often_it_is_heard(runtime):
    found, clock = runtime
    deps = found.core.deps
    event = ranked(7, ANN, BOB, clock())
    await publish(deps, event, event)
    await publish(deps, PuzzleRated(ANN, 1500, True, clock(), solved=True, puzzle_id=4))
    await publish(deps, PuzzleRated(ANN, 1500, True, clock(), solved=True, puzzle_id=4))
    assert await points(deps, ANN) == 12


async def test_channels_anonymous_admins_and_the_bot_are_not_players(runtime):
    found, clock = runtime
    deps = found.core.deps
    await publish(deps, DayPuzzleSolved(-1001234, 3, clock()), DayPuzzleSolved(0, 3, clock()))
    assert await deps.store.repository(SqliteLeagueRepository).divisions(week_of(clock())) == []


async def test_a_result_heard_after_its_week_closed_counts_nothing_and_places_nobody(runtime):
    found, clock = runtime
    deps = found.core.deps
    await publish(deps, DayPuzzleSolved(BOB, 1, clock()))
    before = await points(deps, BOB)
    clock.now = MONDAY + timedelta(days=7, hours=1)
    assert await close_weeks(found.core, deps.store, lambda: None) == 1
    late = MONDAY + timedelta(days=6)  # rated in the closed week (a mark that lapsed, a rating heard late)
    await publish(deps, ranked(9, ANN, BOB, late), DayPuzzleSolved(BOB, 2, late))
    repo = deps.store.repository(SqliteLeagueRepository)
    assert await repo.member(week_of(late), ANN) is None
    assert (await repo.member(week_of(late), BOB)).points == before  # the day's puzzle heard in time alone


async def test_the_daily_counts_by_its_guesses_and_hints_and_only_the_daily(runtime):
    found, clock = runtime
    deps = found.core.deps
    day = clock().date().isoformat()
    turns = tuple(range(5))
    daily = Game(1, ANN, ANN, Mode.REFEREE, PRESETS["classic"], clock(), "0123", daily=day, status=Status.WON)
    daily = daily.bumped(turns=turns, hints="1")
    practice = Game(2, BOB, BOB, Mode.REFEREE, PRESETS["classic"], clock(), "0123", status=Status.WON)
    await publish(deps, GameFinished(daily, clock()), GameFinished(practice, clock()))
    assert await points(deps, ANN) == 14 - 5 - 1
    assert await member(deps, BOB) is None


def told(rows: list[tuple[int, str]]) -> dict[int, str]:
    return {chat: json.loads(payload)["text"] for chat, payload in rows}


async def outbox(deps) -> list[tuple[int, str]]:
    async with deps.store.games.conn.execute("SELECT chat_id, payload FROM outbox ORDER BY id") as cursor:
        return [(row[0], row[1]) for row in await cursor.fetchall()]


async def a_week_of_twelve(deps, clock: Clock) -> list[int]:
    """Twelve players of the second tier with 24, 22 … 2 points this week (the last of them Russian)."""
    players = list(range(7001, 7013))
    repo = deps.store.repository(SqliteLeagueRepository)
    async with deps.transaction():
        await repo.set_tiers([(user, 2) for user in players], "2024-12-30")
        await deps.store.games.conn.execute(
            "INSERT INTO players (user_id, name, last_seen, language) VALUES (7012, 'Яна', ?, 'ru')",
            (clock().isoformat(),),
        )
        for rank, user in enumerate(players):
            clock.advance(60)
            await league.award(deps, user, Source.DAILY, "daily:test", 2 * (len(players) - rank), clock())
    return players


async def test_the_week_closes_on_monday_moving_the_top_up_and_the_bottom_down_each_told_once(runtime):
    found, clock = runtime
    deps = found.core.deps
    players = await a_week_of_twelve(deps, clock)
    woken = []
    assert await close_weeks(found.core, deps.store, lambda: woken.append(1)) == 0  # the week is not over
    clock.now = datetime(2025, 1, 13, 0, 0, 1, tzinfo=UTC)
    assert await close_weeks(found.core, deps.store, lambda: woken.append(1)) == 12
    assert woken == [1]
    tiers = {user: await league.current_tier(deps, user) for user in players}
    assert [tiers[user] for user in players] == [3] * 5 + [2] * 2 + [1] * 5
    messages = told(await outbox(deps))
    assert sorted(messages) == players
    assert (
        "You finished #1 of 12 in the Silver league with 24 points: you move up to the Gold league!" in (messages[7001])
    )
    assert "you stay in the Silver league" in messages[7006]
    assert "you move down to the Bronze league" in messages[7008]
    assert "Ты на 12-м месте из 12 в лиге «Серебро»" in messages[7012]
    assert "переходишь в лигу «Бронза»" in messages[7012]
    assert await close_weeks(found.core, deps.store, lambda: None) == 0  # closed: never told again
    assert len(await outbox(deps)) == 12


async def test_a_close_that_fails_halfway_tells_nobody_and_the_next_tells_everyone_once(runtime, monkeypatch):
    found, clock = runtime
    deps = found.core.deps
    players = await a_week_of_twelve(deps, clock)
    clock.now = datetime(2025, 1, 13, 0, 0, 1, tzinfo=UTC)

    async def crash(*args, **kwargs):
        raise OSError("disk gone")

    monkeypatch.setattr(SqliteLeagueRepository, "close", crash)
    with pytest.raises(OSError, match="disk gone"):
        await close_weeks(found.core, deps.store, lambda: None)
    assert await outbox(deps) == []
    assert {await league.current_tier(deps, user) for user in players} == {2}
    monkeypatch.undo()
    assert await close_weeks(found.core, deps.store, lambda: None) == 12
    assert await close_weeks(found.core, deps.store, lambda: None) == 0
    assert len(await outbox(deps)) == 12


async def test_a_player_placed_before_a_late_close_plays_the_new_week_in_their_new_tier(runtime):
    found, clock = runtime
    deps = found.core.deps
    players = await a_week_of_twelve(deps, clock)
    clock.now = datetime(2025, 1, 14, 10, 0, tzinfo=UTC)  # the bot was down on Monday: Tuesday, not closed yet
    await publish(deps, DayPuzzleSolved(players[0], 1, clock()))
    assert (await member(deps, players[0])).tier == 2
    await close_weeks(found.core, deps.store, lambda: None)
    now = await member(deps, players[0])
    assert (now.tier, now.points) == (3, 3)


async def test_the_close_is_a_weekly_timer_on_the_one_scheduler(runtime):
    found_runtime, _clock = runtime
    config = Config(database_path=Path("unused"), puzzle_stock=False)
    found = {t.name: t for t in timers(found_runtime.core, found_runtime.store, lambda: None, config)}
    week = found["league week"]
    assert week.due_after(datetime(2025, 1, 8, 15, tzinfo=UTC)) == datetime(2025, 1, 13, 0, 0, 1, tzinfo=UTC)
    assert week.first == timedelta(0)  # at start-up too: a week missed while the bot was down is closed


async def test_the_table_in_the_chat_is_the_askers_division_refreshed_in_place_by_them_only(tmp_path):
    clock = Clock(MONDAY)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        ann = Member(app, request, ANN, "Ann", ANN)
        [before] = sent(await ann.send("/league"))
        assert "You're in the <b>Bronze league</b>" in before.text
        await publish(deps, ranked(1, ANN, BOB, clock()))
        [table] = sent(await ann.send("/league"))
        assert table.text.startswith("🥉 <b>Bronze league</b> · division 1 · week of 6 January")
        assert "⬆️ <b>1. You — 10 points</b>" in table.text
        assert "2. player 1002 — 0 points" in table.text
        await publish(deps, PuzzleRated(ANN, 1500, True, clock(), solved=True, puzzle_id=1))
        refreshed = await ann.press(f"lb:r:{ANN}")
        [edit] = [c for c in refreshed if c.method == "editMessageText"]
        assert "<b>1. You — 12 points</b>" in edit.text
        in_group = Member(app, request, BOB, "Bob", -42)
        [group_table] = sent(await in_group.send("/league"))
        assert "<b>2. You — 0 points</b>" in group_table.text
        assert toasts(await in_group.press(f"lb:r:{ANN}", group_table.params["_sent_id"])) == [
            "That's another player's table: send /league for yours."
        ]
        channel = Member(app, request, -1009, "A channel", -42)
        [refused] = sent(await channel.send("/league"))
        assert refused.text.startswith("Leagues are for players")


async def test_a_daily_won_in_the_chat_earns_its_points(tmp_path):
    clock = Clock(MONDAY)
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        ann = Member(app, request, ANN, "Ann", ANN)
        await ann.send("/daily")
        game = await deps.store.games.active_game(ANN)
        await ann.send(game.secret)
        assert await points(deps, ANN) == 10  # one guess
        [table] = sent(await ann.send("/league"))
        assert "<b>1. You — 10 points</b>" in table.text


async def test_a_ranked_game_places_its_player_when_it_ends_its_points_come_when_rated(runtime):
    found, clock = runtime
    deps = found.core.deps
    mark = Game(5, ANN, ANN, Mode.REFEREE, PRESETS["classic"], clock(), "0123", status=Status.WON, ranked=3)
    await publish(deps, GameFinished(mark, clock()))
    placed = await member(deps, ANN)
    assert (placed.tier, placed.points) == (1, 0)
