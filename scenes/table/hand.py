"""The hand of the person at the screen under mouse, keys and controller: focus, hover, drag.

It turns pointing, dragging and the walking keys into a choice (a card of the hand, or the
draw pile) and leaves what the choice means to the table, which asks the match's legal actions.
Up and down walk the button column (Draw, UNO, Keep it...), left and right the hand, so a
keyboard or a controller reaches everything a mouse does.
"""

from __future__ import annotations

import math
from enum import Enum

from game.cards import Card
from game.rules import RaceAction
from scenes.board.layout import Layout
from scenes.board.presenter import Presenter
from scenes.input import Act, Intent
from scenes.table.moves import RACE_STEPS
from scenes.ui import Menu

# A card moved farther than this between press and release was dragged, not clicked.
DRAG_PX = 24


class Pile(Enum):
    DRAW = "draw"


class Hand:
    """Keyboard focus, hover and drag over the hand shown at the bottom of the screen."""

    def __init__(self, presenter: Presenter, layout: Layout) -> None:
        self.presenter = presenter
        self.layout = layout
        self.focus = 0  # keyboard focus in the hand
        self.dragging: int | None = None  # uid of the card held by the pointer
        self.press_pos: tuple[int, int] | None = None

    def reset(self) -> None:
        """Another person took the screen: nothing of the last one's choosing stays."""
        self.focus = 0
        self.presenter.point_at(None)

    def walk(self, seat: int, menu: Menu, act: Act) -> bool:
        """Arrow keys and the d-pad: True if they moved the focus."""
        hand = self.presenter.hands[seat]
        if act in (Act.UP, Act.DOWN) and menu.buttons:
            if menu.focus < 0:
                menu.focus = 0 if act is Act.DOWN else len(menu.buttons) - 1
            else:
                menu.move(1 if act is Act.DOWN else -1)
            return True
        if act in (Act.LEFT, Act.RIGHT) and hand:
            menu.focus = -1
            self.focus = (self.focus + (1 if act is Act.RIGHT else -1)) % len(hand)
            self.presenter.point_at(hand[self.focus].card.uid)
            return True
        return False

    def chosen(self, seat: int) -> Card | None:
        """The card Enter or A means: the hovered one, else the one with the keyboard focus."""
        hand = self.presenter.hands[seat]
        if not hand:
            return None
        uid = self.presenter.hover
        sprite = next((s for s in hand if s.card.uid == uid), hand[self.focus % len(hand)])
        return sprite.card

    def pointer(self, intent: Intent, menu: Menu, seat: int) -> Card | Pile | None:
        """Mouse or touch: hover, click a button, click or drag a card, click the draw pile;
        the card or pile chosen, if any."""
        act, pos = intent.act, intent.pos
        if pos is None or (menu.handle(intent) and act is not Act.POINT):
            return None
        presenter = self.presenter
        if act is Act.POINT:
            if menu.at(pos) is None:
                menu.focus = -1  # Enter plays the hovered card, not a button left behind
            sprite = presenter.viewer_sprite_at(pos)
            presenter.point_at(sprite.card.uid if sprite else None)
            if self.dragging is not None:
                presenter.drag(self.dragging, pos)
            return None
        if act is Act.PRESS:
            self.press_pos = pos
            sprite = presenter.viewer_sprite_at(pos)
            if sprite is not None:
                self.dragging = sprite.card.uid
                return None
            return Pile.DRAW if self.layout.draw_pile.rect().collidepoint(pos) else None
        return self._release(pos, seat)

    def _release(self, pos: tuple[int, int], seat: int) -> Card | None:
        uid, self.dragging = self.dragging, None
        sprite = self.presenter.sprites.get(uid) if uid is not None else None
        if sprite is None:
            return None
        moved = math.dist(self.press_pos or pos, pos) > DRAG_PX
        # A card dropped back on the hand returns to its place; one dropped on the middle of the
        # table (or clicked) is played.
        if moved:
            self.presenter.refan(seat)
        if moved and not self.layout.prompt.rect().collidepoint(pos):
            return None
        return sprite.card

    def tap_step(self, pos: tuple[int, int], rule: RaceAction, seat: int) -> str:
        """Which place of the table a tap hit, as a step of a race."""
        if RACE_STEPS[rule][0] == "table":
            return "table"  # "tap the table" counts anywhere
        places = (
            ("draw", self.layout.draw_pile.rect()),
            ("discard", self.layout.discard_pile.rect()),
            ("seat", self.presenter.place(seat).plate.rect()),
            ("center", self.layout.prompt.rect()),
        )
        return next((step for step, rect in places if rect.collidepoint(pos)), "table")
