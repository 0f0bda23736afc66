"""What an operator does to a running bot: back it up while it serves, ask its health, read its metrics."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.client import UserClient
from tests.e2e.conftest import BotFactory
from tests.e2e.processes import REPO_ROOT, BotProcess, free_port

pytestmark = pytest.mark.e2e


@pytest.fixture
def bot(start_bot: BotFactory) -> BotProcess:
    """The real bot with its health and metrics endpoint on a free port."""
    return start_bot(METRICS_PORT=str(free_port()))


def cli(bot: BotProcess, *argv: str) -> subprocess.Popen[str]:
    """`bullscows ARGV` with the bot's settings, started in the background."""
    env = {**bot.env, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", *argv],
        cwd=bot.cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def fetch(port: str, path: str) -> str:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        return str(answer.read().decode())


def test_a_backup_taken_while_the_bot_serves_is_whole_private_and_has_the_games(
    bot: BotProcess, user: UserClient, tmp_path: Path
) -> None:
    user.send_command("/play")
    user.wait_new("picked a secret")
    copy = tmp_path / "backup.sqlite3"
    backing_up = cli(bot, "backup", str(copy))
    guesses = ["0123", "4567", "8901", "2345", "6789", "1357"]
    for guess in guesses:  # the game goes on while the copy is made
        user.send_text(guess)
        user.wait_new(f"{guess} →")
    out, err = backing_up.communicate(timeout=60)
    assert backing_up.returncode == 0, err
    assert out.startswith(f"backed up {bot.database} to {copy} (")
    assert "integrity ok" in out

    assert copy.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM games WHERE chat_id = ?", (user.chat_id,)).fetchone() == (1,)
    user.send_text("9876")
    assert user.wait_new("9876 →")  # the bot served on


def test_health_and_metrics_of_a_serving_bot(bot: BotProcess, user: UserClient) -> None:
    port = bot.env["METRICS_PORT"]
    assert fetch(port, "/healthz") == "ok\n"
    user.send_command("/play")
    user.wait_new("picked a secret")
    user.send_text("0123")
    user.wait_new("0123 →")
    # a send is counted once its delivery is committed, just after the message reaches the chat: wait for that
    deadline = time.monotonic() + 10
    while True:
        metrics = fetch(port, "/metrics")
        samples = dict(line.rsplit(" ", 1) for line in metrics.splitlines() if line and not line.startswith("#"))
        if float(samples['bullscows_sends_total{outcome="ok"}']) >= 2 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert float(samples["bullscows_updates_applied_total"]) >= 2
    assert float(samples["bullscows_moves_total"]) == 1
    assert float(samples['bullscows_sends_total{outcome="ok"}']) >= 2
    assert float(samples['bullscows_games_in_progress{kind="game"}']) == 1
    asking = cli(bot, "health")
    out, _ = asking.communicate(timeout=60)
    assert (asking.returncode, out) == (0, "ok\n")
