"""The phone seats' web server: a Starlette app under uvicorn, in a thread of its own.

Routes: `/` a sentence saying what the server is for (the table's page in Home Assistant); `/s/<token>`
the phone page (the same static page for every seat: it holds no data) or, for a token that opens no
seat, the "this seat link has expired" page; `/static/...` its script and style;
`/ws` the WebSocket. A phone says which seat with its token in its first message (never in a URL the
server logs), and from then on receives that seat's messages only. Whatever it asks for goes on the
table's input queue, like a button press: the referee's loop carries it out. No route shows the
admin menu or anything of another seat. Access logs are off, and anything uvicorn logs has seat
links cut out of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import socket
import threading
from importlib import resources
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from kiosk import i18n
from kiosk.config import WebConfig
from kiosk.i18n import N_, Text
from kiosk.web.hub import EXPIRED, PhoneHub
from kiosk.web.inputs import PhoneAway, PhoneChoice, PhoneJoined, PhoneLeft

log = logging.getLogger(__name__)

HELLO_SECONDS = 30.0  # a socket that does not say which seat within this long is closed
MAX_MESSAGE = 4096  # bytes: a phone's messages are small
STATIC = {"phone.js": "text/javascript", "phone.css": "text/css"}
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:",
}
# Words the page needs before the first seat document arrives.
PAGE_WORDS = {
    "connecting": N_("Connecting to the table…"),
    "offline": N_("Connection lost: reconnecting…"),
    "expired": EXPIRED,
}
SEAT_LINK = re.compile(r"/s/[A-Za-z0-9_-]+")
TOKEN_FIELD = re.compile(r'"token":\s*"[A-Za-z0-9_-]*')  # a hello frame, as uvicorn logs frames at debug level


class WebError(Exception):
    """The server cannot listen where the configuration says (the message says where and why)."""


class RedactLinks(logging.Filter):
    """Tokens never reach a log: any `/s/<token>` in a record becomes `/s/…`, and the token of a
    hello frame `"token": "…"`."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if SEAT_LINK.search(message) or TOKEN_FIELD.search(message):
            record.msg, record.args = TOKEN_FIELD.sub('"token": "…', SEAT_LINK.sub("/s/…", message)), None
        return True


class OneLinePerSocket(logging.Filter):
    """A socket logs one INFO line (uvicorn's `"WebSocket /ws" [accepted]`): the websockets library's
    own "connection open" on the same logger is demoted to DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and record.msg == "connection open":
            record.levelno, record.levelname = logging.DEBUG, logging.getLevelName(logging.DEBUG)
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


def static_text(name: str) -> str:
    return resources.files("kiosk.web").joinpath("static", name).read_text(encoding="utf-8")


def words(table: dict[str, str], lang: str | None = None) -> dict[str, str]:
    return {key: Text(msgid).render(lang) for key, msgid in table.items()}


def make_app(hub: PhoneHub, inputs: Any) -> Starlette:
    """The ASGI app; `inputs` is the table's input queue."""
    page = static_text("phone.html")

    async def seat_page(request: Request) -> Response:
        lang = i18n.language()
        if hub.links.seat_of(request.path_params["token"]) is None:
            return expired_page(lang)
        body = page.replace("{{lang}}", lang).replace(
            "{{words}}", html.escape(json.dumps(words(PAGE_WORDS, lang), ensure_ascii=False)))
        return HTMLResponse(body, headers=HEADERS)

    async def welcome(request: Request) -> Response:
        return message_page(i18n.language(), WELCOME, 200)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return await not_found(request)
        return Response(static_text(name), media_type=STATIC[name], headers=HEADERS)

    async def not_found(request: Request, exc: Exception | None = None) -> Response:
        return PlainTextResponse(Text(N_("Nothing here.")).render(), status_code=404, headers=HEADERS)

    async def seat_socket(socket: WebSocket) -> None:
        await socket.accept()
        loop = asyncio.get_running_loop()
        outbox: asyncio.Queue[str] = asyncio.Queue()

        def deliver(text: str) -> None:  # any thread, under the hub's lock: only hand it over
            loop.call_soon_threadsafe(outbox.put_nowait, text)

        try:
            hello = await asyncio.wait_for(receive(socket), HELLO_SECONDS)
        except (asyncio.TimeoutError, WebSocketDisconnect):
            await close(socket)
            return
        token = hello.get("token") if hello.get("type") == "hello" else None
        seat = hub.links.join(token) if isinstance(token, str) else None
        if seat is None:
            await send(socket, json.dumps({"type": "expired", "text": Text(EXPIRED).render()}, ensure_ascii=False))
            await close(socket)
            return
        assert isinstance(token, str)
        since = hello.get("since")
        hub.listen(seat, deliver, since if isinstance(since, int) and not isinstance(since, bool) else 0, hello.get("run"))
        inputs.put(PhoneJoined(seat, token))
        sender = asyncio.create_task(send_all(socket, outbox))
        try:
            while not sender.done():
                request = await receive(socket)
                found = phone_input(request, seat, token)
                if found is not None:
                    inputs.put(found)
        except WebSocketDisconnect:
            pass
        finally:
            if hub.unlisten(seat, deliver) == 0:
                inputs.put(PhoneAway(seat, token))
            sender.cancel()
            await close(socket)

    return Starlette(
        routes=[
            Route("/", welcome),
            Route("/s/{token}", seat_page),
            Route("/static/{name}", static),
            WebSocketRoute("/ws", seat_socket),
        ],
        exception_handlers={404: not_found, 405: not_found},
    )


