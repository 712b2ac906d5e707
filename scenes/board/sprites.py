"""The table's card sprites and their geometry and painting, apart from the presenter's timing.

The presenter decides when cards move; this module holds what does not depend on that: the
sprite and mark types, where the cards of a hand lie in its fan, where a seat's bubble goes,
the order hands are sorted and sprites are painted in, the mark each announce-only event shows,
and the painter that blits a sprite, the draw pile and the marks. The geometry functions are
pure (layout boxes and counts in, positions out), so tests check them without a display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pygame

from game.cards import Card, Color
from game.events import (
    Challenged,
    PenaltyPending,
    RaceFinished,
    RaceLost,
    Skipped,
    UnoCalled,
    UnoCaught,
    WentOut,
)
from game.i18n import npgettext, pgettext
from scenes.art import COLOR_RGB, CardArt, Recent, card_size
from scenes.assets import Weight
from scenes.board.layout import Box, Layout, SeatLayout
from scenes.board.tween import out_back, pulse
from scenes.sound import Sfx
from scenes.ui import GOLD, WHITE, draw_text, panel, render, text_size

# How long a mark stays up at speed 1, in seconds.
MARK_S = 1.1
# How far a card rises when it can be played, and further when the pointer is on it.
LIFT_PLAYABLE = 22
LIFT_HOVER = 44
SHADOW_REST = 0.3  # the lift of a flying or resting card's shadow (a lifted one's grows)
# Rotated and squeezed card images kept, the least recently drawn forgotten first: the cards
# at rest in the hands and piles are drawn every frame and stay; a flight's in-between angles
# are drawn once and go. (A cache that started over at 4,000 held 1,433 images, 118 MiB, after
# two rounds at four players.)
ROTATION_CACHE = 1024

RGB = tuple[int, int, int]
# A turned image's key: its source image's id, the angle in half degrees, the squeeze in
# twentieths, dimmed or not, the zoom in fortieths.
RotationKey = tuple[int, int, int, int, int]
# A card's place in a fan: centre x, centre y and angle in degrees.
Slot = tuple[float, float, float]


@dataclass(eq=False)
class CardSprite:
    """One card on the table. ``flip`` runs 0 (back) to 1 (face); ``lift`` 0 to 1."""

    card: Card
    x: float
    y: float
    width: float
    angle: float = 0.0
    flip: float = 0.0
    lift: float = 0.0
    dim: float = 0.0
    shake: float = 0.0
    z: int = 0
    flying_until: float = 0.0

    def rect(self) -> pygame.Rect:
        w, h = card_size(round(self.width))
        return pygame.Rect(round(self.x - w / 2), round(self.y - h / 2 - self.lift), w, h)


@dataclass
class Mark:
    """A short-lived picture over the table: a bubble, a banner, a skip sign."""

    text: str
    x: float
    y: float
    color: RGB
    born: float
    duration_s: float = MARK_S
    size: int = 40


@dataclass(frozen=True)
class Cue:
    """What an event that moves no card shows: a mark over a seat, maybe a sound, and a wait."""

    seat: int
    text: str
    color: RGB
    wait_s: float
    size: int = 40
    sound: Sfx | None = None


# ------------------------------------------------------------- geometry


def fan_slots(place: SeatLayout, count: int, *, viewer: bool) -> list[Slot]:
    """Where each card of a hand of ``count`` cards lies, left to right (or top to bottom).

    The viewer's hand is spread wider and bent more than the others', which only show backs.
    """
    box = place.hand
    width = place.card_width
    cx, cy = box.center
    if count == 0:
        return []
    vertical = box.height > box.width * 1.2
    span = (box.height if vertical else box.width) - width
    natural = width * (0.78 if viewer else 0.34)
    step = min(natural, span / (count - 1)) if count > 1 else 0.0
    slots = []
    for i in range(count):
        offset = (i - (count - 1) / 2) * step
        # A gentle arc, as cards held in a hand.
        spread = offset / max(1.0, span / 2)
        bend = 10 * spread * spread if viewer else 4 * spread * spread
        tilt = 6 * spread if viewer else 3 * spread
        if vertical:
            slots.append((cx + bend, cy + offset, -tilt))
        else:
            slots.append((cx + offset, cy + bend, -tilt))
    return slots


def deal_places(
    deals: Sequence[tuple[int, Card | None]], seats: int, fan: Callable[[int, int], list[Slot]]
) -> list[tuple[int, Card, Slot]]:
    """Each dealt card with its seat and its final place in that seat's fan.

    ``fan(seat, count)`` gives a seat's slots for a hand of ``count``: each card flies straight
    to where it will rest once the whole deal is in, so nothing shuffles along afterwards.
    """
    counts = [0] * seats
    for seat, _ in deals:
        counts[seat] += 1
    final = [fan(seat, counts[seat]) for seat in range(seats)]
    placed = [0] * seats
    out = []
    for seat, card in deals:
        assert card is not None, "the presenter is fed unredacted events"
        out.append((seat, card, final[seat][placed[seat]]))
        placed[seat] += 1
    return out


# A mark's bubble: padding around its words, the most its pop overshoots (0.6 + 0.4 times the
# peak of out_back, 1.053), how far it rises, and the air it keeps from a plate.
BUBBLE_PAD = (36, 16)
POP_MAX = 1.03
RISE_PX = 6
MARK_GAP = 8


def bubble_size(text: str, size: int) -> tuple[int, int]:
    """The largest a mark's bubble of ``text`` at ``size`` is drawn (at the text size now)."""
    w, h = text_size(text, round(size * POP_MAX), Weight.SEMIBOLD)
    return w + BUBBLE_PAD[0], h + BUBBLE_PAD[1]


