"""The phones' server and protocol: addresses and tokens, one socket per seat, every kind of
message a phone may send (good, malformed, oversize, too many), and a rejoin.

The server's application runs in aiohttp's test client (127.0.0.1 only); the threaded server
the game runs is started once for real at the end.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

import scenes.phoneserver.server as server_module
from game.actions import Action, CallUno, Draw, Play, action_to_dict
from game.cards import DeckKind, deck
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.phones.protocol import (
    MAX_MESSAGE_BYTES,
    Arrival,
    BadIntent,
    Inbound,
    face_key,
    read_intent,
)
from game.rules import Rules
from scenes.phoneserver.serve import serve_phones
from scenes.phoneserver.server import REPLACED, Phones
from tests.helpers import Outlet, drain, settle

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[[web.Application], Awaitable[Client]]

TOKENS = {0: "a" * 22, 1: "b" * 22}
FILES = {"index.html": (b"<!doctype html><title>hand</title>", "text/html; charset=utf-8")}
IMAGES = {"R5": b"\x89PNG-red-five", "back": b"\x89PNG-back"}
CARDS = deck(DeckKind.CLASSIC)
# Pure game tests: no App is made, so none gets the scenes' builder.
pytestmark = pytest.mark.bare_app


def phones(rate: float = 10.0) -> Phones:
    return Phones(TOKENS, FILES, IMAGES, rate)


# ----------------------------------------------------------------- intents, without a network


def test_a_good_intent_is_read_for_its_seat() -> None:
    play = Play(0, CARDS[5])
    text = json.dumps({"type": "act", "action": action_to_dict(play)})
    assert read_intent(text, 0, CARDS) == play
    assert read_intent(
        json.dumps({"type": "act", "action": {"type": "uno", "player": 1}}), 1, CARDS
    )
    assert read_intent('{"type":"act","action":{"type":"draw","player":1}}', 1, CARDS) == Draw(1)


@pytest.mark.parametrize(
    ("raw", "told"),
    [
        ("not json", "could not be read"),
        ("[1, 2]", "not a move"),
        ('{"type": "hello"}', "not a move"),
        ('{"type": "act"}', "not a move"),
        ('{"type": "act", "action": {}, "extra": 1}', "not a move"),
        ('{"type": "act", "action": {"type": "draw", "player": 1}}', "your own moves"),
        ('{"type": "act", "action": {"type": "draw", "player": true}}', "your own moves"),
        ('{"type": "act", "action": {"type": "fly", "player": 0}}', "could not be read"),
        ('{"type": "act", "action": {"type": "play", "player": 0, "card": 999}}', "could not"),
        ('{"type": "act", "action": {"type": "color", "player": 0, "color": "pink"}}', "could"),
        ('{"type": "act", "action": {"type": "next-round", "player": 0}}', "at the table"),
        ('{"type": "act", "action": "draw"}', "could not be read"),
        ("x" * (MAX_MESSAGE_BYTES + 1), "too long"),
        (b"\xff\xfe", "could not be read"),
    ],
)
def test_a_bad_intent_is_refused_in_words(raw: str | bytes, told: str) -> None:
    with pytest.raises(BadIntent, match=told):
        read_intent(raw, 0, CARDS)


def test_face_keys_are_plain_names() -> None:
    keys = {face_key(card) for card in deck(DeckKind.HOUSE_RULES)}
    assert all(key.isalnum() for key in keys)
    assert {"R5", "Gplus2", "Wplus4", "W"} <= keys


# ----------------------------------------------------------------- the server's addresses


async def test_the_page_and_cards_need_a_valid_token(aiohttp_client: MakeClient) -> None:
    client = await aiohttp_client(phones().make_app())
    page = await client.get(f"/p/{TOKENS[0]}/")
    assert page.status == 200
    assert "hand" in await page.text()
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    card = await client.get(f"/p/{TOKENS[1]}/card/R5.png")
    assert card.status == 200
    assert await card.read() == IMAGES["R5"]
    for path in ("/p/wrong/", "/p/wrong/card/R5.png", "/p/wrong/web/index.html", "/p//"):
        refused = await client.get(path)
        assert refused.status in (403, 404), path
    refused = await client.get("/p/" + "c" * 22 + "/")
    assert refused.status == 403
    assert "not for a seat" in await refused.text()
    socket = await client.get("/p/wrong/ws")
    assert socket.status == 403


async def test_only_files_of_the_table_are_served(aiohttp_client: MakeClient) -> None:
    client = await aiohttp_client(phones().make_app())
    token = TOKENS[0]
    assert (await client.get(f"/p/{token}/web/index.html")).status == 200
    for name in ("nope.js", "..%2Fpyproject.toml", "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd"):
        assert (await client.get(f"/p/{token}/web/{name}")).status == 404, name
    assert (await client.get(f"/p/{token}/card/..%2Fsecret.png")).status == 404
    assert (await client.get(f"/p/{token}/../../pyproject.toml")).status == 404
    # Without the trailing slash the page's relative addresses would miss the token: redirect.
    moved = await client.get(f"/p/{token}", allow_redirects=False)
    assert moved.status == 302
    assert moved.headers["Location"] == f"/p/{token}/"


def test_web_files_are_read_from_the_folder_by_name(tmp_path: Path) -> None:
    from scenes.phoneserver.server import web_files

    (tmp_path / "index.html").write_text("<p>hi</p>")
    (tmp_path / "phone.js").write_text("1")
    (tmp_path / "notes.txt").write_text("not served")
    (tmp_path / "sub").mkdir()
    files = web_files(tmp_path)
    assert set(files) == {"index.html", "phone.js"}
    assert files["phone.js"][1].startswith("text/javascript")
    assert web_files(tmp_path / "missing") == {}


# ----------------------------------------------------------------- the sockets


async def test_join_send_and_leave(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[1]}/ws")
    assert [(i.seat, i.kind) for i in await settle(server.inbox, 1)] == [(1, Arrival.JOINED)]
    move = json.dumps({"type": "act", "action": {"type": "draw", "player": 1}})
    await ws.send_str(move)
    got = await settle(server.inbox, 1)
    assert got == [Inbound(1, Arrival.MESSAGE, move)]
    await server.deliver(1, json.dumps({"type": "state", "n": 1}), state=True)
    assert json.loads((await ws.receive(timeout=5)).data) == {"type": "state", "n": 1}
    await ws.close()
    assert [(i.seat, i.kind) for i in await settle(server.inbox, 1)] == [(1, Arrival.LEFT)]


async def test_a_second_connection_replaces_the_first(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    first = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    await settle(server.inbox, 1)
    second = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    told = await first.receive(timeout=5)
    assert json.loads(told.data) == {"type": "replaced", "text": REPLACED}
    closing = await first.receive(timeout=5)
    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    # The seat stays joined: the old socket's end is not a leave.
    arrivals = await settle(server.inbox, 1)
    assert [(i.seat, i.kind) for i in arrivals] == [(0, Arrival.JOINED)]
    assert server.sockets[0] is not None
    await second.send_str('{"type": "act", "action": {"type": "draw", "player": 0}}')
    assert (await settle(server.inbox, 1))[0].kind is Arrival.MESSAGE
    await second.close()


async def test_oversize_and_binary_messages_are_refused(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    await settle(server.inbox, 1)
    await ws.send_str("x" * (MAX_MESSAGE_BYTES + 10))
    told = json.loads((await ws.receive(timeout=5)).data)
    assert told == {"type": "refused", "text": "That message was too long to be a move."}
    await ws.send_bytes(b"\x00\x01")
    told = json.loads((await ws.receive(timeout=5)).data)
    assert told["type"] == "refused"
    assert drain(server.inbox) == []  # neither reached the game
    await ws.close()


class Clock:
    """The phones' server's clock, moved only by the test: no token of the rate comes back
    while the test floods, however slowly the machine sends."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


