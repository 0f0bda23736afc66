"""Your progress, in pictures (issue 35 §4): the page's Stats tab (GET /api/stats) gives known numbers for known data,
only ever the asker's; /stats in the chat draws the accuracy trend of the reviewed games as a sparkline."""

from __future__ import annotations

import pytest

from bot.records.board import accuracy_trend, sparkline
from bot.texts import plain
from tests.bot.fakes import USER
from tests.bot.members import Member
from tests.records.progress import (
    DISTRIBUTION,
    MATCHES_SHOWN,
    PUZZLES_SHOWN,
    RANKED_SHOWN,
    seed,
)
from tests.webapp.harness import init_data, mini_app

STRANGER = USER + 1000


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def test_the_stats_tab_gives_the_distribution_the_accuracy_and_the_ratings_of_known_data(web):
    await seed(web.runtime.core.deps, USER)
    status, found = await web.call("GET", "/api/stats")
    assert status == 200
    assert found["empty"] is None
    assert {bar["guesses"]: bar["count"] for bar in found["distribution"]} == DISTRIBUTION
    assert [bar["guesses"] for bar in found["distribution"]] == [3, 4, 5, 6, 7]  # the gap is a bar of 0
    assert found["distributionNote"] == "7\u00a0wins without hints, by the number of guesses"
    assert found["accuracy"] == [60.0, 75.5, 90.0, 82.2]  # as kept, oldest first, to a tenth (82.25 rounds to even)
    assert found["accuracyNote"] == "Your last 4\u00a0reviewed games · 76.9 on average"
    assert [(series["name"], series["values"]) for series in found["ratings"]] == [
        ("Matches", MATCHES_SHOWN),
        ("Ranked", RANKED_SHOWN),
        ("Puzzles", PUZZLES_SHOWN),  # the colours' puzzle rating is another family's
    ]
    assert found["ratings"][0]["latest"] == "Matches: 1610"
    assert found["record"]["lines"]  # the record as /stats says it
    assert found["title"] == "📊 Your progress · 4 digits, no repeats"


async def test_the_stats_tab_speaks_russian_with_its_plural_forms(web):
    await seed(web.runtime.core.deps, USER, accuracy=[50.0] * 21)
    status, found = await web.call("GET", "/api/stats", language="ru")
    assert status == 200
    assert found["distributionNote"] == "7\u00a0побед без подсказок, по числу ходов"
    assert found["accuracyNote"] == "Последняя 21\u00a0разобранная игра · в среднем 50,0"
    assert [series["name"] for series in found["ratings"]] == ["Партии в группах", "Рейтинговые партии", "Головоломки"]


async def test_the_accuracy_looks_back_on_the_last_fifty_reviewed_games(web):
    await seed(web.runtime.core.deps, USER, accuracy=[float(i) for i in range(60)])
    _, found = await web.call("GET", "/api/stats")
    assert found["accuracy"] == [float(i) for i in range(10, 60)]


async def test_a_new_player_is_shown_the_empty_state(web):
    status, found = await web.call("GET", "/api/stats")
    assert status == 200
    assert found["empty"].startswith("Nothing here yet.")
    assert (found["distribution"], found["accuracy"], found["ratings"]) == ([], [], [])


async def test_nobody_reads_another_players_stats(web):
    await seed(web.runtime.core.deps, USER)
    await seed(web.runtime.core.deps, STRANGER, accuracy=[10.0, 20.0], offset=100)
    # a stranger reads their own, whatever the query names
    status, theirs = await web.call("GET", f"/api/stats?user={USER}&user_id={USER}", user_id=STRANGER)
    assert status == 200
    assert theirs["accuracy"] == [10.0, 20.0]
    _, mine = await web.call("GET", "/api/stats")
    assert mine["accuracy"] == [60.0, 75.5, 90.0, 82.2]
    # initData for the player signed with another token, or another's initData with the user changed: refused
    assert (await web.call("GET", "/api/stats", data=init_data(USER, token="1:forged")))[0] == 401
    forged = init_data(STRANGER).replace(str(STRANGER), str(USER))
    assert (await web.call("GET", "/api/stats", data=forged))[0] == 401


def test_the_sparkline_runs_from_the_lowest_to_the_highest():
    assert sparkline([0.0, 100.0]) == "▁█"
    assert sparkline([60.0, 75.5, 90.0, 82.25]) == "▁▅█▆"
    assert sparkline([70.0, 70.0, 70.0]) == "▄▄▄"
    assert sparkline([]) == ""


def test_the_trend_needs_two_reviewed_games_and_shows_the_last_twenty():
    assert accuracy_trend("en", []) is None
    assert accuracy_trend("en", [80.0]) is None
    line = plain(accuracy_trend("en", [float(i) for i in range(30)]) or "")
    assert line == "🎯 Accuracy in your last 20\u00a0reviewed games: ▁▁▂▂▂▃▃▄▄▄▅▅▅▆▆▇▇▇██ latest 29.0"  # 10 to 29


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "🎯 Accuracy in your last 4\u00a0reviewed games: ▁▅█▆ latest 82.2",
        ),  # 82.25 to a tenth, as Python rounds
        ("ru", "🎯 Точность в 4\u00a0последних разобранных играх: ▁▅█▆ в последней — 82,2"),
    ],
)
async def test_stats_in_the_chat_shows_the_accuracy_sparkline(web, language, expected):
    await seed(web.runtime.core.deps, USER)
    ann = Member(web.app, web.request, USER, "Ann", USER, language_code=language)
    replies = await ann.send("/stats")
    text = plain(replies[-1].params["text"])
    assert expected in text


async def test_stats_in_the_chat_shows_no_sparkline_with_one_reviewed_game(web):
    await seed(web.runtime.core.deps, USER, accuracy=[70.0])
    ann = Member(web.app, web.request, USER, "Ann", USER)
    replies = await ann.send("/stats")
    assert "🎯" not in replies[-1].params["text"]


async def test_the_stats_tabs_reads_search_their_indexes_and_scan_no_table(web):
    deps, conn = web.runtime.core.deps, web.runtime.store.conn
    await seed(deps, USER)
    await seed(deps, STRANGER, offset=100)
    traced: list[str] = []
    await conn.set_trace_callback(traced.append)
    status, _ = await web.call("GET", "/api/stats")
    await conn.set_trace_callback(None)
    assert status == 200
    plans = {}
    for sql in traced:
        for table in ("reviews", "rated_results", "ranked_results", "puzzle_attempts"):
            if f"FROM {table}" in sql or f"FROM {table} " in sql or f"JOIN {table}" in sql or f"{table} a" in sql:
                async with conn.execute("EXPLAIN QUERY PLAN " + sql, (USER, "digits", 50)[: sql.count("?")]) as c:
                    plans[table] = " / ".join(row[3] for row in await c.fetchall())
    assert set(plans) == {"reviews", "rated_results", "ranked_results", "puzzle_attempts"}
    assert "reviews_by_player" in plans["reviews"]
    assert "rated_results_by_player" in plans["rated_results"]
    assert "ranked_results_by_player" in plans["ranked_results"]
    assert "puzzle_attempts_rated" in plans["puzzle_attempts"]
    for plan in plans.values():
        assert "SCAN reviews" not in plan
        assert "SCAN rated_results" not in plan
        assert "SCAN ranked_results" not in plan
        assert "SCAN a" not in plan.replace("SCAN a USING", "")
