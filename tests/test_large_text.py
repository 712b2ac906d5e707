"""Large text is a real step, and the screens make room for it: every text is drawn at least
1.35 times its normal size (it was 1.2, and fitted text came out about 10% larger), and on the
main screens, at 1366x768's layout with Large text on, no text is cut or shrunk below that
step where the screen has room, and no two lines of text run into each other. What is checked
is what the screens really draw (``scenes.ui.watching_text``), with the game's default names."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game.match import AI_NAMES
from scenes.assets import LARGE_TEXT_SCALE, Weight, font
from scenes.board.hud import plate_parts, scores_rect
from scenes.board.layout import PLAYERS, load_layout
from scenes.setup import LEFT, RIGHT
from scenes.ui import Button, Drawn, render, set_large_text, watching_text
from tests.screens_shown import SCREENS, watch

STEP = 1.35


@pytest.fixture(autouse=True)
def normal_text_after() -> Iterator[None]:
    yield
    set_large_text(False)


def ink(line: Drawn) -> pygame.Rect:
    """Where a line's letters are (its box has air above and below them)."""
    image = render(line.text, line.size, line.color, line.weight)
    return image.get_bounding_rect().move(line.rect.topleft)


def test_every_text_is_at_least_a_step_larger() -> None:
    pygame.font.init()
    assert LARGE_TEXT_SCALE >= STEP
    for size in (14, 18, 20, 24, 34, 56):
        for weight in Weight:
            set_large_text(False)
            normal = font(size, weight).size("Chloe plays Red 7")
            set_large_text(True)
            large = font(size, weight).size("Chloe plays Red 7")
            assert large[0] >= STEP * normal[0] - 2 and large[1] >= STEP * normal[1] - 2


@pytest.mark.parametrize("name", list(SCREENS))
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_large_text_screens_cut_nothing_and_nothing_overlaps(name: str) -> None:
    pygame.init()
    app = SCREENS[name](True)
    drawn, shrunk = watch(app)
    assert drawn, name
    screen = app.screen.get_rect()
    inks = [ink(line) for line in drawn]
    for line, letters in zip(drawn, inks, strict=True):
        assert screen.contains(letters), (name, line.text)
        assert not line.text.endswith(("...", "\u2026")), (name, line.text)
    for i, first in enumerate(inks):
        for j in range(i + 1, len(inks)):
            if drawn[i].text != drawn[j].text:
                assert not first.colliderect(inks[j]), (name, drawn[i].text, drawn[j].text)
    # A text fitted to its place stays at least a step larger than its normal size.
    for fit in shrunk:
        assert fit.fitted * LARGE_TEXT_SCALE >= STEP * fit.size, (name, fit)


@pytest.mark.parametrize("players", [4, 10])
def test_the_setup_screen_keeps_its_texts_inside_their_panels(players: int) -> None:
    pygame.init()
    app = SCREENS[f"setup-{players}"](True)
    drawn, _ = watch(app)
    panels = [LEFT, RIGHT]
    for line in drawn:
        letters = ink(line)
        inside = [p for p in panels if p.colliderect(letters)]
        assert all(p.contains(letters) for p in inside), line.text


@pytest.mark.parametrize("players", list(PLAYERS))
def test_a_plate_shows_the_whole_name_and_level_at_large_text(players: int) -> None:
    """Names of up to eight letters and "Normal AI" are never cut on any plate (the plate
    reflows instead), and a plate's parts never overlap nor leave it."""
    pygame.font.init()
    set_large_text(True)
    layout = load_layout(players)
    names = ["You", *AI_NAMES, "Benedikt", "Gustavo"]
    for place in layout.seats:
        plate = place.plate.rect()
        for name in names:
            for count in ("7", "12"):
                parts = plate_parts(plate, name, "Normal AI", count)
                assert parts.name == name and parts.who == "Normal AI", (players, name)
                texts = parts.text_rects()
                for box in (*texts, parts.badge, parts.avatar):
                    assert plate.contains(box), (players, name, box)
                assert not texts[0].colliderect(texts[1])
                for box in texts:
                    assert not box.colliderect(parts.badge) and not box.colliderect(parts.avatar)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("players", list(PLAYERS))
def test_the_scores_panel_grows_with_its_rows_but_clear_of_every_plate(
    players: int, large: bool
) -> None:
    pygame.font.init()
    set_large_text(large)
    layout = load_layout(players)
    rect = scores_rect(layout, players, teams=False)
    rows = players if players <= 4 else (players + 1) // 2
    assert rect.height >= 48 + rows * font(18, Weight.REGULAR).get_linesize()
    assert rect.collidelist([seat.plate.rect() for seat in layout.seats]) == -1
    assert rect.collidelist([seat.hand.rect() for seat in layout.seats]) == -1


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_a_button_label_never_leaves_its_button(large: bool) -> None:
    """A name too long for a narrow button even at the smallest size is cut there, not drawn
    across the button's edge (the join screen's "Computer plays Maximiliano" at Large text)."""
    pygame.font.init()
    set_large_text(large)
    surface = pygame.Surface((800, 200))
    for label in ("Computer plays Maximiliano", "Computer plays Bartholomew Featherstone"):
        button = Button(pygame.Rect(100, 50, 240, 52), label, lambda: None, text_size=24)
        with watching_text() as (drawn, _):
            button.draw(surface)
        [line] = drawn
        assert button.rect.contains(ink(line)), (label, line.text)
