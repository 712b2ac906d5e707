"""The presenter's pieces: the pure fan, deal and mark geometry of the table's sprites, the
order hands are sorted and cards painted in, the announce-only events' marks, and the presenter
playing a seeded game at speed 0 so its hands end as the engine's."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from game.cards import Card, Color, Rank
from game.engine import Game
from game.events import (
    Passed,
    PenaltyPending,
    RaceFinished,
    RaceLost,
    Skipped,
    UnoCalled,
    UnoCaught,
    WentOut,
)
from game.rules import Rules
from scenes.art import CardArt
from scenes.board.layout import PLAYERS, Box, SeatLayout, load_layout
from scenes.board.presenter import Presenter
from scenes.board.sprites import (
    LIFT_HOVER,
    LIFT_PLAYABLE,
    CardSprite,
    SpritePainter,
    bubble_rect,
    bubble_size,
    deal_places,
    event_cue,
    fan_slots,
    hand_order,
    mark_spot,
    paint_order,
    shown_lift,
    table_sprites,
)
from scenes.sound import Sfx, SoundBoard
from scenes.store.settings import Settings
from scenes.ui import set_large_text

WIDE = SeatLayout(plate=Box(800, 1000, 320, 50), hand=Box(300, 800, 1320, 180), card_width=120)
TALL = SeatLayout(plate=Box(20, 400, 200, 50), hand=Box(40, 100, 150, 700), card_width=80)


def sprite(uid: int, z: int = 0, flying_until: float = 0.0) -> CardSprite:
    return CardSprite(
        Card(uid, Color.RED, Rank.FIVE), 0.0, 0.0, 100.0, z=z, flying_until=flying_until
    )


# ------------------------------------------------------------- fans


def test_an_empty_hand_has_no_slots_and_one_card_sits_level_in_the_middle() -> None:
    assert fan_slots(WIDE, 0, viewer=True) == []
    [(x, y, angle)] = fan_slots(WIDE, 1, viewer=True)
    assert (x, y) == WIDE.hand.center and angle == 0


@pytest.mark.parametrize("count", [2, 5, 7, 30])
@pytest.mark.parametrize("viewer", [True, False])
def test_a_fan_is_symmetric_left_to_right_and_stays_in_its_box(count: int, viewer: bool) -> None:
    slots = fan_slots(WIDE, count, viewer=viewer)
    cx, _ = WIDE.hand.center
    xs = [x for x, _, _ in slots]
    assert xs == sorted(xs)
    for (x1, y1, a1), (x2, y2, a2) in zip(slots, reversed(slots), strict=True):
        assert x1 - cx == pytest.approx(cx - x2)
        assert y1 == pytest.approx(y2) and a1 == pytest.approx(-a2)
    half = WIDE.card_width / 2
    assert (
        WIDE.hand.x + half - 1e-6 <= xs[0] and xs[-1] <= WIDE.hand.x + WIDE.hand.width - half + 1e-6
    )


def test_the_viewers_fan_spreads_wider_than_a_hidden_hands() -> None:
    mine = fan_slots(WIDE, 5, viewer=True)
    theirs = fan_slots(WIDE, 5, viewer=False)
    assert mine[-1][0] - mine[0][0] > theirs[-1][0] - theirs[0][0]


def test_a_tall_hand_box_fans_its_cards_downwards() -> None:
    slots = fan_slots(TALL, 4, viewer=False)
    ys = [y for _, y, _ in slots]
    assert ys == sorted(ys) and len(set(ys)) == 4
    # Bent off a vertical line only a little, and to one side.
    assert all(x >= TALL.hand.center[0] for x, _, _ in slots)


def test_each_dealt_card_flies_to_its_place_in_the_final_fan() -> None:
    cards = [Card(uid, Color.BLUE, Rank.ONE) for uid in range(7)]
    deals: list[tuple[int, Card | None]] = [(i % 2, card) for i, card in enumerate(cards)]

    def fan(seat: int, count: int) -> list[tuple[float, float, float]]:
        return [(seat * 100.0 + i, float(count), 0.0) for i in range(count)]

    places = deal_places(deals, 3, fan)
    assert [(seat, card) for seat, card, _ in places] == deals
    assert [slot for seat, _, slot in places if seat == 0] == fan(0, 4)
    assert [slot for seat, _, slot in places if seat == 1] == fan(1, 3)


def test_a_redacted_deal_is_refused() -> None:
    with pytest.raises(AssertionError):
        deal_places([(0, None)], 2, lambda seat, count: [(0.0, 0.0, 0.0)] * count)


# ------------------------------------------------------------- marks


def test_a_mark_without_a_seat_floats_above_the_discard_pile() -> None:
    pile = Box(900, 400, 120, 180)
    assert mark_spot(pile, None) == (960, 490 - 180 * 0.9)


# Every text a seat's bubble shows (event_cue's and a chosen colour's), at its size.
SEAT_MARKS = (
    ("Skipped", 40),
    ("+12 coming", 40),
    ("UNO!", 52),
    ("Caught!", 46),
    ("Done!", 40),
    ("Last!", 46),
    ("Out!", 48),
    ("Yellow!", 40),
)


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("players", list(PLAYERS))
def test_a_seats_mark_is_on_screen_and_covers_no_name_plate(players: int, large: bool) -> None:
    """ "Skipped" and the colour bubbles covered the plate of the seat they named (and at the
    top, the plate was all one saw of it)."""
    pygame.font.init()
    layout = load_layout(players)
    screen = pygame.Rect(0, 0, *layout.size)
    plates = [seat.plate.rect() for seat in layout.seats]
    set_large_text(large)
    try:
        for place in layout.seats:
            for text, size in SEAT_MARKS:
                bubble = bubble_size(text, size)
                spot = mark_spot(layout.discard_pile, place, bubble, layout)
                covered = bubble_rect(spot, bubble)
                assert screen.contains(covered), (players, text)
                assert covered.collidelist(plates) == -1, (players, place.plate, text)
                # Next to its own plate, not somewhere across the table.
                gap = max(
                    abs(spot[0] - place.plate.center[0]), abs(spot[1] - place.plate.center[1])
                )
                assert gap <= max(bubble) + max(place.plate.width, place.plate.height)
    finally:
        set_large_text(False)


def test_announce_only_events_mark_the_right_seat() -> None:
    caught = event_cue(UnoCaught(player=1, target=2))
    assert caught is not None and caught.seat == 2 and caught.sound is Sfx.PENALTY
    uno = event_cue(UnoCalled(player=3))
    assert uno is not None and (uno.seat, uno.text, uno.sound) == (3, "UNO!", Sfx.UNO)
    pending = event_cue(PenaltyPending(player=0, total=6))
    assert pending is not None and pending.text == "+6 coming"
    for event in (Skipped(1), RaceFinished(1), RaceLost(1), WentOut(1, place=2)):
        cue = event_cue(event)
        assert cue is not None and cue.seat == 1 and cue.wait_s > 0
    assert event_cue(Passed(player=0)) is None


# ------------------------------------------------------------- order


def test_the_viewers_hand_sorts_by_color_then_rank_with_wilds_last() -> None:
    cards = [
        Card(1, None, Rank.WILD),
        Card(2, Color.BLUE, Rank.ONE),
        Card(3, Color.RED, Rank.NINE),
        Card(4, Color.RED, Rank.TWO),
        Card(5, Color.YELLOW, Rank.ZERO),
        Card(6, Color.RED, Rank.TWO),
    ]
    ordered = sorted(cards, key=hand_order)
    assert [c.uid for c in ordered] == [4, 6, 3, 5, 2, 1]


def test_cards_in_flight_are_painted_over_resting_ones_the_last_to_land_on_top() -> None:
    low, high = sprite(1, z=1), sprite(2, z=9)
    early, late = sprite(3, z=50, flying_until=2.0), sprite(4, z=0, flying_until=3.0)
    assert paint_order([late, high, early, low], clock=1.0) == [low, high, early, late]
    # Once landed, depth alone decides.
    assert paint_order([late, high, early, low], clock=5.0) == [late, low, high, early]


def test_every_sprite_is_painted_once_loose_ones_after_the_hands() -> None:
    top, held, loose = sprite(1), sprite(2), sprite(3)
    every = {1: top, 2: held, 3: loose}
    assert table_sprites([top], [[held], []], every.values()) == [top, held, loose]


def test_the_hovered_card_rises_highest_and_a_playable_one_a_little() -> None:
    card = sprite(7)
    assert shown_lift(card, None, frozenset()) == 0
    assert shown_lift(card, None, frozenset({7})) == LIFT_PLAYABLE
    assert shown_lift(card, 7, frozenset({7})) == LIFT_HOVER
    card.lift = 100
    assert shown_lift(card, 7, frozenset()) == 100


# ------------------------------------------------------------- the presenter


class Heard(SoundBoard):
    """A sound board that only writes down what it was asked to play."""

    def __init__(self) -> None:
        self.heard: list[Sfx] = []

    def play(self, sfx: Sfx) -> None:
        self.heard.append(sfx)


def presenter_for(game: Game, viewer: int = 0) -> Presenter:
    layout = load_layout(game.players)
    settings = Settings(animation_speed=0.0)
    return Presenter(
        layout, CardArt(), settings, Heard(), len(game.cards), lambda seat: seat == viewer, seed=3
    )


def test_at_speed_0_a_played_game_leaves_the_engines_hands_on_the_table() -> None:
    game = Game(Rules(seven_zero=True), 4, seed=11)
    presenter = presenter_for(game)
    presenter.push(game.log, "deal")
    presenter.update(0.0)
    rng = random.Random(5)
    for _ in range(150):
        presenter.push(game.apply(rng.choice(game.legal_actions())), "move")
        presenter.update(0.0)
        assert not presenter.busy
        for seat in range(game.players):
            assert sorted(presenter.hand_uids(seat)) == sorted(c.uid for c in game.hands[seat])
        assert presenter.draw_count == len(game.draw_pile)
        assert presenter.discard[-1].card is game.discard[-1]
    viewer = [s.card for s in presenter.hands[0]]
    assert viewer == sorted(viewer, key=hand_order)
    assert all(s.flip == 1.0 for s in presenter.hands[0])
    assert all(s.flip == 0.0 for hand in presenter.hands[1:] for s in hand)


def test_the_presenter_fans_each_seat_where_it_sits_for_the_viewer() -> None:
    game = Game(Rules(), 4, seed=2)
    presenter = presenter_for(game)
    presenter.set_viewer(2)
    assert presenter.place(2) is presenter.layout.seats[0]
    assert presenter.fan_slots(2, 5) == fan_slots(presenter.layout.seats[0], 5, viewer=True)
    assert presenter.fan_slots(3, 5) == fan_slots(presenter.layout.seats[1], 5, viewer=False)


def test_an_announce_only_event_shows_its_mark_and_sound_and_waits() -> None:
    game = Game(Rules(), 4, seed=2)
    presenter = presenter_for(game)
    wait = presenter.play(UnoCaught(player=0, target=1))
    [mark] = presenter.marks
    layout = presenter.layout
    spot = mark_spot(layout.discard_pile, presenter.place(1), bubble_size("Caught!", 46), layout)
    assert (mark.x, mark.y) == spot
    assert mark.text == "Caught!" and wait == 0.35
    assert isinstance(presenter.sounds, Heard) and presenter.sounds.heard == [Sfx.PENALTY]
    assert presenter.play(Passed(player=0)) == 0.0 and len(presenter.marks) == 1


class _OneFaceArt:
    """Card art that hands out whatever face it is given, as a cache that forgot would."""

    def __init__(self) -> None:
        self.image = pygame.Surface((40, 60))

    def face(self, card: Card, width: int) -> pygame.Surface:
        return self.image

    def back(self, width: int) -> pygame.Surface:
        return self.image


def test_a_forgotten_face_whose_id_comes_back_is_not_drawn_for_another_card() -> None:
    """The rotation cache is keyed by the face's id: a face the art forgot and Python freed
    leaves its id free for the next face made, which must not be drawn as the old one."""
    art = _OneFaceArt()
    painter = SpritePainter(art)  # type: ignore[arg-type]
    sprite = CardSprite(Card(0, Color.RED, Rank.FIVE), 100, 100, 40, angle=10)
    surface = pygame.Surface((200, 200))
    art.image.fill((200, 0, 0))
    painter.card(surface, sprite, flying=False, lift=0, dimmed=False)
    old_id = id(art.image)
    art.image = pygame.Surface((1, 1))  # the red face is freed
    fresh = pygame.Surface((40, 60))
    for _attempt in range(1000):  # CPython soon gives the freed id to a new face
        if id(fresh) == old_id:
            break
        fresh = pygame.Surface((40, 60))
    fresh.fill((0, 0, 200))
    art.image = fresh
    surface.fill((0, 0, 0))
    painter.card(surface, sprite, flying=False, lift=0, dimmed=False)
    assert surface.get_at((100, 100))[:3] == (0, 0, 200)


def test_a_turned_card_is_made_from_its_key_alone() -> None:
    """The turned images are one cache for every table: an image must not depend on which
    angle, of those its key rounds together, happened to ask for it first."""
    painter = SpritePainter(CardArt())
    card = Card(0, Color.RED, Rank.FIVE)
    drawn: list[bytes] = []
    for angle in (10.2, 9.9):  # both half-degree 20 of the key
        SpritePainter.forget()
        surface = pygame.Surface((200, 200))
        painter.card(
            surface,
            CardSprite(card, 100, 100, 60, angle=angle),
            flying=False,
            lift=0,
            dimmed=False,
        )
        drawn.append(pygame.image.tobytes(surface, "RGB"))
    SpritePainter.forget()
    assert drawn[0] == drawn[1]
