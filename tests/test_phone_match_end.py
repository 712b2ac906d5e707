"""A match whose only person plays on a phone reaches its final score and waits there (playtest
s3: the table sat on "Ana wins the match!" with no score, no Play again: the score screen took
the table for an AI-only one, which moves on by itself)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from typing import Any

import pygame

from game.ai import Level
from game.match import MatchSetup, Seat, SeatKind
from game.phones.hub import Outlet
from game.phones.protocol import Arrival, Inbound
from game.rules import Rules, TargetMode
from scenes import routes
from scenes.app import App
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.table.scoring import ScoringScene


@pytest.mark.slow
def test_a_phone_only_match_ends_on_its_score_and_waits_there() -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    seats = (Seat("Tom", kind=SeatKind.PHONE), Seat("Ana", Level.NORMAL))
    setup = MatchSetup(Rules(target_mode=TargetMode.SINGLE_HAND), seats, 8, None)
    where = routes.Network("127.0.0.1", 0)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, network=where)
    app.push(table)
    assert table.phones is not None
    try:
        table.phones.outlet.inbox.put(Inbound(0, Arrival.JOINED))
        rng = random.Random(3)
        match = table.match
        # Time passes undrawn (nothing reads back a picture); the frame each wait ends on is
        # drawn, so the score screen is drawn as it comes up and as it waits.
        for _ in range(5000):
            app.step(1 / 60, [], draw=False)
            if isinstance(app.top, ScoringScene):
                break
            mine = match.legal_for(0)
            if mine and not match.is_round_over:
                match.submit(0, rng.choice(mine))
        app.step(1 / 60, [])
        assert match.is_match_over
        assert isinstance(app.top, ScoringScene)
        # Long after the score came up, it is still there, offering what comes next.
        for _ in range(600):
            app.step(1 / 60, [], draw=False)
        app.step(1 / 60, [])
        top = app.top
        assert isinstance(top, ScoringScene)
        labels = [b.label for b in top.menu.buttons]
        assert "Play again" in labels and "Title" in labels
    finally:
        table.phones.close()


def test_a_saved_phone_match_left_mid_round_tells_the_phone_it_can_come_back() -> None:
    """Playtest s4 N5: the phone said "this match has ended here" when the host had only
    left to the title, and Continue brought the match back."""
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    seats = (Seat("Tom"), Seat("Maria", kind=SeatKind.PHONE), Seat("Ana", Level.EASY))
    setup = MatchSetup(Rules(), seats, 8, None)
    where = routes.Network("127.0.0.1", 0)
    told: list[str] = []
    for autosave in (True, False):
        table = TableScene(
            app,
            setup,
            sounds=app.media.sounds,
            art=app.media.art,
            network=where,
            autosave=autosave,
        )
        hub = table.phones
        assert hub is not None
        hub.outlet = Telling(hub.outlet, told)
        table.exit()
    assert "saved" in told[0] and "new code" in told[0]
    assert "ended here" in told[1]


class Telling:
    """The hub's outlet, writing down what the phones are told when the table closes."""

    def __init__(self, outlet: Outlet, told: list[str]) -> None:
        self.outlet = outlet
        self.told = told
        self.inbox = outlet.inbox

    def send(self, seat: int, message: dict[str, Any]) -> None:
        self.outlet.send(seat, message)

    def stop(self, text: str = "") -> None:
        self.told.append(text)
        self.outlet.stop(text)
