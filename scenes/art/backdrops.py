"""The table's pictures that are not cards: the felt, the players' avatars and the panels."""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache

import pygame

from scenes.art.faces import _darker, _gradient, _lighter
from scenes.art.glyphs import _supersample, _tint
from scenes.art.lettering import _text_mask
from scenes.art.palette import CLEAR_WHITE, RGB, RGBA, WHITE
from scenes.assets import Weight


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


@lru_cache(maxsize=2)
def shown_felt(size: tuple[int, int]) -> pygame.Surface:
    """``felt`` in the screen's pixel format, for blitting every frame; one surface for every
    screen that shows it (each made its own copy, 8 MB and milliseconds at 1920x1080); never
    drawn on."""
    return felt(size).convert()


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
