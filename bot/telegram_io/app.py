"""Building and running the Telegram Application: the store first, then Telegram, then the intake and sender.

python-telegram-bot's Application and handlers are kept; its update fetching is not. Polling is our own loop
(`startup.poll`), which records each batch in the inbox before the next getUpdates confirms it. A webhook is our own
small server (`webhook.py`), which records an update before it answers Telegram. Either way the intake processes the
inbox and the sender delivers the outbox. The bot's decoration (menus, descriptions) is set in the background once it
serves: nothing but getMe and the webhook's set-up stands between a start and the first update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import signal
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from telegram.ext import ApplicationBuilder, ContextTypes
from telegram.request import BaseRequest

from bot.config import Config, Webhook
from bot.ports import Clock, clock_from, utc_now
from bot.register import timers
from bot.runtime import Runtime, open_runtime
from bot.schedule import Scheduler
from bot.store.lock import claim
from bot.store.store import Store
from bot.telegram_io.admins import AdminRoster, telegram_fetch
from bot.telegram_io.group_io import JobQueueTimers, on_unreachable
from bot.telegram_io.handlers import register
from bot.telegram_io.intake import Intake
from bot.telegram_io.later import later_delivery
from bot.telegram_io.logformat import JsonLines
from bot.telegram_io.menus import decorate
from bot.telegram_io.monitor import Monitor
from bot.telegram_io.pacing import ChatPacing
from bot.telegram_io.sender import GROUP_SPACING, Sender
from bot.telegram_io.startup import ALLOWED_UPDATES, poll, retrying
from bot.telegram_io.state import App, BotState
from bot.telegram_io.telemetry import Telemetry
from bot.warm import settle_heap, warm_up

if TYPE_CHECKING:  # the servers on aiohttp are imported when configured (a bot on long polling alone starts lighter)
    from bot.page.server import WebAppServer
    from bot.telegram_io.webhook import WebhookServer

log = logging.getLogger("bot")

__all__ = ["build_application", "close_bot", "open_bot", "run", "serve"]

STEP_TIMEOUT = 8  # seconds each shutdown step may take: a service manager's stop timeout is usually 90
RATE_LIMIT_RETRIES = 3  # 429s that AIORateLimiter sits out itself before the sender postpones the call
NO_C_KERNELS = (
    "the engine's C kernels were not built, so it runs on numpy: 5- and 6-digit games are slower, and game reviews"
    " estimate what their tables do not reach; install a C compiler and the Python headers (Debian: gcc, python3-dev),"
    " then install bullscows again"
)
WEBHOOK_SECRET = "webhook"  # the name of the generated webhook secret among the stored ones


def build_application(config: Config, *, request: BaseRequest | None = None, rate_limit: bool = True) -> App:
    """The Application for `config`, with its handlers; nothing is opened or contacted yet.

    Tests pass a `request` that records calls instead of reaching Telegram.
    """
    if not config.token:
        raise ValueError("a bot token is needed to build the Telegram application")
    state = ContextTypes(bot_data=BotState)  # the bot's own state, typed (bot/telegram_io/state.py)
    builder = ApplicationBuilder().context_types(state).token(config.token.reveal()).base_url(config.base_url)
    builder = builder.updater(None)
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    else:  # a send answered late is retried, and may then show twice: wait long enough that this is rare
        wait = config.timeout
        builder = builder.connect_timeout(wait).read_timeout(wait).write_timeout(wait).pool_timeout(wait)
    if rate_limit:
        limiter = ChatPacing(
            # 20 a minute in a group, counted over any minute: one every 3 s never exceeds it, where a burst of
            # 20 would leave the group silent for the rest of the minute
            group_max_rate=1, group_time_period=GROUP_SPACING, max_retries=RATE_LIMIT_RETRIES
        )  # fmt: skip
        builder = builder.rate_limiter(limiter)  # type: ignore[arg-type]
    app = builder.build()
    register(app)
    return app


async def open_bot(
    app: App,
    config: Config,
    rng: random.Random | None = None,
    clock: Clock = utc_now,
) -> Runtime:
    """Open the database (a bad one fails here, before Telegram is contacted), then reach Telegram (retrying
    transient errors), then set up the intake, the sender and match timers."""
    timers, admins = JobQueueTimers(app, clock), AdminRoster(telegram_fetch(app.bot))
    runtime = await open_runtime(config, rng, clock, admins=admins, timers=timers)
    try:
        app.bot_data.runtime = runtime
        await retrying(app.initialize, "connecting to Telegram (getMe)")
        telemetry = Telemetry()
        sender = app.bot_data.sender = Sender(app.bot, runtime.store, clock, telemetry=telemetry)
        sender.unreachable = lambda chat_id: on_unreachable(runtime, chat_id)
        engine = runtime.core.deps.engine

        async def settled() -> None:  # what parked updates wait for: a group's admins, the engine's work
            await asyncio.gather(admins.settled(), engine.settled())

        intake = app.bot_data.intake = Intake(app, runtime.store, clock, sender.wake, settled, telemetry)
        admins.on_known = intake.unpark_all
        engine.on_done.append(intake.unpark_all)  # an update waiting for engine work runs again once it is done
        runtime.core.deps.later = later_delivery(app)  # answers promised for later (a review made meanwhile) are sent
        rearmed = await runtime.core.rearm()  # the timers of matches still running
        backend = await asyncio.to_thread(warm_up)  # before the first update, not during it
        await asyncio.to_thread(settle_heap)
    except BaseException:
        await close_bot(app)
        raise
    applied = f", applied migrations {', '.join(runtime.applied)}" if runtime.applied else ""
    log.info("bullscows is running: %s mode, database %s%s", config.mode, config.database_path, applied)
    if backend != "C":  # a machine without a C compiler at install: every game still plays, big ones slower
        log.warning(NO_C_KERNELS)
    if rearmed:
        log.info("re-armed the timers of %d running matches", rearmed)
    return runtime


async def close_bot(app: App) -> None:
    """Stop what open_bot started, in reverse order; what is pending stays in the inbox and outbox.

    Every step runs whatever the one before did, and the database is closed last in any case: a connection
    left open would keep its thread, and with it the process, alive.
    """
    state = app.bot_data
    runtime, intake, sender = state.parts()
    state.intake, state.sender = None, None
    admins = runtime.core.deps.admins if runtime is not None else None
    parts = runtime.core.deps if runtime is not None else None
    try:
        for step in (
            parts.stop if parts is not None else None,  # the features' own work under way (reviews being made)
            intake.stop if intake is not None else None,
            sender.stop if sender is not None else None,
            admins.close if isinstance(admins, AdminRoster) else None,
            app.stop if app.running else None,
            app.shutdown,
        ):
            if step is not None:
                name = getattr(step, "__qualname__", str(step))
                try:
                    await asyncio.wait_for(step(), STEP_TIMEOUT)
                except TimeoutError:
                    log.warning("shutting down: %s did not finish in %d s; going on", name, STEP_TIMEOUT)
                except Exception as error:
                    log.warning("shutting down: %s failed (%s)", name, error)
    finally:
        runtime, state.runtime = state.parts()[0], None
        if runtime is not None:
            await runtime.close()


async def webhook_secret(config: Config, store: Store) -> str:
    """The webhook's secret: WEBHOOK_SECRET, else a strong one generated once and kept in the database (it is given
    to Telegram by setWebhook at every start, so it never needs to be known outside)."""
    hook = config.webhook
    if hook is not None and hook.secret:
        return hook.secret.reveal()
    async with store.transaction():
        return await store.ensure_secret(WEBHOOK_SECRET, secrets.token_urlsafe(32))


async def serve(
    config: Config,
    stop: asyncio.Event | None = None,
    *,
    request: BaseRequest | None = None,
    clock: Clock = utc_now,
) -> None:
    """Run the bot until SIGINT/SIGTERM (or `stop`): long polling, or a webhook when one is configured."""
    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
    app = build_application(config, request=request, rate_limit=request is None)
    runtime = await _open_unless_stopped(app, config, clock, stop)
    if runtime is None:
        return
    intake, sender = app.bot_data.intake, app.bot_data.sender
    fetching: asyncio.Task[None] | None = None
    server: WebhookServer | None = None
    webapp: WebAppServer | None = None
    background: list[asyncio.Task[object]] = []
    # every timer on one scheduler: the tidy, the day's close, the stock of puzzles... (bot/register.py lists them)
    scheduler = Scheduler(timers(runtime.core, runtime.store, app.bot_data.wake_sender, config), clock)
    scheduler.start()

    def receiving() -> bool:  # for /healthz: the polling loop runs, or the webhook server does
        if config.webhook is None:
            return fetching is not None and not fetching.done()
        return server is not None and server.listening

    monitor = Monitor(intake.telemetry, runtime.store, intake, receiving, clock, config)
    try:
        if config.webapp is not None:
            app.bot_data.webapp_url = config.webapp.url  # before the first update: its boards get the button
        await app.start()
        sender.start()
        intake.start()  # what was recorded before a crash is processed first
        if config.metrics is not None:
            await monitor.start(config.metrics)
        if config.webhook is None:
            await retrying(app.bot.delete_webhook, "deleteWebhook")
            fetching = asyncio.create_task(poll(app.bot, runtime.store, intake, config.poll_interval), name="polling")
        else:
            server = await _start_webhook(app, config.webhook, await webhook_secret(config, runtime.store))
        if config.webapp is not None and config.token:
            from bot.telegram_io.mini_app import mini_app

            webapp = mini_app(config.webapp, runtime.core, config.token, app.bot.username, sender.wake)
            await webapp.start()
        more: Iterable[tuple[str, Callable[[], Awaitable[bool]]]] = ()
        if config.webapp is not None:
            from bot.telegram_io.mini_app import menu_button

            more = menu_button(app.bot, config.webapp)
        background.append(asyncio.create_task(decorate(app.bot, more=more), name="decoration"))
        stopping = asyncio.create_task(stop.wait())
        waiting = {stopping} | ({fetching} if fetching else set())
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if fetching in done:
            fetching.result()  # a rejected token: raised to the caller
    finally:
        await scheduler.stop()
        await monitor.stop()
        for task in background:
            task.cancel()
        if fetching is not None:
            fetching.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await fetching
        if server is not None:
            await server.stop()
        if webapp is not None:
            await webapp.stop()
        await close_bot(app)
        log.info("bullscows stopped")


async def _open_unless_stopped(app: App, config: Config, clock: Clock, stop: asyncio.Event) -> Runtime | None:
    """open_bot (which retries while Telegram is unreachable), or None if told to stop first: then open_bot has
    closed what it opened."""
    opening = asyncio.create_task(open_bot(app, config, clock=clock))
    stopped = asyncio.create_task(stop.wait())
    await asyncio.wait({opening, stopped}, return_when=asyncio.FIRST_COMPLETED)
    stopped.cancel()
    if opening.done():
        return opening.result()
    opening.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await opening
    return None


async def _start_webhook(app: App, hook: Webhook, secret: str) -> WebhookServer:
    """Listen for Telegram's POSTs, then tell Telegram where to send them (with the secret it must carry)."""
    from bot.telegram_io.webhook import WebhookServer, webhook_app

    receiver = webhook_app(urlparse(hook.url).path, secret, app.bot_data.intake.record)
    server = WebhookServer(receiver, hook.listen, hook.port)
    await server.start()  # listening before Telegram is told where to send
    await retrying(
        lambda: app.bot.set_webhook(hook.url, secret_token=secret, allowed_updates=ALLOWED_UPDATES), "setWebhook"
    )
    return server


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


