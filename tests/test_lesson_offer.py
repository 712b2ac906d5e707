"""Each deck's first match offers its lesson ("New to these cards?", ``scenes.table.offer``):
asked once per lesson, remembered across a restart, never for the classic deck, a finished
lesson, a table with nobody at the screen, an autoplay table or a match continued; Learn plays
the lesson and keeps the match for its end, Play (or Esc) starts the match as asked. No match
is played: a table is opened and looked at."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game import i18n
from game.ai import Level
from game.cards import DeckKind
from game.engine import Game
from game.match import MatchSetup, Seat, SeatKind, ai_table
from game.rules import PRESETS, Preset
from scenes import lesson as lesson_module
from scenes import routes, ui
from scenes.app import App, use_language
from scenes.assets import asset_root
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.lesson import lessons_found
from scenes.setup import SetupScene
from scenes.store.lessonrecord import finish, lessons_path, load_lessons
from scenes.store.settings import Settings
from scenes.table.offer import (
    AFTER_LESSON,
    AfterLessonOverlay,
    OfferedLessonScene,
    OfferScene,
    first_game,
)
from scenes.table.scene import TableScene
from scenes.title import TitleScene
from tests.lesson_helpers import FRAME, instant_app


def _setup(preset: Preset, seed: int = 5) -> MatchSetup:
    seats = (Seat("You"), Seat("Ana", Level.NORMAL), Seat("Ben", Level.NORMAL))
    return MatchSetup(PRESETS[preset], seats, seed)


def _route(preset: Preset) -> routes.Table:
    """A new match a person started (as New game and Quick game name it)."""
    return routes.Table(_setup(preset), autosave=True, offer_lesson=True)


@pytest.fixture
def app() -> App:
    return instant_app()


def _open(app: App, route: routes.Route) -> object:
    scene = app.go(route)
    app.step(FRAME, [], draw=False)
    return scene


def _click(app: App, pos: tuple[int, int]) -> None:
    top = app.top
    assert top is not None
    top.handle(Intent(Act.PRESS, pos))
    top.handle(Intent(Act.RELEASE, pos))
    app.step(FRAME, [], draw=False)


@pytest.mark.parametrize(
    ("preset", "key"), [(Preset.UNO2023, "6-uno2023"), (Preset.HOUSE_RULES, "8-houserules")]
)
def test_a_decks_first_match_asks_once_and_play_starts_the_match_asked(
    app: App, preset: Preset, key: str
) -> None:
    route = _route(preset)
    offer = _open(app, route)
    assert isinstance(offer, OfferScene) and offer.route.lesson == key
    assert offer.lesson.name in offer.line()
    # Esc is Play: the match as asked, at once.
    offer.handle(Intent(Act.BACK))
    app.step(FRAME, [], draw=False)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, OfferedLessonScene)
    assert table.setup == route.setup and table.autosave
    assert key in load_lessons()[0].offered
    # Not asked again, even after a restart (a new App on the same data folder).
    again = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    assert isinstance(_open(again, replace(route, setup=_setup(preset, 6))), TableScene)


def test_the_classic_deck_is_not_asked_here(app: App) -> None:
    # The first start's "New to UNO?" covers it; the switches' lesson is classic too.
    assert first_game(_route(Preset.CLASSIC)) is None
    assert first_game(_route(Preset.QUICK)) is None
    assert isinstance(_open(app, _route(Preset.CLASSIC)), TableScene)


def test_a_finished_lesson_is_not_offered_and_the_next_of_its_deck_is() -> None:
    assert finish("6-uno2023") is None
    assert first_game(_route(Preset.UNO2023)) is None
    # The House Rules! deck: its races' lesson finished, the Wild Game Changer's is offered.
    assert finish("8-houserules") is None
    offer = first_game(_route(Preset.HOUSE_RULES))
    assert offer is not None and offer.lesson == "9-gamechanger"
    assert finish("9-gamechanger") is None
    assert first_game(_route(Preset.HOUSE_RULES)) is None


def test_never_asked_without_a_person_at_the_screen_on_autoplay_or_resumed() -> None:
    rules = PRESETS[Preset.HOUSE_RULES]
    ais = routes.Table(ai_table(3, Level.NORMAL, 5, rules), offer_lesson=True)
    assert first_game(ais) is None
    phones = tuple(Seat(f"Phone {i}", kind=SeatKind.PHONE) for i in range(3))
    assert first_game(routes.Table(MatchSetup(rules, phones, 5), offer_lesson=True)) is None
    assert first_game(replace(_route(Preset.HOUSE_RULES), autoplay=True)) is None
    resumed = Game(rules, 3, 5)
    assert first_game(replace(_route(Preset.HOUSE_RULES), game=resumed)) is None
    # A table opened by anything else than a person's New game or Quick game (a test, the
    # command line, Play again) is never asked either.
    assert first_game(replace(_route(Preset.HOUSE_RULES), offer_lesson=False)) is None
    assert first_game(_route(Preset.HOUSE_RULES)) is not None


@pytest.mark.parametrize("by_mouse", [True, False], ids=["mouse", "keys"])
def test_learn_plays_the_decks_lesson_and_its_end_offers_the_match(
    app: App, by_mouse: bool
) -> None:
    route = _route(Preset.HOUSE_RULES)
    offer = _open(app, route)
    assert isinstance(offer, OfferScene)
    if by_mouse:
        _click(app, offer.menu.buttons[0].rect.center)
    else:
        offer.handle(Intent(Act.RIGHT))  # to Play, and back to Learn
        offer.handle(Intent(Act.LEFT))
        offer.handle(Intent(Act.CONFIRM))
        app.step(FRAME, [], draw=False)
    lesson = app.top
    assert isinstance(lesson, OfferedLessonScene) and lesson.lesson.key == "8-houserules"
    assert "8-houserules" in load_lessons()[0].offered
    # At its end (its last step done, the explanation read) the match is offered, or the title.
    lesson.index = len(lesson.lesson.steps)  # its last step done
    lesson._finish()
    lesson.explaining = None
    app.step(FRAME, [], draw=False)
    after = app.top
    assert isinstance(after, AfterLessonOverlay)
    if by_mouse:
        _click(app, after.menu.buttons[0].rect.center)
    else:
        after.handle(Intent(Act.CONFIRM))
        app.step(FRAME, [], draw=False)
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, OfferedLessonScene)
    assert table.setup == route.setup
    assert [type(scene).__name__ for scene in app.stack] == ["TableScene"]


def test_leaving_an_offered_lesson_starts_the_match_and_back_goes_to_the_title(app: App) -> None:
    route = _route(Preset.UNO2023)
    lesson = _open(app, routes.Lesson("6-uno2023", then=route))
    assert isinstance(lesson, OfferedLessonScene)
    lesson.handle(Intent(Act.BACK))  # Esc, as Skip lesson
    app.step(FRAME, [], draw=False)
    assert isinstance(app.top, TableScene) and app.top.setup == route.setup
    lesson = _open(app, routes.Lesson("6-uno2023", then=route))
    assert isinstance(lesson, OfferedLessonScene)
    lesson.index = len(lesson.lesson.steps)  # its last step done
    lesson._finish()
    lesson.explaining = None
    # Its panel says what Esc does here (the match), not "go back with Esc".
    assert lesson.words() == ("Lesson complete", AFTER_LESSON)
    app.step(FRAME, [], draw=False)
    after = app.top
    assert isinstance(after, AfterLessonOverlay)
    after.handle(Intent(Act.RIGHT))
    after.handle(Intent(Act.CONFIRM))
    app.step(FRAME, [], draw=False)
    assert type(app.top).__name__ == "TitleScene"


def test_a_damaged_record_is_told_and_the_question_still_comes(app: App) -> None:
    path = lessons_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"offered": [', "utf-8")
    offer = _open(app, _route(Preset.UNO2023))
    assert isinstance(offer, OfferScene)
    assert "lessons" in offer.notice
    app.draw()
    offer.handle(Intent(Act.CONFIRM))  # Learn has the focus
    app.step(FRAME, [], draw=False)
    assert isinstance(app.top, OfferedLessonScene)
    record, problem = load_lessons()
    assert problem is None and record.offered == {"6-uno2023"}


def test_a_bad_offered_list_is_reset_and_told() -> None:
    path = lessons_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"finished": ["1-match"], "offered": "6-uno2023"}', "utf-8")
    record, problem = load_lessons()
    assert record.finished == {"1-match"} and record.offered == set()
    assert problem is not None and "offered" in problem


@pytest.fixture
def broken_2023_lesson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lessons as shipped, but the 2023 deck's file broken."""
    folder = tmp_path / "assets"
    shutil.copytree(asset_root() / "lessons", folder / "lessons")
    (folder / "lessons" / "6-uno2023.json").write_text('{"title": ', "utf-8")
    monkeypatch.setattr(lesson_module, "asset_root", lambda: folder)
    lessons_found.cache_clear()
    yield
    lessons_found.cache_clear()


