"""Typed configuration read from the environment and an optional .env file (the environment wins)."""

from __future__ import annotations

import difflib
import ipaddress
import logging
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

T = TypeVar("T", int, float)


class LogFormat(StrEnum):
    """How log lines are written: plain text, or one JSON object a line."""

    TEXT = "text"
    JSON = "json"


log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.telegram.org/bot"
DEFAULT_DATABASE = "./bullscows.sqlite3"
KNOWN_KEYS = (
    "BOT_TOKEN",
    "BOT_TOKEN_FILE",
    "DATABASE_PATH",
    "TELEGRAM_BASE_URL",
    "TELEGRAM_POLL_INTERVAL",
    "TELEGRAM_TIMEOUT",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "PUZZLE_STOCK",
    "TEST_CLOCK",
    "WEBHOOK_URL",
    "WEBHOOK_LISTEN",
    "WEBHOOK_PORT",
    "WEBHOOK_SECRET",
    "DAILY_SECRET",
    "METRICS_PORT",
    "METRICS_LISTEN",
    "WEBAPP_URL",
    "WEBAPP_LISTEN",
    "WEBAPP_PORT",
)
TELEGRAM_WEBHOOK_PORTS = (443, 80, 88, 8443)  # the only ports Telegram's own Bot API delivers webhooks to
_TOKEN = re.compile(r"[0-9]{1,20}:[A-Za-z0-9_-]{1,200}")  # what @BotFather hands out: 123456:ABC-...
_WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what Telegram accepts as secret_token
_HOSTNAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
)


class OperatorError(Exception):
    """A problem the operator can fix (settings, token, database file); str() is the one line to show them."""


class ConfigError(OperatorError, ValueError):
    """A configuration value that cannot be used; str() names the key and the problem."""


