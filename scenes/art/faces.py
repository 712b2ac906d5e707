"""Card faces and backs: each kind drawn once on a master card several times larger than any size
the table uses, and each width a shrink of it (``CardArt``, with its caches, and ``draw_ahead``).

Geometry is written in card units (``u``, a hundredth of the master's width), so one layout
serves every scale.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import ClassVar, Generic, TypeVar

import pygame

from game.cards import Card, Color, DeckKind, Rank, deck
from scenes.art.geometry import _ellipse, _lerp, _mix, _rotate, _rounded_rect
from scenes.art.glyphs import _ICON_DRAWERS, _SHAPE_DRAWERS, Icon, _glyph_house, _mask, _tint
from scenes.art.lettering import _emboss, _outline, _text_mask, _underlined
from scenes.art.palette import (
    BACK_RED,
    CARD_RATIO,
    CLEAR_WHITE,
    COLOR_RGB,
    COMPACT_BELOW,
    EDGE,
    FACE_CACHE,
    GOLD,
    INK,
    MASTER_WIDTH,
    OVAL_TILT,
    RGB,
    SHADOW_STEPS,
    WHITE,
    Point,
    card_size,
)
from scenes.assets import Weight


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    column = pygame.Surface((1, 2), pygame.SRCALPHA)
    column.set_at((0, 0), (*top, 255))
    column.set_at((0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(column, size)


def _field(size: tuple[int, int], radius: float, top: RGB, bottom: RGB) -> pygame.Surface:
    """A rounded rectangle shaded from ``top`` to ``bottom``."""
    shape = pygame.Surface(size, pygame.SRCALPHA)
    shape.fill(CLEAR_WHITE)
    pygame.draw.rect(shape, (*WHITE, 255), shape.get_rect(), border_radius=round(radius))
    shape.blit(_gradient(size, top, bottom), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return shape


def _lighter(rgb: RGB, t: float) -> RGB:
    return _mix(rgb, WHITE, t)


def _darker(rgb: RGB, t: float) -> RGB:
    return _mix(rgb, (0, 0, 0), t)


class _Layout:
    """The card's geometry in master pixels; ``u`` is a hundredth of the card's width.

    ``compact`` cards, shown small, get larger corner indices; the central art (measured in
    ``k`` units) shrinks to leave them room.
    """

    def __init__(self, width: int, compact: bool = False) -> None:
        self.w, self.h = card_size(width)
        self.u = width / 100
        self.compact = compact
        self.k = self.u * (0.84 if compact else 1.0)
        self.center: Point = (self.w / 2, self.h / 2)
        self.radius = 8 * self.u
        self.border = 5 * self.u
        self.oval_rx = 31 * self.k
        self.oval_ry = 57 * self.k

    def oval(self) -> list[Point]:
        return _ellipse(self.center, self.oval_rx, self.oval_ry, OVAL_TILT)

    def along_oval(self, t: float) -> Point:
        """The point ``t`` of the way from the centre to the top end of the oval's long axis."""
        a = math.radians(OVAL_TILT)
        return (
            self.center[0] + math.sin(a) * self.oval_ry * t,
            self.center[1] - math.cos(a) * self.oval_ry * t,
        )


def _blank(lay: _Layout, top: RGB, bottom: RGB) -> pygame.Surface:
    """A fresh card body to draw on: a copy, since a few bodies serve every face."""
    return _body(lay.w, top, bottom).copy()


@lru_cache(maxsize=16)
def _body(width: int, top: RGB, bottom: RGB) -> pygame.Surface:
    """The card body: grey hairline edge, white border, shaded field."""
    lay = _Layout(width)
    card = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
    card.fill(CLEAR_WHITE)
    pygame.draw.rect(card, (*EDGE, 255), card.get_rect(), border_radius=round(lay.radius))
    hair = 0.7 * lay.u
    inner = card.get_rect().inflate(-2 * hair, -2 * hair)
    pygame.draw.rect(card, (*WHITE, 255), inner, border_radius=round(lay.radius - hair))
    b = lay.border
    field = _field((round(lay.w - 2 * b), round(lay.h - 2 * b)), lay.radius * 0.55, top, bottom)
    card.blit(field, (round(b), round(b)))
    return card


