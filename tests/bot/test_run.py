"""Starting the bot: polling or webhook, the one start-up log line, a token that never reaches the logs."""

import asyncio
import io
import logging
import subprocess
import sys
from pathlib import Path

from bot.config import config_from
from bot.telegram_io import app as app_module
from bot.telegram_io import menus, startup
from bot.telegram_io.startup import TokenRejected
from engine import kernels
from tests.bot.fakes import TOKEN, RecordingRequest, telegram_app
from tests.e2e.processes import free_port

ROOT = Path(__file__).resolve().parents[2]


async def served(tmp_path, request, values=None, until=lambda calls: False, seconds=5.0):
    """Run the bot against `request` until `until(calls)` holds (or `seconds` pass); what it raised comes back."""
    config = config_from({"BOT_TOKEN": TOKEN, "DATABASE_PATH": str(tmp_path / "db.sqlite3"), **(values or {})})
    stop = asyncio.Event()
    running = asyncio.create_task(app_module.serve(config, stop, request=request))
    for _ in range(int(seconds / 0.01)):
        if running.done() or until(request.calls):
            break
        await asyncio.sleep(0.01)
    stop.set()
    try:
        await asyncio.wait_for(running, 10)
    except Exception as error:
        return error
    return None


def methods(calls):
    return [c.method for c in calls]


async def test_without_a_webhook_url_the_bot_long_polls_after_removing_any_webhook(tmp_path, monkeypatch):
    monkeypatch.setattr(startup, "FIRST_DELAY", 0.01)
    request = RecordingRequest()
    assert await served(tmp_path, request, until=lambda calls: methods(calls).count("getUpdates") >= 2) is None
    assert methods(request.calls).index("deleteWebhook") < methods(request.calls).index("getUpdates")
    polls = [c for c in request.calls if c.method == "getUpdates"]
    assert all(c.params["timeout"] == startup.LONG_POLL for c in polls)


async def test_a_webhook_url_makes_the_bot_register_its_url_and_secret_after_it_listens(tmp_path):
    request = RecordingRequest()
    port = free_port()
    values = {"WEBHOOK_URL": "https://bot.example.org/tg/hook", "WEBHOOK_PORT": str(port), "WEBHOOK_SECRET": "s3"}
    assert await served(tmp_path, request, values, until=lambda calls: "setWebhook" in methods(calls)) is None
    [hook] = [c for c in request.calls if c.method == "setWebhook"]
    assert (hook.params["url"], hook.params["secret_token"]) == ("https://bot.example.org/tg/hook", "s3")
    assert "getUpdates" not in methods(request.calls)


async def test_transient_errors_at_start_up_are_retried_with_one_warning_each_and_the_bot_starts(
    tmp_path, monkeypatch, caplog
):
    monkeypatch.setattr(startup, "FIRST_DELAY", 0.01)
    request = RecordingRequest()
    monkeypatch.setattr(menus, "FIRST_DELAY", 0.01)
    request.faults = {
        "getMe": [(500, "Internal Server Error", None), (429, "Too Many Requests: retry after 0", 0)],
        "setMyCommands": [(502, "Bad Gateway", None)],
        "deleteWebhook": [(500, "Internal Server Error", None)],
        "getUpdates": [(502, "Bad Gateway", None)],
    }
    caplog.set_level(logging.WARNING)

    def served_and_decorated(calls):
        return methods(calls).count("getUpdates") >= 3 and methods(calls).count("setMyShortDescription") >= 2

    assert await served(tmp_path, request, until=served_and_decorated) is None
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 5
    assert all(r.exc_info is None for r in warnings)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_rejected_token_stops_the_start_up_with_an_error_that_does_not_show_the_token(tmp_path):
    request = RecordingRequest()
    request.faults = {"getMe": [(401, "Unauthorized", None)]}
    error = await served(tmp_path, request)
    assert isinstance(error, TokenRejected)
    assert TOKEN not in str(error)
    assert "rejected BOT_TOKEN" in str(error)


async def test_start_up_logs_one_line_with_the_mode_and_the_database(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot")
    async with telegram_app(tmp_path / "db.sqlite3"):
        pass
    [line] = [r.getMessage() for r in caplog.records if r.name == "bot"]
    assert "polling mode" in line
    assert str(tmp_path / "db.sqlite3") in line


async def test_start_up_warns_once_when_the_engine_runs_without_its_c_kernels(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(kernels, "backend", lambda: "numpy")  # as an install without a C compiler leaves it
    caplog.set_level(logging.INFO, logger="bot")
    async with telegram_app(tmp_path / "db.sqlite3"):
        pass
    warned = [r.getMessage() for r in caplog.records if r.name == "bot" and r.levelno == logging.WARNING]
    assert warned == [app_module.NO_C_KERNELS]


def test_the_token_is_redacted_from_log_records():
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1, "POST %s", (f"https://x/bot{TOKEN}/getMe",), None)
    assert TOKEN not in app_module.RedactToken(TOKEN).format(record)


def test_the_token_is_redacted_from_tracebacks_logged_through_the_configured_handlers():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logging.getLogger().addHandler(handler)
    try:
        app_module.configure_logging(config_from({"BOT_TOKEN": TOKEN}))
        try:
            raise RuntimeError(f"Client error for url https://api.telegram.org/bot{TOKEN}/getUpdates")
        except RuntimeError:
            logging.getLogger("bot.test").exception("polling failed")
    finally:
        logging.getLogger().removeHandler(handler)
        for name in ("telegram", "aiosqlite", "httpx", "httpcore", "apscheduler"):
            logging.getLogger(name).setLevel(logging.NOTSET)
        logging.getLogger().setLevel(logging.WARNING)
    assert "polling failed" in stream.getvalue()
    assert "https://api.telegram.org/bot<token>/getUpdates" in stream.getvalue()
    assert TOKEN not in stream.getvalue()


def test_debug_logging_opens_the_bots_loggers_but_not_the_libraries_that_log_raw_updates():
    try:
        app_module.configure_logging(config_from({"LOG_LEVEL": "DEBUG"}))
        assert logging.getLogger("bot.core").isEnabledFor(logging.DEBUG)
        for library in ("telegram.ext", "telegram._bot", "aiosqlite", "httpx"):
            assert not logging.getLogger(library).isEnabledFor(logging.DEBUG), library
    finally:
        for name in ("telegram", "aiosqlite", "httpx", "httpcore", "apscheduler"):
            logging.getLogger(name).setLevel(logging.NOTSET)
        logging.getLogger().setLevel(logging.WARNING)


def test_migrate_applies_pending_migrations_and_then_has_nothing_to_do(tmp_path):
    def migrate() -> str:
        command = [sys.executable, "-m", "bot.cli", "migrate", "--database", str(tmp_path / "db.sqlite3")]
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
        done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=True)
        return done.stdout

    assert "applied 0001_initial" in migrate()
    assert "up to date" in migrate()


def test_a_bot_on_long_polling_alone_loads_no_web_server():
    # aiohttp (the webhook's, the Mini App's and the metrics' server) is imported when one of them is configured:
    # a bot that long-polls starts lighter and sooner (bench/memory.py)
    probe = "import sys, bot.telegram_io.app; print(sorted(m for m in sys.modules if m.split('.')[0] == 'aiohttp'))"
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
