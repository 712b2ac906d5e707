"""Draws the program icon (three fanned cards on a round felt badge): ``assets/icon.png``, and
for the Windows and macOS builds an ``.ico`` and an ``.icns`` (build.spec makes them in build/).

python -m tools.make.make_icon [--out assets/icon.png] [--size 256]
python -m tools.make.make_icon --ico build/icons/OneMoreCard.ico --icns build/icons/OneMoreCard.icns

Both containers hold PNG images (Windows Vista and later, macOS 10.7 and later read them), each
drawn once at 1024 px and scaled down smoothly; only pygame and the standard library are used.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.cards import DeckKind, deck
from scenes.art import CardArt

MASTER = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# The icns types that hold a PNG, and each one's size in pixels.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


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


def png_bytes(master: pygame.Surface, size: int) -> bytes:
    """The icon at ``size`` px as PNG file contents."""
    image = (
        master if master.get_width() == size else pygame.transform.smoothscale(master, (size, size))
    )
    out = io.BytesIO()
    pygame.image.save(image, out, "icon.png")
    return out.getvalue()


def ico(master: pygame.Surface) -> bytes:
    """A Windows .ico: a directory of PNG images (a width or height of 256 is written as 0)."""
    images = [png_bytes(master, size) for size in ICO_SIZES]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries = b""
    for size, data in zip(ICO_SIZES, images, strict=True):
        side = size % 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + entries + b"".join(images)


def icns(master: pygame.Surface) -> bytes:
    """A macOS .icns: 'icns', the whole length, then each element (type, length, PNG)."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(data)) + data
        for kind, data in ((kind, png_bytes(master, size)) for kind, size in ICNS_TYPES)
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make.make_icon", description=__doc__)
    parser.add_argument("--out", type=Path, default=None, help="a PNG (default assets/icon.png)")
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--ico", type=Path, default=None, help="write a Windows .ico here")
    parser.add_argument("--icns", type=Path, default=None, help="write a macOS .icns here")
    args = parser.parse_args(argv)
    pygame.init()
    written: list[tuple[Path, bytes | pygame.Surface]] = []
    if args.ico is not None or args.icns is not None:
        master = draw(MASTER)
        if args.ico is not None:
            written.append((args.ico, ico(master)))
        if args.icns is not None:
            written.append((args.icns, icns(master)))
    if args.out is not None or not written:
        written.append((args.out or Path("assets/icon.png"), draw(args.size)))
    for path, content in written:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            pygame.image.save(content, str(path))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
