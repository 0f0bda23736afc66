import re
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


OFFICIAL_HOOK = {"WEBHOOK_URL": "https://bot.example.org/hook"}
LOCAL_API = {"TELEGRAM_BASE_URL": "http://127.0.0.1:8081/bot"}


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"BOT_TOKEN": "not a token"}, "BOT_TOKEN does not look like a token"),
        ({"BOT_TOKEN": "123456:ABC DEF"}, "BOT_TOKEN does not look like a token"),
        ({"TELEGRAM_BASE_URL": "api.telegram.org/bot"}, "TELEGRAM_BASE_URL must be a https:// or http:// URL"),
        ({"TELEGRAM_BASE_URL": "ftp://example.org/bot"}, "TELEGRAM_BASE_URL must be"),
        ({"TELEGRAM_BASE_URL": "https://:8081/bot"}, "TELEGRAM_BASE_URL must be"),
        ({"TELEGRAM_BASE_URL": "http://127.0.0.1:70000/bot"}, "TELEGRAM_BASE_URL is not a valid URL"),
        ({"TELEGRAM_POLL_INTERVAL": "soon"}, "TELEGRAM_POLL_INTERVAL must be a number"),
        ({"TELEGRAM_POLL_INTERVAL": "-1"}, "TELEGRAM_POLL_INTERVAL must be at least 0"),
        ({"TELEGRAM_POLL_INTERVAL": "nan"}, "TELEGRAM_POLL_INTERVAL must be a finite number"),
        ({"TELEGRAM_POLL_INTERVAL": "7200"}, "TELEGRAM_POLL_INTERVAL must be at most 3600"),
        ({"TELEGRAM_TIMEOUT": "0"}, "TELEGRAM_TIMEOUT must be more than 0"),
        ({"TELEGRAM_TIMEOUT": "inf"}, "TELEGRAM_TIMEOUT must be a finite number"),
        ({"TELEGRAM_TIMEOUT": "-inf"}, "TELEGRAM_TIMEOUT must be a finite number"),
        ({"TELEGRAM_TIMEOUT": "1e9"}, "TELEGRAM_TIMEOUT must be at most 600"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be text or json"),
        ({"WEBHOOK_URL": "http://bot.example.org/hook"}, "WEBHOOK_URL must be a https:// URL"),
        ({"WEBHOOK_URL": "bot.example.org/hook"}, "WEBHOOK_URL must be a https:// URL"),
        ({"WEBHOOK_URL": "https://bot.example.org:9000/hook"}, "WEBHOOK_URL's port must be one Telegram delivers to"),
        ({"WEBHOOK_URL": "https://bot.example.org:99999/hook"}, "WEBHOOK_URL is not a valid URL"),
        ({"WEBHOOK_URL": "https://bot.example.org/a hook"}, "WEBHOOK_URL is not a valid URL"),
        ({**LOCAL_API, "WEBHOOK_URL": "gopher://127.0.0.1/hook"}, "WEBHOOK_URL must be a https:// or http:// URL"),
        ({**OFFICIAL_HOOK, "WEBHOOK_PORT": "70000"}, "WEBHOOK_PORT must be at most 65535"),
        ({**OFFICIAL_HOOK, "WEBHOOK_PORT": "0"}, "WEBHOOK_PORT must be at least 1"),
        ({**OFFICIAL_HOOK, "WEBHOOK_PORT": "84.43"}, "WEBHOOK_PORT must be a port number"),
        ({**OFFICIAL_HOOK, "WEBHOOK_PORT": "-1"}, "WEBHOOK_PORT must be a port number"),
        ({**OFFICIAL_HOOK, "WEBHOOK_LISTEN": "every interface"}, "WEBHOOK_LISTEN must be an IP address or a host"),
        ({**OFFICIAL_HOOK, "WEBHOOK_LISTEN": "300.1.1.1"}, "WEBHOOK_LISTEN must be an IP address or a host"),
        ({**OFFICIAL_HOOK, "WEBHOOK_SECRET": "has spaces in it"}, "WEBHOOK_SECRET must be 1 to 256 characters"),
        ({**OFFICIAL_HOOK, "WEBHOOK_SECRET": "x" * 257}, "WEBHOOK_SECRET must be 1 to 256 characters"),
        ({**OFFICIAL_HOOK, "WEBHOOK_SECRET": "naïve"}, "WEBHOOK_SECRET must be 1 to 256 characters"),
        ({"METRICS_PORT": "http"}, "METRICS_PORT must be a port number"),
        ({"METRICS_PORT": "65536"}, "METRICS_PORT must be at most 65535"),
        ({"METRICS_PORT": "9464", "METRICS_LISTEN": "::zz"}, "METRICS_LISTEN must be an IP address or a host"),
        ({**OFFICIAL_HOOK, "WEBHOOK_PORT": "8443", "METRICS_PORT": "8443"}, "METRICS_PORT and WEBHOOK_PORT are both"),
    ],
)
def test_every_bad_setting_is_refused_with_one_line_naming_it(values, says):
    with pytest.raises(ConfigError, match=re.escape(says)) as refused:
        config_from(values)
    assert len(str(refused.value).splitlines()) == 1