def _four_color_oval(
    target: pygame.Surface, center: Point, rx: float, ry: float, tilt: float
) -> None:
    """The wild oval split into quadrants along its own axes: red, blue, green, yellow."""
    n = 36
    order = (Color.GREEN, Color.YELLOW, Color.RED, Color.BLUE)
    for q, color in enumerate(order):
        arc = [
            (
                center[0] + rx * math.cos(math.radians(q * 90 + 90 * i / n)),
                center[1] + ry * math.sin(math.radians(q * 90 + 90 * i / n)),
            )
            for i in range(n + 1)
        ]
        pygame.draw.polygon(target, COLOR_RGB[color], _rotate([center, *arc], center, tilt))


def _mini_cards(
    target: pygame.Surface, cards: Sequence[tuple[Point, RGB]], width: float, u: float
) -> None:
    """Small tilted cards as printed on the Draw cards, back to front: each has a dark
    outline, a white border, a colored middle and a drop shadow like the other symbols."""
    outline, drop, angle = 1.3 * u, 2.4 * u, 14.0
    for center, rgb in cards:
        rect = pygame.FRect(0, 0, width + 2 * outline, width * CARD_RATIO + 2 * outline)
        rect.center = center
        silhouette = _rounded_rect(rect, width * 0.16 + outline)
        shadow = rect.move(-drop * 0.6, drop)
        pygame.draw.polygon(
            target,
            INK,
            _rotate(_rounded_rect(shadow, width * 0.16 + outline), shadow.center, angle),
        )
        pygame.draw.polygon(target, INK, _rotate(silhouette, center, angle))
        rect = pygame.FRect(0, 0, width, width * CARD_RATIO)
        rect.center = center
        pygame.draw.polygon(
            target, WHITE, _rotate(_rounded_rect(rect, width * 0.16), center, angle)
        )
        inner = rect.inflate(-width * 0.16, -width * 0.16)
        pygame.draw.polygon(target, rgb, _rotate(_rounded_rect(inner, width * 0.1), center, angle))


_WORDS = {
    Rank.WILD_SHUFFLE_HANDS: "SHUFFLE",
    Rank.WILD_CUSTOMIZABLE: "CUSTOM",
    Rank.WILD_GAME_CHANGER: "GAME CHANGER",
}
_WILD_ICONS = {
    Rank.WILD_SHUFFLE_HANDS: Icon.SHUFFLE,
    Rank.WILD_CUSTOMIZABLE: Icon.PENCIL,
    Rank.WILD_GAME_CHANGER: Icon.BOLT,
}
_COLOR_ACTIONS = {Rank.SKIP: Icon.SKIP, Rank.REVERSE: Icon.REVERSE}


@lru_cache(maxsize=128)
def _number_mask(rank: Rank, height: float) -> pygame.Surface:
    mask = _text_mask(str(int(rank)), height)
    if rank in (Rank.SIX, Rank.NINE):
        return _underlined(mask, height * 0.09, height * 0.075)
    return mask


@lru_cache(maxsize=128)
def _index_mask(rank: Rank, height: float) -> pygame.Surface:
    """The small corner index: the number or a small symbol."""
    if rank.is_number:
        return _number_mask(rank, height)
    if rank is Rank.DRAW_TWO:
        return _text_mask("+2", height, squeeze=0.9)
    if rank is Rank.WILD_DRAW_FOUR:
        return _text_mask("+4", height, squeeze=0.9)
    kind = _COLOR_ACTIONS.get(rank) or _WILD_ICONS[rank]
    side = height * 1.15
    return _mask(_ICON_DRAWERS[kind], (side, side))


