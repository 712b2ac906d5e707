"""Sound effects: the generated WAV files are well-formed and reproducible, and the SoundBoard
plays them on the dummy audio driver and stays silent (never raising) without a device or
with a missing or damaged file."""

from __future__ import annotations

import array
import os
import shutil
import subprocess
import sys
import wave
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.assets import asset_path
from scenes.sound import REPEAT_S, Sfx, SoundBoard
from tools.make import make_sounds

# Rough lengths from the brief (seconds); a generator change that loses the character of an
# effect (a half-second snap, a silent click) shows up here.
LENGTHS = {
    Sfx.SNAP: (0.08, 0.2),
    Sfx.DEAL: (0.04, 0.12),
    Sfx.SHUFFLE: (0.5, 0.9),
    Sfx.DRAW: (0.1, 0.22),
    Sfx.UNO: (0.3, 0.55),
    Sfx.WIN: (0.9, 1.5),
    Sfx.CLICK: (0.01, 0.08),
    Sfx.ERROR: (0.1, 0.4),
    Sfx.PENALTY: (0.25, 0.6),
    Sfx.TURN: (0.03, 0.2),
}
MINUS_3_DBFS = round(32767 * 10 ** (-3 / 20))


def read(path: Path) -> tuple[tuple[int, int, int], array.array[int]]:
    """(channels, bytes per sample, rate) and the samples of a WAV file."""
    with wave.open(str(path)) as reader:
        form = (reader.getnchannels(), reader.getsampwidth(), reader.getframerate())
        return form, array.array("h", reader.readframes(reader.getnframes()))


@pytest.mark.parametrize("sfx", list(Sfx))
def test_effect_file_is_a_mono_16_bit_44k_wav_without_clicks(sfx: Sfx) -> None:
    form, frames = read(asset_path("sounds", f"{sfx.value}.wav"))
    assert form == (1, 2, 44100)
    low, high = LENGTHS[sfx]
    assert low <= len(frames) / 44100 <= high
    peak = max(abs(s) for s in frames)
    # At most -3 dBFS (headroom for several at once), and clearly audible.
    assert 32767 // 8 < peak <= MINUS_3_DBFS + 1
    # Faded in and out: starting or stopping mid-wave would click.
    assert abs(frames[0]) < 100 and abs(frames[-1]) < 100


def test_sound_files_are_small_and_documented() -> None:
    folder = asset_path("sounds")
    total = sum(asset_path("sounds", f"{sfx.value}.wav").stat().st_size for sfx in Sfx)
    assert total < 600 * 1024
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "tools/make/make_sounds.py" in readme


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_generation_is_deterministic(tmp_path: Path) -> None:
    # The shipped files were made by another run of the generator: made again, they are the
    # same bytes (made twice in one run, they were compared with each other, at twice the cost).
    made = make_sounds.generate(tmp_path)
    assert [p.name for p in made] == [f"{sfx.value}.wav" for sfx in Sfx]
    for path in made:
        assert path.read_bytes() == asset_path("sounds", path.name).read_bytes(), path.name


def test_board_plays_every_effect_on_the_dummy_driver() -> None:
    board = SoundBoard(volume=0.5)
    assert board.available and board.problem is None
    for sfx in Sfx:
        pygame.mixer.stop()
        board.play(sfx)
        assert pygame.mixer.get_busy(), sfx
    pygame.mixer.stop()


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float]]:
    """What the board starts, as (effect, volume), with pygame's Sound replaced by a fake."""
    plays: list[tuple[str, float]] = []

    class FakeSound:
        def __init__(self, path: Path) -> None:
            self.name = Path(path).stem
            self.volume = 1.0

        def set_volume(self, volume: float) -> None:
            self.volume = volume

        def play(self) -> None:
            plays.append((self.name, self.volume))

    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return plays


