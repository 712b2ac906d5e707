"""Generates the game's sound effects into ``assets/sounds/`` (standard library only).

    python -m tools.make.make_sounds [--out assets/sounds]

Each effect is synthesised from filtered noise, clicks and sine partials under smooth
envelopes: card snap, deal, shuffle, draw, the UNO call, the win fanfare, a UI click, the
refusal buzz, the penalty and the turn tick. Every effect has its own fixed seed (from its
name), so each run writes the same bytes. 44.1 kHz, 16-bit, mono WAV.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

RATE = 44_100
FADE_S = 0.002  # every effect starts and ends on a short fade, so none starts with a click

Signal = list[float]


def _silence(seconds: float) -> Signal:
    return [0.0] * round(RATE * seconds)


def _lowpass_coefficient(cutoff_hz: float) -> float:
    """The one-pole low-pass step for a cutoff frequency."""
    return 1 - math.exp(-2 * math.pi * cutoff_hz / RATE)


def _envelope(t: float, length: float, attack: float, decay: float, release: float) -> float:
    """Linear attack, exponential decay (per second), linear release to silence at ``length``."""
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    fall = min(1.0, max(0.0, (length - t) / release)) if release > 0 else 1.0
    return rise * fall * math.exp(-decay * t)


def _noise(
    out: Signal,
    rng: random.Random,
    start: float,
    length: float,
    level: float,
    cutoff: tuple[float, float],
    highpass: float = 0.0,
    attack: float = 0.002,
    decay: float = 0.0,
    release: float = 0.01,
) -> None:
    """Adds low-passed noise whose cutoff glides from ``cutoff[0]`` to ``cutoff[1]`` Hz (a card
    sliding sounds duller as it slows); ``highpass`` removes the rumble below that frequency."""
    first = round(start * RATE)
    n = min(round(length * RATE), len(out) - first)
    low = slow = 0.0
    floor = _lowpass_coefficient(highpass) if highpass > 0 else 0.0
    for i in range(n):
        t = i / RATE
        glide = cutoff[0] + (cutoff[1] - cutoff[0]) * i / max(1, n - 1)
        low += (rng.uniform(-1.0, 1.0) - low) * _lowpass_coefficient(glide)
        slow += (low - slow) * floor
        out[first + i] += (low - slow) * level * _envelope(t, length, attack, decay, release)


def _tone(
    out: Signal,
    start: float,
    length: float,
    freq: float,
    level: float,
    decay: float = 3.0,
    partials: tuple[float, ...] = (1.0, 0.3, 0.1),
    attack: float = 0.004,
    release: float = 0.04,
    glide: float = 1.0,
) -> None:
    """Adds a note of harmonic partials; ``glide`` is the pitch ratio reached at the end."""
    first = round(start * RATE)
    n = min(round(length * RATE), len(out) - first)
    phase = 0.0
    for i in range(n):
        t = i / RATE
        # The phase is accumulated so that a pitch glide stays smooth.
        phase += 2 * math.pi * freq * glide ** (i / max(1, n - 1)) / RATE
        value = sum(p * math.sin(phase * (k + 1)) for k, p in enumerate(partials))
        out[first + i] += value * level * _envelope(t, length, attack, decay, release)


def snap(rng: random.Random) -> Signal:
    """A card laid on the pile: a crisp paper slap over a short low thump."""
    out = _silence(0.13)
    _noise(out, rng, 0.0, 0.12, 1.6, (6000, 2500), highpass=400, attack=0.001, decay=40)
    _tone(out, 0.0, 0.09, 95, 0.3, decay=35, partials=(1.0, 0.2), attack=0.002, glide=0.7)
    return out


def deal(rng: random.Random) -> Signal:
    """One card dealt: a soft, quick slide."""
    out = _silence(0.08)
    _noise(out, rng, 0.0, 0.08, 0.8, (5000, 1800), highpass=600, attack=0.012, release=0.04)
    return out


def shuffle(rng: random.Random) -> Signal:
    """A riffle: a train of tiny card clicks that speeds up, then the deck squared up."""
    out = _silence(0.72)
    t = 0.0
    while t < 0.6:
        progress = t / 0.6
        # Closer and louder towards the middle of the riffle, as the thumbs release faster.
        gap = 0.012 - 0.006 * math.sin(math.pi * progress)
        level = 0.25 + 0.35 * math.sin(math.pi * min(1.0, progress * 1.2))
        _noise(out, rng, t, 0.01, level * rng.uniform(0.7, 1.0), (7000, 4000), 800, decay=300)
        t += gap * rng.uniform(0.7, 1.3)
    _noise(out, rng, 0.62, 0.09, 0.7, (3000, 1200), highpass=150, attack=0.003, decay=40)
    return out


def draw(rng: random.Random) -> Signal:
    """A card slid off the pile: a swell of soft noise that dulls as it leaves."""
    out = _silence(0.15)
    _noise(out, rng, 0.0, 0.15, 0.9, (6500, 1500), highpass=500, attack=0.03, release=0.08)
    return out


def uno(rng: random.Random) -> Signal:
    """The UNO call: a bright rising chime, G5 then C6, with a bell's shimmer."""
    out = _silence(0.42)
    bell = (1.0, 0.35, 0.2, 0.08)
    _tone(out, 0.0, 0.2, 784.0, 0.5, decay=7, partials=bell, release=0.06)
    _tone(out, 0.11, 0.31, 1046.5, 0.55, decay=5, partials=bell, release=0.12)
    return out


