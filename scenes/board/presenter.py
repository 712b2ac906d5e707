"""Plays the engine's events back as card motion: the picture catches up with the game.

The engine runs ahead and hands over each batch of events with the line that describes it.
The presenter takes one event at a time, starts its tweens on card sprites (keyed by the card's
uid, so two red sevens never swap places) and waits for it before the next one. When its queue
is empty and nothing moves, the sprites in each hand are exactly the engine's hands: the table
test holds this. Faces are shown only for the seats the viewer may see; the presenter still
knows every card's identity, so a hidden hand is the same sprites, drawn face down.

The presenter is the timing: which sprites move where, when, and how long each event lasts.
The sprite types, fan geometry, mark placement and painting live in ``scenes.board.sprites``.
It knows nothing of the table scene; what it may show face up comes in as ``visible``.

With animation speed 0 every tween is instant and the queue drains in a single update.
"""

from __future__ import annotations

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
    Challenged,
    ColorChosen,
    DeckRevealed,
    DeckSealed,
    DirectionChanged,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    PileReshuffled,
    RoundEnded,
    RoundStarted,
)
from game.i18n import pgettext
from scenes.art import CardArt
from scenes.board.color_words import color_called
from scenes.board.layout import Layout, SeatLayout
from scenes.board.moments import Moment, moment_of, start_moment
from scenes.board.sprites import (
    MARK_S,
    RGB,
    CardSprite,
    Mark,
    Slot,
    SpritePainter,
    bubble_size,
    deal_places,
    event_cue,
    fan_slots,
    hand_order,
    mark_color,
    mark_spot,
    paint_order,
    shown_lift,
    table_sprites,
)
from scenes.board.tween import Tweens, in_out_cubic, out_back, out_cubic
from scenes.sound import Sfx, SoundBoard
from scenes.store.settings import Settings
from scenes.ui import GOLD, WHITE

# Durations at speed 1, in seconds (DESIGN.md: flights 0.25-0.4 s, deals 0.06 s a card).
FLIGHT_S = 0.32
DEAL_GAP_S = 0.06
DRAW_GAP_S = 0.12
REFAN_S = 0.2
FLIP_S = 0.18
SHOWN_S = 4.5  # a challenged hand stays face up for its challenger this long (3 s was too short)
# A round's winner: their last card rises from the pile, larger, and the table waits on it.
WIN_FLIGHT_S = 0.6
WIN_WAIT_S = 1.4
WIN_CARD_SCALE = 1.7
# Only the top few discards are sprites; older ones are painted into the pile's look.
DISCARD_SPRITES = 8


@dataclass(frozen=True)
class _Refan:
    """An internal step queued after a flight: re-sort and re-fan hands once cards land."""

    seat: int | None


@dataclass(frozen=True)
class _Forget:
    sprite: CardSprite


@dataclass(frozen=True)
class _Cover:
    """An internal step: a hand shown to its challenger turns face down again."""

    seat: int


