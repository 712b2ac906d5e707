"""Screenshots of every screen, headless: ``python -m tools.screens OUT_DIR``.

Opens each screen as a player reaches it (the title's buttons, a table dealt from a fixed seed,
a wild played from a stacked deck, a couch hand-off, a round's score, its replay, the moments of a
round mid-burst, a match's winner's screen, and the question before a new deck's first match)
and saves one PNG per screen, so a change can be looked at and compared with the pictures from
before it. It runs with the dummy video driver and a temporary home folder: your settings,
saves and statistics are never read or written.
``--lang de`` draws them in another language (``qps``: the pseudo-locale of the tests),
``--reduced-motion`` with Settings' Reduced motion on.

The moments (an UNO call, a caught player, a won challenge, a round's winner) are shown by
handing a dealt table's presenter the event, with the line the table would say for it: waiting
for an AI to do each of them on a seeded table would cost the overflow test minutes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from game import i18n
from game.ai import Level
from game.engine import Game
from game.events import Challenged, Event, RoundEnded, UnoCalled, UnoCaught
from game.match import MatchSetup, Seat, ai_table, default_setup
from game.rules import Rules, preset
from scenes.app import App, find_catalogs, use_language
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.lesson import LessonScene
from scenes.replay import ReplayScene
from scenes.routes import Lesson, Lessons, Offer, Table, Title
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.table.scoring import ScoringScene
from scenes.ui import Button, Menu
from tools.measure.common import stop_on_signals

FRAME_S = 1 / 60
# Frames to let a screen settle: a table's deal takes about four seconds at normal speed.
DEAL_FRAMES = 240
# A frame limit for anything that waits on the game (a round played to its end).
MAX_FRAMES = 20_000
# Frames from a moment's start to its shot: its burst is out, not yet fading (at speed 1).
MID_BURST_FRAMES = 18
# The winner's screen's match: first to this many points, so it is over in a few rounds.
SHORT_MATCH_POINTS = 150


def _app(speed: float = 1.0, large: bool = False, reduced: bool = False) -> App:
    settings = Settings(
        animation_speed=speed, ai_pace=speed, large_text=large, reduced_motion=reduced
    )
    return App(settings, headless=True, builder=build_screen)


def _frames(app: App, count: int) -> None:
    """Let ``count`` frames of time pass; only the shot itself is drawn (``save``)."""
    for _ in range(count):
        app.step(FRAME_S, [], draw=False)


def _click(menu: Menu, label: str) -> None:
    """Press the button whose caption starts with ``label`` (in the screen's language, or in
    English while a screen's text is not translated yet), as a click would."""
    button = find_button(menu, label)
    button.on_click()


def find_button(menu: Menu, label: str) -> Button:
    """The button whose caption starts with ``label`` in the screen's language (or in English
    while that screen's text is not translated yet); names the captions when none does. A
    caption may be a message of the "button" context (the end screen's Replay)."""
    for wanted in (i18n._(label), i18n.pgettext("button", label), label):
        for button in menu.buttons:
            if button.label.startswith(wanted):
                return button
    captions = ", ".join(repr(b.label) for b in menu.buttons)
    raise LookupError(f"no button {label!r} among {captions}")


def _menu(scene: object) -> Menu:
    menu = getattr(scene, "menu", None)
    assert isinstance(menu, Menu), f"{type(scene).__name__} has no menu"
    return menu


def _stacked_wild() -> Game:
    """You hold a Wild on your turn, against one AI: playing it asks for a color."""
    rules = Rules().with_changes(hand_size=3)
    # Dealt one card at a time from seat 0 (top of the pile first), then Blue 5 turned.
    order = ["W", "G1", "R1", "G2", "R2", "G3", "B5"]
    return Game(rules, 2, 0, dealer=1, stacked=order)


# Draws a screen being saved, with its name (the overflow test draws it watched).
Look = Callable[[App, str], None]


def _draw(app: App, name: str) -> None:
    app.draw()


def _moment(app: App, table: TableScene, event: Event) -> None:
    """Hand the table's presenter ``event`` with the table's line for it, up to mid-burst."""
    table.presenter.push([event], table.narrator.line([event]))
    _frames(app, MID_BURST_FRAMES)


def moment_shots(app: App, save: Callable[[App, str], str]) -> Iterator[str]:
    """The moments of a round on a dealt table of four, each mid-burst. The person plays first,
    so no AI moves while they are shown."""
    setup = default_setup(7)
    game = Game(setup.rules, len(setup.seats), 7, dealer=len(setup.seats) - 1)
    table = app.go(Table(setup, game=game))
    assert isinstance(table, TableScene)
    assert game.actor == 0, "the person moves first: the table stands still for the moments"
    _frames(app, DEAL_FRAMES)
    moments: list[tuple[str, Event]] = [
        ("15-uno", UnoCalled(1)),
        ("16-caught", UnoCaught(0, 2)),
        ("17-challenge", Challenged(3, 0, True, None)),
        ("18-round-win", RoundEnded(0, 0, (), tuple(game.scores))),
    ]
    for name, event in moments:
        _moment(app, table, event)
        yield save(app, name)
        _frames(app, 120)  # the moment is over before the next


def match_win(app: App) -> None:
    """A short match of three AIs played out at speed 0 up to its winner's screen, then shown
    at the settings' speed (the confetti falls)."""
    speed = app.settings.animation_speed
    app.settings.animation_speed = 0.0
    rules = Rules().with_changes(target_points=SHORT_MATCH_POINTS)
    app.go(Table(ai_table(3, Level.NORMAL, 5, rules), autoplay=True))
    for _ in range(MAX_FRAMES):
        app.step(FRAME_S, [], draw=False)
        top = app.top
        if isinstance(top, ScoringScene) and top.match is not None:
            break
    else:
        raise AssertionError("the short match did not end")
    app.settings.animation_speed = speed
    _frames(app, 40)


def _celebrations(large: bool, reduced: bool, save: Callable[[App, str], str]) -> Iterator[str]:
    """The moments of a round, then a match's winner's screen."""
    yield from moment_shots(_app(large=large, reduced=reduced), save)
    app = _app(large=large, reduced=reduced)
    match_win(app)
    yield save(app, "19-match-win")


def shots(
    out: Path | None, large: bool = False, look: Look = _draw, reduced: bool = False
) -> Iterator[str]:
    """Open every screen (Large text if ``large``, Reduced motion if ``reduced``), draw it by
    ``look`` and save it into ``out`` (None: a check that only looks); yields each name."""

    def save(app: App, name: str) -> str:
        look(app, name)
        if out is not None:
            pygame.image.save(app.screen, str(out / f"{name}.png"))
        return name

    app = _app(large=large)
    title = app.go(Title())
    _frames(app, 30)
    yield save(app, "01-title")
    for label, name in (("New game", "02-setup"), ("How to play", "03-howto")):
        _click(_menu(title), label)
        _frames(app, 5)
        yield save(app, name)
        app.pop()
        _frames(app, 2)
    _click(_menu(title), "Settings")
    _frames(app, 5)
    yield save(app, "04-options")
    _click(_menu(app.top), "Keys and controller buttons")
    _frames(app, 5)
    yield save(app, "05-controls")
    app.pop()
    app.pop()
    _frames(app, 2)
    _click(_menu(title), "Statistics")
    _frames(app, 5)
    yield save(app, "06-stats")

    app = _app(large=large)
    table = app.go(Table(default_setup(7)))
    _frames(app, DEAL_FRAMES)
    yield save(app, "07-table")
    table.handle(Intent(Act.BACK))
    _frames(app, 5)
    yield save(app, "08-pause")

    app = _app(large=large)
    game = _stacked_wild()
    seats = (Seat("You"), Seat("Ana", Level.NORMAL))
    table = app.go(Table(MatchSetup(game.rules, seats, game.seed), game=game))
    _frames(app, 30)
    wild = next(c for c in game.hands[0] if c.code == "W")
    assert isinstance(table, TableScene)
    table.try_card(wild)
    _frames(app, 90)
    yield save(app, "09-color-prompt")

    app = _app(large=large)
    couch = (Seat("Maria"), Seat("Tom"), Seat("Ana", Level.NORMAL))
    app.go(Table(MatchSetup(Rules(), couch, 3)))
    _frames(app, DEAL_FRAMES)
    yield save(app, "10-handoff")

    app = _app(speed=0.0, large=large)
    app.go(Table(ai_table(3, Level.NORMAL, 5, rounds=1), autoplay=True))
    for _ in range(MAX_FRAMES):
        app.step(FRAME_S, [], draw=False)
        if type(app.top).__name__ == "ScoringScene":
            break
    app.settings.animation_speed = 1.0
    _frames(app, 90)
    yield save(app, "11-scoring")
    _click(_menu(app.top), "Replay")  # find_button tries the "button" context too
    _frames(app, 5)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    for _ in range(5):
        replay.forward()
    _frames(app, 60)
    yield save(app, "12-replay")
    yield from _lesson_shots(save, large)
    yield from _celebrations(large, reduced, save)


def _lesson_shots(save: Callable[[App, str], str], large: bool) -> Iterator[str]:
    """The list of lessons, a lesson's first step pointing at a card, and the question that
    offers a deck's lesson."""
    app = _app(large=large)
    app.go(Lessons())
    _frames(app, 5)
    yield save(app, "13-lessons")
    lesson = app.go(Lesson("1-match"))
    _frames(app, DEAL_FRAMES)
    assert isinstance(lesson, LessonScene) and lesson.pointed() is not None
    yield save(app, "14-lesson")
    # Before a new deck's first match: "New to these cards?".
    house = MatchSetup(preset("house-rules"), default_setup(7).seats, 7)
    app.go(Offer(Table(house), "8-houserules"))
    _frames(app, 2)
    yield save(app, "14b-lesson-offer")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screens", description=__doc__)
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument(
        "--lang",
        choices=[*i18n.CODES, i18n.PSEUDO],
        default=i18n.ENGLISH,
        help="the screens' language (qps: the test pseudo-locale)",
    )
    parser.add_argument("--large-text", action="store_true", help="Settings' Large text on")
    parser.add_argument("--reduced-motion", action="store_true", help="Settings' Reduced motion on")
    args = parser.parse_args(argv)
    stop_on_signals()
    home = tempfile.mkdtemp(prefix="screens-home-")
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = home
    # SDL reads these when the display starts, not when pygame is imported.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    find_catalogs()
    use_language(args.lang)
    try:
        for name in shots(args.out, args.large_text, reduced=args.reduced_motion):
            print(f"saved {args.out / name}.png", flush=True)
    except KeyboardInterrupt:
        print("stopped: the screens saved so far are kept", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
