"""The engine takes only its own actions: look-alikes and junk are refused, nothing changes.

``Play(1.0, card)`` and ``Play(True, card)`` compare equal to the legal ``Play(1, card)``; before
this check the float one was recorded and failed halfway, and the bool one made a save that no
longer loaded. ``None``, strings and dicts raised AttributeError.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.actions import CallUno, Catch, ChooseColor, Draw, Play
from game.cards import Color
from game.engine import Game, IllegalAction
from game.record import Record
from game.rules import Rules
from tests.helpers import new_game


def refused(game: Game, action: Any) -> str:
    before = game.state_digest()
    actions, log = len(game.actions), len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.state_digest() == before
    assert (len(game.actions), len(game.log)) == (actions, log)
    return str(info.value)


def test_look_alike_actions_are_refused_and_change_nothing() -> None:
    game = new_game([["R1", "G2"], ["Y3", "B4"]], "R9", ["Y1"], dealer=0)
    assert game.actor == 1
    card = game.hands[1][0]
    legal = Play(1, card)
    assert legal not in game.legal_actions()  # Y3 does not match: seat 1 can only draw
    draw = Draw(1)
    assert draw in game.legal_actions()
    for junk in (Draw(1.0), Draw(True), Draw("1"), Draw(None), Play(1, "Y3")):  # type: ignore[arg-type]
        assert "not an action of this game" in refused(game, junk)
    for other in (None, "draw", {"type": "draw", "player": 1}, 1, [Draw(1)], object()):
        assert "not an action of this game" in refused(game, other)
    assert refused(game, ChooseColor(1, Color.RED)) == (
        "seat 1 names red: not allowed while seat 1 to play or draw"
    )
    # The exact equal is taken, and the record stores the engine's own object.
    game.apply(Draw(1))
    assert type(game.actions[-1].player) is int
    Record.of(game).replay()


def test_a_bool_seat_that_equals_seat_one_is_refused() -> None:
    game = Game(Rules(), 2, 5)
    seat = game.actor
    for action in game.legal_actions():
        if isinstance(action, Play):
            look_alike = Play(bool(seat) if seat in (0, 1) else float(seat), action.card)  # type: ignore[arg-type]
            assert look_alike == action
            refused(game, look_alike)
            refused(game, Play(float(seat), action.card))  # type: ignore[arg-type]
            break


@pytest.mark.slow
def test_random_junk_never_raises_anything_but_illegal_action() -> None:
    rng = random.Random(3)
    game = Game(Rules(jump_in=True), 4, 9)
    junk: list[Any] = [None, 0, "", b"x", 1.5, {}, [], (), Draw, Play]
    for _ in range(300):
        legal = game.legal_actions()
        options = [
            *junk,
            Draw(rng.randrange(-3, 14)),
            CallUno(rng.choice([0, 1, 2, 3, 10, -1, True])),
            Catch(rng.randrange(5), rng.randrange(5)),
            Play(rng.randrange(5), rng.choice(game.cards)),
        ]
        for action in options:
            if action in legal:  # a well-formed legal action: not junk
                continue
            refused(game, action)
        game.apply(legal[int(rng.random() * len(legal))])
        if game.is_over:
            break
    Record.of(game).replay()
