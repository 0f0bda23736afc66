import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_BASE_URL, ConfigError, Secret, config_from, load_config


def test_defaults_need_nothing_but_leave_the_token_unset():
    config = config_from({})
    assert config.token is None
    assert config.database_path == Path("bullscows.sqlite3")
    assert config.base_url == DEFAULT_BASE_URL
    assert config.poll_interval == 0
    assert config.mode == "polling"


def test_the_token_never_shows_in_repr_or_str():
    config = config_from({"BOT_TOKEN": "123:very-secret"})
    assert "very-secret" not in repr(config)
    assert "very-secret" not in str(config.token)
    assert config.token == Secret("123:very-secret")
    assert config.token is not None
    assert config.token.reveal() == "123:very-secret"


def test_a_webhook_url_switches_to_webhook_mode():
    config = config_from({"WEBHOOK_URL": "https://example.org/hook", "WEBHOOK_PORT": "8080", "WEBHOOK_SECRET": "s3"})
    assert config.mode == "webhook"
    assert config.webhook is not None
    assert config.webhook.port == 8080
    assert "s3" not in repr(config)


def test_the_environment_wins_over_the_env_file(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("DATABASE_PATH=/from/file.sqlite3\nTELEGRAM_POLL_INTERVAL=0.5\n")
    config = load_config({"DATABASE_PATH": "/from/env.sqlite3"}, env_file)
    assert config.database_path == Path("/from/env.sqlite3")
    assert config.poll_interval == 0.5


def test_bad_numbers_are_reported_with_their_key():
    with pytest.raises(ConfigError, match="TELEGRAM_POLL_INTERVAL"):
        config_from({"TELEGRAM_POLL_INTERVAL": "soon"})


def test_run_without_a_token_says_where_to_get_one_in_one_line_and_exits_2(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert len(lines) == 1
    assert "@BotFather" in lines[0]
    assert "bullscows console" in lines[0]


def test_the_example_env_file_documents_every_key():
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text()
    for key in [
        "BOT_TOKEN",
        "DATABASE_PATH",
        "TELEGRAM_BASE_URL",
        "TELEGRAM_POLL_INTERVAL",
        "TELEGRAM_TIMEOUT",
        "LOG_LEVEL",
        "WEBHOOK_URL",
        "WEBHOOK_LISTEN",
        "WEBHOOK_PORT",
        "WEBHOOK_SECRET",
    ]:
        assert key in example
