"""Every picture of the game drawn in code: card faces and back, felt, avatars, icons.

Nothing here is an image file: cards are drawn at three times their size with pygame's
primitives and the bundled font, then smoothly scaled down, which gives clean anti-aliased
edges at any width, and cached per card kind and width. Each color also has its own shape
(red circle, yellow triangle, green square, blue diamond) printed by the corner index, so color
is never the only cue. The back carries our own emblem, not a trademark.
"""

from __future__ import annotations

import enum
import math
import random
from functools import cache

import pygame

from game.cards import Card, Color, Rank
from scenes.assets import Weight, font

CARD_RATIO = 7 / 5
SS = 3  # supersampling factor

COLOR_RGB: dict[Color, tuple[int, int, int]] = {
    Color.RED: (222, 44, 52),
    Color.YELLOW: (246, 190, 20),
    Color.GREEN: (38, 158, 72),
    Color.BLUE: (30, 110, 214),
}
WILD_BLACK = (26, 26, 30)
WHITE = (255, 255, 255)
INK = (20, 20, 24)


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


class Icon(enum.Enum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


# ---------------------------------------------------------------- shapes


def _shape_points(color: Color, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if color is Color.YELLOW:
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if color is Color.GREEN:
        s = r * 0.82
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if color is Color.BLUE:
        return [(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)]
    return []


def _draw_shape(
    surface: pygame.Surface,
    color: Color,
    center: tuple[float, float],
    radius: float,
    fill: tuple[int, ...],
    outline: tuple[int, ...] | None = None,
    width: int = 0,
) -> None:
    cx, cy = center
    points = _shape_points(color, cx, cy, radius)
    if outline is not None:
        if points:
            pygame.draw.polygon(surface, outline, points, 0)
            inner = _shape_points(color, cx, cy, radius - width)
            pygame.draw.polygon(surface, fill, inner, 0)
        else:
            pygame.draw.circle(surface, outline, (cx, cy), radius)
            pygame.draw.circle(surface, fill, (cx, cy), radius - width)
        return
    if points:
        pygame.draw.polygon(surface, fill, points, 0)
    else:
        pygame.draw.circle(surface, fill, (cx, cy), radius)


@cache
def color_shape(color: Color, size: int, rgb: tuple[int, int, int] | None = None) -> pygame.Surface:
    """The color's own shape alone, for the color picker and the current-color disc."""
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    fill = rgb if rgb is not None else COLOR_RGB[color]
    r = size * SS / 2
    _draw_shape(big, color, (r, r), r * 0.9, (*fill, 255), (0, 0, 0, 160), max(2, SS * 2))
    return pygame.transform.smoothscale(big, (size, size))


# ---------------------------------------------------------------- cards


def _rounded(size: tuple[int, int], radius: int, rgb: tuple[int, ...]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, rgb, surface.get_rect(), border_radius=radius)
    return surface


def _text(message: str, size: int, rgb: tuple[int, int, int], weight: Weight) -> pygame.Surface:
    return font(max(6, size), weight).render(message, True, rgb)


def _outlined(
    message: str, size: int, rgb: tuple[int, int, int], weight: Weight = Weight.BLACK
) -> pygame.Surface:
    """Text with a dark outline and drop shadow, as printed on cards."""
    core = _text(message, size, rgb, weight)
    dark = _text(message, size, INK, weight)
    pad = max(2, size // 14)
    out = pygame.Surface(
        (core.get_width() + pad * 2 + pad, core.get_height() + pad * 2 + pad), pygame.SRCALPHA
    )
    for dx in range(-pad, pad + 1, max(1, pad // 2)):
        for dy in range(-pad, pad + 1, max(1, pad // 2)):
            out.blit(dark, (pad + dx + pad // 2, pad + dy + pad // 2))
    out.blit(core, (pad, pad))
    return out


_LABEL = {Rank.DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4"}


def _index_label(card: Card) -> str:
    if card.rank.is_number:
        return str(int(card.rank))
    return _LABEL.get(card.rank, "")


def _draw_skip(
    surface: pygame.Surface, center: tuple[float, float], r: float, rgb: tuple[int, int, int]
) -> None:
    width = max(3, round(r * 0.28))
    pygame.draw.circle(surface, INK, center, r + width * 0.35, width + round(width * 0.7))
    pygame.draw.circle(surface, rgb, center, r, width)
    dx = r * math.cos(math.radians(45)) * 0.92
    a = (center[0] - dx, center[1] + dx)
    b = (center[0] + dx, center[1] - dx)
    pygame.draw.line(surface, INK, a, b, width + round(width * 0.7))
    pygame.draw.line(surface, rgb, a, b, width)


def _arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    width: float,
    rgb: tuple[int, ...],
) -> None:
    """A thick straight arrow with a triangular head at ``end``."""
    sx, sy = start
    ex, ey = end
    angle = math.atan2(ey - sy, ex - sx)
    head = width * 2.2
    bx, by = ex - math.cos(angle) * head, ey - math.sin(angle) * head
    nx, ny = -math.sin(angle), math.cos(angle)
    half = width / 2
    body = [
        (sx + nx * half, sy + ny * half),
        (bx + nx * half, by + ny * half),
        (bx - nx * half, by - ny * half),
        (sx - nx * half, sy - ny * half),
    ]
    tip = [
        (ex, ey),
        (bx + nx * head * 0.75, by + ny * head * 0.75),
        (bx - nx * head * 0.75, by - ny * head * 0.75),
    ]
    pygame.draw.polygon(surface, rgb, body)
    pygame.draw.polygon(surface, rgb, tip)


def _draw_reverse(
    surface: pygame.Surface, center: tuple[float, float], r: float, rgb: tuple[int, int, int]
) -> None:
    """Two parallel diagonal arrows pointing opposite ways."""
    cx, cy = center
    width = r * 0.3
    ux, uy = math.cos(math.radians(-45)), math.sin(math.radians(-45))  # up and to the right
    nx, ny = -uy, ux  # the normal: down and to the right
    shift = r * 0.3
    length = r * 0.95
    for color, grow in ((INK, width * 0.55), (rgb, 0.0)):
        for side in (-1, 1):
            ox, oy = cx + nx * shift * side, cy + ny * shift * side
            tail = (
                ox - ux * length * side - ux * grow * 0.3 * side,
                oy - uy * length * side - uy * grow * 0.3 * side,
            )
            tip = (ox + ux * (length + grow * 0.5) * side, oy + uy * (length + grow * 0.5) * side)
            _arrow(surface, tail, tip, width + grow, color)


def _four_color_oval(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An oval split into the four colors, for wild cards."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    quads = (
        (Color.RED, (0, 0)),
        (Color.BLUE, (w // 2, 0)),
        (Color.YELLOW, (0, h // 2)),
        (Color.GREEN, (w // 2, h // 2)),
    )
    for color, (x, y) in quads:
        pygame.draw.rect(layer, COLOR_RGB[color], (x, y, w - w // 2, h - h // 2))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(layer, rect)


def _mini_cards(
    surface: pygame.Surface,
    center: tuple[float, float],
    w: float,
    colors: list[tuple[int, int, int]],
) -> None:
    """Small fanned cards behind a +2 / +4 symbol."""
    cw, ch = w * 0.22, w * 0.31
    count = len(colors)
    for i, rgb in enumerate(colors):
        x = center[0] - (count - 1) * cw * 0.3 + i * cw * 0.6 - cw / 2
        y = center[1] + w * 0.12 - i * ch * 0.12
        rect = pygame.Rect(round(x), round(y), round(cw), round(ch))
        pygame.draw.rect(surface, WHITE, rect.inflate(6, 6), border_radius=round(cw * 0.18))
        pygame.draw.rect(surface, rgb, rect, border_radius=round(cw * 0.15))


class CardArt:
    """Draws and caches card faces and backs at any width."""

    def __init__(self, shapes: bool = True) -> None:
        self.shapes = shapes
        self._faces: dict[tuple[Color | None, Rank, bool, int], pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}

    def set_shapes(self, shapes: bool) -> None:
        if shapes != self.shapes:
            self.shapes = shapes
            self._faces.clear()

    def face(self, card: Card, width: int) -> pygame.Surface:
        key = (card.color, card.rank, card.house_rule, width)
        found = self._faces.get(key)
        if found is None:
            found = self._faces[key] = self._draw_face(card, width)
        return found

    def back(self, width: int) -> pygame.Surface:
        found = self._backs.get(width)
        if found is None:
            found = self._backs[width] = self._draw_back(width)
        return found

    def shadow(self, width: int, lift: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft shadow for a card and where to put its centre relative to the card's."""
        step = round(max(0.0, min(1.0, lift)) * 4)
        key = (width, step)
        found = self._shadows.get(key)
        if found is None:
            w, h = card_size(width)
            blur = 3 + step * 2
            pad = blur * 3
            base = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
            pygame.draw.rect(
                base,
                (0, 0, 0, 120 - step * 10),
                (pad, pad, w, h),
                border_radius=max(3, round(w * 0.08)),
            )
            soft = pygame.transform.gaussian_blur(base, blur)
            found = self._shadows[key] = (soft, (2 + step, 4 + step * 3))
        return found

    def glow(self, width: int, rgb: tuple[int, int, int]) -> pygame.Surface:
        return _glow(width, rgb)

    # ------------------------------------------------------------- drawing

    def _draw_face(self, card: Card, width: int) -> pygame.Surface:
        w, h = card_size(width)
        W, H = w * SS, h * SS
        big = _rounded((W, H), round(W * 0.09), (*WHITE, 255))
        inset = round(W * 0.05)
        wild = card.color is None
        field = WILD_BLACK if wild else COLOR_RGB[card.color]  # type: ignore[index]
        inner = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
        pygame.draw.rect(big, field, inner, border_radius=round(W * 0.065))
        # The tilted oval of real cards.
        oval = pygame.Surface((round(W * 0.8), round(H * 0.72)), pygame.SRCALPHA)
        if wild and card.rank in (
            Rank.WILD,
            Rank.WILD_DRAW_FOUR,
            Rank.WILD_SHUFFLE_HANDS,
            Rank.WILD_GAME_CHANGER,
        ):
            pygame.draw.ellipse(oval, WHITE, oval.get_rect())
            _four_color_oval(oval, oval.get_rect().inflate(-W * 0.05, -W * 0.05))
        else:
            pygame.draw.ellipse(oval, WHITE, oval.get_rect())
        tilted = pygame.transform.rotate(oval, -28)
        center = (W / 2, H / 2)
        big.blit(tilted, tilted.get_rect(center=(round(center[0]), round(center[1]))))
        ink = field if not wild else INK
        self._symbol(big, card, center, W, ink)
        self._corners(big, card, W, H)
        if card.house_rule:
            self._house(big, (W * 0.5, H * 0.9), W * 0.07)
        return pygame.transform.smoothscale(big, (w, h))

    def _symbol(
        self,
        big: pygame.Surface,
        card: Card,
        center: tuple[float, float],
        W: float,
        ink: tuple[int, int, int],
    ) -> None:
        rank = card.rank
        if rank.is_number:
            label = str(int(rank))
            glyph = _outlined(label, round(W * 0.6), ink)
            rect = glyph.get_rect(center=(round(center[0]), round(center[1])))
            big.blit(glyph, rect)
            if rank in (Rank.SIX, Rank.NINE):
                bar = pygame.Rect(0, 0, round(W * 0.22), round(W * 0.045))
                bar.midtop = (rect.centerx, rect.bottom - round(W * 0.1))
                pygame.draw.rect(big, INK, bar.inflate(8, 8), border_radius=6)
                pygame.draw.rect(big, ink, bar, border_radius=4)
        elif rank is Rank.SKIP:
            _draw_skip(big, center, W * 0.22, ink)
        elif rank is Rank.REVERSE:
            _draw_reverse(big, center, W * 0.28, ink)
        elif rank is Rank.DRAW_TWO:
            _mini_cards(big, (center[0], center[1] - W * 0.15), W, [ink, ink])
            glyph = _outlined("+2", round(W * 0.34), WHITE)
            big.blit(glyph, glyph.get_rect(center=(round(center[0]), round(center[1] + W * 0.2))))
        elif rank is Rank.WILD_DRAW_FOUR:
            colors = [COLOR_RGB[c] for c in (Color.BLUE, Color.GREEN, Color.RED, Color.YELLOW)]
            _mini_cards(big, (center[0], center[1] - W * 0.18), W, colors)
            glyph = _outlined("+4", round(W * 0.34), WHITE)
            big.blit(glyph, glyph.get_rect(center=(round(center[0]), round(center[1] + W * 0.2))))
        elif rank is Rank.WILD:
            glyph = _outlined("WILD", round(W * 0.2), WHITE)
            big.blit(glyph, glyph.get_rect(center=(round(center[0]), round(center[1]))))
        elif rank is Rank.WILD_SHUFFLE_HANDS:
            self._caption(big, center, W, "SHUFFLE", "HANDS")
        elif rank is Rank.WILD_CUSTOMIZABLE:
            self._caption(big, center, W, "CUSTOM", "WILD", colored=True)
        elif rank is Rank.WILD_GAME_CHANGER:
            self._caption(big, center, W, "GAME", "CHANGER")

    def _caption(
        self,
        big: pygame.Surface,
        center: tuple[float, float],
        W: float,
        top: str,
        bottom: str,
        colored: bool = False,
    ) -> None:
        size = round(W * 0.16)
        for i, word in enumerate((top, bottom)):
            rgb = WHITE
            if colored:
                rgb = COLOR_RGB[(Color.RED, Color.BLUE)[i]]
            glyph = _outlined(word, size, rgb)
            y = center[1] + (i - 0.5) * size * 1.15
            big.blit(glyph, glyph.get_rect(center=(round(center[0]), round(y))))

    def _corners(self, big: pygame.Surface, card: Card, W: int, H: int) -> None:
        label = _index_label(card)
        size = round(W * 0.2)
        corner = pygame.Surface((round(W * 0.3), round(W * 0.52)), pygame.SRCALPHA)
        cx = corner.get_width() / 2
        if label:
            glyph = _outlined(label, size, WHITE)
            corner.blit(glyph, glyph.get_rect(center=(round(cx), round(size * 0.62))))
        elif card.rank is Rank.SKIP:
            _draw_skip(corner, (cx, size * 0.62), size * 0.36, WHITE)
        elif card.rank is Rank.REVERSE:
            _draw_reverse(corner, (cx, size * 0.62), size * 0.45, WHITE)
        else:
            glyph = _outlined("W", round(size * 0.8), WHITE)
            corner.blit(glyph, glyph.get_rect(center=(round(cx), round(size * 0.62))))
        if self.shapes and card.color is not None:
            _draw_shape(
                corner,
                card.color,
                (cx, size * 1.5),
                size * 0.3,
                (*WHITE, 255),
                (*INK, 255),
                max(2, SS * 2),
            )
        margin = round(W * 0.06)
        big.blit(corner, (margin, margin))
        flipped = pygame.transform.rotate(corner, 180)
        big.blit(flipped, (W - margin - flipped.get_width(), H - margin - flipped.get_height()))

    def _house(self, big: pygame.Surface, center: tuple[float, float], r: float) -> None:
        cx, cy = center
        points = [
            (cx, cy - r),
            (cx + r, cy),
            (cx + r * 0.7, cy),
            (cx + r * 0.7, cy + r),
            (cx - r * 0.7, cy + r),
            (cx - r * 0.7, cy),
            (cx - r, cy),
        ]
        pygame.draw.polygon(big, INK, points)
        pygame.draw.polygon(big, WHITE, [(x, y) for x, y in points], max(2, SS))

    def _draw_back(self, width: int) -> pygame.Surface:
        w, h = card_size(width)
        W, H = w * SS, h * SS
        big = _rounded((W, H), round(W * 0.09), (*WHITE, 255))
        inset = round(W * 0.05)
        inner = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
        pygame.draw.rect(big, (28, 24, 30), inner, border_radius=round(W * 0.065))
        oval = pygame.Surface((round(W * 0.82), round(H * 0.66)), pygame.SRCALPHA)
        pygame.draw.ellipse(oval, (210, 36, 44), oval.get_rect())
        pygame.draw.ellipse(oval, (255, 210, 80), oval.get_rect(), max(3, round(W * 0.025)))
        tilted = pygame.transform.rotate(oval, -28)
        big.blit(tilted, tilted.get_rect(center=(W // 2, H // 2)))
        for i, word in enumerate(("ONE", "MORE")):
            glyph = _outlined(word, round(W * 0.2), (255, 214, 90))
            glyph = pygame.transform.rotate(glyph, 14)
            y = H / 2 + (i - 0.5) * W * 0.24
            big.blit(glyph, glyph.get_rect(center=(W // 2, round(y))))
        return pygame.transform.smoothscale(big, (w, h))


@cache
def _glow(width: int, rgb: tuple[int, int, int]) -> pygame.Surface:
    w, h = card_size(width)
    pad = 14
    base = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(
        base, (*rgb, 230), (pad - 4, pad - 4, w + 8, h + 8), border_radius=round(w * 0.1)
    )
    return pygame.transform.gaussian_blur(base, 5)


# ---------------------------------------------------------------- table art


@cache
def felt(size: tuple[int, int]) -> pygame.Surface:
    """Deep green baize: a radial gradient, a vignette and a faint woven grain."""
    small_w, small_h = max(2, size[0] // 10), max(2, size[1] // 10)
    small = pygame.Surface((small_w, small_h))
    cx, cy = small_w / 2, small_h * 0.46
    reach = math.hypot(cx, cy)
    for y in range(small_h):
        for x in range(small_w):
            d = math.hypot(x - cx, y - cy) / reach
            light = max(0.0, 1.0 - d * d * 0.95)
            r = round(8 + 22 * light)
            g = round(52 + 70 * light)
            b = round(38 + 34 * light)
            small.set_at((x, y), (r, g, b))
    surface = pygame.transform.smoothscale(small, size)
    grain = pygame.Surface((128, 128), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(2600):
        x, y = rng.randrange(128), rng.randrange(128)
        shade = rng.choice((0, 255))
        grain.set_at((x, y), (shade, shade, shade, rng.randrange(6, 16)))
    for y in range(0, size[1], 128):
        for x in range(0, size[0], 128):
            surface.blit(grain, (x, y))
    return surface


AVATAR_COLORS = (
    (92, 107, 192),
    (38, 166, 154),
    (239, 108, 0),
    (171, 71, 188),
    (66, 165, 245),
    (236, 64, 122),
    (124, 179, 66),
    (255, 167, 38),
    (141, 110, 99),
    (0, 172, 193),
)


@cache
def avatar(name: str, diameter: int, index: int) -> pygame.Surface:
    """A round badge with the player's initial on a color of their seat."""
    big = pygame.Surface((diameter * SS, diameter * SS), pygame.SRCALPHA)
    r = diameter * SS / 2
    pygame.draw.circle(big, (255, 255, 255, 230), (r, r), r)
    pygame.draw.circle(big, AVATAR_COLORS[index % len(AVATAR_COLORS)], (r, r), r - SS * 3)
    initial = (name.strip()[:1] or "?").upper()
    glyph = _text(initial, round(diameter * SS * 0.5), WHITE, Weight.BOLD)
    big.blit(glyph, glyph.get_rect(center=(round(r), round(r))))
    return pygame.transform.smoothscale(big, (diameter, diameter))


@cache
def icon(kind: Icon, size: int, rgb: tuple[int, int, int] = WHITE) -> pygame.Surface:
    """The direction-of-play ring: two arcs with arrowheads, turning one way."""
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    r = size * SS / 2
    width = max(4, round(r * 0.07))
    clockwise = kind is Icon.CLOCKWISE
    for start in (20.0, 200.0):
        rect = pygame.Rect(0, 0, round(2 * (r - width * 2)), round(2 * (r - width * 2)))
        rect.center = (round(r), round(r))
        span = math.radians(140)
        a0 = math.radians(start)
        pygame.draw.arc(big, (*rgb, 255), rect, a0, a0 + span, width)
        # The head sits at the end the arrows travel to.
        end = a0 if clockwise else a0 + span
        radius = r - width * 2 - width / 2
        ex, ey = r + radius * math.cos(end), r - radius * math.sin(end)
        tangent = end - math.pi / 2 if clockwise else end + math.pi / 2
        tx, ty = math.cos(tangent), -math.sin(tangent)
        nx, ny = math.cos(end), -math.sin(end)
        head = width * 2.6
        points = [
            (ex + tx * head, ey + ty * head),
            (ex + nx * head * 0.8, ey + ny * head * 0.8),
            (ex - nx * head * 0.8, ey - ny * head * 0.8),
        ]
        pygame.draw.polygon(big, (*rgb, 255), points)
    return pygame.transform.smoothscale(big, (size, size))
