"""Writes the table layouts, one Tiled map per player count, into ``assets/layouts/``.

    python -m tools.make.make_layouts                          # rewrite table_2.tmx .. table_10.tmx
    python -m tools.make.make_layouts --preview screenshots/   # also draw each layout to a PNG
    python -m tools.make.make_layouts --no-write --preview screenshots/   # draw a designer's edits

The maps are ordinary Tiled files (orthogonal, 8 px tiles, one object layer "points" of named
rectangles) that a designer can open and rearrange; the scenes read only the named objects,
never pixel constants. Seat 0 is the person at the bottom centre. The other seats follow the
order of play clockwise from the person's left, on an ellipse around the piles: up the left
side, across the top and down the right side. The same run always writes the same bytes.

The geometry itself lives in ``scenes.board.layout`` (``layout_rects``), because the game builds the
same layout in code when a map is missing or broken.
"""

from __future__ import annotations

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytmx

from scenes.assets import Weight, font
from scenes.board.layout import (
    ANGLES,
    CARD_RATIO,
    FAN_CARDS,
    FAN_STEP,
    HEIGHT,
    WIDTH,
    Rect,
    layout_rects,
)

TILE = 8
MARGIN = 12  # nothing may come closer to the screen edge than this

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
        rects = layout_rects(players)
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
        prog="python -m tools.make.make_layouts",
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
