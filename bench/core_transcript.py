"""A replay of the Core: a long fixed script of updates through every feature, each reply printed as it would go out.

The same seed, clock and signing keys every run, so the output is the same every run: run it before and after a
change to the Core's insides and compare (`diff`). Each step prints who sent what, then every reply: where it goes
(a new message, an edit of the pressed message, a board shown in place or fresh below with what the old one is cut
down to), its text as the chat shows it (HTML), its buttons with their data, and a button's toast.

    PYTHONPATH=. python bench/core_transcript.py > transcript.txt
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from bot.config import Config, Secret
from bot.links import LinkSigner
from bot.ports import ManualTimers
from bot.runtime import open_runtime
from bot.who import Mention, Who
from engine.scoring import score

START = datetime(2026, 3, 14, 9, 26, 53, tzinfo=UTC)
GROUP = -100_777  # a group
FORUM = -100_888  # a forum with topics


class Clock:
    """The fixed clock: it moves only when the script says."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@dataclass
class GroupAdmins:
    """User 11 administers every group; nobody else does."""

    admins: frozenset[int] = frozenset({11})

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        return user_id in self.admins


ANN = Who(11, 11, name="Ann", username="ann_b", bot_username="bcbot", language_code="en")
BEN = Who(12, 12, name="Ben", username="ben_c", bot_username="bcbot", language_code="en")
ZOE = Who(13, 13, name="Зоя", bot_username="bcbot", language_code="ru")


def in_group(who: Who, chat: int = GROUP, topic: int | None = None, **changes: Any) -> Who:
    """The same person in a group (or a forum's topic)."""
    fields = {**who.__dict__, "chat_id": chat, "private": False, "topic": topic, **changes}
    return Who(**fields)


