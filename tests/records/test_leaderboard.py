"""Leaderboards on a real migrated SQLite: ranking rules with known results, the weekly window, index use,
and /top and /stats through Telegram updates (edited in place, stale and foreign presses)."""

import asyncio
import itertools
from datetime import UTC, datetime, timedelta

from bot.config import Config
from bot.players import Seen, keep_fresh
from bot.records import board as records
from bot.records import stats
from bot.records.model import ALL_CHATS
from bot.records.store import SqliteStatsRepository
from bot.register import timers
from bot.store.db import open_database
from bot.store.migrations import MIGRATIONS_DIR, migrate
from bot.store.rows import iso
from tests.bot.fakes import EPOCH, Clock, runtime_on, telegram_app
from tests.bot.members import Chat, sent

GROUP = -500
_game_ids = itertools.count(1)


async def record(
    deps, user, guesses=5, *, chat=GROUP, outcome="won", hinted=False, mode="referee", variant="classic", at=EPOCH
):
    """Store one finished result as the bot does (the triggers run)."""
    async with deps.transaction():
        await deps.store.games.conn.execute(
            "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
            " started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                next(_game_ids),
                user,
                chat,
                mode,
                variant,
                guesses,
                outcome,
                int(hinted),
                iso(at - timedelta(minutes=3)),
                iso(at),
            ),
        )


def order(board):
    return [line.standing.user_id for line in board.lines]


async def test_ranking_is_best_then_average_then_who_reached_the_best_first(tmp_path):
    clock = Clock(EPOCH + timedelta(days=1))
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as runtime:
        deps = runtime.core.deps
        await record(deps, 1, 4, at=EPOCH + timedelta(hours=2))
        await record(deps, 1, 6)  # best 4, average 5
        await record(deps, 2, 4, at=EPOCH + timedelta(hours=1))
        await record(deps, 2, 6)  # best 4, average 5, but reached 4 first
        await record(deps, 3, 4)
        await record(deps, 3, 5)  # best 4, average 4.5
        await record(deps, 4, 3, hinted=True)  # hinted: not ranked
        await record(deps, 4, 2, outcome="gave_up")
        await record(deps, 5, 1, mode="guesser", outcome="solved")  # the bot's guesses
        await record(deps, 6, 6, outcome="abandoned")
        await record(deps, 7, 5, mode="race")
        await record(deps, 8, 4, mode="race", outcome="lost")
        for period in ("all", "week"):
            board = await stats.leaderboard(deps, GROUP, "classic", period)
            assert order(board) == [3, 2, 1, 7], period
            assert [line.place for line in board.lines] == [1, 2, 3, 4]
        best = (await stats.leaderboard(deps, GROUP, "classic", "all")).lines[0].standing
        assert (best.best, best.average, best.solved) == (4, 4.5, 2)


async def test_today_this_week_and_this_month_are_utc_calendar_periods_and_global_spans_chats(tmp_path):
    wednesday = datetime(2025, 1, 15, 12, 0, tzinfo=UTC)  # the week began on Monday the 13th, the month on the 1st
    async with runtime_on(tmp_path / "db.sqlite3", clock=Clock(wednesday)) as runtime:
        deps = runtime.core.deps
        await record(deps, 1, 3, at=datetime(2024, 12, 31, 23, 59, 59, tzinfo=UTC))  # last month
        await record(deps, 2, 5, at=datetime(2025, 1, 1, 0, 0, tzinfo=UTC))  # the month's first instant
        await record(deps, 3, 4, at=datetime(2025, 1, 12, 23, 59, 59, tzinfo=UTC))  # Sunday: last week
        await record(deps, 4, 6, at=datetime(2025, 1, 13, 0, 0, tzinfo=UTC))  # Monday: this week
        await record(deps, 5, 5, at=datetime(2025, 1, 14, 23, 59, 59, tzinfo=UTC))  # yesterday
        await record(deps, 6, 6, at=datetime(2025, 1, 15, 0, 0, tzinfo=UTC))  # today
        await record(deps, 9, 2, chat=-999, at=wednesday)  # another group, today
        await record(deps, 10, 3, variant="mastermind", at=wednesday)
        expected = {"all": [1, 3, 2, 5, 4, 6], "month": [3, 2, 5, 4, 6], "week": [5, 4, 6], "today": [6]}
        for period, users in expected.items():
            assert order(await stats.leaderboard(deps, GROUP, "classic", period)) == users, period
        assert order(await stats.leaderboard(deps, ALL_CHATS, "classic", "today")) == [9, 6]
        assert order(await stats.leaderboard(deps, ALL_CHATS, "classic", "week")) == [9, 5, 4, 6]
        everywhere = await stats.leaderboard(deps, ALL_CHATS, "classic", "all")
        assert order(everywhere) == [9, 1, 3, 2, 5, 4, 6]
        assert everywhere.variants == ("classic", "mastermind")


