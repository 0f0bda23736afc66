"""Load benchmark: the real bot process (`python -m bot`) driven through the Bot API emulator by many players.

    PYTHONPATH=. .venv/bin/python bench/load_bench.py --chats 50 --moves 10 --faults none --seconds 120 [--json]
    PYTHONPATH=. .venv/bin/python bench/load_bench.py --group [--players 30] [--rounds 2] [--json]

Private mode: `--chats` players, each in their own private chat, play referee games at once (asyncio over the
emulator's HTTP API, loopback only). Each sends a guess (the engine's guesser, fed the scores the bot replies
with), waits for its score, sends the next; a won game is followed by /play. Every player stops after `--moves`
guesses or when `--seconds` have passed, whichever comes first; then the outbox is given time to drain.

Measured: moves a second (rows of the bot's `moves` table over the wall time, and scores seen), reply latency
per move (guess sent -> score message stored by the emulator, i.e. delivered; and -> seen by the player's poll),
"Sorry" replies (texts' `error`, must be 0), moves stored vs guesses sent (exactly once: must be equal),
duplicate replies (the residue of a send whose answer was lost), and the Bot API calls the emulator saw for
sendMessage, editMessageText and answerCallbackQuery: attempted, faulted, applied.

`--faults`: injected on those three methods, seeded: 429 (1 in 5, retry_after 1), 5xx (500, 1 in 5), reset
(1 in 10), slow (1 in 20, answered 4 s late: past the bot's TELEGRAM_TIMEOUT of 3 s, but applied), or mix (all
four stacked at half those rates: 429 1/10, 500 1/10, reset 1/20, slow 1/40).

Group mode: `--players` users in one supergroup; one starts a race (/challenge), then all send `/g <guess>` at
the same moment, `--rounds` times. The emulator's flood control is on (20 messages a minute per group, 30 a
second per bot), so the bot must merge the scores that wait for the group's budget. Reported: per round, the
time from the burst until every guess's score is visible, and the latency of each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bot.texts import EN, plain
from engine.guesser import next_guess
from engine.history import Turn
from engine.scoring import Score
from engine.variant import PRESETS
from tests.e2e.client import Emulator, plain_text
from tests.e2e.games import CODE, NUMBER, SCORE, WON, text_pattern, turn_line
from tests.e2e.processes import BotProcess, EmulatorProcess, ensure_node_modules

CLASSIC = PRESETS["classic"]
METHODS = ("sendMessage", "editMessageText", "answerCallbackQuery")
SLOW_DELAY = 4.0  # seconds: past the harness's TELEGRAM_TIMEOUT of 3 s
SORRY = plain(EN["error"]).split(",")[0]  # "Sorry"
FLOOD = plain(EN["flood"]).split("!")[0]  # "Easy there"
STARTED = plain(EN["ref.started"]).split(":")[0]  # "I've picked a secret"
RACE_STARTED = re.compile(re.escape(plain(EN["race.started"]).split(":")[0]))
RACE_LINE = re.compile(text_pattern("race.turn", name=r"(?P<name>P\d\d)", n=NUMBER, guess=CODE, score=SCORE))
RACE_WON = re.compile(r"(?P<name>P\d\d) found")
POLL = 0.02  # seconds between a player's polls of its chat

# kind -> list of (fault kind, probability, extra arguments)
FAULT_MIXES: dict[str, list[tuple[str, float, dict[str, Any]]]] = {
    "none": [],
    "429": [("429", 1 / 5, {"retry_after": 1})],
    "5xx": [("500", 1 / 5, {})],
    "reset": [("reset", 1 / 10, {})],
    "slow": [("slow", 1 / 20, {"delay": SLOW_DELAY})],
    "mix": [
        ("429", 1 / 10, {"retry_after": 1}),
        ("500", 1 / 10, {}),
        ("reset", 1 / 20, {}),
        ("slow", 1 / 40, {"delay": SLOW_DELAY}),
    ],
}


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of the values, nearest rank; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


@dataclass
class Seen:
    """One bot message (or edit) as a player's poll found it."""

    message_id: int
    text: str
    stored_ms: float  # when the emulator stored the message (its first sending), epoch ms
    seen: float  # when the poll saw it, epoch seconds
    edited: bool