Step = Event | _Refan | _Forget | _Cover


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
    moments: list[Moment] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    status: str = ""
    # How to say the banner's line again in another language, while it is its scene's own (a
    # greeting) and no move's line has replaced it.
    said: Callable[[], str] | None = None
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
    painter: SpritePainter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.hands = [[] for _ in self.layout.seats]
        self.rng = random.Random(self.seed)
        self.painter = SpritePainter(self.art)

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
            _tell(self, event, line)
            if event is not None:
                wait = self.play(event)
                self.wait_until = self.clock + self.settings.duration(wait)
            if self.settings.animation_speed <= 0:
                self.tweens.finish_all()
        self.marks = [m for m in self.marks if self.clock < m.born + m.duration_s]
        self.moments = [m for m in self.moments if not m.over(self.clock)]

    def settle(self) -> None:
        """Finish every queued event and tween now (speed 0, or skipping ahead)."""
        while self.queue:
            event, line = self.queue.popleft()
            _tell(self, event, line)
            if event is not None:
                self.play(event)
            self.tweens.finish_all()
        self.tweens.finish_all()
        self.wait_until = self.clock
        # Marks and moments of no time (speed 0) would otherwise stay up: nothing else prunes
        # them while a table only settles (autoplay at speed 0 piled "Out!" on "Out!").
        self.marks = [m for m in self.marks if self.clock < m.born + m.duration_s]
        self.moments = [m for m in self.moments if not m.over(self.clock)]

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

    # ------------------------------------------------------------- the screens' verbs

    def highlight(self, lifted: frozenset[int], dimmed: frozenset[int]) -> None:
        """Lift the viewer's cards (by uid) they may play now and dim those they may not."""
        self.lifted, self.dimmed = lifted, dimmed

    def point_at(self, uid: int | None) -> None:
        """The viewer's card under the pointer or the keyboard focus (None: none)."""
        self.hover = uid

    def drag(self, uid: int, pos: tuple[int, int]) -> None:
        """The card held by the pointer follows it (it re-fans when let go)."""
        sprite = self.sprites.get(uid)
        if sprite is not None:
            sprite.x, sprite.y = pos

    def reject(self, uid: int) -> None:
        """A card the viewer chose but may not play shakes."""
        sprite = self.sprites.get(uid)
        if sprite is not None:
            sprite.shake = 1.0
            self.tweens.start(sprite, "shake", 0.0, 0.45)

    def restore(self, game: Game, lines: Sequence[str], say: Callable[[], str]) -> None:
        """Show ``game`` as it stands with nothing left to play: the sprites snapped, the move
        log replaced by ``lines`` (the moves that led here) and what ``say`` says on the banner
        (said again by ``relabel`` until a move's line replaces it)."""
        self.queue.clear()
        self.snap(game)
        self.log[:] = lines
        self.status, self.said = say(), say

    def relabel(self) -> None:
        """The language changed: the banner's line of the scene's own is said in it."""
        if self.said is not None:
            self.status = self.said()

    def seat_center(self, seat: int) -> tuple[float, float]:
        return self.place(seat).plate.center

    def fan_slots(self, seat: int, count: int) -> list[Slot]:
        """(x, y, angle) of each card of a hand of ``count`` cards, left to right."""
        return fan_slots(self.place(seat), count, viewer=seat == self.viewer)

    def refan(self, seat: int, duration_s: float = REFAN_S) -> None:
        hand = self.hands[seat]
        if seat == self.viewer:
            hand.sort(key=lambda s: hand_order(s.card))
        width = self.place(seat).card_width
        face = 1.0 if self.visible(seat) else 0.0
        for index, (sprite, (x, y, angle)) in enumerate(
            zip(hand, self.fan_slots(seat, len(hand)), strict=True)
        ):
            self._move(sprite, x, y, angle, width, duration_s)
            self._flip(sprite, face)
            sprite.z = 100_000 + seat * 1000 + index

    def _flip(self, sprite: CardSprite, face: float, delay_s: float = 0.0) -> None:
        """Turn a card face up (``face`` 1) or down (0) in the usual time, after ``delay_s``."""
        duration = self.settings.duration(FLIP_S)
        self.tweens.start(sprite, "flip", face, duration, delay_s=self.settings.duration(delay_s))

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

    def _mark(self, seat: int | None, text: str, color: RGB, size: int = 40) -> None:
        place = None if seat is None else self.place(seat)
        bubble = bubble_size(text, size)
        x, y = mark_spot(self.layout.discard_pile, place, bubble, self.layout)
        self.marks.append(Mark(text, x, y, color, self.clock, self.settings.duration(MARK_S), size))

    # ------------------------------------------------------------- events

    def play(self, event: Step) -> float:
        """Start the animation of one event; returns how long to wait before the next one."""
        match event:
            case _Refan(seat=seat):
                return self._refan_step(seat)
            case _Forget(sprite=gone):
                return self._forget(gone)
            case RoundStarted():
                return self._round_started()
            case CardsDealt(deals=deals):
                return self._deal(deals)
            case FirstCardTurned(card=card):
                return self._first_card_turned(card)
            case FirstCardReturned(card=card):
                return self._first_card_returned(card)
            case CardPlayed(player=player, card=card):
                return self._card_played(player, card)
            case ColorChosen(player=player, color=color):
                return self._color_chosen(player, color)
            case CardsDrawn(player=player, cards=cards):
                return self._draw(player, cards)
            case PileReshuffled(count=count):
                return self._reshuffle(count)
            case DirectionChanged(direction=direction):
                return self._direction_changed(direction)
            case CardReturned(player=player, card=card):
                return self._card_returned(player, card)
            case CardsDiscarded(player=player, cards=cards):
                return self._discarded(player, cards)
            case HandsShuffled(deals=deals):
                return _gather_and_deal(self, deals)
            case HandsSwapped(player=player, target=target, player_hand=mine, target_hand=theirs):
                return _rehome(self, {player: mine, target: theirs})
            case HandsPassed(hands=hands):
                return _rehome(self, dict(enumerate(hands)))
            case RoundEnded():
                return self._round_ended(event)
            case Challenged(player=player, target=target, hand=hand) if (
                hand is not None and self.visible(player) and not self.visible(target)
            ):
                return _show_hand(self, target, event)
            case _Cover(seat=seat):
                return _show_hand(self, seat, None)
        # The rest only announce something (or show nothing): a mark, maybe a sound.
        return self._cue(event)

    def _refan_step(self, seat: int | None) -> float:
        for each in range(len(self.hands)) if seat is None else (seat,):
            self.refan(each)
        return REFAN_S

    def _forget(self, gone: CardSprite) -> float:
        if self.sprites.get(gone.card.uid) is gone and not any(gone in hand for hand in self.hands):
            del self.sprites[gone.card.uid]
        return 0.0

    def _round_started(self) -> float:
        self._clear()
        self.draw_count = self.deck_size
        self.sounds.play(Sfx.SHUFFLE)
        return 0.5

    def _first_card_turned(self, card: Card) -> float:
        self.draw_count -= 1
        sprite = self._new_sprite(card)
        self._to_discard(sprite)
        if card.color is not None:
            self.color = card.color
        self.sounds.play(Sfx.SNAP)
        return FLIGHT_S + 0.1

    def _first_card_returned(self, card: Card) -> float:
        back = self.sprites.get(card.uid)
        if back is not None and back in self.discard:
            self.discard.remove(back)
            x, y = self.layout.draw_pile.center
            self._move(back, x, y, 0, self.layout.pile_card_width, FLIGHT_S)
            self._flip(back, 0.0)
            self._forget_later(back)
        self.draw_count += 1
        return FLIGHT_S + 0.1

    def _card_played(self, player: int, card: Card) -> float:
        sprite = self._take_from_hand(player, card)
        sprite.lift = 0
        self._to_discard(sprite)
        self.refan(player)
        if card.color is not None:
            self.color = card.color
        self.sounds.play(Sfx.SNAP)
        return FLIGHT_S

    def _color_chosen(self, player: int, color: Color) -> float:
        self.color = color
        self._mark(player, color_called(color), mark_color(color))
        return 0.3

    def _direction_changed(self, direction: int) -> float:
        self.direction = direction
        self._mark(None, pgettext("a bubble over the table", "Reverse!"), GOLD)
        return 0.35

    def _card_returned(self, player: int, card: Card) -> float:
        returned = self.sprites.get(card.uid)
        if returned is not None and returned in self.discard:
            self.discard.remove(returned)
        else:
            returned = self._new_sprite(card)
        self.hands[player].append(returned)
        self.refan(player, FLIGHT_S)
        return FLIGHT_S

    def _discarded(self, player: int, cards: Sequence[Card]) -> float:
        # The discards slide under the top card: it stays the one to match.
        top = self.discard.pop() if self.discard else None
        for card in cards:
            self._to_discard(self._take_from_hand(player, card))
        if top is not None:
            self.discard.append(top)
            self._z += 1
            top.z = self._z
        self.refan(player)
        return FLIGHT_S + 0.1

    def _round_ended(self, ended: RoundEnded) -> float:
        self.round_over = ended
        self.winner = ended.winner
        self.sounds.play(Sfx.WIN)
        _start_moment(self, ended)
        if not ended.blocked:  # a blocked round ends on no one's card
            _raise_last_card(self)
        return WIN_WAIT_S

    def _cue(self, event: Step) -> float:
        cue = event_cue(event)
        if cue is None:
            return 0.0
        self._mark(cue.seat, cue.text, cue.color, cue.size)
        _start_moment(self, event)
        if cue.sound is not None:
            self.sounds.play(cue.sound)
        return cue.wait_s

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
        self.moments = []

    def _deal(self, deals: Sequence[tuple[int, Card | None]]) -> float:
        for i, (seat, card, (x, y, angle)) in enumerate(
            deal_places(deals, len(self.hands), self.fan_slots)
        ):
            sprite = self._new_sprite(card)
            self.draw_count -= 1
            self.hands[seat].append(sprite)
            self._move(sprite, x, y, angle, self.place(seat).card_width, FLIGHT_S, i * DEAL_GAP_S)
        total = len(deals) * DEAL_GAP_S + FLIGHT_S
        self.sounds.play(Sfx.DEAL)
        for seat in range(len(self.hands)):
            if self.visible(seat):
                for sprite in self.hands[seat]:
                    self._flip(sprite, 1.0, total)
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
                    self._flip(sprite, 1.0, FLIGHT_S * 0.5)
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
            self._flip(sprite, 0.0)
            self._forget_later(sprite)
        self.discard = [top] if top is not None else []
        self.draw_count += count
        self.sounds.play(Sfx.SHUFFLE)
        self._mark(None, pgettext("a bubble over the table", "Reshuffled"), WHITE, 34)
        return FLIGHT_S + 0.3

    def _forget_later(self, sprite: CardSprite) -> None:
        """A card back in the draw pile is no longer a sprite once it has landed."""
        self.queue.appendleft((_Forget(sprite), ""))

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
        layout = self.layout
        self.painter.draw_pile(surface, layout.draw_pile, layout.pile_card_width, self.draw_count)
        every = table_sprites(self.discard, self.hands, self.sprites.values())
        # The pointer's and the playable cards' lifts are for cards in the viewer's hand: a
        # card played from under the pointer (or the keys' focus) lies on the pile as the others
        # do, rather than 44 pixels above it until the pointer moves.
        held = {sprite.card.uid for sprite in self.hands[self.viewer]}
        for sprite in paint_order(every, self.clock):
            uid = sprite.card.uid
            self.painter.card(
                surface,
                sprite,
                flying=sprite.flying_until > self.clock,
                lift=shown_lift(sprite, self.hover, self.lifted) if uid in held else sprite.lift,
                dimmed=uid in self.dimmed,
            )
        self.painter.marks(surface, self.marks, self.clock)