async def test_a_week_that_spans_new_year_belongs_to_its_monday(tmp_path):
    new_year = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)  # a Wednesday; the week began on Monday 30 December
    assert stats.period_key("week", new_year) == "w2024-12-30"
    assert stats.period_key("month", new_year) == "m2025-01"
    assert stats.period_key("today", new_year) == "d2025-01-01"
    assert stats.period_key("all", new_year) is None
    async with runtime_on(tmp_path / "db.sqlite3", clock=Clock(new_year)) as runtime:
        deps = runtime.core.deps
        await record(deps, 1, 4, at=datetime(2024, 12, 30, 0, 0, tzinfo=UTC))
        await record(deps, 2, 5, at=datetime(2024, 12, 29, 23, 59, 59, tzinfo=UTC))  # the Sunday before
        assert order(await stats.leaderboard(deps, GROUP, "classic", "week")) == [1]
        assert order(await stats.leaderboard(deps, GROUP, "classic", "month")) == []


async def every_board(deps):
    """Every period board of both scopes and variants, each with every player's place on it."""
    shown = {}
    for scope, variant, period in itertools.product((GROUP, -999, ALL_CHATS), ("classic", "mastermind"), stats.Period):
        board = await stats.leaderboard(deps, scope, variant, period)
        key = stats.period_key(period, deps.clock())
        places = [
            await deps.store.repository(SqliteStatsRepository).place(scope, variant, user, key) for user in range(1, 12)
        ]
        shown[scope, variant, period] = ([(line.place, line.standing) for line in board.lines], places)
    return shown


async def period_keys(conn):
    async with conn.execute("SELECT DISTINCT period FROM period_standings ORDER BY 1") as cursor:
        periods = [row[0] async for row in cursor]
    async with conn.execute("SELECT DISTINCT board FROM standing_counts ORDER BY 1") as cursor:
        return periods, [row[0] async for row in cursor]


