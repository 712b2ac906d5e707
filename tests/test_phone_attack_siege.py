"""A siege of slow connections (issue 37, item 3): 1,500 never-finished requests against a game
whose process may open 1,024 files, and a phone still joins and plays, and the autosave writes.

Three processes, so the test's own is untouched: the game (this file run as ``serve``: the
phones' server on its thread, its open-file limit set to 1,024, the game's thread pumping the
phones' moves and saving on demand), the besieger (this file run as ``siege``: it raises its
own limit to open its 1,500 connections and trickles a byte into each every second), and the
phone (this test, with aiohttp). All on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import aiohttp
import pytest

from game.ai import Level
from game.match import Match, MatchSetup, Seat, SeatKind
from game.rules import Rules
from scenes.phoneserver.serve import serve_phones
from scenes.store.saves import save_match

try:
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
FILE_LIMIT = 1024
SLOW = 1500
# What the phone may take to join and play, however many connections besiege the server.
PHONE_S = 2.0
LIFETIME_S = 120.0
pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.skipif(
        resource is None or not Path("/proc/self/fd").is_dir(), reason="Linux's file limits"
    ),
]


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def serve(folder: Path) -> None:
    """The game's process: phones' server for seat 0, a Normal AI at seat 1, a frame loop."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, hard))
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana", Level.NORMAL))
    seed = next(n for n in range(100) if Match(Rules(), seats, n).game.actor == 0)
    setup = MatchSetup(Rules(), seats, seed)
    match = Match(Rules(), seats, seed, pace=0.0)
    hub = serve_phones(match, ROOT / "assets" / "web", {"back": b"\x89PNG"}, "127.0.0.1", 0)
    print(json.dumps({"url": hub.url(0)}), flush=True)
    asked: queue.Queue[str] = queue.Queue()
    threading.Thread(target=commands, args=(asked,), daemon=True).start()
    ends = time.monotonic() + LIFETIME_S
    while time.monotonic() < ends:
        hub.pump()  # the game's thread, as the table's frame does it
        try:
            command = asked.get(timeout=0.01)
        except queue.Empty:
            continue
        if command == "quit":
            break
        answer: dict[str, Any] = {"files": open_files(), "actions": len(match.game.actions)}
        if command == "save":
            try:
                save_match(setup, match.game, folder)
                answer["saved"] = (folder / "save.json").is_file() or any(folder.iterdir())
            except OSError as error:
                answer["saved"] = False
                answer["error"] = str(error)
        print(json.dumps(answer), flush=True)
    hub.close()


def commands(asked: queue.Queue[str]) -> None:
    for line in sys.stdin:
        asked.put(line.strip())


def wait_for_end(stop: threading.Event) -> None:
    sys.stdin.read()
    stop.set()


def siege(port: int, count: int) -> None:
    """The besieger: ``count`` connections that start a request and never finish it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, wanted), hard))
    held: list[socket.socket] = []
    failed = 0
    ends = time.monotonic() + 30.0
    for _ in range(count):
        if time.monotonic() > ends:
            break
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=1.0)
            sock.sendall(b"GET /p/")
            held.append(sock)
        except OSError:
            failed += 1
    print(json.dumps({"opened": len(held), "failed": failed}), flush=True)
    # A byte a second into each, as a slow client does, until told to stop (or 60 s).
    stop = threading.Event()
    threading.Thread(target=wait_for_end, args=(stop,), daemon=True).start()
    for _ in range(60):
        if stop.wait(1.0):
            break
        for sock in held:
            with contextlib.suppress(OSError):
                sock.send(b"x")
    for sock in held:
        sock.close()


def ask(process: subprocess.Popen[str], command: str) -> dict[str, Any]:
    assert process.stdin is not None
    process.stdin.write(command + "\n")
    process.stdin.flush()
    return read_json(process.stdout)


def read_json(stream: IO[str] | None) -> dict[str, Any]:
    assert stream is not None
    line = stream.readline()
    assert line, "the process ended early"
    return dict(json.loads(line))


async def phone_plays(url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Open the page, join, make the first legal move; the state before and after it."""
    timeout = aiohttp.ClientTimeout(total=PHONE_S)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        async with session.get(url) as page:
            assert page.status == 200
            await page.read()
        async with session.ws_connect(url + "ws") as ws:
            first = json.loads((await ws.receive()).data)
            while not first.get("turn"):
                first = json.loads((await ws.receive()).data)
            move = [c["send"] for c in first["hand"] if c["legal"]] + [
                b["send"] for b in first["buttons"]
            ]
            await ws.send_str(json.dumps({"type": "act", "action": move[0]}))
            after = json.loads((await ws.receive()).data)
            return first, after


@pytest.mark.subprocess
def test_a_phone_joins_and_plays_through_1500_slow_connections(tmp_path: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, __file__]
    game = subprocess.Popen(
        [*command, "serve", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=environment,
    )
    besieger: subprocess.Popen[str] | None = None
    try:
        url = read_json(game.stdout)["url"]
        port = int(url.split(":")[2].split("/")[0])
        besieger = subprocess.Popen(
            [*command, "siege", str(port), str(SLOW)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=environment,
        )
        opened = read_json(besieger.stdout)
        assert opened["opened"] + opened["failed"] == SLOW
        assert opened["opened"] >= SLOW // 2  # the system took them in; the gate did the rest
        during = ask(game, "status")
        # The phone joins and plays, in time, while the slow connections are still held open.
        first, after = asyncio.run(asyncio.wait_for(phone_plays(url), PHONE_S))
        saved = ask(game, "save")
    finally:
        if besieger is not None:
            besieger.communicate("", timeout=70)
        game.communicate("quit\n", timeout=30)
    assert first["turn"] and after["type"] == "state"
    assert saved["actions"] >= 1  # the phone's move reached the match on the game's thread
    assert saved["saved"], saved.get("error")
    # The game's process stayed far from its limit whatever arrived.
    assert during["files"] < FILE_LIMIT - 128, during


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(Path(sys.argv[2]))
    else:
        siege(int(sys.argv[2]), int(sys.argv[3]))