def _show_hand(presenter: Presenter, seat: int, event: Challenged | None) -> float:
    """The official rule: the challenged hand is shown to its challenger (the person the screen
    is turned to): face up for a while (``event``), then as the screen shows it (None)."""
    face = 1.0 if event is not None or presenter.visible(seat) else 0.0
    for sprite in presenter.hands[seat]:
        presenter._flip(sprite, face)
    if event is None:
        return 0.0
    presenter.queue.appendleft((_Cover(seat), ""))
    return max(SHOWN_S, presenter._cue(event))


def _start_moment(presenter: Presenter, event: Step) -> None:
    """Start the event's moment (a burst on a plate), if it has one and time for it."""
    found = moment_of(event)
    if found is not None:
        moment = start_moment(*found, presenter.clock, presenter.settings)
        if moment is not None:
            presenter.moments.append(moment)


def _raise_last_card(presenter: Presenter) -> None:
    """The round's last card (the winner's, on top of the pile) rises over the table, larger:
    the winner's moment. With Reduced motion it is simply there (a still)."""
    if not presenter.discard:
        return
    sprite = presenter.discard[-1]
    x, y = presenter.layout.discard_pile.center
    width = presenter.layout.pile_card_width * WIN_CARD_SCALE
    flight = 0.0 if presenter.settings.reduced_motion else WIN_FLIGHT_S
    lift = presenter.layout.discard_pile.height * 0.35
    presenter._move(sprite, x, y - lift, 0.0, width, flight, ease=out_back)
    presenter._z += 1
    sprite.z = presenter._z