class RateLimitNoise(logging.Filter):
    """Drops AIORateLimiter's "Rate limit hit after maximum of N retries" traceback: not an error here, since
    the sender postpones the call and logs one warning line for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Rate limit hit after maximum")


def configure_logging(config: Config) -> None:
    """Log at LOG_LEVEL; HTTP client chatter stays quiet (its lines carry the token in URLs)."""
    logging.basicConfig(level=config.log_level, format=LOG_FORMAT)
    logging.getLogger().setLevel(config.log_level)  # basicConfig keeps the level of handlers set up earlier
    token = config.token.reveal() if config.token else ""
    for handler in logging.getLogger().handlers:
        inner = handler.formatter.inner if isinstance(handler.formatter, RedactToken) else handler.formatter
        if config.log_format == "json" or isinstance(inner, JsonLines):  # None: RedactToken's own text format
            inner = JsonLines() if config.log_format == "json" else None
        handler.setFormatter(RedactToken(token, inner))
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # aiosqlite's debug lines carry every statement's parameters, secrets (the daily one too) included
    logging.getLogger("aiosqlite").setLevel(logging.WARNING)
    # python-telegram-bot's debug lines carry raw updates, and a duel secret is typed in a private chat:
    # LOG_LEVEL=DEBUG opens the bot's own loggers, never those
    verbose = config.log_level == "DEBUG"
    logging.getLogger("telegram").setLevel(logging.INFO if verbose else logging.WARNING)
    logging.getLogger("apscheduler").setLevel(logging.INFO if verbose else logging.WARNING)
    # AIORateLimiter logs a traceback when it gives up on a 429; the sender takes the call over and says so
    limiter_log = logging.getLogger("telegram.ext.AIORateLimiter")
    if not any(isinstance(f, RateLimitNoise) for f in limiter_log.filters):
        limiter_log.addFilter(RateLimitNoise())


def run(config: Config) -> None:
    """Run the bot until it is stopped; operator errors (bad token, bad database, a database another process
    serves) are raised to the command."""
    configure_logging(config)
    clock = utc_now
    if config.test_clock is not None:  # a test's: what happens at a time of day, now
        log.warning("TEST_CLOCK: the bot's clock starts at %s", config.test_clock.isoformat())
        clock = clock_from(config.test_clock)
    with claim(config.database_path):
        asyncio.run(serve(config, clock=clock))