async def test_the_boards_of_past_periods_are_pruned_in_chunks_and_the_boards_shown_stay_the_same(tmp_path):
    wednesday = datetime(2025, 1, 15, 12, 0, tzinfo=UTC)  # this week began on Monday the 13th
    async with runtime_on(tmp_path / "db.sqlite3", clock=Clock(wednesday)) as runtime:
        deps, store = runtime.core.deps, runtime.store
        for user, day, hour in (
            (1, datetime(2024, 11, 3), 9),
            (2, datetime(2024, 12, 31), 23),
            (3, datetime(2025, 1, 12), 23),
        ):
            for chat, variant in ((GROUP, "classic"), (-999, "mastermind")):
                await record(deps, user, 3 + user, chat=chat, variant=variant, at=day.replace(hour=hour, tzinfo=UTC))
        await record(deps, 4, 5, at=datetime(2025, 1, 13, 0, 0, tzinfo=UTC))  # this week's first instant
        await record(deps, 5, 6, at=datetime(2025, 1, 14, 23, 59, 59, tzinfo=UTC))  # yesterday
        await record(deps, 6, 4, at=datetime(2025, 1, 15, 0, 0, tzinfo=UTC))  # today
        await record(deps, 7, 7, chat=-999, variant="mastermind", at=wednesday)
        before = await every_board(deps)
        async with store.conn.execute("SELECT count(*) FROM period_standings") as cursor:
            (rows,) = await cursor.fetchone()

        chunks, moves = [], []
        drop = store.repository(SqliteStatsRepository).drop_periods

        async def counted(past, limit):
            assert store.conn.in_transaction
            chunks.append(await drop(past, limit))
            if len(chunks) == 2:  # a move arriving now waits only for this chunk
                moves.append(asyncio.create_task(record(deps, 8, 5, chat=-777, variant="5d10", at=wednesday)))
            return chunks[-1]

        store.repository(SqliteStatsRepository).drop_periods = counted
        pruned = await stats.prune_periods(store, wednesday, chunk=3)
        assert moves[0].done()  # it took the lock between two chunks
        await moves[0]
        assert pruned == sum(chunks)
        assert max(chunks) <= 3
        assert len(chunks) > 5
        assert all(chunks[:-1])
        assert chunks[-1] == 0
        periods, boards = await period_keys(store.conn)
        assert periods == ["d2025-01-15", "m2025-01", "w2025-01-13"]
        assert boards == ["", "d2025-01-15", "m2025-01", "w2025-01-13"]
        async with store.conn.execute("SELECT count(*) FROM period_standings") as cursor:
            (left,) = await cursor.fetchone()
        assert left < rows
        assert await every_board(deps) == before
        assert order(await stats.leaderboard(deps, -777, "5d10", "today")) == [8]  # the move made meanwhile


async def test_the_hourly_timer_prunes_past_periods(tmp_path):
    clock = Clock(datetime(2025, 1, 15, 12, 0, tzinfo=UTC))
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as runtime:
        await record(runtime.core.deps, 1, 5, at=datetime(2024, 12, 31, 12, 0, tzinfo=UTC))
        await record(runtime.core.deps, 2, 5, at=clock.now)
        [pruning] = [
            timer
            for timer in timers(runtime.core, runtime.store, lambda: None, Config())
            if timer.name == "past periods"
        ]
        tidying = asyncio.create_task(pruning.run())
        try:
            kept = ["d2025-01-15", "m2025-01", "w2025-01-13"], ["", "d2025-01-15", "m2025-01", "w2025-01-13"]
            for _ in range(200):
                if await period_keys(runtime.store.conn) == kept:
                    break
                await asyncio.sleep(0.01)  # reads between the tidy's chunks, as the bot's own reads may
            assert await period_keys(runtime.store.conn) == kept
        finally:
            tidying.cancel()


async def test_pruning_goes_on_while_a_read_on_the_same_connection_is_open(tmp_path):
    # SQLite refuses a checkpoint while a read of the same connection is open: the chunk's pages wait for the
    # next one, and the pruning does not stop for an hour.
    clock = Clock(datetime(2025, 1, 15, 12, 0, tzinfo=UTC))
    async with runtime_on(tmp_path / "db.sqlite3", clock=clock) as runtime:
        await record(runtime.core.deps, 1, 5, at=datetime(2024, 12, 31, 12, 0, tzinfo=UTC))
        await record(runtime.core.deps, 2, 5, at=clock.now)
        reading = await runtime.store.conn.execute("SELECT period FROM period_standings")
        try:
            assert await reading.fetchone() is not None
            assert await stats.prune_periods(runtime.store, clock.now) > 0
        finally:
            await reading.close()
        assert await period_keys(runtime.store.conn) == (
            ["d2025-01-15", "m2025-01", "w2025-01-13"],
            ["", "d2025-01-15", "m2025-01", "w2025-01-13"],
        )


