"""Reminders benchmark: how long a burst of reminders takes to decide and to send within Telegram's limits, and what it
does to the replies players wait for meanwhile.

    PYTHONPATH=. .venv/bin/python bench/reminders_bench.py [--players 10000] [--latency 0.05] [--replies 2] [--json]

The bot's Application on a fresh SQLite file, its real sender and pace (bot/telegram_io/pacing.py), and a stand-in
for the Bot API that answers every call after `--latency` seconds. `--players` players asked for the new puzzle of
the day; the clock is set to their hour the next day and the reminders' timer runs once (timed: the decision, a
chunk of players a transaction, and how long each chunk held the write lock). Then the sender sends them (timed:
from the timer's start to the last reminder answered), while a player's reply is queued `--replies` times a second,
each timed from its commit to Telegram's answer. Reported: the times, the most calls made in any one second (at most
30), and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.config import Config, Secret  # noqa: E402
from bot.outgoing import tell  # noqa: E402
from bot.reminders import service  # noqa: E402
from bot.replies import Notice, Outcome, Reply  # noqa: E402
from bot.telegram_io.app import build_application, close_bot, open_bot  # noqa: E402
from bot.texts import Html  # noqa: E402
from tests.bot.fakes import TOKEN, Clock, RecordingRequest  # noqa: E402

SWITCHED_ON = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)
THE_HOUR = datetime(2025, 1, 2, 9, 0, 1, tzinfo=UTC)
PLAYER = 7  # the chat whose replies are timed


class SlowApi(RecordingRequest):
    """Answers like Telegram after `latency` seconds; keeps when each message call was made, and when the timed
    player's replies were answered."""

    def __init__(self, latency: float) -> None:
        super().__init__()
        self.latency = latency
        self.made: list[float] = []
        self.answered: list[float] = []
        self.reply = asyncio.Event()  # set when the timed player's reply is answered

    async def do_request(self, url: str, method: str, request_data: Any = None, **kwargs: Any) -> tuple[int, bytes]:
        if url.endswith("sendMessage"):
            self.made.append(time.monotonic())
        await asyncio.sleep(self.latency)
        answer = await super().do_request(url, method, request_data, **kwargs)
        if url.endswith("sendMessage") and request_data and int(request_data.parameters["chat_id"]) == PLAYER:
            self.answered.append(time.monotonic())
            self.reply.set()
        self.calls.clear()  # 10,000 calls kept would be the bench's memory, not the bot's
        return answer


def most_in_a_second(times: list[float]) -> int:
    """The most calls made within any one second."""
    most, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


async def run(players: int, latency: float, replies_per_second: float) -> dict[str, Any]:
    api = SlowApi(latency)
    with tempfile.TemporaryDirectory() as folder:
        config = Config(token=Secret(TOKEN), database_path=Path(folder) / "db.sqlite3")
        app = build_application(config, request=api, rate_limit=True)
        clock = Clock(SWITCHED_ON)
        runtime = await open_bot(app, config, clock=clock)
        store, sender = runtime.store, app.bot_data.sender
        async with store.transaction():
            await store.conn.executemany(
                "INSERT INTO reminder_wishes (user_id, topic, hour, since) VALUES (?, 'puzzle', 9, ?)",
                [(1000 + n, "2025-01-01T09:00:00.000+00:00") for n in range(players)],
            )
        clock.now = THE_HOUR
        sender.start()
        holds: list[float] = []
        deps = runtime.core.deps
        plain = deps.transaction

        @asynccontextmanager
        async def timed() -> AsyncIterator[None]:  # how long each of the timer's transactions held the write lock
            async with plain():
                at = time.monotonic()
                yield
            holds.append(time.monotonic() - at)

        began = time.monotonic()
        deps.transaction = timed  # type: ignore[method-assign]
        try:
            queued = await service.run(deps, runtime.core.features.reminders.kinds, sender.wake)
        finally:
            deps.transaction = plain  # type: ignore[method-assign]
        decided = time.monotonic() - began

        waits: list[float] = []

        async def player() -> None:
            while True:
                async with store.transaction():
                    await tell(store, Notice(PLAYER, Outcome.say(Reply(Html("your move")))), clock())
                queued_at = time.monotonic()
                api.reply.clear()
                sender.wake()
                await api.reply.wait()
                waits.append(api.answered[-1] - queued_at)
                await asyncio.sleep(1 / replies_per_second)

        playing = asyncio.create_task(player())
        while await store.outbox.next_due(bulk=True) is not None:  # noqa: ASYNC110 (the outbox is a table)
            await asyncio.sleep(0.25)
        sent = time.monotonic() - began
        playing.cancel()
        await close_bot(app)
    return {
        "players": players,
        "queued": queued,
        "latency_s": latency,
        "decide_s": round(decided, 2),
        "longest_hold_ms": round(max(holds) * 1000, 1),
        "send_s": round(sent, 1),
        "per_second": round(queued / sent, 1),
        "most_in_a_second": most_in_a_second(api.made),
        "reply_waits_ms": {
            "n": len(waits),
            "p50": round(statistics.median(waits) * 1000, 1),
            "p95": round(sorted(waits)[int(len(waits) * 0.95)] * 1000, 1),
            "max": round(max(waits) * 1000, 1),
        },
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--latency", type=float, default=0.05, help="seconds the Bot API takes to answer a call")
    parser.add_argument("--replies", type=float, default=2.0, help="a player's replies queued a second meanwhile")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = asyncio.run(run(args.players, args.latency, args.replies))
    print(json.dumps(found) if args.json else json.dumps(found, indent=2))


if __name__ == "__main__":
    main()
