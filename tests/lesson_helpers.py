"""What the lesson tests share: an app at the tests' pace (instant animations, no AI pauses)
with the game's screens, and frames of time that pass undrawn but the last."""

from __future__ import annotations

import pygame

from scenes.app import App
from scenes.composition import build_screen
from scenes.store.settings import Settings

FRAME = 1 / 60


def instant_app() -> App:
    """A headless app at speed 0 that opens screens as the game does."""
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)


def frames(app: App, count: int = 1) -> None:
    """``count`` frames of time; only the last is drawn (the person sees that one)."""
    for frame in range(count):
        app.step(FRAME, [], draw=frame == count - 1)
