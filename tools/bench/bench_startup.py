"""Start-up time: from launching ``python -m scenes`` to its first drawn title screen.

    python -m tools.bench.bench_startup [--runs 10] [--driver dummy|x11]

Each run starts a fresh interpreter with ``--first-frame`` and times until it reports the
frame; a bare pygame-ce window (set_mode, fill, flip) is timed the same way for comparison.
Prints the median and the best of the runs in seconds. ``--program dist/OneMoreCard/OneMoreCard``
times a built program instead.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from tools.measure.common import stop_on_signals

BARE = (
    "import pygame; pygame.display.init(); s = pygame.display.set_mode((1920, 1080)); "
    "s.fill((0, 90, 0)); pygame.display.flip(); print('first frame', flush=True)"
)


def time_to_frame(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == "first frame":
                elapsed = time.perf_counter() - started
                break
        else:
            raise RuntimeError(f"{command} never drew a frame (exit {child.wait()})")
        child.wait()
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench.bench_startup", description=__doc__
    )
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--driver", default=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    parser.add_argument(
        "--program", default=None, help="a built program to time instead of python -m scenes"
    )
    args = parser.parse_args(argv)
    stop_on_signals()
    env = dict(
        os.environ,
        SDL_VIDEODRIVER=args.driver,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    game: list[float] = []
    bare: list[float] = []
    try:
        for run in range(args.runs):
            command = [args.program] if args.program else [sys.executable, "-m", "scenes"]
            game.append(time_to_frame([*command, "--first-frame"], env))
            bare.append(time_to_frame([sys.executable, "-c", BARE], env))
            print(f"run {run + 1}/{args.runs}", file=sys.stderr)
    except KeyboardInterrupt:
        print("stopped: figures so far", file=sys.stderr)
    if not game:
        return 1
    print(f"video driver {args.driver}, {len(game)} runs")
    what = args.program or "python -m scenes"
    median, best = statistics.median(game), min(game)
    print(f"game ({what}) title screen: median {median:.3f} s, best {best:.3f} s")
    print(f"bare pygame-ce   : median {statistics.median(bare):.3f} s, best {min(bare):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
