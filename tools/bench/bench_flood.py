"""The table's frame time while a phone's link floods the server, in milliseconds.

    python -m tools.bench.bench_flood [--frames 100000] [--players 4] [--seed 1]

Runs the real table scene headless (dummy video driver, animation speed 1, autoplay so rounds
follow each other) with seat 0 a phone seat served on 127.0.0.1, and starts a flooding client
in a process of its own that holds seat 0's link and sends ``--frames`` WebSocket frames as
fast as it can, text and binary in turn, connecting again whenever the server closes it (at
the lowest priority: a real flooder is another device, not a process on the game's cores). The
game's thread times whole frames (update and draw, no flip) paced at 60 Hz, first for a few
seconds without the flood (the baseline), then until the flood is over. Seat 0's own moves are
put into the server's inbox by this tool, as its rightful phone would send them, so the table
keeps playing. Prints p50/p95/p99/max frame times for both, what the server counted (frames
read, dropped over the rate, refused, sockets closed for flooding), and the flooder's figures.

    python -m tools.bench.bench_flood --flooder URL --frames N

is the flooding client alone (the benchmark starts it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import aiohttp
import pygame

try:
    import resource  # Unix only: the involuntary context switches of a frame
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

from game.actions import NextRound, action_to_dict
from game.ai import Level
from game.match import AI_NAMES, MatchSetup, Seat, SeatKind
from game.phones.protocol import Arrival, Inbound, is_turn
from game.rules import PRESETS, Preset
from scenes.app import App
from scenes.phoneserver.server import PhoneServer
from scenes.routes import Network
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from tools.measure.common import percentile, stop_on_signals

FRAME_S = 1 / 60
BASELINE_S = 20.0
FLOOD_LIMIT_S = 180.0
TEXT = '{"type":"act","action":{"type":"draw","player":0}}'


async def flood(url: str, frames: int) -> dict[str, float]:
    """Send ``frames`` frames to the seat's socket as fast as possible (bounded in time)."""
    sent = connections = failures = 0
    origin = url.split("/p/", maxsplit=1)[0]
    started = time.perf_counter()
    ends = started + FLOOD_LIMIT_S
    async with aiohttp.ClientSession() as session:
        while sent < frames and time.perf_counter() < ends:
            try:
                async with session.ws_connect(url + "ws", headers={"Origin": origin}) as ws:
                    connections += 1
                    reader = asyncio.create_task(_drain(ws))  # notices the server's close
                    while sent < frames and not ws.closed and not reader.done():
                        if sent % 2:
                            await ws.send_bytes(b"\x00" * 16)
                        else:
                            await ws.send_str(TEXT)
                        sent += 1
                        if sent % 64 == 0:
                            await asyncio.sleep(0)
                    reader.cancel()
            except (aiohttp.ClientError, ConnectionError, RuntimeError):
                failures += 1  # refused (too many joins) or cut off: try again at once
                await asyncio.sleep(0.01)
    seconds = time.perf_counter() - started
    return {
        "sent": sent,
        "connections": connections,
        "failures": failures,
        "seconds": round(seconds, 1),
    }


async def _drain(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Read what the server says until it closes (the refusals are not counted here)."""
    for _ in range(1_000_000):
        message = await ws.receive()
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            return


def table(players: int, seed: int) -> tuple[App, TableScene]:
    app = App(Settings(animation_speed=1.0, ai_pace=1.0), headless=True)
    seats = (
        Seat("Phone", kind=SeatKind.PHONE),
        *(Seat(AI_NAMES[i], Level.NORMAL) for i in range(1, players)),
    )
    setup = MatchSetup(PRESETS[Preset.CLASSIC], seats, seed)
    scene = TableScene(
        app,
        setup,
        sounds=app.media.sounds,
        art=app.media.art,
        autoplay=True,
        network=Network("127.0.0.1", 0),
    )
    app.push(scene)
    app._apply_ops()
    return app, scene


def frames_until(
    app: App, scene: TableScene, done: object, rng: random.Random
) -> list[tuple[float, float, int]]:
    """Whole frames, paced at 60 Hz, until ``done()`` (a callable) says so: each frame's wall
    time and the game thread's CPU time in it (a frame slow on the wall but not in CPU time
    waited for a core or for the interpreter lock)."""
    hub = scene.phones
    assert hub is not None and callable(done)
    inbox = hub.outlet.inbox
    times: list[tuple[float, float, int]] = []
    while not done() and len(times) < 60 * FLOOD_LIMIT_S:
        match = scene.match
        view = match.game.view(0)
        if is_turn(view) and match.legal_for(0) and rng.random() < 0.2:
            # Seat 0's rightful phone plays (through the inbox, as its socket's moves come).
            move = rng.choice([a for a in match.legal_for(0) if not isinstance(a, NextRound)])
            text = json.dumps({"type": "act", "action": action_to_dict(move)})
            inbox.put(Inbound(0, Arrival.MESSAGE, text))
        cpu, switches = time.thread_time(), _switches()
        started = time.perf_counter()
        app.step(FRAME_S, [])
        wall = time.perf_counter() - started
        times.append((wall, time.thread_time() - cpu, _switches() - switches))
        time.sleep(max(0.0, FRAME_S - (time.perf_counter() - started)))
    return times


class Use:
    """The process's CPU time outside the game's thread over a stretch of frames."""

    def __init__(self) -> None:
        self.process = time.process_time()
        self.wall = time.perf_counter()
        self.text = "not measured"

    def stop(self, frames: list[tuple[float, float, int]]) -> None:
        game = sum(cpu for _, cpu, _ in frames)
        others = time.process_time() - self.process - game
        seconds = time.perf_counter() - self.wall
        self.text = f"{others / seconds * 100:.1f}% of a core over {seconds:.1f} s"

    def __str__(self) -> str:
        return self.text


def _switches() -> int:
    """The game thread's involuntary context switches so far (Linux; else 0)."""
    who = getattr(resource, "RUSAGE_THREAD", None) if resource is not None else None
    return int(resource.getrusage(who).ru_nivcsw) if who is not None else 0


