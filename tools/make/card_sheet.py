"""Render all the game's art into one PNG, to look at: every distinct face of the three decks,
the back, a lifted card's shadow and a glow, the icons, the color shapes, avatars and a felt
sample, on the felt.

    python -m tools.make.card_sheet [--width 120] [--out screenshots/cards.png] [--no-shapes]

Prints how long the first drawing of all the faces took (the game caches them afterwards), and
of the felt at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.cards import COLORS, Card, Color, DeckKind, Rank, deck
from scenes.art import (
    COLOR_RGB,
    CardArt,
    Icon,
    avatar,
    card_size,
    color_shape,
    felt,
    icon,
    panel,
)
from scenes.assets import Weight, font

GAP = 14
COLUMNS = 14


def distinct_faces() -> list[Card]:
    """One card of each (color, rank, house_rule) over the three decks, in hand order."""
    kinds: dict[tuple[Color | None, Rank, bool], Card] = {}
    for kind in DeckKind:
        for card in deck(kind):
            kinds.setdefault((card.color, card.rank, card.house_rule), card)
    order = {color: i for i, color in enumerate(COLORS)}
    return sorted(
        kinds.values(),
        key=lambda c: (4 if c.color is None else order[c.color], c.house_rule, int(c.rank)),
    )


def _label(sheet: pygame.Surface, text: str, pos: tuple[int, int]) -> int:
    image = font(20, Weight.SEMIBOLD).render(text, True, (235, 240, 235))
    sheet.blit(image, pos)
    return pos[1] + image.get_height() + 6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make.card_sheet", description=__doc__)
    parser.add_argument("--width", type=int, default=120, help="card width in pixels")
    parser.add_argument("--out", type=Path, default=Path("screenshots/cards.png"))
    parser.add_argument("--no-shapes", action="store_true", help="hide the colorblind shapes")
    args = parser.parse_args(argv)
    art = CardArt(shapes=not args.no_shapes)
    cards = distinct_faces()

    started = time.perf_counter()
    faces = [art.face(card, args.width) for card in cards]
    back = art.back(args.width)
    face_time = time.perf_counter() - started
    started = time.perf_counter()
    felt((1920, 1080))
    felt_time = time.perf_counter() - started

    w, h = card_size(args.width)
    rows = -(-len(faces) // COLUMNS)
    sheet_w = max(GAP + COLUMNS * (w + GAP), 1480)  # the icon rows need this much
    extra = h + 400  # the rows under the faces; the sheet is cropped to what was drawn
    sheet = felt((sheet_w, GAP + rows * (h + GAP) + extra)).copy()

    for i, face in enumerate(faces):
        row, col = divmod(i, COLUMNS)
        sheet.blit(face, (GAP + col * (w + GAP), GAP + row * (h + GAP)))

    y = GAP + rows * (h + GAP) + GAP
    y = _label(sheet, "back, lifted with shadow, glow (playable), shadow at rest", (GAP, y))
    x = GAP + w // 2
    center_y = y + h // 2 + GAP
    sheet.blit(back, back.get_rect(center=(x, center_y)))
    x += w + 3 * GAP
    shadow, offset = art.shadow(args.width, 1.0)
    lifted = (x, center_y - round(args.width * 0.12))
    sheet.blit(shadow, shadow.get_rect(center=(lifted[0] + offset[0], lifted[1] + offset[1])))
    sheet.blit(faces[0], faces[0].get_rect(center=lifted))
    x += w + 3 * GAP
    glow = art.glow(args.width, (255, 214, 90))
    sheet.blit(glow, glow.get_rect(center=(x, center_y)))
    sheet.blit(faces[-1], faces[-1].get_rect(center=(x, center_y)))
    x += w + 3 * GAP
    shadow, offset = art.shadow(args.width, 0.0)
    sheet.blit(shadow, shadow.get_rect(center=(x + offset[0], center_y + offset[1])))
    sheet.blit(faces[20], faces[20].get_rect(center=(x, center_y)))
    x += w + 3 * GAP
    for i in range(5):
        sheet.blit(faces[i * 3], faces[i * 3].get_rect(center=(x + i * w // 3, center_y)))

    y = _draw_small_art(sheet, center_y + h // 2 + 2 * GAP)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    used = pygame.Rect(0, 0, sheet_w, y)
    pygame.image.save(sheet.subsurface(used.clip(sheet.get_rect())), str(args.out))
    print(
        f"{len(faces)} faces and the back at width {args.width}: {face_time:.3f} s; "
        f"felt 1920x1080: {felt_time:.3f} s -> {args.out}"
    )
    return 0


def _draw_small_art(sheet: pygame.Surface, y: int) -> int:
    """The rows under the cards from ``y``: icons, shapes, color indicators, avatars and a
    panel; returns where the drawing ends."""
    y = _label(sheet, "icons, shapes, color indicator, avatars, panel", (GAP, y))
    x = GAP
    for kind in Icon:
        sheet.blit(icon(kind, 56), (x, y))
        x += 56 + GAP
    x += GAP
    for color in COLORS:
        sheet.blit(color_shape(color, 56), (x, y))
        x += 56 + GAP
    y += 56 + GAP
    x = GAP
    for color in COLORS:
        center = (x + 40, y + 40)
        pygame.draw.circle(sheet, (250, 250, 250), center, 40)
        pygame.draw.circle(sheet, COLOR_RGB[color], center, 36)
        shape = color_shape(color, 36, (255, 255, 255))
        sheet.blit(shape, shape.get_rect(center=center))
        x += 80 + GAP
    for i, name in enumerate(("You", "Ana", "Ben", "Chloe Dev", "Eli", "Fay", "Gus", "Hana")):
        sheet.blit(avatar(name, 72, i), (x, y + 4))
        x += 72 + GAP
    plate = panel((300, 80), 18, (12, 18, 26, 225), (255, 255, 255, 50))
    sheet.blit(plate, (x, y))
    sheet.blit(avatar("Ana", 64, 1), (x + 8, y + 8))
    sheet.blit(
        font(26, Weight.SEMIBOLD).render("Ana  ·  7 cards", True, (255, 255, 255)), (x + 84, y + 24)
    )
    return y + 80 + GAP


if __name__ == "__main__":
    sys.exit(main())
