"""The Mini App's push stream in-process, through the bot's own server: a move made in the chat (or on the page) is
sent to the player's stream once committed; the stream opens only with a pass the server signed, one a player, a
bounded number in all, and every stream ends when the server stops."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from bot.outgoing import tell
from bot.page import auth, push, schema
from bot.page.server import WebAppContext, WebAppServer, webapp_app
from bot.replies import Notice, Outcome
from tests.bot.fakes import TOKEN, USER
from tests.e2e.processes import free_port
from tests.webapp.harness import MiniApp, mini_app

KEY = auth.secret_key(TOKEN)
ANN = auth.PageUser(USER, "Ann", "en", None)
GUARD = 30  # seconds: only a guard against a hang, never a figure the test checks


@dataclass
class Event:
    name: str
    key: str | None
    data: Any


class Stream:
    """An open stream read as a browser's EventSource reads it."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response

    async def next(self, skip: tuple[str, ...] = ("ping",)) -> Event:
        """The next event but pings; the stream ending is an error."""
        while True:
            found = await asyncio.wait_for(self._event(), GUARD)
            if found.name not in skip:
                return found

    async def _event(self) -> Event:
        name, key, data = "message", None, []
        while True:
            line = (await self.response.content.readline()).decode()
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if not line:
                if data:
                    return Event(name, key, json.loads("\n".join(data)))
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "id":
                key = value
            elif field == "data":
                data.append(value)


async def session(web: MiniApp, user_id: int = USER) -> dict[str, Any]:
    status, answer = await web.call("GET", "/api/session", user_id=user_id)
    assert status == 200, answer
    return answer


@asynccontextmanager
async def stream(web: MiniApp, token: str, known: str = "", **headers: str) -> AsyncIterator[Stream]:
    url = f"{web.url}/api/events"
    async with web.http.get(url, params={"pass": token, "known": known}, headers=headers) as response:
        assert response.status == 200, await response.text()
        assert response.headers["Content-Type"] == "text/event-stream"
        assert response.headers["X-Accel-Buffering"] == "no"  # nginx passes each event on as it comes
        yield Stream(response)


async def start_referee(web: MiniApp) -> dict[str, Any]:
    status, answer = await web.call("POST", "/api/act", {"key": "start-push-1", "command": "play"})
    assert status == 200, answer
    return answer


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def test_a_move_typed_in_the_chat_is_pushed_to_the_page_once_committed(web):
    started = await start_referee(web)
    opened = await session(web)
    async with stream(web, opened["pass"], known=started["key"]) as events:
        await web.chat().send("5678")
        pushed = await events.next()
        assert pushed.name == "state"
        assert [turn["guess"] for turn in pushed.data["game"]["turns"]] == ["5678"]
        assert pushed.key == pushed.data["key"] != started["key"]  # the browser gives it back as Last-Event-ID
        await web.chat().send("/giveup")
        ended = await events.next()
        assert ended.data["game"]["ending"] is not None


async def test_a_stream_opened_behind_the_page_sends_what_it_missed_at_once_and_nothing_it_knows(web):
    started = await start_referee(web)
    opened = await session(web)
    await web.chat().send("5678")
    async with stream(web, opened["pass"], known=started["key"]) as events:
        caught_up = await events.next()
        assert [turn["guess"] for turn in caught_up.data["game"]["turns"]] == ["5678"]
    async with stream(web, opened["pass"], **{"Last-Event-ID": caught_up.key or ""}) as events:
        await web.call("PUT", "/api/notes", {"game": started["game"]["id"], "marks": "." * 40})  # queues nothing
        await web.chat().send("/rules")  # a reply to the chat that changes no game: woken, but nothing to send
        await web.chat().send("6789")
        pushed = await events.next()
        assert [turn["guess"] for turn in pushed.data["game"]["turns"]] == ["5678", "6789"]


async def test_a_move_made_on_the_page_or_said_by_a_timer_wakes_the_stream(web):
    started = await start_referee(web)
    opened = await session(web)
    async with stream(web, opened["pass"], known=started["key"]) as events:
        body = {"key": "page-move-1", "text": "5678", "game": started["game"]["id"]}
        status, moved = await web.call("POST", "/api/act", {**body, "revision": started["game"]["revision"]})
        assert status == 200, moved
        pushed = await events.next()
        assert pushed.key == moved["key"]
        woken = []
        web.runtime.core.deps.store.outbox.watch(woken.append)
        async with web.runtime.store.transaction():  # what a match's timer does when it goes off
            await tell(web.runtime.store, Notice(USER, Outcome.text("⏰")), web.runtime.core.deps.clock())
        assert woken == [USER]


