"""Smoke-tests a built bullscows image with podman, as an operator would run it: migrate on a named volume, a
console game, the bot against the local Bot API emulator (start-up time, a reply, health, metrics, a backup
while it serves, its user), then a clean stop. Prints the figures docs/operators/figures.md quotes.

    PYTHONPATH=. .venv/bin/python scripts/container_smoke.py IMAGE [PODMAN_OPTION...]

The options go to every `podman run` (scripts/container-test passes this sandbox's ulimits). Exit status 0
when every step passed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.e2e.client import UserClient
from tests.e2e.processes import EmulatorProcess, ensure_node_modules, free_port

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "424242:CONTAINER-SMOKE"
STOP_GRACE = 45  # seconds, as compose.yaml's stop_grace_period: above the bot's own bound on a clean stop
READY_WITHIN = 60.0  # seconds for the bot to poll after `podman run`


def podman(*argv: str, check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["podman", *argv], capture_output=True, text=True, timeout=timeout, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"podman {' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return done


def fetch(port: int, path: str) -> tuple[int, str]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def smoke(image: str, options: list[str]) -> dict[str, object]:
    """Every step; an AssertionError says which failed. The figures come back."""
    figures: dict[str, object] = {}
    name = f"bullscows-smoke-{os.getpid()}"
    volume = f"{name}-data"
    quiet = [*options, "--no-healthcheck"]  # one-off commands: no health timers to set up
    size = json.loads(podman("image", "inspect", image).stdout)[0]["Size"]
    figures["image size (MB)"] = round(size / 1e6)
    podman("volume", "create", volume)
    emulator: EmulatorProcess | None = None
    try:
        migrated = podman("run", "--rm", *quiet, "-v", f"{volume}:/data", image, "migrate").stdout
        assert "applied 0001_initial" in migrated, f"migrate on the volume: {migrated!r}"

        started = time.monotonic()
        console = ["podman", "run", "--rm", "-i", *quiet, "-v", f"{volume}:/data", image, "console"]
        player = [sys.executable, str(ROOT / "scripts/console_game.py"), *console]
        game = subprocess.run(player, capture_output=True, text=True, timeout=300, check=False)
        assert game.returncode == 0, f"the console game failed:\n{game.stdout}{game.stderr}"
        figures["console game (s)"] = round(time.monotonic() - started, 1)

        ensure_node_modules()
        log_dir = Path(tempfile.mkdtemp(prefix="bullscows-smoke-"))
        emulator = EmulatorProcess(log_dir / "emulator.log")
        emulator.start_and_wait()
        metrics_port = free_port()
        env = {
            "BOT_TOKEN": TOKEN,
            "TELEGRAM_BASE_URL": emulator.api.bot_base_url,
            "TELEGRAM_POLL_INTERVAL": "0.02",
            "METRICS_PORT": str(metrics_port),
            "METRICS_LISTEN": "127.0.0.1",
        }
        settings = [arg for key, value in env.items() for arg in ("-e", f"{key}={value}")]
        started = time.monotonic()
        podman("run", "-d", "--name", name, *options, "--network", "host", "-v", f"{volume}:/data", *settings, image)
        while emulator.api.bot_calls(TOKEN).get("getUpdates", 0) == 0:
            state = podman("inspect", name, "--format", "{{.State.Status}}").stdout.strip()
            assert state == "running", f"the bot's container is {state}:\n{podman('logs', name).stderr}"
            assert time.monotonic() - started < READY_WITHIN, f"the bot did not poll within {READY_WITHIN:.0f} s"
            time.sleep(0.02)
        figures["start-up, podman run to first poll (s)"] = round(time.monotonic() - started, 2)

        user = UserClient(emulator.api, TOKEN, 5001, None, "private", "Ops", "ops5001", language_code="en")
        started = time.monotonic()
        user.send_command("/play")
        user.wait_new("picked a secret")
        figures["first reply (s)"] = round(time.monotonic() - started, 3)
        user.send_text("0123")
        user.wait_new("0123 →")

        health = podman("healthcheck", "run", name, check=False)
        assert health.returncode == 0, f"podman healthcheck run: {health.stdout}{health.stderr}"
        assert fetch(metrics_port, "/healthz") == (200, "ok\n")
        status, metrics = fetch(metrics_port, "/metrics")
        assert status == 200
        assert "bullscows_moves_total 1.0" in metrics, "the move is not counted in /metrics"
        uid = podman("exec", name, "id", "-u").stdout.strip()
        assert uid != "0", "the bot runs as root"
        backup = podman("exec", name, "bullscows", "backup", "/data/smoke-backup.sqlite3").stdout
        assert "integrity ok" in backup, backup

        started = time.monotonic()
        podman("stop", "-t", str(STOP_GRACE), name, timeout=STOP_GRACE + 30)
        figures["clean stop (s)"] = round(time.monotonic() - started, 2)
        code = podman("inspect", name, "--format", "{{.State.ExitCode}}").stdout.strip()
        logs = podman("logs", name)
        output = logs.stdout + logs.stderr
        assert code == "0", f"the bot exited with status {code} on SIGTERM:\n{output[-3000:]}"
        assert "bullscows stopped" in output, f"no clean stop in the log:\n{output[-3000:]}"
        assert "Traceback" not in output, f"a traceback in the log:\n{output[-3000:]}"
        assert " ERROR " not in output, f"errors in the log:\n{output[-3000:]}"
        assert TOKEN not in output, "the token appeared in the log"
    finally:
        podman("rm", "-f", name, check=False)
        podman("volume", "rm", "-f", volume, check=False)
        if emulator is not None:
            emulator.stop()
    return figures


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        figures = smoke(argv[0], argv[1:])
    except AssertionError as error:
        print(f"container smoke test failed: {error}", file=sys.stderr)
        return 1
    print("container smoke test passed: " + ", ".join(f"{key} {value}" for key, value in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
