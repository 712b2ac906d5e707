"""Sound effects through one wrapper that stays silent when there is no audio device.

A machine without sound (a server, a muted VM, CI) or a missing or damaged sound file never
stops the game: the wrapper remembers the problem for a message and plays nothing.
"""

from __future__ import annotations

import enum
import time

import pygame

from scenes.assets import AssetError, asset_path

# The same effect started again within this time is dropped: ten cards dealt at once would
# otherwise stack into one loud clipped burst.
REPEAT_S = 0.03


class Sfx(enum.Enum):
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


class SoundBoard:
    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.problem: str | None = None
        self.sounds: dict[Sfx, pygame.mixer.Sound] = {}
        self._last: dict[Sfx, float] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as error:
            self.problem = f"no sound: {error}"
            return
        for sfx in Sfx:
            try:
                sound = pygame.mixer.Sound(asset_path("sounds", f"{sfx.value}.wav"))
            except (AssetError, pygame.error, OSError) as error:
                self.problem = f"sound {sfx.value} unavailable: {error}"
                continue
            sound.set_volume(self.volume)
            self.sounds[sfx] = sound

    @property
    def available(self) -> bool:
        return bool(self.sounds)

    def play(self, sfx: Sfx) -> None:
        sound = self.sounds.get(sfx)
        if sound is None or self.volume <= 0:
            return
        now = time.monotonic()
        if now - self._last.get(sfx, -1.0) < REPEAT_S:
            return
        self._last[sfx] = now
        try:
            sound.play()
        except pygame.error:
            return  # the device went away mid-game; stay silent

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        for sound in self.sounds.values():
            sound.set_volume(self.volume)
