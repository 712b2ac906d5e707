"""The phones' protocol fuzzed (issue 37): over 10,000 random and mutated messages a run, from
every phone seat of real matches played through their rounds, in every phase the rules reach.

A seeded generator (the run is the same each time, and a failure names its message): valid
intents, stale ones, intents with keys, values and types changed, other seats' moves, and plain
garbage (cut JSON, deep nesting, lone surrogates, huge numbers and strings, bytes). Each message
is pumped on its own, as the game's thread would, and the hub must answer it (a refusal or a new
state) and never raise. A second, smaller run goes through the real server's socket.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from game.ai import Level
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound
from game.rules import PRESETS, Preset, Rules, Stacking
from scenes.phoneserver.server import Phones, web_files

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[[web.Application], Awaitable[Client]]

MESSAGES = 10_000
PHONES = (0, 2)
TYPES = ["play", "jump-in", "draw", "pass", "color", "uno", "catch", "challenge", "accept"]
TYPES += ["swap", "race", "rule", "effect", "effects-done", "next-round", "fly", ""]
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**30,
    -(10**30),
    1e308,
    "",
    "x" * 300,
    "\ud800",
    "é",
    [],
    [1, [2, [3]]],
    {},
    {"player": 0},
]
pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.slow,
]  # whole-game sweeps: in make test, not test-quick


def rules_for(n: int) -> Rules:
    kinds = [
        PRESETS[Preset.CLASSIC],
        replace(PRESETS[Preset.CLASSIC], seven_zero=True, jump_in=True),
        replace(PRESETS[Preset.CLASSIC], stacking=Stacking.CROSS, skip_bounce=True),
        PRESETS[Preset.UNO2023],
        PRESETS[Preset.HOUSE_RULES],
    ]
    return kinds[n % len(kinds)]


class Outlet:
    """The hub's outlet: counts what each seat was sent, keeps each seat's last state."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.answers: Counter[int] = Counter()
        self.last: dict[int, dict[str, Any]] = {}
        self.kinds: Counter[str] = Counter()

    def send(self, seat: int, message: dict[str, Any]) -> None:
        json.dumps(message)  # every answer can go on the wire
        self.answers[seat] += 1
        self.kinds[message["type"]] += 1
        if message["type"] == "state":
            self.last[seat] = message

    def stop(self, text: str = "") -> None:
        pass


def garbage(rng: random.Random, valid: str) -> str | bytes:
    """A message no phone's page sends."""
    choice = rng.randrange(12)
    if choice == 0:
        return valid[: rng.randrange(len(valid))]  # cut short
    if choice == 1:
        at = rng.randrange(len(valid))
        return (
            valid[:at] + chr(rng.choice([0, 0x22, 0x5C, 0x7B, 0x5B, 0xD800, 0xFFFF])) + valid[at:]
        )
    if choice == 2:
        return rng.choice("[{") * rng.randrange(5, 5000)  # deep nesting
    if choice == 3:
        return "9" * rng.randrange(300, 5000)  # a huge number
    if choice == 4:
        return json.dumps({"type": "act", "action": {"type": "draw", "player": "\ud800"}})
    if choice == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
    if choice == 6:
        return "é" * rng.randrange(1000, 3000)  # over the cap in bytes, not characters
    if choice == 7:
        return rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "null", "true", '""', "[]"])
    if choice == 8:
        return json.dumps(rng.choice(ODD_VALUES))
    if choice == 9:
        return json.dumps({"type": "act", "action": rng.choice(ODD_VALUES)})
    if choice == 10:
        return json.dumps({"type": rng.choice(["act", "ACT", "hello", 1]), "action": {}, "x": 1})
    return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(1, 80)))


def mutated(rng: random.Random, send: dict[str, Any], seat: int) -> str:
    """A valid intent with one thing changed: a value, a type, a key, the seat."""
    action = dict(send)
    choice = rng.randrange(5)
    if choice == 0 and action:
        action[rng.choice(sorted(action))] = rng.choice(ODD_VALUES)
    elif choice == 1 and action:
        del action[rng.choice(sorted(action))]
    elif choice == 2:
        action[rng.choice(["card", "target", "color", "number", "rule", "effect", "zz"])] = (
            rng.choice([*ODD_VALUES, 5, 50, 107, "red", "blue", "skip"])
        )
    elif choice == 3:
        action["type"] = rng.choice(TYPES)
    else:
        action["player"] = rng.choice([s for s in range(4) if s != seat])
    return json.dumps({"type": "act", "action": action})