class Chat:
    """A chat's bot messages, read by polling the emulator's user side."""

    def __init__(self, http: httpx.AsyncClient, token: str, chat_id: int) -> None:
        self.http, self.token, self.chat_id = http, token, chat_id
        self.events: list[Seen] = []
        self.cursor = 0
        self.known: set[int] = set()

    async def poll(self) -> None:
        response = await self.http.post("/getUpdates", json={"token": self.token, "chatId": self.chat_id})
        self._record(response.json()["result"])

    def _record(self, items: list[dict[str, Any]]) -> None:
        now = time.time()
        for item in items:
            message = item["message"]
            text = plain_text(str(message.get("text", "")), message.get("parse_mode"))
            message_id = int(item["messageId"])
            self.events.append(
                Seen(message_id, text, float(item.get("time", now * 1000)), now, message_id in self.known)
            )
            self.known.add(message_id)

    async def next_event(self, deadline: float) -> Seen | None:
        """The next unread event, polling until the deadline (monotonic); None if nothing came."""
        while self.cursor >= len(self.events):
            if time.monotonic() > deadline:
                return None
            await asyncio.sleep(POLL)
            await self.poll()
        event = self.events[self.cursor]
        self.cursor += 1
        return event


@dataclass
class Player:
    """One user in a private chat playing referee games back to back."""

    index: int
    chat: Chat
    user: dict[str, Any]
    sent: int = 0  # guesses sent
    scored: int = 0  # guesses whose score arrived
    games: int = 0
    won: int = 0
    latencies: list[float] = field(default_factory=list)  # send -> delivered (emulator), seconds
    seen_latencies: list[float] = field(default_factory=list)  # send -> seen by this player's poll
    sorry: list[str] = field(default_factory=list)
    flood: int = 0
    duplicates: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # a reply that never came, a wrong score...
    last_seen: float = 0.0

    async def send(self, text: str, command: bool = False) -> None:
        body: dict[str, Any] = {
            "botToken": self.chat.token,
            "from": self.user,
            "chat": {"id": self.chat.chat_id, "type": "private", "first_name": self.user["first_name"]},
            "date": int(time.time()),
            "text": text,
        }
        if command:
            body["entities"] = [{"offset": 0, "length": len(text.split()[0]), "type": "bot_command"}]
        response = await self.chat.http.post("/sendCommand" if command else "/sendMessage", json=body)
        response.raise_for_status()

    def classify(self, event: Seen) -> None:
        """Note what a message unexpected at this point is: a Sorry, a flood refusal or a repeat."""
        if SORRY in event.text:
            self.sorry.append(event.text[:120])
        elif FLOOD in event.text:
            self.flood += 1
        elif turn_line(event.text) or WON.search(event.text) or STARTED in event.text:
            self.duplicates.append(event.text[:120])

    async def wait(self, check: Any, what: str, patience: float) -> Seen | None:
        deadline = time.monotonic() + patience
        while (event := await self.chat.next_event(deadline)) is not None:
            if not event.edited and check(event):
                self.last_seen = event.seen
                return event
            self.classify(event)
        self.problems.append(f"chat {self.chat.chat_id}: no {what} within {patience:.0f} s")
        return None

    async def play(self, moves: int, stop_at: float, patience: float) -> None:
        turns: list[Turn] = []
        new_game = True
        while self.sent < moves and time.monotonic() < stop_at:
            if new_game:
                await self.send("/play", command=True)
                if await self.wait(lambda e: STARTED in e.text, "game start", patience) is None:
                    return
                self.games += 1
                turns, new_game = [], False
            code = next_guess(CLASSIC, tuple(turns))
            sent_at = time.time()
            await self.send(code)
            self.sent += 1
            expected = len(turns) + 1

            def scores_it(event: Seen, code: str = code, n: int = expected) -> bool:
                match = turn_line(event.text)
                if match is not None:
                    return match["guess"] == code and int(match["n"]) == n
                won = WON.search(event.text)
                return won is not None and won["secret"] == code

            reply = await self.wait(scores_it, f"score for guess #{expected} {code}", patience)
            if reply is None:
                return
            self.scored += 1
            self.latencies.append(reply.stored_ms / 1000 - sent_at)
            self.seen_latencies.append(reply.seen - sent_at)
            match = turn_line(reply.text)
            answer = Score(int(match["bulls"]), int(match["cows"])) if match else Score(CLASSIC.length, 0)
            turns.append(Turn(code, answer))
            if answer.bulls == CLASSIC.length:
                if (
                    not WON.search(reply.text)
                    and await self.wait(lambda e: bool(WON.search(e.text)), "win", patience) is None
                ):
                    return
                self.won += 1
                new_game = True

    async def drain(self) -> None:
        """Read whatever else arrived (late repeats, Sorry) after the player stopped."""
        await self.chat.poll()
        while self.chat.cursor < len(self.chat.events):
            self.classify(self.chat.events[self.chat.cursor])
            self.chat.cursor += 1


