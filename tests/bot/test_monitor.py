"""Health and metrics (METRICS_PORT): /healthz says 200 while updates come in and are applied and 503 with the
reason when not; /metrics serves the Prometheus series; LOG_FORMAT=json writes one JSON object a line."""

import asyncio
import contextlib
import io
import json
import logging
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bot.config import config_from
from bot.telegram_io import app as app_module
from bot.telegram_io.intake import Intake
from bot.telegram_io.monitor import BATCH_HUNG, FAILING_FOR, Monitor
from bot.telegram_io.telemetry import Telemetry
from tests.bot.fakes import TOKEN, RecordingRequest, telegram_app
from tests.bot.members import Chat

ROOT = Path(__file__).resolve().parents[2]
SERIES = [
    "bullscows_updates_received_total",
    "bullscows_updates_applied_total",
    "bullscows_updates_set_aside_total",
    "bullscows_moves_total",
    "bullscows_sends_total",
    "bullscows_sends_retried_total",
    "bullscows_move_latency_seconds_bucket",
    "bullscows_reply_latency_seconds_bucket",
    "bullscows_inbox_pending",
    "bullscows_outbox_pending",
    "bullscows_outbox_oldest_seconds",
    "bullscows_games_in_progress",
    "bullscows_fetch_age_seconds",
    "bullscows_healthy",
    "process_resident_memory_bytes",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get(port: int, path: str) -> tuple[int, str]:
    """Status and body of a GET to the monitor (in a thread: the server runs on the test's event loop)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def series(text: str) -> dict[str, float]:
    """The samples of a Prometheus text page, by name and labels."""
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


class Clock:
    """time.monotonic for the telemetry, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeIntake:
    running = True


async def test_health_is_200_while_updates_come_in_and_503_with_the_reason_when_not(tmp_path):
    clock = Clock()
    telemetry, intake = Telemetry(clock), FakeIntake()
    receiving = [True]
    config = config_from({"METRICS_PORT": str(free_port())})
    async with telegram_app(tmp_path / "db.sqlite3") as (app, _):
        store = app.bot_data.runtime.store
        monitor = Monitor(telemetry, store, intake, lambda: receiving[0], lambda: None, config)  # type: ignore[arg-type]
        assert config.metrics is not None
        await monitor.start(config.metrics)
        try:

            async def health() -> tuple[int, str]:
                return await asyncio.to_thread(get, config.metrics.port, "/healthz")

            telemetry.fetched(ok=True)
            assert await health() == (200, "ok\n")

            clock.now += monitor.fetch_stale + 1  # a polling loop that stopped hearing from Telegram: hung
            status, body = await health()
            assert status == 503
            assert "no getUpdates answer for" in body
            telemetry.fetched(ok=False)  # an error answer is still an answer: the loop is alive
            assert (await health())[0] == 200

            telemetry.batch_begins()
            clock.now += BATCH_HUNG + 1
            telemetry.fetched(ok=True)
            assert "a batch of updates has been applying for" in (await health())[1]
            telemetry.batch_ends()
            assert (await health())[0] == 200

            telemetry.batch_ends(failed=True)
            assert (await health())[0] == 200  # one failure: retried in a second
            clock.now += FAILING_FOR + 1
            telemetry.fetched(ok=True)
            assert "applying updates has failed for" in (await health())[1]
            telemetry.batch_ends()

            intake.running = False
            receiving[0] = False
            status, body = await health()
            assert status == 503
            assert body == (
                "unhealthy: the intake has stopped; updates are not being received (polling or webhook stopped)\n"
            )
        finally:
            await monitor.stop()


async def test_metrics_count_updates_moves_sends_and_latencies_and_show_the_queues(tmp_path):
    async with telegram_app(tmp_path / "db.sqlite3") as (app, request):
        intake: Intake = app.bot_data.intake
        telemetry, store = intake.telemetry, app.bot_data.runtime.store
        chat = Chat(app, request)
        calls = [*await chat.send("/play"), *await chat.send("0123")]
        config = config_from({"METRICS_PORT": str(free_port())})
        assert config.metrics is not None
        monitor = Monitor(
            telemetry, store, intake, lambda: True, lambda: app.bot_data.runtime.core.deps.clock(), config
        )
        await monitor.start(config.metrics)
        try:
            status, text = await asyncio.to_thread(get, config.metrics.port, "/metrics")
        finally:
            await monitor.stop()
    assert status == 200
    names = {line.split("{")[0].split(" ")[0] for line in text.splitlines() if line and not line.startswith("#")}
    assert set(SERIES) <= names, sorted(set(SERIES) - names)
    got = series(text)
    assert got["bullscows_updates_received_total"] == 2
    assert got["bullscows_updates_applied_total"] == 2
    assert got["bullscows_moves_total"] == 1
    assert got['bullscows_sends_total{outcome="ok"}'] == len(calls) > 0
    assert got['bullscows_sends_total{outcome="429"}'] == 0
    assert got["bullscows_move_latency_seconds_count"] == 2
    assert got["bullscows_reply_latency_seconds_count"] >= 2
    assert got['bullscows_games_in_progress{kind="game"}'] == 1
    assert got['bullscows_games_in_progress{kind="match"}'] == 0
    assert got["bullscows_outbox_pending"] == 0
    assert got["bullscows_inbox_pending"] == 0


async def test_the_running_bot_serves_health_on_its_port_and_closes_it_when_stopped(tmp_path):
    port = free_port()
    config = config_from({"BOT_TOKEN": TOKEN, "DATABASE_PATH": str(tmp_path / "db.sqlite3"), "METRICS_PORT": str(port)})
    stop = asyncio.Event()
    running = asyncio.create_task(app_module.serve(config, stop, request=RecordingRequest()))
    answers = []
    for _ in range(500):
        with contextlib.suppress(OSError):  # not listening yet
            answers.append(await asyncio.to_thread(get, port, "/healthz"))
        if (answers and answers[-1][0] == 200) or running.done():
            break
        await asyncio.sleep(0.02)
    stop.set()
    await asyncio.wait_for(running, 10)
    assert answers[-1] == (200, "ok\n")
    with pytest.raises(urllib.error.URLError, match="Connection refused"):
        await asyncio.to_thread(get, port, "/healthz")


def test_the_health_command_asks_the_bot_and_says_when_it_cannot(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "METRICS_PORT": str(free_port())}
    command = [sys.executable, "-m", "bot.cli", "health"]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout.startswith(f"no answer from http://127.0.0.1:{env['METRICS_PORT']}/healthz")
    del env["METRICS_PORT"]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr.strip()) == (
        2,
        "bullscows health: METRICS_PORT is not set, so the bot serves no /healthz to ask",
    )


