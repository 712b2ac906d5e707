"""The phones' web server: the page, the card images and one WebSocket per phone seat.

aiohttp runs on a thread of its own with its own asyncio loop, so the game's frame loop never
waits on the network. The two sides meet only in thread-safe places: the server puts what the
phones did into ``inbox`` (a ``queue.Queue``), and the game's thread hands it messages with
``send``, which the loop picks up through ``call_soon_threadsafe``. The server never touches the
match: the hub (``game.phones.hub``) reads the inbox on the game's thread and submits.

What is served is fixed at start: the files of ``assets/web/`` read into memory, and the card
images given by the game; a request's path only ever names an entry of those tables. Every
address carries a seat's 130-bit key (its token); one without a valid token is refused, and
what any client may hold without one is bounded (``scenes.phoneserver.gate``).

Each phone is answered in its browser's language (Accept-Language) when the game speaks it,
else in the table's: the page's own words (``words.json``), the page for a wrong address, and
what the server tells a seat's phone (``scenes.phoneserver.page_words``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import queue
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from game.i18n import CODES, N_, PSEUDO, Tongue, _, active, tongue
from game.phones.hub import MATCH_OVER
from game.phones.protocol import MAX_MESSAGE_BYTES, Arrival, Inbound, phone_language
from scenes.phoneserver.gate import Gate, handler_factory, quiet_loop_errors
from scenes.phoneserver.page_words import page_messages, words, wrong_page

# A phone may send this many frames a second (a burst as big); more are dropped.
RATE_PER_S = 10.0
# A phone told to slow down is told again at most this often.
SLOW_DOWN_S = 5.0
# This many frames dropped in a row (no pause long enough to let one through) close the socket:
# a phone's page never does it, and each frame read costs the game's thread a little time.
FLOOD_CLOSE = 200
# A seat's socket may be opened this often a second, in bursts of JOIN_BURST (a reload, a phone
# back from sleep): each join and leave costs the game's thread a state for every phone, so a
# link holder reconnecting in a loop is refused (429) rather than served.
JOIN_PER_S = 1.0
JOIN_BURST = 6
# The WebSocket layer's own cap, far above a move, so an oversize move is told, not cut off.
WIRE_CAP_BYTES = 64 * 1024
# A connection that answers no ping in this many seconds is gone (a phone that slept).
HEARTBEAT_S = 10.0
# How long starting and stopping may take before the game gives up on the server.
START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0
# Connections the system may hold waiting to be accepted.
BACKLOG = 128

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}
# The page may load only from this server, and its token never leaves in a Referer.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self'; connect-src 'self'; style-src 'self'; "
        "script-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# What the server tells a phone: messages of the catalogs, told in the phone's language.
REPLACED = N_("This seat was opened on another device.")
BAD_TOKEN = N_(
    "This link is not for a seat at this table. Scan the code on the game's screen again."
)
FOREIGN = N_("Only the table's own page may open a seat.")
TOO_MANY_JOINS = N_("This seat was opened too often just now: wait a moment, then reload.")
SLOW_DOWN = N_("Too many messages at once: slow down.")
FLOODED = N_("Too many messages: this phone was disconnected. Reload the page to play on.")
UNREADABLE = N_("That message could not be read.")
TOO_LONG = N_("That message was too long to be a move.")
NO_FILE = N_("No such file.")
NO_CARD = N_("No such card.")
# The styled page for an address that names no seat, and its style sheet (assets/web/).
WRONG_PAGE = "wrong.html"
WRONG_CSS = "wrong.css"
# The page's script, whose t() and tn() texts the page is given in its language.
SCRIPT = "phone.js"
# The languages a page may ask its words in (the hub names the seat's: see words.json).
SPOKEN = frozenset((*CODES, PSEUDO))
# A seat's key: lowercase Crockford base32, whose letters have no look-alikes (no i, l, o or u),
# 26 of them (130 bits), shown in groups of four for typing from the screen.
TOKEN_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
TOKEN_LENGTH = 26
TOKEN_GROUP = 4
# What a person may type for a character of the key: any case, and the look-alikes.
TYPED = str.maketrans({"o": "0", "i": "1", "l": "1", "-": None})


def new_tokens(seats: tuple[int, ...]) -> dict[int, str]:
    """A random 130-bit key for each seat, grouped with '-' ("k7mq-3v9d-...")."""
    return {seat: new_token() for seat in seats}


def new_token() -> str:
    key = "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
    return "-".join(key[i : i + TOKEN_GROUP] for i in range(0, TOKEN_LENGTH, TOKEN_GROUP))


def canonical(token: str) -> str:
    """A key as typed (any case, with or without its dashes, O for 0, I or L for 1) in the
    form it is compared in."""
    return token.lower().translate(TYPED)


def web_files(folder: Path) -> dict[str, tuple[bytes, str]]:
    """The page's files, by name: read once, so a request can only pick from this table."""
    files: dict[str, tuple[bytes, str]] = {}
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            kind = CONTENT_TYPES.get(path.suffix.lower())
            if path.is_file() and kind is not None:
                files[path.name] = (path.read_bytes(), kind)
    return files


