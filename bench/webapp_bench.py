"""The Mini App's figures for docs/operators/figures.md: the page's weight, its time to first paint in headless
Chromium, and the API's time per move.

    PYTHONPATH=. python bench/webapp_bench.py [--moves 300] [--paints 15] [--players 1]

- page weight: the bytes of the page's files (index.html, its scripts, its style) as served, and gzipped;
  Telegram's own telegram-web-app.js is not counted (it loads from telegram.org, and is cached by the app);
- first paint: Debian's /usr/bin/chromium, headless, through Playwright, each run in a fresh browser context (no
  cache), the page and its API on 127.0.0.1, Telegram's script replaced by the tests' stub (served at once):
  `first-contentful-paint` (the page's own texts drawn) and when the session's answer is on screen;
- per move: POST /api/act of a referee guess, over HTTP on 127.0.0.1, to the Mini App's server on the real Core and
  a fresh SQLite file (the move, its reply in the outbox, its idempotency record, in one transaction with its
  fsync; then the state the page redraws from), classic with coaching on, each guess a code that still fits; a
  won game is followed by a new one (its start is not timed). `--players N` sends N players' moves at once.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import statistics
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

from bot.flood import FloodGuard
from engine.history import Turn, candidates
from engine.scoring import Score
from engine.variant import PRESETS

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.webapp.browser import chromium, open_page, why_no_browser  # noqa: E402
from tests.webapp.harness import MiniApp, init_data, mini_app  # noqa: E402

USER = 1001


def page_weight() -> dict[str, int]:
    """The bytes of the page's files, plain and gzipped."""
    folder = resources.files("bot.page") / "static"
    names = sorted(item.name for item in folder.iterdir() if item.name.endswith((".html", ".js", ".css")))
    plain = {name: len((folder / name).read_bytes()) for name in names}
    zipped = sum(len(gzip.compress((folder / name).read_bytes(), 9)) for name in plain)
    return {**plain, "total": sum(plain.values()), "gzipped": zipped}


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


async def first_paints(web: MiniApp, runs: int) -> dict[str, float]:
    """Median and p95 of first-contentful-paint and of the game on screen (the session answered and drawn), in ms."""
    paints, ready = [], []
    async with chromium() as browser:
        for _ in range(runs):
            page = await open_page(browser, web.url, init_data())
            await page.wait_for_selector("#new-play", state="visible")
            timing = await page.evaluate(
                "(() => { const p = performance.getEntriesByName('first-contentful-paint')[0];"
                " return { fcp: p ? p.startTime : null, now: performance.now() }; })()"
            )
            paints.append(float(timing["fcp"]))
            ready.append(float(timing["now"]))
            await page.context.close()
    return {
        "fcp_median_ms": round(statistics.median(paints), 1),
        "fcp_p95_ms": round(percentile(paints, 0.95), 1),
        "drawn_median_ms": round(statistics.median(ready), 1),
        "drawn_p95_ms": round(percentile(ready, 0.95), 1),
    }


async def player_moves(web: MiniApp, user_id: int, moves: int, rng: random.Random) -> list[float]:
    """Seconds each of `moves` guesses took, one player playing games one after another."""
    classic = PRESETS["classic"]
    taken: list[float] = []
    game: dict[str, Any] | None = None
    while len(taken) < moves:
        if game is None or not game["active"]:
            status, answer = await web.call(
                "POST", "/api/act", {"key": f"new-{user_id}-{len(taken)}", "command": "play"}, user_id=user_id
            )
            assert status == 200, answer
            game = answer["game"]
            assert game is not None
        turns = [Turn(t["guess"], Score(t["bulls"], t["cows"])) for t in game["turns"]]
        fitting = candidates(classic, turns)
        code = classic.code(int(fitting[rng.randrange(len(fitting))]))
        move = {"key": f"m-{user_id}-{len(taken)}", "text": code, "game": game["id"], "revision": game["revision"]}
        started = time.perf_counter()
        status, answer = await web.call("POST", "/api/act", move, user_id=user_id)
        taken.append(time.perf_counter() - started)
        assert status == 200, answer
        assert answer["did"] == "made", answer
        game = answer["game"]
    return taken


async def main(moves: int, paints: int, players: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"page": page_weight()}
    with tempfile.TemporaryDirectory() as folder:
        # no allowance to run out of: the bench measures the moves, not the flood guard (which a page never meets)
        async with mini_app(Path(folder), seed=7, guard=FloodGuard(burst=1e9, rate=1e9)) as web:
            if why_no_browser() is None:
                figures["first_paint"] = await first_paints(web, paints)
            else:
                figures["first_paint"] = f"skipped: {why_no_browser()}"
            await player_moves(web, USER, 5, random.Random(0))  # warm: the engine's tables, the first statements
            rng = random.Random(1)
            started = time.perf_counter()
            each = await asyncio.gather(
                *(
                    player_moves(web, USER + 1 + n, moves // players, random.Random(rng.random()))
                    for n in range(players)
                )
            )
            wall = time.perf_counter() - started
            times = [t * 1000 for player in each for t in player]
            figures["moves"] = {
                "players": players,
                "moves": len(times),
                "per_second": round(len(times) / wall, 1),
                "p50_ms": round(statistics.median(times), 2),
                "p95_ms": round(percentile(times, 0.95), 2),
                "max_ms": round(max(times), 2),
            }
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--paints", type=int, default=15)
    parser.add_argument("--players", type=int, default=1)
    options = parser.parse_args()
    print(json.dumps(asyncio.run(main(options.moves, options.paints, options.players)), indent=2))