def options(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [c["send"] for c in state["hand"] if c["legal"]] + [b["send"] for b in state["buttons"]]


def message_for(rng: random.Random, outlet: Outlet, seat: int, stale: list[str]) -> str | bytes:
    choices = options(outlet.last[seat])
    roll = rng.random()
    if choices and roll < 0.25:
        text = json.dumps({"type": "act", "action": rng.choice(choices)})
        stale.append(text)
        del stale[:-50]
        return text
    if stale and roll < 0.35:
        return rng.choice(stale)
    if choices and roll < 0.7:
        return mutated(rng, rng.choice(choices), seat)
    valid = json.dumps({"type": "act", "action": {"type": "draw", "player": seat}})
    return garbage(rng, valid)


def fuzz_match(number: int, rng: random.Random, budget: int, phases: Counter[str]) -> int:
    """One match with two phone seats, fuzzed until it ends or ``budget`` messages went."""
    names = ("Maria", "Ana", "Bo", "Chloe")
    seats = tuple(
        Seat(n, kind=SeatKind.PHONE) if i in PHONES else Seat(n, Level.NORMAL)
        for i, n in enumerate(names)
    )
    match = Match(rules_for(number), seats, 1000 + number, pace=0.0, max_rounds=3)
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {s: f"http://test/p/{s}/" for s in PHONES})
    for seat in PHONES:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED))
    hub.pump()
    sent, clock = 0, 0.0
    stale: list[str] = []
    while sent < budget and not match.finished:
        over = match.is_round_over  # the phones are fuzzed on the scores' screen too
        for seat in PHONES:
            phases[match.game.view(seat).phase] += 1
            text = message_for(rng, outlet, seat, stale)
            before = outlet.answers[seat]
            outlet.inbox.put(Inbound(seat, Arrival.MESSAGE, text))  # type: ignore[arg-type]
            hub.pump()  # raises nothing, or the test fails here with the message
            assert outlet.answers[seat] > before, f"no answer to {text!r:.200}"
            sent += 1
        if rng.random() < 0.01:  # a phone's Wi-Fi drops and comes back
            seat = rng.choice(PHONES)
            outlet.inbox.put(Inbound(seat, Arrival.LEFT))
            outlet.inbox.put(Inbound(seat, Arrival.JOINED))
            hub.pump()
        clock += 1.0
        if over:
            match.next_round()  # as the table deals the next round (or ends the match)
        else:
            match.tick(clock)
    return sent


def test_ten_thousand_fuzzed_messages_in_every_phase_are_all_answered() -> None:
    rng = random.Random(37)
    phases: Counter[str] = Counter()
    sent = number = 0
    while sent < MESSAGES and number < 200:
        sent += fuzz_match(number, rng, MESSAGES - sent, phases)
        number += 1
    assert sent >= MESSAGES
    # The phases a phone seat can be asked something in, all met along the way.
    asked = {"play", "drawn", "color", "penalty", "skip", "swap", "race", "make-rule"}
    assert asked | {"round-over"} <= set(phases), phases


async def test_fuzzed_frames_through_the_real_socket_are_all_answered(
    aiohttp_client: MakeClient,
) -> None:
    """The server's half: every frame, whatever it holds, reaches the game or is refused, and
    the socket stays open (a phone rate well above the fuzz's pace)."""
    tokens = {0: "abcd-efgh-jkmn-pqrs-tvwx-yz01-23"}
    web_dir = Path(__file__).resolve().parent.parent / "assets" / "web"
    server = Phones(tokens, web_files(web_dir), {}, rate=1e9)
    client = await aiohttp_client(server.make_app())
    rng = random.Random(7)
    ws = await client.ws_connect(f"/p/{tokens[0]}/ws")
    passed = refused = 0
    for _ in range(400):
        raw = garbage(rng, '{"type":"act","action":{"type":"draw","player":0}}')
        if isinstance(raw, bytes):
            await ws.send_bytes(raw)
        else:
            try:
                raw.encode("utf-8")
            except UnicodeEncodeError:
                continue  # a lone surrogate cannot be sent as WebSocket text at all
            await ws.send_str(raw)
        got = None
        for _ in range(200):
            with contextlib.suppress(queue.Empty):
                got = server.inbox.get_nowait()
            if got is not None and got.kind is Arrival.MESSAGE:
                passed += 1
                break
            try:
                reply = await ws.receive(timeout=0.01)
            except TimeoutError:
                continue
            assert reply.type is aiohttp.WSMsgType.TEXT
            assert json.loads(reply.data)["type"] == "refused"
            refused += 1
            break
        else:
            pytest.fail(f"no answer to {raw!r:.200}")
    assert not ws.closed
    assert passed > 0 and refused > 0
    await ws.close()