def test_identical_sounds_close_together_play_once(played: list[tuple[str, float]]) -> None:
    now = [100.0]
    board = SoundBoard(clock=lambda: now[0])
    board.play(Sfx.DEAL)
    board.play(Sfx.DEAL)  # the same instant: a ten-seat deal would otherwise clip
    board.play(Sfx.SNAP)  # a different effect is not held back
    now[0] += REPEAT_S / 2
    board.play(Sfx.DEAL)
    now[0] += REPEAT_S
    board.play(Sfx.DEAL)
    assert [name for name, _ in played] == ["deal", "snap", "deal"]


def test_volume_is_clamped_and_zero_is_silent(played: list[tuple[str, float]]) -> None:
    now = [0.0]
    board = SoundBoard(volume=3.0, clock=lambda: now[0])
    assert board.volume == 1.0
    board.play(Sfx.UNO)
    board.set_volume(-1)
    assert board.volume == 0.0
    now[0] += 1
    board.play(Sfx.UNO)
    board.set_volume(0.25)
    now[0] += 1
    board.play(Sfx.UNO)
    assert played == [("uno", 1.0), ("uno", 0.25)]


def test_no_audio_device_means_silence_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, played: list[tuple[str, float]]
) -> None:
    def refuse() -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    board = SoundBoard()
    assert not board.available
    assert board.problem is not None and "No available audio device" in board.problem
    for sfx in Sfx:
        board.play(sfx)
    board.set_volume(0.3)
    assert played == []