# --- processes ----------------------------------------------------------------------------------------------


class Rig:
    """The emulator and the real bot on a fresh database in a temporary directory."""

    def __init__(self, workdir: Path) -> None:
        ensure_node_modules()
        self.workdir = workdir
        self.emulator = EmulatorProcess(workdir / "emulator.log")
        self.emulator.start_and_wait()
        self.token = f"{900000 + os.getpid() % 1000}:LOAD-BENCH"
        self.bot = BotProcess(self.emulator.api, self.token, workdir / "bot.sqlite3", workdir / "bot.log")

    @property
    def api(self) -> Emulator:
        return self.emulator.api

    def stop(self) -> int | None:
        code = self.bot.stop() if self.bot.popen is not None else None
        self.emulator.stop()
        return code


def inject_faults(rig: Rig, faults: str, seed: int) -> None:
    """The fault mix's rules, on each of the three methods, each rule with its own seed."""
    for n, (kind, probability, extra) in enumerate(FAULT_MIXES[faults]):
        for m, method in enumerate(METHODS):
            rig.api.inject(rig.token, method, kind, probability=probability, seed=seed * 100 + n * 10 + m, **extra)


def outbox_pending(bot: BotProcess) -> int:
    try:
        return int(bot.scalar("SELECT COUNT(*) FROM outbox WHERE status = 'pending'") or 0)
    except sqlite3.Error:
        return -1


def calls_summary(api: Emulator, token: str) -> dict[str, dict[str, int]]:
    out = {}
    for method in METHODS:
        stats = api.call_stats(token, method)
        out[method] = {"attempted": stats.attempted, "faulted": stats.faulted, "applied": stats.applied}
    out["total"] = {key: sum(out[m][key] for m in METHODS) for key in ("attempted", "faulted", "applied")}
    return out


def fault_kinds(api: Emulator, token: str) -> dict[str, int]:
    return dict(Counter(call.fault for call in api.calls(token) if call.fault))


def log_findings(bot: BotProcess) -> dict[str, Any]:
    text = bot.log()
    return {
        "error_lines": bot.errors()[:10],
        "error_count": len(bot.errors()),
        "warning_count": len(bot.warnings()),
        "retry_warnings": len(re.findall(r"trying again in", text)),
    }


# --- private mode -------------------------------------------------------------------------------------------


