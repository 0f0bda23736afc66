"""What the intake and the sender count as they work, as Prometheus series, and the signs of life /healthz reads.

Recording is cheap beside an update's own work, so it is always on; only serving it over HTTP is optional
(METRICS_PORT, see `monitor.py`). Each Telemetry has a registry of its own: two bots in one test process never
mix their counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from enum import StrEnum

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

# seconds: a move at an idle bot is answered in milliseconds; a backlog or Telegram's limits make it seconds
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300)
MAX_WATCHED = 10_000  # arrival times kept for updates not yet applied (the rest go unmeasured, not unbounded)


class SendOutcome(StrEnum):
    """How one Bot API call of the sender ended."""

    OK = "ok"
    TOO_MANY = "429"  # flood control: waits out retry_after
    SERVER = "5xx"  # a server error or a broken connection: tried again with backoff
    TIMEOUT = "timeout"  # no answer in TELEGRAM_TIMEOUT: tried again (and may then show twice)
    REFUSED = "refused"  # 400: final, sending it again would be refused again
    BLOCKED = "blocked"  # 403: the user blocked the bot, or it left the group


class Telemetry:
    """The bot's counters, histograms and gauges, and when the intake and the update fetching last showed life."""

    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.monotonic = monotonic
        self.registry = CollectorRegistry()
        r = self.registry
        self.updates_received = Counter(
            "bullscows_updates_received",
            "Updates recorded in the inbox (new ones; redeliveries not counted)",
            registry=r,
        )
        self.updates_applied = Counter(
            "bullscows_updates_applied", "Updates applied and committed (their replies in the outbox)", registry=r
        )
        self.updates_set_aside = Counter(
            "bullscows_updates_set_aside", "Updates set aside after crashing the process repeatedly", registry=r
        )
        self.sends = Counter("bullscows_sends", "Bot API calls of the sender, by outcome", ["outcome"], registry=r)
        for outcome in SendOutcome:
            self.sends.labels(outcome.value)
        self.sends_retried = Counter(
            "bullscows_sends_retried", "Calls put back to be tried again (429, 5xx, timeouts)", registry=r
        )
        self.move_latency = Histogram(
            "bullscows_move_latency_seconds",
            "From an update's arrival to the commit of its move (and its replies): what a player waits before the"
            " reply may leave",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.reply_latency = Histogram(
            "bullscows_reply_latency_seconds",
            "From a reply's commit to Telegram's acceptance of it, waits for pacing and retries included",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.inbox_pending = Gauge("bullscows_inbox_pending", "Updates recorded and not yet applied", registry=r)
        self.outbox_pending = Gauge("bullscows_outbox_pending", "Replies committed and not yet delivered", registry=r)
        self.outbox_oldest = Gauge(
            "bullscows_outbox_oldest_seconds", "How long the oldest undelivered reply has waited", registry=r
        )
        self.games_in_progress = Gauge("bullscows_games_in_progress", "Games under way, by kind", ["kind"], registry=r)
        self.healthy = Gauge("bullscows_healthy", "1 while /healthz answers 200", registry=r)
        ProcessCollector(registry=r)  # memory, CPU, open files of this process
        self._arrivals: dict[int, float] = {}
        self.batch_started: float | None = None  # the intake is applying a batch since then
        self.failing_since: float | None = None  # the intake's batches fail (the database) since then
        self.fetch_beat: float | None = None  # Telegram last answered a getUpdates (with updates, none, or an error)
        self.fetch_ok: float | None = None  # ... and last answered one without an error
        Gauge(
            "bullscows_fetch_age_seconds",
            "Seconds since Telegram last answered a getUpdates without an error (polling; -1 before the first)",
            registry=r,
        ).set_function(lambda: -1.0 if self.fetch_ok is None else self.monotonic() - self.fetch_ok)

    def count_moves(self, *sources: Callable[[], int]) -> None:
        """Serve bullscows_moves_total as the sum of these counts (the repositories count what they write)."""
        self.registry.register(_Moves(sources))

    def received(self, update_ids: Iterable[int]) -> None:
        """Updates just recorded in the inbox: counted, and their arrival noted for the move latency."""
        now = self.monotonic()
        ids = list(update_ids)
        self.updates_received.inc(len(ids))
        if len(self._arrivals) < MAX_WATCHED:
            self._arrivals.update(dict.fromkeys(ids, now))

    def applied(self, update_ids: Iterable[int]) -> None:
        """Updates whose batch just committed."""
        now = self.monotonic()
        count = 0
        for update_id in update_ids:
            count += 1
            arrived = self._arrivals.pop(update_id, None)
            if arrived is not None:  # recorded before this process started: no arrival time to measure from
                self.move_latency.observe(now - arrived)
        self.updates_applied.inc(count)

    def set_aside(self, update_id: int) -> None:
        self._arrivals.pop(update_id, None)
        self.updates_set_aside.inc()

    def sent(self, outcome: SendOutcome, waited: Iterable[float] = ()) -> None:
        """One call's outcome; for a delivered one, how long each reply it carried had waited since its commit."""
        self.sends.labels(outcome.value).inc()
        for seconds in waited:
            self.reply_latency.observe(max(0.0, seconds))

    def retried(self) -> None:
        self.sends_retried.inc()

    def batch_begins(self) -> None:
        self.batch_started = self.monotonic()

    def batch_ends(self, failed: bool = False) -> None:
        self.batch_started = None
        if not failed:
            self.failing_since = None
        elif self.failing_since is None:
            self.failing_since = self.monotonic()

    def fetched(self, ok: bool) -> None:
        self.fetch_beat = self.monotonic()
        if ok:
            self.fetch_ok = self.fetch_beat


class _Moves(Collector):
    def __init__(self, sources: tuple[Callable[[], int], ...]) -> None:
        self.sources = sources

    def collect(self) -> Iterable[CounterMetricFamily]:
        total = sum(source() for source in self.sources)
        yield CounterMetricFamily("bullscows_moves", "Moves (guesses and answers) stored by this process", total)