def test_a_refused_token_is_never_shown():
    with pytest.raises(ConfigError) as refused:
        config_from({"BOT_TOKEN": "123456:very secret"})
    assert "very secret" not in str(refused.value)


@pytest.mark.parametrize(
    "values",
    [
        {"TELEGRAM_BASE_URL": "http://telegram-bot-api:8081/bot"},  # a local Bot API server on a private network
        {"TELEGRAM_POLL_INTERVAL": "0.02", "TELEGRAM_TIMEOUT": "3"},
        {"WEBHOOK_URL": "https://bot.example.org:8443/hook", "WEBHOOK_LISTEN": "::", "WEBHOOK_PORT": "65535"},
        {**LOCAL_API, "WEBHOOK_URL": "http://127.0.0.1:9999/hook"},  # any address for a Bot API of one's own
        {**OFFICIAL_HOOK, "WEBHOOK_SECRET": "A-z_0" * 51 + "9"},
        {"METRICS_PORT": "9464", "METRICS_LISTEN": "localhost"},
        {"LOG_FORMAT": "JSON"},
    ],
)
def test_good_settings_at_the_edges_are_accepted(values):
    config_from(values)


def test_metrics_are_off_unless_a_port_is_set_and_then_listen_on_loopback():
    assert config_from({}).metrics is None
    metrics = config_from({"METRICS_PORT": "9464"}).metrics
    assert metrics is not None
    assert (metrics.port, metrics.listen) == (9464, "127.0.0.1")


def test_a_key_that_looks_like_a_typo_of_ours_is_a_warning(tmp_path, caplog):
    env_file = tmp_path / ".env"
    env_file.write_text("WEBHOK_URL=https://bot.example.org/hook\nCOMPOSE_PROJECT_NAME=bullscows\n")
    with caplog.at_level("WARNING", logger="bot.config"):
        config = load_config({"BOT_TOKN": "123:abc", "PATH": "/usr/bin", "LOG_LEVEL": "INFO"}, env_file)
    assert config.token is None
    assert config.webhook is None
    warnings = [record.getMessage() for record in caplog.records]
    assert warnings == [
        "unknown setting BOT_TOKN, ignored: did you mean BOT_TOKEN?",
        "unknown setting WEBHOK_URL, ignored: did you mean WEBHOOK_URL?",
    ]


