"""The web server of `mj-trainer serve`: textual-serve's `Server`, with its doors guarded.

textual-serve runs one app process per browser connection and trusts whoever connects.
Each browser tab drives a trainer that reads the learner's progress and answers in
their name, so this subclass lets in only the page it serves (issue 23, item 5):

* **Origin.**  A WebSocket is accepted only from the served page's own origin (that of
  `--public-url`, else the scheme and Host of the request); any other web page the
  learner visits is refused, and so is a client that names no origin.
* **Host.**  Served on loopback, every request must name a loopback host, so a page
  whose name is re-pointed at 127.0.0.1 (DNS rebinding) is refused too.
* **Token.**  Served on any other address, or behind a proxy's public address, the
  page and its WebSocket need a random token in the address (as Jupyter does); `serve`
  prints the address with it, and the access log shows it as "[token]".
* **Size.**  The terminal size a client asks for, at the start or in any resize, is
  clamped to 500 x 200 (`cli.serve_limits`): `?width=100000&height=100000` had the app
  process grow without end.  Malformed messages from the browser are dropped.
* **Lifetime.**  When its page closes, an app is asked to quit (textual-serve does
  that); one still running `QUIT_GRACE` seconds later gets SIGTERM, then SIGKILL.  On
  SIGTERM or ctrl+c the server closes every page and waits for every app to end.
* **Sessions.**  At most `max_sessions` apps run at once; past that, a new page gets
  a short page that says so and the WebSocket is refused.

Only textual-serve's public hooks and its route handlers are extended; the app process
of a session is read from textual-serve's `AppService` (its `_process`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import json
import logging
import signal
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, TextIO, cast
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from mj_trainer.cli.serve_limits import clamp_size, is_loopback

log = logging.getLogger("mj-trainer.serve")

QUIT_GRACE: Final = 5.0  # seconds an app has to quit once its page closed
KILL_GRACE: Final = 3.0  # then seconds between SIGTERM and SIGKILL
TOKEN_ROUTE: Final = "websocket-token"
BROWSER_MESSAGES: Final = frozenset({"stdin", "resize", "ping", "blur", "focus"})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _size_from(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def clean_message(raw: str) -> str | None:
    """A browser's message as textual-serve may read it, or None to drop it.

    textual-serve expects a JSON list such as ["stdin", "a"] or ["resize", {"width": 80,
    "height": 24}] and ends the whole session on anything else (an assertion or a
    KeyError in its message loop).  A resize is clamped.
    """
    try:
        envelope = json.loads(raw)
    except ValueError:
        return None
    if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
        return None
    kind = envelope[0]
    if kind not in BROWSER_MESSAGES:
        return None
    if kind == "stdin":
        if len(envelope) != 2 or not isinstance(envelope[1], str):
            return None
    elif kind == "resize":
        size = envelope[1] if len(envelope) == 2 else None
        if not isinstance(size, dict):
            return None
        width, height = size.get("width"), size.get("height")
        if not (_is_int(width) and _is_int(height)):
            return None
        width, height = clamp_size(cast(int, width), cast(int, height))
        envelope = ["resize", {"width": width, "height": height}]
    elif kind == "ping" and len(envelope) != 2:
        return None
    return json.dumps(envelope)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class _Text:
    """A text message as textual-serve's loop reads one (`type`, `json()`)."""

    data: str
    type: WSMsgType = WSMsgType.TEXT

    def json(self) -> Any:
        return json.loads(self.data)


class _BrowserMessages:
    """The page's WebSocket as textual-serve's message loop sees it: only well-formed
    messages, resizes clamped."""

    def __init__(self, websocket: web.WebSocketResponse) -> None:
        self._websocket = websocket

    def __aiter__(self) -> AsyncIterator[_Text]:
        return self._messages()

    async def _messages(self) -> AsyncIterator[_Text]:
        async for message in self._websocket:
            if message.type != WSMsgType.TEXT or not isinstance(message.data, str):
                continue
            cleaned = clean_message(message.data)
            if cleaned is not None:
                yield _Text(cleaned)

    async def send_json(self, data: Any) -> None:
        await self._websocket.send_json(data)


