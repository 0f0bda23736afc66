"""The webhook: Telegram POSTs each update here; it is recorded in the inbox before the answer says it arrived.

Closed to everyone but Telegram: a request must carry the secret given to `setWebhook` in the
`X-Telegram-Bot-Api-Secret-Token` header (403 otherwise), and its body may not exceed `MAX_BODY` (413, refused
from its Content-Length before a byte of it is read). Anything refused is one log line, never its body. A
recorded update is answered 200; a body that is no update 400 (Telegram would only send it again); a database
that cannot record it 500, so that Telegram delivers it again later.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

MAX_BODY = 1 << 20  # bytes: Telegram's updates are a few KB
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"

Record = Callable[[list[dict[str, Any]]], Awaitable[None]]


def webhook_app(path: str, secret: str, record: Record) -> web.Application:
    """The aiohttp application that takes Telegram's POSTs at `path` and records them with `record`."""
    expected = secret.encode()

    async def receive(request: web.Request) -> web.StreamResponse:
        given = request.headers.get(SECRET_HEADER, "").encode("utf-8", "replace")
        if not hmac.compare_digest(given, expected):
            return refuse(request, 403, "no secret" if not given else "wrong secret")
        if request.content_length is not None and request.content_length > MAX_BODY:
            return refuse(request, 413, f"a body of {request.content_length} bytes")
        try:
            body = await request.read()  # a body without a length stops at client_max_size (413)
        except web.HTTPRequestEntityTooLarge:
            return refuse(request, 413, "a body over the limit")
        update = _update(body)
        if update is None:
            return refuse(request, 400, "a body that is not an update")
        try:
            await record([update])
        except Exception as error:  # not recorded, so not confirmed: Telegram delivers it again
            log.warning("webhook: could not record update %s (%s); Telegram sends it again", update["update_id"], error)
            return web.Response(status=500)
        return web.Response(status=200)

    app = web.Application(client_max_size=MAX_BODY)
    app.router.add_post("/" + path.lstrip("/"), receive)
    return app


def refuse(request: web.Request, status: int, why: str) -> web.Response:
    """Answer a refused request with `status`, in one log line (never its body), closing the connection."""
    log.warning("webhook: refused a request from %s to %s: %s (%d)", request.remote, request.path, why, status)
    response = web.Response(status=status)
    response.force_close()
    return response


def _update(body: bytes) -> dict[str, Any] | None:
    """The update in a body, as Telegram's JSON (read into objects when processed), or None when it is not one:
    not JSON, or no object with an integer update_id."""
    try:
        data: Any = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
        return None
    return data


class WebhookServer:
    """The webhook's HTTP server on `listen:port` (127.0.0.1 unless told otherwise: a TLS proxy sits in front)."""

    def __init__(self, app: web.Application, listen: str, port: int) -> None:
        # lingering_time=0: a refused request's body is never read to keep its connection alive
        self.runner = web.AppRunner(app, access_log=None, lingering_time=0)
        self.listen, self.port = listen, port

    async def start(self) -> None:
        """Listen; OSError if the port is taken (the command says so in one line)."""
        await self.runner.setup()
        await web.TCPSite(self.runner, self.listen, self.port).start()

    async def stop(self) -> None:
        """Stop listening; what was recorded is in the inbox."""
        await self.runner.cleanup()

    @property
    def listening(self) -> bool:
        """Whether the server is up (for /healthz)."""
        return bool(self.runner.sites)
