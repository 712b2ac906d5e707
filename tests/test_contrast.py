"""Every text the game draws meets WCAG AA contrast against what is under it: 4.5:1, or 3:1 for
large text (24 px, or 18.66 px bold, as shown on a 1366x768 screen). White on the yellow colour
button measured 1.8:1.

The pairs are not a list kept by hand: the main screens are opened and drawn, and every line
``draw_text`` draws is checked against the average colour under it just before
(``scenes.ui.watching_text``); the palette's fixed pairs are checked too (button fills, the
card count badge, the banner and panel colours over the felt)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game.cards import Color
from scenes.art import COLOR_RGB
from scenes.assets import Weight, scaled
from scenes.board.hud import LAST_CARD, PANEL_FILL
from scenes.table.joinscreen import JOINED
from scenes.ui import (
    AA_LARGE,
    AA_NORMAL,
    DANGER,
    GOLD,
    INK,
    MUTED,
    PANEL,
    WHITE,
    Drawn,
    contrast,
    detail_for,
    ink_for,
    lit,
    over,
    set_large_text,
)
from tests.screens_shown import SCREENS, disabled_buttons, watch

SHOWN = 1366 / 1920  # the logical layout as shown on a 1366x768 screen


@pytest.fixture(autouse=True)
def normal_text_after() -> Iterator[None]:
    yield
    set_large_text(False)


def needed(line: Drawn) -> float:
    """The ratio WCAG asks of this line, by its size on a 1366x768 screen."""
    pixels = scaled(line.size) * SHOWN
    bold = line.weight in (Weight.BOLD, Weight.BLACK)
    return AA_LARGE if pixels >= 24 or (bold and pixels >= 18.66) else AA_NORMAL


def test_the_ratio_is_wcags() -> None:
    assert contrast(WHITE, (0, 0, 0)) == pytest.approx(21.0)
    assert contrast(WHITE, WHITE) == pytest.approx(1.0)
    assert contrast((118, 118, 118), WHITE) == pytest.approx(4.54, abs=0.01)  # the AA grey


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("name", list(SCREENS))
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_text_on_the_main_screens_meets_aa(name: str, large: bool) -> None:
    pygame.init()
    app = SCREENS[name](large)
    drawn, _ = watch(app)
    off = disabled_buttons(app)  # WCAG asks nothing of inactive controls
    checked = 0
    for line in drawn:
        if any(rect.contains(line.rect) for rect in off):
            continue
        ratio = contrast(line.color, line.background)
        assert ratio >= needed(line), (name, line.text, line.color, line.background, ratio)
        checked += 1
    assert checked >= 3, name  # the screen was drawn and its text seen


BUTTON_FILLS = [
    *COLOR_RGB.values(),  # the colour picker
    (40, 56, 72),  # every plain button
    (40, 110, 70),  # the score's first button
    (40, 130, 80),  # Start, Quick game
    (200, 60, 40),  # UNO!
    (170, 40, 90),  # Catch
    (40, 90, 150),  # Draw
    (120, 60, 40),  # the title's Quit
    (90, 70, 30),  # a changed rule
    (22, 32, 42),  # a name field
]


@pytest.mark.parametrize("fill", BUTTON_FILLS)
def test_button_text_reads_on_every_fill_lit_or_not(fill: tuple[int, int, int]) -> None:
    shown = over((*fill, 245), INK)
    text = ink_for(shown)
    assert contrast(text, shown) >= AA_NORMAL, fill
    assert contrast(detail_for(shown), shown) >= AA_NORMAL, fill
    lighter = over((*lit(fill, text), 245), INK)
    assert contrast(text, lighter) >= AA_NORMAL, fill
    assert contrast(detail_for(lighter), lighter) >= AA_NORMAL, fill


FELT = (34, 124, 74)  # the felt's centre, its lightest green (scenes.art.felt)


def test_white_on_the_yellow_button_was_the_failure() -> None:
    yellow = over((*COLOR_RGB[Color.YELLOW], 245), INK)
    assert contrast(WHITE, yellow) < 2
    assert contrast(ink_for(yellow), yellow) >= AA_NORMAL


@pytest.mark.parametrize(
    ("text", "fill"),
    [
        (WHITE, (*LAST_CARD, 255)),  # the count badge at one card
        (WHITE, (48, 64, 84, 255)),  # the count badge
        (GOLD, PANEL_FILL),
        (WHITE, PANEL_FILL),
        ((220, 226, 232), PANEL_FILL),  # the move log
        (MUTED, (12, 18, 26, 225)),  # a plate's second line
        (GOLD, (8, 12, 18, 190)),  # the banner's prompt
        ((255, 170, 160), (8, 12, 18, 190)),  # the banner's refusal
        (WHITE, PANEL),
        (MUTED, PANEL),
        (DANGER, PANEL),
        (JOINED, PANEL),
        (GOLD, PANEL),
        (DANGER, (10, 16, 22, 200)),  # the setup's "Cannot start" line
        (MUTED, (10, 16, 22, 200)),
        (DANGER, (10, 14, 20, 240)),  # the join screen's address problem
    ],
)
def test_panel_colours_over_the_felt(text: tuple[int, int, int], fill: tuple[int, ...]) -> None:
    assert contrast(text, over(fill, FELT)) >= AA_NORMAL