async def test_stats_count_every_game_but_rank_only_clean_solves(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        deps = runtime.core.deps
        minute = timedelta(minutes=1)
        for i, (guesses, outcome, hinted) in enumerate(
            [
                (5, "won", False),
                (4, "won", False),
                (6, "won", True),
                (7, "won", False),
                (5, "won", False),
                (8, "gave_up", False),
                (5, "won", False),
            ]
        ):
            await record(deps, 1, guesses, outcome=outcome, hinted=hinted, at=EPOCH + i * minute)
        await record(deps, 1, 7, mode="guesser", outcome="solved")
        await record(deps, 1, 4, variant="mastermind")
        record_ = await stats.player_stats(deps, 1, "classic")
        assert (record_.games, record_.wins, record_.clean) == (7, 6, 5)
        assert (record_.best, record_.average) == (4, 26 / 5)
        assert record_.streaks == stats.Streaks(current=1, best=2)
        assert record_.distribution == {4: 1, 5: 3, 7: 1}
        assert (record_.bot_games, record_.bot_average) == (1, 7.0)
        assert record_.variants == ("classic", "mastermind")


async def test_a_fresh_database_gets_the_stats_tables_and_backfills_standings(tmp_path):
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn)
    async with conn.execute("SELECT name FROM sqlite_master") as cursor:
        names = {row[0] async for row in cursor}
    assert {
        "players",
        "standings",
        "daily_plays",
        "bot_secrets",
        "standings_rank",
        "period_standings",
        "period_standings_rank",
        "standing_counts",
        "game_results_by_player",
        "game_results_standings",
        "game_results_daily_mode",
    } <= names
    await conn.close()