@dataclass
class Replay:
    """Runs steps through the Core and prints what each one answers."""

    core: Any
    clock: Clock
    timers: ManualTimers
    out: TextIO
    step: int = 0
    buttons: list[tuple[int, str, str]] = field(default_factory=list)  # (chat, label, data) of every reply, in order
    urls: list[tuple[int, str, str]] = field(default_factory=list)  # (chat, label, url)

    def head(self, who: Who | None, what: str) -> None:
        self.step += 1
        self.tick(3)  # a person takes a few seconds a step
        where = (
            ""
            if who is None
            else f"{who.name or who.user_id}@{who.chat_id}" + (f"/t{who.topic}" if who.topic is not None else "")
        )
        self.out.write(f"\n=== {self.step:03d} {self.clock.now:%Y-%m-%d %H:%M:%S} {where} {what}\n")

    def show(self, chat_id: int, outcome: Any) -> None:
        """Every reply of an outcome, as it would go out."""
        if outcome.toast is not None:
            self.out.write(f"toast: {outcome.toast}\n")
        for reply in outcome.replies:
            there = chat_id if reply.chat_id is None else reply.chat_id
            self.out.write(f"--- to {there}{where_of(reply)}\n{reply.text}\n")
            for row in reply.buttons:
                cells = []
                for b in row:
                    if b.url is not None:
                        cells.append(f"[{b.label} | url {b.url}]")
                        self.urls.append((there, b.label, b.url))
                    elif b.share is not None:
                        cells.append(f"[{b.label} | share {b.share!r}]")
                    elif b.web_app is not None:
                        cells.append(f"[{b.label} | web_app {b.web_app}]")
                    else:
                        cells.append(f"[{b.label} | {b.data}]")
                        self.buttons.append((there, b.label, b.data))
                self.out.write("  " + " ".join(cells) + "\n")

    async def command(self, who: Who, text: str) -> None:
        self.head(who, text)
        command, _, args = text.lstrip("/").partition(" ")
        self.show(who.chat_id, await self.core.on_command(who, command, args))

    async def text(self, who: Who, text: str) -> None:
        self.head(who, repr(text))
        self.show(who.chat_id, await self.core.on_text(who, text))

    async def press(self, who: Who, pick: str | Callable[[str, str], bool], chat: int | None = None) -> None:
        """Press the latest button shown in the chat (`chat`, else the person's) whose label contains `pick`, or
        for which `pick(label, data)` holds."""
        wanted = who.chat_id if chat is None else chat

        def fits(label: str, data: str) -> bool:
            return pick(label, data) if callable(pick) else pick in label

        found = next((b for b in reversed(self.buttons) if b[0] == wanted and fits(b[1], b[2])), None)
        if found is None:
            raise LookupError(f"step {self.step + 1}: no button {pick!r} in chat {wanted}")
        await self.data(who, found[2], f"presses [{found[1]}]")

    async def data(self, who: Who, data: str, what: str | None = None) -> None:
        self.head(who, what or f"presses {data!r}")
        self.show(who.chat_id, await self.core.on_button(who, data))

    def link(self, pick: str) -> str:
        """The start payload of the latest link button whose address contains `pick`."""
        url = next(u for _, _, u in reversed(self.urls) if pick in u)
        return url.split("start=", 1)[1]

    async def inline(self, who: Who, query: str) -> str:
        """Ask inline mode; the "duel me" link's payload comes back (or '')."""
        self.head(who, f"inline {query!r}")
        offers = await self.core.on_inline(who, query)
        self.out.write(f"cache {offers.cache_seconds}s personal {offers.personal}\n")
        payload = ""
        for a in offers.articles:
            self.out.write(f"--- article {a.id}: {a.title} / {a.description}\n{a.text}\n")
            for row in a.buttons:
                self.out.write("  " + " ".join(f"[{b.label} | {b.url or b.share or b.data}]" for b in row) + "\n")
                for b in row:
                    if b.url and "start=duelme" in b.url:
                        payload = b.url.split("start=", 1)[1]
        return payload

    async def deadlines(self) -> None:
        """Move the clock past the earliest armed timer and fire every timer due then."""
        if not self.timers.armed:
            raise LookupError(f"step {self.step + 1}: no timer armed")
        self.clock.now = min(self.timers.armed.values()) + timedelta(seconds=1)
        for match_id, due in sorted(self.timers.armed.items()):
            if due <= self.clock.now:
                self.head(None, f"timer of match {match_id}")
                notice = await self.core.on_deadline(match_id)
                if notice is None:
                    self.out.write("(nothing)\n")
                else:
                    self.out.write(f"notice to {notice.chat_id} topic {notice.topic}\n")
                    self.show(notice.chat_id, notice.outcome)

    def tick(self, seconds: float) -> None:
        self.clock.now += timedelta(seconds=seconds)

    async def row(self, sql: str, *params: object) -> Any:
        """One row of the database (the script's oracle: what the player has in mind, the bot's secret)."""
        async with self.core.deps.store.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def secret(self, chat_id: int) -> str:
        """The running one-player game's secret in a chat."""
        return str((await self.row("SELECT secret FROM games WHERE chat_id = ? AND status = 'active'", chat_id))[0])

    async def match_secret(self, chat_id: int) -> str:
        return str((await self.row("SELECT secret FROM matches WHERE chat_id = ? AND status = 'active'", chat_id))[0])

    async def pending(self, chat_id: int, table: str = "games") -> str:
        sql = f"SELECT pending_guess FROM {table} WHERE chat_id = ? AND status = 'active'"
        return str((await self.row(sql, chat_id))[0])

    async def answer_truly(self, who: Who, code: str, table: str = "games") -> None:
        """Answer the bot's pending guess as `code` would, typed."""
        given = score(code, await self.pending(who.chat_id, table))
        await self.text(who, f"{given.bulls} {given.cows}")


