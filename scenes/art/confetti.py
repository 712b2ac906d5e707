"""Celebrations drawn in code: a burst of rays around a seat's plate, and falling confetti.

Both are pure functions of a progress (the burst: ``t`` from 0 to 1; the confetti: seconds since
it began) and, for the confetti, a seed: a still picture (Reduced motion, a screenshot) is the
same drawing at a fixed value, and tests draw them headless on plain surfaces.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

RGB = tuple[int, int, int]

# The confetti's colors: the four card colors, gold and white.
CONFETTI_COLORS: tuple[RGB, ...] = (
    (235, 64, 52),
    (250, 204, 40),
    (60, 180, 90),
    (40, 120, 220),
    (255, 214, 102),
    (250, 250, 250),
)
FALL_S = 3.5  # a piece takes this long to cross the area from top to bottom (then comes again)


@dataclass(frozen=True)
class Piece:
    """One scrap of confetti: where it starts across (0-1) and down (0-1), how it drifts."""

    x: float
    y: float
    speed: float  # crossings of the area per FALL_S
    sway: float  # pixels it drifts from side to side
    spin: float  # turns per second
    color: RGB
    size: tuple[int, int]


def confetti(seed: int, count: int) -> tuple[Piece, ...]:
    """``count`` pieces, the same for the same seed (a screenshot is repeatable)."""
    rng = random.Random(seed)
    return tuple(
        Piece(
            rng.random(),
            rng.random(),
            rng.uniform(0.7, 1.3),
            rng.uniform(8, 30),
            rng.uniform(0.3, 1.4),
            rng.choice(CONFETTI_COLORS),
            (rng.randint(12, 22), rng.randint(6, 10)),
        )
        for _ in range(count)
    )


def piece_place(piece: Piece, area: pygame.Rect, time_s: float) -> tuple[float, float, float]:
    """Where ``piece`` is at ``time_s`` in ``area``: x, y and how far it has turned (0-1).

    Pieces fall through the area and come in again from the top, so the confetti never runs out.
    """
    fallen = (piece.y + time_s * piece.speed / FALL_S) % 1.0
    y = area.y - 20 + fallen * (area.height + 40)
    x = area.x + piece.x * area.width + piece.sway * math.sin(time_s * 2 + piece.x * 20)
    return x, y, (time_s * piece.spin + piece.x) % 1.0


def draw_confetti(
    surface: pygame.Surface, pieces: tuple[Piece, ...], area: pygame.Rect, time_s: float
) -> None:
    """Every piece at ``time_s``: a small rectangle turning (narrower as it turns edge-on)."""
    for piece in pieces:
        x, y, turn = piece_place(piece, area, time_s)
        w, h = piece.size
        width = max(1, round(w * abs(math.cos(turn * math.pi))))
        rect = pygame.Rect(0, 0, width, h)
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, piece.color, rect)


def draw_burst(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    t: float,
    color: RGB,
    rays: int = 16,
) -> None:
    """A starburst around ``center``: rays shoot out from ``radius`` and fade as ``t`` runs to 1,
    with a ring that widens. ``t`` outside 0-1 is clamped."""
    t = min(1.0, max(0.0, t))
    grow = 1 - (1 - t) ** 3
    alpha = round(255 * (1.0 if t < 0.5 else max(0.0, 1 - (t - 0.5) / 0.5)))
    if alpha <= 0:
        return
    reach = radius * (0.35 + 0.65 * grow)
    size = math.ceil(radius * 2.4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = size / 2
    for i in range(rays):
        angle = 2 * math.pi * i / rays + t * 0.6
        long = 1.0 if i % 2 == 0 else 0.7
        inner, outer = reach * 0.45, reach * long
        half = math.pi / rays * 0.6
        points = [
            (mid + inner * math.cos(angle - half), mid + inner * math.sin(angle - half)),
            (mid + outer * math.cos(angle), mid + outer * math.sin(angle)),
            (mid + inner * math.cos(angle + half), mid + inner * math.sin(angle + half)),
        ]
        pygame.draw.polygon(layer, (*color, alpha), points)
    ring = max(2, round(6 * (1 - t)))
    pygame.draw.circle(layer, (*color, alpha), (round(mid), round(mid)), round(reach), ring)
    layer_rect = layer.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(layer, layer_rect)
