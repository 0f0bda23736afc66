"""Push: a move made in the chat shows on the page at once, over one server-sent event stream a player.

The page opens `GET /api/events?pass=…` (an EventSource, which cannot send headers: the pass stands in for initData,
never put in a URL). A pass is signed by the server for one player, from their checked initData (`/api/session`
hands it out), and opens a stream for PASS_SECONDS only; it lets its holder read their own game as the page does,
and nothing else. The stream sends the page's state whenever it differs from the one the page has (its `key`, given
back by the browser as Last-Event-ID when it reconnects), and is woken when anything is queued for the player's chat
in the outbox: a move committed by the intake, by the page or by a timer. Its read waits for that transaction to
commit (Core.read), so it sends what was committed, and only if the page's key changed.

Bounded: one stream a player (a newer one ends the older, which is told so and polls instead), MAX_STREAMS in all
(503 past that: the page polls), a heartbeat every HEARTBEAT seconds (a proxy keeps the connection, a gone browser is
noticed), each stream ended after STREAM_SECONDS (the page asks for a fresh pass), and every one ended when the
server stops.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

from bot.page import schema
from bot.page.auth import PageUser, Unauthorized

PASS_SECONDS = 600  # a pass opens a stream for 10 minutes after /api/session gave it
STREAM_SECONDS = 1800.0  # then the page asks for a new pass: a stream lives no longer than this
HEARTBEAT = 20.0  # seconds between pings (nginx's proxy_read_timeout is 60 s by default)
MAX_STREAMS = 1000  # open at once, every player's together
RETRY_MS = 2000  # how long a browser waits before it reconnects a dropped stream (the 'retry:' field)
_DOMAIN = b"bullscows push pass"  # the pass's key is derived from the initData key, for this use alone


def pass_for(user: PageUser, key: bytes, now: float) -> str:
    """A pass for `user`'s stream, good for PASS_SECONDS from `now`, signed under `key` (auth.secret_key)."""
    fields = {"u": user.user_id, "l": user.language_code or "", "e": int(now) + PASS_SECONDS}
    body = base64.urlsafe_b64encode(json.dumps(fields, separators=(",", ":")).encode()).rstrip(b"=").decode()
    return body + "." + _signature(body, key)


def holder(token: str, key: bytes, now: float) -> PageUser:
    """The player a pass was given to, if the server signed it and it has not expired; Unauthorized otherwise."""
    body, _, signature = token.partition(".")
    if not body or len(token) > 512 or not hmac.compare_digest(signature.encode(), _signature(body, key).encode()):
        raise Unauthorized("a pass the server did not sign")
    try:
        fields = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        user_id, language, expires = int(fields["u"]), str(fields["l"]), int(fields["e"])
    except (ValueError, KeyError, TypeError):
        raise Unauthorized("a pass that is not one") from None
    if now > expires:
        raise Unauthorized(f"a pass expired {int(now - expires)} s ago")
    return PageUser(user_id, str(user_id), language or None, None)


def _signature(body: str, key: bytes) -> str:
    derived = hmac.new(key, _DOMAIN, hashlib.sha256).digest()
    return hmac.new(derived, body.encode(), hashlib.sha256).hexdigest()[:32]


@dataclass
class Listening:
    """One open stream: woken when its chat changes; `ended` says why it must end (replaced, closing)."""

    wake: asyncio.Event = field(default_factory=asyncio.Event)
    ended: str | None = None

    def end(self, why: str) -> None:
        """End the stream at its next turn, telling the page why."""
        self.ended = why
        self.wake.set()


class Streams:
    """The open streams, one a player (by user id, which is their private chat's id), at most `limit` in all."""

    def __init__(self, limit: int = MAX_STREAMS) -> None:
        self.limit = limit
        self.closing = False
        self._open: dict[int, Listening] = {}

    def __len__(self) -> int:
        return len(self._open)

    def changed(self, chat_id: int) -> None:
        """Something was queued for this chat: its stream, if one is open, reads the page's state again."""
        listening = self._open.get(chat_id)
        if listening is not None:
            listening.wake.set()

    def open(self, user_id: int) -> Listening | None:
        """A stream for the player, ending the one they had open; None when the server is full or stopping."""
        earlier = self._open.get(user_id)
        if self.closing or (earlier is None and len(self._open) >= self.limit):
            return None
        if earlier is not None:
            earlier.end("replaced")
        listening = self._open[user_id] = Listening()
        return listening

    def close(self, user_id: int, listening: Listening) -> None:
        """The stream ended: forget it (unless a newer one of the player's has taken its place)."""
        if self._open.get(user_id) is listening:
            del self._open[user_id]

    def close_all(self) -> None:
        """The server stops: every stream ends now, telling its page so (it reconnects to the next server)."""
        self.closing = True
        for listening in self._open.values():
            listening.end("closing")


def event(name: str, data: schema.Shape, key: str | None = None) -> bytes:
    """One server-sent event: its name, its id (the page's state key, when it carries one) and its JSON."""
    head = f"event: {name}\n" + (f"id: {key}\n" if key is not None else "")
    return head.encode() + b"data: " + schema.encode(data) + b"\n\n"


Changed = Callable[[str], Awaitable[tuple[str, schema.State | None]]]  # known key -> (key, state if it changed)


async def stream(
    request: web.Request,
    listening: Listening,
    changed: Changed,
    heartbeat: float = HEARTBEAT,
    lifetime: float = STREAM_SECONDS,
    monotonic: Callable[[], float] = time.monotonic,
) -> web.StreamResponse:
    """Serve one stream: the state whenever it changes from the one the page knows, a ping now and then, until the
    stream ends (the browser left, a newer stream, the server stops, or its time is up)."""
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",  # nginx: pass each event on as it comes, never buffered
        }
    )
    await response.prepare(request)
    known = request.headers.get("Last-Event-ID") or request.query.get("known", "")
    ends = monotonic() + lifetime
    try:
        await response.write(f"retry: {RETRY_MS}\n\n".encode())
        woken = True  # at the start, the page may know an older state: read once
        while listening.ended is None:
            if woken:
                listening.wake.clear()  # a change during the read wakes the next wait at once
                key, state = await changed(known)
                if state is not None:
                    await response.write(event("state", state, key))
                    known = key
            left = ends - monotonic()
            if left <= 0:
                listening.end("renew")
                break
            try:
                await asyncio.wait_for(listening.wake.wait(), min(heartbeat, left))
                woken = True
            except TimeoutError:  # nothing changed: a ping, and no read
                await response.write(event("ping", schema.Ping()))
                woken = False
        await response.write(event("bye", schema.Bye(why=listening.ended or "")))
    except ConnectionError:  # the browser left (aiohttp's ClientConnectionResetError is one)
        pass
    return response