def bubble_rect(center: tuple[float, float], bubble: tuple[int, int]) -> pygame.Rect:
    """Everything a bubble centred at ``center`` covers while it pops and rises."""
    rect = pygame.Rect(0, 0, *bubble)
    rect.center = (round(center[0]), round(center[1]))
    return rect.inflate(0, RISE_PX).move(0, -RISE_PX // 2)


def mark_spot(
    pile: Box,
    place: SeatLayout | None,
    bubble: tuple[int, int] = (0, 0),
    layout: Layout | None = None,
) -> tuple[float, float]:
    """Where a mark goes: by a seat's plate, or (no seat) above the discard pile ``pile``.

    A seat's bubble never covers a name plate ("Skipped" hid whose turn was skipped): above the
    plate, else beside it (towards the middle first), else below it, the first place that stays
    on the screen and off every plate; off the hands and the panels too when one such is free.
    """
    if place is None:
        x, y = pile.center
        return x, y - pile.height * 0.9
    plate = place.plate
    x, y = plate.center
    if layout is None:
        return x, plate.y - MARK_GAP - bubble[1] / 2
    w, h = bubble
    inward = 1 if x < layout.size[0] / 2 else -1
    sides = [
        (x + inward * (plate.width / 2 + MARK_GAP + w / 2), y),
        (x - inward * (plate.width / 2 + MARK_GAP + w / 2), y),
    ]
    spots = [
        (x, plate.y - MARK_GAP - RISE_PX - h / 2),
        *sides,
        (x, plate.y + plate.height + MARK_GAP + h / 2),
    ]
    screen = pygame.Rect(0, 0, *layout.size)
    plates = [seat.plate.rect() for seat in layout.seats]
    panels = [seat.hand.rect() for seat in layout.seats]
    panels += [b.rect() for b in (layout.scores, layout.menu_button, layout.log, layout.status)]

    def free(spot: tuple[float, float], avoid: list[pygame.Rect]) -> bool:
        rect = bubble_rect(spot, bubble)
        return screen.contains(rect) and rect.collidelist(avoid) < 0

    found = next((spot for spot in spots if free(spot, plates + panels)), None)
    if found is not None:
        return found
    # Off the plates, over as little of the hands and panels as can be (a sliver of one's own
    # cards beside the plate rather than the middle of the hand above it).
    usable = [spot for spot in spots if free(spot, plates)]
    if usable:
        return min(usable, key=lambda spot: _covered(bubble_rect(spot, bubble), panels))
    # A crowded table (ten seats, Large text): the nearest free place around the plate.
    near = sorted(
        ((x + dx, y + dy) for dx in range(-400, 401, 20) for dy in range(-300, 301, 20)),
        key=lambda spot: math.dist(spot, (x, y)),
    )
    return next((spot for spot in near if free(spot, plates)), spots[0])


def _covered(rect: pygame.Rect, boxes: Sequence[pygame.Rect]) -> int:
    """How many pixels of ``boxes`` ``rect`` covers."""
    return sum(rect.clip(box).width * rect.clip(box).height for box in boxes)


_COLOR_ORDER = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3}