async def script(r: Replay) -> None:
    # --- the welcome, rules, help, settings -------------------------------------------------------------
    await r.command(ANN, "/start")
    await r.command(ANN, "/help")
    await r.command(ANN, "/rules")
    await r.press(ANN, lambda label, data: data == "r")
    await r.command(ANN, "/settings")
    for pick in ("5", "Repeats", "Leading", "Attempts", "Attempts", "Coaching", "Coaching", "Hard", "Hard", "Classic"):
        await r.press(ANN, pick)
    await r.press(ANN, "Done")
    await r.command(ANN, "/frobnicate")
    await r.text(ANN, "hello")

    # --- the referee: coaching, hints, give up, the same again, an attempt limit -----------------------
    await r.command(ANN, "/play")
    await r.text(ANN, "0123")
    await r.text(ANN, "0123")  # tried before
    await r.text(ANN, "1123")  # not a code of the variant
    await r.text(ANN, "12")  # not a code at all
    await r.text(ANN, "4567")
    await r.press(ANN, "How am I doing")
    await r.press(ANN, "Hint")
    await r.command(ANN, "/hint")
    await r.text(ANN, "hint")
    await r.text(ANN, await r.secret(ANN.chat_id))
    await r.press(ANN, "Same again")
    await r.text(ANN, "9876")
    await r.command(ANN, "/play 5")  # a game runs: asks first
    await r.press(ANN, lambda label, data: data.startswith("k:"))  # keep playing
    await r.command(ANN, "/play 5")
    await r.press(ANN, lambda label, data: data.startswith("y:"))  # abandon it
    await r.text(ANN, "01234")
    await r.command(ANN, "/giveup")
    await r.command(ANN, "/play mastermind")
    await r.text(ANN, "0011")
    await r.press(ANN, "Give up")
    await r.command(ANN, "/play nonsense")
    await r.command(ANN, "/settings")
    await r.press(ANN, "Attempts")  # 6
    await r.press(ANN, "Done")
    await r.command(ANN, "/play")
    for guess in ("0123", "4567", "8901", "2345", "6789", "1032"):
        await r.text(ANN, guess)
    await r.command(ANN, "/giveup")
    await r.command(ANN, "/settings")
    for _ in range(5):
        await r.press(ANN, "Attempts")  # back to no limit
    await r.press(ANN, "Hard")
    await r.press(ANN, "Done")
    await r.command(ANN, "/play")
    for guess in ("0123", "4567", "8901"):
        await r.text(ANN, guess)
    await r.text(ANN, await r.secret(ANN.chat_id)) if await r.row(
        "SELECT secret FROM games WHERE chat_id = ? AND status = 'active' AND secret IS NOT NULL", ANN.chat_id
    ) else await r.command(ANN, "/giveup")
    await r.command(ANN, "/settings")
    await r.press(ANN, "Hard")
    await r.press(ANN, "Done")
    await r.command(ANN, "/cancel")

    # --- the guesser: slips, contradictions, fixes, undo, start over, reveal ------------------------------
    await r.command(ANN, "/think")
    await r.press(ANN, "0🐂 2🐄")
    await r.text(ANN, "1 1")
    await r.text(ANN, "what?")
    await r.command(ANN, "/undo")
    await r.press(ANN, "Undo")
    await r.press(ANN, "0🐂 0🐄")
    await r.text(ANN, "0 0")
    await r.text(ANN, "0 0")
    await r.text(ANN, "0 0")
    await r.press(ANN, "more")
    await r.press(ANN, "✏️ #1")
    await r.press(ANN, lambda label, data: data.startswith("v:"))
    await r.press(ANN, lambda label, data: data.startswith("f:"))
    await r.press(ANN, lambda label, data: data.startswith("c:") and data.count(":") == 2)
    await r.press(ANN, lambda label, data: data.startswith("o:"))  # start over
    in_mind = "2047"
    for _ in range(8):
        if not await r.row("SELECT 1 FROM games WHERE chat_id = ? AND status = 'active'", ANN.chat_id):
            break
        await r.answer_truly(ANN, in_mind)
    await r.press(ANN, "Same again")
    await r.text(ANN, "1 0")
    await r.text(ANN, "1 0")
    await r.text(ANN, "2 0")
    await r.command(ANN, "/reveal")
    await r.command(ANN, "/reveal 12")
    await r.command(ANN, "/reveal 2047")
    await r.command(ANN, "/think 5")
    await r.command(ANN, "/cancel")
    await r.command(ANN, "/undo")
    await r.command(ANN, "/hint")

    # --- the daily challenge, its warnings, its board, the streak ------------------------------------------
    await r.command(BEN, "/daily")
    await r.text(BEN, "0123")
    await r.command(BEN, "/hint")
    await r.press(BEN, lambda label, data: data.startswith("hn:"))
    await r.command(BEN, "/play")
    await r.press(BEN, lambda label, data: data.startswith("k:"))
    await r.command(BEN, "/cancel")
    await r.text(BEN, "give up")
    await r.text(BEN, await r.secret(BEN.chat_id))
    await r.command(BEN, "/daily")
    await r.command(ANN, "/daily")
    await r.command(ANN, "/giveup")
    await r.press(ANN, lambda label, data: data.startswith("gu:"))
    await r.command(ZOE, "/daily")
    await r.text(ZOE, "0123")
    await r.command(ZOE, "/cancel")
    await r.press(ZOE, lambda label, data: data.startswith("dx:"))
    await r.command(BEN, "/daily top")
    await r.press(BEN, lambda label, data: data.startswith("dy:r"))
    await r.command(BEN, "/streak")
    await r.command(BEN, "/streak mastermind")

    # --- versus: moves, contradictions, fixes, undo, the end, a rematch --------------------------------------
    await r.command(BEN, "/versus")
    await r.command(BEN, "/play")  # held back
    ben_code = "3021"
    await r.text(BEN, "0123")
    await r.answer_truly(BEN, ben_code, "matches")
    await r.text(BEN, "4567")
    await r.text(BEN, "0 0")  # a slip
    await r.text(BEN, "8901")
    await r.text(BEN, "4 0")  # cannot fit
    await r.text(BEN, "0 4")
    await r.press(BEN, lambda label, data: data.startswith("m:") and ":x" in data)
    await r.press(BEN, lambda label, data: data.startswith("m:") and ":c" in data)
    await r.press(BEN, lambda label, data: data.startswith("m:") and ":v" in data)
    await r.press(BEN, lambda label, data: data.startswith("m:") and ":f:" in data)
    await r.command(BEN, "/undo")
    await r.press(BEN, lambda label, data: data.startswith("m:") and data.endswith(":u"))
    for _ in range(14):
        if not await r.row("SELECT 1 FROM matches WHERE chat_id = ? AND status = 'active'", BEN.chat_id):
            break
        turn = await r.row("SELECT turn_user FROM matches WHERE chat_id = ? AND status = 'active'", BEN.chat_id)
        if turn[0] == 0:
            await r.answer_truly(BEN, ben_code, "matches")
        else:
            await r.text(BEN, await r.match_secret(BEN.chat_id))
    await r.press(BEN, lambda label, data: data.startswith("rm:"))
    await r.text(BEN, "5678")
    await r.command(BEN, "/resign")
    await r.command(BEN, "/resign")

    # --- a race in a group, its timer, a race in a forum's topic -------------------------------------------
    ann, ben, zoe = in_group(ANN), in_group(BEN), in_group(ZOE)
    await r.command(ann, "/start")
    await r.command(ann, "/help")
    await r.command(ann, "/play")
    await r.command(ann, "/settings")
    await r.press(ann, "Race")
    await r.press(ben, "Race", chat=GROUP)  # not an admin
    await r.command(ann, "/challenge 4 3m")
    await r.command(ben, "/g 0123")
    await r.text(zoe, "4567")
    await r.text(zoe, "hello all")
    await r.command(ben, "/g")
    await r.command(ben, "/stop")
    await r.deadlines()
    await r.command(ann, "/challenge 3")
    await r.command(ben, "/challenge")
    await r.command(ann, "/g 012")
    await r.command(ben, f"/g {await r.match_secret(GROUP)}")
    await r.command(ann, "/challenge")
    await r.command(ann, "/stop")
    topic_ann, topic_ben = in_group(ANN, FORUM, 5), in_group(BEN, FORUM, 5)
    await r.command(topic_ann, "/challenge 4")
    await r.text(topic_ben, "0123")
    await r.text(topic_ben, await r.match_secret(FORUM))

    # --- a duel in a group: invitation, secrets in private, moves, a rematch, resign, a timeout ------------
    await r.command(in_group(ANN, reply_to=(12, "Ben")), "/duel 4 2m")
    await r.press(zoe, lambda label, data: data.endswith(":y"), chat=GROUP)  # not the one challenged
    await r.press(ben, lambda label, data: data.endswith(":y"), chat=GROUP)
    await r.command(ANN, f"/start {r.link('start=duel_')}")
    await r.text(ANN, "1234")
    await r.command(BEN, f"/start {r.link('start=duel_')}")
    await r.text(BEN, "11")
    await r.text(BEN, "5678")
    await r.command(ben, "/g 0123")  # not Ben's turn
    await r.command(ann, "/g 0123")
    await r.text(ben, "0123")
    await r.command(ann, "/g 5678")
    await r.command(ben, "/g 1234")
    await r.press(ann, lambda label, data: data.startswith("rm:"), chat=GROUP)
    await r.press(ben, lambda label, data: data.endswith(":y"), chat=GROUP)
    await r.command(ben, "/resign")
    mention = Mention(12, "Ben", "Ben")
    await r.command(in_group(ANN, mentions=(mention,)), "/duel Ben 3 1m")
    await r.deadlines()
    await r.command(ann, "/duel @nobody_here")
    await r.command(ann, "/duel @ben_c 9 digits")
    await r.command(ann, "/duel @ben_c 3 1m")
    await r.press(ben, lambda label, data: data.endswith(":y"), chat=GROUP)
    await r.command(ANN, f"/start {r.link('start=duel_')}")
    await r.text(ANN, "123")
    await r.command(BEN, f"/start {r.link('start=duel_')}")
    await r.text(BEN, "456")
    await r.deadlines()
    await r.command(ann, "/duel")
    await r.command(ben, "/stop")
    await r.command(ann, "/stop")

    # --- a duel in private, from inline mode's "duel me" ----------------------------------------------------
    payload = await r.inline(ANN, "")
    await r.inline(ANN, "duel")
    await r.command(BEN, f"/start {payload}")
    await r.text(BEN, "0123")
    await r.press(ANN, lambda label, data: data.endswith(":y"))
    await r.text(ANN, "1234")
    await r.command(ANN, "/play")
    await r.text(BEN, "5678")
    await r.text(BEN, "1234")
    await r.text(ANN, "5678")
    await r.text(BEN, "1230")
    await r.command(ANN, "/resign")
    await r.command(BEN, f"/start {payload}")
    await r.press(ANN, lambda label, data: data.endswith(":n"))
    await r.command(BEN, "/start duelme_forged")
    await r.command(BEN, f"/start {payload[:-2]}xx")

    # --- the leaderboards, stats, ratings, language ---------------------------------------------------------
    await r.command(ANN, "/top")
    await r.press(ANN, lambda label, data: data.startswith("tp:g"))
    await r.press(ANN, lambda label, data: data.startswith("hp:"))
    await r.command(ANN, "/top week")
    await r.command(ANN, "/top rating")
    await r.command(ann, "/top")
    await r.command(ANN, "/stats")
    await r.command(ANN, "/stats 3")
    await r.command(ann, "/stats")
    await r.press(ben, lambda label, data: data.startswith("st:"), chat=GROUP)
    await r.command(ANN, "/streak")
    await r.command(ANN, "/language")
    await r.press(ANN, "Русский")
    await r.command(ANN, "/play")
    await r.text(ANN, "0123")
    await r.text(ANN, "сдаюсь")
    await r.command(ANN, "/think")
    await r.text(ANN, "1 бык 2 коровы")
    await r.command(ANN, "/cancel")
    await r.command(ANN, "/language en")
    await r.command(ZOE, "/start")
    await r.command(ZOE, "/versus")
    await r.text(ZOE, "0123")
    await r.command(ZOE, "/resign")
    await r.command(zoe, "/language")
    await r.command(ann, "/language ru")
    await r.command(zoe, "/challenge")
    await r.command(zoe, "/stop")
    await r.command(ann, "/language en")
    await r.data(ANN, "a:999:0:12", "presses a forged button")
    await r.data(ANN, "zz:1", "presses data never made")
    await r.data(ANN, "m:999999999999999999999:0:y", "presses a match button with a huge id")
    await r.command(ANN, "/g 0123")
    await r.command(ann, "/hint")


