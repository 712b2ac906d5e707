"""The art drawn in code: every face of every deck renders at the right size, different cards
look different, caches hand back the same surfaces, and the felt is a gradient, not a fill."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import scenes.art as art_module
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck, find_cards
from scenes.art import (
    COLOR_RGB,
    CardArt,
    Icon,
    avatar,
    card_size,
    color_shape,
    draw_ahead,
    felt,
    icon,
    panel,
)

WIDTHS = (56, 120)


def distinct_cards() -> list[Card]:
    kinds: dict[tuple[Color | None, Rank, bool], Card] = {}
    for kind in DeckKind:
        for card in deck(kind):
            kinds.setdefault((card.color, card.rank, card.house_rule), card)
    return list(kinds.values())


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def card(code: str, kind: DeckKind = DeckKind.HOUSE_RULES) -> Card:
    return find_cards(deck(kind), [code])[0]


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt()


def test_card_size_is_five_by_seven() -> None:
    assert card_size(120) == (120, 168)
    assert card_size(55) == (55, 77)


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_distinct_face_renders_at_the_requested_size(art: CardArt) -> None:
    cards = distinct_cards()
    # Classic 54 kinds, 2 from the 2023 deck, 20 House Rules numbers and the Game Changer.
    assert len(cards) == 77
    for width in WIDTHS:
        for c in cards:
            face = art.face(c, width)
            assert face.get_size() == card_size(width), c.code
            assert face.get_flags() & pygame.SRCALPHA
            # Opaque in the middle, transparent outside the rounded corner.
            assert face.get_at((width // 2, card_size(width)[1] // 2)).a == 255
            assert face.get_at((0, 0)).a < 40


def test_all_distinct_faces_differ(art: CardArt) -> None:
    for width in WIDTHS:
        images = {pixels(art.face(c, width)) for c in distinct_cards()}
        assert len(images) == 77


def test_faces_differ_from_the_back_and_by_color(art: CardArt) -> None:
    back = pixels(art.back(120))
    red, blue = art.face(card("R7"), 120), art.face(card("B7"), 120)
    assert pixels(red) != back
    middle = (60, 10)  # on the colored field, above the oval
    assert red.get_at(middle)[:3] != blue.get_at(middle)[:3]
    r, g, b = red.get_at(middle)[:3]
    assert r > g + 80 and r > b + 80


def test_house_rules_cards_carry_a_mark(art: CardArt) -> None:
    plain = art.face(card("R3"), 120)
    house = art.face(card("R3H"), 120)
    assert pixels(plain) != pixels(house)


def test_cache_returns_the_same_surface(art: CardArt) -> None:
    c = card("G+2", DeckKind.CLASSIC)
    other = find_cards(deck(DeckKind.CLASSIC), ["G+2", "G+2"])[1]
    assert art.face(c, 100) is art.face(c, 100)
    assert art.face(c, 100) is art.face(other, 100)
    assert art.back(100) is art.back(100)
    assert art.face(c, 100) is not art.face(c, 101)


def test_shapes_switch_changes_colored_faces_only(art: CardArt) -> None:
    plain = CardArt(shapes=False)
    assert pixels(plain.face(card("Y5"), 120)) != pixels(art.face(card("Y5"), 120))
    assert pixels(plain.face(card("W"), 120)) == pixels(art.face(card("W"), 120))
    plain.set_shapes(True)
    assert pixels(plain.face(card("Y5"), 120)) == pixels(art.face(card("Y5"), 120))


def test_color_shapes_differ_by_color() -> None:
    shapes = [color_shape(color, 40, (255, 255, 255)) for color in COLORS]
    assert len({pixels(s) for s in shapes}) == 4
    for shape in shapes:
        assert shape.get_size() == (40, 40)
        assert shape.get_at((20, 20)).a == 255
        assert shape.get_at((0, 0)).a == 0
    assert color_shape(Color.BLUE, 40).get_at((20, 20))[:3] == COLOR_RGB[Color.BLUE]


def test_four_distinct_saturated_colors() -> None:
    colors = list(COLOR_RGB.values())
    assert len(set(colors)) == 4
    for r, g, b in colors:
        assert max(r, g, b) - min(r, g, b) > 120


def test_icons_are_distinct_and_tinted() -> None:
    images = [icon(kind, 48) for kind in Icon]
    assert all(i.get_size() == (48, 48) for i in images)
    assert len({pixels(i) for i in images}) == len(Icon)
    gold = icon(Icon.CROWN, 48, (255, 200, 0))
    covered = [gold.get_at((x, y)) for x in range(48) for y in range(48)]
    assert all(c[:3] == (255, 200, 0) for c in covered if c.a > 0)


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_drawing_ahead_keeps_every_slow_part_a_tables_faces_need() -> None:
    # The first screens' spare time draws a face of every rank and every color (draw_ahead):
    # after it, every face of every deck, at every width a table draws cards at, is made
    # without drawing a glyph mask or its outline again (a card's first face took 5 to 20 ms,
    # mostly for those).
    parts = (art_module._mask, art_module._outline, art_module._index_mask, art_module._text_mask)
    for part in (*parts, art_module._master_face):
        part.cache_clear()  # as at the start: other tests drew faces
    CardArt.forget()
    for _ in draw_ahead(CardArt()):
        pass
    misses = [part.cache_info().misses for part in parts]
    art = CardArt()
    for card in distinct_cards():
        for width in (130, 120, 84, 64, 50, 41):
            art.face(card, width)
    assert [part.cache_info().misses for part in parts] == misses


def test_shadow_grows_with_lift(art: CardArt) -> None:
    low, low_offset = art.shadow(120, 0.0)
    high, high_offset = art.shadow(120, 1.0)
    assert high.get_width() > low.get_width()
    assert high_offset[1] > low_offset[1] > 0


def test_glow_is_larger_than_the_card(art: CardArt) -> None:
    glow = art.glow(120, (255, 210, 80))
    w, h = card_size(120)
    assert glow.get_width() > w and glow.get_height() > h
    assert (
        glow.get_at((glow.get_width() // 2, 1)).a
        < glow.get_at((glow.get_width() // 2, glow.get_height() // 2 - h // 2)).a
    )


def test_felt_is_a_gradient_of_the_requested_size() -> None:
    table = felt((640, 360))
    assert table.get_size() == (640, 360)
    center = table.get_at((320, 180))
    corner = table.get_at((4, 4))
    assert center.g > corner.g + 30
    assert center.g > center.r and center.g > center.b
    assert felt((640, 360)) is table


def test_avatar_and_panel() -> None:
    face = avatar("Ana", 64, 1)
    assert face.get_size() == (64, 64)
    assert face.get_at((0, 0)).a == 0 and face.get_at((32, 32)).a == 255
    assert pixels(avatar("Ana", 64, 2)) != pixels(face)
    plate = panel((200, 80), 16, (10, 20, 30, 200), (255, 255, 255, 60))
    assert plate.get_size() == (200, 80)
    assert plate.get_at((0, 0)).a == 0
    assert plate.get_at((100, 40)) == pygame.Color(10, 20, 30, 200)


def test_art_needs_no_display() -> None:
    # A fresh interpreter, since other tests in the session may have opened a window.
    script = (
        "import pygame\n"
        "from game.cards import deck, DeckKind\n"
        "from scenes.art import CardArt, felt, icon, Icon\n"
        "art = CardArt()\n"
        "art.face(deck(DeckKind.CLASSIC)[0], 90); art.back(90); art.shadow(90, 0.5)\n"
        "felt((64, 36)); icon(Icon.SKIP, 32)\n"
        "assert not pygame.display.get_init()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        check=False,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr
