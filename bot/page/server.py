"""The Mini App's HTTP server (WEBAPP_URL, WEBAPP_LISTEN, WEBAPP_PORT): the page, and the API it calls.

One way in: everything the page does is `POST /api/act`, what the chat would send, answered by the chat's own routes
(bot/page/acts.py); what it reads to show a tab is the game's state (`/api/state`, and pushed: bot/page/push.py),
the codes that still fit (`/api/possibilities`), and each feature's read, `GET /api/<name>`, as the register lists
them (bot/page/faces.py). The server imports no feature.

Open to the world behind a TLS proxy, so it is closed by construction: every API call must carry the page's
initData (`Authorization: tma <initData>`), checked as Telegram specifies (401 otherwise); a player acts only on
their own games (401 for anyone else's); bodies are capped at `MAX_BODY`, refused from their Content-Length
before a byte is read (413); each player gets a burst of calls and a steady rate (429 past it). Anything refused
is one log line, never its body or its initData. It listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.core import Core
from bot.engine_work import EngineBusy
from bot.flood import FloodGuard
from bot.games.model import Game, Mode
from bot.games.possibilities import possibilities, revealed
from bot.page import acts, auth, files, push, schema, view
from bot.page import service as page
from bot.page.faces import Read
from bot.situation import Situation
from bot.texts import decimal_text, plain, t
from bot.who import Who

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_BODY = 16 * 1024  # bytes: a move or a notepad is a few hundred
# The page runs only its own script and Telegram's; it talks only to this server.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self' https://telegram.org; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
WEIGHING = 2  # possibilities pages worked out at once (each is a thread's work): the rest wait their turn

PLAYER = web.RequestKey("player", auth.PageUser)
EVENTS = "/api/events"  # the push stream: an EventSource sends no header, so it shows a pass (push.py), not initData


@dataclass
class WebAppContext:
    """What the API works with: the Core (and through it the store), the bot's username, and the sender's wake-up."""

    core: Core
    url: str | None  # WEBAPP_URL: the chat's boards get a button that opens it
    token_key: bytes  # auth.secret_key(token)
    bot_username: str | None
    wake: Callable[[], None]
    clock: Callable[[], float] = time.time  # seconds since the epoch, for initData's age
    # each player's allowance: a burst of calls, then a steady rate (a page polls every 3 s and moves by hand)
    guard: FloodGuard = field(default_factory=lambda: FloodGuard(burst=40, rate=4))
    streams: push.Streams = field(default_factory=push.Streams)  # the pages' push streams, one a player


def webapp_app(context: WebAppContext) -> web.Application:
    """The aiohttp application: the page at /, its API under /api/."""
    api = Api(context)
    app = web.Application(client_max_size=MAX_BODY, middlewares=[api.checked])
    app.cleanup_ctx.append(api.pushing)
    app.on_shutdown.append(api.closing)
    app.router.add_get("/", api.page)
    app.router.add_get("/{name:[a-z]+\\.(?:html|js|css)}", api.page)
    app.router.add_get("/api/session", api.session)
    app.router.add_get("/api/state", api.current)
    app.router.add_get(EVENTS, api.events)
    app.router.add_post("/api/act", api.act)
    app.router.add_get("/api/possibilities", api.possible)
    app.router.add_put("/api/notes", api.notes)
    for name, read in context.core.page.reads.items():  # each feature's tab: the daily, the review, the puzzle
        app.router.add_get(f"/api/{name}", api.reader(read))
    return app


class Api:
    """The page and the API's routes; every /api/ call is checked first (`checked`: size, initData, allowance)."""

    def __init__(self, context: WebAppContext) -> None:
        self.context = context
        self.core = context.core
        self.files = files.page_files()
        self.weighing = asyncio.Semaphore(WEIGHING)

    @web.middleware
    async def checked(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse what is too big, not signed by Telegram, or past the player's allowance; the player otherwise."""
        if request.content_length is not None and request.content_length > MAX_BODY:
            return refuse(request, 413, f"a body of {request.content_length} bytes")
        if not request.path.startswith("/api/") or request.path == EVENTS:  # the stream checks its pass itself
            return await handler(request)
        header = request.headers.get("Authorization", "")
        try:
            player = auth.player(header.removeprefix("tma ").strip(), self.context.token_key, self.context.clock())
        except auth.Unauthorized as error:
            return refuse(request, 401, str(error))
        if self.context.guard.check(player.user_id) != "ok":
            return refuse(request, 429, f"user {player.user_id} calls too often")
        request[PLAYER] = player
        try:
            response = await handler(request)
        except PermissionError as error:
            return refuse(request, 401, f"user {player.user_id}: {error}")
        except EngineBusy:  # their earlier calls still keep the engine busy: this one changed nothing
            return refuse(request, 429, f"user {player.user_id}: engine work waiting")
        except web.HTTPRequestEntityTooLarge:
            return refuse(request, 413, "a body over the limit")
        response.headers["Cache-Control"] = "no-store"
        return response

    async def page(self, request: web.Request) -> web.Response:
        """GET / and the page's files (compressed, and cached by their tags: bot/page/files.py)."""
        name = request.match_info.get("name") or "index.html"
        if name not in self.files:
            raise web.HTTPNotFound()
        return files.response(self.files[name], request, SECURITY_HEADERS)

    async def session(self, request: web.Request) -> web.Response:
        """GET /api/session: the player's language, the page's texts and what it shows."""
        who = _who(request, self.context.bot_username)

        async def look(found: Situation) -> tuple[str, schema.State]:
            return found.language, await view.state(found, self.core.page)

        language, shown = await self.core.read(who, look)
        passed = push.pass_for(request[PLAYER], self.context.token_key, self.context.clock())
        texts = view.page_texts(language)
        return respond(schema.Session(language=language, texts=texts, pass_=passed, **msgspec.structs.asdict(shown)))

    async def current(self, request: web.Request) -> web.Response:
        """GET /api/state: what the page shows, or {"same": true} when what it knows (its key) has not moved."""
        who = _who(request, self.context.bot_username)
        _, shown = await self._changed(who, request.query.get("known", ""))
        return respond(shown if shown is not None else schema.Same())

    async def events(self, request: web.Request) -> web.StreamResponse:
        """GET /api/events?pass=…: the page's push stream (bot/page/push.py), opened with /api/session's pass."""
        try:
            player = push.holder(request.query.get("pass", ""), self.context.token_key, self.context.clock())
        except auth.Unauthorized as error:
            return refuse(request, 401, str(error))
        if self.context.guard.check(player.user_id) != "ok":
            return refuse(request, 429, f"user {player.user_id} calls too often")
        streams = self.context.streams
        listening = streams.open(player.user_id)
        if listening is None:
            return refuse(request, 503, f"{len(streams)} streams open" if not streams.closing else "stopping")
        who = _viewer(player, self.context.bot_username)
        try:
            return await push.stream(request, listening, lambda known: self._changed(who, known))
        finally:
            streams.close(player.user_id, listening)

    async def _changed(self, who: Who, known: str) -> tuple[str, schema.State | None]:
        """The key of what the page shows now, and the state itself if the page knows another (`known`)."""

        async def look(found: Situation) -> tuple[str, schema.State | None]:
            shown = await view.shown(found)
            if shown.key == known:  # nothing new, cheaply
                return shown.key, None
            return shown.key, await view.state(found, self.core.page, shown)

        return await self.core.read(who, look)

    async def act(self, request: web.Request) -> web.Response:
        """POST /api/act: what the chat would send, answered by the chat's routes (once, whatever the page retries),
        and what the page shows after it."""
        who = _who(request, self.context.bot_username)
        language = await self.core.language(who)
        try:
            asked = await _body(request, schema.ActRequest)
        except schema.BadBody as error:
            return refuse(request, 400, f"user {who.user_id}: {error}")
        done = await acts.act(self.core, who, language, asked, self.context.url)
        record = done.record
        if not done.repeated and (record.did == "made" or record.achieved):  # the chat's replies are queued
            self.context.wake()
        shown = await self.core.read(who, lambda found: view.state(found, self.core.page))
        game, match = shown.game, shown.match
        if record.board is not None and game is not None and game.board is not None:  # a look: as the Core drew it
            game.board = record.board
        if record.match_board is not None and match is not None and match.id == record.match_board.match:
            shown.match = msgspec.structs.replace(match, **msgspec.structs.asdict(record.match_board))  # a look
        fields = msgspec.structs.asdict(record)
        return respond(schema.ActAnswer(**fields, repeated=done.repeated, **msgspec.structs.asdict(shown)))

    async def possible(self, request: web.Request) -> web.Response:
        """GET /api/possibilities: the codes that still fit a game (a page of them), and the coach when it speaks."""
        who = _who(request, self.context.bot_username)
        game = await self._own_game(request, who)
        if game is None:
            return refuse(request, 400, f"user {who.user_id}: no game named")
        language = await self.core.language(who)
        coach = await self.core.page.coach(self.core.deps, game, language)
        if not view.possibilities_shown(game, game.daily is not None):
            return respond(schema.PossibleHidden(coach=coach))
        page_number = _number(request.query.get("page", "0"))
        pins = revealed(game) if game.mode == Mode.REFEREE else None
        async with self.weighing:
            found = await asyncio.to_thread(possibilities, game.variant, game.turns, page_number, pins=pins)
        return respond(
            schema.PossibleCodes(
                coach=coach,
                revision=game.revision,
                count=found.count,
                count_text=plain(t("app.possible.count", language, n=found.count)),
                bits=found.bits,
                bits_text=plain(t("app.possible.bits", language, bits=decimal_text(found.bits, 1, language))),
                page=found.page,
                pages=found.pages,
                page_text=plain(t("app.possible.page", language, page=found.page + 1, pages=found.pages)),
                codes=[schema.WeighedCode(code=code, bits=bits) for code, bits in found.codes],
            )
        )

    def reader(self, read: Read) -> Callable[[web.Request], Awaitable[web.Response]]:
        """GET /api/<name>: a feature's read of what its tab shows (the register's), with the request's query; a query
        the read does not take (BadBody) is refused with 400 and one log line."""

        async def answer(request: web.Request) -> web.Response:
            who = _who(request, self.context.bot_username)
            try:
                found = await read(self.core, who, request.query)
            except schema.BadBody as error:  # a query no page sends (the read says why, without its values)
                return refuse(request, 400, f"user {who.user_id}: {error}")
            return respond(found)

        return answer

    async def notes(self, request: web.Request) -> web.Response:
        """PUT /api/notes: the digit notepad of one of the player's games."""
        who = _who(request, self.context.bot_username)
        try:
            notes = await _body(request, schema.NotesRequest)  # its marks each '.', 'x' or 'o'
        except schema.BadBody as error:
            return refuse(request, 400, f"user {who.user_id}: not a notepad: {error}")
        deps = self.core.deps
        game = await self.core.read(who, lambda found: found.game_named(notes.game))
        if game is None or not view.owns(who, game):
            raise PermissionError("a notepad of a game that is not the player's")
        if len(notes.marks) != game.variant.length * game.variant.symbols:
            return refuse(request, 400, f"user {who.user_id}: a notepad of the wrong shape")
        await page.save_notes(deps, game.id, notes.marks)
        return respond(schema.Saved())

    async def pushing(self, app: web.Application) -> AsyncIterator[None]:
        """While the server runs, every reply queued for a chat wakes that player's stream, if one is open."""
        stop = page.watch_chats(self.core.deps, self.context.streams.changed)
        yield
        stop()

    async def closing(self, app: web.Application) -> None:
        """The server stops: the streams end first (the server then waits only for the calls under way)."""
        self.context.streams.close_all()

    async def _own_game(self, request: web.Request, who: Who) -> Game | None:
        game_id = _number(request.query.get("game", ""), default=-1)
        game = await self.core.read(who, lambda found: found.game_named(game_id)) if game_id >= 0 else None
        if game is not None and not view.owns(who, game):
            raise PermissionError("a game that is not the player's")
        return game


def _who(request: web.Request, bot_username: str | None) -> Who:
    """The checked player of an /api/ call, as the Core knows a person in their private chat."""
    return _viewer(request[PLAYER], bot_username)


def _viewer(player: auth.PageUser, bot_username: str | None) -> Who:
    """A checked player as the Core knows a person in their private chat."""
    return Who(
        chat_id=player.user_id,  # a private chat's id is its user's
        user_id=player.user_id,
        private=True,
        bot_username=bot_username,
        name=player.name,
        language_code=player.language_code,
        username=player.username,
    )


async def _body(request: web.Request, shape: type[T]) -> T:
    """The request's JSON body as `shape` (bot/page/schema.py), or BadBody."""
    return schema.decode(await request.read(), shape)


def respond(shape: schema.Shape, status: int = 200) -> web.Response:
    """An answer of the API: its JSON, encoded from the schema's struct."""
    return web.Response(body=schema.encode(shape), status=status, content_type="application/json")


def _number(text: str, default: int = 0) -> int:
    """A small non-negative number from a query parameter, or `default`."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else default


def refuse(request: web.Request, status: int, why: str) -> web.Response:
    """Answer a refused request with `status`, in one log line (never its body or initData)."""
    log.warning("webapp: refused a request from %s to %s: %s (%d)", request.remote, request.path, why, status)
    response = respond(schema.Refused(error=status), status=status)
    if status == 413:
        response.force_close()
    return response


class HttpLog(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's server log, for the Mini App: a request its HTTP reader refuses (a header over its limit, a broken
    request line) is a stranger's, and is one line without its contents, which may hold an initData's user; anything
    else (a handler that failed) is logged as aiohttp logs it, with its traceback."""

    def exception(self, msg: object, *args: object, exc_info: object = True, **kwargs: Any) -> None:
        """Log a failure aiohttp met while serving a request."""
        if isinstance(exc_info, HttpProcessingError):
            remote = args[0] if args else "?"
            why = f"{type(exc_info).__name__} ({exc_info.code})"
            log.warning("webapp: refused a request from %s that HTTP could not read: %s", remote, why)
            return
        self.logger.exception(msg, *args, exc_info=exc_info, **kwargs)

    def debug(self, msg: object, *args: object, **kwargs: Any) -> None:
        """aiohttp's debug lines, without the exception a refused request carried (its contents)."""
        kwargs.pop("exc_info", None)
        self.logger.debug(msg, *args, **kwargs)


class WebAppServer:
    """The Mini App's server on `listen:port` (127.0.0.1 unless told otherwise: a TLS proxy sits in front)."""

    def __init__(self, app: web.Application, listen: str, port: int) -> None:
        # lingering_time=0: a refused body is never read to keep its connection alive
        http_log = HttpLog(logging.getLogger("aiohttp.server"))
        self.runner = web.AppRunner(app, access_log=None, lingering_time=0, handle_signals=False, logger=http_log)
        self.listen, self.port = listen, port

    async def start(self) -> None:
        """Listen; OSError if the port is taken (the command says so in one line)."""
        await self.runner.setup()
        await web.TCPSite(self.runner, self.listen, self.port).start()
        log.info("the Mini App is served on http://%s:%d", self.listen, self.port)

    async def stop(self) -> None:
        """Stop listening."""
        await self.runner.cleanup()
