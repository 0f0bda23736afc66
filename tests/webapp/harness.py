"""The Mini App in-process: the bot's Application on a fresh database (tests/bot/fakes.py), its Mini App server on a
free port of 127.0.0.1, and initData signed with the test token, as Telegram would sign it."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from telegram.ext import Application

from bot.flood import FloodGuard
from bot.page import auth, push
from bot.page.server import WebAppContext, WebAppServer, webapp_app
from bot.runtime import Runtime
from tests.bot.fakes import TOKEN, USER, Clock, RecordingRequest, telegram_app
from tests.bot.members import Chat
from tests.e2e.processes import free_port

URL = "https://bullscows.example/app/"  # the WEBAPP_URL the chat's board buttons open


def init_data(
    user_id: int = USER,
    token: str = TOKEN,
    signed_at: float | None = None,
    language: str = "en",
    first_name: str = "Ann",
) -> str:
    """initData for a user, signed with `token` at `signed_at` (now by default) as Telegram signs it."""
    user = {"id": user_id, "first_name": first_name, "language_code": language, "allows_write_to_pm": True}
    fields = {
        "query_id": "AAH" + str(user_id),
        "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(int(time.time() if signed_at is None else signed_at)),
    }
    return auth.signed(fields, token)


@dataclass
class MiniApp:
    """A running Mini App server and the bot behind it."""

    app: Application  # type: ignore[type-arg]
    request: RecordingRequest
    url: str
    http: aiohttp.ClientSession
    server: WebAppServer
    context: WebAppContext

    @property
    def runtime(self) -> Runtime:
        runtime = self.app.bot_data.runtime
        assert isinstance(runtime, Runtime)
        return runtime

    def chat(self, user_id: int = USER) -> Chat:
        """The player's private chat with the bot, driven as Telegram would."""
        return Chat(self.app, self.request, user_id, user_id)

    async def call(
        self, method: str, path: str, body: Any = None, *, user_id: int = USER, data: str | None = None, **kw: Any
    ) -> tuple[int, Any]:
        """An API call as the page makes it; the status and the JSON answer come back (None when not JSON)."""
        headers = {"Authorization": "tma " + (data if data is not None else init_data(user_id, **kw))}
        payload = None if body is None else json.dumps(body)
        async with self.http.request(method, self.url + path, data=payload, headers=headers) as response:
            try:
                answer = await response.json(content_type=None)
            except ValueError:
                answer = None
            return response.status, answer

    async def act(self, key: str, *, user_id: int = USER, first_name: str = "Ann", **sent: Any) -> dict[str, Any]:
        """POST /api/act as the page sends it: what the chat would send (`command` and `args`, `text` or `data`), under
        the idempotency `key`, about the `game` or `match` at its `revision` if named; its answer (status 200)."""
        body = {"key": key, **sent}
        status, answer = await self.call("POST", "/api/act", body, user_id=user_id, first_name=first_name)
        assert status == 200, answer
        assert isinstance(answer, dict)
        return answer

    async def flush(self) -> None:
        """Send what the outbox holds (the sender's work after a move)."""
        await self.app.bot_data.sender.flush()


@asynccontextmanager
async def mini_app(
    tmp_path: Path,
    seed: int = 1,
    clock: Clock | None = None,
    guard: FloodGuard | None = None,
    streams: push.Streams | None = None,
) -> AsyncIterator[MiniApp]:
    """The bot on a fresh database with its Mini App served on 127.0.0.1 (`guard`: each player's allowance of
    calls, if not the server's own; `streams`: the push streams it may hold, if not the server's own)."""
    async with telegram_app(tmp_path / "db.sqlite3", seed=seed, clock=clock) as (app, request):
        runtime = app.bot_data.runtime
        app.bot_data.webapp_url = URL  # as serve() sets it: the chat's boards get the button
        context = WebAppContext(runtime.core, URL, auth.secret_key(TOKEN), "bullscows_test_bot", lambda: None)
        if guard is not None:
            context.guard = guard
        if streams is not None:
            context.streams = streams
        port = free_port()
        server = WebAppServer(webapp_app(context), "127.0.0.1", port)  # as the bot serves it
        await server.start()
        try:
            async with aiohttp.ClientSession() as http:
                yield MiniApp(app, request, f"http://127.0.0.1:{port}", http, server, context)
        finally:
            await server.stop()