@dataclass(slots=True)
class Counts:
    """What the sockets brought, for benchmarks and the log: frames read, dropped over the
    rate, refused at the door (binary, too long), and sockets closed for flooding."""

    frames: int = 0
    dropped: int = 0
    refused: int = 0
    closed: int = 0


class _Bucket:
    """A token bucket: ``rate`` a second, bursts of ``burst`` (as many as ``rate`` unless told)."""

    def __init__(self, rate: float = RATE_PER_S, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.level = self.burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class Phones:
    """The server's state and its aiohttp application; it lives on the server's loop.

    Usable alone in a test (aiohttp's test client runs ``make_app()``); ``PhoneServer`` runs it
    on a thread for the game. Each start makes a fresh application: an aiohttp application
    belongs to the loop it first ran on, so a second try on another port needs a new one.
    """

    def __init__(
        self,
        tokens: Mapping[int, str],
        files: Mapping[str, tuple[bytes, str]],
        images: Mapping[str, bytes],
        rate: float = RATE_PER_S,
        origins: frozenset[str] = frozenset(),
        table_language: Callable[[], str] = lambda: active().code,
    ) -> None:
        self.tokens = {seat: canonical(token) for seat, token in tokens.items()}
        self.files = dict(files)
        script = self.files.get(SCRIPT)
        self.messages = page_messages(script[0].decode("utf-8") if script else "")
        # The table's language now (read on the server's thread: one reference, no lock).
        self.table_language = table_language
        # Each seat's phone's language, from its socket's request: what closing tells it in.
        self.spoken: dict[int, Tongue] = {}
        self.images = dict(images)
        self.rate = rate
        # The pages' own address (the QR code's scheme, host and port): a WebSocket opened by
        # a page of any other site is refused. Empty: set when the server knows its port.
        self.origins = origins
        self.gate = Gate()
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.last: dict[int, str] = {}  # the last state sent to each seat, for a rejoin
        self.counts = Counts()
        self.joins: dict[int, _Bucket] = {}

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=1024)
        app.router.add_get("/", self.wrong)
        app.router.add_get("/p/{token}/", self.page)
        app.router.add_get("/p/{token}", self.page)
        app.router.add_get("/p/{token}/web/{name}", self.file)
        app.router.add_get("/p/{token}/words.json", self.words)
        app.router.add_get("/p/{token}/card/{key}.png", self.image)
        app.router.add_get("/p/{token}/ws", self.socket)
        app.router.add_get("/wrong.css", self.wrong_css)
        app.on_response_prepare.append(_secure)
        return app

    def language(self, request: web.Request) -> Tongue:
        """The language to answer ``request`` in: its browser's, if the game speaks it, else
        the table's now."""
        code = phone_language(request.headers.get("Accept-Language", ""))
        return tongue(code or self.table_language())

    def seat_of(self, request: web.Request) -> int:
        """The seat whose token the address carries; 403 without one."""
        given = canonical(request.match_info.get("token", "")).encode()
        for seat, token in self.tokens.items():
            if secrets.compare_digest(token.encode(), given):
                self.gate.trust(request.protocol, seat)
                return seat
        raise web.HTTPForbidden(text=self.language(request).gettext(BAD_TOKEN))

    async def page(self, request: web.Request) -> web.StreamResponse:
        try:
            self.seat_of(request)
        except web.HTTPForbidden:
            return self._wrong_page(403, request)
        if not request.path.endswith("/"):
            # The page's addresses are relative to the token's folder.
            raise web.HTTPFound(request.path + "/")
        return self._file("index.html")

    async def wrong(self, request: web.Request) -> web.StreamResponse:
        return self._wrong_page(404, request)

    async def wrong_css(self, request: web.Request) -> web.StreamResponse:
        return self._file(WRONG_CSS)

    def _wrong_page(self, status: int, request: web.Request) -> web.Response:
        """The styled page for an address that names no seat: what happened, what to do, in
        the browser's language."""
        spoken = self.language(request)
        found = self.files.get(WRONG_PAGE)
        if found is None:
            return web.Response(status=status, text=spoken.gettext(BAD_TOKEN))
        template, kind = found
        body = wrong_page(template, spoken)
        return web.Response(status=status, body=body, headers={"Content-Type": kind})

    async def words(self, request: web.Request) -> web.StreamResponse:
        """The page's own words in its language: the one the hub speaks to its seat in when
        the page names it (``?language=``, from a state message), else its browser's."""
        self.seat_of(request)
        asked = request.query.get("language", "")
        spoken = tongue(asked) if asked in SPOKEN else self.language(request)
        body = json.dumps(words(self.messages, spoken), ensure_ascii=False).encode("utf-8")
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPES[".json"]})

    async def file(self, request: web.Request) -> web.StreamResponse:
        self.seat_of(request)
        return self._file(request.match_info["name"])

    def _file(self, name: str) -> web.Response:
        found = self.files.get(name)
        if found is None:
            raise web.HTTPNotFound(text=NO_FILE)
        body, kind = found
        return web.Response(body=body, headers={"Content-Type": kind})

    async def image(self, request: web.Request) -> web.StreamResponse:
        self.seat_of(request)
        body = self.images.get(request.match_info["key"])
        if body is None:
            raise web.HTTPNotFound(text=self.language(request).gettext(NO_CARD))
        # Card faces never change during a match: the phone keeps them.
        headers = {"Content-Type": "image/png", "Cache-Control": "max-age=3600"}
        return web.Response(body=body, headers=headers)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        spoken = self.language(request)
        if origin is not None and origin not in self.origins and not _same_address(request, origin):
            raise web.HTTPForbidden(text=spoken.gettext(FOREIGN))
        seat = self.seat_of(request)
        if not self.joins.setdefault(seat, _Bucket(JOIN_PER_S, JOIN_BURST)).take():
            raise web.HTTPTooManyRequests(text=spoken.gettext(TOO_MANY_JOINS))
        ws = web.WebSocketResponse(max_msg_size=WIRE_CAP_BYTES, heartbeat=HEARTBEAT_S)
        try:
            await ws.prepare(request)
        except ConnectionError:
            # Gone during the handshake: never joined, so nothing to leave (aiohttp meets the
            # dead connection again with this answer, quietly).
            return web.Response(status=400)
        self.gate.trust(request.protocol, seat, socket=True)
        old = self.sockets.get(seat)
        self.sockets[seat] = ws
        # The hub speaks to the seat in the browser's language (none asked: the table's).
        asked = phone_language(request.headers.get("Accept-Language", ""))
        was = self.spoken.get(seat, spoken)
        self.spoken[seat] = spoken
        self.inbox.put(Inbound(seat, Arrival.JOINED, language=asked))
        try:
            if old is not None and not old.closed:
                # One connection per seat: the newest (a reload, another device) wins.
                await _send(old, {"type": "replaced", "text": was.gettext(REPLACED)})
                await old.close()
            if seat in self.last:
                await ws.send_str(self.last[seat])  # a rejoin sees the whole table at once
            await self._read(seat, ws, spoken)
        except ConnectionError:
            pass  # the phone went away mid-send: it left, which the finally tells
        finally:
            if self.sockets.get(seat) is ws:
                del self.sockets[seat]
                self.inbox.put(Inbound(seat, Arrival.LEFT))
        return ws

    async def _read(self, seat: int, ws: web.WebSocketResponse, spoken: Tongue) -> None:
        """Every frame of the seat's socket, whatever its type, counts against the rate; a
        dropped frame costs a comparison, and a phone that keeps sending far past the limit is
        closed (it may come back by its link, slower)."""
        bucket = _Bucket(self.rate)
        told_at, dropped = -SLOW_DOWN_S, 0
        counts = self.counts
        async for message in ws:
            counts.frames += 1
            if not bucket.take():
                counts.dropped += 1
                dropped += 1
                if dropped >= FLOOD_CLOSE:
                    counts.closed += 1
                    await _send(ws, {"type": "closed", "text": spoken.gettext(FLOODED)})
                    await ws.close()
                    return
                now = time.monotonic()
                if now - told_at >= SLOW_DOWN_S:
                    told_at = now
                    await _send(ws, _refusal(spoken.gettext(SLOW_DOWN)))
                continue
            dropped = 0
            if message.type is not WSMsgType.TEXT:
                counts.refused += 1
                await _send(ws, _refusal(spoken.gettext(UNREADABLE)))
                continue
            text = message.data
            if len(text) > MAX_MESSAGE_BYTES or _utf8_size(text) > MAX_MESSAGE_BYTES:
                counts.refused += 1
                await _send(ws, _refusal(spoken.gettext(TOO_LONG)))
                continue
            self.inbox.put(Inbound(seat, Arrival.MESSAGE, text))

    async def deliver(self, seat: int, text: str, state: bool) -> None:
        """Send ``text`` to the seat's phone, if connected (on the server's loop)."""
        if state:
            self.last[seat] = text
        ws = self.sockets.get(seat)
        if ws is not None and not ws.closed:
            # A phone gone mid-send: its LEFT arrives from its reader.
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.send_str(text)

    async def close_all(self, text: str) -> None:
        """Tell every phone ``text`` (a message of the catalogs) in its language, and close."""
        for seat, ws in list(self.sockets.items()):
            spoken = self.spoken.get(seat) or tongue(self.table_language())
            await _send(ws, {"type": "closed", "text": spoken.gettext(text)})
            await ws.close()


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    """Every response of the application carries the security headers and names no server."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.popall("Server", None)


def _utf8_size(text: str) -> int:
    # Only a text near the cap is measured: a character is at most 4 bytes.
    if len(text) * 4 <= MAX_MESSAGE_BYTES:
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


async def _send(ws: web.WebSocketResponse, message: dict[str, Any]) -> None:
    if ws.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):  # gone already
        await ws.send_str(json.dumps(message))


def _refusal(text: str) -> dict[str, Any]:
    return {"type": "refused", "text": text}


def why_not(port: int, error: BaseException | None) -> str:
    """A sentence on why the server could not listen on ``port``."""
    if isinstance(error, OSError) and error.errno in (errno.EADDRINUSE, errno.EACCES):
        if error.errno == errno.EADDRINUSE:
            # TRANSLATORS: ends "The phones cannot join: {reason}." (lower case: mid-sentence).
            return _("port {port} on this computer is in use by another program").format(port=port)
        return _("this computer does not allow the game to use port {port}").format(port=port)
    if error is None:
        return _("the phones' server could not start (it stopped at once)")
    # TRANSLATORS: {error} is the system's own words on what failed (often English).
    return _("the phones' server could not start ({error})").format(error=error)


class PhoneServer:
    """``Phones`` served on a thread of its own, for the game's main thread to talk to."""

    def __init__(self, phones: Phones, host: str, port: int) -> None:
        self.phones = phones
        self.host = host
        self.port = port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)

    @property
    def inbox(self) -> queue.Queue[Inbound]:
        return self.phones.inbox

    def start(self) -> None:
        """Listen; raises OSError with a sentence when the port cannot be opened (whatever
        went wrong on the server's thread: the game is told, never shown a port 0)."""
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT_S):
            raise OSError(_("the phones' server did not start in time"))
        if self._error is not None or self._loop is None:
            raise OSError(why_not(self.port, self._error))

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send a message to a seat's phone (from any thread; dropped once stopped)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        text = json.dumps(message, separators=(",", ":"))
        state = message.get("type") == "state"
        # The loop may close between the check and the call.
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self.phones.deliver(seat, text, state), loop)

    def stop(self, text: str = MATCH_OVER) -> None:
        """Tell every phone, close, and end the thread (waits at most ``STOP_TIMEOUT_S``)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            # A phone that hangs, or a loop already ending, must not hold the game.
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self.phones.close_all(text), loop).result(
                    STOP_TIMEOUT_S
                )
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread.is_alive():
            self._thread.join(STOP_TIMEOUT_S)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(quiet_loop_errors)
        try:
            loop.run_until_complete(self._serve(loop))
        except Exception as error:  # told to the game by start(), never lost
            self._error = self._error or error
        finally:
            loop.close()
            self._ready.set()

    async def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        # The application is made here, on this loop: an application bound to another loop
        # (an earlier try on a taken port) cannot serve.
        runner = web.AppRunner(self.phones.make_app(), handle_signals=False, access_log=None)
        listener: asyncio.Server | None = None
        try:
            await runner.setup()
            assert runner.server is not None
            make = handler_factory(self.phones.gate, runner.server, HEADERS, loop)
            listener = await loop.create_server(make, self.host, self.port, backlog=BACKLOG)
        except Exception as error:  # any failure to listen is told to start()
            self._error = error
            await runner.cleanup()
            self._ready.set()
            return
        self.port = int(listener.sockets[0].getsockname()[1])
        self._stop = asyncio.Event()
        self._loop = loop
        sweeper = loop.create_task(self.phones.gate.sweeping())
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            sweeper.cancel()
            listener.close()
            await runner.cleanup()


def _same_address(request: web.Request, origin: str) -> bool:
    """The page came from this server by another of its addresses (127.0.0.1, a second network
    card): its origin is the address the browser asked for. Only an address typed as digits (or
    localhost) counts, so a site whose name was pointed at this computer (DNS rebinding) does not.
    """
    host = request.host
    if origin != f"http://{host}":
        return False
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]")
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True
