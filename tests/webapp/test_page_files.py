"""The page's files are sent gzipped with caching headers: 42 KB of files travel as 13 KB, the scripts and style are
kept by browsers under their tags (index.html names them app.js?v=…), the page is revalidated (304), and every answer
carries the Content-Security-Policy."""

import re

import pytest

from bot.page import files
from tests.webapp.harness import mini_app


@pytest.fixture
async def web(tmp_path):
    async with mini_app(tmp_path) as running:
        yield running


async def fetch(web, path: str, **headers: str):
    async with web.http.get(web.url + path, headers=headers, auto_decompress=False) as response:
        return response.status, response.headers.copy(), await response.read()  # names in any case


async def test_the_files_travel_gzipped_a_third_of_their_size(web):
    sent, plain = 0, 0
    for name in files.page_files():
        status, headers, body = await fetch(web, "/" + name, **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200
        assert headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in headers["Vary"]
        assert "script-src 'self' https://telegram.org" in headers["Content-Security-Policy"]
        sent += len(body)
        plain += len(files.page_files()[name].body)
    assert plain > 25_000
    assert sent < 0.4 * plain  # 13 KB of 42 today (gzip -9c bot/page/static/* | wc -c): new tabs add files


async def test_a_client_that_takes_no_gzip_gets_the_files_as_they_are(web):
    status, headers, body = await fetch(web, "/app.css", **{"Accept-Encoding": "identity"})
    assert status == 200
    assert "Content-Encoding" not in headers
    assert body == files.page_files()["app.css"].body


async def test_the_script_and_style_are_named_by_their_tags_and_kept_for_a_year(web):
    _, _, index = await fetch(web, "/", **{"Accept-Encoding": "identity"})
    for name in files.versioned(files.page_files()):
        [version] = re.findall(rf'"{re.escape(name)}\?v=([0-9a-f]+)"'.encode(), index)
        assert version.decode() == files.page_files()[name].tag
        _, kept, _ = await fetch(web, f"/{name}?v={version.decode()}")
        assert kept["Cache-Control"] == "public, max-age=31536000, immutable"
        _, other, _ = await fetch(web, f"/{name}?v=0000")  # another version's name: asked about every time
        assert other["Cache-Control"] == "no-cache"


async def test_the_page_is_revalidated_and_a_browser_that_has_it_gets_304(web):
    status, headers, _ = await fetch(web, "/")
    assert (status, headers["Cache-Control"]) == (200, "no-cache")
    status, again, body = await fetch(web, "/", **{"If-None-Match": headers["ETag"]})
    assert (status, body) == (304, b"")
    assert again["Content-Security-Policy"] == headers["Content-Security-Policy"]
    status, _, _ = await fetch(web, "/", **{"If-None-Match": '"stale"'})
    assert status == 200
