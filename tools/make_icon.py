"""Draws the program icon (three fanned cards on a round felt badge) into ``assets/icon.png``.

python -m tools.make_icon [--out assets/icon.png] [--size 256]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.cards import DeckKind, deck
from scenes.art import CardArt


def draw(size: int) -> pygame.Surface:
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    center = size // 2
    pygame.draw.circle(icon, (16, 84, 52), (center, center), center)
    pygame.draw.circle(icon, (255, 214, 90), (center, center), center, max(2, size // 40))
    cards = {c.code: c for c in deck(DeckKind.CLASSIC)}
    art = CardArt()
    width = round(size * 0.36)
    for i, code in enumerate(("B7", "G+2", "W+4")):
        face = pygame.transform.rotozoom(art.face(cards[code], width), (1 - i) * 18, 1.0)
        x = center + (i - 1) * size * 0.17
        y = center + abs(i - 1) * size * 0.04
        icon.blit(face, face.get_rect(center=(round(x), round(y))))
    return icon


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_icon", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("assets/icon.png"))
    parser.add_argument("--size", type=int, default=256)
    args = parser.parse_args(argv)
    pygame.init()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(args.size), str(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