def _corner(
    lay: _Layout, color: Color | None, rank: Rank, house: bool, shapes: bool
) -> pygame.Surface:
    """The top-left index group on a transparent layer; the bottom-right one is it turned."""
    u = lay.u
    compact = lay.compact
    layer = pygame.Surface((round(44 * u), round(62 * u)), pygame.SRCALPHA)
    layer.fill(CLEAR_WHITE)
    height = (23 if compact else 18) * u
    outline = (1.8 if compact else 1.4) * u
    left = lay.border + 4 * u
    top = lay.border + 5 * u
    if rank is Rank.WILD:
        center = (left + 7 * u, top + height * 0.6)
        pygame.draw.polygon(layer, WHITE, _ellipse(center, 6.6 * u, 11 * u, OVAL_TILT))
        _four_color_oval(layer, center, 5.2 * u, 9.6 * u, OVAL_TILT)
        return layer
    mask = _index_mask(rank, height)
    # The index column is centred on a fixed line; wide labels (+2) grow to the right only.
    x = max(left + 7 * u, left + mask.get_width() / 2)
    text = rank.is_number or rank in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)
    _emboss(layer, mask, (x, top + mask.get_height() / 2), WHITE, outline, outline * 0.8, text)
    if house:
        side = height * 0.7
        mark = _mask(_glyph_house, (side, side))
        spot = (x + mask.get_width() / 2 + 2.5 * u + side / 2, top + side / 2)
        _emboss(layer, mark, spot, WHITE, outline * 0.8, outline * 0.6)
    if shapes and color is not None:
        side = (14 if compact else 11) * u
        shape = _mask(_SHAPE_DRAWERS[color], (side, side))
        below = top + mask.get_height() + (3 if compact else 3.5) * u
        _emboss(layer, shape, (x, below + side / 2), WHITE, outline * 0.8, outline * 0.6)
    return layer


def _center_symbol(card: pygame.Surface, lay: _Layout, color: Color, rank: Rank) -> None:
    u = lay.k
    rgb = COLOR_RGB[color]
    if rank.is_number:
        _emboss(card, _number_mask(rank, 48 * u), lay.center, rgb, 2.2 * u, 2.6 * u, True)
    elif rank is Rank.DRAW_TWO:
        w = 25 * u
        cx, cy = lay.center
        _mini_cards(
            card, [((cx - 6.5 * u, cy - 8 * u), rgb), ((cx + 6.5 * u, cy + 8 * u), rgb)], w, u
        )
    else:
        side = 46 * u
        mask = _mask(_ICON_DRAWERS[_COLOR_ACTIONS[rank]], (side, side))
        _emboss(card, mask, lay.center, rgb, 2.2 * u, 2.6 * u)


def _wild_center(card: pygame.Surface, lay: _Layout, rank: Rank) -> None:
    u = lay.k
    cx, cy = lay.center
    if rank is Rank.WILD:
        pygame.draw.polygon(card, WHITE, lay.oval())
        _four_color_oval(card, lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT)
        return
    if rank is Rank.WILD_DRAW_FOUR:
        pygame.draw.polygon(card, WHITE, lay.oval())
        pygame.draw.polygon(
            card,
            (44, 44, 52),
            _ellipse(lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT),
        )
        w = 20 * u
        spots = (
            (-10, -15, Color.BLUE),
            (10, -7, Color.GREEN),
            (-10, 7, Color.YELLOW),
            (10, 15, Color.RED),
        )
        _mini_cards(card, [((cx + dx * u, cy + dy * u), COLOR_RGB[c]) for dx, dy, c in spots], w, u)
        return
    pygame.draw.polygon(card, WHITE, lay.oval())
    _four_color_oval(card, lay.center, lay.oval_rx - 2 * u, lay.oval_ry - 2 * u, OVAL_TILT)
    pygame.draw.polygon(
        card,
        (30, 30, 38),
        _ellipse(lay.center, lay.oval_rx - 7 * u, lay.oval_ry - 7 * u, OVAL_TILT),
    )
    if lay.compact:
        # The word would be a smudge on a small card; the symbol alone grows instead.
        side = 40 * u
        mask = _mask(_ICON_DRAWERS[_WILD_ICONS[rank]], (side, side))
        _emboss(card, mask, lay.center, WHITE, 2 * u, 2.4 * u)
        return
    side = 30 * u
    mask = _mask(_ICON_DRAWERS[_WILD_ICONS[rank]], (side, side))
    _emboss(card, mask, (cx, cy - 6 * u), WHITE, 1.6 * u, 2 * u)
    word = _WORDS[rank]
    text = _text_mask(word, 7.5 * u, Weight.BLACK)
    if text.get_width() > 74 * u:
        text = pygame.transform.smoothscale(text, (round(74 * u), text.get_height()))
    ribbon = pygame.FRect(0, 0, text.get_width() + 8 * u, text.get_height() + 6 * u)
    ribbon.center = (cx, cy + 20 * u)
    pygame.draw.rect(card, WHITE, ribbon.inflate(1.6 * u, 1.6 * u), border_radius=round(2.8 * u))
    pygame.draw.rect(card, INK, ribbon, border_radius=round(2 * u))
    card.blit(text, text.get_rect(center=(round(ribbon.centerx), round(ribbon.centery))))