@dataclass(frozen=True, slots=True)
class Doors:
    """Who may come in: the listening address, the token, the public origin."""

    host: str
    port: int
    token: str | None = None  # required in the page's address and WebSocket when set
    public_url: str | None = None

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    @property
    def public_origin(self) -> str | None:
        """The origin of `--public-url` as a browser writes it (no default port)."""
        if not self.public_url:
            return None
        parts = urlsplit(self.public_url)
        scheme, host = parts.scheme.lower(), _url_host((parts.hostname or "").lower())
        default = {"http": 80, "https": 443}.get(scheme)
        port = "" if parts.port in (None, default) else f":{parts.port}"
        return f"{scheme}://{host}{port}"

    def host_allowed(self, host_header: str) -> bool:
        """Served on loopback without a public address, only loopback names reach it
        (a rebound DNS name is refused); otherwise the token or the proxy decides."""
        if not self.loopback or self.public_url:
            return True
        return is_loopback(_hostname(host_header))

    def origin_allowed(self, origin: str | None, scheme: str, host_header: str) -> bool:
        """Whether a WebSocket from `origin` comes from the page this server serves."""
        if not origin:
            return False
        expected = self.public_origin or f"{scheme}://{host_header}".lower()
        return _same(origin.strip().lower(), expected)

    def token_ok(self, given: str | None) -> bool:
        if self.token is None:
            return True
        return given is not None and _same(given, self.token)

    def base_url(self, scheme: str, host_header: str) -> str:
        """Where the page's links point: the public address, else the address the
        browser used (textual-serve used host:port, which for 0.0.0.0 is no address)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"{scheme}://{host_header}"

    def addresses(self) -> list[str]:
        """The addresses to print: a browser opens one of them."""
        query = f"?token={self.token}" if self.token else ""
        if self.public_url:
            return [f"{self.public_url.rstrip('/')}/{query}"]
        hosts: list[str] = []
        if self.host in ("0.0.0.0", "::", ""):
            hosts = [socket.gethostname(), "127.0.0.1"]
        else:
            hosts = [self.host]
        return [f"http://{_url_host(h)}:{self.port}/{query}" for h in hosts]


def _same(given: str, expected: str) -> bool:
    """A comparison that takes as long whatever `given` holds (any characters)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"),
                               expected.encode("utf-8", "replace"))


