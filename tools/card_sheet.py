"""Renders every distinct card face, the back and the color shapes into one PNG, to look at.

    python -m tools.card_sheet [--width 120] [--out screenshots/cards.png] [--no-shapes]

Prints how long drawing the faces took (each face is drawn once, then cached by the game).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.cards import COLORS, Card, DeckKind, deck
from scenes.art import CardArt, avatar, card_size, color_shape, felt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.card_sheet", description=__doc__)
    parser.add_argument("--width", type=int, default=120)
    parser.add_argument("--out", type=Path, default=Path("screenshots/cards.png"))
    parser.add_argument("--no-shapes", action="store_true")
    args = parser.parse_args(argv)
    pygame.init()
    art = CardArt(shapes=not args.no_shapes)
    kinds: dict[tuple[object, object, bool], Card] = {}
    for kind in DeckKind:
        for card in deck(kind):
            kinds.setdefault((card.color, card.rank, card.house_rule), card)
    started = time.perf_counter()
    faces = [art.face(card, args.width) for card in kinds.values()]
    faces.append(art.back(args.width))
    elapsed = time.perf_counter() - started
    w, h = card_size(args.width)
    columns = 16
    rows = (len(faces) + columns - 1) // columns + 1
    sheet = felt(((w + 12) * columns + 12, (h + 12) * rows + 12)).copy()
    for i, face in enumerate(faces):
        row, col = divmod(i, columns)
        sheet.blit(face, (12 + col * (w + 12), 12 + row * (h + 12)))
    y = 12 + (rows - 1) * (h + 12)
    for i, color in enumerate(COLORS):
        sheet.blit(color_shape(color, 60), (12 + i * 72, y))
    sheet.blit(avatar("Ana", 64, 1), (12 + 4 * 72, y))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(f"{len(faces)} faces at width {args.width} drawn in {elapsed:.3f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