async def main(out: TextIO) -> None:
    folder = Path(tempfile.mkdtemp())
    clock = Clock()
    timers = ManualTimers()
    config = Config(database_path=folder / "replay.sqlite3", daily_secret=Secret("replay daily key"))
    runtime = await open_runtime(config, random.Random(7), clock, admins=GroupAdmins(), timers=timers)
    runtime.core.deps.links = LinkSigner(Secret("replay link key"))
    replay = Replay(runtime.core, clock, timers, out)
    try:
        await script(replay)
    finally:
        await runtime.close()


def where_of(reply: Any) -> str:
    """Where a reply goes, in words: a board in place or fresh below (and what the old one becomes), an edit of the
    pressed message, a forum topic, a message effect."""
    parts = []
    placed = reply.placement
    if placed is not None:
        parts.append(f"board of {placed.of} {placed.owner_id} " + ("in place" if placed.in_place else "fresh"))
        if placed.tidy is not None:
            parts.append(f"tidy {str(placed.tidy)!r}")
    if reply.edit_origin:
        parts.append("edits the pressed message")
    if reply.topic is not None:
        parts.append(f"topic {reply.topic}")
    if reply.effect is not None:
        parts.append(f"effect {reply.effect}")
    return (" (" + "; ".join(parts) + ")") if parts else ""


if __name__ == "__main__":
    asyncio.run(main(sys.stdout))
