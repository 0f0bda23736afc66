"""The page's own files as the server sends them: read from the package and compressed once, each tagged with a hash
of its contents. The page names its script and style by their tags (`app.js?v=…`), so a browser keeps those for a
year and fetches them again only when they change; the page itself is asked for every time and answered with a 304
while it is the same. The scripts' JSDoc (their types, for the type checker: webcheck/) is left out of what is sent."""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from aiohttp import web

CONTENT_TYPES = {"html": "text/html", "js": "text/javascript", "css": "text/css"}
KEPT = "public, max-age=31536000, immutable"  # a versioned file: its name changes with its contents
CHECKED = "no-cache"  # the page, or a file asked for by another name: kept, but asked about every time
# a script's JSDoc: a comment on lines of its own (the lines go too), or a cast's before its parenthesis
_JSDOC = rb"/\*\*(?:[^*]|\*(?!/))*\*/"  # from /** to the first */
_TYPES_ALONE = re.compile(rb"^[ \t]*" + _JSDOC + rb"[ \t]*\n", re.MULTILINE)
_TYPES_INLINE = re.compile(_JSDOC + rb" ?")


@dataclass(frozen=True)
class PageFile:
    """One file of the page: its contents, gzipped too, the tag of its contents and its media type."""

    body: bytes
    gzipped: bytes
    tag: str
    content_type: str


def page_files() -> dict[str, PageFile]:
    """The page's files from the package, index.html naming its script and style by their tags."""
    folder = resources.files("bot.page") / "static"
    raw = {
        item.name: item.read_bytes()
        for item in folder.iterdir()
        if item.is_file() and item.name.rsplit(".", 1)[-1] in CONTENT_TYPES
    }
    for name in raw:
        if name.endswith(".js"):
            raw[name] = without_types(raw[name])
    for name in versioned(raw):
        raw["index.html"] = raw["index.html"].replace(f'"{name}"'.encode(), f'"{name}?v={tag(raw[name])}"'.encode())
    return {
        name: PageFile(body, gzip.compress(body, 9, mtime=0), tag(body), CONTENT_TYPES[name.rsplit(".", 1)[-1]])
        for name, body in raw.items()
    }


def without_types(script: bytes) -> bytes:
    r"""A script without its JSDoc comments (/** … */), which only the type checker reads.

    >>> without_types(b"  /** @param {string} id */\n  const $ = (id) => /** @type {Node} */ (get(id));\n")
    b'  const $ = (id) => (get(id));\n'
    """
    return _TYPES_INLINE.sub(b"", _TYPES_ALONE.sub(b"", script))


def versioned(names: Mapping[str, bytes]) -> list[str]:
    """The page's scripts and styles: index.html names each by its tag (a tab's script of its own too).

    >>> versioned({"index.html": b"", "app.js": b"", "review.js": b"", "app.css": b""})
    ['app.css', 'app.js', 'review.js']
    """
    return sorted(name for name in names if name.endswith((".js", ".css")))


def tag(body: bytes) -> str:
    """A short tag of a file's contents: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(body).hexdigest()[:16]


def response(file: PageFile, request: web.Request, headers: Mapping[str, str]) -> web.Response:
    """`file` as the request asks for it: 304 when the browser has it already, gzipped when it takes gzip; with
    `headers` (the page's security headers) on every answer."""
    etag = f'"{file.tag}"'
    cache = KEPT if request.query.get("v") == file.tag else CHECKED
    sent = {**headers, "ETag": etag, "Cache-Control": cache, "Vary": "Accept-Encoding"}
    if etag in (part.strip() for part in request.headers.get("If-None-Match", "").split(",")):
        return web.Response(status=304, headers=sent)
    if takes_gzip(request.headers.get("Accept-Encoding", "")):
        body, sent = file.gzipped, {**sent, "Content-Encoding": "gzip"}
    else:
        body = file.body
    return web.Response(body=body, content_type=file.content_type, charset="utf-8", headers=sent)


def takes_gzip(accepted: str) -> bool:
    """Whether an Accept-Encoding header takes gzip ('gzip, deflate, br'; not 'gzip;q=0').

    >>> takes_gzip("gzip, deflate, br"), takes_gzip("identity"), takes_gzip("gzip;q=0"), takes_gzip("*")
    (True, False, False, True)
    """
    for part in accepted.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False
