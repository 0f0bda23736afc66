"""The health and metrics endpoint (METRICS_PORT): `/healthz` for a container's HEALTHCHECK or a load balancer,
`/metrics` for Prometheus. A small aiohttp server on the bot's own event loop; off unless configured.

/healthz answers 200 while updates come in (the polling loop runs and Telegram answered it lately, or the
webhook server runs) and the intake applies them (its task runs, no batch has hung, its batches do not keep
failing), and 503 with the reasons otherwise.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.config import Config, Metrics
from bot.ports import Clock
from bot.store.gauges import read_gauges
from bot.store.store import Store
from bot.telegram_io.intake import Intake
from bot.telegram_io.startup import LONG_POLL
from bot.telegram_io.startup import MAX_DELAY as POLL_MAX_DELAY
from bot.telegram_io.telemetry import Telemetry

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger(__name__)

BATCH_HUNG = 60.0  # seconds one batch may take before the intake counts as hung (a batch takes milliseconds)
FAILING_FOR = 30.0  # seconds of failing batches (the database) before the bot counts as unhealthy
FETCH_MARGIN = 30.0  # seconds beyond a long poll, its timeout and the longest backoff before polling counts as hung


class Monitor:
    """Judges the bot's health from its telemetry and serves it, with the metrics, over HTTP."""

    def __init__(
        self,
        telemetry: Telemetry,
        store: Store,
        intake: Intake,
        receiving: Callable[[], bool],
        clock: Clock,
        config: Config,
    ) -> None:
        self.telemetry, self.store, self.intake, self.receiving, self.clock = telemetry, store, intake, receiving, clock
        self.polling = config.webhook is None
        self.fetch_stale = LONG_POLL + config.timeout + POLL_MAX_DELAY + FETCH_MARGIN
        self.started = telemetry.monotonic()
        telemetry.count_moves(lambda: store.games.moves_written, lambda: store.matches.moves_written)
        self._runner: web.AppRunner | None = None

    def problems(self) -> list[str]:
        """What is wrong now (nothing: healthy)."""
        t, now = self.telemetry, self.telemetry.monotonic()
        found = []
        if not self.intake.running:
            found.append("the intake has stopped")
        if t.batch_started is not None and now - t.batch_started > BATCH_HUNG:
            found.append(f"a batch of updates has been applying for {now - t.batch_started:.0f} s")
        if t.failing_since is not None and now - t.failing_since > FAILING_FOR:
            found.append(f"applying updates has failed for {now - t.failing_since:.0f} s")
        if not self.receiving():
            found.append("updates are not being received (polling or webhook stopped)")
        elif self.polling and now - (t.fetch_beat or self.started) > self.fetch_stale:
            found.append(f"no getUpdates answer for {now - (t.fetch_beat or self.started):.0f} s")
        return found

    async def start(self, settings: Metrics) -> None:
        """Listen on METRICS_LISTEN:METRICS_PORT (an OSError if the port is taken)."""
        from aiohttp import web

        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.TCPSite(self._runner, settings.listen, settings.port).start()
        log.info("health and metrics on http://%s:%d (/healthz, /metrics)", settings.listen, settings.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, request: web.Request) -> web.Response:
        from aiohttp import web

        problems = self.problems()
        self.telemetry.healthy.set(0 if problems else 1)
        if problems:
            return web.Response(status=503, text="unhealthy: " + "; ".join(problems) + "\n")
        return web.Response(text="ok\n")

    async def _metrics(self, request: web.Request) -> web.Response:
        from aiohttp import web

        t = self.telemetry
        try:
            gauges = await read_gauges(self.store, self.clock())
        except Exception as error:  # a busy or failing disk: the counters are still worth serving
            log.warning("could not read the gauges for /metrics: %s", error)
        else:
            t.inbox_pending.set(gauges.inbox_pending)
            t.outbox_pending.set(gauges.outbox_pending)
            t.outbox_oldest.set(gauges.outbox_oldest_seconds)
            t.games_in_progress.labels("game").set(gauges.games_in_progress)
            t.games_in_progress.labels("match").set(gauges.matches_in_progress)
        t.healthy.set(0 if self.problems() else 1)
        return web.Response(body=generate_latest(t.registry), headers={"Content-Type": CONTENT_TYPE_LATEST})