async def test_flooding_is_dropped_and_told_once(
    aiohttp_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    monkeypatch.setattr(server_module, "time", clock)
    server = phones(rate=5.0)
    client = await aiohttp_client(server.make_app())
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    await settle(server.inbox, 1)
    for n in range(50):
        await ws.send_str(json.dumps({"type": "act", "n": n}))
    told = json.loads((await ws.receive(timeout=5)).data)
    assert told == {"type": "refused", "text": "Too many messages at once: slow down."}
    # A second later one more passes; once it is in, the server has read (and answered) all
    # that came before it, in order.
    clock.now += 1.0
    await ws.send_str(json.dumps({"type": "act", "n": 50}))
    passed = await settle(server.inbox, 6)
    assert [json.loads(p.text or "")["n"] for p in passed] == [0, 1, 2, 3, 4, 50]
    assert server.counts.dropped == 45
    # Told once, not once per dropped message: the next thing the phone hears is the state.
    await server.deliver(0, json.dumps({"type": "state", "v": 1}), state=True)
    assert json.loads((await ws.receive(timeout=5)).data) == {"type": "state", "v": 1}
    await ws.close()


async def test_a_rejoin_gets_the_whole_current_state(aiohttp_client: MakeClient) -> None:
    server = phones()
    client = await aiohttp_client(server.make_app())
    await server.deliver(0, json.dumps({"type": "state", "v": 7}), state=True)
    await server.deliver(0, json.dumps({"type": "refused", "text": "old"}), state=False)
    ws = await client.ws_connect(f"/p/{TOKENS[0]}/ws")
    assert json.loads((await ws.receive(timeout=5)).data) == {"type": "state", "v": 7}
    await ws.close()


# ----------------------------------------------------------------- the real server on a thread


def test_the_threaded_server_serves_a_match_and_closes_the_phones() -> None:
    seats = (Seat("Maria", kind=SeatKind.PHONE), *(Seat(n) for n in ("Ana", "Bo")))
    match = Match(Rules(), seats, 3)
    web_dir = Path(__file__).resolve().parent.parent / "assets" / "web"
    hub = serve_phones(match, web_dir, IMAGES, "127.0.0.1", 0)
    try:
        url = hub.url(0)
        assert url.startswith("http://127.0.0.1:")
        assert match.away == frozenset({0})

        async def phone() -> tuple[dict[str, Any], dict[str, Any]]:
            async with aiohttp.ClientSession() as session, session.ws_connect(url + "ws") as ws:
                for _ in range(100):  # the game's thread takes the join in
                    hub.pump()
                    if hub.connected(0):
                        break
                    await asyncio.sleep(0.02)
                state = json.loads((await ws.receive(timeout=5)).data)
                # The table leaves (from another thread, as the game's would).
                await asyncio.to_thread(hub.close, "Bye now.")
                closed = json.loads((await ws.receive(timeout=5)).data)
                return state, closed

        state, closed = asyncio.run(asyncio.wait_for(phone(), 20))
    finally:
        hub.close()
    assert state["type"] == "state"
    assert state["name"] == "Maria"
    assert len(state["hand"]) == 7
    assert closed == {"type": "closed", "text": "Bye now."}
    assert match.away == frozenset()


def test_a_phone_move_reaches_the_match_and_a_refusal_comes_back() -> None:
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana"))
    # A seed whose first turn is the phone's.
    seed = next(n for n in range(100) if Match(Rules(), seats, n).game.actor == 0)
    match = Match(Rules(), seats, seed)

    outlet = Outlet()
    hub = PhoneHub(match, outlet, {0: "http://x/p/t/"})
    outlet.inbox.put(Inbound(0, Arrival.JOINED))
    hub.pump()
    assert hub.connected(0)
    other = json.dumps({"type": "act", "action": action_to_dict(CallUno(1))})
    outlet.inbox.put(Inbound(0, Arrival.MESSAGE, other))
    hub.pump()
    assert outlet.sent[-1] == (0, {"type": "refused", "text": "You can only make your own moves."})
    # A card the seat does not hold: the match refuses it, in words, and nothing changes.
    foreign = next(c for c in match.game.cards if c not in match.game.hands[0])
    before = match.game.state_digest()
    outlet.inbox.put(Inbound(0, Arrival.MESSAGE, act(Play(0, foreign))))
    hub.pump()
    assert outlet.sent[-1][1]["type"] == "refused"
    assert "not possible" in outlet.sent[-1][1]["text"]
    assert match.game.state_digest() == before
    # Its own legal move is applied, and every phone is sent the new state.
    move = match.legal_for(0)[0]
    outlet.inbox.put(Inbound(0, Arrival.MESSAGE, act(move)))
    hub.pump()
    assert match.game.actions[-1] == move
    assert outlet.sent[-1][1]["type"] == "state"


def act(action: Action) -> str:
    return json.dumps({"type": "act", "action": action_to_dict(action)})
