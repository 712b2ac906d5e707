"""Writes the table layouts, one Tiled map per player count, into ``assets/layouts/``.

    python -m tools.make_layouts                          # rewrite table_2.tmx .. table_10.tmx
    python -m tools.make_layouts --preview screenshots/   # also draw each layout to a PNG
    python -m tools.make_layouts --no-write --preview screenshots/   # draw a designer's edits

The maps are ordinary Tiled files (orthogonal, 8 px tiles, one object layer "points" of named
rectangles) that a designer can open and rearrange; the scenes read only the named objects,
never pixel constants. Seat 0 is the person at the bottom centre. The other seats follow the
order of play clockwise from the person's left, on an ellipse around the piles: up the left
side, across the top and down the right side. The same run always writes the same bytes.
"""

from __future__ import annotations

import argparse
import enum
import math
import os
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytmx

from scenes.app import LOGICAL_SIZE
from scenes.assets import Weight, font

WIDTH, HEIGHT = LOGICAL_SIZE
TILE = 8
MARGIN = 12  # nothing may come closer to the screen edge than this
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


def layout(players: int) -> list[Rect]:
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


EXEMPT = ("prompt", "direction")


def problems(players: int, rects: list[Rect]) -> list[str]:
    """Overlaps and boxes off the screen; an empty list for a good layout."""
    found = []
    for rect in rects:
        inside = (
            rect.x >= MARGIN
            and rect.y >= MARGIN
            and rect.right <= WIDTH - MARGIN
            and rect.bottom <= HEIGHT - MARGIN
        )
        if not inside:
            found.append(f"{players} players: {rect.name} leaves the screen margin")
    solid = [r for r in rects if r.name not in EXEMPT]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if a.overlaps(b):
                found.append(f"{players} players: {a.name} overlaps {b.name}")
    return found


def tmx(players: int, rects: list[Rect]) -> str:
    """The map's XML as Tiled writes it (format 1.10), so a designer's save changes little."""
    root = ET.Element(
        "map",
        version="1.10",
        tiledversion="1.10.2",
        orientation="orthogonal",
        renderorder="right-down",
        width=str(WIDTH // TILE),
        height=str(HEIGHT // TILE),
        tilewidth=str(TILE),
        tileheight=str(TILE),
        infinite="0",
        nextlayerid="2",
        nextobjectid=str(len(rects) + 1),
    )
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", name="players", type="int", value=str(players))
    group = ET.SubElement(root, "objectgroup", id="1", name="points")
    for number, rect in enumerate(rects, start=1):
        obj = ET.SubElement(
            group,
            "object",
            id=str(number),
            name=rect.name,
            x=str(rect.x),
            y=str(rect.y),
            width=str(rect.width),
            height=str(rect.height),
        )
        if rect.card_width is not None:
            card = ET.SubElement(obj, "properties")
            ET.SubElement(
                card, "property", name="card_width", type="int", value=str(rect.card_width)
            )
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_all(folder: Path) -> list[str]:
    """Writes table_2.tmx .. table_10.tmx into ``folder``; returns the layouts' problems."""
    folder.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for players in ANGLES:
        rects = layout(players)
        found += problems(players, rects)
        text = tmx(players, rects)
        (folder / f"table_{players}.tmx").write_text(text, encoding="utf-8", newline="\n")
    return found


def read_map(path: Path) -> list[Rect]:
    """The named rectangles of a map as it is on disk, a designer's edits included."""
    rects = []
    for obj in pytmx.TiledMap(str(path)).objects:
        card = obj.properties.get("card_width")
        card_width = card if isinstance(card, int) else None
        size = (round(obj.width), round(obj.height))
        rects.append(Rect(obj.name or "?", round(obj.x), round(obj.y), *size, card_width))
    return rects


def preview(maps: Path, folder: Path) -> None:
    """Draws every map in ``maps`` with its names and sample fans of cards, to look at."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # a font needs pygame, not a window
    pygame.init()
    folder.mkdir(parents=True, exist_ok=True)
    label = font(18, Weight.SEMIBOLD)
    card_fill, card_edge = (150, 40, 40), (240, 240, 240)
    for players in ANGLES:
        image = pygame.Surface((WIDTH, HEIGHT))
        image.fill((18, 24, 30))
        for rect in read_map(maps / f"table_{players}.tmx"):
            box = pygame.Rect(rect.x, rect.y, rect.width, rect.height)
            color = (255, 210, 90) if rect.name.startswith("seat") else (170, 200, 240)
            if rect.name in EXEMPT:
                color = (90, 110, 130)
            if rect.name == "direction":
                radius = round(rect.width * 0.41)
                pygame.draw.circle(
                    image, (50, 62, 74), box.center, radius, round(rect.width * 0.065)
                )
            elif rect.name == "color":
                pygame.draw.circle(image, (40, 160, 70), box.center, rect.width // 2)
            if rect.card_width is not None:
                # Sample cards where the presenter would fan them: 7 backs, 9 for the person.
                count = 9 if rect.name == "hand_0" else 1 if "pile" in rect.name else FAN_CARDS
                step = rect.card_width * (0.78 if rect.name == "hand_0" else FAN_STEP)
                step = min(step, (rect.width - rect.card_width) / max(1, count - 1))
                card_h = round(rect.card_width * CARD_RATIO)
                for i in range(count):
                    cx = rect.center[0] + (i - (count - 1) / 2) * step
                    card = pygame.Rect(0, 0, rect.card_width, card_h)
                    card.center = (round(cx), round(rect.center[1]))
                    pygame.draw.rect(image, card_fill, card, border_radius=8)
                    pygame.draw.rect(image, card_edge, card, 2, border_radius=8)
            pygame.draw.rect(image, color, box, 2)
            text = label.render(rect.name, True, color, (18, 24, 30))
            image.blit(text, (rect.x + 4, rect.y + 3))
        pygame.image.save(image, str(folder / f"layout_{players}.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make_layouts",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=Path("assets/layouts"))
    parser.add_argument("--preview", type=Path, default=None, help="folder for PNG previews")
    parser.add_argument(
        "--no-write", action="store_true", help="keep the maps as they are (preview edits)"
    )
    args = parser.parse_args(argv)
    found: list[str] = []
    if not args.no_write:
        found = write_all(args.out)
        for problem in found:
            print(problem, file=sys.stderr)
        print(f"wrote {len(ANGLES)} layouts to {args.out}", end="")
        print(f" ({len(found)} problems)" if found else "")
    if args.preview is not None:
        preview(args.out, args.preview)
        print(f"drew {len(ANGLES)} previews into {args.preview}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
