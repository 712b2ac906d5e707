"""Composes and renders the game's two background music loops into ``assets/music/``.

    python -m tools.make.make_music [--out assets/music]

Standard library only. Both pieces are original, written note by note below, and rendered by
additive synthesis (decaying sine partials for the instruments, filtered noise for the brushes):

* ``title.wav``: the menu. A slow (60 BPM) eight-bar loop in E flat major: a warm detuned pad,
  a soft electric-piano arpeggio, a round bass and a sparse bell melody. 32 s.
* ``table.wav``: the card table. A relaxed lounge / bossa loop at 90 BPM, twenty bars in F major
  built on ii-V-I-vi moves: electric-piano comping, a bossa bass line, soft brushed hats, a
  gentle kick and cross-stick, and a vibraphone melody that varies and then rests. 53.3 s.

Each loop is seamless: one extra bar (plus the reverb's decay) is rendered past the end and
folded back onto the start, so the notes still ringing at the loop point carry on into the
repeat instead of stopping with a click. Tiny timing and loudness variations come from a random
generator seeded by the track's name, so each run writes the same bytes. 22.05 kHz, 16-bit,
mono WAV, peak -3 dBFS.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import time
import wave
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# Background music needs no more than 11 kHz of bandwidth, and half the usual rate keeps the
# two files (about a minute and a half together) well under 5 MB.
RATE = 22_050
PEAK_DB = -3.0
# Notes that outlast the loop and the reverb tail spill past its end; this much extra (after
# one extra bar) is rendered so that all of it can be folded back onto the start.
TAIL_S = 3.0
# A partial is no longer computed once it has decayed below this (relative to its start): the
# rest would be inaudible and only cost time.
SILENT = 1e-4

Signal = list[float]


def midi_hz(note: int) -> float:
    """The frequency of a MIDI note number (A4 = 69 = 440 Hz)."""
    return 440.0 * 2 ** ((note - 69) / 12)


def _lowpass_coefficient(cutoff_hz: float) -> float:
    """The one-pole low-pass step for a cutoff frequency."""
    return 1 - math.exp(-2 * math.pi * cutoff_hz / RATE)


def add(out: Signal, start: int, signal: Sequence[float], gain: float) -> None:
    """Mixes ``signal`` into ``out`` from sample ``start`` on (cut at the end of ``out``)."""
    end = min(len(out), start + len(signal))
    if end > start:
        mixed = zip(out[start:end], signal[: end - start], strict=True)
        out[start:end] = [a + gain * b for a, b in mixed]


def fold(signal: Sequence[float], length: int) -> Signal:
    """The loop of ``length`` samples: everything past the end is added back onto the start
    (repeatedly if it is longer than the loop), as it would sound when the loop repeats."""
    out = list(signal[:length]) + [0.0] * max(0, length - len(signal))
    for start in range(length, len(signal), length):
        add(out, 0, signal[start : start + length], 1.0)
    return out


# --- Instruments -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Partial:
    """One sine component of a voice: frequency ratio to the note, level, exponential decay
    (per second, at middle C: lower notes ring longer) and detuning in cents."""

    ratio: float
    level: float
    decay: float
    cents: float = 0.0


@dataclass(frozen=True)
class Voice:
    """An instrument: its partials, attack and release times (s) and an optional tremolo."""

    partials: tuple[Partial, ...]
    attack: float
    release: float
    tremolo_hz: float = 0.0
    tremolo_depth: float = 0.0


# A suitcase electric piano: two slightly detuned fundamentals beat slowly against each other
# (the chorus that makes it warm), the low harmonics fade faster than the fundamental (the tone
# mellows as it rings), and a quiet inharmonic partial gives the tine's short bell-like bite.
EPIANO = Voice(
    partials=(
        Partial(1.0, 0.5, 1.0, -3.0),
        Partial(1.0, 0.5, 1.2, 3.5),
        Partial(2.0, 0.4, 2.2),
        Partial(3.0, 0.2, 3.0),
        Partial(4.0, 0.1, 5.0),
        Partial(5.0, 0.04, 7.0),
        Partial(7.1, 0.05, 14.0),
    ),
    attack=0.004,
    release=0.14,
)

# A round upright-like bass: mostly fundamental, with just enough second and third harmonic to
# be heard on small laptop speakers that cannot play 50 Hz; the slow attack avoids a thump.
BASS = Voice(
    partials=(
        Partial(1.0, 1.0, 1.3),
        Partial(2.0, 0.3, 2.6),
        Partial(3.0, 0.09, 5.0),
        Partial(4.0, 0.03, 9.0),
    ),
    attack=0.012,
    release=0.08,
)

# A vibraphone: a pure bar tone with its characteristic overtone two octaves up, and the
# motor's slow tremolo that gives the lounge feel.
VIBES = Voice(
    partials=(Partial(1.0, 1.0, 0.9), Partial(4.0, 0.16, 4.0), Partial(2.0, 0.05, 3.0)),
    attack=0.003,
    release=0.2,
    tremolo_hz=4.8,
    tremolo_depth=0.22,
)

# A soft bell for the title melody: nearly a sine, with a slightly stretched third partial so
# that it shimmers instead of sounding like a test tone.
BELL = Voice(
    partials=(Partial(1.0, 1.0, 0.7), Partial(2.0, 0.12, 2.0), Partial(3.01, 0.05, 4.0)),
    attack=0.006,
    release=0.4,
)

# A warm pad: three detuned fundamentals and two detuned octaves that hardly decay; the slow
# attack and release let consecutive chords cross-fade instead of changing abruptly.
PAD = Voice(
    partials=(
        Partial(1.0, 0.35, 0.05, -7.0),
        Partial(1.0, 0.35, 0.05, 0.0),
        Partial(1.0, 0.35, 0.05, 6.0),
        Partial(2.0, 0.12, 0.12, -4.0),
        Partial(2.0, 0.12, 0.12, 5.0),
        Partial(3.0, 0.04, 0.2),
    ),
    attack=1.1,
    release=1.8,
)


def _smooth_step(x: float) -> float:
    """0 to 1 along a raised cosine: envelopes shaped like this start and stop without a kink."""
    return 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, x)))


_NOTE_CACHE: dict[tuple[Voice, int, int, int], Signal] = {}


def clear_cache() -> None:
    """Forgets the rendered notes (tests use it to render everything afresh)."""
    _NOTE_CACHE.clear()


def note(voice: Voice, midi: int, hold: int, bright: int) -> Signal:
    """One note of ``voice``, held ``hold`` samples and then released; ``bright`` (0 to 10)
    scales the upper partials, as a harder touch sounds brighter.

    The music repeats the same notes many times, so each distinct note is rendered once and
    kept; the caller scales its level."""
    key = (voice, midi, hold, bright)
    if key in _NOTE_CACHE:
        return _NOTE_CACHE[key]
    freq = midi_hz(midi)
    release = round(voice.release * RATE)
    n = hold + release
    out = [0.0] * n
    # Low notes ring longer than high ones, as on a real piano or vibraphone.
    decay_scale = (freq / 261.63) ** 0.5
    for partial in voice.partials:
        f = freq * partial.ratio * 2 ** (partial.cents / 1200)
        if f > RATE * 0.45:
            continue  # above the Nyquist limit it would alias into a wrong, harsh tone
        level = partial.level * (1.0 if partial.ratio == 1.0 else 0.5 + bright / 20)
        decay = partial.decay * decay_scale
        # Stop computing once the partial is inaudible.
        m = n if decay <= 0 else min(n, round(math.log(1 / SILENT) / decay * RATE))
        w = 2 * math.pi * f / RATE
        d = decay / RATE
        # The hottest loop of the script: local names are quicker to look up than math's.
        sin, exp = math.sin, math.exp
        out[:m] = [s + level * exp(-d * i) * sin(w * i) for i, s in enumerate(out[:m])]
    attack = max(1, round(voice.attack * RATE))
    for i in range(min(attack, n)):
        out[i] *= _smooth_step(i / attack)
    for i in range(release):
        out[hold + i] *= 1.0 - _smooth_step(i / release)
    if voice.tremolo_depth:
        w = 2 * math.pi * voice.tremolo_hz / RATE
        depth = voice.tremolo_depth
        out = [s * (1 - depth * (0.5 - 0.5 * math.cos(w * i))) for i, s in enumerate(out)]
    _NOTE_CACHE[key] = out
    return out


def _filtered_noise(rng: random.Random, seconds: float, highpass: float, lowpass: float) -> Signal:
    """White noise band-limited by one-pole filters (two low-passes, for a gentler top)."""
    hp = _lowpass_coefficient(highpass)
    lp = _lowpass_coefficient(lowpass)
    slow = low1 = low2 = 0.0
    out = []
    for _ in range(round(seconds * RATE)):
        x = rng.uniform(-1.0, 1.0)
        slow += (x - slow) * hp
        low1 += (x - slow - low1) * lp
        low2 += (low1 - low2) * lp
        out.append(low2)
    return out


def _shape(signal: Signal, attack: float, decay: float) -> Signal:
    """A smooth attack, then exponential decay (per second) to the end of ``signal``."""
    a = max(1, round(attack * RATE))
    return [s * _smooth_step(i / a) * math.exp(-decay * i / RATE) for i, s in enumerate(signal)]


def brush_hat(rng: random.Random) -> Signal:
    """A brushed hi-hat tap: soft noise, 2.5-7 kHz, with a short but not sharp attack."""
    return _shape(_filtered_noise(rng, 0.16, 2500, 7000), 0.002, 32)


def brush_swish(rng: random.Random) -> Signal:
    """A brush swept across the snare: a duller noise that swells and fades."""
    return _shape(_filtered_noise(rng, 0.4, 900, 4500), 0.06, 9)


def kick() -> Signal:
    """A gentle kick: a sine falling from 100 to 46 Hz, like a felt beater on a small drum."""
    out = []
    phase = 0.0
    for i in range(round(0.42 * RATE)):
        t = i / RATE
        phase += 2 * math.pi * (46 + 54 * math.exp(-t / 0.035)) / RATE
        out.append(math.sin(phase))
    return _shape(out, 0.003, 11)


def cross_stick(rng: random.Random) -> Signal:
    """A soft cross-stick (the bossa clave): a short wooden knock with a breath of noise."""
    out = _shape(_filtered_noise(rng, 0.06, 1200, 5000), 0.001, 80)
    knock = [
        0.9 * math.sin(2 * math.pi * 820 * i / RATE) + 0.4 * math.sin(2 * math.pi * 1870 * i / RATE)
        for i in range(len(out))
    ]
    return [
        0.6 * a + b * math.exp(-95 * i / RATE)
        for i, (a, b) in enumerate(zip(out, knock, strict=True))
    ]


# --- Mixing and effects ------------------------------------------------------------------------


def _comb(x: Signal, delay: int, feedback: float) -> Signal:
    """A feedback comb filter, y[n] = x[n] + g*y[n-D], computed one delay-length block at a
    time (each block depends only on the previous one, so a list comprehension can do it)."""
    y = x[:delay]
    for start in range(delay, len(x), delay):
        block = x[start : start + delay]
        previous = y[start - delay : start - delay + len(block)]
        y.extend([a + feedback * b for a, b in zip(block, previous, strict=True)])
    return y


def _allpass(x: Signal, delay: int, gain: float) -> Signal:
    """A Schroeder all-pass, y[n] = -g*x[n] + x[n-D] + g*y[n-D], block by block like _comb."""
    y = [-gain * a for a in x[:delay]]
    for start in range(delay, len(x), delay):
        now = x[start : start + delay]
        before = start - delay, start - delay + len(now)
        block = zip(now, x[before[0] : before[1]], y[before[0] : before[1]], strict=True)
        y.extend([-gain * a + b + gain * c for a, b, c in block])
    return y


def reverb(send: Signal, seconds: float = 1.4) -> Signal:
    """A small room (Schroeder: four parallel combs, two all-passes), lasting ``seconds``.

    The send is band-limited first: a dark reverb sounds warm and stays out of the way, a
    bright one hisses and makes the mix tiring."""
    lp = _lowpass_coefficient(3500)
    hp = _lowpass_coefficient(180)
    low = slow = 0.0
    dark = []
    for s in send:
        low += (s - low) * lp
        slow += (low - slow) * hp
        dark.append(low - slow)
    wet = [0.0] * len(dark)
    for delay_s in (0.0297, 0.0371, 0.0411, 0.0437):
        delay = round(delay_s * RATE)
        feedback = 10 ** (-3 * delay_s / seconds)  # -60 dB after ``seconds``
        add(wet, 0, _comb(dark, delay, feedback), 0.25)
    for delay_s, gain in ((0.005, 0.7), (0.0017, 0.7)):
        wet = _allpass(wet, round(delay_s * RATE), gain)
    return wet


class Score:
    """Notes and hits placed on a beat grid, mixed into a dry signal and a reverb send.

    Every placement is a little late by a random few milliseconds and a little louder or
    softer: played by hand, a groove sounds relaxed instead of mechanical."""

    def __init__(self, bpm: int, bars: int, rng: random.Random, beats_per_bar: int = 4) -> None:
        # Whole samples per beat, so that every bar starts exactly on a sample and the loop
        # length is exact.
        self.beat = RATE * 60 // bpm
        if self.beat * bpm != RATE * 60:
            raise ValueError(f"{bpm} BPM is not a whole number of samples per beat")
        self.bar = self.beat * beats_per_bar
        self.length = self.bar * bars
        total = self.length + self.bar + round(TAIL_S * RATE)
        self.dry = [0.0] * total
        self.send = [0.0] * total
        self.rng = rng

    def _start(self, beat: float, loose: float) -> int:
        return round(beat * self.beat + self.rng.uniform(0, loose) * RATE)

    def play(
        self,
        voice: Voice,
        beat: float,
        midi: int,
        beats: float,
        level: float,
        room: float = 0.3,
        loose: float = 0.008,
    ) -> None:
        """A note at ``beat`` (from the start of the loop), held for ``beats``; ``room`` is the
        share sent to the reverb, ``loose`` the most it may lag (seconds)."""
        level *= self.rng.uniform(0.88, 1.0)
        bright = min(10, round(level * 25))
        hold = round(beats * self.beat / 64) * 64  # rounded, so that repeated notes are cached
        signal = note(voice, midi, max(64, hold), bright)
        start = self._start(beat, loose)
        add(self.dry, start, signal, level)
        if room:
            add(self.send, start, signal, level * room)

    def hit(
        self, signal: Signal, beat: float, level: float, room: float = 0.0, loose: float = 0.004
    ) -> None:
        """A percussion sample at ``beat``."""
        level *= self.rng.uniform(0.85, 1.0)
        start = self._start(beat, loose)
        add(self.dry, start, signal, level)
        if room:
            add(self.send, start, signal, level * room)

    def mixdown(self, reverb_s: float, wet: float) -> Signal:
        """Dry plus reverb, with the spill past the loop folded back onto its start."""
        mixed = self.dry[:]
        add(mixed, 0, reverb(self.send, reverb_s), wet)
        return fold(mixed, self.length)


# --- The pieces --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chord:
    """A chord: its bass root (MIDI), the fifth the bass may use, and the voicing played."""

    root: int
    voicing: tuple[int, ...]
    fifth: int = 0

    @property
    def bass_fifth(self) -> int:
        return self.fifth or self.root + 7


# The menu, in E flat major: Ebmaj9, Cm9, Abmaj9, Bb9sus4, Gm7, Cm9, Abmaj7 to Abm6 (the
# borrowed minor iv, a wistful turn), Bb13sus4 back home. Rootless voicings in the middle
# register, moving by step, so the pad glides instead of jumping.
TITLE_CHORDS: tuple[tuple[Chord, ...], ...] = (
    (Chord(39, (55, 58, 62, 65)),),
    (Chord(36, (51, 55, 58, 62)),),
    (Chord(44, (51, 55, 58, 60), fifth=39),),
    (Chord(46, (56, 60, 63, 65), fifth=41),),
    (Chord(43, (53, 58, 62, 67)),),
    (Chord(36, (51, 55, 58, 62)),),
    (Chord(44, (51, 55, 60, 63)), Chord(44, (51, 53, 59, 63))),
    (Chord(46, (56, 60, 63, 67), fifth=41),),
)

# The menu melody: (beat in the bar, note, beats) per bar, ending on a long rest so that the
# loop breathes before it starts again.
TITLE_MELODY: tuple[tuple[tuple[float, int, float], ...], ...] = (
    ((0, 70, 1.5), (1.5, 72, 0.5), (2, 70, 1), (3, 67, 1)),
    ((0, 67, 2), (2, 65, 1), (3, 63, 1)),
    ((0, 72, 1.5), (1.5, 70, 0.5), (2, 67, 2)),
    ((0, 65, 2), (3, 70, 1)),
    ((0, 74, 1.5), (1.5, 72, 0.5), (2, 70, 1), (3, 67, 1)),
    ((0, 67, 1.5), (1.5, 70, 0.5), (2, 74, 2)),
    ((0, 72, 2), (2, 71, 2)),
    ((0, 70, 2.5),),
)

# The arpeggio's order through the four voicing notes (an octave up), one per eighth note:
# up and back, with the top note held back for the second half-bar to vary the contour.
TITLE_ARPEGGIO = (0, 1, 2, 3, 1, 2, 0, 2)


def title(bars: int = len(TITLE_CHORDS)) -> Signal:
    """The menu loop (the first ``bars`` bars of it, looped)."""
    score = Score(bpm=60, bars=bars, rng=random.Random(zlib.crc32(b"title")))
    for bar in range(bars):
        chords = TITLE_CHORDS[bar % len(TITLE_CHORDS)]
        span = 4 / len(chords)
        for k, chord in enumerate(chords):
            beat = bar * 4 + k * span
            for midi in chord.voicing:
                # Held a little past the change: the pad's slow release then overlaps the next
                # chord's slow attack and the two cross-fade.
                score.play(PAD, beat, midi, span + 0.3, 0.16, room=0.5, loose=0.0)
        # Half notes in the bass, root then fifth (or the root again under a second chord):
        # a whole note would decay through the bar and make the loudness pulse with each bar.
        for half in range(2):
            chord = chords[min(len(chords) - 1, int(half * 2 / span))]
            midi = chord.root if half == 0 or len(chords) > 1 else chord.bass_fifth
            level = 0.4 if half == 0 else 0.3
            score.play(BASS, bar * 4 + half * 2, midi, 1.8, level, room=0.0, loose=0.0)
        for step, index in enumerate(TITLE_ARPEGGIO):
            chord = chords[min(len(chords) - 1, int(step / 2 / span))]
            level = 0.26 if step % 2 == 0 else 0.18
            score.play(EPIANO, bar * 4 + step / 2, chord.voicing[index] + 12, 0.9, level, 0.45)
        for beat, midi, beats in TITLE_MELODY[bar % len(TITLE_MELODY)]:
            score.play(BELL, bar * 4 + beat, midi + 12, beats, 0.26, room=0.55)
    return score.mixdown(reverb_s=2.2, wet=0.5)


# The table, in F major. Each four-bar phrase turns on ii-V (Gm9, C13) and lands on I or on a
# lighter chord; the last phrase steps down through IV and the borrowed iv (Bbmaj9, Bbm6) and
# ends on D9, which leads back to Gm9 at the top of the loop.
GM9 = Chord(43, (53, 57, 58, 62))
C13 = Chord(36, (52, 57, 58, 62), fifth=43)
FMAJ9 = Chord(41, (52, 55, 57, 60))
DM9 = Chord(38, (53, 57, 60, 64))
AM7 = Chord(45, (55, 57, 60, 64), fifth=40)
D9 = Chord(38, (54, 57, 60, 64))
BBMAJ9 = Chord(46, (57, 60, 62, 65), fifth=41)
BBM6 = Chord(46, (55, 58, 61, 65), fifth=41)
C9 = Chord(36, (52, 55, 58, 62), fifth=43)

TABLE_CHORDS: tuple[Chord, ...] = (
    *(GM9, C13, FMAJ9, DM9),
    *(GM9, C13, AM7, D9),
    *(GM9, C13, FMAJ9, DM9),
    *(BBMAJ9, AM7, GM9, C9),
    *(BBMAJ9, BBM6, AM7, D9),
)

# The vibraphone tune: phrase one, an answer, phrase one varied, a falling close, then four bars
# of rest for the piano alone, so that the ear is not asked to follow a tune all evening.
TABLE_MELODY: tuple[tuple[tuple[float, int, float], ...], ...] = (
    ((1, 74, 0.5), (1.5, 72, 0.5), (2, 69, 1.5)),
    ((0.5, 70, 0.5), (1, 69, 0.5), (1.5, 67, 1), (3, 64, 1)),
    ((0, 69, 2), (2.5, 72, 0.5), (3, 76, 1)),
    ((0, 74, 1.5), (1.5, 72, 0.5), (2, 69, 2)),
    ((1, 74, 0.5), (1.5, 72, 0.5), (2, 69, 1), (3, 70, 1)),
    ((0, 69, 1.5), (1.5, 67, 0.5), (2, 64, 2)),
    ((0.5, 67, 0.5), (1, 69, 0.5), (1.5, 72, 1), (2.5, 76, 1.5)),
    ((0, 76, 1.5), (1.5, 74, 0.5), (2, 72, 1), (3, 69, 1)),
    ((1, 74, 0.5), (1.5, 72, 0.5), (2, 70, 0.5), (2.5, 69, 1.5)),
    ((0.5, 70, 0.5), (1, 69, 0.5), (1.5, 67, 0.5), (2, 70, 0.5), (2.5, 74, 1.5)),
    ((0, 72, 1), (1, 69, 1), (2, 67, 0.5), (2.5, 64, 1.5)),
    ((0, 65, 1.5), (1.5, 69, 0.5), (2, 72, 2)),
    ((0, 74, 1.5), (1.5, 72, 0.5), (2, 69, 2)),
    ((0, 67, 1), (1, 64, 1), (2.5, 67, 0.5), (3, 69, 1)),
    ((0, 70, 1.5), (1.5, 69, 0.5), (2, 65, 2)),
    ((0, 64, 2), (3, 67, 1)),
    (),
    (),
    (),
    (),
)

# Electric-piano comping, (beat, beats, level): a long chord on one, short pushes on the
# off-beats, in a two-bar bossa-like figure. In the last bar of each phrase the final push
# anticipates the next bar's chord (played half a beat early and tied over, as jazz players do).
COMP_A = ((0.0, 1.3, 0.5), (1.5, 0.4, 0.3), (2.5, 1.2, 0.38))
COMP_B = ((0.0, 0.9, 0.45), (1.5, 0.9, 0.33), (3.0, 0.4, 0.28))
COMP_PUSH = ((0.0, 1.3, 0.5), (1.5, 0.4, 0.3), (2.5, 0.8, 0.35), (3.5, 1.4, 0.45))

# Brushed eighth notes, accented on the off-beats as a bossa drummer does.
HAT_LEVELS = (0.3, 0.5, 0.32, 0.55, 0.3, 0.5, 0.32, 0.6)
# The two-bar bossa clave, in eighth notes: 1, 2&, 4 | 2, 3&.
CLAVE = (0, 3, 6, 10, 13)


def table(bars: int = len(TABLE_CHORDS)) -> Signal:
    """The card-table loop (the first ``bars`` bars of it, looped)."""
    rng = random.Random(zlib.crc32(b"table"))
    score = Score(bpm=90, bars=bars, rng=rng)
    # A few variants of each noise hit, picked at random: identical hits repeated for an hour
    # sound like a machine, varied ones like a player.
    hats = [brush_hat(rng) for _ in range(6)]
    swishes = [brush_swish(rng) for _ in range(3)]
    sticks = [cross_stick(rng) for _ in range(3)]
    thump = kick()
    for bar in range(bars):
        chord = TABLE_CHORDS[bar % len(TABLE_CHORDS)]
        after = TABLE_CHORDS[(bar + 1) % bars % len(TABLE_CHORDS)]
        start = bar * 4
        phrase_end = bar % 4 == 3
        # This bar's chord was anticipated at the end of the bar before (for bar 0, the last).
        pushed = (bar - 1) % bars % 4 == 3
        comp = COMP_PUSH if phrase_end else COMP_A if bar % 2 == 0 else COMP_B
        for beat, beats, level in comp:
            if pushed and beat == 0.0:
                continue  # tied over from the anticipation
            played = after if beat == 3.5 else chord
            for k, midi in enumerate(played.voicing):
                # Rolled slightly from the bottom up, a few milliseconds a note.
                score.play(EPIANO, start + beat + k * 0.012, midi, beats, level * 0.55)
        # Bossa bass: root, fifth on the "and" of two, fifth on three, and on the "and" of four
        # a note leading into the next bar (a chromatic approach at the end of each phrase).
        approach = after.root + (1 if after.root < chord.root else -1)
        lead = approach if phrase_end else chord.root
        for beat, midi, beats, level in (
            (0.0, chord.root, 1.35, 0.45),
            (1.5, chord.bass_fifth, 0.45, 0.28),
            (2.0, chord.bass_fifth, 1.35, 0.36),
            (3.5, lead, 0.45, 0.28),
        ):
            score.play(BASS, start + beat, midi, beats, level, room=0.0, loose=0.005)
        for eighth, level in enumerate(HAT_LEVELS):
            score.hit(rng.choice(hats), start + eighth / 2, level * 0.9, room=0.15)
        for beat in (1, 3):
            score.hit(rng.choice(swishes), start + beat - 0.25, 0.35, room=0.2)
        score.hit(thump, start, 0.6, loose=0.0)
        score.hit(thump, start + 2, 0.42, loose=0.0)
        if bar % 4 == 3:
            score.hit(thump, start + 3.5, 0.28)
        for eighth in CLAVE:
            if eighth // 8 == bar % 2:
                score.hit(rng.choice(sticks), start + (eighth % 8) / 2, 0.16, room=0.25)
        for beat, midi, beats in TABLE_MELODY[bar % len(TABLE_MELODY)]:
            score.play(VIBES, start + beat, midi + 12, beats, 0.22, room=0.4)
    return score.mixdown(reverb_s=1.4, wet=0.35)


@dataclass(frozen=True)
class Track:
    """How to compose one loop, and its length in bars at its tempo."""

    make: Callable[[int], Signal]
    bpm: int
    bars: int

    @property
    def frames(self) -> int:
        """The loop length in samples (every bar is a whole number of samples)."""
        return RATE * 60 // self.bpm * 4 * self.bars


TRACKS: dict[str, Track] = {
    "title": Track(title, bpm=60, bars=len(TITLE_CHORDS)),
    "table": Track(table, bpm=90, bars=len(TABLE_CHORDS)),
}


def to_pcm(signal: Sequence[float], peak_db: float = PEAK_DB) -> array.array[int]:
    """16-bit samples, with the DC removed and the loudest sample at ``peak_db`` dBFS."""
    mean = sum(signal) / max(1, len(signal))
    loudest = max((abs(s - mean) for s in signal), default=0.0) or 1.0
    scale = 10 ** (peak_db / 20) / loudest * 32767
    return array.array("h", (round((s - mean) * scale) for s in signal))


def render(name: str, bars: int | None = None) -> array.array[int]:
    """One track as 16-bit samples; ``bars`` renders only its first bars, looped (for tests)."""
    track = TRACKS[name]
    return to_pcm(track.make(track.bars if bars is None else bars))


def write(path: Path, frames: array.array[int]) -> None:
    if sys.byteorder == "big":
        frames = array.array("h", frames)
        frames.byteswap()  # WAV samples are little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def generate(folder: Path, verbose: bool = False) -> list[Path]:
    """Writes every track as ``<name>.wav`` into ``folder``; returns the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, track in TRACKS.items():
        began = time.perf_counter()
        path = folder / f"{name}.wav"
        write(path, render(name))
        paths.append(path)
        if verbose:
            seconds = track.frames / RATE
            print(
                f"{name}: {track.bars} bars at {track.bpm} BPM, {seconds:.1f} s, "
                f"{path.stat().st_size / 1024:.0f} KB, made in {time.perf_counter() - began:.1f} s"
            )
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make.make_music",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=Path("assets/music"))
    args = parser.parse_args(argv)
    paths = generate(args.out, verbose=True)
    size = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} tracks to {args.out} ({size / 1024 / 1024:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