class Secret:
    """A string that never shows itself in repr(), str() or logs; .reveal() gives the value."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The secret value, for the one place that needs it."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('**********')"

    __str__ = __repr__

    def __bool__(self) -> bool:
        return bool(self._value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


@dataclass(frozen=True)
class Webhook:
    """Where Telegram should push updates instead of being polled."""

    url: str
    listen: str = "127.0.0.1"  # behind a reverse proxy that holds the TLS certificate; WEBHOOK_LISTEN widens it
    port: int = 8443
    secret: Secret | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Metrics:
    """Where the health and metrics endpoint listens (off unless METRICS_PORT is set)."""

    port: int
    listen: str = "127.0.0.1"


@dataclass(frozen=True)
class WebApp:
    """The Mini App: its public HTTPS address (what Telegram opens) and where the bot serves it (a TLS proxy in
    front, as for the webhook)."""

    url: str
    listen: str = "127.0.0.1"
    port: int = 8081


@dataclass(frozen=True)
class Config:
    """Everything the bot reads from its environment."""

    token: Secret | None = field(default=None, repr=False)
    database_path: Path = Path(DEFAULT_DATABASE)
    base_url: str = DEFAULT_BASE_URL
    poll_interval: float = 0.0
    timeout: float = 20.0  # seconds to wait for Telegram's answer to a call before trying again
    log_level: str = "INFO"
    webhook: Webhook | None = None
    daily_secret: Secret | None = field(default=None, repr=False)  # keys the daily challenge's secrets
    log_format: LogFormat = LogFormat.TEXT
    metrics: Metrics | None = None
    webapp: WebApp | None = None  # the Mini App (off unless WEBAPP_URL is set)
    puzzle_stock: bool = True  # PUZZLE_STOCK: puzzles made ahead in the background (off: `bullscows puzzles make`)
    # TEST_CLOCK: the moment the bot's clock starts at (then running at the real pace), for end-to-end tests of what
    # happens at a time of day; refused with Telegram's own Bot API
    test_clock: datetime | None = None

    @property
    def mode(self) -> str:
        """'webhook' when a webhook URL is configured, else 'polling'."""
        return "webhook" if self.webhook else "polling"


def load_config(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Config:
    """The configuration from `environ` (default os.environ) over the keys of `env_file` if it exists."""
    values: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        from dotenv import dotenv_values

        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)
    for warning in misspelt_keys(values):
        log.warning("%s", warning)
    if token_file := values.get("BOT_TOKEN_FILE", "").strip():
        values["BOT_TOKEN"] = _token_from(Path(token_file), values.get("BOT_TOKEN", "").strip())
    return config_from(values)


def _token_from(path: Path, token: str) -> str:
    """BOT_TOKEN_FILE: the token kept in a file (a container's secret, /run/secrets/...), not in the environment."""
    if token:
        raise ConfigError("BOT_TOKEN and BOT_TOKEN_FILE are both set: keep one")
    try:
        return path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(
            f"BOT_TOKEN_FILE {path} cannot be read: {getattr(error, 'strerror', None) or error}"
        ) from None


def misspelt_keys(values: Mapping[str, str]) -> list[str]:
    """A warning for each key that is not one of ours but looks like a typo of one (BOT_TOKN, WEBHOK_URL)."""
    found = []
    for key in sorted(values):
        if key in KNOWN_KEYS or not key.isupper():
            continue
        close = difflib.get_close_matches(key, KNOWN_KEYS, n=1, cutoff=0.8)
        if close:
            found.append(f"unknown setting {key}, ignored: did you mean {close[0]}?")
    return found


def config_from(values: Mapping[str, str]) -> Config:
    """The configuration described by a mapping of keys (empty strings count as unset)."""

    def get(key: str) -> str | None:
        value = values.get(key, "").strip()
        return value or None

    token = get("BOT_TOKEN")
    if token is not None and not _TOKEN.fullmatch(token):  # the value itself is never shown
        raise ConfigError("BOT_TOKEN does not look like a token from @BotFather (digits, a colon, then letters)")
    base_url = _url(get("TELEGRAM_BASE_URL") or DEFAULT_BASE_URL, "TELEGRAM_BASE_URL", ("https", "http"))
    webhook_url = get("WEBHOOK_URL")
    webhook = None
    if webhook_url:
        secret = get("WEBHOOK_SECRET")
        if secret is not None and not _WEBHOOK_SECRET.fullmatch(secret):
            raise ConfigError("WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -")
        webhook = Webhook(
            url=_webhook_url(webhook_url, base_url),
            listen=_host(get("WEBHOOK_LISTEN") or "127.0.0.1", "WEBHOOK_LISTEN"),
            port=_port(get("WEBHOOK_PORT") or "8443", "WEBHOOK_PORT"),
            secret=Secret(secret) if secret else None,
        )
    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
    log_format = (get("LOG_FORMAT") or "text").lower()
    if log_format not in tuple(LogFormat):
        raise ConfigError(f"LOG_FORMAT must be text or json, not {log_format!r}")
    metrics = None
    if (metrics_port := get("METRICS_PORT")) is not None:
        metrics = Metrics(
            _port(metrics_port, "METRICS_PORT"), _host(get("METRICS_LISTEN") or "127.0.0.1", "METRICS_LISTEN")
        )
        if webhook is not None and webhook.port == metrics.port:
            raise ConfigError(f"METRICS_PORT and WEBHOOK_PORT are both {metrics.port}: give each its own port")
    webapp = _webapp(get("WEBAPP_URL"), get("WEBAPP_LISTEN"), get("WEBAPP_PORT"), base_url)
    if webapp is not None:
        for key, taken in (("WEBHOOK_PORT", webhook), ("METRICS_PORT", metrics)):
            if taken is not None and taken.port == webapp.port:
                raise ConfigError(f"WEBAPP_PORT and {key} are both {webapp.port}: give each its own port")
    stock = (get("PUZZLE_STOCK") or "on").lower()
    if stock not in ("on", "off"):
        raise ConfigError(f"PUZZLE_STOCK must be on or off, not {stock!r}")
    test_clock = _test_clock(get("TEST_CLOCK"), base_url)
    return Config(
        token=Secret(token) if token else None,
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
        base_url=base_url,
        poll_interval=_number(get("TELEGRAM_POLL_INTERVAL") or "0", "TELEGRAM_POLL_INTERVAL", float, most=3600),
        timeout=_number(get("TELEGRAM_TIMEOUT") or "20", "TELEGRAM_TIMEOUT", float, least=0, above=True, most=600),
        log_level=level,
        webhook=webhook,
        daily_secret=Secret(daily) if (daily := get("DAILY_SECRET")) else None,
        log_format=LogFormat(log_format),
        metrics=metrics,
        webapp=webapp,
        puzzle_stock=stock == "on",
        test_clock=test_clock,
    )


def _test_clock(text: str | None, base_url: str) -> datetime | None:
    """TEST_CLOCK: an ISO 8601 moment with its UTC offset ('2025-01-05T20:59:58Z'), for a Bot API other than
    Telegram's own (a test emulator) only: a bot serving players runs on the real time."""
    if text is None:
        return None
    if urlsplit(base_url).hostname == urlsplit(DEFAULT_BASE_URL).hostname:
        raise ConfigError("TEST_CLOCK is for tests against a Bot API of your own, never Telegram's: unset it")
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(f"TEST_CLOCK must be an ISO 8601 moment such as 2025-01-05T20:59:58Z, not {text!r}") from None
    if moment.tzinfo is None:
        raise ConfigError(f"TEST_CLOCK must say its UTC offset (2025-01-05T20:59:58Z), not {text!r}")
    return moment.astimezone(UTC)


def _webapp(url: str | None, listen: str | None, port: str | None, base_url: str) -> WebApp | None:
    """WEBAPP_URL, WEBAPP_LISTEN, WEBAPP_PORT: the Mini App, off when the URL is unset. Telegram opens Mini Apps
    over HTTPS only; plain HTTP is for a Bot API other than Telegram's own (a test emulator)."""
    if url is None:
        for key, value in (("WEBAPP_LISTEN", listen), ("WEBAPP_PORT", port)):
            if value is not None:
                log.warning("%s is set but WEBAPP_URL is not: the Mini App stays off", key)
        return None
    official = urlsplit(base_url).hostname == urlsplit(DEFAULT_BASE_URL).hostname
    _url(url, "WEBAPP_URL", ("https",) if official else ("https", "http"))
    if urlsplit(url).query:
        raise ConfigError(f"WEBAPP_URL must have no query string (Telegram adds its own), not {url!r}")
    return WebApp(
        url=url,
        listen=_host(listen or "127.0.0.1", "WEBAPP_LISTEN"),
        port=_port(port or "8081", "WEBAPP_PORT"),
    )


def _number(text: str, key: str, kind: type[T], *, least: float = 0, above: bool = False, most: float = math.inf) -> T:
    """The number `text` says, finite and within [least, most] ((least, most] when `above`)."""
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"{key} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise ConfigError(f"{key} must be a finite number, not {text!r}")
    if value < least or (above and value == least):
        raise ConfigError(f"{key} must be {'more than' if above else 'at least'} {least:g}, not {text}")
    if value > most:
        raise ConfigError(f"{key} must be at most {most:g}, not {text}")
    return value


def _port(text: str, key: str) -> int:
    """A TCP port number, 1 to 65535."""
    if not (text.isascii() and text.isdigit()):
        raise ConfigError(f"{key} must be a port number (1-65535), not {text!r}")
    return _number(text, key, int, least=1, most=65535)


def _host(text: str, key: str) -> str:
    """An address to listen on: an IPv4 or IPv6 address, or a host name."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        if _HOSTNAME.fullmatch(text) and not text.replace(".", "").isdigit():
            return text
    raise ConfigError(f"{key} must be an IP address or a host name to listen on, not {text!r}")


def _url(text: str, key: str, schemes: tuple[str, ...]) -> str:
    """An absolute URL with one of `schemes`, a host and a valid port."""
    try:
        parts = urlsplit(text)
        port = parts.port  # raises on a port out of range or not a number
    except ValueError:
        raise ConfigError(f"{key} is not a valid URL: {text!r}") from None
    if parts.scheme not in schemes or not parts.hostname:
        raise ConfigError(f"{key} must be a {' or '.join(s + '://' for s in schemes)} URL with a host, not {text!r}")
    if port == 0 or parts.fragment or any(c.isspace() for c in text):
        raise ConfigError(f"{key} is not a valid URL: {text!r}")
    return text


def _webhook_url(text: str, base_url: str) -> str:
    """WEBHOOK_URL: HTTPS on a port Telegram delivers to; plain HTTP and other ports only for a Bot API other than
    Telegram's own (a local Bot API server, a test emulator), which may call any address."""
    official = urlsplit(base_url).hostname == urlsplit(DEFAULT_BASE_URL).hostname
    _url(text, "WEBHOOK_URL", ("https",) if official else ("https", "http"))
    port = urlsplit(text).port
    if official and port is not None and port not in TELEGRAM_WEBHOOK_PORTS:
        ports = ", ".join(map(str, TELEGRAM_WEBHOOK_PORTS))
        raise ConfigError(f"WEBHOOK_URL's port must be one Telegram delivers to ({ports}), not {port}")
    return text
