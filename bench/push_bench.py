"""The Mini App's push: how soon a move typed in the chat shows on the page, and what an idle page asks of the server.

    PYTHONPATH=. python bench/push_bench.py [--moves 30] [--idle 60]

Both with the page's stream (push) and with the stream refused, when the page polls every 3 s as it did before push:

- delay: a /play game open in headless Chromium (Debian's /usr/bin/chromium through Playwright, the tests' harness:
  the bot's Application on a fresh SQLite file, its Mini App server on 127.0.0.1); a guess sent to the chat as
  Telegram sends it (recorded in the inbox, processed by the intake and committed); the time from that commit to
  the page drawing the guess's row (a MutationObserver in the page stamps it; both clocks are this machine's);
- idle: the requests the page makes in `--idle` seconds while nothing happens, counted by the browser, per minute.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from itertools import permutations
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.page import push  # noqa: E402
from tests.bot.fakes import UPDATE_IDS, USER  # noqa: E402
from tests.bot.members import Chat  # noqa: E402
from tests.webapp.browser import chromium, open_page, why_no_browser  # noqa: E402
from tests.webapp.harness import MiniApp, init_data, mini_app  # noqa: E402

WATCH = """() => {
  window.__drawn = [];
  new MutationObserver(() => window.__drawn.push([document.querySelectorAll('#turns tr').length,
    performance.timeOrigin + performance.now()])).observe(document.getElementById('turns'), {childList: true});
}"""


async def committed_move(web: MiniApp, chat: Chat, code: str) -> float:
    """Send a guess to the chat as Telegram would; the wall-clock time (ms) its update was committed."""
    intake, sender = web.app.bot_data.intake, web.app.bot_data.sender
    await intake.record([{"update_id": next(UPDATE_IDS), "message": chat.message(code)}])
    await intake.drain()  # returns once the batch is committed
    at = time.time() * 1000
    await sender.flush()
    return at


async def delays(web: MiniApp, browser: Any, moves: int) -> list[float]:
    """Milliseconds from each chat move's commit to the page showing it."""
    chat = web.chat()
    await chat.send("/play")
    game = await web.runtime.store.games.active_game(USER)
    assert game is not None
    codes = ["".join(p) for p in permutations("0123456789", 4) if p[0] != "0" and "".join(p) != game.secret]
    page = await open_page(browser, web.url, init_data())
    await page.wait_for_selector("#keypad button", timeout=30_000)
    await page.wait_for_timeout(1000)  # the stream open (or the first poll due)
    await page.evaluate(WATCH)
    found = []
    for n in range(1, moves + 1):
        at = await committed_move(web, chat, codes[n * 37 % len(codes)])
        await page.wait_for_selector(f"#turns tr:nth-child({n})", timeout=30_000)
        drawn = await page.evaluate(f"window.__drawn.find(([rows]) => rows >= {n})[1]")
        found.append(drawn - at)
    await page.context.close()
    return found


async def idle_requests(web: MiniApp, browser: Any, seconds: float) -> dict[str, int]:
    """The requests an open page makes in `seconds` while nothing happens, by path."""
    await web.chat().send("/play")
    page = await open_page(browser, web.url, init_data())
    await page.wait_for_selector("#keypad button", timeout=30_000)
    await page.wait_for_timeout(3000)  # settled: the stream open, or refused and polling
    asked: dict[str, int] = {}
    page.on("request", lambda request: asked.update({(p := urlparse(request.url).path): asked.get(p, 0) + 1}))
    await page.wait_for_timeout(seconds * 1000)
    await page.context.close()
    return asked


async def run(moves: int, idle: float) -> dict[str, Any]:
    results: dict[str, Any] = {}
    async with chromium() as browser:
        for name, limit in (("push", push.MAX_STREAMS), ("polling", 0)):
            # a server of its own for each measure (its streams end when it stops); none may open when polling
            with tempfile.TemporaryDirectory() as folder:
                async with mini_app(Path(folder), streams=push.Streams(limit=limit)) as web:
                    found = sorted(await delays(web, browser, moves))
            with tempfile.TemporaryDirectory() as folder:
                async with mini_app(Path(folder), streams=push.Streams(limit=limit)) as web:
                    asked = await idle_requests(web, browser, idle)
            results[name] = {
                "delay_ms": {
                    "median": round(statistics.median(found), 1),
                    "p90": round(found[int(0.9 * (len(found) - 1))], 1),
                    "max": round(found[-1], 1),
                },
                "idle_requests_per_minute": round(sum(asked.values()) * 60 / idle, 1),
                "idle_requests": asked,
            }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=30, help="chat moves timed, each mode")
    parser.add_argument("--idle", type=float, default=60.0, help="seconds an idle page is watched, each mode")
    args = parser.parse_args()
    if (why := why_no_browser()) is not None:
        sys.exit(why)
    print(json.dumps(asyncio.run(run(args.moves, args.idle)), indent=2))


if __name__ == "__main__":
    main()
