"""The settings screen: animation speed, AI pace, sound and music volume, colorblind shapes,
reduced motion, text size, full screen, and the way to the key and button bindings.

Changes apply at once to the running program and are saved in the user's config folder. The
key bindings are a route (``Controls``) the app opens: this module imports no other screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight
from scenes.input import Intent
from scenes.routes import Controls
from scenes.store.settings import (
    PACES,
    SPEEDS,
    next_step,
    pace_name,
    save_settings,
    speed_name,
)
from scenes.ui import GOLD, MUTED, Button, Menu, draw_text, set_large_text

VOLUMES = (0.7, 1.0, 0.0, 0.3, 0.5)
MUSIC_VOLUMES = (0.4, 0.6, 0.8, 1.0, 0.0, 0.2)


class OptionsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.menu = Menu(on_back=app.pop)
        self._build()

    def _build(self) -> None:
        self.problem = save_settings(self.app.settings)
        s = self.app.settings
        rows: list[tuple[str, Callable[[], None]]] = [
            (f"Animation speed: {speed_name(s.animation_speed)}", self._speed),
            (f"AI thinking pauses: {pace_name(s.ai_pace)}", self._pace),
            (f"Sound effects: {round(s.volume * 100)}%", self._volume),
            (f"Music: {round(s.music_volume * 100)}%", self._music),
            (f"Colorblind shapes: {'on' if s.shapes else 'off'}", self._shapes),
            (f"Reduced motion: {'on' if s.reduced_motion else 'off'}", self._motion),
            (f"Large text: {'on' if s.large_text else 'off'}", self._text),
            (f"Full screen: {'on' if s.fullscreen else 'off'} (F11)", self._fullscreen),
            ("Keys and controller buttons", self._controls),
            ("Back", self.app.pop),
        ]
        focus = self.menu.focus
        self.menu.buttons = [
            Button(pygame.Rect(560, 160 + i * 80, 800, 68), label, click)
            for i, (label, click) in enumerate(rows)
        ]
        self.menu.focus = focus

    def _speed(self) -> None:
        self.app.settings.animation_speed = next_step(SPEEDS, self.app.settings.animation_speed)
        self._build()

    def _pace(self) -> None:
        self.app.settings.ai_pace = next_step(PACES, self.app.settings.ai_pace)
        self._build()

    def _volume(self) -> None:
        self.app.settings.volume = next_step(VOLUMES, self.app.settings.volume)
        self.app.media.sounds.set_volume(self.app.settings.volume)
        self._build()

    def _music(self) -> None:
        self.app.settings.music_volume = next_step(MUSIC_VOLUMES, self.app.settings.music_volume)
        self.app.music.set_volume(self.app.settings.music_volume)
        self._build()

    def _shapes(self) -> None:
        self.app.settings.shapes = not self.app.settings.shapes
        self.app.media.art.set_shapes(self.app.settings.shapes)
        self._build()

    def _motion(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self._build()

    def _text(self) -> None:
        self.app.settings.large_text = not self.app.settings.large_text
        set_large_text(self.app.settings.large_text)
        self._build()

    def _controls(self) -> None:
        self.app.go(Controls())

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._build()

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "Settings", 56, (960, 84), GOLD, Weight.BLACK, shadow=True)
        self.menu.draw(surface)
        note = self.problem or "Settings are saved as you change them."
        draw_text(surface, note, 22, (960, 1000), MUTED)
