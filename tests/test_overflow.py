"""Nothing overflows: every screen of ``tools.screens`` drawn in every language and in the
pseudo-locale (40% longer), Large text off and on, with the text layer watching: no line wider
than its box, none outside the screen, no two lines over each other. The game draws every
window size on the same 1920x1080 surface (scaled by SDL), so a 1366x768 window shows these
very pixels, smaller."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from scenes import ui
from scenes.app import App, use_language
from scenes.assets import Weight
from tools.screens import shots


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    pygame.init()
    yield
    use_language(i18n.ENGLISH)
    ui.set_large_text(False)


def spilled(large: bool) -> list[str]:
    found: list[str] = []

    def look(app: App, name: str) -> None:
        with ui.watching_overflow() as overflow:
            app.draw()
        for o in overflow:
            other = f" and {o.other!r}" if o.other else ""
            found.append(f"{name}: {o.text!r}{other} {o.kind.value} ({o.width} > {o.box:g})")

    for _name in shots(None, large, look):
        pass
    return found


@pytest.mark.slow
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("language", [*i18n.CODES, i18n.PSEUDO])
def test_no_screen_overflows(language: str, large: bool) -> None:
    use_language(language)
    problems = spilled(large)
    assert not problems, "\n".join(problems)


def test_a_line_wider_than_its_box_is_reported() -> None:
    surface = pygame.Surface((400, 100))
    with ui.watching_overflow() as overflow:
        ui.draw_text(surface, "A long label", 30, (200, 50), box=60)
        ui.draw_text(surface, "fits", 30, (200, 20), box=300)
    assert [(o.text, o.kind) for o in overflow] == [("A long label", ui.Spill.WIDER)]


def test_a_fitted_line_still_too_wide_is_reported_without_a_box() -> None:
    """A caller that fitted or cut the text passes no box: the width it fitted to is used."""
    surface = pygame.Surface((800, 100))
    text = "An exceedingly long caption for a narrow button"
    with ui.watching_overflow() as overflow:
        size = ui.fit_size(text, 30, 120)  # the floor (14) still does not fit
        ui.draw_text(surface, text, size, (400, 50))
        cut = ui.ellipsize(text, 30, 200)
        ui.draw_text(surface, cut, 30, (400, 20))
    assert [(o.text, o.kind, o.box) for o in overflow] == [(text, ui.Spill.WIDER, 120)]


def test_lines_outside_the_surface_and_over_each_other_are_reported() -> None:
    surface = pygame.Surface((400, 200))
    with ui.watching_overflow() as overflow:
        ui.draw_text(surface, "Off the edge", 30, (390, 50))
        ui.draw_text(surface, "First line", 30, (200, 120))
        ui.draw_text(surface, "Second line", 30, (200, 130))
        ui.new_layer()  # an overlay's text over the lines below is not an overlap
        ui.draw_text(surface, "Overlay", 30, (200, 125))
    kinds = sorted((o.kind.name, o.text, o.other) for o in overflow)
    assert kinds == [
        ("OUTSIDE", "Off the edge", ""),
        ("OVERLAP", "First line", "Second line"),
    ]


def test_wrapped_lines_carry_their_box() -> None:
    surface = pygame.Surface((800, 400))
    with ui.watching_overflow() as overflow:
        lines = ui.wrap("a Supercalifragilisticexpialidocious word", 30, 120)
        for i, line in enumerate(lines):
            ui.draw_text(surface, line, 30, (400, 40 + 50 * i), weight=Weight.REGULAR)
    assert [o.text for o in overflow] == ["Supercalifragilisticexpialidocious"]


def test_a_question_dialog_fits_its_lines_to_its_panel() -> None:
    """A translated question longer than the dialog is drawn smaller, inside the panel."""
    surface = pygame.Surface((1920, 1080))
    rect = pygame.Rect(460, 340, 1000, 400)
    long = "Replace the match in progress with a brand new one, forgetting every card played?"
    with ui.watching_overflow() as overflow, ui.watching_text() as (drawn, _shrunk):
        ui.draw_question(surface, rect, long, ["Your match so far is lost for good " * 2])
    assert overflow == []
    assert all(rect.contains(line.rect) for line in drawn)