def test_a_bad_setting_stops_the_command_with_one_line_and_status_2(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    for argv, values, says in [
        (
            ["-m", "bot"],
            {"BOT_TOKEN": "123:abc", "WEBHOOK_URL": "https://bot.example.org/hook", "WEBHOOK_PORT": "70000"},
            "WEBHOOK_PORT must be at most 65535",
        ),
        (["-m", "bot.cli", "migrate"], {"TELEGRAM_TIMEOUT": "nan"}, "TELEGRAM_TIMEOUT must be a finite number"),
        (["-m", "bot.cli", "console"], {"METRICS_PORT": "0"}, "METRICS_PORT must be at least 1"),
    ]:
        done = subprocess.run(
            [sys.executable, *argv], cwd=tmp_path, env={**env, **values}, capture_output=True, text=True, timeout=60
        )
        lines = (done.stdout + done.stderr).strip().splitlines()
        assert (done.returncode, len(lines)) == (2, 1), (argv, lines)
        assert says in lines[0]


def test_the_token_can_come_from_a_file_such_as_a_container_secret(tmp_path):
    secret = tmp_path / "bot_token"
    secret.write_text("123456:FROM-A-SECRET\n")
    config = load_config({"BOT_TOKEN_FILE": str(secret)}, None)
    assert config.token == Secret("123456:FROM-A-SECRET")
    with pytest.raises(ConfigError, match="BOT_TOKEN and BOT_TOKEN_FILE are both set"):
        load_config({"BOT_TOKEN_FILE": str(secret), "BOT_TOKEN": "1:x"}, None)
    with pytest.raises(ConfigError, match=r"BOT_TOKEN_FILE .*missing cannot be read: No such file or directory"):
        load_config({"BOT_TOKEN_FILE": str(tmp_path / "missing")}, None)


def test_the_mini_app_is_off_unless_its_url_is_set_and_listens_on_loopback_by_default():
    assert config_from({}).webapp is None
    config = config_from({"WEBAPP_URL": "https://bot.example.org/app/"})
    assert config.webapp is not None
    assert (config.webapp.url, config.webapp.listen, config.webapp.port) == (
        "https://bot.example.org/app/",
        "127.0.0.1",
        8081,
    )


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"WEBAPP_URL": "http://bot.example.org/app/"}, "WEBAPP_URL"),
        ({"WEBAPP_URL": "https://bot.example.org/app/?x=1"}, "WEBAPP_URL"),
        ({"WEBAPP_URL": "https://bot.example.org/", "WEBAPP_PORT": "70000"}, "WEBAPP_PORT"),
        ({"WEBAPP_URL": "https://bot.example.org/", "WEBAPP_LISTEN": "not a host!"}, "WEBAPP_LISTEN"),
        ({"WEBAPP_URL": "https://bot.example.org/", "WEBAPP_PORT": "9464", "METRICS_PORT": "9464"}, "METRICS_PORT"),
    ],
)
def test_bad_mini_app_settings_are_refused_naming_the_key(values, named):
    with pytest.raises(ConfigError, match=named):
        config_from(values)


def test_plain_http_for_the_mini_app_only_with_a_bot_api_of_ones_own():
    config = config_from({"WEBAPP_URL": "http://127.0.0.1:8081/", "TELEGRAM_BASE_URL": "http://127.0.0.1:9000/bot"})
    assert config.webapp is not None


def test_a_test_clock_is_taken_for_a_bot_api_of_ones_own_only() -> None:
    from datetime import UTC, datetime

    local = {"TELEGRAM_BASE_URL": "http://127.0.0.1:9050/bot"}
    assert config_from(local).test_clock is None
    clock = config_from({**local, "TEST_CLOCK": "2025-01-05T20:59:58Z"}).test_clock
    assert clock == datetime(2025, 1, 5, 20, 59, 58, tzinfo=UTC)
    with pytest.raises(ConfigError, match="never Telegram's"):
        config_from({"TEST_CLOCK": "2025-01-05T20:59:58Z"})
    for bad in ("tomorrow", "2025-01-05T20:59:58"):  # not a moment; no UTC offset
        with pytest.raises(ConfigError, match="TEST_CLOCK"):
            config_from({**local, "TEST_CLOCK": bad})
