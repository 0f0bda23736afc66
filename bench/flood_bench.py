"""Flood benchmark: one player floods the bot with requests that need the engine while another plays; how long the
other player's replies take, with and without the flood, side by side in one run.

    PYTHONPATH=. .venv/bin/python bench/flood_bench.py [--moves 40] [--requests 30] [--rounds 3] [--json]

The real bot process (`python -m bot`, a fresh database, no puzzles made ahead) runs against the Bot API emulator.
In each round, first the player alone plays `--moves` guesses of classic referee games (the engine's guesses, one at a
time: guess sent -> its score delivered, as `bench/load_bench.py` measures); then the same while a new player in
another private chat sends `--requests` puzzle requests at once across the big variants (`/puzzle 6r10`, `/puzzle
6r10z`, ...: each finds an empty shelf, so puzzles are made on the fly). Reported: the player's reply latency p50
and p95 alone and under the flood (over every round's moves), the ratio, how many of the flooder's requests were
answered, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_bench import Chat, Player, Rig, Seen, pct  # a script beside this one

BIG = [
    "6r10", "6r10z", "6d10", "6d10z", "5r10", "5r10z", "5d10", "5d10z", "4r10z", "mastermind10",
    "3r10", "3r10z", "3d10", "3d10z", "nozero", "mastermind",
]  # fmt: skip
PATIENCE = 120.0
PACE = 0.6  # seconds between a reply and the player's next message: within the flood guard's rate (2 a second)


class PacedPlayer(Player):
    """A player who reads each reply for PACE seconds before the next message, as a person at the keyboard does."""

    async def wait(self, check: Any, what: str, patience: float) -> Seen | None:
        seen = await super().wait(check, what, patience)
        await asyncio.sleep(PACE)
        return seen


def user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": name}


async def flood(http: httpx.AsyncClient, token: str, requests: int, chat_id: int, stop: asyncio.Event) -> int:
    """A new player's puzzle requests across the big variants, as fast as the flood guard lets them through: each
    `/puzzle V`, then its give-up button, so the next request finds no open puzzle and has one made. How many were
    answered comes back."""
    chat = MarkedChat(http, token, chat_id)
    flooder = PacedPlayer(0, chat, user(chat_id, "Flood"))
    answered = 0
    for index in range(requests):
        if stop.is_set():
            break
        await flooder.send(f"/puzzle {BIG[index % len(BIG)]}", command=True)
        shown = await flooder.wait(lambda e: "🧩" in e.text, "a puzzle", PATIENCE)
        if shown is None:
            break
        answered += 1
        give_up = chat.give_ups.get(shown.message_id)
        if give_up is not None:
            await _press(http, token, flooder.user, chat_id, shown.message_id, give_up)
            await asyncio.sleep(PACE)
    return answered


class MarkedChat(Chat):
    """A chat whose messages' buttons are kept too (the flooder presses them)."""

    def __init__(self, http: httpx.AsyncClient, token: str, chat_id: int) -> None:
        super().__init__(http, token, chat_id)
        self.give_ups: dict[int, str] = {}  # message id -> its give-up button's callback data

    async def poll(self) -> None:
        response = await self.http.post("/getUpdates", json={"token": self.token, "chatId": self.chat_id})
        items = response.json()["result"]
        for item in items:
            markup = item["message"].get("reply_markup") or {}
            for row in markup.get("inline_keyboard", []):
                for button in row:
                    if str(button.get("callback_data", "")).startswith("pz:g:"):
                        self.give_ups[int(item["messageId"])] = str(button["callback_data"])
        self._record(items)


async def _press(
    http: httpx.AsyncClient, token: str, who: dict[str, Any], chat_id: int, message_id: int, data: str
) -> None:
    chat = {"id": chat_id, "type": "private", "first_name": who["first_name"]}
    message = {"message_id": message_id, "date": int(time.time()), "chat": chat, "text": "🧩"}
    payload = {"botToken": token, "from": who, "message": message, "data": data, "chat_instance": str(chat_id)}
    (await http.post("/sendCallback", json=payload)).raise_for_status()


async def play(http: httpx.AsyncClient, token: str, chat_id: int, moves: int) -> list[float]:
    """`moves` guesses of classic games from a fresh player, paced as a person's; each reply's latency (sent ->
    delivered), seconds."""
    player = PacedPlayer(chat_id, Chat(http, token, chat_id), user(chat_id, f"P{chat_id}"))
    await player.play(moves, time.monotonic() + PATIENCE * 4, PATIENCE)
    if player.problems:
        raise SystemExit(f"the player's game broke: {player.problems[0]}")
    return player.latencies


async def run(moves: int, requests: int, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="flood-bench-") as workdir:
        rig = Rig(Path(workdir))
        try:
            rig.bot.start_and_wait()
            alone: list[float] = []
            flooded: list[float] = []
            answered = 0
            async with httpx.AsyncClient(base_url=rig.api.base_url, timeout=30) as http:
                await play(http, rig.token, 600_000, 3)  # warm: the first game's tables and the emulator
                for number in range(rounds):
                    alone += await play(http, rig.token, 610_000 + number, moves)
                    stop = asyncio.Event()
                    flooding = asyncio.create_task(flood(http, rig.token, requests, 700_000 + number, stop))
                    await asyncio.sleep(PACE)  # the flood's first request is in before the player's first move
                    flooded += await play(http, rig.token, 620_000 + number, moves)
                    stop.set()
                    answered += await flooding
        finally:
            rig.stop()
            if os.environ.get("KEEP_LOG"):
                print((Path(workdir) / "bot.log").read_text(), file=sys.stderr)
    return {
        "moves": moves,
        "requests": requests,
        "rounds": rounds,
        "alone": {"n": len(alone), "p50": pct(alone, 0.5), "p95": pct(alone, 0.95), "max": max(alone)},
        "flooded": {"n": len(flooded), "p50": pct(flooded, 0.5), "p95": pct(flooded, 0.95), "max": max(flooded)},
        "flood_answered": answered,
        "load": os.getloadavg(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40, help="guesses the player makes, alone and under the flood")
    parser.add_argument("--requests", type=int, default=30, help="puzzle requests the flooder sends at most a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(run(args.moves, args.requests, args.rounds))
    if args.json:
        print(json.dumps(result))
        return 0
    alone, flooded = result["alone"], result["flooded"]
    print(f"another player's reply latency over {alone['n']} and {flooded['n']} moves ({result['rounds']} rounds):")
    for name, seen in (("alone", alone), ("under a flood", flooded)):
        p50, p95, most = (seen[key] * 1000 for key in ("p50", "p95", "max"))
        print(f"  {name:14} p50 {p50:7.0f} ms   p95 {p95:7.0f} ms   max {most:7.0f} ms")
    print(f"  ratio (flood / alone)  p50 {flooded['p50'] / alone['p50']:.2f}   p95 {flooded['p95'] / alone['p95']:.2f}")
    print(f"the flooder's puzzle requests answered while the player played: {result['flood_answered']}")
    print("load average: " + ", ".join(f"{x:.2f}" for x in result["load"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
