"""Writes the table layouts, one Tiled map per player count, into ``assets/layouts/``.

    python -m tools.make_layouts            # rewrite assets/layouts/table_2.tmx .. table_10.tmx
    python -m tools.make_layouts --preview screenshots/   # also draw each layout's boxes to PNG

The maps are ordinary Tiled files (orthogonal, 8 px tiles, one object layer "points" of named
rectangles) that a designer can open and move things in; the scenes read only the named
objects, never pixel constants. Seat 0 is the person at the bottom; the other seats follow the
order of play clockwise from their left, on an arc over the table.
"""

from __future__ import annotations

import argparse
import math
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

WIDTH, HEIGHT = 1920, 1080
TILE = 8
PILE_CARD = 130


@dataclass(frozen=True)
class Rect:
    name: str
    x: int
    y: int
    width: int
    height: int
    card_width: int | None = None

    def overlaps(self, other: Rect) -> bool:
        return not (
            self.x + self.width <= other.x
            or other.x + other.width <= self.x
            or self.y + self.height <= other.y
            or other.y + other.height <= self.y
        )


def _box(name: str, cx: float, cy: float, w: int, h: int, card: int | None = None) -> Rect:
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
    if players <= 5:
        return 280, 84
    if players <= 7:
        return 240, 76
    return 220, 70


def seat_angle(seat: int, players: int) -> float:
    """Degrees on the arc (90 is the top): seat 1 on the left, going clockwise over the top."""
    if players == 2:
        return 90.0
    spread = min(200.0, 60.0 * (players - 2))
    step = spread / (players - 2)
    return 90.0 + spread / 2 - (seat - 1) * step


def layout(players: int) -> list[Rect]:
    rects: list[Rect] = []
    card = opponent_card_width(players)
    card_h = round(card * 7 / 5)
    plate_w, plate_h = plate_size(players)
    # The person: plate bottom-left, a wide hand along the bottom, buttons on the right.
    rects.append(Rect("seat_0", 24, 968, 300, 88))
    rects.append(Rect("hand_0", 360, 852, 1200, 208, 120))
    rects.append(Rect("buttons", 1600, 852, 296, 208))
    cx, cy, rx, ry = 960, 548, 720, 418
    for seat in range(1, players):
        theta = math.radians(seat_angle(seat, players))
        x = cx + rx * math.cos(theta)
        y = cy - ry * math.sin(theta)
        side = abs(math.cos(theta)) > 0.8
        hand_w = max(plate_w, round(card * 0.34 * 6 + card))
        if side:
            # Seats low on the sides hold their cards beside the plate, towards the middle.
            toward = 1 if math.cos(theta) < 0 else -1
            plate_x = 24 if toward > 0 else WIDTH - 24 - plate_w
            plate = Rect(f"seat_{seat}", plate_x, round(y - plate_h / 2), plate_w, plate_h)
            hand_x = plate.x + plate_w + 8 if toward > 0 else plate.x - 8 - hand_w
            hand = Rect(f"hand_{seat}", hand_x, round(y - card_h / 2), hand_w, card_h, card)
        else:
            plate = _box(f"seat_{seat}", x, y - (card_h + 8) / 2, plate_w, plate_h)
            hand = Rect(
                f"hand_{seat}", round(x - hand_w / 2), plate.y + plate_h + 8, hand_w, card_h, card
            )
        rects += [plate, hand]
    pile_h = round(PILE_CARD * 7 / 5)
    middle_y = 500 if players > 2 else 520
    rects.append(_box("draw_pile", 860, middle_y, PILE_CARD, pile_h, PILE_CARD))
    rects.append(_box("discard_pile", 1060, middle_y, PILE_CARD, pile_h, PILE_CARD))
    rects.append(_box("color", 1210, middle_y, 90, 90))
    rects.append(_box("direction", 960, middle_y, 560, 380))
    rects.append(_box("status", 960, 776, 940, 64))
    rects.append(Rect("menu_button", 24, 20, 200, 52))
    rects.append(Rect("log", 24, 692, 316, 260))
    rows = players if players <= 4 else (players + 1) // 2  # two columns for big tables
    rects.append(Rect("scores", 1596, 20, 300, 52 + 22 * rows))
    rects.append(_box("prompt", 960, middle_y, 760, 420))
    return rects


EXEMPT = ("prompt", "direction")


def problems(players: int, rects: list[Rect]) -> list[str]:
    """Overlaps and boxes off the screen; an empty list for a good layout."""
    found = []
    for rect in rects:
        if rect.x < 12 or rect.y < 12 or rect.x + rect.width > WIDTH - 12:
            found.append(f"{players} players: {rect.name} leaves the screen margin")
        if rect.y + rect.height > HEIGHT - 12:
            found.append(f"{players} players: {rect.name} leaves the screen margin")
    solid = [r for r in rects if r.name not in EXEMPT]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if a.overlaps(b):
                found.append(f"{players} players: {a.name} overlaps {b.name}")
    return found


def tmx(players: int, rects: list[Rect]) -> ET.ElementTree[ET.Element]:
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
    for i, rect in enumerate(rects, start=1):
        obj = ET.SubElement(
            group,
            "object",
            id=str(i),
            name=rect.name,
            x=str(rect.x),
            y=str(rect.y),
            width=str(rect.width),
            height=str(rect.height),
        )
        if rect.card_width is not None:
            oprops = ET.SubElement(obj, "properties")
            ET.SubElement(
                oprops, "property", name="card_width", type="int", value=str(rect.card_width)
            )
    ET.indent(root)
    return ET.ElementTree(root)


def write_all(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for players in range(2, 11):
        rects = layout(players)
        found += problems(players, rects)
        tree = tmx(players, rects)
        tree.write(folder / f"table_{players}.tmx", encoding="UTF-8", xml_declaration=True)
    return found


def preview(folder: Path) -> None:
    """Draw every layout's boxes with their names, to look at."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.assets import Weight, font

    pygame.init()
    folder.mkdir(parents=True, exist_ok=True)
    label = font(18, Weight.SEMIBOLD)
    for players in range(2, 11):
        image = pygame.Surface((WIDTH, HEIGHT))
        image.fill((20, 70, 45))
        for rect in layout(players):
            color = (255, 210, 90) if rect.name.startswith("seat") else (200, 220, 255)
            if rect.name in EXEMPT:
                color = (120, 140, 160)
            pygame.draw.rect(image, color, (rect.x, rect.y, rect.width, rect.height), 2)
            image.blit(label.render(rect.name, True, color), (rect.x + 4, rect.y + 2))
        pygame.image.save(image, str(folder / f"layout_{players}.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_layouts", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("assets/layouts"))
    parser.add_argument("--preview", type=Path, default=None, help="folder for PNG previews")
    args = parser.parse_args(argv)
    found = write_all(args.out)
    for problem in found:
        print(problem, file=sys.stderr)
    if args.preview is not None:
        preview(args.preview)
    print(f"wrote 9 layouts to {args.out}" + (f" ({len(found)} problems)" if found else ""))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
