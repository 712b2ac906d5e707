"""The phones' server's door: every connection counted, those without a seat's token kept few
and short-lived, and the server's log lines rate-limited.

aiohttp alone keeps a connection that never finishes its request line open for its keep-alive
time (an hour by default) and accepts until the process runs out of files; a thousand slow
connections then lock the phones out, and every refused ``accept`` logs a traceback. ``Gate``
sees each connection open and close (``GuardedHandler`` is aiohttp's own request handler that
reports to it) and:

- closes a connection that has not shown a valid seat token within ``UNTRUSTED_S`` (a header
  read timeout for slow requests; a 403 keeps no connection alive either);
- keeps at most ``UNTRUSTED_CAP`` such connections: a new one closes the oldest, so a flood of
  slow connections cannot keep a real phone, whose request comes at once, from being read;
- keeps at most ``PER_SEAT_CAP`` connections per seat (a page loads its files over a few
  connections, plus its socket): one more closes that seat's oldest;
- keeps the total under the process's open-file limit less ``FD_RESERVE``, so the game can
  still open its autosave and its logs whatever arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

try:
    import resource  # Unix: the open-file limit
except ImportError:  # pragma: no cover - Windows: its limits are far higher
    resource = None  # type: ignore[assignment]

# A connection must show a seat's token within this many seconds of opening (a phone's browser
# sends its request at once; only a slow or idle client takes longer).
UNTRUSTED_S = 5.0
# At most this many connections without a valid token at once; the oldest goes first.
UNTRUSTED_CAP = 64
# A seat's page loads its files over up to six connections (a browser's habit) and its socket.
PER_SEAT_CAP = 8
# Open files kept free for the game (its autosave, statistics, logs, pygame's files).
FD_RESERVE = 128
# The most connections in all, whatever the open-file limit allows.
TOTAL_CAP = 256
# How often idle untrusted connections are looked for.
SWEEP_S = 1.0
# A given log line is written at most this often (a refused accept must not loop in the log).
LOG_EVERY_S = 10.0
# aiohttp's own request limits, far above what the page's requests need.
HANDLER_ARGS: dict[str, Any] = {
    "keepalive_timeout": 15.0,
    "max_line_size": 2048,
    "max_field_size": 4096,
    "max_headers": 40,
    "lingering_time": 1.0,
    "tcp_keepalive": True,
}
LOG = logging.getLogger("scenes.phoneserver.server")


class Quiet(logging.Filter):
    """Lets each distinct log message through at most once every ``LOG_EVERY_S`` seconds."""

    def __init__(self, every: float = LOG_EVERY_S) -> None:
        super().__init__()
        self.every = every
        self.last: dict[str, float] = {}
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        key = str(record.msg)
        if now - self.last.get(key, -self.every) < self.every:
            self.dropped += 1
            return False
        self.last[key] = now
        return True


QUIET = Quiet()
LOG.addFilter(QUIET)


def quiet_loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server loop's exception handler: one line, no traceback, rate-limited (a full
    process refuses ``accept`` over and over; asyncio would log each with its traceback)."""
    error = context.get("exception")
    LOG.warning("phones' server: %s%s", context.get("message", ""), f" ({error})" if error else "")


