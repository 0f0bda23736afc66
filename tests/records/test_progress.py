"""Your progress, in pictures (issue 35 §4): the page's Stats tab (GET /api/stats) gives known numbers for known data,
only ever the asker's; /stats in the chat draws the accuracy trend of the reviewed games as a sparkline. The tab's
variant choice (GET /api/stats?variant=<name>): the variants the player has played, each read with its own
distribution and accuracy, ratings per family; any other name is refused in one log line."""

from __future__ import annotations

import logging
from dataclasses import replace
from urllib.parse import quote

import pytest

from bot.chats.settings import Settings
from bot.records.board import accuracy_trend, sparkline
from bot.texts import plain
from engine.variant import variant_named
from tests.bot.fakes import USER
from tests.bot.members import Member
from tests.records.progress import (
    DISTRIBUTION,
    MASTERMIND_ACCURACY,
    MASTERMIND_DISTRIBUTION,
    MASTERMIND_GAMES,
    MASTERMIND_PUZZLES_SHOWN,
    MATCHES_SHOWN,
    PUZZLES_SHOWN,
    RANKED_SHOWN,
    seed,
    seed_two_variants,
    seed_variant,
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


async def test_stats_in_the_chat_draws_the_trend_of_the_variant_it_shows(web):
    # /stats is a variant's record: its sparkline is that variant's reviewed games, as the Stats tab's accuracy is
    await seed_two_variants(web.runtime.core.deps, USER)
    ann = Member(web.app, web.request, USER, "Ann", USER)
    classic = plain((await ann.send("/stats"))[-1].params["text"])
    assert "last 4\u00a0reviewed games: ▁▅█▆ latest 82.2" in classic
    mastermind = plain((await ann.send("/stats mastermind"))[-1].params["text"])
    assert "last 2\u00a0reviewed games: ▁█ latest 55.0" in mastermind


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
    for alias in ("g", "m"):  # the variant of what each review is of: its game's or its match's row, by its key
        assert f"SEARCH {alias} USING INTEGER PRIMARY KEY" in plans["reviews"], plans["reviews"]
    assert "rated_results_by_player" in plans["rated_results"]
    assert "ranked_results_by_player" in plans["ranked_results"]
    assert "puzzle_attempts_rated" in plans["puzzle_attempts"]
    for plan in plans.values():
        assert "SCAN reviews" not in plan
        assert "SCAN rated_results" not in plan
        assert "SCAN ranked_results" not in plan
        assert "SCAN a" not in plan.replace("SCAN a USING", "")


# --- the variant choice ------------------------------------------------------------------------------------------


async def two_variants(web, user_id: int = USER, offset: int = 0) -> None:
    await seed_two_variants(web.runtime.core.deps, user_id, offset=offset)


def bars(found) -> dict[int, int]:
    return {bar["guesses"]: bar["count"] for bar in found["distribution"]}


async def test_the_tab_offers_the_variants_played_and_each_gives_its_own_numbers(web):
    await two_variants(web)
    status, classic = await web.call("GET", "/api/stats")
    assert status == 200
    assert classic["variant"] == "classic"  # the chat's, chosen at first
    assert classic["variants"] == [
        {"name": "classic", "label": "4 digits, no repeats"},  # most played first, as /stats's buttons
        {"name": "mastermind", "label": "Mastermind 4×6 (colours)"},
    ]
    assert classic["variantTitle"] == "Variant"
    assert bars(classic) == DISTRIBUTION
    assert classic["accuracy"] == [60.0, 75.5, 90.0, 82.2]  # classic's reviews only
    status, colours = await web.call("GET", "/api/stats?variant=mastermind")
    assert status == 200
    assert colours["variant"] == "mastermind"
    assert colours["variants"] == classic["variants"]
    assert colours["title"] == "📊 Your progress · Mastermind 4×6 (colours)"
    assert colours["record"]["title"] == "📊 Your record · Mastermind 4×6 (colours)"
    assert bars(colours) == MASTERMIND_DISTRIBUTION
    assert colours["distributionNote"] == "4\u00a0wins without hints, by the number of guesses"
    assert colours["accuracy"] == MASTERMIND_ACCURACY
    assert colours["accuracyNote"] == "Your last 2\u00a0reviewed games · 47.5 on average"
    # ratings stay per family: the colours' one puzzle rating, no digits' matches or ranked games; the tab says so
    assert [(series["name"], series["values"]) for series in colours["ratings"]] == [
        ("Puzzles", MASTERMIND_PUZZLES_SHOWN)
    ]
    assert colours["ratingsFamily"] == (
        "Ratings are kept per family, not per variant: these count all your games with repeats (Mastermind's family)."
    )
    assert classic["ratingsFamily"].endswith("these count all your games without repeats.")
    # and back: the chat's variant by name gives what the bare call gives
    assert (await web.call("GET", "/api/stats?variant=classic"))[1] == classic


async def test_the_choice_speaks_russian(web):
    await two_variants(web)
    status, found = await web.call("GET", "/api/stats?variant=mastermind", language="ru")
    assert status == 200
    assert found["variantTitle"] == "Вариант"
    assert [choice["label"] for choice in found["variants"]] == ["4 цифры без повторов", "Мастермайнд 4×6 (цвета)"]
    assert found["accuracyNote"] == "Последние 2\u00a0разобранные игры · в среднем 47,5"
    assert found["ratingsFamily"] == (
        "Рейтинг ведётся не по вариантам, а по семействам:"
        " здесь учтены все твои игры с повторами, как в «Мастермайнде»."
    )


async def test_a_variant_not_played_has_no_accuracy_of_its_own(web):
    deps = web.runtime.core.deps
    await seed_variant(deps, USER, "mastermind", MASTERMIND_GAMES, [], offset=500)
    await seed(deps, USER)
    _, found = await web.call("GET", "/api/stats?variant=mastermind")
    assert found["accuracy"] == []  # classic's four reviews are not mastermind's
    assert found["accuracyNote"] == (
        "No reviewed games in this variant yet: /review after a game shows how well you played it."
    )


async def test_the_list_offers_only_the_variants_the_player_has_played(web):
    deps = web.runtime.core.deps
    await two_variants(web)
    await seed_variant(deps, STRANGER, "nozero", MASTERMIND_GAMES, [70.0], offset=900)  # another player's variant
    _, found = await web.call("GET", "/api/stats")
    assert [choice["name"] for choice in found["variants"]] == ["classic", "mastermind"]
    # one variant played, the chat's: nothing to choose (the page shows no control), and no family note
    _, theirs = await web.call("GET", "/api/stats", user_id=STRANGER)
    assert [choice["name"] for choice in theirs["variants"]] == ["classic", "nozero"]  # the chat's, not played, first
    _, alone = await web.call("GET", "/api/stats", user_id=STRANGER + 1)
    assert [choice["name"] for choice in alone["variants"]] == ["classic"]
    assert alone["ratingsFamily"] is None
    assert alone["empty"] is not None


async def test_a_chat_in_a_variant_not_played_offers_it_first_and_shows_the_choice_not_the_empty_state(web):
    deps = web.runtime.core.deps
    await seed_variant(deps, USER, "mastermind", MASTERMIND_GAMES, [], offset=500)
    async with deps.transaction():
        await deps.store.settings.save(USER, replace(Settings(), variant=variant_named("nozero")), deps.clock())
    status, found = await web.call("GET", "/api/stats")
    assert status == 200
    assert found["variant"] == "nozero"
    assert [choice["name"] for choice in found["variants"]] == ["nozero", "mastermind"]
    assert found["empty"] is None  # nothing in nozero, but mastermind to switch to
    assert found["distribution"] == []
    _, colours = await web.call("GET", "/api/stats?variant=mastermind")
    assert bars(colours) == MASTERMIND_DISTRIBUTION


BAD_VARIANTS = [
    "",  # no name
    "CLASSIC",  # not a stored name
    "mastermind10",  # a variant, but one the player has not played
    "5d10",
    "nozero",  # another player's
    "unknown",
    "classic'--",
    "classic\nfake log line",
    "../../etc/passwd",
    "<script>",
    "x" * 5000,
    "классика",
]


async def test_a_variant_the_tab_does_not_offer_is_refused_in_one_log_line(web, caplog):
    await two_variants(web)
    await seed_variant(web.runtime.core.deps, STRANGER, "nozero", MASTERMIND_GAMES, [70.0], offset=900)
    for bad in BAD_VARIANTS:
        caplog.clear()
        with caplog.at_level(logging.INFO):
            status, answer = await web.call("GET", "/api/stats?variant=" + quote(bad, safe=""))
        assert (status, answer) == (400, {"error": 400}), bad[:40]
        records = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(records) == 1, [r.getMessage() for r in records]
        assert records[0].exc_info is None
        line = records[0].getMessage()
        assert "\n" not in line
        assert bad[:40] not in line or bad in ("", "CLASSIC"), line  # the value is never logged


async def test_a_repeated_variant_counts_as_first_given_and_other_names_are_left_alone(web):
    await two_variants(web)
    status, found = await web.call("GET", f"/api/stats?variant=mastermind&variant=nozero&user={STRANGER}")
    assert status == 200
    assert found["variant"] == "mastermind"
    assert bars(found) == MASTERMIND_DISTRIBUTION
