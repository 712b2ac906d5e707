"""Table geometry from the Tiled maps in ``assets/layouts/``, read with pytmx.

One map per player count (``table_2.tmx`` .. ``table_10.tmx``) holds, in its object layer
"points", named rectangles: each seat's name plate (``seat_N``) and hand (``hand_N``, with an
int property ``card_width``), the two piles (``card_width`` on ``draw_pile``), the current-color
disc, the direction ring, the status line, the move log, the buttons, the menu button, the
scores and the prompt area. Seat 0 is the person at the bottom; seats 1.. follow the order of
play clockwise. The scenes take every position from here, never from constants.

Loading needs no display (``pytmx.TiledMap(path)`` parses headless), so tests check every map.
A map a designer broke in Tiled gives a ``LayoutError`` naming the file and the object.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytmx

from scenes.app import LOGICAL_SIZE
from scenes.assets import AssetError, asset_path

PLAYERS = range(2, 11)
LAYER = "points"
# Names every map needs whatever the player count; the seats come on top (required_names).
REQUIRED = (
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
# Card widths outside this range are a typing slip in Tiled, not a design.
CARD_WIDTHS = range(20, 301)


class LayoutError(Exception):
    """A layout map is missing, unreadable or has a missing or bad object; the message names it."""


@dataclass(frozen=True)
class Box:
    """A rectangle in logical pixels: top-left corner and size."""

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
    """Where one seat's name plate is and where its hand is fanned, at what card width."""

    plate: Box
    hand: Box
    card_width: int


@dataclass(frozen=True)
class Layout:
    """Everything the table scene places, for one player count; ``seats[0]`` is the person."""

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
    """The object names a map for ``players`` must have."""
    seats = tuple(f"{kind}_{seat}" for seat in range(players) for kind in ("seat", "hand"))
    return seats + REQUIRED


def layout_path(players: int) -> Path:
    """The bundled map for a player count; raises AssetError when it is missing."""
    return asset_path("layouts", f"table_{players}.tmx")


@cache
def load_layout(players: int) -> Layout:
    """The layout for a player count (cached); raises LayoutError with a clear message."""
    if players not in PLAYERS:
        raise LayoutError(
            f"no table layout for {players} players (there are {PLAYERS[0]}-{PLAYERS[-1]})"
        )
    try:
        path = layout_path(players)
    except AssetError as error:
        raise LayoutError(f"table layout for {players} players: {error}") from error
    return load_layout_file(path, players)


def load_layout_file(path: Path, players: int) -> Layout:
    """Reads and checks one map; raises LayoutError naming the file and what is wrong."""
    try:
        tiled = pytmx.TiledMap(str(path))
    # pytmx raises whatever its parsing hits (OSError, ParseError, ValueError, even a bare
    # Exception for some bad files); each means the same to the game: this map is unusable.
    except Exception as error:
        raise LayoutError(f"cannot read table layout {path}: {error}") from error
    size = (int(tiled.width * tiled.tilewidth), int(tiled.height * tiled.tileheight))
    if size != LOGICAL_SIZE:
        raise LayoutError(
            f"table layout {path} is {size[0]}x{size[1]} px; the table is drawn at "
            f"{LOGICAL_SIZE[0]}x{LOGICAL_SIZE[1]}"
        )
    objects = _named_objects(tiled, path)
    missing = [name for name in required_names(players) if name not in objects]
    if missing:
        raise LayoutError(f"table layout {path} lacks the object(s) {', '.join(missing)}")

    def box(name: str) -> Box:
        obj = objects[name]
        x, y = float(obj.x), float(obj.y)
        width, height = float(obj.width or 0), float(obj.height or 0)
        if width <= 0 or height <= 0:
            raise LayoutError(f"table layout {path}: {name} must be a rectangle with a size")
        if obj.rotation:
            # The scene places boxes unrotated; a rotated one would not be where Tiled shows it.
            raise LayoutError(f"table layout {path}: {name} is rotated; rectangles must not be")
        if x < 0 or y < 0 or x + width > size[0] or y + height > size[1]:
            raise LayoutError(f"table layout {path}: {name} reaches outside the map")
        return Box(x, y, width, height)

    def card_width(name: str) -> int:
        value = objects[name].properties.get("card_width")
        # bool is an int to Python, but a ticked checkbox is no card width.
        if not isinstance(value, int) or isinstance(value, bool) or value not in CARD_WIDTHS:
            raise LayoutError(
                f"table layout {path}: {name} needs an int property card_width "
                f"of {CARD_WIDTHS[0]}-{CARD_WIDTHS[-1]} (has {value!r})"
            )
        return value

    seats = tuple(
        SeatLayout(box(f"seat_{seat}"), box(f"hand_{seat}"), card_width(f"hand_{seat}"))
        for seat in range(players)
    )
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


def _named_objects(tiled: Any, path: Path) -> dict[str, Any]:
    """The objects of the "points" layer by name; two objects of one name are refused."""
    layer = tiled.layernames.get(LAYER)
    if not isinstance(layer, pytmx.TiledObjectGroup):
        raise LayoutError(f"table layout {path} has no object layer named {LAYER!r}")
    objects: dict[str, Any] = {}
    for obj in layer:
        if not obj.name:
            continue  # a designer's unnamed helper shape: the game has no use for it
        if obj.name in objects:
            raise LayoutError(f"table layout {path} has two objects named {obj.name}")
        objects[obj.name] = obj
    return objects
