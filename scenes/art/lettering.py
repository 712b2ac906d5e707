"""Text and outlined ("embossed") glyphs for the card faces: a word or number rendered large as
a mask, dilated into an outline, and stamped in two colors.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

import pygame

from scenes.art.glyphs import _tint
from scenes.art.palette import CLEAR_WHITE, INK, RGB, WHITE, Point
from scenes.assets import Weight
from scenes.ui import render

_TEXT_RENDER_SIZE = 220


@cache
def _text_ink(text: str, weight: Weight) -> pygame.Surface:
    """``text`` in white, cropped to its ink so glyphs can be sized by what is visible."""
    rendered = render(text, _TEXT_RENDER_SIZE, WHITE, weight)  # a Japanese initial too
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