async def run_private(
    rig: Rig, chats: int, moves: int, seconds: float, patience: float, faults: str, seed: int
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=rig.api.base_url, limits=limits, timeout=30) as http:
        players = []
        for i in range(chats):
            user_id = 5_000_000 + i
            user = {"id": user_id, "is_bot": False, "first_name": f"P{i:03d}", "language_code": "en"}
            players.append(Player(i, Chat(http, rig.token, user_id), user))
        # warm-up, untimed and before any fault: the bot's first game and first score pay one-off costs (~2 s)
        warm_user: dict[str, Any] = {"id": 4_999_999, "is_bot": False, "first_name": "Warm", "language_code": "en"}
        warm = Player(-1, Chat(http, rig.token, warm_user["id"]), warm_user)
        await warm.play(1, time.monotonic() + patience, patience)
        await asyncio.sleep(0.3)
        warm_games = [row[0] for row in await asyncio.to_thread(rig.bot.query, "SELECT game_id FROM moves")]
        baseline_moves = int(await asyncio.to_thread(rig.bot.scalar, "SELECT COUNT(*) FROM moves") or 0)
        baseline_calls = await asyncio.to_thread(calls_summary, rig.api, rig.token)
        await asyncio.to_thread(inject_faults, rig, faults, seed)
        started = time.monotonic()
        started_wall = time.time()
        stop_at = started + seconds
        await asyncio.gather(*(p.play(moves, stop_at, patience) for p in players))
        played = time.monotonic() - started
        last_reply = max((p.last_seen for p in players), default=started_wall)
        # let the outbox drain (late repeats, retries still waiting), then read every chat once more
        for _ in range(150):  # 30 s at most
            if await asyncio.to_thread(outbox_pending, rig.bot) <= 0:
                break
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)
        for player in players:
            await player.drain()
    wall = max(1e-9, last_reply - started_wall)
    stored = int(rig.bot.scalar("SELECT COUNT(*) FROM moves") or 0) - baseline_moves
    calls = calls_summary(rig.api, rig.token)
    for method, counts in calls.items():
        for key in counts:
            counts[key] -= baseline_calls[method][key]
    sent = sum(p.sent for p in players)
    scored = sum(p.scored for p in players)
    latencies = [x for p in players for x in p.latencies]
    seen = [x for p in players for x in p.seen_latencies]
    per_game = Counter(row[0] for row in rig.bot.query("SELECT game_id FROM moves")) - Counter(warm_games)
    return {
        "chats": chats,
        "moves_per_chat": moves,
        "wall_s": round(wall, 2),
        "played_s": round(played, 2),
        "guesses_sent": sent,
        "moves_stored": stored,
        "scores_seen": scored,
        "games": sum(p.games for p in players),
        "games_won": sum(p.won for p in players),
        "games_in_db": len(per_game),
        "moves_per_s": round(stored / wall, 1),
        "replies_per_s": round(scored / wall, 1),
        "latency_ms": {
            "p50": round(pct(latencies, 0.5) * 1000, 1),
            "p95": round(pct(latencies, 0.95) * 1000, 1),
            "max": round(max(latencies, default=float("nan")) * 1000, 1),
        },
        "seen_latency_ms": {
            "p50": round(pct(seen, 0.5) * 1000, 1),
            "p95": round(pct(seen, 0.95) * 1000, 1),
            "max": round(max(seen, default=float("nan")) * 1000, 1),
        },
        "sorry": sum(len(p.sorry) for p in players),
        "sorry_examples": [f"chat {p.chat.chat_id}: {s}" for p in players for s in p.sorry][:5],
        "flood_refusals": sum(p.flood for p in players),
        "duplicates": sum(len(p.duplicates) for p in players),
        "duplicate_examples": [f"chat {p.chat.chat_id}: {d}" for p in players for d in p.duplicates][:5],
        "problems": [x for p in players for x in p.problems][:10],
        "problem_count": sum(len(p.problems) for p in players),
        "outbox_pending_at_end": outbox_pending(rig.bot),
        "calls": calls,
    }


# --- group mode ---------------------------------------------------------------------------------------------


