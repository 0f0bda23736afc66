"""Starting the bot: polling or webhook, the one start-up log line, a token that never reaches the logs."""

import io
import logging
import subprocess
import sys
from pathlib import Path

from telegram.ext import Application

from bot.config import config_from
from bot.telegram_io import app as app_module
from tests.bot.fakes import TOKEN, telegram_app

ROOT = Path(__file__).resolve().parents[2]


def started_with(monkeypatch, values: dict[str, str]) -> dict[str, object]:
    seen: dict[str, object] = {}

    def fake_polling(self, **kwargs):
        seen.update(kwargs, how="polling")

    def fake_webhook(self, **kwargs):
        seen.update(kwargs, how="webhook")

    monkeypatch.setattr(Application, "run_polling", fake_polling)
    monkeypatch.setattr(Application, "run_webhook", fake_webhook)
    monkeypatch.setattr(app_module, "configure_logging", lambda config: None)
    app_module.run(config_from({"BOT_TOKEN": TOKEN, **values}))
    return seen


def test_without_a_webhook_url_the_bot_polls_at_the_configured_interval(monkeypatch):
    seen = started_with(monkeypatch, {"TELEGRAM_POLL_INTERVAL": "0.02"})
    assert seen["how"] == "polling"
    assert seen["poll_interval"] == 0.02


def test_a_webhook_url_makes_the_bot_listen_on_its_path_with_the_secret(monkeypatch):
    seen = started_with(
        monkeypatch, {"WEBHOOK_URL": "https://bot.example.org/tg/hook", "WEBHOOK_PORT": "8080", "WEBHOOK_SECRET": "s3"}
    )
    assert seen["how"] == "webhook"
    assert (seen["url_path"], seen["port"], seen["secret_token"]) == ("tg/hook", 8080, "s3")
    assert seen["webhook_url"] == "https://bot.example.org/tg/hook"


async def test_start_up_logs_one_line_with_the_mode_and_the_database(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot")
    async with telegram_app(tmp_path / "db.sqlite3"):
        pass
    [line] = [r.getMessage() for r in caplog.records if r.name == "bot"]
    assert "polling mode" in line
    assert str(tmp_path / "db.sqlite3") in line


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
