"""The art's palette and proportions: the card colors' RGB, ink, white, edges, the master card's
width and the 5:7 card size.
"""

from __future__ import annotations

from game.cards import Color

CARD_RATIO = 7 / 5

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

COLOR_RGB: dict[Color, RGB] = {
    Color.RED: (224, 36, 48),
    Color.YELLOW: (250, 190, 20),
    Color.GREEN: (40, 164, 74),
    Color.BLUE: (24, 104, 216),
}

# The near-black of outlines and wild cards: pure black looks like a hole on screen.
INK: RGB = (22, 22, 28)
WHITE: RGB = (255, 255, 255)
# Masks are white with a coverage alpha; their transparent pixels keep the white color so that
# smoothscale, which averages channels without weighting by alpha, leaves no dark fringe.
CLEAR_WHITE: RGBA = (255, 255, 255, 0)
# Card edge: a hairline of grey keeps neighbouring white borders apart in a fanned hand.
EDGE: RGB = (178, 180, 188)
BACK_RED: RGB = (200, 28, 40)
GOLD: RGB = (255, 208, 64)

MASTER_WIDTH = 400  # at least 2.5 times the 160 px hand cards, so every shrink is clean
COMPACT_BELOW = 96  # narrower cards get larger corner indices and shapes
SHADOW_STEPS = 10  # a shadow is made for each tenth of a lift, and kept
FACE_CACHE = 400  # faces kept per CardArt: flights tween the width, so sizes come and go
OVAL_TILT = 30.0  # degrees the central oval leans right at the top, as on real cards


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card ``width`` pixels wide, in the 5:7 proportion."""
    return width, round(width * CARD_RATIO)
