"""The phones' web server: the page, the card images and one WebSocket per phone seat.

aiohttp runs on a thread of its own with its own asyncio loop, so the game's frame loop never
waits on the network. The two sides meet only in thread-safe places: the server puts what the
phones did into ``inbox`` (a ``queue.Queue``), and the game's thread hands it messages with
``send``, which the loop picks up through ``call_soon_threadsafe``. The server never touches the
match: the hub (``game.remote.hub``) reads the inbox on the game's thread and submits.

What is served is fixed at start: the files of ``assets/web/`` read into memory, and the card
images given by the game; a request's path only ever names an entry of those tables. Every
address carries a seat's 128-bit token; one without a valid token is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import secrets
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from game.logs import install_loop_handler
from game.remote.protocol import MAX_MESSAGE_BYTES

# A phone may send this many messages a second (a burst as big); more are dropped.
RATE_PER_S = 10.0
# The WebSocket layer's own cap, far above a move, so an oversize move is told, not cut off.
WIRE_CAP_BYTES = 64 * 1024
# A connection that answers no ping in this many seconds is gone (a phone that slept).
HEARTBEAT_S = 10.0
# How long starting and stopping may take before the game gives up on the server.
START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0

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
REPLACED = "This seat was opened on another device."
BAD_TOKEN = "This link is not for a seat at this table. Scan the code on the game's screen again."


class Arrival(Enum):
    JOINED = "joined"
    LEFT = "left"
    MESSAGE = "message"


@dataclass(frozen=True, slots=True)
class Inbound:
    """Something a phone did: joined, left, or sent ``text``."""

    seat: int
    kind: Arrival
    text: str = ""


def new_tokens(seats: tuple[int, ...]) -> dict[int, str]:
    """A 128-bit random token for each seat."""
    return {seat: secrets.token_urlsafe(16) for seat in seats}


def web_files(folder: Path) -> dict[str, tuple[bytes, str]]:
    """The page's files, by name: read once, so a request can only pick from this table."""
    files: dict[str, tuple[bytes, str]] = {}
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            kind = CONTENT_TYPES.get(path.suffix.lower())
            if path.is_file() and kind is not None:
                files[path.name] = (path.read_bytes(), kind)
    return files


class _Bucket:
    """A token bucket: ``RATE_PER_S`` messages a second, bursts as big."""

    def __init__(self, rate: float = RATE_PER_S) -> None:
        self.rate = rate
        self.level = rate
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.rate, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class Phones:
    """The server's state and its aiohttp application; it lives on the server's loop.

    Usable alone in a test (aiohttp's test client runs ``app``); ``PhoneServer`` runs it on a
    thread for the game.
    """

    def __init__(
        self,
        tokens: Mapping[int, str],
        files: Mapping[str, tuple[bytes, str]],
        images: Mapping[str, bytes],
        rate: float = RATE_PER_S,
    ) -> None:
        self.tokens = dict(tokens)
        self.files = dict(files)
        self.images = dict(images)
        self.rate = rate
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self.last: dict[int, str] = {}  # the last state sent to each seat, for a rejoin
        self.app = web.Application()
        self.app.router.add_get("/p/{token}/", self.page)
        self.app.router.add_get("/p/{token}", self.page)
        self.app.router.add_get("/p/{token}/web/{name}", self.file)
        self.app.router.add_get("/p/{token}/card/{key}.png", self.image)
        self.app.router.add_get("/p/{token}/ws", self.socket)

    def seat_of(self, request: web.Request) -> int:
        """The seat whose token the address carries; 403 without one."""
        given = request.match_info.get("token", "")
        for seat, token in self.tokens.items():
            if secrets.compare_digest(token.encode(), given.encode()):
                return seat
        raise web.HTTPForbidden(text=BAD_TOKEN)

    async def page(self, request: web.Request) -> web.StreamResponse:
        self.seat_of(request)
        if not request.path.endswith("/"):
            # The page's addresses are relative to the token's folder.
            raise web.HTTPFound(request.path + "/")
        return self._file("index.html")

    async def file(self, request: web.Request) -> web.StreamResponse:
        self.seat_of(request)
        return self._file(request.match_info["name"])

    def _file(self, name: str) -> web.Response:
        found = self.files.get(name)
        if found is None:
            raise web.HTTPNotFound(text="No such file.")
        body, kind = found
        return web.Response(body=body, headers={**HEADERS, "Content-Type": kind})

    async def image(self, request: web.Request) -> web.StreamResponse:
        self.seat_of(request)
        body = self.images.get(request.match_info["key"])
        if body is None:
            raise web.HTTPNotFound(text="No such card.")
        # Card faces never change during a match: the phone keeps them.
        headers = {**HEADERS, "Content-Type": "image/png", "Cache-Control": "max-age=3600"}
        return web.Response(body=body, headers=headers)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        seat = self.seat_of(request)
        ws = web.WebSocketResponse(max_msg_size=WIRE_CAP_BYTES, heartbeat=HEARTBEAT_S)
        await ws.prepare(request)
        old = self.sockets.get(seat)
        self.sockets[seat] = ws
        if old is not None and not old.closed:
            # One connection per seat: the newest (a reload, another device) wins.
            await _send(
                old, {"type": "replaced", "text": "This seat was opened on another device."}
            )
            await old.close()
        if seat in self.last:
            await ws.send_str(self.last[seat])  # a rejoin sees the whole table at once
        self.inbox.put(Inbound(seat, Arrival.JOINED))
        bucket, told = _Bucket(self.rate), False
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    if message.type is WSMsgType.BINARY:
                        await _send(ws, _refusal("That message could not be read."))
                    continue
                if not bucket.take():
                    if not told:
                        await _send(ws, _refusal("Too many messages at once: slow down."))
                        told = True
                    continue
                told = False
                if len(message.data) > MAX_MESSAGE_BYTES:
                    await _send(ws, _refusal("That message was too long to be a move."))
                    continue
                self.inbox.put(Inbound(seat, Arrival.MESSAGE, message.data))
        finally:
            if self.sockets.get(seat) is ws:
                del self.sockets[seat]
                self.inbox.put(Inbound(seat, Arrival.LEFT))
        return ws

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
        for ws in list(self.sockets.values()):
            await _send(ws, {"type": "closed", "text": text})
            await ws.close()


async def _send(ws: web.WebSocketResponse, message: dict[str, Any]) -> None:
    if ws.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):  # gone already
        await ws.send_str(json.dumps(message))


def _refusal(text: str) -> dict[str, Any]:
    return {"type": "refused", "text": text}


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
        """Listen; raises OSError with a sentence when the port cannot be opened."""
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT_S):
            raise OSError("the phones' server did not start in time")
        if self._error is not None:
            raise OSError(f"the phones' server could not start: {self._error}")

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

    def stop(self, text: str = "The match is over. Thanks for playing!") -> None:
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
        install_loop_handler(loop)  # its unhandled errors go to the log (scenes.store.logs)
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve(loop))
        finally:
            loop.close()
            self._ready.set()

    async def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        runner = web.AppRunner(self.phones.app, handle_signals=False, access_log=None)
        try:
            await runner.setup()
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except OSError as error:
            self._error = error
            await runner.cleanup()
            self._ready.set()
            return
        for address in runner.addresses:
            if isinstance(address, tuple) and len(address) >= 2:
                self.port = int(address[1])
                break
        self._stop = asyncio.Event()
        self._loop = loop
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await runner.cleanup()