def report(name: str, frames: list[float]) -> str:
    if not frames:
        return f"{name:>10}: no frames"
    ms = [f * 1000 for f in frames]
    return (
        f"{name:>10}: {len(ms):5d} frames  p50 {statistics.median(ms):5.2f} ms  "
        f"p95 {percentile(ms, 95):5.2f} ms  p99 {percentile(ms, 99):5.2f} ms  max {max(ms):6.2f} ms"
    )


def bench(frames: int, players: int, seed: int) -> int:
    pygame.init()
    app, scene = table(players, seed)
    hub = scene.phones
    if hub is None:
        print("the phones' server did not open", file=sys.stderr)
        return 1
    rng = random.Random(seed)
    hub.outlet.inbox.put(Inbound(0, Arrival.JOINED))  # seat 0's phone is at the table
    ends = time.perf_counter() + BASELINE_S
    calm_use = Use()
    calm = frames_until(app, scene, lambda: time.perf_counter() > ends, rng)
    calm_use.stop(calm)
    calm = calm[60:]  # the first second builds the felt and the card caches
    command = [sys.executable, "-m", "tools.bench.bench_flood", "--flooder", hub.url(0)]
    quiet = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    flooder = subprocess.Popen(
        [*command, "--frames", str(frames)], stdout=subprocess.PIPE, text=True, env=quiet
    )
    try:
        flood_use = Use()
        flooded = frames_until(app, scene, lambda: flooder.poll() is not None, rng)
        flood_use.stop(flooded)
        out, _ = flooder.communicate(timeout=30)
    finally:
        if flooder.poll() is None:
            flooder.kill()
    outlet = hub.outlet
    counts = outlet.phones.counts if isinstance(outlet, PhoneServer) else None
    hub.close()
    print(f"table at 1920x1080, {players} players (seat 0 a phone), whole frame (no flip)")
    print(f"CPU of the game's other threads (the phones' server...): calm {calm_use}, ")
    print(f"  flooded {flood_use}")
    for name, frames_of in (("calm", calm), ("flooded", flooded)):
        print(report(name, [wall for wall, _, _ in frames_of]))
        print(report("its CPU", [cpu for _, cpu, _ in frames_of]))
        kept = [wall for wall, _, preempted in frames_of if preempted == 0]
        print(report("unpreempted", kept) + " (frames the system left the core to)")
    print(f"flooder: {out.strip()}")
    if counts is not None:
        print(
            f"server: frames read {counts.frames}, dropped over the rate {counts.dropped}, "
            f"refused {counts.refused}, sockets closed for flooding {counts.closed}"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.bench_flood", description=__doc__)
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flooder", default=None, help="be the flooding client of this URL")
    args = parser.parse_args(argv)
    if args.flooder is not None:
        # A flooder is another device on the network: here it shares this computer's cores, so
        # it runs at the lowest priority not to take them from the game as no phone could.
        if hasattr(os, "nice"):
            os.nice(19)
        print(json.dumps(asyncio.run(flood(args.flooder, args.frames))), flush=True)
        return 0
    stop_on_signals()
    return bench(args.frames, args.players, args.seed)


if __name__ == "__main__":
    sys.exit(main())
