"""Every picture of the game drawn in code: card faces and backs, icons, color shapes, the felt,
avatars and panels. No image files are shipped, so the art is crisp at any size.

pygame's drawing primitives are aliased, so each picture is drawn at a larger scale and shrunk
with ``smoothscale``, whose area filter turns the hard edges into clean anti-aliasing. A card
face is drawn once per kind on a "master" card several times larger than any size the table
uses, and each requested width is a shrink of that master. Geometry is written in card units
(``u``, a hundredth of the master's width), so one layout serves every scale.

Nothing here needs a display: every surface is a plain SRCALPHA surface, so tests and tools run
headless.
"""

from __future__ import annotations

import enum
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import pairwise
from typing import Generic, TypeVar

import pygame

from game.cards import Card, Color, DeckKind, Rank, deck
from scenes.assets import Weight, font

CARD_RATIO = 7 / 5

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

COLOR_RGB: dict[Color, RGB] = {
    Color.RED: (224, 36, 48),
    Color.YELLOW: (250, 190, 20),
    Color.GREEN: (40, 164, 74),
    Color.BLUE: (24, 104, 216),
}

# The near-black of outlines and wild cards: pure black looks like a hole on screen.
INK: RGB = (22, 22, 28)
WHITE: RGB = (255, 255, 255)
# Masks are white with a coverage alpha; their transparent pixels keep the white color so that
# smoothscale, which averages channels without weighting by alpha, leaves no dark fringe.
CLEAR_WHITE: RGBA = (255, 255, 255, 0)
# Card edge: a hairline of grey keeps neighbouring white borders apart in a fanned hand.
EDGE: RGB = (178, 180, 188)
BACK_RED: RGB = (200, 28, 40)
GOLD: RGB = (255, 208, 64)

