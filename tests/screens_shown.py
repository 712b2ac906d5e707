"""The game's main screens opened headless as a player reaches them, for the checks that read
what is really drawn (tests/test_contrast.py, tests/test_large_text.py): each builder returns
the app with the screen on top, settled; ``watch`` draws it and returns every line of text the
top screen drew (with the colour under it) and every text it had to shrink."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import Level
from game.engine import Game, Phase
from game.match import AI_NAMES, MatchSetup, Seat, ai_table
from game.rules import Rules
from scenes.app import App, Scene
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.routes import Table, Title
from scenes.store.settings import Settings
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.ui import Drawn, Menu, Shrunk, watching_text
from tools.screens import find_button

FRAME = 1 / 60
MAX_FRAMES = 20_000  # a bound on any wait for the game


def _app(large: bool, speed: float = 0.0) -> App:
    settings = Settings(animation_speed=speed, ai_pace=speed, large_text=large)
    return App(settings, headless=True, builder=build_screen)


def _frames(app: App, count: int) -> None:
    for _ in range(count):
        app.step(FRAME, [])


def _menu(scene: Scene | None) -> Menu:
    menu = getattr(scene, "menu", None)
    assert isinstance(menu, Menu), type(scene).__name__
    return menu


def _click(app: App, label: str) -> None:
    find_button(_menu(app.top), label).on_click()
    _frames(app, 3)


def title(large: bool) -> App:
    app = _app(large)
    app.go(Title())
    _frames(app, 3)
    return app


def setup(players: int) -> Callable[[bool], App]:
    def build(large: bool) -> App:
        app = title(large)
        _click(app, "New game")
        scene = app.top
        model = getattr(scene, "model")  # noqa: B009 - the setup screen's choices
        for _ in range(12):
            if model.players == players:
                break
            _click(app, "+" if model.players < players else "-")
        assert model.players == players
        return app

    return build


def options(large: bool) -> App:
    app = title(large)
    _click(app, "Settings")
    return app


def opened(*labels: str) -> Callable[[bool], App]:
    """The screen reached from the title by the buttons ``labels``, in order."""

    def build(large: bool) -> App:
        app = title(large)
        for label in labels:
            _click(app, label)
        return app

    return build


def paused(large: bool) -> App:
    app = table(4)(large)
    app.top.handle(Intent(Act.BACK)) if app.top is not None else None
    _frames(app, 3)
    return app


def table(players: int) -> Callable[[bool], App]:
    def build(large: bool) -> App:
        app = _app(large)
        seats = (Seat("You"), *(Seat(n, Level.NORMAL) for n in AI_NAMES[: players - 1]))
        scene = app.go(Table(MatchSetup(Rules(), seats, 4)))
        assert isinstance(scene, TableScene)
        for _ in range(MAX_FRAMES):
            app.step(FRAME, [])
            game = scene.game
            if not scene.presenter.busy and game.actor == 0 and game.phase is Phase.PLAY:
                break
        return app

    return build


def color_prompt(large: bool) -> App:
    app = _app(large)
    rules = Rules().with_changes(hand_size=3)
    game = Game(rules, 2, 0, dealer=1, stacked=["W", "G1", "R1", "G2", "R2", "G3", "B5"])
    seats = (Seat("You"), Seat("Ana", Level.NORMAL))
    scene = app.go(Table(MatchSetup(rules, seats, game.seed), game=game))
    assert isinstance(scene, TableScene)
    _frames(app, 30)
    scene.try_card(next(c for c in game.hands[0] if c.code == "W"))
    for _ in range(60):
        app.step(FRAME, [])
        if isinstance(app.top, ChoiceOverlay):
            return app
    raise AssertionError("the colour prompt did not open")


def scoring(players: int) -> Callable[[bool], App]:
    def build(large: bool) -> App:
        app = _app(large)
        app.go(Table(ai_table(players, Level.NORMAL, 5, rounds=1), autoplay=True))
        for _ in range(MAX_FRAMES):
            app.step(FRAME, [])
            if type(app.top).__name__ == "ScoringScene":
                return app  # at speed 0 every card is counted at once
        raise AssertionError("the round did not end")

    return build


SCREENS: dict[str, Callable[[bool], App]] = {
    "title": title,
    "setup-4": setup(4),
    "setup-10": setup(10),
    "options": options,
    "controls": opened("Settings", "Keys and controller buttons"),
    "howto": opened("How to play"),
    "stats": opened("Statistics"),
    "pause": paused,
    "table-4": table(4),
    "table-10": table(10),
    "color-prompt": color_prompt,
    "scoring-4": scoring(4),
    "scoring-10": scoring(10),
}


def watch(app: App) -> tuple[list[Drawn], list[Shrunk]]:
    """Draw the screen: the screens below the top one as usual, then the top one watched."""
    stack = app.stack
    first = max((i for i, s in enumerate(stack) if s.opaque), default=0)
    for scene in stack[first:-1]:
        scene.draw(app.screen)
    with watching_text() as (drawn, shrunk):
        stack[-1].draw(app.screen)
    return drawn, shrunk


def disabled_buttons(app: App) -> list[pygame.Rect]:
    """The top screen's buttons that are off (WCAG asks no contrast of inactive controls)."""
    menu = getattr(app.top, "menu", None)
    if not isinstance(menu, Menu):
        return []
    return [b.rect for b in menu.buttons if not b.enabled]
