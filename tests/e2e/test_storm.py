"""Puzzle Storm through the emulator, against the real bot process: a run's clock (the server's: 10 s a wrong answer,
the run over when its clock is used up), its penalties and its board; and a group's Racer, whose one standings
message is edited in place within the group's 20 messages a minute while its players answer in private."""

from __future__ import annotations

import asyncio
import re
from datetime import datetime

import pytest

from bot.puzzles.cli import make_ahead
from engine.history import Turn
from engine.inverse import solutions
from engine.scoring import Score
from engine.variant import PRESETS
from tests.e2e.client import BotMessage, Emulator, UserClient
from tests.e2e.conftest import UserFactory, next_id
from tests.e2e.processes import BotProcess

pytestmark = pytest.mark.e2e

CLASSIC = PRESETS["classic"]
CLUE = re.compile(r"#\d+ (\d{4}) → (\d)🐂 (\d)🐄")


def answer_to(message: BotMessage) -> str:
    """The one code that gives the puzzle's scores (found by the engine from the clues the player reads)."""
    clues = tuple(Turn(guess, Score(int(b), int(c))) for guess, b, c in CLUE.findall(message.text))
    [index] = solutions(CLASSIC, clues)
    return CLASSIC.code(int(index))


def not_answer_to(message: BotMessage) -> str:
    right = answer_to(message)
    return next(code for code in ("0123", "4567", "8901") if code != right)


@pytest.fixture
def stocked(bot: BotProcess) -> BotProcess:
    """The bot, with 150 classic puzzles made ahead into its database while it runs (as `bullscows puzzles make`)."""
    asyncio.run(make_ahead(bot.database, "classic", 150))
    return bot


def seconds(bot: BotProcess, sql: str, *params: object) -> float:
    start, end = bot.query(sql, *params)[0]
    return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()


def test_a_storm_runs_on_the_servers_clock_with_its_penalties_and_its_board(
    stocked: BotProcess, make_user: UserFactory
) -> None:
    bot, ann = stocked, make_user("Ann")
    ann.send_command("/storm")
    puzzle = ann.wait_new("puzzle 1 of 30")
    assert "⏱ 3:00 left · ✅ 0 · ❌ 0 · 🔥 0" in puzzle.text
    ann.send_text(answer_to(puzzle))
    puzzle = ann.wait_new("puzzle 2 of 30")
    assert "right!" in puzzle.text
    ann.send_text(not_answer_to(puzzle))
    puzzle = ann.wait_new("puzzle 3 of 30")
    assert "−10s" in puzzle.text
    assert "✅ 1 · ❌ 1 · 🔥 0" in puzzle.text
    # the clock is the server's: three minutes less the one wrong answer's 10 s, stored with the run
    assert seconds(bot, "SELECT started_at, ends_at FROM storm_runs") == 170

    # 17 more wrong answers use the clock up: the run is over at the answer that does it, and no later one counts
    ended = puzzle
    for _ in range(17):
        ann.send_text(not_answer_to(ended))
        ended = ann.wait_new(lambda m: "−10s" in m.text or "Time's up" in m.text)
        if "Time's up" in ended.text:
            break
    assert "⏱ Time's up!" in ended.text
    assert "⚡ Solved: 1 · wrong: 18 · best streak: 1" in ended.text
    assert ended.labels == ["⚡ Another run", "🏆 Boards"]
    [(closed, ends, solved, wrong)] = bot.query("SELECT closed_at, ends_at, solved, wrong FROM storm_runs")
    assert closed <= ends
    assert (solved, wrong) == (1, 18)
    assert seconds(bot, "SELECT started_at, ends_at FROM storm_runs") == 0  # 180 s less 18 × 10 s
    ann.send_text("0123")  # over: a code is no answer to the run any more
    assert "Storm" not in ann.wait_new().text
    assert bot.scalar("SELECT solved FROM storm_runs") == 1

    ann.press(ended, "🏆 Boards")
    boards = ann.wait_new("all time")
    assert "🥇 Ann — 1" in boards.text
    assert "Your best: 1 · today: 1" in boards.text


def in_windows(times: list[float], window: float = 60.0) -> int:
    """The most calls made within any `window` seconds."""
    return max((sum(1 for u in times if t <= u < t + window) for t in times), default=0)


def test_a_group_racer_edits_one_standings_message_within_the_groups_limits(
    stocked: BotProcess, make_user: UserFactory, emulator: Emulator
) -> None:
    bot = stocked
    group = -(800_000 + next_id())
    emulator.flood_control(bot.token, group_per_minute=20, methods=("sendMessage", "editMessageText"))
    ann, bob = (make_user(name, chat_id=group, chat_type="supergroup") for name in ("Ann", "Bob"))
    bob.view, bob.events = ann.view, ann.events  # the emulator hands each message out once: Bob sees Ann's
    ann.send_command("/storm")
    lobby = ann.wait_new("Puzzle Racer")
    assert "1 player: Ann" in lobby.text
    bob.press(lobby, "✋ Join")
    ann.wait_edit(lobby, "2 players: Ann, Bob")
    assert ann.press(lobby, "▶ Start") is not None
    ann.wait_edit(lobby, "is on: 2 players")

    privates: dict[str, UserClient] = {p.first_name: make_user(p.first_name, user_id=p.user_id) for p in (ann, bob)}
    puzzles = {name: chat.wait_new("Puzzle Racer · puzzle 1 of 30") for name, chat in privates.items()}
    assert CLUE.findall(puzzles["Ann"].text) == CLUE.findall(puzzles["Bob"].text)  # the same puzzles for everyone
    for turn in range(4):  # Bob solves four as fast as he can type; Ann misses two
        for name, chat in privates.items():
            code = answer_to(puzzles[name]) if name == "Bob" or turn % 2 else not_answer_to(puzzles[name])
            chat.send_text(code)
            puzzles[name] = chat.wait_new(f"puzzle {turn + 2} of 30")
    standings = ann.wait_edit(lobby, "Bob — ✅ 4 · ❌ 0")
    assert standings.message_id == lobby.message_id  # one message, edited in place
    for name, chat in privates.items():
        chat.press(puzzles[name], "⏹ Stop")
        chat.wait_new("Your Racer run is over")
    final = ann.wait_edit(lobby, "is over!")
    assert "🏆 Bob wins with 4 solved!" in final.text
    assert "🥇 Bob — ✅ 4 · ❌ 0" in final.text
    assert "🥈 Ann — ✅ 2 · ❌ 2" in final.text

    to_group = [
        c for c in emulator.calls(bot.token) if c.chat_id == group and c.method in ("sendMessage", "editMessageText")
    ]
    assert not [c for c in to_group if c.fault == "flood"]  # Telegram never had to hold a message back
    assert in_windows([c.at for c in to_group]) <= 20
    sends = [c for c in to_group if c.method == "sendMessage"]
    assert len(sends) == 1  # the lobby; every standings after it is an edit of it
    assert bot.scalar("SELECT count(*) FROM storm_bests") == 0  # a race is off the Storm boards
