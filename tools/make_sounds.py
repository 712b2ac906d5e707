"""Generates the game's sound effects into ``assets/sounds/`` (standard library only).

    python -m tools.make_sounds [--out assets/sounds]

Each effect is synthesised from noise bursts, clicks and sine tones with smooth envelopes,
from a fixed seed, so the same bytes come out on every run: card snap, deal, shuffle, draw, UNO
call, win fanfare, UI click, refusal buzz, penalty and turn tick. 44.1 kHz, 16-bit, mono.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44_100
PEAK = 0.7  # about -3 dBFS


def _blank(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _env(i: int, n: int, attack: float = 0.005, release: float = 0.05) -> float:
    """A linear attack and an exponential-ish release, so no effect starts or ends in a click."""
    t = i / RATE
    total = n / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    r = min(1.0, (total - t) / release) if release > 0 else 1.0
    return a * max(0.0, r)


def _noise_burst(
    out: list[float],
    start: float,
    length: float,
    rng: random.Random,
    level: float,
    smooth: float,
    decay: float,
) -> None:
    """Low-passed noise with an exponential decay: the body of a card sound."""
    first = int(start * RATE)
    n = int(length * RATE)
    last = 0.0
    for i in range(n):
        if first + i >= len(out):
            break
        last += (rng.uniform(-1, 1) - last) * smooth
        out[first + i] += last * level * math.exp(-decay * i / RATE) * _env(i, n, 0.002, 0.01)


def _tone(
    out: list[float],
    start: float,
    length: float,
    freq: float,
    level: float,
    decay: float = 3.0,
    harmonics: tuple[float, ...] = (1.0, 0.3, 0.1),
) -> None:
    first = int(start * RATE)
    n = int(length * RATE)
    for i in range(n):
        if first + i >= len(out):
            break
        t = i / RATE
        value = sum(h * math.sin(2 * math.pi * freq * (k + 1) * t) for k, h in enumerate(harmonics))
        out[first + i] += value * level * math.exp(-decay * t) * _env(i, n, 0.004, 0.04)


def snap(rng: random.Random) -> list[float]:
    out = _blank(0.14)
    _noise_burst(out, 0.0, 0.12, rng, 1.0, 0.5, 45)
    _tone(out, 0.0, 0.08, 110, 0.5, 40, (1.0,))
    return out


def deal(rng: random.Random) -> list[float]:
    out = _blank(0.09)
    _noise_burst(out, 0.0, 0.085, rng, 0.6, 0.25, 30)
    return out


def shuffle(rng: random.Random) -> list[float]:
    out = _blank(0.75)
    t = 0.0
    while t < 0.68:
        _noise_burst(out, t, 0.012, rng, rng.uniform(0.25, 0.5), 0.6, 200)
        t += rng.uniform(0.008, 0.02)
    return out


def draw(rng: random.Random) -> list[float]:
    out = _blank(0.16)
    _noise_burst(out, 0.0, 0.15, rng, 0.7, 0.12, 18)
    return out


def uno(rng: random.Random) -> list[float]:
    out = _blank(0.45)
    _tone(out, 0.0, 0.2, 784, 0.45, 6)
    _tone(out, 0.12, 0.33, 1047, 0.5, 5)
    return out


def win(rng: random.Random) -> list[float]:
    out = _blank(1.25)
    for k, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        _tone(out, k * 0.13, 1.1 - k * 0.13, freq, 0.3, 2.2)
    return out


def click(rng: random.Random) -> list[float]:
    out = _blank(0.04)
    _tone(out, 0.0, 0.035, 1800, 0.35, 90, (1.0,))
    return out


def error(rng: random.Random) -> list[float]:
    out = _blank(0.22)
    _tone(out, 0.0, 0.2, 130, 0.35, 6, (1.0, 0.5, 0.33, 0.25))
    return out


def penalty(rng: random.Random) -> list[float]:
    out = _blank(0.42)
    _tone(out, 0.0, 0.2, 494, 0.4, 6)
    _tone(out, 0.16, 0.26, 370, 0.4, 6)
    return out


def turn(rng: random.Random) -> list[float]:
    out = _blank(0.12)
    _tone(out, 0.0, 0.11, 1319, 0.25, 30, (1.0, 0.2))
    return out


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "snap": snap,
    "deal": deal,
    "shuffle": shuffle,
    "draw": draw,
    "uno": uno,
    "win": win,
    "click": click,
    "error": error,
    "penalty": penalty,
    "turn": turn,
}


def write(path: Path, samples: list[float]) -> None:
    loudest = max((abs(s) for s in samples), default=0.0) or 1.0
    scale = PEAK / loudest * 32767
    frames = b"".join(struct.pack("<h", round(s * scale)) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def generate(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, (name, make) in enumerate(EFFECTS.items()):
        path = folder / f"{name}.wav"
        write(path, make(random.Random(1000 + index)))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_sounds", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("assets/sounds"))
    args = parser.parse_args(argv)
    paths = generate(args.out)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} sounds to {args.out} ({size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