def test_json_logs_are_one_object_a_line_with_the_token_redacted():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logging.getLogger().addHandler(handler)
    try:
        app_module.configure_logging(config_from({"BOT_TOKEN": TOKEN, "LOG_FORMAT": "json"}))
        logging.getLogger("bot.test").warning("two\nlines")
        try:
            raise RuntimeError(f"Client error for url https://api.telegram.org/bot{TOKEN}/getUpdates")
        except RuntimeError:
            logging.getLogger("bot.test").exception("polling failed")
        app_module.configure_logging(config_from({}))  # back to text
        logging.getLogger("bot.test").warning("plain again")
    finally:
        logging.getLogger().removeHandler(handler)
        for name in ("telegram", "aiosqlite", "httpx", "httpcore", "apscheduler"):
            logging.getLogger(name).setLevel(logging.NOTSET)
        logging.getLogger().setLevel(logging.WARNING)
    first, second, third = stream.getvalue().splitlines()
    assert json.loads(first)["message"] == "two\nlines"
    assert set(json.loads(first)) == {"time", "level", "logger", "message"}
    record = json.loads(second)
    assert (record["level"], record["logger"], record["message"]) == ("ERROR", "bot.test", "polling failed")
    assert "https://api.telegram.org/bot<token>/getUpdates" in record["exception"]
    assert TOKEN not in stream.getvalue()
    assert third.endswith("WARNING bot.test: plain again")
