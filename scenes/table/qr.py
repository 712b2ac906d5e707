"""A QR code drawn into a pygame surface: segno makes the matrix, we draw its modules.

Black modules on white, with the four-module quiet zone that phone cameras need, each module a
whole number of pixels so the code stays sharp (a scaled code blurs and scans badly).
"""

from __future__ import annotations

import pygame
import segno

QUIET_ZONE = 4  # modules of white around the code, as the standard asks


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules, quiet zone included (True: dark)."""
    code = segno.make(text, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]


def qr_surface(text: str, size: int) -> pygame.Surface:
    """The code for ``text`` at most ``size`` pixels square, modules of whole pixels."""
    matrix = qr_matrix(text)
    count = len(matrix)
    module = max(1, size // count)
    side = module * count
    surface = pygame.Surface((side, side))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * module, y * module, module, module))
    return surface
