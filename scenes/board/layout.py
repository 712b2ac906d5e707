"""Table geometry from the Tiled maps in ``assets/layouts/``, read with pytmx.

One map per player count (``table_2.tmx`` .. ``table_10.tmx``) holds, in its object layer
"points", named rectangles: each seat's name plate (``seat_N``) and hand (``hand_N``, with an
int property ``card_width``), the two piles (``card_width`` on ``draw_pile``), the current-color
disc, the direction ring, the status line, the move log, the buttons, the menu button, the
scores and the prompt area. Seat 0 is the person at the bottom; seats 1.. follow the order of
play clockwise. The scenes take every position from here, never from constants.

Loading needs no display (``pytmx.TiledMap(path)`` parses headless), so tests check every map.
A map a designer broke in Tiled gives a ``LayoutError`` naming the file and the object.

The maps are written by ``tools/make/make_layouts.py`` from the geometry at the end of this module
(seats on an ellipse around the piles). The game keeps that geometry too: when a map is missing
or broken, ``table_layout`` builds the same layout in code and says so, so a damaged install
still plays.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytmx

from game.i18n import _
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


def table_layout(players: int) -> tuple[Layout, str | None]:
    """The layout for a player count and, when its map could not be used, the built-in one with
    a sentence for the player (the table then looks as shipped; only a designer's edits are
    lost)."""
    try:
        return load_layout(players), None
    except LayoutError:
        if players not in ANGLES:
            raise  # no table of this size exists: a bug in the caller, not a damaged file
    return built_in_layout(players), _(
        "The table layout file for {players} players is missing or damaged, so the built-in "
        "table is used. Reinstalling the game restores the file."
    ).format(players=players)


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

    return _assemble(players, size, box, card_width)


def _assemble(
    players: int,
    size: tuple[int, int],
    box: Callable[[str], Box],
    card_width: Callable[[str], int],
) -> Layout:
    """A layout from its named boxes and card widths, wherever they were read from."""
    return Layout(
        players=players,
        size=size,
        seats=tuple(
            SeatLayout(box(f"seat_{seat}"), box(f"hand_{seat}"), card_width(f"hand_{seat}"))
            for seat in range(players)
        ),
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


# ----------------------------------------------------------------- the built-in geometry
# tools/make/make_layouts.py writes these rectangles into the maps; table_layout uses them directly
# when a map cannot be read.

WIDTH, HEIGHT = LOGICAL_SIZE
EDGE = 20  # where the layout actually puts things near the edge: a little air beyond the margin
PILE_CARD = 130
HUMAN_CARD = 120
CARD_RATIO = 7 / 5
FAN_CARDS = 7  # an opponent's hand box fits this many backs at their natural overlap
FAN_STEP = 0.34  # the presenter's natural overlap of opponents' cards, in card widths

# The centre of the table: the piles, the direction ring and the ellipse of seats.
CENTRE_X, CENTRE_Y = WIDTH // 2, 455

# Degrees on the ellipse (counter-clockwise from the right, so 90 is the top) of seats
# 1..n-1. They run from the person's left over the top to the right, which is the order of
# play clockwise. Hand-picked rather than evenly spread: the top-right corner holds the score
# panel, which grows with the table, so the seats skip the corners as the table fills (the
# left side mirrors the right to keep the table balanced).
ANGLES: dict[int, tuple[float, ...]] = {
    2: (90,),
    3: (155, 25),
    4: (180, 90, 0),
    5: (185, 125, 55, -5),
    6: (190, 130, 90, 50, -10),
    7: (200, 160, 115, 65, 20, -20),
    8: (200, 162, 125, 90, 55, 18, -20),
    9: (200, 165, 128, 103, 77, 52, 15, -20),
    10: (200, 165, 130, 110, 90, 70, 50, 15, -20),
}


class Side(enum.Enum):
    """Where an opponent's hand lies relative to the plate: always towards the table centre."""

    BELOW = "below"  # seats along the top
    RIGHT = "right"  # seats on the left side of the screen
    LEFT = "left"  # seats on the right side


@dataclass(frozen=True)
class Rect:
    """One named rectangle of a map, in whole logical pixels."""

    name: str
    x: int
    y: int
    width: int
    height: int
    card_width: int | None = None

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def overlaps(self, other: Rect) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )


def centred(name: str, cx: float, cy: float, w: int, h: int, card: int | None = None) -> Rect:
    return Rect(name, round(cx - w / 2), round(cy - h / 2), w, h, card)


def opponent_card_width(players: int) -> int:
    if players <= 3:
        return 84
    if players <= 5:
        return 70
    if players <= 7:
        return 58
    return 50


def plate_size(players: int) -> tuple[int, int]:
    if players <= 3:
        return 280, 84
    if players <= 5:
        return 260, 80
    if players <= 7:
        return 240, 76
    return 220, 70


