"""Point geometry for drawing at a large scale: lerps, rotations, ellipses, rounded rectangles,
thick lines, curves and arrows, as point lists pygame's polygon fill takes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

import pygame

from scenes.art.palette import RGB, RGBA, Point


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