async def test_a_stream_opens_only_with_a_pass_the_server_signed_for_its_player_in_time():
    now = 1_700_000_000.0
    given = push.pass_for(ANN, KEY, now)
    assert push.holder(given, KEY, now + push.PASS_SECONDS) == auth.PageUser(USER, str(USER), "en", None)
    with pytest.raises(auth.Unauthorized, match="expired"):
        push.holder(given, KEY, now + push.PASS_SECONDS + 1)
    with pytest.raises(auth.Unauthorized, match="did not sign"):
        push.holder(given, auth.secret_key("another:token"), now)
    body, _, signature = given.partition(".")
    other = push.pass_for(auth.PageUser(USER + 1, "Bob", "en", None), KEY, now)
    with pytest.raises(auth.Unauthorized, match="did not sign"):
        push.holder(other.partition(".")[0] + "." + signature, KEY, now)  # another player's body, Ann's signature
    for forged in ("", ".", body, "x" * 600, "e30." + signature):
        with pytest.raises(auth.Unauthorized):
            push.holder(forged, KEY, now)


async def test_the_stream_refuses_a_missing_or_forged_pass_and_its_initdata_is_never_in_the_url(web):
    opened = await session(web)
    assert opened["pass"].count(".") == 1
    assert "hash=" not in opened["pass"]  # a pass, not the initData
    for token in ("", "nonsense", opened["pass"] + "0"):
        async with web.http.get(f"{web.url}/api/events", params={"pass": token}) as response:
            assert response.status == 401


async def test_one_stream_a_player_the_newer_ends_the_older_which_is_told_so(web):
    await start_referee(web)
    opened = await session(web)
    async with stream(web, opened["pass"]) as first:
        await first.next()  # the state, which it did not know
        async with stream(web, opened["pass"]) as second:
            await second.next()
            told = await first.next()
            assert told.name == "bye"
            assert told.data == {"why": "replaced"}
            with pytest.raises(EOFError):
                await first.next()


def test_the_streams_are_bounded_one_a_player_and_a_number_in_all():
    streams = push.Streams(limit=2)
    ann, bob = streams.open(1), streams.open(2)
    assert ann is not None
    assert bob is not None
    assert streams.open(3) is None  # full
    again = streams.open(1)  # Ann's page opened anew: hers replaces hers
    assert again is not None
    assert ann.ended == "replaced"
    streams.close(1, ann)  # the older stream ends late: the newer stays
    assert len(streams) == 2
    streams.close(1, again)
    assert streams.open(3) is not None
    streams.close_all()
    assert bob.ended == "closing"
    assert streams.open(4) is None  # stopping: no new stream


async def test_a_full_server_refuses_a_stream_with_503_and_the_page_polls(tmp_path):
    async with mini_app(tmp_path, streams=push.Streams(limit=0)) as web:
        opened = await session(web)
        async with web.http.get(f"{web.url}/api/events", params={"pass": opened["pass"]}) as response:
            assert response.status == 503


async def test_every_stream_ends_when_the_server_stops(web):
    core = web.runtime.core
    port = free_port()
    context = WebAppContext(core, None, KEY, "bullscows_test_bot", lambda: None)
    server = WebAppServer(webapp_app(context), "127.0.0.1", port)
    await server.start()
    token = push.pass_for(ANN, KEY, context.clock())
    try:
        async with web.http.get(f"http://127.0.0.1:{port}/api/events", params={"pass": token}) as response:
            events = Stream(response)
            await events.next()
            stopping = asyncio.create_task(server.stop())
            told = await events.next()
            assert told.data == {"why": "closing"}
            with pytest.raises(EOFError):
                await events.next()
            await asyncio.wait_for(stopping, GUARD)
    finally:
        if not stopping.done():
            await stopping
    assert len(context.streams) == 0


async def test_a_stream_ends_when_its_time_is_up_and_the_page_renews_its_pass(monkeypatch):
    sent: list[bytes] = []

    class Response:
        def __init__(self, **kw: object) -> None:
            pass

        async def prepare(self, request: object) -> None:
            pass

        async def write(self, data: bytes) -> None:
            sent.append(data)

    class Request:
        def __init__(self) -> None:
            self.headers: dict[str, str] = {}
            self.query: dict[str, str] = {}

    async def changed(known: str) -> tuple[str, schema.State | None]:
        return "k1", None if known == "k1" else schema.State(key="k1", game=None, match=None, busy=None)

    monkeypatch.setattr(push.web, "StreamResponse", Response)
    clock = iter([0.0, 0.0, 10.0, 20.0])  # opened; after the state; after a ping; past its 15 s
    await push.stream(
        Request(), push.Listening(), changed, heartbeat=0.01, lifetime=15.0, monotonic=lambda: next(clock)
    )
    text = b"".join(sent).decode()
    assert text.startswith(f"retry: {push.RETRY_MS}\n\n")
    assert 'event: state\nid: k1\ndata: {"key":"k1","game":null,"match":null,"busy":null}\n\n' in text
    assert text.count("event: ping") == 2  # at 0 s and 10 s, nothing having changed: no read, a ping
    assert text.endswith('event: bye\ndata: {"why":"renew"}\n\n')
