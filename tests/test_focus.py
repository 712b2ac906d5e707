"""Focus and headers that say what they are: the focused card of the hand and the focused
colour of the picker wear a ring that shows on any colour (a slightly higher card and a thin
border were missed), a focused card that cannot be played says so, and the round's score names
its two number columns."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import Play
from game.ai import Level
from game.engine import Game, Phase
from game.match import MatchSetup, Seat, default_setup
from game.rules import Rules
from scenes.app import App
from scenes.input import Act, Intent
from scenes.store.settings import Settings
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.table.scoring import HEADERS, ROWS_TOP, header_rects, panel_height, row_height
from scenes.ui import FOCUS_EDGE, FOCUS_RING, Button

FRAME = 1 / 60


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


def table_for(app: App, setup: MatchSetup, game: Game | None = None) -> TableScene:
    table = TableScene(app, setup, game=game, sounds=app.media.sounds, art=app.media.art)
    app.push(table)
    app.step(FRAME, [])
    return table


def settle(app: App, table: TableScene, frames: int = 3000) -> None:
    """Until it is the person's turn and nothing moves."""
    for _ in range(frames):
        game = table.game
        if not table.presenter.busy and game.actor == 0 and game.phase is Phase.PLAY:
            return
        app.step(FRAME, [])
    raise AssertionError("the person's turn never came")


def ring_pixels(
    surface: pygame.Surface, ring: pygame.Rect, side: str = "left"
) -> tuple[bool, bool]:
    """Whether the ring's bright colour and its dark edge are on the ring's left (or top) side."""
    if side == "left":
        spots = [(x, ring.centery) for x in range(ring.x, ring.x + 10)]
    else:
        spots = [(ring.centerx, y) for y in range(ring.y, ring.y + 10)]
    seen = {tuple(surface.get_at(spot))[:3] for spot in spots}
    return FOCUS_RING in seen, FOCUS_EDGE in seen


def test_the_focused_card_wears_a_ring_and_a_dimmed_one_says_it_cannot_be_played(
    app: App,
) -> None:
    table = table_for(app, default_setup(4))
    settle(app, table)
    hand = table.presenter.hands[0]
    legal = {a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)}
    screen = app.screen
    table.draw(screen)
    assert table.hud.focus_shown is None  # nothing focused yet: no ring
    for index, sprite in enumerate(hand):
        table.hand.focus = index - 1
        table.handle(Intent(Act.RIGHT))
        assert table.presenter.hover == sprite.card.uid
        table.draw(screen)
        shown = table.hud.focus_shown
        assert shown is not None
        ring, playable = shown
        card = sprite.rect()
        # Around the card (drawn lifted), wider and taller than it.
        assert ring.centerx == card.centerx and ring.bottom < card.bottom + 18
        assert ring.width == card.width + 18 and ring.height == card.height + 18
        assert playable == (sprite.card.uid in legal)
        assert ring_pixels(screen, ring) == (True, True), sprite.card
        tag = table.hud.tag_shown
        assert (tag is None) == playable
    table.presenter.hover = None
    table.draw(screen)
    assert table.hud.focus_shown is None


def test_a_card_played_from_under_the_focus_lies_on_the_pile_unlifted(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The keys' focus (as the pointer) lifts the card it is on; played, the card left the hand
    # but kept the lift, standing 44 pixels above the pile, under the cards played after it.
    table = table_for(app, default_setup(4))
    settle(app, table)
    presenter = table.presenter
    plays = [a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)]
    hand = presenter.hands[0]
    index = next(i for i, s in enumerate(hand) if s.card.uid in plays and not s.card.is_wild)
    table.hand.focus = index - 1
    table.handle(Intent(Act.RIGHT))
    played = presenter.hover
    assert played == hand[index].card.uid
    lifts: dict[int, float] = {}
    paint = presenter.painter.card

    def noting(surface: pygame.Surface, sprite: Any, **how: Any) -> None:
        lifts[sprite.card.uid] = how["lift"]
        paint(surface, sprite, **how)

    monkeypatch.setattr(presenter.painter, "card", noting)
    table.handle(Intent(Act.CONFIRM))
    app.step(FRAME, [])  # no animation at this table's speed: the card is on the pile
    assert presenter.hover == played  # nothing moved the focus since
    assert any(s.card.uid == played for s in presenter.discard)
    assert lifts[played] == 0


