"""Background music: tools/make/make_music.py renders deterministic loops that never clip and join
seamlessly, and the shipped files in assets/music are such loops, of the right format and length.

Rendering a whole track takes seconds, so the generator is tested on one-bar loops (rendered
and folded exactly like the full ones) and the full tracks are checked as shipped."""

from __future__ import annotations

import array
import math
import sys
import wave
from collections.abc import Sequence
from pathlib import Path

import pytest

from tools.make import make_music

MUSIC = Path(__file__).resolve().parent.parent / "assets" / "music"
MINUS_3_DBFS = round(32767 * 10 ** (-3 / 20))


def read(path: Path) -> tuple[tuple[int, int, int], array.array[int]]:
    """(channels, bytes per sample, rate) and the samples of a WAV file."""
    with wave.open(str(path)) as reader:
        form = (reader.getnchannels(), reader.getsampwidth(), reader.getframerate())
        frames = array.array("h", reader.readframes(reader.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    return form, frames


def seam_jump(frames: Sequence[int]) -> float:
    """How far the loop point stands out: the jump from the last sample to the first, against
    the signal's median jump, both measured on the second difference (the deviation from a
    straight-line continuation), which is small for smooth music and large at a click.

    A seamless loop gives a value like any other point of the track (around 1); a loop cut
    without folding its tail back onto its start gives several times more."""

    def bend(before: int, now: int, after: int) -> int:
        return abs(after - 2 * now + before)

    # The same bend at every inner sample, by three shifted views in one pass (a call and a
    # slice per sample made this check a second of CPU on the shipped tracks).
    inner = zip(frames[:-2], frames[1:-1], frames[2:], strict=True)
    second = [abs(a - 2 * n + b) for b, n, a in inner]
    median = sorted(second)[len(second) // 2] or 1
    # The two second differences that straddle the loop point.
    across = bend(frames[-2], frames[-1], frames[0]), bend(frames[-1], frames[0], frames[1])
    return max(across) / median


@pytest.fixture(scope="module")
def one_bar() -> array.array[int]:
    """One bar of the table music, rendered from scratch as a loop."""
    make_music.clear_cache()
    return make_music.render("table", bars=1)


def test_fold_adds_what_spills_past_the_end_onto_the_start() -> None:
    assert make_music.fold([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], 3) == [12.0, 7.0, 9.0]
    assert make_music.fold([1.0, 2.0], 4) == [1.0, 2.0, 0.0, 0.0]


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_rendering_is_deterministic(one_bar: array.array[int]) -> None:
    make_music.clear_cache()  # render every note again, not from the first render's cache
    again = make_music.render("table", bars=1)
    assert len(one_bar) == make_music.TRACKS["table"].frames // make_music.TRACKS["table"].bars
    assert again == one_bar


def test_pcm_is_normalised_to_minus_3_dbfs_and_never_clips() -> None:
    loud = [math.sin(i / 7) * 40.0 + 3.0 for i in range(2000)]  # far past full scale, with DC
    pcm = make_music.to_pcm(loud)
    assert max(abs(s) for s in pcm) == MINUS_3_DBFS
    assert abs(sum(pcm) / len(pcm)) < 5  # the DC is gone


def test_a_rendered_loop_peaks_at_minus_3_dbfs_and_joins_seamlessly(
    one_bar: array.array[int],
) -> None:
    assert max(abs(s) for s in one_bar) == MINUS_3_DBFS
    assert seam_jump(one_bar) < 3


def test_the_seam_check_catches_a_loop_whose_tail_is_cut_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without the fold, the notes and reverb still ringing at the end stop dead at the loop
    # point: the check above must see that click, or it proves nothing.
    monkeypatch.setattr(make_music, "fold", lambda signal, length: list(signal[:length]))
    assert seam_jump(make_music.render("table", bars=1)) > 3


@pytest.mark.parametrize("name", list(make_music.TRACKS))
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_shipped_track_is_a_seamless_22k_mono_loop_without_clipping(name: str) -> None:
    track = make_music.TRACKS[name]
    form, frames = read(MUSIC / f"{name}.wav")
    assert form == (1, 2, 22050)
    assert len(frames) == track.frames
    peak = max(abs(s) for s in frames)
    assert MINUS_3_DBFS - 1 <= peak <= MINUS_3_DBFS + 1  # -3 dBFS, far from clipping
    assert seam_jump(frames) < 3
    # No silent holes and no sudden jumps in loudness from one bar to the next (the loop's last
    # bar against its first included).
    bar = len(frames) // track.bars
    levels = []
    for k in range(track.bars):
        chunk = frames[k * bar : (k + 1) * bar]
        rms = math.sqrt(sum(s * s for s in chunk) / len(chunk))
        levels.append(20 * math.log10(rms / 32768))
    assert min(levels) > -30
    assert max(abs(a - b) for a, b in zip(levels, levels[1:] + levels[:1], strict=True)) < 3


def test_music_files_are_small_and_documented() -> None:
    paths = [MUSIC / f"{name}.wav" for name in make_music.TRACKS]
    assert sum(path.stat().st_size for path in paths) < 5 * 1024 * 1024
    assert 30 <= make_music.TRACKS["title"].frames / 22050 <= 40
    assert 45 <= make_music.TRACKS["table"].frames / 22050 <= 60
    readme = (MUSIC / "README.md").read_text(encoding="utf-8")
    assert "tools/make/make_music.py" in readme
