"""The window in and out of full screen (F11): back from full screen it has the size it had
before (fitted to the desktop), can shrink again, and shows the whole table.

pygame's dummy driver cannot go full screen, so its ``toggle_fullscreen`` is replaced by one
that does what pygame-ce 2.5's does to a SCALED window on X11 (src_c/display.c,
pg_toggle_fullscreen): the window fills the desktop; back in a window it is made the logical
size, that size becomes its minimum, and the renderer asks for whole-number scaling again. The
real window was checked under Xvfb at 1366x768 with openbox (the commit message says how)."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes import app as app_module
from scenes.app import (
    LOGICAL_SIZE,
    MIN_WINDOW,
    App,
    display_window,
    fitting_size,
    windowed_size,
)
from scenes.store.settings import Settings

DESKTOP = (1366, 768)


class FakeFullScreen:
    """pygame's toggle as it behaves on X11 with SCALED, on the dummy driver's window."""

    def __init__(self) -> None:
        self.on = False
        self.integer_scale = False

    def toggle(self) -> None:
        window = display_window()
        if self.on:
            window.size = LOGICAL_SIZE
            window.minimum_size = LOGICAL_SIZE
            self.integer_scale = True
        else:
            window.size = DESKTOP
        self.on = not self.on

    def fractional(self, window: pygame.Window) -> bool:
        self.integer_scale = False
        return True


@pytest.fixture(autouse=True)
def fresh_display() -> Iterator[None]:
    """Each test opens its own window: a display surface left over from a window another test
    resized crashed the next ``set_mode`` on the dummy driver."""
    pygame.display.quit()
    yield
    pygame.display.quit()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeFullScreen:
    fake = FakeFullScreen()
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", fake.toggle)
    monkeypatch.setattr(pygame.display, "is_fullscreen", lambda: fake.on)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [DESKTOP])
    monkeypatch.setattr(app_module, "allow_fractional_scale", fake.fractional)
    return fake


def test_fitting_size_keeps_16_9_within_85_percent_of_a_small_desktop() -> None:
    assert fitting_size((1366, 768)) == (1160, 652)
    assert fitting_size((3840, 2160)) == LOGICAL_SIZE
    assert fitting_size(None) == LOGICAL_SIZE


def test_windowed_size_is_the_size_before_unless_it_no_longer_fits() -> None:
    assert windowed_size((800, 450), DESKTOP) == (800, 450)
    assert windowed_size(None, DESKTOP) == (1160, 652)  # opened in full screen
    assert windowed_size((1920, 1080), DESKTOP) == (1160, 652)  # larger than the desktop
    assert windowed_size((300, 200), DESKTOP) == MIN_WINDOW
    # As tall as the screen less a title bar's height or so: it came back past the bottom edge.
    assert windowed_size((1366, 740), DESKTOP) == (1160, 652)
    assert windowed_size((1200, 675), DESKTOP) == (1200, 675)


def test_ten_toggles_with_resizes_always_leave_a_window_that_fits(fake: FakeFullScreen) -> None:
    app = App(Settings())
    window = display_window()
    window.minimum_size = MIN_WINDOW  # as opening a real window leaves it
    sizes = [(1000, 562), (800, 450), (1200, 675), (700, 394), (1100, 619)]
    before = window.size = (1160, 652)
    for i in range(10):
        app.toggle_fullscreen()
        assert app.settings.fullscreen is fake.on
        if fake.on:
            assert window.size == DESKTOP
            continue
        assert window.size == before, f"toggle {i + 1}"
        assert window.minimum_size == MIN_WINDOW, f"toggle {i + 1}"
        assert not fake.integer_scale  # the whole table, at any window size
        before = window.size = sizes[i // 2 % len(sizes)]  # the player drags the window
        assert window.size == before  # the minimum lets it shrink
    assert app.screen.get_size() == LOGICAL_SIZE


def test_a_game_opened_in_full_screen_comes_back_fitted(fake: FakeFullScreen) -> None:
    app = App(Settings())
    fake.on = True  # as open_window leaves it with the setting on
    app.settings.fullscreen = True
    app.toggle_fullscreen()
    assert not app.settings.fullscreen
    assert display_window().size == (1160, 652)
    assert display_window().minimum_size == MIN_WINDOW


def test_a_driver_that_cannot_go_full_screen_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse() -> None:
        raise pygame.error("Unsupported platform")

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", refuse)
    app = App(Settings())
    size = display_window().size
    app.toggle_fullscreen()
    assert not app.settings.fullscreen
    assert display_window().size == size
