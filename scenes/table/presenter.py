"""Plays the engine's events back as card motion: the picture catches up with the game.

The engine runs ahead and hands over each batch of events with the line that describes it.
The presenter takes one event at a time, starts its tweens on card sprites (keyed by the card's
uid, so two red sevens never swap places) and waits for it before the next one. When its queue
is empty and nothing moves, the sprites in each hand are exactly the engine's hands: the table
test holds this. Faces are shown only for the seats the viewer may see; the presenter still
knows every card's identity, so a hidden hand is the same sprites, drawn face down.

With animation speed 0 every tween is instant and the queue drains in a single update.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.cards import Card, Color
from game.engine import Game
from game.events import (
    CardPlayed,
    CardReturned,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    ColorChosen,
    DirectionChanged,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    PenaltyPending,
    PileReshuffled,
    RaceFinished,
    RaceLost,
    RoundEnded,
    RoundStarted,
    Skipped,
    UnoCalled,
    UnoCaught,
    WentOut,
)
from scenes.art import COLOR_RGB, CardArt, card_size
from scenes.sound import Sfx, SoundBoard
from scenes.store.settings import Settings
from scenes.table.layout import Layout, SeatLayout
from scenes.table.tween import Tweens, in_out_cubic, out_back, out_cubic, pulse
from scenes.ui import GOLD, WHITE, draw_text, panel, render

# Durations at speed 1, in seconds (DESIGN.md: flights 0.25-0.4 s, deals 0.06 s a card).
FLIGHT_S = 0.32
DEAL_GAP_S = 0.06
DRAW_GAP_S = 0.12
REFAN_S = 0.2
FLIP_S = 0.18
MARK_S = 1.1
# Only the top few discards are sprites; older ones are painted into the pile's look.
DISCARD_SPRITES = 8
LIFT_PLAYABLE = 22
LIFT_HOVER = 44
ROTATION_CACHE = 4000


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
    color: tuple[int, int, int]
    born: float
    duration_s: float = MARK_S
    size: int = 40


@dataclass(frozen=True)
class _Refan:
    """An internal step queued after a flight: re-sort and re-fan hands once cards land."""

    seat: int | None


@dataclass(frozen=True)
class _Forget:
    sprite: CardSprite


Step = Event | _Refan | _Forget


@dataclass
class Presenter:
    layout: Layout
    art: CardArt
    settings: Settings
    sounds: SoundBoard
    deck_size: int
    visible: Callable[[int], bool]
    seed: int = 0
    sprites: dict[int, CardSprite] = field(default_factory=dict)
    hands: list[list[CardSprite]] = field(default_factory=list)
    discard: list[CardSprite] = field(default_factory=list)
    queue: deque[tuple[Step | None, str]] = field(default_factory=deque)
    tweens: Tweens = field(default_factory=Tweens)
    marks: list[Mark] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    status: str = ""
    draw_count: int = 0
    color: Color | None = None
    direction: int = 1
    clock: float = 0.0
    wait_until: float = 0.0
    viewer: int = 0  # the seat shown at the bottom, face up
    hover: int | None = None  # uid of the viewer's hovered card
    lifted: frozenset[int] = frozenset()  # uids lifted as playable
    dimmed: frozenset[int] = frozenset()
    round_over: RoundEnded | None = None
    winner: int | None = None
    _z: int = 0
    _rotated: dict[tuple[int, int, int, int, int], pygame.Surface] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.hands = [[] for _ in self.layout.seats]
        self.rng = random.Random(self.seed)

    # ------------------------------------------------------------- feeding

    def push(self, events: Sequence[Event], line: str) -> None:
        """Queue a batch; ``line`` becomes the status line when the batch starts playing."""
        for i, event in enumerate(events):
            self.queue.append((event, line if i == 0 else ""))
        if not events and line:
            self.queue.append((None, line))

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.clock < self.wait_until or self.tweens.busy

    def update(self, dt: float) -> None:
        self.clock += dt
        self.tweens.update(dt)
        while self.queue and self.clock >= self.wait_until:
            event, line = self.queue.popleft()
            if line:
                self.status = line
                self.log.append(line)
            if event is not None:
                wait = self.play(event)
                self.wait_until = self.clock + self.settings.duration(wait)
            if self.settings.animation_speed <= 0:
                self.tweens.finish_all()
        self.marks = [m for m in self.marks if self.clock < m.born + m.duration_s]

    def settle(self) -> None:
        """Finish every queued event and tween now (speed 0, or skipping ahead)."""
        while self.queue:
            event, line = self.queue.popleft()
            if line:
                self.status = line
                self.log.append(line)
            if event is not None:
                self.play(event)
            self.tweens.finish_all()
        self.tweens.finish_all()
        self.wait_until = self.clock

    # ------------------------------------------------------------- geometry

    def place(self, seat: int) -> SeatLayout:
        """Where a seat sits on screen: the viewer at the bottom, the others clockwise."""
        seats = self.layout.seats
        return seats[(seat - self.viewer) % len(seats)]

    def set_viewer(self, seat: int) -> None:
        """Turn the table so ``seat`` sits at the bottom (couch play, behind the curtain)."""
        self.viewer = seat
        for each in range(len(self.hands)):
            self.refan(each, 0.0)
        self.tweens.finish_all()
        for each, hand in enumerate(self.hands):
            for sprite in hand:
                sprite.flip = 1.0 if self.visible(each) else 0.0

    def seat_center(self, seat: int) -> tuple[float, float]:
        return self.place(seat).plate.center

    def fan_slots(self, seat: int, count: int) -> list[tuple[float, float, float]]:
        """(x, y, angle) of each card of a hand of ``count`` cards, left to right."""
        seat_layout = self.place(seat)
        box = seat_layout.hand
        width = seat_layout.card_width
        cx, cy = box.center
        if count == 0:
            return []
        viewer = seat == self.viewer
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

    def refan(self, seat: int, duration_s: float = REFAN_S) -> None:
        hand = self.hands[seat]
        if seat == self.viewer:
            hand.sort(key=lambda s: _hand_order(s.card))
        width = self.place(seat).card_width
        face = 1.0 if self.visible(seat) else 0.0
        for index, (sprite, (x, y, angle)) in enumerate(
            zip(hand, self.fan_slots(seat, len(hand)), strict=True)
        ):
            self._move(sprite, x, y, angle, width, duration_s)
            self.tweens.start(sprite, "flip", face, self.settings.duration(FLIP_S))
            sprite.z = 100_000 + seat * 1000 + index

    def _move(
        self,
        sprite: CardSprite,
        x: float,
        y: float,
        angle: float,
        width: float,
        duration_s: float,
        delay_s: float = 0.0,
        ease: Callable[[float], float] = out_cubic,
    ) -> None:
        d = self.settings.duration(duration_s)
        delay = self.settings.duration(delay_s)
        for attr, end in (("x", x), ("y", y), ("angle", angle), ("width", width)):
            self.tweens.start(sprite, attr, end, d, ease, delay)
        if d > 0:
            self._z += 1
            sprite.flying_until = max(sprite.flying_until, self.clock + delay + d)

    def _new_sprite(self, card: Card) -> CardSprite:
        x, y = self.layout.draw_pile.center
        sprite = CardSprite(card, x, y, self.layout.pile_card_width)
        self.sprites[card.uid] = sprite
        return sprite

    def _take_from_hand(self, seat: int, card: Card) -> CardSprite:
        sprite = self.sprites.get(card.uid)
        if sprite is not None and sprite in self.hands[seat]:
            self.hands[seat].remove(sprite)
            return sprite
        # The picture lost track of this card (should not happen): show it leaving the seat.
        x, y = self.seat_center(seat)
        sprite = CardSprite(card, x, y, self.place(seat).card_width)
        self.sprites[card.uid] = sprite
        return sprite

    def _to_discard(self, sprite: CardSprite, duration_s: float = FLIGHT_S) -> None:
        x, y = self.layout.discard_pile.center
        angle = self.rng.uniform(-14, 14)
        jitter = self.rng.uniform(-6, 6), self.rng.uniform(-6, 6)
        self._move(
            sprite,
            x + jitter[0],
            y + jitter[1],
            angle,
            self.layout.pile_card_width,
            duration_s,
            ease=out_back,
        )
        self.tweens.start(sprite, "flip", 1.0, self.settings.duration(duration_s * 0.6))
        self._z += 1
        sprite.z = self._z
        self.discard.append(sprite)
        self._trim_discard()

    def _trim_discard(self) -> None:
        while len(self.discard) > DISCARD_SPRITES:
            old = self.discard.pop(0)
            self.tweens.cancel(old)
            if self.sprites.get(old.card.uid) is old:
                del self.sprites[old.card.uid]

    def _mark(
        self, seat: int | None, text: str, color: tuple[int, int, int], size: int = 40
    ) -> None:
        if seat is None:
            x, y = self.layout.discard_pile.center
            y -= self.layout.discard_pile.height * 0.9
        else:
            x, y = self.seat_center(seat)
            place = self.place(seat)
            plate = place.plate
            # Above the plate; where that would leave the screen (seats along the top, whose
            # cards lie below their plate) over the plate itself, never over anyone's cards.
            if plate.y > plate.height and place.hand.center[1] >= plate.center[1]:
                y -= plate.height * 0.9
        self.marks.append(Mark(text, x, y, color, self.clock, self.settings.duration(MARK_S), size))

    # ------------------------------------------------------------- events

    def play(self, event: Step) -> float:
        """Start the animation of one event; returns how long to wait before the next one."""
        match event:
            case _Refan(seat=seat):
                for each in range(len(self.hands)) if seat is None else (seat,):
                    self.refan(each)
                return REFAN_S
            case _Forget(sprite=gone):
                if self.sprites.get(gone.card.uid) is gone and not any(
                    gone in hand for hand in self.hands
                ):
                    del self.sprites[gone.card.uid]
                return 0.0
            case RoundStarted():
                self._clear()
                self.draw_count = self.deck_size
                self.sounds.play(Sfx.SHUFFLE)
                return 0.5
            case CardsDealt(deals=deals):
                return self._deal(deals)
            case FirstCardTurned(card=card):
                self.draw_count -= 1
                sprite = self._new_sprite(card)
                self._to_discard(sprite)
                if card.color is not None:
                    self.color = card.color
                self.sounds.play(Sfx.SNAP)
                return FLIGHT_S + 0.1
            case FirstCardReturned(card=card):
                back = self.sprites.get(card.uid)
                if back is not None and back in self.discard:
                    self.discard.remove(back)
                    x, y = self.layout.draw_pile.center
                    self._move(back, x, y, 0, self.layout.pile_card_width, FLIGHT_S)
                    self.tweens.start(back, "flip", 0.0, self.settings.duration(FLIP_S))
                    self._forget_later(back)
                self.draw_count += 1
                return FLIGHT_S + 0.1
            case CardPlayed(player=player, card=card):
                sprite = self._take_from_hand(player, card)
                sprite.lift = 0
                self._to_discard(sprite)
                self.refan(player)
                if card.color is not None:
                    self.color = card.color
                self.sounds.play(Sfx.SNAP)
                return FLIGHT_S
            case ColorChosen(player=player, color=color):
                self.color = color
                self._mark(player, color.value.capitalize() + "!", _mark_color(color))
                return 0.3
            case CardsDrawn(player=player, cards=cards):
                return self._draw(player, cards)
            case PileReshuffled(count=count):
                return self._reshuffle(count)
            case Skipped(player=player):
                self._mark(player, "Skipped", (255, 120, 120))
                return 0.35
            case DirectionChanged(direction=direction):
                self.direction = direction
                self._mark(None, "Reverse!", GOLD)
                return 0.35
            case PenaltyPending(player=player, total=total):
                self._mark(player, f"+{total} coming", (255, 150, 90))
                return 0.3
            case UnoCalled(player=player):
                self._mark(player, "UNO!", GOLD, 52)
                self.sounds.play(Sfx.UNO)
                return 0.35
            case UnoCaught(target=target):
                self._mark(target, "Caught!", (255, 110, 110), 46)
                self.sounds.play(Sfx.PENALTY)
                return 0.35
            case CardReturned(player=player, card=card):
                returned = self.sprites.get(card.uid)
                if returned is not None and returned in self.discard:
                    self.discard.remove(returned)
                else:
                    returned = self._new_sprite(card)
                self.hands[player].append(returned)
                self.refan(player, FLIGHT_S)
                return FLIGHT_S
            case CardsDiscarded(player=player, cards=cards):
                top = self.discard.pop() if self.discard else None
                for card in cards:
                    self._to_discard(self._take_from_hand(player, card))
                if top is not None:
                    self.discard.append(top)
                    self._z += 1
                    top.z = self._z
                self.refan(player)
                return FLIGHT_S + 0.1
            case HandsShuffled(deals=deals):
                return self._gather_and_deal(deals)
            case HandsSwapped(player=player, target=target, player_hand=mine, target_hand=theirs):
                self._rehome({player: mine, target: theirs})
                self.sounds.play(Sfx.SHUFFLE)
                return FLIGHT_S + 0.2
            case HandsPassed(hands=hands):
                self._rehome(dict(enumerate(hands)))
                self.sounds.play(Sfx.SHUFFLE)
                return FLIGHT_S + 0.2
            case RaceFinished(player=player):
                self._mark(player, "Done!", (140, 230, 140))
                return 0.1
            case RaceLost(player=player):
                self._mark(player, "Last!", (255, 110, 110), 46)
                self.sounds.play(Sfx.PENALTY)
                return 0.3
            case WentOut(player=player):
                self._mark(player, "Out!", GOLD, 48)
                return 0.4
            case RoundEnded(winner=winner):
                self.round_over = event
                self.winner = winner
                self.sounds.play(Sfx.WIN)
                return 0.6
        return 0.0

    def snap(self, game: Game) -> None:
        """Show a game as it stands, without animation (a continued match)."""
        self._clear()
        for seat, cards in enumerate(game.hands):
            for card in cards:
                self.hands[seat].append(self._new_sprite(card))
            self.refan(seat, 0.0)
            for sprite in self.hands[seat]:
                sprite.flip = 1.0 if self.visible(seat) else 0.0
        x, y = self.layout.discard_pile.center
        for card in game.discard[-DISCARD_SPRITES:]:
            sprite = self._new_sprite(card)
            sprite.x, sprite.y = x, y
            sprite.angle = self.rng.uniform(-14, 14)
            sprite.flip = 1.0
            self._z += 1
            sprite.z = self._z
            self.discard.append(sprite)
        self.draw_count = len(game.draw_pile)
        self.color = game.color
        self.direction = game.direction
        self.tweens.finish_all()

    def _clear(self) -> None:
        self.tweens.finish_all()
        self.sprites.clear()
        self.hands = [[] for _ in self.layout.seats]
        self.discard = []
        self.color = None
        self.direction = 1
        self.round_over = None
        self.winner = None

    def _deal_slots(
        self, deals: Sequence[tuple[int, Card | None]]
    ) -> list[tuple[int, Card, tuple[float, float, float]]]:
        """Each dealt card with its seat and its final place in that seat's fan."""
        counts = [0] * len(self.hands)
        for seat, _ in deals:
            counts[seat] += 1
        final = [self.fan_slots(seat, counts[seat]) for seat in range(len(self.hands))]
        placed = [0] * len(self.hands)
        out = []
        for seat, card in deals:
            assert card is not None, "the presenter is fed unredacted events"
            out.append((seat, card, final[seat][placed[seat]]))
            placed[seat] += 1
        return out

    def _deal(self, deals: Sequence[tuple[int, Card | None]]) -> float:
        for i, (seat, card, (x, y, angle)) in enumerate(self._deal_slots(deals)):
            sprite = self._new_sprite(card)
            self.draw_count -= 1
            self.hands[seat].append(sprite)
            self._move(sprite, x, y, angle, self.place(seat).card_width, FLIGHT_S, i * DEAL_GAP_S)
        total = len(deals) * DEAL_GAP_S + FLIGHT_S
        self.sounds.play(Sfx.DEAL)
        for seat in range(len(self.hands)):
            if self.visible(seat):
                for sprite in self.hands[seat]:
                    self.tweens.start(
                        sprite,
                        "flip",
                        1.0,
                        self.settings.duration(FLIP_S),
                        delay_s=self.settings.duration(total),
                    )
        self.queue.appendleft((_Refan(None), ""))
        return total + 0.1

    def _draw(self, player: int, cards: Sequence[Card | None]) -> float:
        for card in cards:
            assert card is not None, "the presenter is fed unredacted events"
            sprite = self._new_sprite(card)
            self.draw_count -= 1
            self.hands[player].append(sprite)
        slots = self.fan_slots(player, len(self.hands[player]))
        width = self.place(player).card_width
        new = {card.uid for card in cards if card is not None}
        gap = 0
        for index, (sprite, (x, y, angle)) in enumerate(
            zip(self.hands[player], slots, strict=True)
        ):
            delay = gap * DRAW_GAP_S if sprite.card.uid in new else 0.0
            if sprite.card.uid in new:
                gap += 1
            self._move(sprite, x, y, angle, width, FLIGHT_S, delay)
            sprite.z = 100_000 + player * 1000 + index
        if self.visible(player):
            for sprite in self.hands[player]:
                if sprite.card.uid in new:
                    self.tweens.start(
                        sprite,
                        "flip",
                        1.0,
                        self.settings.duration(FLIP_S),
                        delay_s=self.settings.duration(FLIGHT_S * 0.5),
                    )
        self.sounds.play(Sfx.DRAW)
        total = max(0, len(cards) - 1) * DRAW_GAP_S + FLIGHT_S
        if player == self.viewer:
            # The viewer's hand sorts the new cards in once they have landed.
            self.queue.appendleft((_Refan(player), ""))
        return total

    def _reshuffle(self, count: int) -> float:
        top = self.discard[-1] if self.discard else None
        x, y = self.layout.draw_pile.center
        for sprite in self.discard[:-1]:
            self._move(sprite, x, y, 0, self.layout.pile_card_width, FLIGHT_S, ease=in_out_cubic)
            self.tweens.start(sprite, "flip", 0.0, self.settings.duration(FLIP_S))
            self._forget_later(sprite)
        self.discard = [top] if top is not None else []
        self.draw_count += count
        self.sounds.play(Sfx.SHUFFLE)
        self._mark(None, "Reshuffled", WHITE, 34)
        return FLIGHT_S + 0.3

    def _forget_later(self, sprite: CardSprite) -> None:
        """A card back in the draw pile is no longer a sprite once it has landed."""
        self.queue.appendleft((_Forget(sprite), ""))

    def _gather_and_deal(self, deals: Sequence[tuple[int, Card | None]]) -> float:
        cx, cy = self.layout.prompt.center
        everyone = [s for hand in self.hands for s in hand]
        for i, sprite in enumerate(everyone):
            self._move(sprite, cx, cy, self.rng.uniform(-25, 25), 90, FLIGHT_S, i * 0.005)
            self.tweens.start(sprite, "flip", 0.0, self.settings.duration(FLIP_S))
        self.hands = [[] for _ in self.layout.seats]
        gather = FLIGHT_S + len(everyone) * 0.005 + 0.2
        for i, (seat, card, (x, y, angle)) in enumerate(self._deal_slots(deals)):
            sprite = self.sprites[card.uid]
            self.hands[seat].append(sprite)
            self._move(
                sprite,
                x,
                y,
                angle,
                self.place(seat).card_width,
                FLIGHT_S,
                gather + i * DEAL_GAP_S / 2,
            )
        total = gather + len(deals) * DEAL_GAP_S / 2 + FLIGHT_S
        self.sounds.play(Sfx.SHUFFLE)
        self.queue.appendleft((_Refan(None), ""))
        return total

    def _rehome(self, hands: dict[int, Sequence[Card | None]]) -> None:
        for seat, cards in hands.items():
            moved = []
            for card in cards:
                assert card is not None, "the presenter is fed unredacted events"
                sprite = self.sprites[card.uid]
                for hand in self.hands:
                    if sprite in hand:
                        hand.remove(sprite)
                        break
                moved.append(sprite)
            self.hands[seat] = moved
        for seat in hands:
            self.refan(seat, FLIGHT_S)

    # ------------------------------------------------------------- drawing

    def hand_uids(self, seat: int) -> list[int]:
        return [s.card.uid for s in self.hands[seat]]

    def viewer_sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The viewer's topmost card under the pointer."""
        for sprite in reversed(self.hands[self.viewer]):
            if sprite.rect().collidepoint(pos):
                return sprite
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_pile(surface)
        flying: list[CardSprite] = []
        resting: list[CardSprite] = []
        for sprite in self._all_sprites():
            (flying if sprite.flying_until > self.clock else resting).append(sprite)
        resting.sort(key=lambda s: s.z)
        flying.sort(key=lambda s: s.flying_until)
        for sprite in resting + flying:
            self._blit(surface, sprite)
        self._draw_marks(surface)

    def _all_sprites(self) -> list[CardSprite]:
        out = list(self.discard)
        seen = {id(s) for s in out}
        for hand in self.hands:
            out.extend(hand)
            seen.update(id(s) for s in hand)
        # Cards on their way back into the draw pile are no longer in a hand or the pile.
        out.extend(s for s in self.sprites.values() if id(s) not in seen)
        return out

    def _draw_pile(self, surface: pygame.Surface) -> None:
        box = self.layout.draw_pile
        width = self.layout.pile_card_width
        if self.draw_count > 0:
            back = self.art.back(width)
            layers = min(6, 1 + self.draw_count // 12)
            for i in range(layers):
                surface.blit(back, back.get_rect(center=(box.center[0] - i, box.center[1] - i * 2)))
        else:
            rect = pygame.Rect(0, 0, *card_size(width))
            rect.center = (round(box.center[0]), round(box.center[1]))
            pygame.draw.rect(surface, (255, 255, 255), rect, 3, border_radius=12)
        draw_text(
            surface,
            str(self.draw_count),
            26,
            (box.center[0], box.y + box.height + 22),
            WHITE,
            shadow=True,
        )

    def _blit(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        flying = sprite.flying_until > self.clock
        width = max(8.0, sprite.width)
        # A card changing size in flight is drawn from a face cached at a width rounded up to
        # ten pixels and scaled while rotating; a face for every in-between width would cost a
        # fresh drawing each frame.
        base_width = math.ceil(width / 10) * 10 if flying else max(8, round(width))
        scale = width / base_width
        face_up = sprite.flip >= 0.5
        squeeze = abs(math.cos(sprite.flip * math.pi))
        image = self.art.face(sprite.card, base_width) if face_up else self.art.back(base_width)
        uid = sprite.card.uid
        lift = sprite.lift
        if uid == self.hover:
            lift = max(lift, LIFT_HOVER)
        elif uid in self.lifted:
            lift = max(lift, LIFT_PLAYABLE)
        angle = sprite.angle + 8 * math.sin(sprite.shake * math.pi * 6) * sprite.shake
        key = (
            id(image),
            round(angle * 2),
            round(squeeze * 20),
            1 if uid in self.dimmed else 0,
            round(scale * 40),
        )
        rotated = self._rotated.get(key)
        if rotated is None:
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
            if len(self._rotated) > ROTATION_CACHE:
                self._rotated.clear()
            self._rotated[key] = rotated
        center = (round(sprite.x), round(sprite.y - lift))
        if lift > 0 or flying:
            shadow, offset = self.art.shadow(base_width, min(1.0, lift / LIFT_HOVER + 0.3))
            surface.blit(
                shadow, shadow.get_rect(center=(center[0] + offset[0], center[1] + offset[1]))
            )
        surface.blit(rotated, rotated.get_rect(center=center))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        for mark in self.marks:
            t = (self.clock - mark.born) / max(mark.duration_s, 1e-6)
            pop = min(1.0, t * 5)
            scale = 0.6 + 0.4 * out_back(pop)
            fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
            size = max(12, round(mark.size * scale))
            rise = 18 * pulse(min(1.0, t)) * 0.3
            text = render(mark.text, size, mark.color)
            bubble = panel(
                (text.get_width() + 36, text.get_height() + 16), 22, (10, 14, 20, 220)
            ).copy()
            bubble.blit(text, text.get_rect(center=bubble.get_rect().center))
            bubble.set_alpha(round(255 * fade))
            surface.blit(bubble, bubble.get_rect(center=(mark.x, mark.y - rise)))


_COLOR_ORDER = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3}


def _hand_order(card: Card) -> tuple[int, int, int]:
    color = 4 if card.color is None else _COLOR_ORDER[card.color]
    return color, int(card.rank), card.uid


def _mark_color(color: Color) -> tuple[int, int, int]:
    r, g, b = COLOR_RGB[color]
    return min(255, r + 40), min(255, g + 40), min(255, b + 40)