async def test_the_leaderboard_and_stats_queries_use_their_indexes(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        deps, conn = runtime.core.deps, runtime.store.conn
        for user in range(1, 4):
            await record(deps, user, 3 + user)
        traced: list[str] = []
        await conn.set_trace_callback(traced.append)
        for scope in (GROUP, ALL_CHATS):
            for period in stats.Period:
                await stats.leaderboard(deps, scope, "classic", period, limit=1, user_id=3)  # 3 is below: its place
        await stats.player_stats(deps, 1, "classic")
        await conn.set_trace_callback(None)
        plans = []
        for sql in traced:
            if "game_results" in sql or "standing" in sql:
                async with conn.execute("EXPLAIN QUERY PLAN " + sql) as cursor:
                    plans.append(" / ".join(row[3] for row in await cursor.fetchall()))
        assert len(plans) >= 8 * 4
        for plan in plans:
            assert "INDEX" in plan or "PRIMARY KEY" in plan, plan  # period tables are WITHOUT ROWID: keyed rows
            assert "SCAN game_results" not in plan, plan
            assert "SCAN standings" not in plan, plan
            assert "SCAN period_standings" not in plan, plan
            assert "TEMP B-TREE" not in plan or "game_results" in plan, plan  # boards are read in index order
        joined = "\n".join(plans)
        for index in (
            "COVERING INDEX standings_rank",
            "COVERING INDEX period_standings_rank",
            "SEARCH standing_counts USING PRIMARY KEY",
            "game_results_by_player",
        ):
            assert index in joined


async def test_top_in_a_group_switches_period_and_variant_in_place_and_refuses_foreign_stats(tmp_path):
    clock = Clock(EPOCH + timedelta(days=1))
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        await record(deps, 1001, 4)
        await record(deps, 1002, 5, at=EPOCH - timedelta(days=20))
        await record(deps, 1002, 3, variant="mastermind")
        ann = Chat(app, request, chat_id=GROUP, user_id=1001)
        [board] = [c for c in await ann.send("/top") if c.method == "sendMessage"]
        assert "Ann" in board.text
        assert "this chat" in board.text
        assert "player 1002" in board.text
        data = [d for _, d in board.buttons]
        assert data[:4] == ["tp:c:d:classic", "tp:c:w:classic", "tp:c:m:classic", "tp:c:a:classic"]
        assert data[4:6] == ["tp:c:a:classic", "tp:g:a:classic"]  # this chat, all chats
        assert "tp:c:a:mastermind" in data
        # Ann's solve was yesterday (this week, this month); player 1002's was last month
        for letter, period, label, shown in (
            ("d", "today", "Today", False),
            ("w", "this week", "Week", True),
            ("m", "this month", "Month", True),
        ):
            calls = await ann.press(f"tp:c:{letter}:classic", board.params["_sent_id"])
            assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
            assert calls[1].params["message_id"] == board.params["_sent_id"]
            assert f"· {period}" in calls[1].text
            assert ("Ann" in calls[1].text) is shown, period
            assert "player 1002" not in calls[1].text
            assert "UTC" not in calls[1].text  # the rules are behind the "?" button, not under every board
            assert calls[1].buttons[-1] == ("❓", "hp:top")
            assert f"• {label} •" in [text for text, _ in calls[1].buttons]
        calls = await ann.press("tp:c:a:classic", board.params["_sent_id"])
        assert "player 1002" in calls[1].text
        [note] = sent(await ann.press("hp:top", board.params["_sent_id"]))
        assert "Only clean wins count" in note.text
        assert "from 00:00 UTC today" in note.text
        calls = await ann.press("tp:g:w:classic", board.params["_sent_id"])
        assert [c.method for c in calls] == ["answerCallbackQuery", "editMessageText"]
        assert "all chats" in calls[1].text
        assert "• All chats •" in [label for label, _ in calls[1].buttons]
        calls = await ann.press("tp:c:a:mastermind", board.params["_sent_id"])
        assert "Mastermind 4×6 (colours)" in calls[1].text
        assert "best <b>3</b>" in calls[1].text
        stale = await ann.press("tp:c:a:nonsense", board.params["_sent_id"])
        assert [c.method for c in stale] == ["answerCallbackQuery"]
        assert "older" in stale[0].params["text"]
        [mine] = [c for c in await ann.send("/stats") if c.method == "sendMessage"]
        assert "Games 1 · won 1 · clean 1" in mine.text
        assert "Clean solve" not in mine.text  # what the words count is behind "?"
        [note] = sent(await ann.press("hp:stats", mine.params["_sent_id"]))
        assert "Clean: won without hints" in note.text
        assert "<pre>4 ▇" in mine.text
        bob = Chat(app, request, chat_id=GROUP, user_id=1002)
        foreign = await bob.press("st:1001:classic", mine.params["_sent_id"])
        assert [c.method for c in foreign] == ["answerCallbackQuery"]
        assert "someone else" in foreign[0].params["text"]
        [glob] = [c for c in await ann.send("/top global") if c.method == "sendMessage"]
        assert "all chats" in glob.text


async def test_the_migration_ranks_results_recorded_before_it(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    for migration in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if migration.name < "0003":  # the database as it stood before 0003
            (folder / migration.name).write_text(migration.read_text())
    conn = await open_database(tmp_path / "db.sqlite3")
    await migrate(conn, folder)
    for game_id, (user, guesses, hinted) in enumerate([(1, 6, 0), (1, 4, 0), (1, 3, 1), (2, 5, 0)], start=1):
        await conn.execute(
            "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
            " started_at, finished_at) VALUES (?, ?, ?, 'referee', 'classic', ?, 'won', ?, ?, ?)",
            (game_id, user, GROUP, guesses, hinted, iso(EPOCH), iso(EPOCH + timedelta(minutes=game_id))),
        )
    (folder / "0003_stats_daily.sql").write_text((MIGRATIONS_DIR / "0003_stats_daily.sql").read_text())
    assert await migrate(conn, folder) == ["0003_stats_daily"]
    async with conn.execute(
        "SELECT chat_id, user_id, solved, total_guesses, best FROM standings ORDER BY chat_id, user_id"
    ) as cursor:
        rows = [tuple(row) for row in await cursor.fetchall()]
    assert rows == [(GROUP, 1, 2, 10, 4), (GROUP, 2, 1, 5, 5), (ALL_CHATS, 1, 2, 10, 4), (ALL_CHATS, 2, 1, 5, 5)]
    await conn.close()


async def test_display_names_are_escaped_on_the_board(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3") as runtime:
        deps = runtime.core.deps
        await record(deps, 1, 5)
        await keep_fresh(deps.store.players, deps.store.transaction, 1, Seen("<b>Evil</b> & Co"), deps.clock())
        outcome = records.leaderboard("en", await stats.leaderboard(deps, GROUP, "classic", "all"))
        assert "&lt;b&gt;Evil&lt;/b&gt; &amp; Co" in outcome.replies[0].text


async def test_a_player_ranked_twelfth_sees_where_they_stand_in_every_view(tmp_path):
    clock = Clock(EPOCH + timedelta(hours=1))
    async with telegram_app(tmp_path / "db.sqlite3", clock=clock) as (app, request):
        deps = app.bot_data.runtime.core.deps
        for n in range(11):  # ahead of Ann: a better best, or the same best and a better average
            await record(deps, 2000 + n, 4 if n < 6 else 5)
        await record(deps, 1001, 5)
        await record(deps, 1001, 6)  # Ann: best 5, average 5.5
        await record(deps, 3000, 5, at=EPOCH + timedelta(minutes=1))
        await record(deps, 3000, 6)  # the same best and average as Ann, reached later: behind her
        for n in range(3):
            await record(deps, 4000 + n, 7)
        ann = Chat(app, request, chat_id=GROUP, user_id=1001)
        [board] = [c for c in await ann.send("/top") if c.method == "sendMessage"]
        you = "📍 You are #12 of 16 (best 5, average 5.5)"
        assert you in board.text
        assert "10. player 2009" in board.text
        assert "player 2010" not in board.text
        for scope in "cg":
            for letter in "dwma":
                calls = await ann.press(f"tp:{scope}:{letter}:classic", board.params["_sent_id"])
                assert you in calls[1].text, (scope, letter)

        leader = Chat(app, request, chat_id=GROUP, user_id=2000)
        [shown] = [c for c in await leader.send("/top") if c.method == "sendMessage"]
        assert "You are" not in shown.text  # on the board already
        stranger = Chat(app, request, chat_id=GROUP, user_id=5000)
        [none] = [c for c in await stranger.send("/top week") if c.method == "sendMessage"]
        assert "You are" not in none.text  # no clean solve this week
        assert "· this week" in none.text


async def test_a_players_place_follows_the_boards_order_to_the_last_tie(tmp_path):
    async with runtime_on(tmp_path / "db.sqlite3", clock=Clock(EPOCH + timedelta(hours=1))) as runtime:
        deps = runtime.core.deps
        await record(deps, 7, 4)
        await record(deps, 3, 5)
        await record(deps, 5, 5)  # the same best, average and moment as 3: the user id decides
        await record(deps, 1, 5, at=EPOCH + timedelta(seconds=1))  # reached 5 a second later
        await record(deps, 2, 6)
        board = await stats.leaderboard(deps, GROUP, "classic", "all")
        assert order(board) == [7, 3, 5, 1, 2]
        for period in stats.Period:
            key = stats.period_key(period, deps.clock())
            for place, user in enumerate(order(board), start=1):
                found = await deps.store.repository(SqliteStatsRepository).place(GROUP, "classic", user, key)
                assert (found.place, found.total) == (place, 5), (period, user)
            assert await deps.store.repository(SqliteStatsRepository).place(GROUP, "classic", 99, key) is None
        later = await stats.leaderboard(deps, ALL_CHATS, "classic", "month", limit=2, user_id=1)
        assert later.you is not None
        assert (later.you.place, later.you.total, later.you.standing.best) == (4, 5, 5)
        shown = await stats.leaderboard(deps, ALL_CHATS, "classic", "month", limit=2, user_id=3)
        assert shown.you is None


async def test_the_period_migration_counts_results_recorded_before_it_as_its_triggers_count_new_ones(tmp_path):
    [periods] = [m for m in sorted(MIGRATIONS_DIR.glob("*.sql")) if m.name.endswith("_chat_defaults.sql")]
    results = [  # (user, chat, guesses, hinted, finished): two weeks across a month's end, two chats
        (1, GROUP, 6, 0, "2024-12-29T23:59:59.000+00:00"),
        (1, GROUP, 4, 0, "2024-12-30T08:00:00.000+00:00"),
        (1, -999, 3, 1, "2024-12-31T08:00:00.000+00:00"),
        (2, -999, 5, 0, "2025-01-01T00:00:00.000+00:00"),
        (2, GROUP, 5, 0, "2025-01-01T10:00:00.000+00:00"),
        (2, GROUP, 4, 0, "2025-01-06T10:00:00.000+00:00"),
        (3, GROUP, 7, 0, "2025-01-06T11:00:00.000+00:00"),
    ]

    async def insert(conn):
        for game_id, (user, chat, guesses, hinted, finished) in enumerate(results, start=1):
            await conn.execute(
                "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted,"
                " started_at, finished_at) VALUES (?, ?, ?, 'referee', 'classic', ?, 'won', ?, ?, ?)",
                (game_id, user, chat, guesses, hinted, finished, finished),
            )
        await conn.commit()

    async def tables(conn):
        found = []
        for sql in (
            "SELECT * FROM period_standings ORDER BY 1, 2, 3, 4",
            "SELECT * FROM standing_counts WHERE players > 0 ORDER BY 1, 2, 3, 4",  # a best left behind keeps a 0
        ):
            async with conn.execute(sql) as cursor:
                found.append([tuple(row) for row in await cursor.fetchall()])
        return found

    folder = tmp_path / "migrations"
    folder.mkdir()
    for migration in sorted(MIGRATIONS_DIR.glob("*.sql")):
        if migration.name < periods.name:
            (folder / migration.name).write_text(migration.read_text())
    before = await open_database(tmp_path / "before.sqlite3")
    await migrate(before, folder)
    await insert(before)
    (folder / periods.name).write_text(periods.read_text())
    assert await migrate(before, folder) == [periods.stem]
    after = await open_database(tmp_path / "after.sqlite3")
    await migrate(after)
    await insert(after)
    backfilled, counted = await tables(before), await tables(after)
    assert backfilled == counted
    weeks = {row[0] for row in counted[0] if row[0].startswith("w")}
    assert weeks == {"w2024-12-23", "w2024-12-30", "w2025-01-06"}
    assert ("w2024-12-30", GROUP, "classic", 2, 1, 5, 5, "2025-01-01T10:00:00.000+00:00") in counted[0]
    assert ("m2025-01", 0, "classic", 2, 3, 14, 4, "2025-01-06T10:00:00.000+00:00") in counted[0]
    assert ("", 0, "classic", 4, 2) in counted[1]  # all time, all chats: two players whose best is 4
    await before.close()
    await after.close()


async def test_top_takes_its_period_and_scope_as_words_in_english_or_russian(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3", clock=Clock(EPOCH + timedelta(hours=1))) as (app, request):
        await record(app.bot_data.runtime.core.deps, 1001, 4)
        ann = Chat(app, request, chat_id=GROUP, user_id=1001)
        for words, title in (
            ("today", "this chat</b> · 4 digits, no repeats · today"),
            ("week", "this chat</b> · 4 digits, no repeats · this week"),
            ("month global", "all chats</b> · 4 digits, no repeats · this month"),
            ("mastermind all", "all chats</b> · Mastermind 4×6 (colours) · all time"),
            ("сегодня", "this chat</b> · 4 digits, no repeats · today"),
            ("неделя везде", "all chats</b> · 4 digits, no repeats · this week"),
            ("месяц", "this chat</b> · 4 digits, no repeats · this month"),
        ):
            [board] = [c for c in await ann.send(f"/top {words}") if c.method == "sendMessage"]
            assert title in board.text, words
            assert all(len(data.encode()) <= 64 for _, data in board.buttons)
