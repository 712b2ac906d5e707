"""Sound effects and music through wrappers that stay silent when there is no audio device.

A machine without sound (a server, a muted VM, CI) or a missing or damaged sound file never
stops the game: the wrappers play nothing for what they could not load and keep the reason in
``problem`` for a message. The effects are WAV files made by ``tools/make/make_sounds.py``, the
music loops by ``tools/make/make_music.py``; music is streamed by ``pygame.mixer.music``, one track
at a time, chosen by the scene stack (each scene names its track or inherits the one below).

Without a sound device the program says so in one line on stderr (once) instead of the
dozens of lines ALSA's C library prints while SDL probes for a card: ALSA's own error handler
is made silent for the moment the mixer opens (and put back after), so a machine with a card
sees no difference.
"""

from __future__ import annotations

import contextlib
import ctypes
import enum
import functools
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from scenes.assets import AssetError, asset_path

# The same effect started again within this time is dropped: ten cards dealt at once would
# otherwise stack into one loud, clipped burst.
REPEAT_S = 0.03

# What a player without a sound device reads, once, where the program was started.
NO_DEVICE_LINE = "No sound device found: playing silently."
# ALSA's error handler is void (*)(const char *file, int line, const char *function, int err,
# const char *fmt, ...). The quiet one must be C: ALSA calls it from SDL's hotplug thread while
# the main thread, holding Python's lock, waits for that thread, so a Python callback would
# deadlock (it did). libc's getpid ignores its arguments, has no effect and exists everywhere
# ALSA does; a caller cleans up its own arguments, so calling it with five is harmless.
# Whether the no-device line was printed (a list, not a global flag, so no ``global``).
_TOLD: list[str] = []


@functools.cache
def _alsa_library() -> ctypes.CDLL | None:
    """ALSA's library, the very one SDL opens by this name (the loader gives the same copy);
    None off Linux or without it. Holding it keeps it loaded, with its handler, when SDL
    closes it again after a failed probe."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        library = ctypes.CDLL("libasound.so.2")
        library.snd_lib_error_set_handler.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    return library


@functools.cache
def _quiet_handler() -> int | None:
    """The address of a C function that does nothing (see above), or None."""
    try:
        return ctypes.cast(ctypes.CDLL(None).getpid, ctypes.c_void_p).value
    except (OSError, AttributeError):
        return None


@contextlib.contextmanager
def quiet_alsa() -> Iterator[None]:
    """ALSA prints nothing while this runs (its default handler is back afterwards)."""
    library = _alsa_library()
    handler = _quiet_handler()
    if library is None or handler is None:
        yield
        return
    library.snd_lib_error_set_handler(handler)
    try:
        yield
    finally:
        library.snd_lib_error_set_handler(None)  # NULL: ALSA's own handler again


def open_mixer() -> str | None:
    """Open the audio device unless it is open; None, or why there is no sound.

    The first failure prints ``NO_DEVICE_LINE`` on stderr; later tries (each music track
    tries again, in case a device came back) stay quiet."""
    try:
        if not pygame.mixer.get_init():
            with quiet_alsa():
                pygame.mixer.init()
    # NotImplementedError: a pygame built without its mixer module.
    except (pygame.error, NotImplementedError) as error:
        if not _TOLD:
            _TOLD.append(NO_DEVICE_LINE)
            print(NO_DEVICE_LINE, file=sys.stderr)
        return f"no sound: {str(error) or 'the audio device cannot be opened'}"
    return None


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
        self.problem = open_mixer()
        if self.problem is not None:
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
        unable = open_mixer()
        if unable is not None:
            self._failed.add(track)
            self.problem = f"no music for {track.value}: {unable}"
            return
        try:
            path = (
                asset_path("music", f"{track.value}.wav")
                if self._folder is None
                else self._folder / f"{track.value}.wav"
            )
            # Halted first: SDL_mixer frees (on load) or replaces (on play) a track that is
            # fading out only once its fade is over, and that wait (up to FADE_S) stalled the
            # frame loop at a change of screens. The new track fades in from silence anyway.
            pygame.mixer.music.stop()
            pygame.mixer.music.load(path)
            pygame.mixer.music.set_volume(self.volume)
            pygame.mixer.music.play(loops=-1, fade_ms=round(FADE_S * 1000))
        except (AssetError, pygame.error, OSError) as error:
            # Tried once per track: a missing file is not looked for again every scene change.
            self._failed.add(track)
            self.problem = f"no music for {track.value}: {str(error) or 'cannot play'}"

    def _stop(self) -> None:
        with contextlib.suppress(pygame.error, NotImplementedError):
            if pygame.mixer.get_init():
                pygame.mixer.music.fadeout(round(FADE_S * 1000))
