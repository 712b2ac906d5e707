"""The phones' server under attack and faults (issue 37): messages no parser should meet, a taken
port, floods of frames, foreign pages, error pages, handshakes cut short, the command line.

Every network test talks to 127.0.0.1 only and bounds each wait; the test with a thousand and
a half slow connections is in test_phone_siege.py (it runs the server in a process of its own).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import struct
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from game.actions import Draw
from game.cards import DeckKind, deck
from game.match import Match, Seat, SeatKind
from game.phones import hub as hub_module
from game.phones.hub import PhoneHub
from game.phones.protocol import MAX_MESSAGE_BYTES, Arrival, BadIntent, Inbound, read_intent
from game.rules import Rules
from scenes import __main__ as program
from scenes.phoneserver import gate as gate_module
from scenes.phoneserver.gate import PER_SEAT_CAP, Gate
from scenes.phoneserver.serve import serve_phones
from scenes.phoneserver.server import (
    FLOOD_CLOSE,
    FLOODED,
    HEADERS,
    JOIN_BURST,
    SLOW_DOWN,
    TOKEN_ALPHABET,
    TOO_LONG,
    Phones,
    canonical,
    new_tokens,
    web_files,
)
from scenes.routes import Network
from scenes.table import phone_seats as table_phones
from tests.helpers import Outlet, drain, settle

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[[web.Application], Awaitable[Client]]

CARDS = deck(DeckKind.CLASSIC)
WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
TOKENS = {0: "abcd-efgh-jkmn-pqrs-tvwx-yz01-23", 1: "4567-89ab-cdef-ghjk-mnpq-rstv-wx"}
IMAGES = {"R5": b"\x89PNG-red-five"}
pytestmark = pytest.mark.bare_app


def act(seat: int, kind: str = "draw") -> str:
    return json.dumps({"type": "act", "action": {"type": kind, "player": seat}})


async def replies(ws: aiohttp.ClientWebSocketResponse, quiet: float = 0.4) -> list[Any]:
    """Every message the server sends until it is quiet for ``quiet`` seconds (at most 500)."""
    got: list[Any] = []
    for _ in range(500):
        try:
            message = await ws.receive(timeout=quiet)
        except TimeoutError:
            break
        if message.type is not aiohttp.WSMsgType.TEXT:
            got.append(message.type)
            break
        got.append(json.loads(message.data))
    return got


# ----------------------------------------------------------------- 1. no message raises


@pytest.mark.parametrize(
    ("raw", "told"),
    [
        ("[" * 4000, "not a move"),  # RecursionError in json.loads before
        ('{"a":' * 800, "not a move"),
        ("[" * 3 + '"[[[[[[[[[[[["' + "]" * 3, "not a move"),  # brackets in a string: no depth
        ("\ud800", "could not be read"),  # a lone surrogate
        ('{"type": "act", "action": {"type": "draw", "player": 0, "x": "\\ud800"}}', ""),
        ("é" * 2100, "too long"),  # 2,100 characters but 4,200 bytes
        ("9" * 4000, "not a move"),
        ("1e999", "not a move"),
        ("NaN", "could not be read"),
        ('{"type": "act", "action": {"type": "play", "player": 0, "card": 1e400}}', "could not"),
        ('{"type": "act", "action": {"type": "play", "player": 0, "card": -1}}', "could not"),
        ('{"type": "act", "action": {"type": "color", "player": 0, "color": [1]}}', "could not"),
        ('{"type": "act", "action": {"type": "color", "player": 0, "color": {}}}', "could not"),
        ('{"type": "act", "action": {"type": ["draw"], "player": 0}}', "could not be read"),
        ('{"type": "act", "action": {"type": "draw", "player": 0.0}}', "your own moves"),
        ('{"type": "act", "action": {"type": "draw", "player": false}}', "your own moves"),
        ('{"type": "act", "action": null}', "could not be read"),
        (b'{"type": "act", "action": {"type": "draw", "player": 0}}' + b"\xc3", "could not"),
    ],
)
def test_malformed_input_of_every_kind_is_refused_in_words(raw: str | bytes, told: str) -> None:
    if not told:
        assert read_intent(raw, 0, CARDS) == Draw(0)  # an odd string in an unread key: fine
        return
    with pytest.raises(BadIntent, match=told):
        read_intent(raw, 0, CARDS)


def test_a_seat_is_named_by_a_whole_number_not_a_boolean() -> None:
    # True == 1 in Python: seat 1 must not accept "player": true as its own move.
    with pytest.raises(BadIntent, match="your own moves"):
        read_intent('{"type": "act", "action": {"type": "draw", "player": true}}', 1, CARDS)


def test_the_game_thread_never_sees_an_exception_from_a_phone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana"))
    match = Match(Rules(), seats, 3)
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {0: "http://x/p/t/"})
    outlet.inbox.put(Inbound(0, Arrival.JOINED))
    outlet.inbox.put(Inbound(0, Arrival.MESSAGE, "[" * 4000))
    hub.pump()
    assert outlet.sent[-1] == (0, {"type": "refused", "text": "That message is not a move."})

    # The last line: even a fault no one foresaw is refused, logged once, and the table goes on.
    def broken(*args: object) -> object:
        raise RuntimeError("a bug no test found")

    monkeypatch.setattr(hub_module, "read_intent", broken)
    for _ in range(3):
        outlet.inbox.put(Inbound(0, Arrival.MESSAGE, act(0)))
    outlet.inbox.put(Inbound(0, Arrival.LEFT))
    hub.pump()
    assert [m["text"] for _, m in outlet.sent[-4:-1]] == [hub_module.FAULT] * 3
    assert not hub.connected(0)  # what came after the faults was still taken in


# ----------------------------------------------------------------- 2. the port


@contextlib.contextmanager
def holding(port: int) -> Iterator[socket.socket]:
    """A listening socket on 127.0.0.1:``port`` (taken already by someone else: just as good)."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with contextlib.suppress(OSError):
        held.bind(("127.0.0.1", port))
        held.listen(1)
    try:
        yield held
    finally:
        held.close()