async def receive(socket: WebSocket) -> dict[str, Any]:
    """The next message, as a JSON object ({} for anything else: a binary frame, malformed or too
    deeply nested JSON, more than MAX_MESSAGE bytes; it is ignored). `WebSocketDisconnect` when the
    other side has gone."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if not isinstance(text, str) or len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE:
        return {}
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return found if isinstance(found, dict) else {}


async def send_all(socket: WebSocket, outbox: asyncio.Queue[str]) -> None:
    """Everything posted for the seat, in order; after an "expired" message, nothing more: the socket
    closes (and the page stops reconnecting). A message that cannot be sent closes the socket (the
    page reconnects and gets the seat's document again): it never ends this page's updates silently."""
    while True:
        text = await outbox.get()
        if not await send(socket, text):
            await close(socket)
            return
        if text.startswith('{"type": "expired"'):
            await close(socket)
            return


async def send(socket: WebSocket, text: str) -> bool:
    """False if the message could not be sent: the other side has gone, or the text is no UTF-8."""
    try:
        await socket.send_text(text)
    except (WebSocketDisconnect, RuntimeError, OSError):  # gone, or closed meanwhile
        return False
    except UnicodeEncodeError:
        log.info("phone seats: a message that is not UTF-8 was not sent; the page is closed to reload")
        return False
    return True


async def close(socket: WebSocket) -> None:
    try:
        await socket.close()
    except (RuntimeError, WebSocketDisconnect, OSError):  # already closed, or the other side has gone
        pass


def valid_id(ident: object) -> bool:
    """A phone's request id: 1-64 printable characters (no lone surrogate: the id is sent back)."""
    return isinstance(ident, str) and 0 < len(ident) <= 64 and ident.isprintable()


def phone_input(request: dict[str, Any], seat: int, token: str) -> PhoneChoice | PhoneLeft | None:
    """A phone's request as an input for the referee; None for anything malformed (ignored)."""
    kind, ident = request.get("type"), request.get("id")
    if not valid_id(ident):
        return None
    assert isinstance(ident, str)
    if kind == "leave":
        return PhoneLeft(seat, token, ident)
    version, choice = request.get("version"), request.get("choice")
    if kind == "choose" and all(isinstance(n, int) and not isinstance(n, bool) for n in (version, choice)):
        assert isinstance(version, int) and isinstance(choice, int)
        return PhoneChoice(seat, token, ident, version, choice)
    return None


# The server's own address (the table's page in Home Assistant, a link typed by hand) says what it is for.
WELCOME = N_("This is the table's phone server. To play a seat from your phone, scan the seat's QR code "
             "on the touchscreen when a game is set up.")


def message_page(lang: str, message: str, status_code: int) -> Response:
    """A page of one sentence (an expired link, the server's root) in the phone page's style."""
    title = html.escape(Text(N_("Mystery Table")).render(lang))
    text = html.escape(Text(message).render(lang))
    body = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="/static/phone.css"><title>{title}</title></head>'
            f'<body><main class="expired"><h1>{title}</h1><p>{text}</p></main></body></html>')
    return HTMLResponse(body, status_code=status_code, headers=HEADERS)


