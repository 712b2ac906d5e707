"""The composition root: the one module that knows every screen, and builds each from its route.

Screens name where to go with a route (``scenes.routes``) and never import each other; the app
is given ``build_screen`` when the program starts (``scenes.__main__``) and calls it on every
``app.go``. A new screen is a route there and a case here; mypy checks that every route has one.
"""

from __future__ import annotations

from typing import assert_never

from scenes.app import App, Scene
from scenes.controls import ControlsScene
from scenes.howto import HowToScene
from scenes.lesson import LessonsScene
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
from scenes.table.offer import OfferScene, first_game, lesson_then
from scenes.table.scene import TableScene
from scenes.title import AboutScene, TitleScene


def build_screen(app: App, route: Route) -> Scene:
    """The screen ``route`` names, made for ``app`` with the app's shared media."""
    match route:
        case Title():
            title = TitleScene(app)
            if route.notice:
                title.tell(route.notice)
            return title
        case NewGame():
            return SetupScene(app)
        case Options():
            return OptionsScene(app)
        case Controls():
            return ControlsScene(app)
        case Stats():
            return StatsScene(app)
        case About():
            return AboutScene(app)
        case HowTo():
            return HowToScene(app, route.rules, route.players)
        case Table():
            offer = first_game(route)
            return _table(app, route) if offer is None else OfferScene(app, offer)
        case Replay():
            media = app.media
            return ReplayScene(app, route.setup, route.record, media.sounds, media.art)
        case Lessons():
            return LessonsScene(app)
        case Lesson():
            return lesson_then(app, route)
        case Offer():
            return OfferScene(app, route)
        case _:
            assert_never(route)


def _table(app: App, route: Table) -> TableScene:
    return TableScene(
        app,
        route.setup,
        sounds=app.media.sounds,
        art=app.media.art,
        autoplay=route.autoplay,
        on_match_end=route.on_match_end,
        game=route.game,
        autosave=route.autosave,
        pads=route.pads,
        network=route.network,
    )