@pytest.mark.usefixtures("broken_2023_lesson")
def test_a_broken_lesson_file_for_the_deck_goes_straight_to_the_table(app: App) -> None:
    assert "6-uno2023" not in [lesson.key for lesson in lessons_found()[0]]
    assert isinstance(_open(app, _route(Preset.UNO2023)), TableScene)
    assert isinstance(_open(app, _route(Preset.HOUSE_RULES)), OfferScene)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_questions_fit_in_every_language(app: App, large: bool) -> None:
    """The question before the match (with a notice) and the one after the lesson, drawn in
    every language: no line spills out of its box or lies over another."""
    ui.set_large_text(large)
    notice = "The record of finished lessons could not be loaded: it is not JSON. It starts afresh."
    offer = routes.Offer(_route(Preset.HOUSE_RULES), "9-gamechanger", notice)
    found: list[str] = []
    try:
        for language in [*i18n.CODES, i18n.PSEUDO]:
            use_language(language)
            for scene in (
                OfferScene(app, offer),
                OfferScene(app, replace(offer, lesson="6-uno2023", table=_route(Preset.UNO2023))),
                AfterLessonOverlay(app, _route(Preset.UNO2023)),
            ):
                app.stack[:] = [scene]
                with ui.watching_overflow() as overflow:
                    app.draw()
                found += [f"{language} {o.text!r} {o.kind.value}" for o in overflow]
    finally:
        use_language(i18n.ENGLISH)
        ui.set_large_text(False)
    assert not found, "\n".join(found)


def test_new_game_asks_and_quick_game_does_not(app: App) -> None:
    """The two ways a person starts a match: New game's Start with the House Rules! deck asks
    first; Quick game (classic rules) goes to the table."""
    setup = _open(app, routes.NewGame())
    assert isinstance(setup, SetupScene)
    while setup.model.preset is not Preset.HOUSE_RULES:
        setup._cycle_preset()
    setup._start()
    app.step(FRAME, [], draw=False)
    offer = app.top
    assert isinstance(offer, OfferScene) and offer.route.lesson == "8-houserules"
    assert offer.route.table.setup.rules.deck is DeckKind.HOUSE_RULES
    title = _open(app, routes.Title())
    assert isinstance(title, TitleScene)
    title._quick_now()
    app.step(FRAME, [], draw=False)
    assert type(app.top) is TableScene