def hand_order(card: Card) -> tuple[int, int, int]:
    """The viewer's hand is sorted by color (wilds last), then rank; the uid breaks ties."""
    color = 4 if card.color is None else _COLOR_ORDER[card.color]
    return color, int(card.rank), card.uid


def mark_color(color: Color) -> RGB:
    """A chosen color's bubble text: the card color, lightened to read on the dark bubble."""
    r, g, b = COLOR_RGB[color]
    return min(255, r + 40), min(255, g + 40), min(255, b + 40)


# The context of the bubbles' words: short, over the table, by a seat or the pile.
# The bubbles' context is written out in each call: the extractor reads only literals.


def event_cue(event: object) -> Cue | None:
    """The mark of an event that only announces something; None for any other event."""
    match event:
        case Skipped(player=player):
            return Cue(
                player, pgettext("a bubble over the table", "Skipped"), (255, 120, 120), 0.35
            )
        case PenaltyPending(player=player, total=total):
            # TRANSLATORS: a bubble by a seat: {count} penalty cards are on their way to it.
            coming = npgettext(
                "a bubble over the table", "+{count} coming", "+{count} coming", total
            )
            return Cue(player, coming.format(count=total), (255, 150, 90), 0.3)
        case UnoCalled(player=player):
            return Cue(player, pgettext("a bubble over the table", "UNO!"), GOLD, 0.5, 64, Sfx.UNO)
        case UnoCaught(target=target):
            caught = pgettext("a bubble over the table", "Caught!")
            return Cue(target, caught, (255, 110, 110), 0.35, 46, Sfx.PENALTY)
        case Challenged(player=player, target=target, bluff=bluff):
            # The winner's beat: a bluff caught is the challenger's, an honest Four its player's.
            won = pgettext("a bubble over the table", "Challenge won!")
            return Cue(player if bluff else target, won, (120, 230, 170), 0.35, 44)
        case RaceFinished(player=player):
            return Cue(player, pgettext("a bubble over the table", "Done!"), (140, 230, 140), 0.1)
        case RaceLost(player=player):
            last = pgettext("a bubble over the table", "Last!")
            return Cue(player, last, (255, 110, 110), 0.3, 46, Sfx.PENALTY)
        case WentOut(player=player):
            return Cue(player, pgettext("a bubble over the table", "Out!"), GOLD, 0.4, 48)
    return None


def table_sprites(
    discard: Sequence[CardSprite],
    hands: Sequence[Sequence[CardSprite]],
    every: Iterable[CardSprite],
) -> list[CardSprite]:
    """The discards, then each hand, then the sprites of ``every`` in neither.

    Those last are cards on their way back into the draw pile: no longer in a hand or the pile,
    still drawn until they land.
    """
    out = list(discard)
    seen = {id(s) for s in out}
    for hand in hands:
        out.extend(hand)
        seen.update(id(s) for s in hand)
    out.extend(s for s in every if id(s) not in seen)
    return out


def paint_order(sprites: Iterable[CardSprite], clock: float) -> list[CardSprite]:
    """Resting cards by depth, then cards in flight over them, the one landing last on top."""
    flying: list[CardSprite] = []
    resting: list[CardSprite] = []
    for sprite in sprites:
        (flying if sprite.flying_until > clock else resting).append(sprite)
    resting.sort(key=lambda s: s.z)
    flying.sort(key=lambda s: s.flying_until)
    return resting + flying


def shown_lift(sprite: CardSprite, hover: int | None, lifted: frozenset[int]) -> float:
    """How high a card is drawn: its own lift, raised for the hovered or a playable card."""
    uid = sprite.card.uid
    if uid == hover:
        return max(sprite.lift, LIFT_HOVER)
    if uid in lifted:
        return max(sprite.lift, LIFT_PLAYABLE)
    return sprite.lift


# ------------------------------------------------------------- painting


