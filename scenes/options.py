"""The settings screen: language, animation speed, AI pace, sound and music volume, colorblind
shapes, reduced motion, text size, full screen, and the way to the key and button bindings.

Changes apply at once to the running program and are saved in the user's config folder. The
language row names each language in its own words and switches every screen at once (the app's
``set_language``). The key bindings are a route (``Controls``) the app opens: this module
imports no other screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import CODES, LANGUAGES, _, active
from scenes.app import App, Scene
from scenes.art import shown_felt
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
ROW_TOP, ROW_PITCH, ROW_HEIGHT = 130, 76, 66


def language_name(code: str) -> str:
    """A language in its own words ("Deutsch"), whatever the screen speaks."""
    return next((language.name for language in LANGUAGES if language.code == code), code)


def next_language(current: str) -> str:
    """The language after ``current`` in the row's cycle ("" and unknown codes: the one after
    the language the screen speaks now)."""
    code = current if current in CODES else active().code
    index = CODES.index(code) if code in CODES else -1
    return CODES[(index + 1) % len(CODES)]


def on_off(value: bool) -> str:
    return _("on") if value else _("off")


class OptionsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.menu = Menu(on_back=app.pop)
        self.problem: str | None = None
        self._changed()

    def _changed(self) -> None:
        """Save the settings as they are now and show them."""
        self.problem = save_settings(self.app.settings)
        self.relabel()

    def relabel(self) -> None:
        """The rows' words, in the screen's language and with the values as they are."""
        s = self.app.settings
        rows: list[tuple[str, Callable[[], None]]] = [
            # TRANSLATORS: {language} is the language's own name (Deutsch, 日本語).
            (_("Language: {language}").format(language=self._language_shown()), self._language),
            (
                _("Animation speed: {value}").format(value=speed_name(s.animation_speed)),
                self._speed,
            ),
            (_("AI thinking pauses: {value}").format(value=pace_name(s.ai_pace)), self._pace),
            (_("Sound effects: {percent}%").format(percent=round(s.volume * 100)), self._volume),
            (_("Music: {percent}%").format(percent=round(s.music_volume * 100)), self._music),
            (_("Colorblind shapes: {value}").format(value=on_off(s.shapes)), self._shapes),
            (_("Reduced motion: {value}").format(value=on_off(s.reduced_motion)), self._motion),
            (_("Large text: {value}").format(value=on_off(s.large_text)), self._text),
            (
                _("Full screen: {value} (F11)").format(value=on_off(s.fullscreen)),
                self._fullscreen,
            ),
            (_("Keys and controller buttons"), self._controls),
            (_("Back"), self.app.pop),
        ]
        focus = self.menu.focus
        self.menu.buttons = [
            Button(pygame.Rect(560, ROW_TOP + i * ROW_PITCH, 800, ROW_HEIGHT), label, click)
            for i, (label, click) in enumerate(rows)
        ]
        self.menu.focus = focus

    def _language_shown(self) -> str:
        """The chosen language's own name; following the system, the one the screen speaks."""
        return language_name(self.app.settings.language or active().code)

    def _language(self) -> None:
        # The app switches every screen (this one's rows too, by relabel) and stores the choice.
        self.app.set_language(next_language(self.app.settings.language))
        self._changed()

    def _speed(self) -> None:
        self.app.settings.animation_speed = next_step(SPEEDS, self.app.settings.animation_speed)
        self._changed()

    def _pace(self) -> None:
        self.app.settings.ai_pace = next_step(PACES, self.app.settings.ai_pace)
        self._changed()

    def _volume(self) -> None:
        self.app.settings.volume = next_step(VOLUMES, self.app.settings.volume)
        self.app.media.sounds.set_volume(self.app.settings.volume)
        self._changed()

    def _music(self) -> None:
        self.app.settings.music_volume = next_step(MUSIC_VOLUMES, self.app.settings.music_volume)
        self.app.music.set_volume(self.app.settings.music_volume)
        self._changed()

    def _shapes(self) -> None:
        self.app.settings.shapes = not self.app.settings.shapes
        self.app.media.art.set_shapes(self.app.settings.shapes)
        self._changed()

    def _motion(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self._changed()

    def _text(self) -> None:
        self.app.settings.large_text = not self.app.settings.large_text
        set_large_text(self.app.settings.large_text)
        self._changed()

    def _controls(self) -> None:
        self.app.go(Controls())

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._changed()

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("Settings"), 56, (960, 70), GOLD, Weight.BLACK, shadow=True)
        self.menu.draw(surface)
        note = self.problem or _("Settings are saved as you change them.")
        draw_text(surface, note, 22, (960, 1000), MUTED)