def hand_size(card: int) -> tuple[int, int]:
    """A box for a fan of FAN_CARDS backs, with room for the fan's small tilt and bend."""
    fan = card * (1 + FAN_STEP * (FAN_CARDS - 1))
    return round(fan * 1.05), round(card * CARD_RATIO + 14)


def score_height(players: int) -> int:
    # The table scene lists the scores under a 48 px title, in one column up to four players
    # and two columns beyond, at 26 px a row; a short panel leaves the corner to the seats.
    rows = players if players <= 4 else math.ceil(players / 2)
    return 48 + 26 * rows + 14


def opponents(players: int) -> list[Rect]:
    """Plates and hands of seats 1..n-1 on an ellipse around the centre of the table."""
    card = opponent_card_width(players)
    plate_w, plate_h = plate_size(players)
    hand_w, hand_h = hand_size(card)
    # The ellipse through the plates' centres: a plate on the far left touches the edge, a
    # plate at the top sits just below it (with room above for a team label).
    rx = CENTRE_X - EDGE - plate_w / 2
    ry = CENTRE_Y - (EDGE + 8) - plate_h / 2
    rects: list[Rect] = []
    for seat, degrees in enumerate(ANGLES[players], start=1):
        theta = math.radians(degrees)
        x = CENTRE_X + rx * math.cos(theta)
        y = CENTRE_Y - ry * math.sin(theta)
        plate = centred(f"seat_{seat}", x, y, plate_w, plate_h)
        if abs(math.cos(theta)) < 0.8:
            side = Side.BELOW
        else:
            side = Side.RIGHT if math.cos(theta) < 0 else Side.LEFT
        match side:
            case Side.BELOW:
                width = max(plate_w, hand_w)
                hand = centred(
                    f"hand_{seat}", x, plate.bottom + 6 + hand_h / 2, width, hand_h, card
                )
            case Side.RIGHT:
                hand = centred(
                    f"hand_{seat}", plate.right + 10 + hand_w / 2, y, hand_w, hand_h, card
                )
            case Side.LEFT:
                hand = centred(f"hand_{seat}", plate.x - 10 - hand_w / 2, y, hand_w, hand_h, card)
        rects += [plate, hand]
    return rects


def layout_rects(players: int) -> list[Rect]:
    """Every named rectangle of the map for a player count."""
    pile_h = round(PILE_CARD * CARD_RATIO)
    pile_gap = 40
    draw_x = CENTRE_X - pile_gap / 2 - PILE_CARD / 2
    discard_x = CENTRE_X + pile_gap / 2 + PILE_CARD / 2
    color = centred("color", discard_x + PILE_CARD / 2 + 18 + 45, CENTRE_Y, 90, 90)
    # The direction ring's arrows (drawn at 0.41 of the box) pass through the colour disc, so
    # the disc reads as a hub on the ring rather than a stray circle beside it.
    ring = round((color.center[0] - CENTRE_X) / 0.41)
    return [
        # The person: a wide hand along the bottom with the plate centred under it, the move
        # log to its left and the buttons to its right.
        Rect("seat_0", CENTRE_X - 150, HEIGHT - EDGE - 72, 300, 72),
        Rect("hand_0", CENTRE_X - 580, 794, 1160, 188, HUMAN_CARD),
        *opponents(players),
        centred("draw_pile", draw_x, CENTRE_Y, PILE_CARD, pile_h, PILE_CARD),
        centred("discard_pile", discard_x, CENTRE_Y, PILE_CARD, pile_h, PILE_CARD),
        color,
        centred("direction", CENTRE_X, CENTRE_Y, ring, ring),
        # Between the piles and the hand, where the eye passes anyway; tall enough for the
        # scene's 30 px line, readable from the couch.
        Rect("status", CENTRE_X - 550, 700, 1100, 60),
        Rect("log", EDGE, HEIGHT - EDGE - 300, 340, 300),
        Rect("buttons", WIDTH - EDGE - 340, 780, 340, HEIGHT - EDGE - 780),
        Rect("menu_button", EDGE, EDGE, 200, 52),
        Rect("scores", WIDTH - EDGE - 280, EDGE, 280, score_height(players)),
        centred("prompt", CENTRE_X, CENTRE_Y, 760, 440),
    ]


@cache
def built_in_layout(players: int) -> Layout:
    """The layout computed from the geometry above: what the shipped map holds, without it."""
    rects = {rect.name: rect for rect in layout_rects(players)}

    def box(name: str) -> Box:
        rect = rects[name]
        return Box(rect.x, rect.y, rect.width, rect.height)

    def card_width(name: str) -> int:
        width = rects[name].card_width
        assert width is not None  # every hand and the draw pile is given one above
        return width

    return _assemble(players, LOGICAL_SIZE, box, card_width)