def win(rng: random.Random) -> Signal:
    """The win fanfare: a C major arpeggio up to the octave, ringing as one chord."""
    out = _silence(1.2)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for k, freq in enumerate(notes):
        start = k * 0.12
        _tone(out, start, 1.2 - start, freq, 0.28, decay=2.2, partials=(1.0, 0.25, 0.08))
    _tone(out, 0.36, 0.84, 261.63, 0.2, decay=2.5, partials=(1.0, 0.4), release=0.3)
    return out


def click(rng: random.Random) -> Signal:
    """A UI click: a short high blip on a tiny transient."""
    out = _silence(0.035)
    _tone(out, 0.0, 0.035, 1800.0, 0.5, decay=110, partials=(1.0,), attack=0.001, release=0.01)
    _noise(out, rng, 0.0, 0.006, 0.3, (8000, 8000), highpass=2000, attack=0.0005, release=0.003)
    return out


def error(rng: random.Random) -> Signal:
    """A refused move: two soft low buzzes (odd harmonics, like a muted square wave)."""
    out = _silence(0.26)
    buzz = (1.0, 0.0, 0.33, 0.0, 0.2)
    _tone(out, 0.0, 0.1, 123.5, 0.5, decay=4, partials=buzz, attack=0.008, release=0.03)
    _tone(out, 0.13, 0.13, 116.5, 0.5, decay=6, partials=buzz, attack=0.008, release=0.05)
    return out


def penalty(rng: random.Random) -> Signal:
    """A penalty: two descending notes, B4 then F#4."""
    out = _silence(0.42)
    _tone(out, 0.0, 0.2, 493.88, 0.45, decay=6)
    _tone(out, 0.16, 0.26, 369.99, 0.45, decay=6, glide=0.98, release=0.08)
    return out


def turn(rng: random.Random) -> Signal:
    """Your turn: a soft wooden tick."""
    out = _silence(0.1)
    _tone(out, 0.0, 0.1, 1320.0, 0.4, decay=45, partials=(1.0, 0.0, 0.15), attack=0.002)
    _tone(out, 0.0, 0.06, 660.0, 0.25, decay=60, partials=(1.0,), attack=0.002)
    return out


@dataclass(frozen=True)
class Effect:
    """How to make one effect and how loud its peak is (dBFS)."""

    make: Callable[[random.Random], Signal]
    peak_db: float = -3.0


# Card sounds and calls peak at -3 dBFS. The tonal UI sounds carry more energy for the same
# peak, so the ones meant to be soft (tick, click, buzz) peak lower and sit level with the
# cards instead of startling the player.
EFFECTS: dict[str, Effect] = {
    "snap": Effect(snap),
    "deal": Effect(deal, -5.0),
    "shuffle": Effect(shuffle),
    "draw": Effect(draw),
    "uno": Effect(uno),
    "win": Effect(win),
    "click": Effect(click, -8.0),
    "error": Effect(error, -10.0),
    "penalty": Effect(penalty, -4.0),
    "turn": Effect(turn, -9.0),
}


def render(name: str) -> array.array[int]:
    """One effect as 16-bit samples, normalised to its peak and faded in and out."""
    effect = EFFECTS[name]
    samples = effect.make(random.Random(zlib.crc32(name.encode())))
    fade = round(FADE_S * RATE)
    for i in range(min(fade, len(samples))):
        samples[i] *= i / fade
        samples[-1 - i] *= i / fade
    loudest = max((abs(s) for s in samples), default=0.0) or 1.0
    scale = 10 ** (effect.peak_db / 20) / loudest * 32767
    return array.array("h", (round(s * scale) for s in samples))


def write(path: Path, frames: array.array[int]) -> None:
    if sys.byteorder == "big":
        frames = array.array("h", frames)
        frames.byteswap()  # WAV samples are little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def generate(folder: Path) -> list[Path]:
    """Writes every effect as ``<name>.wav`` into ``folder``; returns the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in EFFECTS:
        path = folder / f"{name}.wav"
        write(path, render(name))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make.make_sounds",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=Path("assets/sounds"))
    args = parser.parse_args(argv)
    paths = generate(args.out)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} sounds to {args.out} ({size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