def test_a_focused_unplayable_card_is_tagged(app: App) -> None:
    table = table_for(app, default_setup(4))
    settle(app, table)
    legal = {a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)}
    dimmed = next((s for s in table.presenter.hands[0] if s.card.uid not in legal), None)
    if dimmed is None:
        pytest.skip("every card of this hand is playable")
    table.presenter.hover = dimmed.card.uid
    table.draw(app.screen)
    tag = table.hud.tag_shown
    assert tag is not None
    ring = table.hud.focus_shown
    assert ring is not None and ring[0].contains(tag)
    # A dark tag with white words on it, over the dimmed face (whose whites are greyed).
    assert sum(tuple(app.screen.get_at((tag.x + 4, tag.centery)))[:3]) < 120
    row = [tuple(app.screen.get_at((x, tag.centery)))[:3] for x in range(tag.x, tag.right)]
    assert any(min(pixel) > 220 for pixel in row)


def test_the_focused_button_wears_the_ring_on_any_colour() -> None:
    pygame.init()
    surface = pygame.Surface((400, 200))
    for color in ((250, 190, 20), (40, 164, 74), (224, 36, 48), (24, 104, 216), (40, 56, 72)):
        surface.fill((14, 20, 28))
        button = Button(pygame.Rect(100, 60, 200, 80), "Yellow", lambda: None, color=color)
        button.draw(surface, focused=True)
        ring = button.rect.inflate(18, 18)
        assert ring_pixels(surface, ring) == (True, True), color
        surface.fill((14, 20, 28))
        button.draw(surface, focused=False)
        assert ring_pixels(surface, ring) == (False, False), color


def _stacked_wild() -> Game:
    rules = Rules().with_changes(hand_size=3)
    order = ["W", "G1", "R1", "G2", "R2", "G3", "B5"]
    return Game(rules, 2, 0, dealer=1, stacked=order)


def test_the_colour_pickers_focus_moves_with_the_arrows_and_is_ringed(app: App) -> None:
    game = _stacked_wild()
    seats = (Seat("You"), Seat("Ana", Level.NORMAL))
    table = table_for(app, MatchSetup(game.rules, seats, game.seed), game)
    settle(app, table)
    wild = next(c for c in game.hands[0] if c.code == "W")
    table.try_card(wild)
    for _ in range(30):
        app.step(FRAME, [])
        if isinstance(app.top, ChoiceOverlay):
            break
    picker = app.top
    assert isinstance(picker, ChoiceOverlay)
    for _ in range(4):
        app.draw()
        focused = picker.menu.buttons[picker.menu.focus]
        assert ring_pixels(app.screen, focused.rect.inflate(18, 18)) == (True, True)
        # Another button's spot: a neighbour's ring may reach into the gap on one side.
        for other in picker.menu.buttons:
            if other is not focused:
                spot = other.rect.inflate(18, 18)
                left = ring_pixels(app.screen, spot)[0]
                assert not (left and ring_pixels(app.screen, spot, "top")[0])
        picker.handle(Intent(Act.RIGHT))


@pytest.mark.parametrize("players", [2, 10])
def test_the_score_columns_have_headers_above_their_numbers(players: int) -> None:
    pygame.init()
    rect = pygame.Rect(160, 0, 1600, panel_height(players))
    headers = header_rects(rect)
    assert [label for label, _ in headers] == [label for label, _ in HEADERS]
    first_row = rect.y + ROWS_TOP
    last_row = first_row + players * row_height(rect.height, players)
    for (_, box), (_, right) in zip(headers, HEADERS, strict=True):
        assert box.right == rect.right - right  # over its column of numbers
        assert box.bottom <= first_row  # above the first row
        assert box.top >= rect.y + 140  # under the subtitle
    a, b = headers[0][1], headers[1][1]
    assert not a.colliderect(b)
    assert last_row <= rect.bottom - 100  # the rows end above the buttons