async def run_group(rig: Rig, players: int, rounds: int, patience: float, seed: int) -> dict[str, Any]:
    group = -9_000_001
    chat = {"id": group, "type": "supergroup", "title": "Load group"}
    users = [
        {"id": 6_000_000 + i, "is_bot": False, "first_name": f"P{i + 1:02d}", "language_code": "en"}
        for i in range(players)
    ]
    codes = ["".join(str(int(d)) for d in row) for row in CLASSIC.codes]
    rng = random.Random(seed)
    rng.shuffle(codes)
    results = []
    async with httpx.AsyncClient(base_url=rig.api.base_url, timeout=30) as http:

        async def send(user: dict[str, Any], text: str) -> float:
            body = {
                "botToken": rig.token,
                "from": user,
                "chat": chat,
                "date": int(time.time()),
                "text": text,
                "entities": [{"offset": 0, "length": len(text.split()[0]), "type": "bot_command"}],
            }
            at = time.time()
            response = await http.post("/sendCommand", json=body)
            response.raise_for_status()
            return at

        reader = Chat(http, rig.token, group)
        await send(users[0], "/challenge")
        deadline = time.monotonic() + patience
        while not any(RACE_STARTED.search(e.text) for e in reader.events):
            if time.monotonic() > deadline:
                raise RuntimeError("the race did not start")
            await asyncio.sleep(POLL)
            await reader.poll()
        for round_no in range(1, rounds + 1):
            guesses = [codes.pop() for _ in users]
            before_events = len(reader.events)
            earlier = await asyncio.to_thread(rig.api.calls, rig.token)
            seq_before = max((c.seq for c in earlier), default=0)
            sent_at = await asyncio.gather(*(send(u, f"/g {g}") for u, g in zip(users, guesses, strict=True)))
            burst = min(sent_at)
            visible: dict[str, float] = {}
            won = False
            deadline = time.monotonic() + patience
            while len(visible) < players and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
                await reader.poll()
                for event in reader.events[before_events:]:
                    for match in RACE_LINE.finditer(event.text):
                        visible.setdefault(match["name"], event.seen)
                    for match in RACE_WON.finditer(event.text):
                        visible.setdefault(match["name"], event.seen)
                        won = True
                if won:
                    break
            new = [e for e in reader.events[before_events:] if not e.edited]
            mine = [
                call
                for call in await asyncio.to_thread(rig.api.calls, rig.token, "sendMessage")
                if call.chat_id == group and call.seq > seq_before
            ]
            trace = [  # each sendMessage to the group this round; at_s: after the round's first one
                {
                    "at_s": round(call.at - mine[0].at, 2),
                    "fault": call.fault,
                    "status": call.status,
                    "lines": len(str(call.params.get("text", "")).splitlines()),
                }
                for call in await asyncio.to_thread(rig.api.calls, rig.token, "sendMessage")
                if call.chat_id == group and call.seq > seq_before
            ]
            lat = [
                visible[u["first_name"]] - at
                for u, at in zip(users, sent_at, strict=True)
                if u["first_name"] in visible
            ]
            results.append(
                {
                    "round": round_no,
                    "guesses": players,
                    "scores_visible": len(visible),
                    "all_visible_s": round(max(visible.values()) - burst, 2) if visible else None,
                    "latency_p50_s": round(pct(lat, 0.5), 2),
                    "latency_p95_s": round(pct(lat, 0.95), 2),
                    "latency_max_s": round(max(lat, default=float("nan")), 2),
                    "messages": len(new),
                    "edits": len(reader.events) - before_events - len(new),
                    "sorry": sum(SORRY in e.text for e in reader.events[before_events:]),
                    "race_won": won,
                    "group_sends": trace,
                }
            )
            if won:
                break
            await asyncio.sleep(0.5)
    stored = int(rig.bot.scalar("SELECT COUNT(*) FROM match_moves") or 0)
    return {"players": players, "rounds": results, "match_moves_stored": stored}


# --- output -------------------------------------------------------------------------------------------------