MASTER_WIDTH = 400  # at least 2.5 times the 160 px hand cards, so every shrink is clean
COMPACT_BELOW = 96  # narrower cards get larger corner indices and shapes
SHADOW_STEPS = 10  # a shadow is made for each tenth of a lift, and kept
FACE_CACHE = 400  # faces kept per CardArt: flights tween the width, so sizes come and go
OVAL_TILT = 30.0  # degrees the central oval leans right at the top, as on real cards


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card ``width`` pixels wide, in the 5:7 proportion."""
    return width, round(width * CARD_RATIO)


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


# ---------------------------------------------------------------------------------------------
# Geometry


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(_lerp(a[0], b[0], t)), round(_lerp(a[1], b[1], t)), round(_lerp(a[2], b[2], t)))


def _rotate(points: Sequence[Point], center: Point, degrees: float) -> list[Point]:
    """Points turned clockwise on screen (y points down) about ``center``."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    cx, cy = center
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def _ellipse(center: Point, rx: float, ry: float, tilt: float = 0.0, n: int = 144) -> list[Point]:
    """An ellipse of half-width ``rx`` and half-height ``ry``, turned ``tilt`` degrees."""
    cx, cy = center
    points = [
        (cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]
    return _rotate(points, center, tilt)


def _rounded_rect(rect: pygame.FRect, radius: float, steps: int = 8) -> list[Point]:
    """A rounded rectangle as a polygon, so it can be turned like any other outline."""
    r = min(radius, rect.width / 2, rect.height / 2)
    corners = (
        (rect.right - r, rect.bottom - r, 0),
        (rect.left + r, rect.bottom - r, 90),
        (rect.left + r, rect.top + r, 180),
        (rect.right - r, rect.top + r, 270),
    )
    points: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _thick_line(a: Point, b: Point, width: float) -> list[Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return [
        (a[0] + nx, a[1] + ny),
        (b[0] + nx, b[1] + ny),
        (b[0] - nx, b[1] - ny),
        (a[0] - nx, a[1] - ny),
    ]


def _polyline(surface: pygame.Surface, color: RGBA, points: Sequence[Point], width: float) -> None:
    """A thick line with round joins (pygame's own wide lines crack at the joints)."""
    for a, b in pairwise(points):
        pygame.draw.polygon(surface, color, _thick_line(a, b, width))
    for p in points:
        pygame.draw.circle(surface, color, p, width / 2)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 28) -> list[Point]:
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        k0, k1, k2, k3 = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append(
            (
                k0 * p0[0] + k1 * p1[0] + k2 * p2[0] + k3 * p3[0],
                k0 * p0[1] + k1 * p1[1] + k2 * p2[1] + k3 * p3[1],
            )
        )
    return out


def _arrow_head(tip: Point, direction: float, length: float, width: float) -> list[Point]:
    """A triangle whose tip points along ``direction`` (radians, screen coordinates)."""
    dx, dy = math.cos(direction), math.sin(direction)
    bx, by = tip[0] - dx * length, tip[1] - dy * length
    nx, ny = -dy * width / 2, dx * width / 2
    return [tip, (bx + nx, by + ny), (bx - nx, by - ny)]


def _arc_arrow(
    surface: pygame.Surface,
    color: RGBA,
    center: Point,
    radius: float,
    thickness: float,
    start: float,
    end: float,
    head: float,
) -> None:
    """A curved arrow along a circle from ``start`` to ``end`` degrees (clockwise on screen
    when ``end`` > ``start``), its head ``head`` long at the end."""
    sign = 1.0 if end > start else -1.0
    head_angle = math.degrees(head / radius)
    band_end = end - sign * head_angle * 0.8
    steps = max(8, int(abs(band_end - start) / 3))
    outer: list[Point] = []
    inner: list[Point] = []
    for i in range(steps + 1):
        a = math.radians(_lerp(start, band_end, i / steps))
        outer.append(
            (
                center[0] + (radius + thickness / 2) * math.cos(a),
                center[1] + (radius + thickness / 2) * math.sin(a),
            )
        )
        inner.append(
            (
                center[0] + (radius - thickness / 2) * math.cos(a),
                center[1] + (radius - thickness / 2) * math.sin(a),
            )
        )
    pygame.draw.polygon(surface, color, outer + inner[::-1])
    # The head's base sits on the circle and its tip leaves along the tangent.
    base = math.radians(end - sign * head_angle)
    tip_a = math.radians(end)
    tip = (center[0] + radius * math.cos(tip_a), center[1] + radius * math.sin(tip_a))
    bx, by = center[0] + radius * math.cos(base), center[1] + radius * math.sin(base)
    nx, ny = math.cos(base) * thickness * 1.25, math.sin(base) * thickness * 1.25
    pygame.draw.polygon(surface, color, [tip, (bx + nx, by + ny), (bx - nx, by - ny)])


# ---------------------------------------------------------------------------------------------
# Glyphs: white drawings on a transparent layer, later tinted, outlined or shrunk.

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


# ---------------------------------------------------------------------------------------------
# Text and outlined ("embossed") glyphs

_TEXT_RENDER_SIZE = 220


@cache
def _text_ink(text: str, weight: Weight) -> pygame.Surface:
    """``text`` in white, cropped to its ink so glyphs can be sized by what is visible."""
    rendered = font(_TEXT_RENDER_SIZE, weight).render(text, True, WHITE)
    layer = pygame.Surface(rendered.get_size(), pygame.SRCALPHA)
    layer.fill(CLEAR_WHITE)
    layer.blit(rendered, (0, 0))
    return layer.subsurface(layer.get_bounding_rect(min_alpha=8)).copy()


@lru_cache(maxsize=128)
def _text_mask(
    text: str, height: float, weight: Weight = Weight.BLACK, squeeze: float = 1.0
) -> pygame.Surface:
    """White text whose ink is ``height`` pixels tall; ``squeeze`` narrows it."""
    ink = _text_ink(text, weight)
    width = ink.get_width() * height / ink.get_height() * squeeze
    return pygame.transform.smoothscale(ink, (max(1, round(width)), max(1, round(height))))


def _underlined(mask: pygame.Surface, thickness: float, gap: float) -> pygame.Surface:
    """``mask`` with a bar below it: tells a 6 from an upside-down 9."""
    w, h = mask.get_size()
    layer = pygame.Surface((w, math.ceil(h + gap + thickness)), pygame.SRCALPHA)
    layer.fill(CLEAR_WHITE)
    layer.blit(mask, (0, 0))
    bar = pygame.FRect(w * 0.12, h + gap, w * 0.76, thickness)
    pygame.draw.rect(layer, (*WHITE, 255), bar, border_radius=round(thickness / 2))
    return layer


def _smear(layer: pygame.Surface, dx: int, dy: int, half: int) -> pygame.Surface:
    """The union (per-pixel maximum) of ``layer`` shifted by k*(dx, dy) for k in -half..half.

    Built by doubling, so a long smear costs a handful of blits; each side starts from the
    unshifted layer, so nothing near the edges is lost.
    """
    if half <= 0:
        return layer
    sides = []
    for sign in (1, -1):
        out = layer.copy()
        covered = 1
        while covered < half + 1:
            step = sign * min(covered, half + 1 - covered)
            out.blit(out.copy(), (step * dx, step * dy), special_flags=pygame.BLEND_RGBA_MAX)
            covered += abs(step)
        sides.append(out)
    sides[0].blit(sides[1], (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return sides[0]


def _dilate(layer: pygame.Surface, radius: float) -> pygame.Surface:
    """``layer`` grown by ``radius`` in every direction, keeping its anti-aliased edge.

    The structuring element is a regular octagon, the sum of four short segments (across,
    down and the two diagonals): close enough to a disc once shrunk, and free of the gaps a
    ring of offsets leaves around thin strokes.
    """
    straight = round(radius * 0.414)
    diagonal = round(radius * 0.293)
    out = _smear(layer, 1, 0, straight)
    out = _smear(out, 0, 1, straight)
    out = _smear(out, 1, 1, diagonal)
    return _smear(out, 1, -1, diagonal)


def _invert(mask: pygame.Surface) -> pygame.Surface:
    """White where ``mask`` is clear and clear where it is white."""
    inverse = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    inverse.fill((*WHITE, 255))
    inverse.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    inverse.fill(CLEAR_WHITE, special_flags=pygame.BLEND_RGBA_ADD)
    return inverse


@lru_cache(maxsize=96)
def _outline(mask: pygame.Surface, radius: float, close: bool) -> tuple[pygame.Surface, int]:
    """The glyph's silhouette grown by ``radius`` and the margin added on each side; with
    ``close``, narrow inlets are filled in too (a morphological closing).

    Without the closing, tight apertures such as those of a 3 or a 5 show as hairline slivers
    of background inside the outline, which read as printing faults at small sizes. Pictures
    are not closed: their gaps (inside the Skip ring) are part of the design.
    """
    extra = radius * 0.8 if close else 0.0
    pad = math.ceil(radius + extra) + 2
    base = pygame.Surface(
        (mask.get_width() + 2 * pad, mask.get_height() + 2 * pad), pygame.SRCALPHA
    )
    base.fill(CLEAR_WHITE)
    base.blit(mask, (pad, pad))
    grown = _dilate(base, radius + extra)
    if not close:
        return grown, pad
    return _invert(_dilate(_invert(grown), extra)), pad


def _emboss(
    target: pygame.Surface,
    mask: pygame.Surface,
    center: Point,
    fill: RGB,
    outline: float,
    drop: float = 0.0,
    close: bool = False,
) -> None:
    """Print a glyph the way card symbols are printed: a fill, a dark outline and a drop
    shadow offset down and to the left. ``close`` suits text (see ``_outline``)."""
    rect = mask.get_rect(center=(round(center[0]), round(center[1])))
    if outline > 0:
        grown, pad = _outline(mask, outline, close)
        dark = _tint(grown, INK)
        if drop > 0:
            target.blit(dark, (rect.x - pad - round(drop * 0.6), rect.y - pad + round(drop)))
        target.blit(dark, (rect.x - pad, rect.y - pad))
    target.blit(_tint(mask, fill), rect)


# ---------------------------------------------------------------------------------------------
# Card faces


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    column = pygame.Surface((1, 2), pygame.SRCALPHA)
    column.set_at((0, 0), (*top, 255))
    column.set_at((0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(column, size)


def _field(size: tuple[int, int], radius: float, top: RGB, bottom: RGB) -> pygame.Surface:
    """A rounded rectangle shaded from ``top`` to ``bottom``."""
    shape = pygame.Surface(size, pygame.SRCALPHA)
    shape.fill(CLEAR_WHITE)
    pygame.draw.rect(shape, (*WHITE, 255), shape.get_rect(), border_radius=round(radius))
    shape.blit(_gradient(size, top, bottom), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return shape


def _lighter(rgb: RGB, t: float) -> RGB:
    return _mix(rgb, WHITE, t)


def _darker(rgb: RGB, t: float) -> RGB:
    return _mix(rgb, (0, 0, 0), t)


class _Layout:
    """The card's geometry in master pixels; ``u`` is a hundredth of the card's width.

    ``compact`` cards, shown small, get larger corner indices; the central art (measured in
    ``k`` units) shrinks to leave them room.
    """

    def __init__(self, width: int, compact: bool = False) -> None:
        self.w, self.h = card_size(width)
        self.u = width / 100
        self.compact = compact
        self.k = self.u * (0.84 if compact else 1.0)
        self.center: Point = (self.w / 2, self.h / 2)
        self.radius = 8 * self.u
        self.border = 5 * self.u
        self.oval_rx = 31 * self.k
        self.oval_ry = 57 * self.k

    def oval(self) -> list[Point]:
        return _ellipse(self.center, self.oval_rx, self.oval_ry, OVAL_TILT)

    def along_oval(self, t: float) -> Point:
        """The point ``t`` of the way from the centre to the top end of the oval's long axis."""
        a = math.radians(OVAL_TILT)
        return (
            self.center[0] + math.sin(a) * self.oval_ry * t,
            self.center[1] - math.cos(a) * self.oval_ry * t,
        )


def _blank(lay: _Layout, top: RGB, bottom: RGB) -> pygame.Surface:
    """A fresh card body to draw on: a copy, since a few bodies serve every face."""
    return _body(lay.w, top, bottom).copy()


@lru_cache(maxsize=16)
def _body(width: int, top: RGB, bottom: RGB) -> pygame.Surface:
    """The card body: grey hairline edge, white border, shaded field."""
    lay = _Layout(width)
    card = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
    card.fill(CLEAR_WHITE)
    pygame.draw.rect(card, (*EDGE, 255), card.get_rect(), border_radius=round(lay.radius))
    hair = 0.7 * lay.u
    inner = card.get_rect().inflate(-2 * hair, -2 * hair)
    pygame.draw.rect(card, (*WHITE, 255), inner, border_radius=round(lay.radius - hair))
    b = lay.border
    field = _field((round(lay.w - 2 * b), round(lay.h - 2 * b)), lay.radius * 0.55, top, bottom)
    card.blit(field, (round(b), round(b)))
    return card


def _four_color_oval(
    target: pygame.Surface, center: Point, rx: float, ry: float, tilt: float
) -> None:
    """The wild oval split into quadrants along its own axes: red, blue, green, yellow."""
    n = 36
    order = (Color.GREEN, Color.YELLOW, Color.RED, Color.BLUE)
    for q, color in enumerate(order):
        arc = [
            (
                center[0] + rx * math.cos(math.radians(q * 90 + 90 * i / n)),
                center[1] + ry * math.sin(math.radians(q * 90 + 90 * i / n)),
            )
            for i in range(n + 1)
        ]
        pygame.draw.polygon(target, COLOR_RGB[color], _rotate([center, *arc], center, tilt))


def _mini_cards(
    target: pygame.Surface, cards: Sequence[tuple[Point, RGB]], width: float, u: float
) -> None:
    """Small tilted cards as printed on the Draw cards, back to front: each has a dark
    outline, a white border, a colored middle and a drop shadow like the other symbols."""
    outline, drop, angle = 1.3 * u, 2.4 * u, 14.0
    for center, rgb in cards:
        rect = pygame.FRect(0, 0, width + 2 * outline, width * CARD_RATIO + 2 * outline)
        rect.center = center
        silhouette = _rounded_rect(rect, width * 0.16 + outline)
        shadow = rect.move(-drop * 0.6, drop)
        pygame.draw.polygon(
            target,
            INK,
            _rotate(_rounded_rect(shadow, width * 0.16 + outline), shadow.center, angle),
        )
        pygame.draw.polygon(target, INK, _rotate(silhouette, center, angle))
        rect = pygame.FRect(0, 0, width, width * CARD_RATIO)
        rect.center = center
        pygame.draw.polygon(
            target, WHITE, _rotate(_rounded_rect(rect, width * 0.16), center, angle)
        )
        inner = rect.inflate(-width * 0.16, -width * 0.16)
        pygame.draw.polygon(target, rgb, _rotate(_rounded_rect(inner, width * 0.1), center, angle))


_WORDS = {
    Rank.WILD_SHUFFLE_HANDS: "SHUFFLE",
    Rank.WILD_CUSTOMIZABLE: "CUSTOM",
    Rank.WILD_GAME_CHANGER: "GAME CHANGER",
}
_WILD_ICONS = {
    Rank.WILD_SHUFFLE_HANDS: Icon.SHUFFLE,
    Rank.WILD_CUSTOMIZABLE: Icon.PENCIL,
    Rank.WILD_GAME_CHANGER: Icon.BOLT,
}
_COLOR_ACTIONS = {Rank.SKIP: Icon.SKIP, Rank.REVERSE: Icon.REVERSE}


@lru_cache(maxsize=128)
def _number_mask(rank: Rank, height: float) -> pygame.Surface:
    mask = _text_mask(str(int(rank)), height)
    if rank in (Rank.SIX, Rank.NINE):
        return _underlined(mask, height * 0.09, height * 0.075)
    return mask


@lru_cache(maxsize=128)
def _index_mask(rank: Rank, height: float) -> pygame.Surface:
    """The small corner index: the number or a small symbol."""
    if rank.is_number:
        return _number_mask(rank, height)
    if rank is Rank.DRAW_TWO:
        return _text_mask("+2", height, squeeze=0.9)
    if rank is Rank.WILD_DRAW_FOUR:
        return _text_mask("+4", height, squeeze=0.9)
    kind = _COLOR_ACTIONS.get(rank) or _WILD_ICONS[rank]
    side = height * 1.15
    return _mask(_ICON_DRAWERS[kind], (side, side))


def _corner(
    lay: _Layout, color: Color | None, rank: Rank, house: bool, shapes: bool
) -> pygame.Surface:
    """The top-left index group on a transparent layer; the bottom-right one is it turned."""
    u = lay.u
    compact = lay.compact
    layer = pygame.Surface((round(44 * u), round(62 * u)), pygame.SRCALPHA)
    layer.fill(CLEAR_WHITE)
    height = (23 if compact else 18) * u
    outline = (1.8 if compact else 1.4) * u
    left = lay.border + 4 * u
    top = lay.border + 5 * u
    if rank is Rank.WILD:
        center = (left + 7 * u, top + height * 0.6)
        pygame.draw.polygon(layer, WHITE, _ellipse(center, 6.6 * u, 11 * u, OVAL_TILT))
        _four_color_oval(layer, center, 5.2 * u, 9.6 * u, OVAL_TILT)
        return layer
    mask = _index_mask(rank, height)
    # The index column is centred on a fixed line; wide labels (+2) grow to the right only.
    x = max(left + 7 * u, left + mask.get_width() / 2)
    text = rank.is_number or rank in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)
    _emboss(layer, mask, (x, top + mask.get_height() / 2), WHITE, outline, outline * 0.8, text)
    if house:
        side = height * 0.7
        mark = _mask(_glyph_house, (side, side))
        spot = (x + mask.get_width() / 2 + 2.5 * u + side / 2, top + side / 2)
        _emboss(layer, mark, spot, WHITE, outline * 0.8, outline * 0.6)
    if shapes and color is not None:
        side = (14 if compact else 11) * u
        shape = _mask(_SHAPE_DRAWERS[color], (side, side))
        below = top + mask.get_height() + (3 if compact else 3.5) * u
        _emboss(layer, shape, (x, below + side / 2), WHITE, outline * 0.8, outline * 0.6)
    return layer


def _center_symbol(card: pygame.Surface, lay: _Layout, color: Color, rank: Rank) -> None:
    u = lay.k
    rgb = COLOR_RGB[color]
    if rank.is_number:
        _emboss(card, _number_mask(rank, 48 * u), lay.center, rgb, 2.2 * u, 2.6 * u, True)
    elif rank is Rank.DRAW_TWO:
        w = 25 * u
        cx, cy = lay.center
        _mini_cards(
            card, [((cx - 6.5 * u, cy - 8 * u), rgb), ((cx + 6.5 * u, cy + 8 * u), rgb)], w, u
        )
    else:
        side = 46 * u
        mask = _mask(_ICON_DRAWERS[_COLOR_ACTIONS[rank]], (side, side))
        _emboss(card, mask, lay.center, rgb, 2.2 * u, 2.6 * u)


def _wild_center(card: pygame.Surface, lay: _Layout, rank: Rank) -> None:
    u = lay.k
    cx, cy = lay.center
    if rank is Rank.WILD:
        pygame.draw.polygon(card, WHITE, lay.oval())
        _four_color_oval(card, lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT)
        return
    if rank is Rank.WILD_DRAW_FOUR:
        pygame.draw.polygon(card, WHITE, lay.oval())
        pygame.draw.polygon(
            card,
            (44, 44, 52),
            _ellipse(lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT),
        )
        w = 20 * u
        spots = (
            (-10, -15, Color.BLUE),
            (10, -7, Color.GREEN),
            (-10, 7, Color.YELLOW),
            (10, 15, Color.RED),
        )
        _mini_cards(card, [((cx + dx * u, cy + dy * u), COLOR_RGB[c]) for dx, dy, c in spots], w, u)
        return
    pygame.draw.polygon(card, WHITE, lay.oval())
    _four_color_oval(card, lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT)
    pygame.draw.polygon(
        card,
        (30, 30, 38),
        _ellipse(lay.center, lay.oval_rx - 7 * u, lay.oval_ry - 7 * u, OVAL_TILT),
    )
    if lay.compact:
        # The word would be a smudge on a small card; the symbol alone grows instead.
        side = 40 * u
        mask = _mask(_ICON_DRAWERS[_WILD_ICONS[rank]], (side, side))
        _emboss(card, mask, lay.center, WHITE, 2 * u, 2.4 * u)
        return
    side = 30 * u
    mask = _mask(_ICON_DRAWERS[_WILD_ICONS[rank]], (side, side))
    _emboss(card, mask, (cx, cy - 6 * u), WHITE, 1.6 * u, 2 * u)
    word = _WORDS[rank]
    text = _text_mask(word, 7.5 * u, Weight.BLACK)
    if text.get_width() > 74 * u:
        text = pygame.transform.smoothscale(text, (round(74 * u), text.get_height()))
    ribbon = pygame.FRect(0, 0, text.get_width() + 8 * u, text.get_height() + 6 * u)
    ribbon.center = (cx, cy + 20 * u)
    pygame.draw.rect(card, WHITE, ribbon.inflate(1.6 * u, 1.6 * u), border_radius=round(2.8 * u))
    pygame.draw.rect(card, INK, ribbon, border_radius=round(2 * u))
    card.blit(text, text.get_rect(center=(round(ribbon.centerx), round(ribbon.centery))))


@lru_cache(maxsize=64)
def _master_face(
    color: Color | None, rank: Rank, house: bool, shapes: bool, compact: bool, width: int
) -> pygame.Surface:
    lay = _Layout(width, compact)
    if color is None:
        card = _blank(lay, (48, 48, 56), (18, 18, 22))
        _wild_center(card, lay, rank)
    else:
        rgb = COLOR_RGB[color]
        card = _blank(lay, _lighter(rgb, 0.1), _darker(rgb, 0.12))
        pygame.draw.polygon(card, WHITE, lay.oval())
        _center_symbol(card, lay, color, rank)
        if house:
            side = 12 * lay.k
            mark = _mask(_glyph_house, (side, side))
            _emboss(card, mark, lay.along_oval(0.78), rgb, 1.2 * lay.k, 1.2 * lay.k)
            _emboss(card, mark, lay.along_oval(-0.78), rgb, 1.2 * lay.k, 1.2 * lay.k)
    corner = _corner(lay, color, rank, house, shapes)
    card.blit(corner, (0, 0))
    turned = pygame.transform.rotate(corner, 180)
    card.blit(turned, (lay.w - turned.get_width(), lay.h - turned.get_height()))
    return card


@lru_cache(maxsize=8)
def _master_back(width: int) -> pygame.Surface:
    lay = _Layout(width)
    u = lay.u
    card = _blank(lay, (40, 30, 34), (12, 10, 12))
    frame = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    frame.fill((*GOLD, 0))
    inset = round(lay.border + 2.5 * u)
    box = card.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(frame, (*GOLD, 110), box, round(0.8 * u), border_radius=round(3 * u))
    card.blit(frame, (0, 0))
    pygame.draw.polygon(card, GOLD, lay.oval())
    pygame.draw.polygon(
        card,
        BACK_RED,
        _ellipse(lay.center, lay.oval_rx - 1.6 * u, lay.oval_ry - 1.6 * u, OVAL_TILT),
    )
    pygame.draw.polygon(
        card,
        _darker(BACK_RED, 0.25),
        _ellipse(lay.center, lay.oval_rx - 5 * u, lay.oval_ry - 5 * u, OVAL_TILT),
    )
    pygame.draw.polygon(
        card, BACK_RED, _ellipse(lay.center, lay.oval_rx - 6 * u, lay.oval_ry - 6 * u, OVAL_TILT)
    )
    words = pygame.Surface((round(lay.w), round(lay.h)), pygame.SRCALPHA)
    words.fill(CLEAR_WHITE)
    one = _text_mask("ONE", 16 * u)
    more = _text_mask("MORE", 16 * u)
    wide = max(one.get_width(), more.get_width())
    if wide > 70 * u:
        scale = 70 * u / wide
        one = pygame.transform.smoothscale_by(one, scale)
        more = pygame.transform.smoothscale_by(more, scale)
    gap = 2.5 * u
    total = one.get_height() + more.get_height() + gap
    top = lay.h / 2 - total / 2
    words.blit(one, one.get_rect(midtop=(round(lay.w / 2), round(top))))
    words.blit(more, more.get_rect(midbottom=(round(lay.w / 2), round(top + total))))
    tilted = pygame.transform.rotate(words.subsurface(words.get_bounding_rect()), 22)
    # A white rim outside the dark outline lifts the emblem off the red, like a sticker
    # casting its shadow.
    rim, pad = _outline(tilted, 3.4 * u, True)
    rect = tilted.get_rect(center=(round(lay.center[0]), round(lay.center[1])))
    drop = 2.2 * u
    card.blit(_tint(rim, INK), (rect.x - pad - round(drop * 0.6), rect.y - pad + round(drop)))
    card.blit(rim, (rect.x - pad, rect.y - pad))
    _emboss(card, tilted, lay.center, GOLD, 2 * u, 0, True)
    return card


@lru_cache(maxsize=64)
def _opaque_core(width: int) -> pygame.Surface:
    """Black, clear except for full alpha inside the card's outline less one pixel."""
    size = card_size(width)
    core = pygame.Surface(size, pygame.SRCALPHA)
    core.fill((0, 0, 0, 0))
    radius = max(0, round(width * 0.08) - 1)
    pygame.draw.rect(core, (0, 0, 0, 255), core.get_rect().inflate(-2, -2), border_radius=radius)
    return core


def _shrink_card(master: pygame.Surface, width: int) -> pygame.Surface:
    """A master card shrunk to ``width``, fully opaque inside its edge.

    smoothscale rounds down, which would leave the body at alpha 253 and let a card beneath
    show through faintly; a per-pixel maximum with an opaque core restores it.
    """
    card = pygame.transform.smoothscale(master, card_size(width))
    card.blit(_opaque_core(width), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return card


def _master_width(width: int) -> int:
    return max(MASTER_WIDTH, 2 * width)


K = TypeVar("K")
V = TypeVar("V")


class _Recent(Generic[K, V]):
    """A cache that forgets its least recently used entry beyond ``limit`` entries."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> V:
        self._items[key] = value
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value


class CardArt:
    """Card faces, backs, shadows and glows at any width, cached.

    ``shapes`` prints each color's shape next to the corner indices (colorblind help); it can
    be switched at any time and takes effect on the next face drawn.
    """

    def __init__(self, shapes: bool = True) -> None:
        self.shapes = shapes
        self._faces: _Recent[tuple[Color | None, Rank, bool, int, bool], pygame.Surface]
        self._faces = _Recent(FACE_CACHE)
        self._backs: _Recent[int, pygame.Surface] = _Recent(FACE_CACHE // 8)
        self._shadows: _Recent[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]]
        self._shadows = _Recent(FACE_CACHE // 4)
        self._glows: _Recent[tuple[int, RGB], pygame.Surface] = _Recent(FACE_CACHE // 8)

    def set_shapes(self, shapes: bool) -> None:
        self.shapes = shapes

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card``, ``card_size(width)`` pixels, on a transparent background."""
        shapes = self.shapes and card.color is not None
        key = (card.color, card.rank, card.house_rule, width, shapes)
        found = self._faces.get(key)
        if found is None:
            master = _master_face(
                card.color,
                card.rank,
                card.house_rule,
                shapes,
                width < COMPACT_BELOW,
                _master_width(width),
            )
            found = self._faces.put(key, _shrink_card(master, width))
        return found

    def back(self, width: int) -> pygame.Surface:
        """The back shared by every card: a red oval with our own emblem on black."""
        found = self._backs.get(width)
        if found is None:
            found = self._backs.put(width, _shrink_card(_master_back(_master_width(width)), width))
        return found

    def shadow(self, width: int, lift: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft shadow for a card ``width`` wide lifted by ``lift`` (0 resting, 1 raised),
        and the offset of the shadow's centre from the card's centre: it grows, softens and
        falls further below as the card rises."""
        step = round(max(0.0, min(1.0, lift)) * SHADOW_STEPS)
        found = self._shadows.get((width, step))
        if found is None:
            t = step / SHADOW_STEPS
            w, h = card_size(width)
            blur = max(2, round(width * _lerp(0.05, 0.13, t)))
            spread = round(width * _lerp(0.0, 0.05, t))
            alpha = round(_lerp(150, 115, t))
            margin = blur * 2 + spread
            image = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
            image.fill((0, 0, 0, 0))
            body = pygame.Rect(margin - spread, margin - spread, w + 2 * spread, h + 2 * spread)
            pygame.draw.rect(image, (0, 0, 0, alpha), body, border_radius=round(width * 0.1))
            image = soft_blur(image, blur)
            offset = (round(width * _lerp(0.01, 0.04, t)), round(width * _lerp(0.03, 0.12, t)))
            found = self._shadows.put((width, step), (image, offset))
        return found

    def glow(self, width: int, rgb: RGB) -> pygame.Surface:
        """A soft halo with a bright rim, a little larger than the card; centre it on the card."""
        found = self._glows.get((width, rgb))
        if found is None:
            w, h = card_size(width)
            blur = max(2, round(width * 0.06))
            margin = blur * 2 + 2
            image = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
            image.fill((*rgb, 0))
            grow = max(4, width // 20)
            rim = pygame.Rect(margin, margin, w, h).inflate(grow, grow)
            pygame.draw.rect(image, (*rgb, 255), rim, border_radius=round(width * 0.11))
            image = soft_blur(image, blur)
            image.blit(_rim(rim.size, round(width * 0.11), rgb, max(2, width // 40)), rim)
            found = self._glows.put((width, rgb), image)
        return found


def draw_ahead(art: CardArt, width: int = 120) -> Iterator[None]:
    """Idle work for the first screens (``App.add_idle``): one face of every rank and of every
    color of every deck, at ``width`` and at a compact width, so that the parts of each card's
    drawing (its glyphs and their outlines, the slow part) are kept before a table needs them.
    A table's first face of a rank then takes a millisecond or two instead of 5 to 20, which
    as one piece of a table's spare-time work made its next frame late during the deal. The
    parts depend only on the master a face is shrunk from (one for every width up to half of
    ``MASTER_WIDTH``, one for compact faces), so the width chosen is the title's own cards'."""
    drawn: set[tuple[Rank, bool]] = set()
    colors: set[Color | None] = set()  # each color's corner shape is a part of its own
    for kind in DeckKind:
        for card in deck(kind):
            if (card.rank, card.house_rule) in drawn and card.color in colors:
                continue
            drawn.add((card.rank, card.house_rule))
            colors.add(card.color)
            for each in (width, COMPACT_BELOW - 1):
                art.face(card, each)
                yield


def soft_blur(image: pygame.Surface, radius: int) -> pygame.Surface:
    """``image`` blurred as ``pygame.transform.gaussian_blur(image, radius)`` blurs it, made
    as three box blurs (a box blurred three times is close to a Gaussian) at 0.85 of the
    radius: on a card's shadow within 4 of 255 alpha levels of the Gaussian, 1 on average, at
    about a tenth of its cost (3 ms against 26 for the largest shadow, which as one piece of
    the frames' spare time made the next frame late)."""
    box = max(1, round(radius * 0.85))
    for _ in range(3):
        image = pygame.transform.box_blur(image, box)
    return image


def _rim(size: tuple[int, int], radius: int, rgb: RGB, thickness: int) -> pygame.Surface:
    """An anti-aliased rounded outline."""
    scale = 3
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    big.fill((*rgb, 0))
    pygame.draw.rect(
        big, (*rgb, 255), big.get_rect(), thickness * scale, border_radius=radius * scale
    )
    return pygame.transform.smoothscale(big, size)


# ---------------------------------------------------------------------------------------------
# Table pictures


@lru_cache(maxsize=8)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: deep green with a light centre, darker edges, a vignette and a fine grain."""
    w, h = size
    low_w, low_h = max(2, w // 8), max(2, h // 8)
    center, edge, corner = (34, 124, 74), (12, 68, 40), (4, 30, 18)
    # A faint mottling at the low resolution becomes soft clouds once scaled up, as in cloth.
    rng = random.Random(11)
    pixels = bytearray(low_w * low_h * 4)
    i = 0
    for y in range(low_h):
        dy = (y + 0.5) / low_h * 2 - 1
        for x in range(low_w):
            dx = (x + 0.5) / low_w * 2 - 1
            d = math.sqrt(dx * dx * 0.85 + dy * dy)
            t = min(1.0, d / 1.1)
            t = t * t * (3 - 2 * t)
            v = min(1.0, max(0.0, (d - 0.75) / 0.75))
            v = v * v
            mottle = rng.uniform(-2.5, 2.5)
            for k in range(3):
                base = center[k] + (edge[k] - center[k]) * t
                pixels[i + k] = max(0, round(base + (corner[k] - base) * v + mottle))
            pixels[i + 3] = 255
            i += 4
    low = pygame.image.frombytes(bytes(pixels), (low_w, low_h), "RGBA")
    table = pygame.transform.smoothscale(low, (w, h))
    grain = _grain()
    for gy in range(0, h, grain.get_height()):
        for gx in range(0, w, grain.get_width()):
            table.blit(grain, (gx, gy))
    return table


@cache
def _grain() -> pygame.Surface:
    """A tile of faint light and dark specks: the felt's texture, and a dither for its gradient."""
    side = 128
    rng = random.Random(7)
    pixels = bytearray(side * side * 4)
    for i in range(0, len(pixels), 4):
        v = rng.random()
        shade = 255 if v > 0.5 else 0
        pixels[i : i + 4] = bytes((shade, shade, shade, int(abs(v - 0.5) * 2 * 14)))
    return pygame.image.frombytes(bytes(pixels), (side, side), "RGBA")


_AVATAR_COLORS: tuple[RGB, ...] = (
    (64, 132, 230),
    (232, 96, 72),
    (150, 98, 220),
    (38, 170, 150),
    (236, 160, 40),
    (216, 76, 150),
    (96, 160, 64),
    (90, 110, 140),
)


def _initials(name: str) -> str:
    words = [w for w in name.split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][0].upper()
    return (words[0][0] + words[1][0]).upper()


@lru_cache(maxsize=64)
def avatar(name: str, diameter: int, index: int) -> pygame.Surface:
    """A round portrait token: a shaded disc in the seat's color, the initials, a light ring."""
    scale = _supersample(diameter)
    size = diameter * scale
    rgb = _AVATAR_COLORS[index % len(_AVATAR_COLORS)]
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    center = (size / 2, size / 2)
    pygame.draw.circle(big, (255, 255, 255, 235), center, size / 2)
    disc = _gradient((size, size), _lighter(rgb, 0.18), _darker(rgb, 0.22))
    round_mask = pygame.Surface((size, size), pygame.SRCALPHA)
    round_mask.fill(CLEAR_WHITE)
    pygame.draw.circle(round_mask, (*WHITE, 255), center, size / 2 - size * 0.06)
    round_mask.blit(disc, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(round_mask, (0, 0))
    letters = _initials(name)
    text = _text_mask(letters, size * (0.36 if len(letters) == 1 else 0.3), Weight.BOLD)
    if text.get_width() > size * 0.62:
        text = pygame.transform.smoothscale(text, (round(size * 0.62), text.get_height()))
    shadow = _tint(text, _darker(rgb, 0.5)).copy()
    shadow.set_alpha(150)
    big.blit(shadow, text.get_rect(center=(center[0], center[1] + size * 0.025)))
    big.blit(text, text.get_rect(center=center))
    return pygame.transform.smoothscale(big, (diameter, diameter))


def _panel_shape(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    fill: RGBA,
    border: RGBA | None,
    width: int,
) -> None:
    if border is None:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        return
    pygame.draw.rect(surface, border, rect, border_radius=radius)
    inner = rect.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, fill, inner, border_radius=max(0, radius - width))


@lru_cache(maxsize=256)
def panel(
    size: tuple[int, int],
    radius: int,
    fill: RGBA,
    border: RGBA | None = None,
    width: int = 2,
) -> pygame.Surface:
    """A rounded translucent panel with anti-aliased corners and an optional border.

    The body is drawn at its own size, so its colors are exact; only the four corners are
    drawn four times larger and shrunk, which is where the aliasing would show.
    """
    w, h = size
    radius = max(0, min(radius, w // 2, h // 2))
    image = pygame.Surface(size, pygame.SRCALPHA)
    edge = border if border is not None else fill
    image.fill((edge[0], edge[1], edge[2], 0))
    _panel_shape(image, image.get_rect(), radius, fill, border, width)
    if radius == 0:
        return image
    scale = 4
    tile = pygame.Surface((radius * scale, radius * scale), pygame.SRCALPHA)
    for x, y in ((0, 0), (w - radius, 0), (0, h - radius), (w - radius, h - radius)):
        tile.fill((edge[0], edge[1], edge[2], 0))
        whole = pygame.Rect(-x * scale, -y * scale, w * scale, h * scale)
        _panel_shape(tile, whole, radius * scale, fill, border, width * scale)
        corner = pygame.Rect(x, y, radius, radius)
        # Cleared, then added: a plain blit would blend the corner over what is there.
        image.fill((0, 0, 0, 0), corner)
        image.blit(
            pygame.transform.smoothscale(tile, corner.size),
            corner,
            special_flags=pygame.BLEND_RGBA_ADD,
        )
    return image
