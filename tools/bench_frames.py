"""Frame-drawing time of the table during its busiest animations, in milliseconds.

    python -m tools.bench_frames [--players 10] [--repeat 3]
    python -m tools.bench_frames --expert [--repeat 3]

Runs the real table scene headless (dummy video driver, logical 1920x1080) at animation speed 1
and times drawing each frame, excluding the display flip, during the deal of a new round and
during a Wild Shuffle Hands (every hand gathered and dealt out again). Prints frame counts and
the 50th, 95th and 99th percentiles and the maximum. Ctrl-C stops and prints what was measured.

``--expert`` plays a round between two Expert AIs (their search runs in a worker process) and
times whole frames (update and draw, no flip) paced at 60 Hz, after the card faces the game's
first screens draw ahead (``draw_ahead``); as in ``App.run``, each frame's spare time goes to
the table's idle work (faces and ring images made ahead), outside the timed frame, and it
prints how many frames that work made late. It also prints the frame loop thread's CPU time
per frame and the slowest frames with their CPU time and involuntary context switches: a
frame slow on the wall but not in CPU time waited for a core (or the interpreter lock)
instead of working. Both modes end with the game process's peak memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass

try:
    import resource  # Unix only: the involuntary context switches of a frame
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ai import Level
from game.events import HandsShuffled
from game.match import ai_table
from game.rules import PRESETS, Preset
from scenes.app import IDLE_PIECE_S, App
from scenes.art import draw_ahead
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from tools.measure.common import percentile, stop_on_signals

FRAME_S = 1 / 60
LATE_S = 0.002  # a next frame later than this past its 1/60 s counts as late


def draw_while_busy(app: App, table: TableScene, frames: list[float]) -> None:
    """Advance the table a frame at a time and time each draw until the animation ends."""
    for _ in range(60 * 30):
        table.presenter.update(FRAME_S)
        started = time.perf_counter()
        app.draw()
        frames.append(time.perf_counter() - started)
        if not table.presenter.busy:
            return


def measure(players: int, seed: int) -> tuple[list[float], list[float]]:
    app = App(Settings(animation_speed=1.0, ai_pace=1.0), headless=True)
    sounds, art = app.media.sounds, app.media.art
    setup = ai_table(players, Level.NORMAL, seed, PRESETS[Preset.UNO2023])
    table = TableScene(app, setup, sounds=sounds, art=art)
    app.push(table)
    app._apply_ops()
    deal: list[float] = []
    draw_while_busy(app, table, deal)
    # A Wild Shuffle Hands as the presenter plays it: all hands gathered and dealt out again.
    cards = [card for hand in table.game.hands for card in hand]
    deals = tuple((i % players, card) for i, card in enumerate(cards))
    table.presenter.push([HandsShuffled(0, deals)], "Wild Shuffle Hands")
    shuffle: list[float] = []
    draw_while_busy(app, table, shuffle)
    return deal, shuffle


@dataclass(frozen=True)
class Frame:
    """One whole frame: its wall time, the frame loop thread's CPU time in it, and how often
    the system took the core from that thread during it (involuntary context switches; -1
    where the system does not count them). A frame slow on the wall but not in CPU time
    waited: for the core or for the interpreter lock."""

    wall: float
    cpu: float
    preempted: int
    late: float = 0.0  # how long after its 1/60 s the next frame could start (spare-time work)


def _switches() -> int:
    """The frame loop thread's involuntary context switches so far (Linux), else -1."""
    who = getattr(resource, "RUSAGE_THREAD", None) if resource is not None else None
    if who is None or resource is None:
        return -1
    return int(resource.getrusage(who).ru_nivcsw)


def measure_expert(seed: int) -> list[Frame]:
    """Whole frames (update and draw) of a two-player Expert table, one round, paced at 60 Hz."""
    app = App(Settings(animation_speed=1.0, ai_pace=0.0), headless=True)
    sounds, art = app.media.sounds, app.media.art
    for _ in draw_ahead(art):  # as the title and setup screens' spare time does in the game
        pass
    table = TableScene(app, ai_table(2, Level.EXPERT, seed, rounds=1), sounds=sounds, art=art)
    app.push(table)
    frames: list[Frame] = []
    with app.paced_collection():  # as App.run collects garbage
        _play_expert_round(app, table, frames)
    return frames[10:]  # the first frames build the felt and the card caches


