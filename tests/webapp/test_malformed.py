"""Whatever a stranger posts to the Mini App's API is refused with a 4xx and one log line, never a 500 or a
traceback: bodies of any JSON shape (an unhashable kind, nesting deeper than Python's stack under the size cap), and
an Authorization header over the HTTP reader's limit, logged without its contents."""

import asyncio
import contextlib
import json
import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.page import schema
from tests.webapp.harness import init_data, mini_app

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {"key": st.just("key-123456")},
    optional={
        "command": JSON | st.sampled_from(["play", "puzzle", "giveup"]),
        "args": JSON,
        "text": JSON,
        "data": JSON,
        "game": JSON,
        "revision": JSON,
        "match": JSON,
    },
)


@given(JSON | FIELDS)
def test_any_json_body_is_a_request_or_a_bad_body(body):
    encoded = json.dumps(body).encode()
    for shape in schema.REQUESTS:
        with contextlib.suppress(schema.BadBody):  # anything else (a TypeError) fails the test
            schema.decode(encoded, shape)


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


MALFORMED = [
    json.dumps({"key": "key-123456", "text": ["0123"], "game": 1}).encode(),
    json.dumps({"key": "key-123456", "command": {"play": 1}}).encode(),
    b"[" * 8000 + b"]" * 8000,  # 16,000 bytes: under the cap, deeper than the stack
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b"\xff\xfe not json",
    b"1" * 5000,  # an integer longer than Python reads
]


@pytest.mark.parametrize("path", ["/api/act", "/api/notes"])
async def test_every_malformed_body_is_a_4xx_with_one_log_line(web, caplog, path):
    method = "PUT" if path == "/api/notes" else "POST"
    for body in MALFORMED:
        caplog.clear()
        with caplog.at_level(logging.INFO):
            headers = {"Authorization": "tma " + init_data()}
            async with web.http.request(method, web.url + path, data=body, headers=headers) as response:
                status = response.status
        assert 400 <= status < 500, (body[:40], status)
        records = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(records) == 1, [r.getMessage() for r in records]
        assert records[0].exc_info is None


async def test_an_over_long_init_data_header_is_refused_in_one_line_without_its_contents(web, caplog):
    host, port = web.url.removeprefix("http://").split(":")
    data = init_data(first_name="Secretname") * 50  # far over the reader's 8,190 bytes a header
    with caplog.at_level(logging.DEBUG):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(f"GET /api/state HTTP/1.1\r\nHost: {host}\r\nAuthorization: tma {data}\r\n\r\n".encode())
        await writer.drain()
        status = await asyncio.wait_for(reader.readline(), 10)
        writer.close()
        await asyncio.sleep(0.05)  # the server's log line, written as it answers
    assert 400 <= int(status.split()[1]) < 500
    shown = [r for r in caplog.records if r.name.startswith(("aiohttp", "bot"))]
    [record] = [r for r in shown if r.levelno >= logging.WARNING]
    assert record.exc_info is None
    for r in shown:
        text = r.getMessage() + (logging.Formatter().formatException(r.exc_info) if r.exc_info else "")
        assert "Secretname" not in text
        assert "tma " not in text
        assert "1001" not in text  # the user's id
