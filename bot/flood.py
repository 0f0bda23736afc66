"""The flood guard both transports use: each sender gets a burst of updates and a steady rate, the rest is refused."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class FloodGuard:
    """Lets each sender (`key`) send `burst` updates at once and `rate` a second after that; the rest is refused.

    One refusal a burst is answered politely; the others are dropped, so a flood costs the bot almost nothing
    and other chats stay responsive. Memory is bounded: a sender calm for long enough to have a full bucket again
    is forgotten (a fresh one is the same), and at most `limit` senders are remembered, the longest unseen
    forgotten first.
    """

    burst: float = 30.0
    rate: float = 2.0
    monotonic: Callable[[], float] = time.monotonic
    limit: int = 10_000
    _buckets: OrderedDict[int, tuple[float, float, bool]] = field(default_factory=OrderedDict)  # least recent first

    def check(self, key: int) -> str:
        """'ok' to process, 'warn' to refuse with a polite reply, 'drop' to refuse silently."""
        now = self.monotonic()
        self._forget_calm(now)
        tokens, then, warned = self._buckets.pop(key, (self.burst, now, False))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[key] = (tokens - 1, now, False)
            verdict = "ok"
        else:
            self._buckets[key] = (tokens, now, True)
            verdict = "drop" if warned else "warn"
        if len(self._buckets) > self.limit:
            self._buckets.popitem(last=False)
        return verdict

    def _forget_calm(self, now: float) -> None:
        """Forget the senders unseen for as long as an empty bucket takes to fill (the least recent come first)."""
        refilled = self.burst / self.rate
        while self._buckets:
            key, (_, then, _) = next(iter(self._buckets.items()))
            if now - then < refilled:
                return
            del self._buckets[key]

    @property
    def remembered(self) -> int:
        """How many senders the guard keeps a bucket for."""
        return len(self._buckets)