def print_private(result: dict[str, Any]) -> None:
    r = result
    lat, seen = r["latency_ms"], r["seen_latency_ms"]
    tot = r["calls"]["total"]
    rows = [
        ("faults", r["faults"]),
        ("chats x moves", f"{r['chats']} x {r['moves_per_chat']}"),
        ("wall time", f"{r['wall_s']} s"),
        ("moves/s (stored)", r["moves_per_s"]),
        ("replies/s (seen)", r["replies_per_s"]),
        ("latency delivered p50/p95/max", f"{lat['p50']} / {lat['p95']} / {lat['max']} ms"),
        ("latency seen p50/p95/max", f"{seen['p50']} / {seen['p95']} / {seen['max']} ms"),
        ("guesses sent / moves stored", f"{r['guesses_sent']} / {r['moves_stored']}"),
        ("scores seen", r["scores_seen"]),
        ("Sorry replies", r["sorry"]),
        ("duplicate replies", r["duplicates"]),
        ("flood refusals", r["flood_refusals"]),
        ("no reply (problems)", r["problem_count"]),
        ("calls attempted/faulted/applied", f"{tot['attempted']} / {tot['faulted']} / {tot['applied']}"),
        ("faults by kind", r["fault_kinds"]),
        ("bot ERROR lines / retry warnings", f"{r['log']['error_count']} / {r['log']['retry_warnings']}"),
        ("bot exit on SIGTERM", r["bot_exit"]),
        ("load average (1/5/15 min)", f"{r['loadavg_before']} -> {r['loadavg_after']}"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    for key in ("sorry_examples", "duplicate_examples", "problems"):
        for line in r[key]:
            print(f"  {key}: {line}")
    for line in r["log"]["error_lines"]:
        print(f"  bot error: {line}")


def print_group(result: dict[str, Any]) -> None:
    control = "on (20/min per group)" if result["flood_control"] else "off"
    print(f"group race: {result['players']} players, emulator flood control {control}")
    print(
        f"{'round':>5} {'visible':>8} {'all in':>8} {'p50':>6} {'p95':>6} {'max':>6} "
        f"{'msgs':>5} {'edits':>5} {'sorry':>5}"
    )
    for r in result["rounds"]:
        print(
            f"{r['round']:>5} {r['scores_visible']:>4}/{r['guesses']:<3} {r['all_visible_s']!s:>7}s "
            f"{r['latency_p50_s']:>5}s "
            f"{r['latency_p95_s']:>5}s {r['latency_max_s']:>5}s {r['messages']:>5} {r['edits']:>5} {r['sorry']:>5}"
            + ("  (race won: stopped)" if r["race_won"] else "")
        )
        sends = ", ".join(
            f"{c['at_s']}s:{c['lines']}" + (f"[{c['fault']}]" if c["fault"] else "") for c in r["group_sends"]
        )
        print(f"      sendMessage to the group (s after the first: lines merged): {sends}")
    print(
        f"match moves stored: {result['match_moves_stored']}; flood 429s: {result['fault_kinds'].get('flood', 0)}; "
        f"bot ERROR lines: {result['log']['error_count']}; exit: {result['bot_exit']}"
    )
    print(f"load average (1/5/15 min): {result['loadavg_before']} -> {result['loadavg_after']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chats", type=int, default=20, help="players, each in their own private chat")
    parser.add_argument(
        "--moves", type=int, default=10, help="guesses each player sends (the flood guard lets 20 through at once)"
    )
    parser.add_argument("--faults", choices=sorted(FAULT_MIXES), default="none")
    parser.add_argument("--seconds", type=float, default=120, help="stop sending new guesses after this long")
    parser.add_argument(
        "--timeout", type=float, default=60, help="seconds to wait for one reply before giving up on a player"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--group", action="store_true", help="the group race burst instead of private chats")
    parser.add_argument("--players", type=int, default=30, help="group mode: players guessing at once")
    parser.add_argument("--rounds", type=int, default=2, help="group mode: bursts, one after the other")
    parser.add_argument("--no-flood-control", action="store_true", help="group mode: the emulator enforces no limits")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (logs, database)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    next_guess(CLASSIC, ())  # warm the guesser up (its first call compiles) before anything is timed
    next_guess(CLASSIC, (Turn("0123", Score(0, 1)),))
    workdir = Path(tempfile.mkdtemp(prefix="bullscows-load-"))
    load_before = tuple(round(x, 2) for x in os.getloadavg())
    rig = Rig(workdir)
    result: dict[str, Any] = {"mode": "group" if args.group else "private", "faults": args.faults}
    try:
        if args.group:
            rig.bot.start_and_wait()
            if not args.no_flood_control:
                rig.api.flood_control(rig.token, group_per_minute=20, bot_per_second=30)
            result["flood_control"] = not args.no_flood_control
            result.update(asyncio.run(run_group(rig, args.players, args.rounds, args.timeout, args.seed)))
        else:
            rig.bot.start_and_wait()
            result.update(
                asyncio.run(
                    run_private(rig, args.chats, args.moves, args.seconds, args.timeout, args.faults, args.seed)
                )
            )
        result["fault_kinds"] = fault_kinds(rig.api, rig.token)
    finally:
        result["loadavg_before"] = load_before
        result["loadavg_after"] = tuple(round(x, 2) for x in os.getloadavg())
        result["bot_exit"] = rig.stop()
    result["log"] = log_findings(rig.bot)
    result["cpu_count"] = os.cpu_count()
    if args.keep:
        result["workdir"] = str(workdir)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    elif args.group:
        print_group(result)
    else:
        print_private(result)
    if args.group:
        return 0
    ok = result["sorry"] == 0 and result["moves_stored"] == result["guesses_sent"] and result["problem_count"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
