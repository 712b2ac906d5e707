"""Icons and color shapes: white drawings on a transparent layer (skip, reverse, draw, UNO,
crown, menu...), drawn large, tinted and shrunk; ``icon`` and ``color_shape`` give them at a size.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.cards import Color
from scenes.art.geometry import (
    _arc_arrow,
    _arrow_head,
    _bezier,
    _polyline,
    _rotate,
    _rounded_rect,
    _thick_line,
)
from scenes.art.palette import CARD_RATIO, CLEAR_WHITE, COLOR_RGB, RGB, RGBA, WHITE, Point


class Icon(enum.Enum):
    """The single-color pictograms of the interface, also used on the cards."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW = "draw"
    UNO = "uno"
    CROWN = "crown"
    MENU = "menu"
    HOUSE = "house"
    SHUFFLE = "shuffle"
    PENCIL = "pencil"
    BOLT = "bolt"


Drawer = Callable[[pygame.Surface, pygame.FRect, RGBA], None]


def _erase(color: RGBA) -> RGBA:
    return (color[0], color[1], color[2], 0)


def _glyph_skip(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    radius = min(r.width, r.height) / 2
    ring = radius * 0.22
    pygame.draw.circle(s, c, r.center, radius)
    pygame.draw.circle(s, _erase(c), r.center, radius - ring)
    d = (radius - ring * 0.6) / math.sqrt(2)
    a = (r.centerx - d, r.centery - d)
    b = (r.centerx + d, r.centery + d)
    pygame.draw.polygon(s, c, _thick_line(a, b, ring))


def _glyph_reverse(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    size = min(r.width, r.height)
    radius, thick = size * 0.33, size * 0.15
    for start in (-135.0, 45.0):
        _arc_arrow(s, c, r.center, radius, thick, start + 8, start + 152, size * 0.2)


def _glyph_clockwise(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    size = min(r.width, r.height)
    thick = size * 0.08
    radius = size / 2 - thick * 1.5
    for k in range(3):
        start = -90 + k * 120 + 12
        _arc_arrow(s, c, r.center, radius, thick, start, start + 100, size * 0.15)


def _glyph_counterclockwise(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    layer.fill(_erase(c))
    _glyph_clockwise(layer, r, c)
    s.blit(pygame.transform.flip(layer, True, False), (0, 0))


def _card_outline(center: Point, width: float, angle: float) -> list[Point]:
    rect = pygame.FRect(0, 0, width, width * CARD_RATIO)
    rect.center = center
    return _rotate(_rounded_rect(rect, width * 0.14), center, angle)


def _glyph_draw(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    w = min(r.width / 1.45, r.height / CARD_RATIO / 1.35)
    gap = w * 0.1
    back = (r.centerx - w * 0.2, r.centery - w * 0.12)
    front = (r.centerx + w * 0.2, r.centery + w * 0.12)
    pygame.draw.polygon(s, c, _card_outline(back, w, -12))
    pygame.draw.polygon(s, _erase(c), _card_outline(front, w + gap * 2, -12))
    pygame.draw.polygon(s, c, _card_outline(front, w, -12))
    arm, bar = w * 0.3, w * 0.11
    pygame.draw.rect(s, _erase(c), (front[0] - arm, front[1] - bar / 2, arm * 2, bar))
    pygame.draw.rect(s, _erase(c), (front[0] - bar / 2, front[1] - arm, bar, arm * 2))


def _glyph_uno(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    x, y, w, h = r.x, r.y, r.width, r.height
    bubble = pygame.FRect(x + w * 0.06, y + h * 0.1, w * 0.88, h * 0.64)
    pygame.draw.rect(s, c, bubble, border_radius=round(h * 0.2))
    pygame.draw.polygon(
        s, c, [(x + w * 0.26, y + h * 0.6), (x + w * 0.2, y + h * 0.94), (x + w * 0.5, y + h * 0.7)]
    )
    bar = pygame.FRect(0, 0, w * 0.11, h * 0.3)
    bar.midtop = (bubble.centerx, bubble.y + h * 0.1)
    pygame.draw.rect(s, _erase(c), bar, border_radius=round(w * 0.04))
    pygame.draw.circle(s, _erase(c), (bubble.centerx, bubble.bottom - h * 0.12), w * 0.065)


def _glyph_crown(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    x, y, w, h = r.x, r.y, r.width, r.height
    tips = [(0.1, 0.3), (0.5, 0.16), (0.9, 0.3)]
    outline = [
        (0.16, 0.74),
        (0.1, 0.3),
        (0.33, 0.52),
        (0.5, 0.16),
        (0.67, 0.52),
        (0.9, 0.3),
        (0.84, 0.74),
    ]
    pygame.draw.polygon(s, c, [(x + px * w, y + py * h) for px, py in outline])
    for px, py in tips:
        pygame.draw.circle(s, c, (x + px * w, y + py * h), w * 0.07)
    band = pygame.FRect(x + w * 0.16, y + h * 0.78, w * 0.68, h * 0.12)
    pygame.draw.rect(s, c, band, border_radius=round(h * 0.03))


def _glyph_menu(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    for row in (0.24, 0.5, 0.76):
        bar = pygame.FRect(r.x + r.width * 0.14, 0, r.width * 0.72, r.height * 0.13)
        bar.centery = r.y + r.height * row
        pygame.draw.rect(s, c, bar, border_radius=round(bar.height / 2))


def _glyph_house(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    x, y, w, h = r.x, r.y, r.width, r.height
    pygame.draw.rect(s, c, (x + w * 0.68, y + h * 0.12, w * 0.12, h * 0.3))
    roof = [(x + w * 0.5, y + h * 0.06), (x + w * 0.97, y + h * 0.5), (x + w * 0.03, y + h * 0.5)]
    pygame.draw.polygon(s, c, roof)
    pygame.draw.rect(s, c, (x + w * 0.17, y + h * 0.44, w * 0.66, h * 0.5))
    pygame.draw.rect(s, _erase(c), (x + w * 0.42, y + h * 0.64, w * 0.16, h * 0.3))


def _glyph_shuffle(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    x, y, w, h = r.x, r.y, r.width, r.height
    line = w * 0.11

    def path(y0: float, y1: float) -> list[Point]:
        return _bezier(
            (x + w * 0.06, y + h * y0),
            (x + w * 0.42, y + h * y0),
            (x + w * 0.42, y + h * y1),
            (x + w * 0.74, y + h * y1),
        )

    rising, falling = path(0.74, 0.3), path(0.3, 0.74)
    _polyline(s, c, rising, line)
    pygame.draw.polygon(s, c, _arrow_head((x + w * 0.98, y + h * 0.3), 0.0, w * 0.26, w * 0.3))
    # The second arrow passes over the first: a clear gap shows which is on top.
    _polyline(s, _erase(c), falling[6:-6], line * 2.2)
    _polyline(s, c, falling, line)
    pygame.draw.polygon(s, c, _arrow_head((x + w * 0.98, y + h * 0.74), 0.0, w * 0.26, w * 0.3))


def _glyph_pencil(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    size = min(r.width, r.height)
    length, girth = size * 1.22, size * 0.26
    x0 = r.centerx - length / 2
    top, bottom = r.centery - girth / 2, r.centery + girth / 2
    eraser = [(x0, top), (x0 + length * 0.15, top), (x0 + length * 0.15, bottom), (x0, bottom)]
    body = [
        (x0 + length * 0.2, top),
        (x0 + length * 0.72, top),
        (x0 + length, r.centery),
        (x0 + length * 0.72, bottom),
        (x0 + length * 0.2, bottom),
    ]
    collar = [
        (x0 + length * 0.72, top),
        (x0 + length * 0.76, top),
        (x0 + length * 0.76, bottom),
        (x0 + length * 0.72, bottom),
    ]
    for shape in (eraser, body):
        pygame.draw.polygon(s, c, _rotate(shape, r.center, -45))
    pygame.draw.polygon(s, _erase(c), _rotate(collar, r.center, -45))


def _glyph_bolt(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    x, y, w, h = r.x, r.y, r.width, r.height
    outline = [
        (0.62, 0.02),
        (0.16, 0.56),
        (0.45, 0.56),
        (0.34, 0.98),
        (0.84, 0.4),
        (0.55, 0.4),
        (0.74, 0.02),
    ]
    pygame.draw.polygon(s, c, [(x + px * w, y + py * h) for px, py in outline])


_ICON_DRAWERS: dict[Icon, Drawer] = {
    Icon.CLOCKWISE: _glyph_clockwise,
    Icon.COUNTERCLOCKWISE: _glyph_counterclockwise,
    Icon.SKIP: _glyph_skip,
    Icon.REVERSE: _glyph_reverse,
    Icon.DRAW: _glyph_draw,
    Icon.UNO: _glyph_uno,
    Icon.CROWN: _glyph_crown,
    Icon.MENU: _glyph_menu,
    Icon.HOUSE: _glyph_house,
    Icon.SHUFFLE: _glyph_shuffle,
    Icon.PENCIL: _glyph_pencil,
    Icon.BOLT: _glyph_bolt,
}


def _shape_circle(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    pygame.draw.circle(s, c, r.center, min(r.width, r.height) * 0.44)


def _shape_triangle(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    # An equilateral triangle looks smaller than a circle of the same box: it fills the box.
    w = min(r.width, r.height)
    h = w * math.sqrt(3) / 2
    top = r.centery - h / 2 - w * 0.04
    pygame.draw.polygon(
        s, c, [(r.centerx, top), (r.centerx + w / 2, top + h), (r.centerx - w / 2, top + h)]
    )


def _shape_square(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    side = min(r.width, r.height) * 0.78
    box = pygame.FRect(0, 0, side, side)
    box.center = r.center
    pygame.draw.rect(s, c, box, border_radius=round(side * 0.08))


def _shape_diamond(s: pygame.Surface, r: pygame.FRect, c: RGBA) -> None:
    half = min(r.width, r.height) * 0.52
    cx, cy = r.center
    pygame.draw.polygon(
        s, c, [(cx, cy - half), (cx + half * 0.8, cy), (cx, cy + half), (cx - half * 0.8, cy)]
    )


_SHAPE_DRAWERS: dict[Color, Drawer] = {
    Color.RED: _shape_circle,
    Color.YELLOW: _shape_triangle,
    Color.GREEN: _shape_square,
    Color.BLUE: _shape_diamond,
}


@lru_cache(maxsize=128)
def _mask(drawer: Drawer, size: tuple[float, float]) -> pygame.Surface:
    """A white glyph filling ``size`` on a transparent layer."""
    layer = pygame.Surface((math.ceil(size[0]), math.ceil(size[1])), pygame.SRCALPHA)
    layer.fill(CLEAR_WHITE)
    drawer(layer, pygame.FRect(0, 0, size[0], size[1]), (*WHITE, 255))
    return layer


@lru_cache(maxsize=160)
def _tint(mask: pygame.Surface, rgb: RGB) -> pygame.Surface:
    """The mask in ``rgb``; cached, so callers must not change the result."""
    tinted = mask.copy()
    tinted.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted


def _shrink(drawer: Drawer, size: tuple[int, int], rgb: RGB, scale: int) -> pygame.Surface:
    small = pygame.transform.smoothscale(_mask(drawer, (size[0] * scale, size[1] * scale)), size)
    small.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return small


def _supersample(size: int) -> int:
    """How much larger to draw a picture of ``size`` pixels: 4x, less for big pictures."""
    return max(2, min(4, 1600 // max(1, size)))


@lru_cache(maxsize=512)
def icon(kind: Icon, size: int, rgb: RGB = WHITE) -> pygame.Surface:
    """A square pictogram ``size`` pixels wide in one color, on a transparent background."""
    return _shrink(_ICON_DRAWERS[kind], (size, size), rgb, _supersample(size))


@lru_cache(maxsize=256)
def color_shape(color: Color, size: int, rgb: RGB | None = None) -> pygame.Surface:
    """The shape that stands for ``color`` (red circle, yellow triangle, green square, blue
    diamond), ``size`` pixels square, filled with ``rgb`` or the color itself."""
    fill = COLOR_RGB[color] if rgb is None else rgb
    return _shrink(_SHAPE_DRAWERS[color], (size, size), fill, _supersample(size))
