"""Tweens (replacement, instant at speed 0, overshoot) and the status-line sentences."""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card, Color, Rank
from game.events import CardPlayed, CardsDrawn, DrawReason, Skipped
from game.narrate import Narrator
from scenes.board.tween import Tweens, linear, out_back


@dataclass
class Thing:
    x: float = 0.0


def test_a_new_tween_on_the_same_attribute_replaces_the_running_one() -> None:
    thing = Thing()
    tweens = Tweens()
    tweens.start(thing, "x", 100, 1.0, linear)
    tweens.update(0.5)
    assert thing.x == 50
    tweens.start(thing, "x", 0, 1.0, linear)  # from 50 back to 0
    tweens.update(0.5)
    assert thing.x == 25
    assert len(tweens.running) == 1
    tweens.update(1.0)
    assert thing.x == 0 and not tweens.busy


def test_zero_duration_is_instant_and_delays_wait() -> None:
    thing = Thing()
    tweens = Tweens()
    tweens.start(thing, "x", 7, 0.0)
    assert thing.x == 7 and not tweens.busy
    tweens.start(thing, "x", 9, 0.2, linear, delay_s=0.5)
    tweens.update(0.4)
    assert thing.x == 7
    tweens.update(0.3)
    assert thing.x == 9


def test_overshooting_easing_passes_the_end_then_settles() -> None:
    values = [out_back(t / 20) for t in range(21)]
    assert max(values) > 1.0
    assert values[-1] == 1.0


def test_sentences_name_the_viewer_you_and_hide_others_cards() -> None:
    narrator = Narrator(["Me", "Ana", "Ben"], viewer=0, viewer_is_person=True)
    red_draw_two = Card(999, Color.RED, Rank.DRAW_TWO)
    hidden = Card(998, Color.BLUE, Rank.FIVE)
    line = narrator.line(
        [
            CardPlayed(1, red_draw_two),
            CardsDrawn(2, (hidden, hidden), DrawReason.DRAW_TWO),
            Skipped(2),
        ]
    )
    assert line == "Ana plays Red Draw Two: Ben draws 2 cards, Ben is skipped"
    mine = narrator.line([CardsDrawn(0, (hidden,), DrawReason.TURN)])
    assert mine == "You draw Blue 5"
    theirs = narrator.line([CardsDrawn(1, (hidden,), DrawReason.TURN)])
    assert theirs == "Ana draws a card"
