"""Leaving a match: no destructive choice is ever the default, and a match with people in it
asks before it is left (staying is the default there too)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai import Level
from game.match import Match, MatchSetup, Seat, SeatKind
from game.rules import Rules
from scenes.app import App
from scenes.input import Act, Intent
from scenes.store.settings import Settings
from scenes.table.joinscreen import LEAVE, JoinOverlay
from scenes.table.overlays import LeaveOverlay, PauseChoices, PauseOverlay, leave_question
from scenes.table.scene import TableScene
from scenes.title import TitleScene

FRAME = 1 / 60
ENTER = Intent(Act.CONFIRM)


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


class FakeHub:
    """The phones' hub as the join screen reads it: every phone seat joined."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self.address_problem = ""

    def connected(self, seat: int) -> bool:
        return True

    def url(self, seat: int) -> str:
        return f"http://127.0.0.1:8000/s{seat}"

    def hand_to_ai(self, seat: int, level: Level) -> None:
        raise AssertionError("Enter gave a seat to the computer")

    def hand_back(self, seat: int) -> None:
        raise AssertionError("Enter took a seat from the computer")


class PhoneTable:
    """A table with two phones, both joined; it records whether it was left."""

    def __init__(self, app: App) -> None:
        self.app = app
        seats = (
            Seat("Tom", kind=SeatKind.PHONE),
            Seat("Maria", kind=SeatKind.PHONE),
            Seat("Ana", Level.EASY),
        )
        self.match = Match(Rules(), seats, 4, pace=0.0)
        for seat in (0, 1):
            self.match.connected(seat, True)
        self.phones = FakeHub((0, 1))
        self.autosave = True
        self.left = 0

    def leave(self) -> None:
        self.left += 1

    def pause_choices(self) -> PauseChoices:
        phones, refuse = (lambda: None), (lambda text: None)
        return PauseChoices(list, lambda: None, self.leave, self.autosave, phones, refuse)


def test_enter_on_the_pause_menus_phones_panel_does_not_leave(app: App) -> None:
    table = PhoneTable(app)
    panel = JoinOverlay(app, table, automatic=False)  # type: ignore[arg-type]
    app.push(panel)
    app.step(FRAME, [])
    assert panel.menu.buttons[panel.menu.focus].label == "Close"
    panel.handle(ENTER)
    app.step(FRAME, [])
    assert table.left == 0
    assert panel not in app.stack  # Enter closed the panel, the match goes on


def test_the_phones_panel_keeps_its_focus_when_a_phone_leaves_and_joins(app: App) -> None:
    table = PhoneTable(app)
    panel = JoinOverlay(app, table, automatic=False)  # type: ignore[arg-type]
    app.push(panel)
    app.step(FRAME, [])
    table.phones.connected = lambda seat: seat != 1  # type: ignore[method-assign]
    app.step(FRAME, [])  # a "Computer plays Maria" button appears before the others
    assert panel.menu.buttons[panel.menu.focus].label == "Close"


def test_while_waiting_for_a_phone_the_default_is_not_leaving(app: App) -> None:
    table = PhoneTable(app)
    table.match.connected(1, False)
    table.phones.connected = lambda seat: seat != 1  # type: ignore[method-assign]
    waiting = JoinOverlay(app, table, automatic=True)  # type: ignore[arg-type]
    assert waiting.menu.buttons[waiting.menu.focus].label != LEAVE


def test_every_menu_over_a_match_has_a_safe_default(app: App) -> None:
    table = PhoneTable(app)
    pause = PauseOverlay(app, table)  # type: ignore[arg-type]
    assert pause.menu.buttons[pause.menu.focus].label == "Resume"
    ask = LeaveOverlay(app, lambda: leave_question(True, True), lambda: None)
    assert ask.menu.buttons[ask.menu.focus].label == "Keep playing"


def test_the_question_says_what_leaving_does() -> None:
    assert leave_question(True, True) == (
        "It is saved: Continue on the title screen resumes it. Phones will be disconnected."
    )
    assert leave_question(True, False) == "It is saved: Continue on the title screen resumes it."
    assert "not saved" in leave_question(False, False)


def person_table(app: App) -> TableScene:
    setup = MatchSetup(Rules(), (Seat("Tom"), Seat("Ana", Level.EASY)), seed=3)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, autosave=True)
    app.push(table)
    app.step(FRAME, [])
    return table


def test_leaving_a_match_with_a_person_asks_and_enter_stays(app: App) -> None:
    table = person_table(app)
    pause = pause_and_leave(app, table)
    ask = app.top
    assert isinstance(ask, LeaveOverlay)
    assert "It is saved" in " ".join(ask.lines)
    ask.handle(ENTER)
    app.step(FRAME, [])
    assert app.stack == [table, pause]  # still playing, back in the pause menu


def pause_and_leave(app: App, table: TableScene) -> PauseOverlay:
    """Open the pause menu and click its Leave to title."""
    app.push(PauseOverlay(app, table))
    app.step(FRAME, [])
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    next(b for b in pause.menu.buttons if b.label == "Leave to title").on_click()
    app.step(FRAME, [])
    return pause


def test_confirming_leaves_to_the_title(app: App) -> None:
    pause_and_leave(app, person_table(app))
    ask = app.top
    assert isinstance(ask, LeaveOverlay)
    ask.menu.handle(Intent(Act.RIGHT))  # a deliberate move to the other button
    ask.handle(ENTER)
    app.step(FRAME, [])
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


def test_leaving_from_the_phones_panel_asks_too(app: App) -> None:
    table = PhoneTable(app)
    panel = JoinOverlay(app, table, automatic=False)  # type: ignore[arg-type]
    app.push(panel)
    app.step(FRAME, [])
    next(b for b in panel.menu.buttons if b.label == LEAVE).on_click()
    app.step(FRAME, [])
    ask = app.top
    assert isinstance(ask, LeaveOverlay)
    assert "Phones will be disconnected." in " ".join(ask.lines)
    assert table.left == 0
    ask.menu.buttons[1].on_click()
    assert table.left == 1


def test_a_table_of_ais_leaves_without_asking(app: App) -> None:
    setup = MatchSetup(Rules(), (Seat("Ana", Level.EASY), Seat("Ben", Level.EASY)), seed=3)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art)
    app.push(table)
    app.step(FRAME, [])
    pause_and_leave(app, table)
    assert isinstance(app.top, TitleScene)