async def join_and_get_state(url: str, hub: PhoneHub) -> dict[str, Any]:
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as page:
            assert page.status == 200
        async with session.ws_connect(url + "ws") as ws:
            for _ in range(200):
                hub.pump()
                if hub.connected(0):
                    break
                await asyncio.sleep(0.01)
            return dict(json.loads((await ws.receive(timeout=5)).data))


def phone_match() -> Match:
    return Match(Rules(), (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana")), 3)


def test_with_the_usual_port_taken_the_phones_join_on_another() -> None:
    match = phone_match()
    with holding(hub_module.DEFAULT_PORT):
        hub = serve_phones(match, WEB, IMAGES, "127.0.0.1", None)
        try:
            url = hub.url(0)
            port = int(url.split(":")[2].split("/")[0])
            assert port not in (0, hub_module.DEFAULT_PORT)
            state = asyncio.run(asyncio.wait_for(join_and_get_state(url, hub), 20))
        finally:
            hub.close()
    assert state["type"] == "state"
    assert state["name"] == "Maria"


def test_a_taken_port_is_told_and_the_computer_plays_the_phone_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with holding(0) as held:
        port = held.getsockname()[1]
        with pytest.raises(OSError, match=f"port {port} on this computer is in use"):
            serve_phones(phone_match(), WEB, IMAGES, "127.0.0.1", port)
        # The table's side: a sentence, and the computer takes the seats; nothing raises.
        monkeypatch.setattr(table_phones, "card_images", lambda art, cards: IMAGES)
        match, told = phone_match(), list[str]()
        network = Network("127.0.0.1", port)
        assert table_phones.open_phones(match, None, network, told.append) is None  # type: ignore[arg-type]
    assert match.played_by_ai(0)
    assert len(told) == 1
    assert f"port {port} on this computer is in use by another program" in told[0]
    assert "The computer plays Maria" in told[0]


# ----------------------------------------------------------------- 4. frames of every kind


def phones(rate: float = 10.0, origins: frozenset[str] = frozenset()) -> Phones:
    return Phones(TOKENS, web_files(WEB), IMAGES, rate, origins)


async def test_binary_frames_count_against_the_rate_and_refusals_are_few(
    aiohttp_client: MakeClient,
) -> None:
    server = phones(rate=5.0)
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    await settle(server.inbox, 1)
    for n in range(60):
        await ws.send_bytes(bytes([n]))
    for _ in range(60):
        await ws.send_str(act(0))
    told = await replies(ws)
    texts = [m["text"] for m in told if isinstance(m, dict)]
    # The burst of five binary frames is told it cannot be read, then one "slow down": not
    # one reply per frame (120 before), and the texts behind the binary flood are dropped too.
    assert texts.count(SLOW_DOWN) == 1
    assert len(texts) <= 12
    assert len([i for i in drain(server.inbox) if i.kind is Arrival.MESSAGE]) <= 6
    await ws.close()


async def test_a_flood_far_past_the_limit_closes_the_socket_and_the_seat_leaves_once(
    aiohttp_client: MakeClient,
) -> None:
    server = phones(rate=5.0)
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    for n in range(FLOOD_CLOSE + 100):
        if n % 2:
            await ws.send_bytes(b"\x00" * 8)
        else:
            await ws.send_str("x")
    told = await replies(ws, quiet=2.0)
    assert {"type": "closed", "text": FLOODED} in told
    assert told[-1] in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    kinds = []
    for _ in range(300):
        kinds += [i.kind for i in drain(server.inbox) if i.kind is not Arrival.MESSAGE]
        if Arrival.LEFT in kinds:
            break
        await asyncio.sleep(0.01)
    assert kinds == [Arrival.JOINED, Arrival.LEFT]


async def test_a_seat_opened_in_a_loop_is_refused_for_a_while(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    for _ in range(JOIN_BURST):
        ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
        await ws.close()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    assert refused.value.status == 429
    assert "wait a moment" in refused.value.message or refused.value.status == 429
    # Another seat is not held back by it, and every join was paired with its leave.
    other = await client.ws_connect(f"/p/{TOKENS[1]}/ws")
    await other.close()
    arrivals = [(i.seat, i.kind) for i in await settle(server.inbox, 2 * JOIN_BURST + 2)]
    assert arrivals == [(0, Arrival.JOINED), (0, Arrival.LEFT)] * JOIN_BURST + [
        (1, Arrival.JOINED),
        (1, Arrival.LEFT),
    ]


async def test_the_size_cap_counts_bytes(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    await settle(server.inbox, 1)
    await ws.send_str("é" * (MAX_MESSAGE_BYTES // 2 + 1))  # under the cap in characters
    assert json.loads((await ws.receive(timeout=5)).data) == {"type": "refused", "text": TOO_LONG}
    assert drain(server.inbox) == []
    await ws.close()


# ----------------------------------------------------------------- 5. hardening


async def test_a_page_of_another_site_cannot_open_a_seat(aiohttp_client: MakeClient) -> None:
    own = "http://192.168.1.20:8765"
    server = phones(origins=frozenset({own}))
    client = await aiohttp_client(server.make_app())
    for foreign in ("http://evil.example", "http://192.168.1.20:8766", "null"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Origin": foreign})
        assert refused.value.status == 403
    assert drain(server.inbox) == []
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Origin": own})
    assert [i.kind for i in await settle(server.inbox, 1)] == [Arrival.JOINED]
    await ws.close()
    # The page opened by another of the computer's addresses (127.0.0.1 here: playtest s4 N1,
    # "Connection lost" for ever) is the server's own page too.
    mine = f"http://{client.host}:{client.port}"
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers={"Origin": mine})
    assert [i.kind for i in await settle(server.inbox, 2)] == [Arrival.LEFT, Arrival.JOINED]
    await ws.close()
    await settle(server.inbox, 1)
    # A site's name pointed at this computer (DNS rebinding) is not one of its addresses.
    named = {"Origin": "http://evil.example:8765", "Host": "evil.example:8765"}
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(f"/p/{TOKENS[0]}/ws", headers=named)
    assert refused.value.status == 403
    # A client that is not a browser sends no Origin; it holds the link, which is what counts.
    ws = await client.ws_connect(f"/p/{TOKENS[1]}/ws")
    assert [i.kind for i in await settle(server.inbox, 1)] == [Arrival.JOINED]
    await ws.close()


def served(hub: PhoneHub) -> tuple[str, str, int]:
    url = hub.url(0)
    base = url.split("/p/")[0]
    return url, base, int(base.rsplit(":", 1)[1])


async def raw_request(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(65536), 5)
    writer.close()
    return answer


def test_every_response_has_the_security_headers_and_no_server_banner() -> None:
    hub = serve_phones(phone_match(), WEB, IMAGES, "127.0.0.1", 0)
    url, base, port = served(hub)
    token_path = url[len(base) :]

    async def visit() -> tuple[dict[str, tuple[int, Any]], bytes]:
        seen: dict[str, tuple[int, Any]] = {}
        async with aiohttp.ClientSession() as session:
            for path in (
                token_path,  # 200
                token_path.rstrip("/"),  # 302
                "/p/wrong/",  # 403, the styled page
                "/p/wrong/ws",  # 403
                token_path + "web/nothing.js",  # 404
                "/nothing",  # 404 from the router
            ):
                async with session.get(base + path, allow_redirects=False) as answer:
                    seen[path] = (answer.status, answer.headers)
            async with session.post(base + token_path) as answer:  # 405
                seen["POST"] = (answer.status, answer.headers)
        garbage = await raw_request(port, b"NOT HTTP AT ALL\r\n\r\n")  # 400 from the parser
        long_line = b"GET /p/" + b"a" * 3000 + b"/ HTTP/1.1\r\nHost: x\r\n\r\n"
        too_long = await raw_request(port, long_line)  # past max_line_size: 400 too
        assert b" 400 " in too_long.split(b"\r\n")[0]
        assert b"Server:" not in too_long and b"nosniff" in too_long
        return seen, garbage

    try:
        seen, garbage = asyncio.run(asyncio.wait_for(visit(), 20))
    finally:
        hub.close()
    assert sorted(status for status, _ in seen.values()) == [200, 302, 403, 403, 404, 404, 405]
    for path, (_, headers) in seen.items():
        for name, value in HEADERS.items():
            if name != "Cache-Control":
                assert headers.get(name) == value, (path, name)
        assert "Server" not in headers, path
    head = garbage.split(b"\r\n\r\n")[0].decode()
    assert head.startswith("HTTP/1.") and " 400 " in head.splitlines()[0]
    assert "Content-Security-Policy: default-src 'self'" in head
    assert "X-Content-Type-Options: nosniff" in head
    assert "Server:" not in head
    assert "aiohttp" not in garbage.decode()


def handshake(path: str, port: int) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def test_a_phone_gone_during_the_handshake_logs_nothing_and_is_not_left_present(
    caplog: pytest.LogCaptureFixture,
) -> None:
    match = phone_match()
    hub = serve_phones(match, WEB, IMAGES, "127.0.0.1", 0)
    url, base, port = served(hub)

    async def cut_short() -> None:
        for _ in range(20):
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(handshake(url[len(base) :] + "ws", port))
            # Reset at once (no FIN): the server meets a dead socket as it answers.
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.close()
        await asyncio.sleep(0.5)

    caplog.set_level(logging.DEBUG)
    try:
        asyncio.run(asyncio.wait_for(cut_short(), 20))
        for _ in range(50):
            hub.pump()
    finally:
        hub.close()
    assert not hub.connected(0)
    assert match.away == frozenset({0})
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_seat_keys_have_no_look_alikes_and_are_read_as_typed() -> None:
    tokens = new_tokens((0, 1, 2))
    assert len(set(tokens.values())) == 3
    for token in tokens.values():
        letters = token.replace("-", "")
        assert len(letters) == 26  # 130 bits
        assert set(letters) <= set(TOKEN_ALPHABET)
        assert not set(letters) & set("ilouILOU")
        assert all(len(group) <= 4 for group in token.split("-"))
    assert canonical("ABCD-EFGH-JKMN") == canonical("abcdefghjkmn")
    assert canonical("O1LI") == "0111"


async def test_a_key_is_accepted_as_typed_and_a_wrong_one_gets_a_styled_page(
    aiohttp_client: MakeClient,
) -> None:
    client = await aiohttp_client(phones().make_app())
    typed = TOKENS[0].upper().replace("-", "").replace("0", "O").replace("1", "l")
    assert (await client.get(f"/p/{typed}/")).status == 200
    wrong = await client.get("/p/abcd-efgh-jkmn-pqrs-tvwx-yz01-22/")
    assert wrong.status == 403
    assert wrong.headers["Content-Type"] == "text/html; charset=utf-8"
    assert wrong.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    assert wrong.headers["Referrer-Policy"] == "no-referrer"
    page = await wrong.text()
    assert "This link is not for a seat at this table" in page
    assert "Scan the code on the game's screen again" in page
    assert "style=" not in page and "<style" not in page  # the CSP forbids inline styles
    assert '<link rel="stylesheet" href="/wrong.css">' in page
    sheet = await client.get("/wrong.css")
    assert sheet.status == 200
    assert sheet.headers["Content-Type"] == "text/css; charset=utf-8"
    assert "--felt" in await sheet.text()
    assert (await client.get("/")).status == 404


# ----------------------------------------------------------------- 3. the gate, alone


class Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def test_the_gate_closes_the_oldest_untrusted_connection_past_its_cap() -> None:
    gate = Gate(cap=20, untrusted_cap=3)
    handlers = [object() for _ in range(5)]
    transports = [Transport() for _ in handlers]
    for handler, transport in zip(handlers, transports, strict=True):
        gate.opened(handler, transport)  # type: ignore[arg-type]
    assert [t.aborted for t in transports] == [True, True, False, False, False]
    # A connection that showed a token is no longer counted among the untrusted.
    gate.trust(handlers[2], 0)
    late = Transport()
    gate.opened(object(), late)  # type: ignore[arg-type]
    assert not transports[2].aborted and not late.aborted
    assert len(gate.conns) == 4
    # Past the total cap with none untrusted to close: the newcomer itself is closed.
    full = Gate(cap=2, untrusted_cap=2)
    first, second, third = Transport(), Transport(), Transport()
    for name, transport in (("a", first), ("b", second)):
        full.opened(name, transport)  # type: ignore[arg-type]
        full.trust(name, 0)
    full.opened("c", third)  # type: ignore[arg-type]
    assert (first.aborted, second.aborted, third.aborted) == (False, False, True)


def test_the_gate_keeps_a_seat_to_its_cap_and_the_total_under_the_file_limit() -> None:
    gate = Gate(cap=PER_SEAT_CAP + 2, untrusted_cap=PER_SEAT_CAP + 2)
    handlers = [object() for _ in range(PER_SEAT_CAP + 1)]
    transports = [Transport() for _ in handlers]
    for handler, transport in zip(handlers, transports, strict=True):
        gate.opened(handler, transport)  # type: ignore[arg-type]
    gate.trust(handlers[0], 0, socket=True)  # the seat's socket
    for handler in handlers[1:]:
        gate.trust(handler, 0)
    # One past the seat's cap: its oldest plain request goes, never its socket.
    assert [t.aborted for t in transports].count(True) == 1
    assert transports[1].aborted and not transports[0].aborted
    assert gate_module.total_cap(1024) == 256
    assert gate_module.total_cap(300) == 300 - gate_module.FD_RESERVE


def test_the_gate_closes_a_connection_that_shows_no_token_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = Gate(cap=10)
    slow, fast, done = Transport(), Transport(), Transport()
    gate.opened("slow", slow)  # type: ignore[arg-type]
    gate.opened("fast", fast)  # type: ignore[arg-type]
    gate.opened("done", done)  # type: ignore[arg-type]
    gate.trust("done", 1)
    for name in ("slow", "done"):  # opened long ago
        gate.conns[name].opened -= gate_module.UNTRUSTED_S + 1  # type: ignore[index]
    gate.sweep()
    assert (slow.aborted, fast.aborted, done.aborted) == (True, False, False)


def test_a_slow_request_is_closed_by_the_real_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate_module, "UNTRUSTED_S", 0.3)
    monkeypatch.setattr(gate_module, "SWEEP_S", 0.05)
    hub = serve_phones(phone_match(), WEB, IMAGES, "127.0.0.1", 0)
    _, _, port = served(hub)

    async def slow() -> tuple[bytes, bytes]:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /p/")  # and never the rest
        await writer.drain()
        try:
            slow_end = await asyncio.wait_for(reader.read(100), 10)
        except ConnectionResetError:  # the server aborts: a reset is as good as an end
            slow_end = b""
        # A request that comes at once is answered on a connection of its own.
        answer = await raw_request(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        writer.close()
        return slow_end, answer

    try:
        slow_end, answer = asyncio.run(asyncio.wait_for(slow(), 20))
    finally:
        hub.close()
    assert slow_end == b""  # closed by the server, unanswered
    assert b" 404 " in answer.split(b"\r\n")[0]


def test_log_lines_are_rate_limited(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    quiet = gate_module.Quiet(every=60.0)
    record = logging.LogRecord("x", logging.WARNING, "f", 1, "accept failed: %s", ("EMFILE",), None)
    assert [quiet.filter(record) for _ in range(1000)].count(True) == 1
    assert quiet.dropped == 999
    # The server loop's own errors (a full process refusing accept, over and over): one line.
    monkeypatch.setattr(gate_module.QUIET, "last", {})
    caplog.set_level(logging.WARNING, logger="scenes.phoneserver.server")
    loop = asyncio.new_event_loop()
    try:
        for _ in range(1000):
            context = {
                "message": "socket.accept() out of system resource",
                "exception": OSError(24, "Too many open files"),
            }
            gate_module.quiet_loop_errors(loop, context)
    finally:
        loop.close()
    lines = [r for r in caplog.records if r.name == "scenes.phoneserver.server"]
    assert len(lines) == 1
    assert "Too many open files" in lines[0].getMessage()
    assert lines[0].exc_info is None


# ----------------------------------------------------------------- 6. the command line


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        (["--autoplay", "--speed", "nan"], "--speed must be a number"),
        (["--autoplay", "--speed", "inf"], "--speed must be a number"),
        (["--autoplay", "--speed", "-1"], "--speed must be a number"),
        (["--phones", "1", "--host", ""], "--host must name an address"),
        (["--phones", "1", "--host", "  "], "--host must name an address"),
        (["--host", "127.0.0.1"], "give --phones or --continue too"),
        (["--port", "0"], "give --phones or --continue too"),
    ],
)
def test_the_command_line_refuses_in_words(
    argv: list[str], told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        program.parse(argv)
    assert stopped.value.code == 2
    assert told in capsys.readouterr().err


def test_the_packaged_program_names_itself_in_its_usage(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "argv", ["/opt/OneMoreCard/OneMoreCard"])
    with pytest.raises(SystemExit):
        program.parse(["--speed", "nan"])
    assert capsys.readouterr().err.startswith("usage: OneMoreCard ")
    monkeypatch.setattr(sys, "frozen", False)
    assert program.program_name() == "python -m scenes"
