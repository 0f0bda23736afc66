"""Typed configuration read from the environment and an optional .env file (the environment wins)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

T = TypeVar("T", int, float)

DEFAULT_BASE_URL = "https://api.telegram.org/bot"
DEFAULT_DATABASE = "./bullscows.sqlite3"


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
    return config_from(values)


def config_from(values: Mapping[str, str]) -> Config:
    """The configuration described by a mapping of keys (empty strings count as unset)."""

    def get(key: str) -> str | None:
        value = values.get(key, "").strip()
        return value or None

    token = get("BOT_TOKEN")
    webhook_url = get("WEBHOOK_URL")
    webhook = None
    if webhook_url:
        secret = get("WEBHOOK_SECRET")
        webhook = Webhook(
            url=webhook_url,
            listen=get("WEBHOOK_LISTEN") or "127.0.0.1",
            port=_number(get("WEBHOOK_PORT") or "8443", "WEBHOOK_PORT", int),
            secret=Secret(secret) if secret else None,
        )
    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}")
    return Config(
        token=Secret(token) if token else None,
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
        base_url=get("TELEGRAM_BASE_URL") or DEFAULT_BASE_URL,
        poll_interval=_number(get("TELEGRAM_POLL_INTERVAL") or "0", "TELEGRAM_POLL_INTERVAL", float),
        timeout=_number(get("TELEGRAM_TIMEOUT") or "20", "TELEGRAM_TIMEOUT", float),
        log_level=level,
        webhook=webhook,
        daily_secret=Secret(daily) if (daily := get("DAILY_SECRET")) else None,
    )


def _number(text: str, key: str, kind: type[T]) -> T:
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"{key} must be a number, not {text!r}") from None
    if value < 0:
        raise ConfigError(f"{key} must not be negative")
    return value
