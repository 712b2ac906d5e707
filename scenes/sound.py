"""Sound effects and music through wrappers that stay silent when there is no audio device.

A machine without sound (a server, a muted VM, CI) or a missing or damaged sound file never
stops the game: the wrappers play nothing for what they could not load and keep the reason in
``problem`` for a message. The effects are WAV files made by ``tools/make_sounds.py``, the
music loops by ``tools/make_music.py``; music is streamed by ``pygame.mixer.music``, one track
at a time, chosen by the scene stack (each scene names its track or inherits the one below).
"""

from __future__ import annotations

import contextlib
import enum
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from scenes.assets import AssetError, asset_path

# The same effect started again within this time is dropped: ten cards dealt at once would
# otherwise stack into one loud, clipped burst.
REPEAT_S = 0.03


class Sfx(enum.Enum):
    """The game's sound effects; the value is the file's stem in ``assets/sounds``."""

    SNAP = "snap"
    DEAL = "deal"
    SHUFFLE = "shuffle"
    DRAW = "draw"
    UNO = "uno"
    WIN = "win"
    CLICK = "click"
    ERROR = "error"
    PENALTY = "penalty"
    TURN = "turn"


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, volume))


class SoundBoard:
    """Loads every effect once and plays them at one volume; silent for what failed to load.

    ``folder`` (the bundled ``assets/sounds`` by default) and ``clock`` exist for tests.
    """

    def __init__(
        self,
        volume: float = 0.8,
        *,
        folder: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.volume = _clamp(volume)
        self.problem: str | None = None
        self._sounds: dict[Sfx, pygame.mixer.Sound] = {}
        self._last: dict[Sfx, float] = {}
        self._clock = clock
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        # NotImplementedError: a pygame built without its mixer module.
        except (pygame.error, NotImplementedError) as error:
            self.problem = f"no sound: {str(error) or 'the audio device cannot be opened'}"
            return
        failed: list[str] = []
        for sfx in Sfx:
            try:
                path = (
                    asset_path("sounds", f"{sfx.value}.wav")
                    if folder is None
                    else folder / f"{sfx.value}.wav"
                )
                sound = pygame.mixer.Sound(path)
            except (AssetError, pygame.error, OSError) as error:
                failed.append(f"{sfx.value} ({error})")
                continue
            sound.set_volume(self.volume)
            self._sounds[sfx] = sound
        if failed:
            self.problem = "some sounds are silent: " + "; ".join(failed)

    @property
    def available(self) -> bool:
        """Whether anything can be heard at all."""
        return bool(self._sounds)

    def play(self, sfx: Sfx) -> None:
        sound = self._sounds.get(sfx)
        if sound is None or self.volume <= 0:
            return
        now = self._clock()
        last = self._last.get(sfx)
        if last is not None and now - last < REPEAT_S:
            return
        self._last[sfx] = now
        try:
            sound.play()
        except pygame.error:
            return  # the device went away mid-game; the game goes on in silence

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self.volume)


class Music(enum.Enum):
    """The music loops; the value is the file's stem in ``assets/music``."""

    TITLE = "title"
    TABLE = "table"


# A new track fades in over this long, and the old one out, so changing scenes never clicks.
FADE_S = 0.8


class MusicPlayer:
    """Plays one looping track at the music volume; silent (with ``problem`` set) when it cannot.

    Nothing is loaded until a track is wanted, so a program that never shows a scene with
    music (autoplay, tests) never opens the file. ``folder`` exists for tests.
    """

    def __init__(self, volume: float = 0.5, *, folder: Path | None = None) -> None:
        self.volume = _clamp(volume)
        self.problem: str | None = None
        self.track: Music | None = None  # what is playing (or would be, at volume 0)
        self._folder = folder
        self._failed: set[Music] = set()

    def want(self, track: Music | None) -> None:
        """Play ``track`` (None: silence), unless it is already the one playing."""
        if track == self.track:
            return
        self.track = track
        self._start()

    def set_volume(self, volume: float) -> None:
        was_silent = self.volume <= 0
        self.volume = _clamp(volume)
        if self.volume <= 0:
            self._stop()  # a muted stream would still cost decoding time
        elif was_silent:
            self._start()
        else:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(self.volume)

    def _start(self) -> None:
        track = self.track
        if track is None or self.volume <= 0 or track in self._failed:
            self._stop()
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            path = (
                asset_path("music", f"{track.value}.wav")
                if self._folder is None
                else self._folder / f"{track.value}.wav"
            )
            pygame.mixer.music.load(path)
            pygame.mixer.music.set_volume(self.volume)
            pygame.mixer.music.play(loops=-1, fade_ms=round(FADE_S * 1000))
        except (AssetError, pygame.error, OSError, NotImplementedError) as error:
            # Tried once per track: a missing file is not looked for again every scene change.
            self._failed.add(track)
            self.problem = f"no music for {track.value}: {str(error) or 'cannot play'}"

    def _stop(self) -> None:
        with contextlib.suppress(pygame.error, NotImplementedError):
            if pygame.mixer.get_init():
                pygame.mixer.music.fadeout(round(FADE_S * 1000))