def file_limit() -> int | None:
    """The process's soft open-file limit, or None where there is none to read."""
    limits = getattr(resource, "getrlimit", None)  # resource is None off Unix
    if limits is None:
        return None
    soft, _ = limits(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def total_cap(limit: int | None) -> int:
    """How many connections may be open at once with the open-file limit ``limit``."""
    if limit is None:
        return TOTAL_CAP
    return max(8, min(TOTAL_CAP, limit - FD_RESERVE))


@dataclass(slots=True)
class Conn:
    """One open connection: when it opened, and the seat whose token it showed (None yet)."""

    key: Any  # its request handler, the gate's key for it
    transport: Any
    opened: float
    seat: int | None = None
    socket: bool = False
    order: int = 0


class Gate:
    """Counts the server's connections and closes those past the limits (on the server's loop)."""

    def __init__(self, cap: int | None = None, untrusted_cap: int = UNTRUSTED_CAP) -> None:
        self.cap = total_cap(file_limit()) if cap is None else cap
        self.untrusted_cap = min(untrusted_cap, self.cap)
        self.conns: dict[RequestHandler, Conn] = {}
        self._count = 0

    def opened(self, handler: RequestHandler, transport: Any) -> None:
        self._count += 1
        self.conns[handler] = Conn(handler, transport, time.monotonic(), order=self._count)
        untrusted = [c for c in self.conns.values() if c.seat is None]
        if len(untrusted) > self.untrusted_cap or len(self.conns) > self.cap:
            self._shut(min(untrusted, key=_age) if untrusted else self.conns[handler])

    def closed(self, handler: RequestHandler) -> None:
        self.conns.pop(handler, None)

    def trust(self, handler: Any, seat: int, socket: bool = False) -> None:
        """The connection showed ``seat``'s token (``socket``: it became the seat's WebSocket)."""
        conn = self.conns.get(handler)
        if conn is None:
            return
        conn.seat, conn.socket = seat, conn.socket or socket
        mine = [c for c in self.conns.values() if c.seat == seat and c is not conn]
        if len(mine) >= PER_SEAT_CAP:
            # The oldest plain request first: the seat's socket is what the phone plays on.
            self._shut(min(mine, key=lambda c: (c.socket, c.order)))

    def sweep(self) -> None:
        """Close every connection that has shown no token for ``UNTRUSTED_S`` seconds."""
        now = time.monotonic()
        for conn in [c for c in self.conns.values() if c.seat is None]:
            if now - conn.opened > UNTRUSTED_S:
                self._shut(conn)

    async def sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            self.sweep()

    def _shut(self, conn: Conn) -> None:
        self.conns.pop(conn.key, None)
        with contextlib.suppress(Exception):  # already closing: nothing more to do
            conn.transport.abort()


def _line(error: BaseException | None) -> str:
    """An error in one short line (aiohttp's parse errors span several)."""
    text = " ".join(str(error).split()) if error is not None else ""
    return f"{type(error).__name__}: {text[:120]}" if error is not None else "no detail"


def _age(conn: Conn) -> int:
    return conn.order


class GuardedHandler(RequestHandler):
    """aiohttp's request handler, reporting to the gate, answering errors without tracebacks."""

    __slots__ = ("_gate", "_headers")

    def __init__(
        self, gate: Gate, manager: web.Server, headers: dict[str, str], **kwargs: Any
    ) -> None:
        super().__init__(manager, **kwargs)
        self._gate = gate
        self._headers = headers

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._gate.opened(self, transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._gate.closed(self)
        super().connection_lost(exc)

    def handle_error(
        self,
        request: Any,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        # A client gone mid-request is not news; anything else is one rate-limited line.
        if not isinstance(exc, ConnectionError | asyncio.CancelledError):
            LOG.warning("phones' server: a request failed with %d (%s)", status, _line(exc))
        text = "That request could not be read." if status < 500 else "Something went wrong."
        response = Bare(status=status, text=text, headers=self._headers)
        response.force_close()
        return response


class Bare(web.Response):
    """A response that names no server software (aiohttp adds ``Server`` as it starts)."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        self.headers.popall("Server", None)


def handler_factory(
    gate: Gate, server: web.Server, headers: dict[str, str], loop: asyncio.AbstractEventLoop
) -> Callable[[], GuardedHandler]:
    """What ``loop.create_server`` calls for each connection."""

    def make() -> GuardedHandler:
        return GuardedHandler(
            gate, server, headers, loop=loop, logger=LOG, access_log=None, **HANDLER_ARGS
        )

    return make