def _gather_and_deal(presenter: Presenter, deals: Sequence[tuple[int, Card | None]]) -> float:
    """Wild Shuffle Hands: every card gathers in the middle, then is dealt to its new seat."""
    cx, cy = presenter.layout.prompt.center
    everyone = [s for hand in presenter.hands for s in hand]
    for i, sprite in enumerate(everyone):
        presenter._move(sprite, cx, cy, presenter.rng.uniform(-25, 25), 90, FLIGHT_S, i * 0.005)
        presenter._flip(sprite, 0.0)
    presenter.hands = [[] for _ in presenter.layout.seats]
    gather = FLIGHT_S + len(everyone) * 0.005 + 0.2
    for i, (seat, card, (x, y, angle)) in enumerate(
        deal_places(deals, len(presenter.hands), presenter.fan_slots)
    ):
        sprite = presenter.sprites[card.uid]
        presenter.hands[seat].append(sprite)
        presenter._move(
            sprite,
            x,
            y,
            angle,
            presenter.place(seat).card_width,
            FLIGHT_S,
            gather + i * DEAL_GAP_S / 2,
        )
    total = gather + len(deals) * DEAL_GAP_S / 2 + FLIGHT_S
    presenter.sounds.play(Sfx.SHUFFLE)
    presenter.queue.appendleft((_Refan(None), ""))
    return total


def _rehome(presenter: Presenter, hands: dict[int, Sequence[Card | None]]) -> float:
    """Swapped or passed hands: each card flies from its old seat to its new one."""
    for seat, cards in hands.items():
        moved = []
        for card in cards:
            assert card is not None, "the presenter is fed unredacted events"
            sprite = presenter.sprites[card.uid]
            for hand in presenter.hands:
                if sprite in hand:
                    hand.remove(sprite)
                    break
            moved.append(sprite)
        presenter.hands[seat] = moved
    for seat in hands:
        presenter.refan(seat, FLIGHT_S)
    presenter.sounds.play(Sfx.SHUFFLE)
    return FLIGHT_S + 0.2


def _tell(presenter: Presenter, event: Step | None, line: str) -> None:
    """A batch's line goes to the move log and the status line; a fair deal's seal or reveal
    (``Narrator.parts``) to the log only: the action's line stays on the status."""
    if not line:
        return
    presenter.log.append(line)
    if not isinstance(event, DeckSealed | DeckRevealed):
        presenter.status, presenter.said = line, None
