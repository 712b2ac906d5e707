"""The player's preferences that the scenes read: speeds, sound, look, keys.

The values live in one mutable dataclass shared by the scenes; animation speed scales every
animation (0 makes them instant, as autoplay and tests use) and AI pace scales the AIs'
thinking pauses on the clock (it never changes what they decide).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    animation_speed: float = 1.0  # 0 instant, 1 normal, 2 twice as fast
    ai_pace: float = 1.0  # multiplies the AI thinking pauses; 0 for no pause
    volume: float = 0.7
    shapes: bool = True  # colorblind shapes on colored cards
    reduced_motion: bool = False
    fullscreen: bool = False

    def duration(self, seconds: float) -> float:
        """An animation's length at the chosen speed (0 when animations are off)."""
        if self.animation_speed <= 0:
            return 0.0
        return seconds / self.animation_speed
