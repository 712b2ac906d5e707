"""Routes: every route builds its screen through the composition root, and the screen draws a
frame headless; an App without a builder says so when asked to go somewhere; the screens that
used to import each other open one another by route."""

from __future__ import annotations

import subprocess
import sys
import typing
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.ai import Level
from game.engine import Game
from game.match import MatchSetup, ai_table, default_setup
from game.record import Record
from game.rules import Rules, preset
from scenes import routes
from scenes.app import App, NoBuilderError
from scenes.controls import ControlsScene
from scenes.howto import HowToScene
from scenes.lesson import LessonScene, LessonsScene
from scenes.options import OptionsScene
from scenes.replay import ReplayScene
from scenes.routes import (
    About,
    Controls,
    HowTo,
    Lesson,
    Lessons,
    NewGame,
    Offer,
    Options,
    Replay,
    Route,
    Stats,
    Table,
    Title,
)
from scenes.setup import SetupScene
from scenes.stats_screen import StatsScene
from scenes.store.settings import Settings
from scenes.table.offer import OfferedLessonScene, OfferScene
from scenes.table.scene import TableScene
from scenes.title import AboutScene, TitleScene

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parents[1]


def replay_of(setup: MatchSetup) -> Replay:
    """The replay of a match just dealt (no move yet): enough to open the screen."""
    game = Game(setup.rules, len(setup.seats), setup.seed)
    return Replay(setup, Record.of(game))


# Each route, and the screen it must open (named for the test's id).
CASES: dict[str, tuple[Route, type]] = {
    "title": (Title(), TitleScene),
    "new-game": (NewGame(), SetupScene),
    "options": (Options(), OptionsScene),
    "controls": (Controls(), ControlsScene),
    "stats": (Stats(), StatsScene),
    "about": (About(), AboutScene),
    "howto": (HowTo(Rules(), 4), HowToScene),
    "table": (Table(default_setup(1)), TableScene),
    "table-autoplay": (Table(ai_table(3, Level.EASY, 2), autoplay=True), TableScene),
    "replay": (replay_of(default_setup(3)), ReplayScene),
    "lessons": (Lessons(), LessonsScene),
    "lesson": (Lesson("1-match"), LessonScene),
    "lesson-unknown": (Lesson("no-such-lesson"), LessonsScene),
    "lesson-offered": (Lesson("6-uno2023", then=Table(default_setup(1))), OfferedLessonScene),
    "offer": (
        Offer(Table(replace(default_setup(1), rules=preset("uno2023"))), "6-uno2023"),
        OfferScene,
    ),
}


@pytest.fixture
def app(new_app: Callable[..., App]) -> App:
    pygame.init()
    return new_app(Settings(animation_speed=0.0, ai_pace=0.0))


def test_every_route_is_tested() -> None:
    assert {type(route) for route, _ in CASES.values()} == set(typing.get_args(Route))


@pytest.mark.parametrize(("route", "screen"), CASES.values(), ids=CASES.keys())
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_route_builds_its_screen_and_draws(app: App, route: Route, screen: type) -> None:
    built = app.go(route)
    assert type(built) is screen
    for _ in range(2):
        app.step(FRAME, [])
    assert built in app.stack


@pytest.mark.bare_app
def test_go_without_a_builder_says_what_is_missing() -> None:
    pygame.init()
    app = App(Settings(), headless=True)
    with pytest.raises(NoBuilderError, match=r"without a builder.*build_screen"):
        app.go(Options())
    assert app.stack == [] and app._ops == []


def test_go_pushes_replaces_and_resets(app: App) -> None:
    title = app.go(Title())
    app.step(FRAME, [])
    options = app.go(Options())
    app.step(FRAME, [])
    assert app.stack == [title, options]
    controls = app.go(Controls(), how="replace")
    app.step(FRAME, [])
    assert app.stack == [title, controls]
    again = app.go(Title(), how="reset")
    app.step(FRAME, [])
    assert app.stack == [again]


def test_the_title_notice_is_shown(app: App) -> None:
    title = app.go(Title("Your settings were reset."))
    assert isinstance(title, TitleScene) and "settings were reset" in title.notice


def test_the_media_are_the_apps_and_made_once(app: App, new_app: Callable[..., App]) -> None:
    assert app.media is app.media
    assert new_app().media is not app.media  # another app, its own sounds and card art


@pytest.mark.parametrize(
    ("label", "screen"),
    [
        ("Quick game", TableScene),
        ("New game", SetupScene),
        ("Settings", OptionsScene),
        ("Statistics", StatsScene),
        ("How to play", HowToScene),
        ("About", AboutScene),
    ],
)
def test_each_title_button_opens_its_screen(app: App, label: str, screen: type) -> None:
    title = app.go(Title())
    app.step(FRAME, [])
    assert isinstance(title, TitleScene)
    next(b for b in title.menu.buttons if b.label == label).on_click()
    app.step(FRAME, [])
    assert any(type(scene) is screen for scene in app.stack)


def test_settings_open_the_controls_and_change_the_apps_media(app: App) -> None:
    options = app.go(Options())
    app.step(FRAME, [])
    assert isinstance(options, OptionsScene)
    shapes = app.settings.shapes
    options._shapes()
    assert app.media.art.shapes is (not shapes)
    options._controls()
    app.step(FRAME, [])
    assert type(app.top) is ControlsScene


@pytest.mark.slow  # a whole AI match: make test, not test-quick
def test_autoplay_ends_through_the_route() -> None:
    from scenes.__main__ import main

    argv = ["--autoplay", "--players", "2", "--seed", "3", "--speed", "0", "--rounds", "1"]
    assert main(argv) == 0


@pytest.mark.parametrize("module", ["title", "options", "controls", "howto", "__main__"])
def test_these_screens_import_no_screen(module: str) -> None:
    """Not at the top, not in a function: only the composition root imports screens."""
    screens = ("title", "setup", "stats", "options", "controls", "howto", "replay", "table")
    text = (ROOT / "scenes" / f"{module}.py").read_text(encoding="utf-8")
    imported = [
        line.strip()
        for line in text.splitlines()
        if line.strip().startswith(("from scenes.", "import scenes."))
        and line.strip().split()[1].split(".")[1] in screens
    ]
    assert imported == []


def test_routes_import_no_scene_and_no_pygame() -> None:
    code = (
        "import sys, scenes.routes; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('scenes', 'pygame')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == str(sorted(["scenes", routes.__name__]))