@lru_cache(maxsize=64)
def _master_face(
    color: Color | None, rank: Rank, house: bool, shapes: bool, compact: bool, width: int
) -> pygame.Surface:
    lay = _Layout(width, compact)
    if color is None:
        card = _blank(lay, (48, 48, 56), (18, 18, 22))
        _wild_center(card, lay, rank)
    else:
        rgb = COLOR_RGB[color]
        card = _blank(lay, _lighter(rgb, 0.1), _darker(rgb, 0.12))
        pygame.draw.polygon(card, WHITE, lay.oval())
        _center_symbol(card, lay, color, rank)
        if house:
            side = 12 * lay.k
            mark = _mask(_glyph_house, (side, side))
            _emboss(card, mark, lay.along_oval(0.78), rgb, 1.2 * lay.k, 1.2 * lay.k)
            _emboss(card, mark, lay.along_oval(-0.78), rgb, 1.2 * lay.k, 1.2 * lay.k)
    corner = _corner(lay, color, rank, house, shapes)
    card.blit(corner, (0, 0))
    turned = pygame.transform.rotate(corner, 180)
    card.blit(turned, (lay.w - turned.get_width(), lay.h - turned.get_height()))
    return card


@lru_cache(maxsize=8)
def _master_back(width: int) -> pygame.Surface:
    lay = _Layout(width)
    u = lay.u
    card = _blank(lay, (40, 30, 34), (12, 10, 12))
    frame = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    frame.fill((*GOLD, 0))
    inset = round(lay.border + 2.5 * u)
    box = card.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(frame, (*GOLD, 110), box, round(0.8 * u), border_radius=round(3 * u))
    card.blit(frame, (0, 0))
    pygame.draw.polygon(card, GOLD, lay.oval())
    pygame.draw.polygon(
        card,
        BACK_RED,
        _ellipse(lay.center, lay.oval_rx - 1.6 * u, lay.oval_ry - 1.6 * u, OVAL_TILT),
    )
    pygame.draw.polygon(
        card,
        _darker(BACK_RED, 0.25),
        _ellipse(lay.center, lay.oval_rx - 5 * u, lay.oval_ry - 5 * u, OVAL_TILT),
    )
    pygame.draw.polygon(
        card, BACK_RED, _ellipse(lay.center, lay.oval_rx - 6 * u, lay.oval_ry - 6 * u, OVAL_TILT)
    )
    words = pygame.Surface((round(lay.w), round(lay.h)), pygame.SRCALPHA)
    words.fill(CLEAR_WHITE)
    one = _text_mask("ONE", 16 * u)
    more = _text_mask("MORE", 16 * u)
    wide = max(one.get_width(), more.get_width())
    if wide > 70 * u:
        scale = 70 * u / wide
        one = pygame.transform.smoothscale_by(one, scale)
        more = pygame.transform.smoothscale_by(more, scale)
    gap = 2.5 * u
    total = one.get_height() + more.get_height() + gap
    top = lay.h / 2 - total / 2
    words.blit(one, one.get_rect(midtop=(round(lay.w / 2), round(top))))
    words.blit(more, more.get_rect(midbottom=(round(lay.w / 2), round(top + total))))
    tilted = pygame.transform.rotate(words.subsurface(words.get_bounding_rect()), 22)
    # A white rim outside the dark outline lifts the emblem off the red, like a sticker
    # casting its shadow.
    rim, pad = _outline(tilted, 3.4 * u, True)
    rect = tilted.get_rect(center=(round(lay.center[0]), round(lay.center[1])))
    drop = 2.2 * u
    card.blit(_tint(rim, INK), (rect.x - pad - round(drop * 0.6), rect.y - pad + round(drop)))
    card.blit(rim, (rect.x - pad, rect.y - pad))
    _emboss(card, tilted, lay.center, GOLD, 2 * u, 0, True)
    return card


