"""Building and running the Telegram Application: config in, resources opened in post_init."""

from __future__ import annotations

import logging
import random
from urllib.parse import urlparse

from telegram.ext import AIORateLimiter, Application, ApplicationBuilder
from telegram.request import BaseRequest

from bot.config import Config
from bot.runtime import Runtime, open_runtime
from bot.services.ports import Clock, utc_now
from bot.telegram_io.group_io import JobQueueTimers, TelegramAdmins
from bot.telegram_io.handlers import RUNTIME, register, set_commands

log = logging.getLogger("bot")


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    rng: random.Random | None = None,
    clock: Clock = utc_now,
    rate_limit: bool = True,
) -> Application:  # type: ignore[type-arg]
    """The Application for `config`; the database opens in post_init and closes in post_shutdown.

    Tests pass a `request` that records calls instead of reaching Telegram.
    """
    if not config.token:
        raise ValueError("a bot token is needed to build the Telegram application")

    async def post_init(app: Application) -> None:  # type: ignore[type-arg]
        timers, admins = JobQueueTimers(app, clock), TelegramAdmins(app.bot)
        runtime = await open_runtime(config, rng, clock, admins=admins, timers=timers)
        app.bot_data[RUNTIME] = runtime
        rearmed = await runtime.core.rearm()  # the timers of matches still running
        await set_commands(app)
        applied = f", applied migrations {', '.join(runtime.applied)}" if runtime.applied else ""
        log.info("bullscows is running: %s mode, database %s%s", config.mode, config.database_path, applied)
        if rearmed:
            log.info("re-armed the timers of %d running matches", rearmed)

    async def post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
        runtime = app.bot_data.pop(RUNTIME, None)
        if isinstance(runtime, Runtime):
            await runtime.close()

    builder = (
        ApplicationBuilder()
        .token(config.token.reveal())
        .base_url(config.base_url)
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .concurrent_updates(True)  # chats run side by side; each chat's updates stay in order (Core.chat_lock)
    )
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    if rate_limit:
        builder = builder.rate_limiter(AIORateLimiter())  # type: ignore[arg-type]
    app = builder.build()
    register(app)
    return app


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class RedactToken(logging.Formatter):
    """Formats like the handler's own formatter, then replaces the bot token wherever it appears: in the
    message, and in a traceback (an HTTP error's text carries the request URL, token included)."""

    def __init__(self, token: str, inner: logging.Formatter | None = None) -> None:
        super().__init__(LOG_FORMAT)
        self.token = token
        self.inner = inner

    def format(self, record: logging.LogRecord) -> str:
        text = self.inner.format(record) if self.inner is not None else super().format(record)
        return text.replace(self.token, "<token>") if self.token else text


def configure_logging(config: Config) -> None:
    """Log at LOG_LEVEL; HTTP client chatter stays quiet (its lines carry the token in URLs)."""
    logging.basicConfig(level=config.log_level, format=LOG_FORMAT)
    logging.getLogger().setLevel(config.log_level)  # basicConfig keeps the level of handlers set up earlier
    token = config.token.reveal() if config.token else ""
    for handler in logging.getLogger().handlers:
        if token and not isinstance(handler.formatter, RedactToken):
            handler.setFormatter(RedactToken(token, handler.formatter))
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # aiosqlite's debug lines carry every statement's parameters, secrets (the daily one too) included
    logging.getLogger("aiosqlite").setLevel(logging.WARNING)
    # python-telegram-bot's debug lines carry raw updates, and a duel secret is typed in a private chat:
    # LOG_LEVEL=DEBUG opens the bot's own loggers, never those
    verbose = config.log_level == "DEBUG"
    logging.getLogger("telegram").setLevel(logging.INFO if verbose else logging.WARNING)
    logging.getLogger("apscheduler").setLevel(logging.INFO if verbose else logging.WARNING)


def run(config: Config) -> None:
    """Run the bot until SIGINT/SIGTERM: long polling, or a webhook when one is configured."""
    configure_logging(config)
    app = build_application(config)
    allowed = ["message", "callback_query"]
    if config.webhook is None:
        app.run_polling(poll_interval=config.poll_interval, allowed_updates=allowed)
        return
    hook = config.webhook
    app.run_webhook(
        listen=hook.listen,
        port=hook.port,
        url_path=urlparse(hook.url).path.lstrip("/"),
        webhook_url=hook.url,
        secret_token=hook.secret.reveal() if hook.secret else None,
        allowed_updates=allowed,
    )
