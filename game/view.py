"""What one seat may know: its own hand and the public facts of the table.

An AI decides from a ``SeatView`` and nothing else, so it can never read another hand; the
table scene builds its HUD from the same facts. ``discard`` is public (everyone saw each card
land), the draw pile only by its size.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action
from game.cards import Card, Color
from game.rules import CustomEffect, RaceAction, Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    players: int
    phase: str
    actor: int
    turn: int
    direction: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card | None
    color: Color | None
    discard: tuple[Card, ...]
    draw_size: int
    pending: int
    drawn: Card | None  # the playable card this seat just drew, if it must decide on it
    must_play: bool
    scores: tuple[int, ...]
    dealer: int
    round: int
    active: tuple[bool, ...]
    finished: tuple[int, ...]
    uno_said: tuple[bool, ...]
    catchable: tuple[int, ...]
    house_rules: tuple[tuple[int, RaceAction], ...]
    race_left: tuple[int, ...]
    custom_effects: tuple[CustomEffect, ...]
    legal: tuple[Action, ...]  # this seat's legal actions
    flipped: int = 0  # how many bottom cards of ``discard`` were turned, not played