def _play_expert_round(app: App, table: TableScene, frames: list[Frame]) -> None:
    """Step the table to the round's end, timing each frame into ``frames``."""
    while not table.finished and len(frames) < 60 * 120:
        switches = _switches()
        cpu = time.thread_time()
        started = time.perf_counter()
        app.step(FRAME_S, [])
        wall = time.perf_counter() - started
        cpu = time.thread_time() - cpu
        preempted = _switches() - switches if switches >= 0 else -1
        app.idle(started + FRAME_S - IDLE_PIECE_S)  # as App.run does with a frame's spare time
        late = max(0.0, time.perf_counter() - started - FRAME_S)
        frames.append(Frame(wall, cpu, preempted, late))
        time.sleep(max(0.0, FRAME_S - (time.perf_counter() - started)))


def peak_memory() -> str:
    """The game process's peak resident memory so far (Unix; the worker's is its own)."""
    usage = getattr(resource, "getrusage", None)  # resource is None off Unix
    if usage is None:
        return "peak memory: not measured on this system"
    peak = usage(resource.RUSAGE_SELF).ru_maxrss
    mb = peak / 1024 if sys.platform != "darwin" else peak / 2**20  # KiB on Linux, bytes on macOS
    return f"peak memory of the game's process: {mb:.0f} MiB"


def slowest(frames: list[Frame], n: int = 5) -> str:
    """The ``n`` slowest frames on the wall, each with its CPU time and preemptions."""
    worst = sorted(frames, key=lambda f: f.wall, reverse=True)[:n]
    return "  ".join(
        f"{f.wall * 1000:.2f}/{f.cpu * 1000:.2f} ms"
        + (f" ({f.preempted} preempted)" if f.preempted > 0 else "")
        for f in worst
    )


def report(name: str, frames: list[float]) -> str:
    if not frames:
        return f"{name:>14}: no frames"
    ms = [f * 1000 for f in frames]
    return (
        f"{name:>14}: {len(ms):4d} frames  p50 {statistics.median(ms):5.2f} ms  "
        f"p95 {percentile(ms, 95):5.2f} ms  p99 {percentile(ms, 99):5.2f} ms  "
        f"max {max(ms):5.2f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_frames", description=__doc__)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3, help="rounds dealt (different seeds)")
    parser.add_argument(
        "--expert", action="store_true", help="instead: whole frames while Expert AIs think"
    )
    args = parser.parse_args(argv)
    stop_on_signals()
    pygame.init()
    if args.expert:
        frames: list[Frame] = []
        try:
            for seed in range(1, args.repeat + 1):
                frames += measure_expert(seed)
                print(f"run {seed}/{args.repeat} done", file=sys.stderr)
        except KeyboardInterrupt:
            print("stopped: figures so far", file=sys.stderr)
        print("two Expert AIs, whole frame (update and draw, no flip) while they think")
        print(report("expert table", [f.wall for f in frames]))
        print(report("its CPU time", [f.cpu for f in frames]))
        print(f"slowest (wall/CPU): {slowest(frames)}")
        late = [f.late * 1000 for f in frames if f.late > LATE_S]
        print(
            f"frames whose next one started over {LATE_S * 1000:.0f} ms late (spare-time work): "
            f"{len(late)}" + (f", the latest by {max(late):.2f} ms" if late else "")
        )
        print(peak_memory())
        return 0
    deal: list[float] = []
    shuffle: list[float] = []
    try:
        for seed in range(1, args.repeat + 1):
            d, s = measure(args.players, seed)
            deal += d
            shuffle += s
            print(f"run {seed}/{args.repeat} done", file=sys.stderr)
    except KeyboardInterrupt:
        print("stopped: figures so far", file=sys.stderr)
    print(f"table at 1920x1080, {args.players} players, draw time per frame (no flip)")
    print(report("deal", deal))
    print(report("shuffle hands", shuffle))
    print(report("both", deal + shuffle))
    print(peak_memory())
    return 0


if __name__ == "__main__":
    sys.exit(main())