class SpritePainter:
    """Blits card sprites, the draw pile and the marks; keeps the rotated images it made."""

    # Keyed by the source image's id, and each entry keeps that image alive: a face the art's
    # cache forgot could otherwise be freed and its id reused by another card's face, which
    # would then be drawn as the forgotten card. One cache for every painter, as the images
    # depend on their key alone: a new table (a new round's, the next match's) draws the hands
    # it dealt as the last one did without turning each card again.
    _rotated: ClassVar[Recent[RotationKey, tuple[pygame.Surface, pygame.Surface]]]
    _rotated = Recent(ROTATION_CACHE)

    def __init__(self, art: CardArt) -> None:
        self.art = art

    @classmethod
    def forget(cls) -> None:
        """Empty the cache of turned images, as at the start."""
        cls._rotated.clear()

    def card(
        self,
        surface: pygame.Surface,
        sprite: CardSprite,
        *,
        flying: bool,
        lift: float,
        dimmed: bool,
    ) -> None:
        width = max(8.0, sprite.width)
        # A card changing size in flight is drawn from a face cached at a width rounded up to
        # ten pixels and scaled while rotating; a face for every in-between width would cost a
        # fresh drawing each frame.
        base_width = math.ceil(width / 10) * 10 if flying else max(8, round(width))
        scale = width / base_width
        face_up = sprite.flip >= 0.5
        squeeze = abs(math.cos(sprite.flip * math.pi))
        image = self.art.face(sprite.card, base_width) if face_up else self.art.back(base_width)
        angle = sprite.angle + 8 * math.sin(sprite.shake * math.pi * 6) * sprite.shake
        key = (
            id(image),
            round(angle * 2),
            round(squeeze * 20),
            1 if dimmed else 0,
            round(scale * 40),
        )
        cached = self._rotated.get(key)
        if cached is not None and cached[0] is image:
            rotated = cached[1]
        else:
            rotated = self._transformed(image, key)
        center = (round(sprite.x), round(sprite.y - lift))
        if lift > 0 or flying:
            shadow, offset = self.art.shadow(base_width, min(1.0, lift / LIFT_HOVER + SHADOW_REST))
            surface.blit(
                shadow, shadow.get_rect(center=(center[0] + offset[0], center[1] + offset[1]))
            )
        surface.blit(rotated, rotated.get_rect(center=center))

    def _transformed(self, image: pygame.Surface, key: RotationKey) -> pygame.Surface:
        """The image squeezed (mid-flip), darkened (dimmed), rotated and zoomed, then cached.
        Made from the key's own rounded angle and squeeze, so that an image depends on its key
        alone, whichever table (or frame) asked for it first."""
        angle, squeeze = key[1] / 2, key[2] / 20
        work = image
        if squeeze < 0.999:
            work = pygame.transform.smoothscale(
                image, (max(1, round(image.get_width() * squeeze)), image.get_height())
            )
        if key[3]:
            work = work.copy()
            work.fill((120, 120, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
        zoom = key[4] / 40
        if abs(angle) > 0.25 or abs(zoom - 1) > 0.01:
            rotated = pygame.transform.rotozoom(work, angle, zoom)
        else:
            rotated = work
        self._rotated.put(key, (image, rotated))
        return rotated

    def draw_pile(self, surface: pygame.Surface, box: Box, width: int, count: int) -> None:
        """The face-down pile, thicker the fuller it is, and its count; an outline when empty."""
        if count > 0:
            back = self.art.back(width)
            layers = min(6, 1 + count // 12)
            for i in range(layers):
                surface.blit(back, back.get_rect(center=(box.center[0] - i, box.center[1] - i * 2)))
        else:
            rect = pygame.Rect(0, 0, *card_size(width))
            rect.center = (round(box.center[0]), round(box.center[1]))
            pygame.draw.rect(surface, (255, 255, 255), rect, 3, border_radius=12)
        draw_text(
            surface,
            str(count),
            26,
            (box.center[0], box.y + box.height + 22),
            WHITE,
            shadow=True,
        )

    def marks(self, surface: pygame.Surface, marks: Iterable[Mark], clock: float) -> None:
        """Each mark pops in, rises a little and fades out over its last quarter."""
        for mark in marks:
            t = (clock - mark.born) / max(mark.duration_s, 1e-6)
            pop = min(1.0, t * 5)
            scale = 0.6 + 0.4 * out_back(pop)
            fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
            size = max(12, round(mark.size * scale))
            rise = RISE_PX * pulse(min(1.0, t))
            text = render(mark.text, size, mark.color)
            bubble = panel(
                (text.get_width() + 36, text.get_height() + 16), 22, (10, 14, 20, 220)
            ).copy()
            bubble.blit(text, text.get_rect(center=bubble.get_rect().center))
            bubble.set_alpha(round(255 * fade))
            surface.blit(bubble, bubble.get_rect(center=(mark.x, mark.y - rise)))