def test_missing_or_damaged_file_silences_only_that_effect(tmp_path: Path) -> None:
    for sfx in Sfx:
        shutil.copy(asset_path("sounds", f"{sfx.value}.wav"), tmp_path)
    (tmp_path / "uno.wav").unlink()
    (tmp_path / "snap.wav").write_bytes(b"RIFF\x10\x00\x00\x00WAVEjunk")
    board = SoundBoard(folder=tmp_path)
    assert board.available
    assert board.problem is not None
    assert "uno" in board.problem and "snap" in board.problem and "deal" not in board.problem
    pygame.mixer.stop()
    board.play(Sfx.UNO)
    board.play(Sfx.SNAP)
    assert not pygame.mixer.get_busy()
    board.play(Sfx.DEAL)
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def _tone(path: Path, seconds: float = 0.2) -> None:
    """A tiny valid WAV file for the music player to stream."""
    rate = 22_050
    samples = array.array(
        "h", (round(8000 * ((i // 50) % 2 * 2 - 1)) for i in range(int(rate * seconds)))
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def test_music_plays_the_wanted_loop_and_stops_at_volume_zero(tmp_path: Path) -> None:
    from scenes.sound import Music, MusicPlayer

    pygame.mixer.init()
    _tone(tmp_path / "title.wav")
    _tone(tmp_path / "table.wav")
    music = MusicPlayer(0.5, folder=tmp_path)
    music.want(Music.TITLE)
    assert music.problem is None and pygame.mixer.music.get_busy()
    music.want(Music.TABLE)
    assert music.track is Music.TABLE and music.problem is None
    music.set_volume(0.0)
    for _ in range(60):  # the fade-out runs on the audio thread: wait for it, up to 3 s
        if not pygame.mixer.music.get_busy():
            break
        pygame.time.wait(50)
    assert not pygame.mixer.music.get_busy()
    music.set_volume(0.6)
    assert pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.6, abs=0.01)


def test_a_track_wanted_while_another_fades_out_does_not_wait_for_the_fade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SDL_mixer frees or replaces a fading track only once its fade is over (0.2 s of a
    stalled frame loop measured here with the dummy driver, up to FADE_S): the player halts it
    first. Checked by the order of the calls, not by a clock."""
    from scenes.sound import Music, MusicPlayer

    pygame.mixer.init()
    _tone(tmp_path / "title.wav")
    _tone(tmp_path / "table.wav")
    music = MusicPlayer(0.5, folder=tmp_path)
    music.want(Music.TITLE)
    music.want(None)  # a screen without music: the title's track fades out
    calls: list[str] = []
    for name in ("stop", "load", "play"):
        real = getattr(pygame.mixer.music, name)

        def noted(*args: object, _real: Any = real, _name: str = name, **kw: object) -> Any:
            calls.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(pygame.mixer.music, name, noted)
    music.want(Music.TABLE)
    assert calls == ["stop", "load", "play"]
    assert music.problem is None and pygame.mixer.music.get_busy()


def test_missing_or_damaged_music_is_silence_with_a_reason(tmp_path: Path) -> None:
    from scenes.sound import Music, MusicPlayer

    (tmp_path / "table.wav").write_bytes(b"RIFF not really")
    music = MusicPlayer(0.5, folder=tmp_path)
    music.want(Music.TITLE)  # no file at all
    assert music.problem is not None and "title" in music.problem
    music.want(Music.TABLE)  # a damaged file
    assert music.problem is not None and "table" in music.problem
    music.want(None)


def test_the_music_follows_the_scene_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.app import App, Scene
    from scenes.sound import Music
    from scenes.store.settings import Settings

    pygame.init()
    app = App(Settings(), headless=True)
    wanted: list[Music | None] = []
    monkeypatch.setattr(app.music, "want", wanted.append)

    class Menu(Scene):
        music = Music.TITLE

    class Table(Scene):
        music = Music.TABLE

    app.push(Menu(app))
    app.step(1 / 60, [])
    app.push(Scene(app))  # an overlay without a track: the menu's plays on
    app.step(1 / 60, [])
    app.replace(Table(app))
    app.step(1 / 60, [])
    assert wanted[0] is Music.TITLE and wanted[1] is Music.TITLE and wanted[-1] is Music.TABLE


def test_no_device_is_said_once_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenes import sound
    from scenes.sound import NO_DEVICE_LINE, Music, MusicPlayer

    def refuse() -> None:
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(sound, "_TOLD", [])
    SoundBoard()
    SoundBoard()
    music = MusicPlayer(0.5)
    music.want(Music.TITLE)
    music.want(Music.TABLE)
    assert music.problem is not None and "Couldn't open audio device" in music.problem
    assert capsys.readouterr().err.splitlines() == [NO_DEVICE_LINE]


# A mixer forced onto ALSA, quiet first and then not: on a machine without a card the first
# try prints nothing and the second prints ALSA's lines (so the check can tell them apart).
ALSA_PROBE = """
import sys
import pygame
from scenes.sound import quiet_alsa
with quiet_alsa():
    try:
        pygame.mixer.init()
    except pygame.error:
        print("no device", flush=True)
sys.stderr.write("-- default handler --\\n")
sys.stderr.flush()
try:
    pygame.mixer.init()
except pygame.error:
    pass
"""


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    return subprocess.run(
        [sys.executable, *args],
        env={**clean, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=Path(__file__).resolve().parent.parent,
    )


def test_alsa_is_quiet_only_while_the_mixer_opens() -> None:
    run = _run(["-c", ALSA_PROBE], SDL_AUDIODRIVER="alsa")
    if "no device" not in run.stdout:
        pytest.skip("this machine has a sound card: ALSA has nothing to complain about")
    quiet, _, loud = run.stderr.partition("-- default handler --")
    assert "ALSA lib" not in quiet
    assert "ALSA lib" in loud  # ALSA's own handler is back, and the probe does print


@pytest.mark.subprocess  # starts the program in a process of its own
def test_the_game_without_a_card_starts_with_one_calm_line() -> None:
    # A round plays every kind of sound; the whole match is test_scenes' (in this process).
    run = _run(
        [
            "-m",
            "scenes",
            "--autoplay",
            "--players",
            "2",
            "--speed",
            "0",
            "--seed",
            "1",
            "--rounds",
            "1",
        ],
        SDL_VIDEODRIVER="dummy",
    )
    assert run.returncode == 0, run.stderr
    assert "ALSA lib" not in run.stderr
    if Path("/proc/asound/cards").exists() and "no soundcards" not in Path(
        "/proc/asound/cards"
    ).read_text(encoding="utf-8"):
        return  # a card: nothing to say
    assert [line for line in run.stderr.splitlines() if line] == [
        "No sound device found: playing silently."
    ]
