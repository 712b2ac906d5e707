"""Where the New game screen puts things, worked out for the text size in use.

Large text makes every word 1.4 times bigger, so the screen's rows cannot keep the places laid
out for the normal size: "Seat 10" ran into its name field, "10 players" into the + button,
and a rule's title into its explanation. Here each column starts after the widest text before
it, each row is as tall as its lines, and as many rows of rules show as fit (the rest scroll).
At the normal size the places are those of the original layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from scenes.assets import Weight, font, scaled

# On the logical 1920x1080 surface. Left panel: the players, one row per seat (label, name,
# who plays it); right panel: the preset and the switches.
LEFT = pygame.Rect(60, 130, 680, 800)
RIGHT = pygame.Rect(770, 130, 1090, 800)
BOTTOM_TEXT = pygame.Rect(400, 948, 960, 120)  # between Back and Start
LABEL_X = 84
SEAT_TOP = 280  # the first seat row
HINT_Y = 250  # the line above the seats
SWITCH_X, SWITCH_TOP = 800, 300
# Text sizes (nominal: the text scale multiplies them).
PLAYERS_SIZE, LABEL_SIZE, KIND_SIZE = 34, 20, 22
SWITCH_SIZE, SWITCH_TITLE_SIZE, SWITCH_DETAIL_SIZE = 22, 22, 18
MORE_RULES = "More rules"
# The widest of each column's texts: a seat label, who plays a seat, the players' count.
WIDEST_LABEL = "Seat 10"
KIND_LABELS = ("Person + pad 10", "Normal AI", "Expert AI", "Phone")
WIDEST_PLAYERS = "10 players"


@dataclass(frozen=True)
class SetupGrid:
    """The places of the setup screen's parts at one text size."""

    minus: pygame.Rect
    players_at: tuple[int, int]  # the centre of "N players"
    plus: pygame.Rect
    name_x: int
    name_w: int
    kind_x: int
    kind_w: int
    seat_h: int
    seat_pitch: int
    open_hands: pygame.Rect
    switch_w: int
    switch_label_x: int
    detail_width: int
    more_rules: pygame.Rect

    def seat_y(self, seat: int) -> int:
        """The top of a seat's row."""
        return SEAT_TOP + seat * self.seat_pitch

    def rows_visible(self, row_h: int) -> int:
        """How many switch rows of ``row_h`` fit the right panel (a row's gap may stick out)."""
        return max(1, (RIGHT.bottom + 4 - SWITCH_TOP) // row_h)


def title_pitch() -> int:
    """The height of a switch's title line."""
    return round(scaled(SWITCH_TITLE_SIZE) * 1.1)


def detail_pitch() -> int:
    """The height of a line of a switch's explanation."""
    return round(scaled(SWITCH_DETAIL_SIZE) * 1.2)


def row_height(detail_lines: int) -> int:
    """A switch row: its title, its explanation's lines and a gap; never below the original."""
    return max(52, title_pitch() + detail_lines * detail_pitch() + 6)


@cache
def setup_grid(scale: float) -> SetupGrid:
    """The grid at text scale ``scale`` (the fonts measured are at that scale: callers pass
    ``text_scale()``, so the cache is per size)."""
    players_w = font(PLAYERS_SIZE, Weight.BOLD).size(WIDEST_PLAYERS)[0]
    minus = pygame.Rect(80, 160, 64, 60)
    # The count between the buttons with room on both sides (it touched + at Large text).
    plus = pygame.Rect(max(356, minus.right + 32 + players_w), 160, 64, 60)
    players_at = ((minus.right + plus.x) // 2, 190)
    label_w = font(LABEL_SIZE, Weight.SEMIBOLD).size(WIDEST_LABEL)[0]
    name_x = max(176, LABEL_X + label_w + 16)
    kind_text = max(font(KIND_SIZE, Weight.SEMIBOLD).size(t)[0] for t in KIND_LABELS)
    kind_w = max(196, min(300, kind_text + 28))
    kind_x = LEFT.right - 24 - kind_w
    seat_h = max(50, scaled(24) + 16)
    seat_pitch = seat_h + 8
    bottom = max(870, SEAT_TOP + 10 * seat_pitch + 4)
    open_hands = pygame.Rect(84, bottom, 632, max(44, scaled(20) + 16))
    switch_w = max(240, max(font(SWITCH_SIZE).size(t)[0] for t in ("classic effects",)) + 40)
    label_x = SWITCH_X + switch_w + 20
    more_w = max(160, font(22, Weight.SEMIBOLD).size(MORE_RULES)[0] + 32)
    more = pygame.Rect(RIGHT.right - 20 - more_w, 240, more_w, max(48, scaled(22) + 18))
    return SetupGrid(
        minus,
        players_at,
        plus,
        name_x,
        kind_x - 12 - name_x,
        kind_x,
        kind_w,
        seat_h,
        seat_pitch,
        open_hands,
        switch_w,
        label_x,
        RIGHT.right - 24 - label_x,
        more,
    )