def expired_page(lang: str) -> Response:
    return message_page(lang, EXPIRED, 404)


def listening_sockets(config: WebConfig) -> list[socket.socket]:
    """One listening socket per configured address; `WebError` says which one failed and why."""
    found: list[socket.socket] = []
    try:
        for address in config.bind:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            # IPPROTO_TCP said outright: asyncio turns Nagle off only on sockets that say so (and an
            # accepted one says what its listening socket said). With Nagle on, a seat document sent
            # just after the answer to a choice waits for the phone's delayed ACK: 40 ms a press.
            sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
            found.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind((address, config.port))
            except OSError as error:
                raise WebError(Text(N_("web: cannot listen on {address} port {port}: {reason}; check [web] bind and "
                                       "port in table.toml"),
                                    {"address": address, "port": config.port, "reason": error.strerror or error}).render()
                               ) from None
            sock.listen(64)
            sock.setblocking(False)
    except WebError:
        for sock in found:
            sock.close()
        raise
    return found


class QuietServer(uvicorn.Server):
    """uvicorn's server, woken only to stop. uvicorn's own main loop wakes ten times a second to look
    at `should_exit` and refresh its Date header: on an idle table that made this thread the kiosk's
    busiest (issue 35). This one sleeps until `exit()` wakes it; it sends no Date header (the phones
    have no use for it), so there is nothing to refresh."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._exit: asyncio.Event | None = None

    async def main_loop(self) -> None:
        self._exit = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        await self.on_tick(0)  # the default headers, once
        if not self.should_exit:  # an exit() before the loop was there set only the flag
            await self._exit.wait()

    def exit(self) -> None:
        """From any thread: stop serving."""
        self.should_exit = True
        loop, event = self._loop, self._exit
        if loop is not None and event is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already closed
                loop.call_soon_threadsafe(event.set)


class WebServer:
    """The server in its own thread: `start()` listens (or raises `WebError`), `stop()` ends it."""

    def __init__(self, config: WebConfig, hub: PhoneHub, inputs: Any) -> None:
        self.config = config
        self.hub = hub
        self.inputs = inputs
        self.sockets: list[socket.socket] = []
        self._thread: threading.Thread | None = None
        self._server: QuietServer | None = None

    @property
    def port(self) -> int:
        """The port it listens on (the configured one, or the one the system chose for port 0)."""
        return int(self.sockets[0].getsockname()[1]) if self.sockets else self.config.port

    def start(self) -> WebServer:
        self.sockets = listening_sockets(self.config)
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
            logger = logging.getLogger(name)
            if not any(isinstance(f, RedactLinks) for f in logger.filters):
                logger.addFilter(RedactLinks())
            if not any(isinstance(f, OneLinePerSocket) for f in logger.filters):
                logger.addFilter(OneLinePerSocket())
        config = uvicorn.Config(make_app(self.hub, self.inputs), access_log=False, log_config=None,
                                lifespan="off", ws="websockets-sansio", ws_max_size=MAX_MESSAGE * 4, server_header=False,
                                date_header=False)
        self._server = QuietServer(config)
        server = self._server
        self._thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=self.sockets)),
                                        name="phone-seats", daemon=True)
        self._thread.start()
        log.info("phone seats: listening on %s", ", ".join(f"{a} port {self.port}" for a in self.config.bind))
        return self

    @property
    def started(self) -> bool:
        return self._server is not None and self._server.started

    def stop(self) -> None:
        if self._server is not None:
            self._server.exit()
        if self._thread is not None:
            self._thread.join()
        for sock in self.sockets:
            sock.close()
        self._thread = None
