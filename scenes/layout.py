"""Table geometry from the Tiled maps in ``assets/layouts/``, read with pytmx.

Each map has named rectangles for the seats' plates and hands, the piles, the current-color
disc, the direction ring, the status line, the move log, the buttons, the menu button, the
scores and the prompt area. The scenes take every position from here, never from constants.
``pytmx.TiledMap(path)`` parses without a display, so layouts are checked headless.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame
import pytmx

from scenes.assets import AssetError, asset_path

FIXED = (
    "draw_pile",
    "discard_pile",
    "color",
    "direction",
    "status",
    "log",
    "buttons",
    "menu_button",
    "scores",
    "prompt",
)


class LayoutError(Exception):
    """A layout map is missing, unreadable or lacks an object; the message names it."""


@dataclass(frozen=True)
class Box:
    """A rectangle in logical pixels (top-left and size)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.width), round(self.height))


@dataclass(frozen=True)
class SeatLayout:
    plate: Box
    hand: Box
    card_width: int


@dataclass(frozen=True)
class Layout:
    players: int
    size: tuple[int, int]
    seats: tuple[SeatLayout, ...]
    draw_pile: Box
    discard_pile: Box
    pile_card_width: int
    color: Box
    direction: Box
    status: Box
    log: Box
    buttons: Box
    menu_button: Box
    scores: Box
    prompt: Box


def required_names(players: int) -> tuple[str, ...]:
    seats = tuple(f"{kind}_{seat}" for seat in range(players) for kind in ("seat", "hand"))
    return seats + FIXED


def layout_path(players: int) -> Path:
    return asset_path("layouts", f"table_{players}.tmx")


@cache
def load_layout(players: int) -> Layout:
    """The layout for a player count (cached); raises LayoutError with a clear message."""
    try:
        path = layout_path(players)
    except AssetError as error:
        raise LayoutError(str(error)) from error
    return load_layout_file(path, players)


def load_layout_file(path: Path, players: int) -> Layout:
    try:
        tiled = pytmx.TiledMap(str(path))
    except (OSError, ET.ParseError, ValueError, KeyError, TypeError) as error:
        raise LayoutError(f"cannot read table layout {path}: {error}") from error
    objects = {obj.name: obj for obj in tiled.objects if obj.name}
    missing = [name for name in required_names(players) if name not in objects]
    if missing:
        raise LayoutError(f"table layout {path} lacks {', '.join(missing)}")

    def box(name: str) -> Box:
        obj = objects[name]
        width, height = float(obj.width or 0), float(obj.height or 0)
        if width <= 0 or height <= 0:
            raise LayoutError(f"table layout {path}: {name} must be a rectangle with a size")
        return Box(float(obj.x), float(obj.y), width, height)

    def card_width(name: str) -> int:
        value = objects[name].properties.get("card_width")
        if not isinstance(value, int) or not 20 <= value <= 300:
            raise LayoutError(f"table layout {path}: {name} needs an int card_width 20-300")
        return value

    seats = tuple(
        SeatLayout(box(f"seat_{s}"), box(f"hand_{s}"), card_width(f"hand_{s}"))
        for s in range(players)
    )
    size = (tiled.width * tiled.tilewidth, tiled.height * tiled.tileheight)
    return Layout(
        players=players,
        size=size,
        seats=seats,
        draw_pile=box("draw_pile"),
        discard_pile=box("discard_pile"),
        pile_card_width=card_width("draw_pile"),
        color=box("color"),
        direction=box("direction"),
        status=box("status"),
        log=box("log"),
        buttons=box("buttons"),
        menu_button=box("menu_button"),
        scores=box("scores"),
        prompt=box("prompt"),
    )