def _hostname(host_header: str) -> str:
    """The name part of a Host header ("[::1]:8000" -> "::1", "a:80" -> "a")."""
    value = host_header.strip()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class _Redact(logging.Filter):
    """Writes "[token]" in a log line for the token itself."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "[token]"), None
        return True


def refusal_page(title: str, text: str, status: int) -> web.Response:
    """A small page that says why the trainer is not shown."""
    body = ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
            f"<title>mj-trainer: {html.escape(title)}</title></head>"
            "<body style='font-family: sans-serif; max-width: 40em; margin: 3em auto'>"
            f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>")
    response = web.Response(text=body, status=status, content_type="text/html")
    if status == 503:
        response.headers["Retry-After"] = "30"
    return response


class GuardedServer(Server):
    """textual-serve's server, letting in only its own page (see the module doc)."""

    def __init__(self, command: str, doors: Doors, *, max_sessions: int,
                 out: TextIO | None = None, quit_grace: float = QUIT_GRACE,
                 kill_grace: float = KILL_GRACE) -> None:
        super().__init__(command, host=doors.host, port=doors.port, title="mj-trainer",
                         public_url=doors.public_url)
        self.doors = doors
        self.max_sessions = max_sessions
        self.out = out or sys.stdout
        self.quit_grace = quit_grace
        self.kill_grace = kill_grace
        self.live = 0  # sessions started, from the WebSocket's arrival to its app's end
        self.sessions: set[web.WebSocketResponse] = set()  # their pages, to close at exit
        self.apps: set[asyncio.subprocess.Process] = set()
        self._ending: set[asyncio.Task[None]] = set()

    def initialize_logging(self) -> None:
        super().initialize_logging()
        if self.doors.token:  # the access log names each request: not with the token
            logging.getLogger("aiohttp.access").addFilter(_Redact(self.doors.token))

    # ---- the routes

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/{token}", self.handle_websocket, name=TOKEN_ROUTE)
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        doors = self.doors
        if not doors.host_allowed(request.host):
            log.warning("refused a request for host %r", request.host)
            return refusal_page("Not this address",
                                "This trainer answers only on this machine's own "
                                "address (127.0.0.1 or localhost).", 403)
        route = request.match_info.route.name
        if route == "index":
            if not doors.token_ok(request.query.get("token")):
                return refusal_page(
                    "This address needs its token",
                    "Open the full address that `mj-trainer serve` printed when it "
                    "started: it ends in ?token= followed by a long code.", 403)
            if self.live >= self.max_sessions:
                return self._full_page()
        elif route in ("websocket", TOKEN_ROUTE):
            given = request.match_info.get("token") if route == TOKEN_ROUTE else None
            if not doors.token_ok(given):
                return web.Response(text="a token is needed", status=403)
            if not doors.origin_allowed(request.headers.get("Origin"), request.scheme,
                                        request.host):
                log.warning("refused a WebSocket from origin %r",
                            request.headers.get("Origin"))
                return web.Response(text="only the trainer's own page may connect",
                                    status=403)
            if self.live >= self.max_sessions:
                return web.Response(text="all sessions are in use", status=503)
        return await handler(request)

    def _full_page(self) -> web.Response:
        n = self.max_sessions
        return refusal_page(
            "All sessions are in use",
            f"This trainer runs at most {n} session{'s' if n != 1 else ''} at once, and "
            "all are open. Close a tab that runs it, then reload this page. Whoever "
            "started `mj-trainer serve` can allow more with --max-sessions.", 503)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # textual-serve's own page, its links made from the address the browser used
        # and the WebSocket's carrying the token.
        context: dict[str, Any] = await Server.handle_index.__wrapped__(  # type: ignore[attr-defined]
            self, request)
        base = self.doors.base_url(request.scheme, request.host)
        ws_base = "wss" + base[len("https"):] if base.startswith("https") else \
            "ws" + base[len("http"):]
        token = self.doors.token
        context["app_websocket_url"] = f"{ws_base}/ws/{token}" if token else f"{ws_base}/ws"
        context["config"] = {"static": {"url": f"{base}/static/"}}
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        width, height = clamp_size(_size_from(request.query.get("width"), 80),
                                   _size_from(request.query.get("height"), 24))
        clamped = request.clone(rel_url=request.rel_url.with_query(width=width,
                                                                   height=height))
        self.live += 1  # counted before the first await: the guard's check still holds
        try:
            return await super().handle_websocket(clamped)
        finally:
            self.live -= 1

    # ---- a session

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        process = getattr(app_service, "_process", None)
        self.sessions.add(websocket)
        if isinstance(process, asyncio.subprocess.Process):
            self.apps.add(process)
        try:
            await super()._process_messages(
                cast(web.WebSocketResponse, _BrowserMessages(websocket)), app_service)
        finally:
            self.sessions.discard(websocket)
            if isinstance(process, asyncio.subprocess.Process):
                task = asyncio.create_task(self._end_app(process))
                self._ending.add(task)
                task.add_done_callback(self._ending.discard)

    async def _end_app(self, process: asyncio.subprocess.Process) -> None:
        """Give the app `quit_grace` seconds to quit, then SIGTERM, then SIGKILL."""
        try:
            for sig, grace in ((None, self.quit_grace), (signal.SIGTERM, self.kill_grace),
                               (signal.SIGKILL, None)):
                if sig is not None and process.returncode is None:
                    log.warning("the trainer (pid %d) did not quit; sending %s",
                                process.pid, sig.name)
                    with contextlib.suppress(ProcessLookupError):
                        process.send_signal(sig)
                if grace is None:
                    await process.wait()
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), grace)
                    return
        finally:
            self.apps.discard(process)

    # ---- start and stop

    async def on_startup(self, app: web.Application) -> None:
        n = self.max_sessions
        lines = ["mj-trainer serve: open this address in a web browser "
                 f"(each tab runs its own trainer, up to {n} at once):"]
        lines += [f"    {address}" for address in self.doors.addresses()]
        if self.doors.token:
            lines.append("Anyone with this address, token included, can use the trainer "
                         "and its progress: share it only with people you trust.")
        lines.append("Press ctrl+c to stop.")
        print("\n".join(lines), file=self.out, flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every page, then wait for every app to end (each within its grace)."""
        for websocket in list(self.sessions):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
        deadline = self.quit_grace + self.kill_grace + 2.0
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(deadline):
                while self.apps or self._ending:
                    await asyncio.sleep(0.05)
        for process in list(self.apps):  # pragma: no cover - the graces ran out
            with contextlib.suppress(ProcessLookupError):
                process.kill()