@lru_cache(maxsize=64)
def _opaque_core(width: int) -> pygame.Surface:
    """Black, clear except for full alpha inside the card's outline less one pixel."""
    size = card_size(width)
    core = pygame.Surface(size, pygame.SRCALPHA)
    core.fill((0, 0, 0, 0))
    radius = max(0, round(width * 0.08) - 1)
    pygame.draw.rect(core, (0, 0, 0, 255), core.get_rect().inflate(-2, -2), border_radius=radius)
    return core


def _shrink_card(master: pygame.Surface, width: int) -> pygame.Surface:
    """A master card shrunk to ``width``, fully opaque inside its edge.

    smoothscale rounds down, which would leave the body at alpha 253 and let a card beneath
    show through faintly; a per-pixel maximum with an opaque core restores it.
    """
    card = pygame.transform.smoothscale(master, card_size(width))
    card.blit(_opaque_core(width), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return card


def _master_width(width: int) -> int:
    return max(MASTER_WIDTH, 2 * width)


K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A cache that forgets its least recently used entry beyond ``limit`` entries."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> V:
        self._items[key] = value
        if len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        self._items.clear()


class CardArt:
    """Card faces, backs, shadows and glows at any width, cached.

    ``shapes`` prints each color's shape next to the corner indices (colorblind help); it can
    be switched at any time and takes effect on the next face drawn.
    """

    # An image depends on its key alone (a face's key holds ``shapes``), so every CardArt
    # keeps its images in the same caches: the game makes one CardArt, the tests hundreds (an
    # App each), every one of which drew its table's faces, backs and shadows again.
    _faces: ClassVar[Recent[tuple[Color | None, Rank, bool, int, bool], pygame.Surface]]
    _faces = Recent(FACE_CACHE)
    _backs: ClassVar[Recent[int, pygame.Surface]] = Recent(FACE_CACHE // 8)
    _shadows: ClassVar[Recent[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]]]
    _shadows = Recent(FACE_CACHE // 4)
    _glows: ClassVar[Recent[tuple[int, RGB], pygame.Surface]] = Recent(FACE_CACHE // 8)

    def __init__(self, shapes: bool = True) -> None:
        self.shapes = shapes

    @classmethod
    def forget(cls) -> None:
        """Empty the caches, as at the start (a test of what is drawn when, and in advance)."""
        for cache in (cls._faces, cls._backs, cls._shadows, cls._glows):
            cache.clear()

    def set_shapes(self, shapes: bool) -> None:
        self.shapes = shapes

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card``, ``card_size(width)`` pixels, on a transparent background."""
        shapes = self.shapes and card.color is not None
        key = (card.color, card.rank, card.house_rule, width, shapes)
        found = self._faces.get(key)
        if found is None:
            master = _master_face(
                card.color,
                card.rank,
                card.house_rule,
                shapes,
                width < COMPACT_BELOW,
                _master_width(width),
            )
            found = self._faces.put(key, _shrink_card(master, width))
        return found

    def back(self, width: int) -> pygame.Surface:
        """The back shared by every card: a red oval with our own emblem on black."""
        found = self._backs.get(width)
        if found is None:
            found = self._backs.put(width, _back(width))
        return found

    def shadow(self, width: int, lift: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft shadow for a card ``width`` wide lifted by ``lift`` (0 resting, 1 raised),
        and the offset of the shadow's centre from the card's centre: it grows, softens and
        falls further below as the card rises."""
        step = round(max(0.0, min(1.0, lift)) * SHADOW_STEPS)
        found = self._shadows.get((width, step))
        if found is None:
            found = self._shadows.put((width, step), _shadow(width, step))
        return found

    def glow(self, width: int, rgb: RGB) -> pygame.Surface:
        """A soft halo with a bright rim, a little larger than the card; centre it on the card."""
        found = self._glows.get((width, rgb))
        if found is None:
            w, h = card_size(width)
            blur = max(2, round(width * 0.06))
            margin = blur * 2 + 2
            image = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
            image.fill((*rgb, 0))
            grow = max(4, width // 20)
            rim = pygame.Rect(margin, margin, w, h).inflate(grow, grow)
            pygame.draw.rect(image, (*rgb, 255), rim, border_radius=round(width * 0.11))
            image = soft_blur(image, blur)
            image.blit(_rim(rim.size, round(width * 0.11), rgb, max(2, width // 40)), rim)
            found = self._glows.put((width, rgb), image)
        return found


def _back(width: int) -> pygame.Surface:
    return _shrink_card(_master_back(_master_width(width)), width)


def _shadow(width: int, step: int) -> tuple[pygame.Surface, tuple[int, int]]:
    t = step / SHADOW_STEPS
    w, h = card_size(width)
    blur = max(2, round(width * _lerp(0.05, 0.13, t)))
    spread = round(width * _lerp(0.0, 0.05, t))
    alpha = round(_lerp(150, 115, t))
    margin = blur * 2 + spread
    image = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
    image.fill((0, 0, 0, 0))
    body = pygame.Rect(margin - spread, margin - spread, w + 2 * spread, h + 2 * spread)
    pygame.draw.rect(image, (0, 0, 0, alpha), body, border_radius=round(width * 0.1))
    image = soft_blur(image, blur)
    offset = (round(width * _lerp(0.01, 0.04, t)), round(width * _lerp(0.03, 0.12, t)))
    return image, offset


def draw_ahead(art: CardArt, width: int = 120) -> Iterator[None]:
    """Idle work for the first screens (``App.add_idle``): one face of every rank and of every
    color of every deck, at ``width`` and at a compact width, so that the parts of each card's
    drawing (its glyphs and their outlines, the slow part) are kept before a table needs them.
    A table's first face of a rank then takes a millisecond or two instead of 5 to 20, which
    as one piece of a table's spare-time work made its next frame late during the deal. The
    parts depend only on the master a face is shrunk from (one for every width up to half of
    ``MASTER_WIDTH``, one for compact faces), so the width chosen is the title's own cards'."""
    drawn: set[tuple[Rank, bool]] = set()
    colors: set[Color | None] = set()  # each color's corner shape is a part of its own
    for kind in DeckKind:
        for card in deck(kind):
            if (card.rank, card.house_rule) in drawn and card.color in colors:
                continue
            drawn.add((card.rank, card.house_rule))
            colors.add(card.color)
            for each in (width, COMPACT_BELOW - 1):
                art.face(card, each)
                yield


def soft_blur(image: pygame.Surface, radius: int) -> pygame.Surface:
    """``image`` blurred as ``pygame.transform.gaussian_blur(image, radius)`` blurs it, made
    as three box blurs (a box blurred three times is close to a Gaussian) at 0.85 of the
    radius: on a card's shadow within 4 of 255 alpha levels of the Gaussian, 1 on average, at
    about a tenth of its cost (3 ms against 26 for the largest shadow, which as one piece of
    the frames' spare time made the next frame late)."""
    box = max(1, round(radius * 0.85))
    for _ in range(3):
        image = pygame.transform.box_blur(image, box)
    return image


def _rim(size: tuple[int, int], radius: int, rgb: RGB, thickness: int) -> pygame.Surface:
    """An anti-aliased rounded outline."""
    scale = 3
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    big.fill((*rgb, 0))
    pygame.draw.rect(
        big, (*rgb, 255), big.get_rect(), thickness * scale, border_radius=radius * scale
    )
    return pygame.transform.smoothscale(big, size)
