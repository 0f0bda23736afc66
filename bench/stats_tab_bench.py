"""The Mini App's Stats tab: how long GET /api/stats takes for a heavy player, and how long the page takes to draw it.

    PYTHONPATH=. python bench/stats_tab_bench.py [--calls 50] [--results 5000] [--reviews 2000] [--rated 2000]

The tests' harness (the bot's Application on a fresh SQLite file, its Mini App server on 127.0.0.1) with one player
who has `--results` results, `--reviews` reviewed games (each half classic, half mastermind, one of each in turn) and
`--rated` rated matches, ranked games and puzzles each (and as many of another player's, to search past): the time of
each of `--calls` GET /api/stats (the chat's variant, classic) and as many GET /api/stats?variant=mastermind (the HTTP
round trip: the initData's check, the reads of `bot/records/page.py`, the JSON), then, in headless Chromium (Debian's,
through Playwright), the time from tapping the bar's Stats entry to the three charts on screen, and from choosing the
other variant to its charts on screen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.flood import FloodGuard  # noqa: E402
from bot.store.rows import iso  # noqa: E402
from tests.bot.fakes import EPOCH, USER  # noqa: E402
from tests.webapp.browser import chromium, open_page, why_no_browser  # noqa: E402
from tests.webapp.harness import MiniApp, init_data, mini_app  # noqa: E402

VARIANTS = ("classic", "mastermind")  # a result's, a reviewed game's: one of each in turn


async def heavy(web: MiniApp, user_id: int, results: int, reviews: int, rated: int, offset: int) -> None:
    """A player with this many results, reviews and rated games of each kind."""
    deps, conn = web.runtime.core.deps, web.runtime.store.conn
    await conn.execute("PRAGMA foreign_keys=OFF")
    async with deps.transaction():
        await conn.executemany(
            "INSERT INTO game_results (game_id, user_id, chat_id, mode, variant, guesses, outcome, hinted, started_at,"
            " finished_at) VALUES (?, ?, ?, 'referee', ?, ?, 'won', 0, ?, ?)",
            [
                (
                    offset + i,
                    user_id,
                    user_id,
                    VARIANTS[i % 2],
                    3 + i % 6,
                    iso(EPOCH),
                    iso(EPOCH + timedelta(seconds=i)),
                )
                for i in range(results)
            ],
        )
        await conn.executemany(  # the reviewed games' rows, which say their variant (a group's: no page shows them)
            "INSERT INTO games (id, chat_id, user_id, mode, variant, status, started_at, finished_at)"
            " VALUES (?, -1, ?, 'referee', ?, 'won', ?, ?)",
            [(offset + i, user_id, VARIANTS[i % 2], iso(EPOCH), iso(EPOCH)) for i in range(max(results, reviews))],
        )
        await conn.executemany(
            "INSERT INTO reviews (kind, owner_id, user_id, version, review, made_at) VALUES ('game', ?, ?, 1, ?, ?)",
            [
                (
                    offset + i,
                    user_id,
                    json.dumps({"review": {"accuracy": 50 + i % 50}}),
                    iso(EPOCH + timedelta(seconds=i)),
                )
                for i in range(reviews)
            ],
        )
        await conn.executemany(
            "INSERT INTO rated_results (match_id, family, user_id, chat_id, rank, rated_at, mu, sigma)"
            " VALUES (?, 'digits', ?, -1, 1, ?, ?, 5)",
            [(offset + i, user_id, iso(EPOCH + timedelta(seconds=i)), 25 + i % 7) for i in range(rated)],
        )
        await conn.executemany(
            "INSERT INTO ranked_results (secret_id, user_id, family, place, mu_before, sigma_before, games_before, mu,"
            " sigma, rated_at) VALUES (?, ?, 'digits', 1, 25, 8, 0, ?, 5, ?)",
            [(offset + i, user_id, 25 + i % 5, iso(EPOCH + timedelta(seconds=i))) for i in range(rated)],
        )
        await conn.executemany(
            "INSERT OR IGNORE INTO puzzles (id, variant, version, seed, data, estimate, mu, sigma, made_at)"
            " VALUES (?, 'classic', 1, ?, '{}', 0, 25, 8, ?)",
            [(offset + i, offset + i, iso(EPOCH)) for i in range(rated)],
        )
        await conn.executemany(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, shown_at, rated_at, solved_first, rating_after)"
            " VALUES (?, ?, ?, ?, 1, ?)",
            [
                (user_id, offset + i, iso(EPOCH), iso(EPOCH + timedelta(seconds=i)), 1400 + i % 200)
                for i in range(rated)
            ],
        )
    await conn.execute("PRAGMA foreign_keys=ON")


async def main(calls: int, results: int, reviews: int, rated: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with mini_app(Path(folder), guard=FloodGuard(burst=1e9, rate=1e9)) as web:  # no allowance to meet
            await heavy(web, USER, results, reviews, rated, 1)
            await heavy(web, USER + 1, results, reviews, rated, 10_000_000)
            for path in ("/api/stats", "/api/stats?variant=mastermind"):
                took = []
                for _ in range(calls):
                    started = time.perf_counter()
                    status, found = await web.call("GET", path)
                    took.append((time.perf_counter() - started) * 1000)
                    assert status == 200, status
                    assert len(found["accuracy"]) == min(50, (reviews + 1) // 2)
                took.sort()
                print(
                    f"GET {path}, {results} results, {reviews} reviews, {rated} rated of each kind: median"
                    f" {statistics.median(took):.1f} ms, p90 {took[int(len(took) * 0.9)]:.1f} ms, max {took[-1]:.1f} ms"
                )
            if why_no_browser() is not None:
                return
            async with chromium() as browser:
                page = await open_page(browser, web.url, init_data(), width=360)
                await page.wait_for_selector("#tab-stats .label:not(:empty)")
                drawn = []
                for _ in range(10):
                    await page.click("#tab-game")
                    await page.evaluate("() => document.querySelectorAll('svg.chart').forEach((c) => c.remove())")
                    started = time.perf_counter()
                    await page.click("#tab-stats")
                    await page.wait_for_function("() => document.querySelectorAll('svg.chart').length === 3")
                    drawn.append((time.perf_counter() - started) * 1000)
                print(f"tap to the three charts drawn (Chromium, 360 px): median {statistics.median(drawn):.1f} ms")
                switched = []
                for i in range(10):
                    await page.evaluate("() => document.querySelectorAll('svg.chart').forEach((c) => c.remove())")
                    started = time.perf_counter()
                    chosen = VARIANTS[(i + 1) % 2]
                    await page.select_option("#stats-variant", chosen)
                    charts = 3 if chosen == "classic" else 2  # the colours have no ratings here: no third chart
                    await page.wait_for_function(f"() => document.querySelectorAll('svg.chart').length === {charts}")
                    switched.append((time.perf_counter() - started) * 1000)
                print(f"another variant chosen to its charts drawn: median {statistics.median(switched):.1f} ms")
                await page.context.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--results", type=int, default=5000)
    parser.add_argument("--reviews", type=int, default=2000)
    parser.add_argument("--rated", type=int, default=2000)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.calls, arguments.results, arguments.reviews, arguments.rated))
