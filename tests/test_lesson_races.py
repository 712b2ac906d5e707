"""The lessons' timed steps (a House Rules race, a jump-in) and the House Rule a person makes:
their steps are read and checked like every other, the rehearsal proves each moment comes, and
the AIs wait while a timed step's moment is open (``Match.hold``), so the stacked deal's outcome
is the one the lesson explains. The lessons themselves are played to their end on the table, by
mouse and by keys, in tests/test_lessons.py."""

from __future__ import annotations

import json
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.actions import FinishRace
from game.engine import Phase
from game.events import (
    CardPlayed,
    CardsDrawn,
    DrawReason,
    HouseRuleMade,
    RaceFinished,
    RaceLost,
    RaceStarted,
)
from game.lessons import (
    AI_NAMES,
    PERSON,
    REHEARSAL_LIMIT,
    Do,
    Lesson,
    LessonError,
    load,
    parse,
    rehearse,
)
from game.match import Match, MatchEvent, MatchSetup
from game.rules import RACE_ACTION_TEXT, RaceAction
from scenes import routes, ui
from scenes.app import App, use_language
from scenes.assets import asset_root
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.lesson import LessonScene, LessonsScene
from scenes.store.settings import Settings
from scenes.table.overlays import PauseOverlay, RaceOverlay
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from tests.helpers import to_step

FOLDER = asset_root() / "lessons"


def _data(key: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FOLDER / f"{key}.json").read_text("utf-8"))
    return loaded


class _Heard:
    def __init__(self) -> None:
        self.events: list[MatchEvent] = []

    def on_events(self, match: Match, events: Any) -> None:
        self.events.extend(events)


def _played(key: str) -> tuple[Lesson, Match, list[MatchEvent]]:
    """The lesson ``key`` played by its steps, and the AIs' moves after the last one."""
    lesson = load(FOLDER / f"{key}.json")
    match = Match(lesson.rules, lesson.seats("You"), lesson.seed, game=lesson.game(), pace=0.0)
    heard = _Heard()
    match.add_listener(heard)
    to_step(match, lesson, len(lesson.steps) - 1)
    action = lesson.steps[-1].action(match.game)
    assert action is not None
    match.submit(PERSON, action)
    for _turn in range(REHEARSAL_LIMIT):
        if PERSON in match.waiting_on() or not match.fast_forward(1):
            break
    return lesson, match, heard.events


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda step: step.pop("rule"), "rule"),
        (lambda step: step.update(rule="sing-a-song"), "value"),
        (lambda step: step.update(number=6), "number"),
        (lambda step: step.update(number="3"), "number"),
    ],
)
def test_a_broken_rule_step_is_refused_with_its_reason(change: Any, field: str) -> None:
    data = _data("8-houserules")
    change(data["steps"][1])
    with pytest.raises(LessonError, match=field):
        parse("8-houserules", data)


def test_a_jump_in_step_names_its_card() -> None:
    data = _data("8-houserules")
    data["steps"][2] = {"do": "jumpin", "say": "rules.race"}
    with pytest.raises(LessonError, match="no card"):
        parse("8-houserules", data)


def test_a_race_that_never_comes_is_found() -> None:
    data = _data("8-houserules")
    # Ana without her yellow 3: nobody plays a 3 after the rule is made, no race comes.
    data["hands"][1] = ["Y4", "G2", "B8", "Y6", "G9"]
    with pytest.raises(LessonError, match="step 3"):
        rehearse(parse("8-houserules", data))


def test_a_rule_for_another_number_is_not_the_step() -> None:
    data = _data("8-houserules")
    data["steps"][1]["number"] = 4  # the red 3 makes the rule of 3, never of 4
    with pytest.raises(LessonError, match="step 2"):
        rehearse(parse("8-houserules", data))


def test_the_ais_wait_at_a_race_while_the_lesson_holds_them() -> None:
    lesson = load(FOLDER / "8-houserules.json")
    match = Match(lesson.rules, lesson.seats("You"), lesson.seed, game=lesson.game(), pace=0.0)
    race = next(i for i, step in enumerate(lesson.steps) if step.do is Do.RACE)
    to_step(match, lesson, race)
    assert match.game.phase is Phase.RACE and lesson.steps[race].holds(match.game)
    match.hold = lambda: lesson.steps[race].holds(match.game)
    match.race_seen(0.0)
    # Held: neither a tick long after the prompt nor a fast-forward moves an AI.
    assert match.tick(0.0) == [] and match.tick(100.0) == [] and match.fast_forward() == []
    assert match.game.race_left == [0, 1, 2]
    # Not held (any other table, at speed 0): the AIs finish first and the person loses.
    match.hold = None
    events = match.fast_forward()
    assert [e.player for e in events if isinstance(e, RaceLost)] == [PERSON]


def test_the_house_rules_lesson_is_won_and_the_last_one_draws() -> None:
    lesson, match, events = _played("8-houserules")
    made = [e for e in events if isinstance(e, HouseRuleMade)]
    assert [(e.player, e.number, e.rule) for e in made] == [(PERSON, 3, RaceAction.PRESS_UP)]
    finished = [e.player for e in events if isinstance(e, RaceFinished)]
    lost = [e.player for e in events if isinstance(e, RaceLost)]
    assert finished[0] == PERSON and lost == [2]
    drawn = [
        (e.player, len(e.cards))
        for e in events
        if isinstance(e, CardsDrawn) and e.reason is DrawReason.RACE_LOST
    ]
    assert drawn == [(2, 1)]
    # The explanation names the one who was last.
    explanation = lesson.steps[-1].explanation
    assert f"{AI_NAMES[lost[0] - 1]} finished last" in explanation
    assert not any(isinstance(a, FinishRace) for a in match.game.legal_actions())


def test_the_game_changer_lesson_replaces_anas_rule_and_races_by_the_new_one() -> None:
    lesson, _match, events = _played("9-gamechanger")
    made = [
        (e.player, e.number, e.rule, e.replaced) for e in events if isinstance(e, HouseRuleMade)
    ]
    # Ana makes the first rule of 2 (her choice); the person's Game Changer replaces it.
    assert [m[:2] for m in made] == [(1, 2), (PERSON, 2)]
    assert made[1][2] is RaceAction.PRESS_DOWN and made[1][3] is made[0][2]
    started = [e for e in events if isinstance(e, RaceStarted)]
    assert [(e.number, e.rule) for e in started] == [(2, RaceAction.PRESS_DOWN)]
    finished = [e.player for e in events if isinstance(e, RaceFinished)]
    lost = [e.player for e in events if isinstance(e, RaceLost)]
    assert finished[0] == PERSON and lost == [2]
    assert f"{AI_NAMES[lost[0] - 1]} finished last" in lesson.steps[-1].explanation


def test_the_switches_lesson_jumps_in_on_anas_card_and_bens_turn_passes() -> None:
    _lesson, _match, events = _played("7-switches")
    played = [(e.player, e.card.code, e.jump_in) for e in events if isinstance(e, CardPlayed)]
    jump = played.index((PERSON, "R4", True))
    assert played[jump - 1] == (1, "R4", False)  # on Ana's red 4, identical
    # Play went on from the person: Ana drew next (Ben's turn passed), then Ben's Draw Two.
    moves = [e for e in events if isinstance(e, CardPlayed | CardsDrawn)]
    jumped = next(i for i, e in enumerate(moves) if isinstance(e, CardPlayed) and e.jump_in)
    after = moves[jumped + 1 : jumped + 3]
    assert isinstance(after[0], CardsDrawn) and after[0].player == 1
    assert isinstance(after[1], CardPlayed) and (after[1].player, after[1].card.code) == (2, "R+2")


def test_the_ais_wait_at_a_jump_in_while_the_lesson_holds_them() -> None:
    lesson = load(FOLDER / "7-switches.json")
    match = Match(lesson.rules, lesson.seats("You"), lesson.seed, game=lesson.game(), pace=0.0)
    jump = next(i for i, step in enumerate(lesson.steps) if step.do is Do.JUMPIN)
    to_step(match, lesson, jump)
    assert match.game.actor == 2 and lesson.steps[jump].holds(match.game)
    match.hold = lambda: lesson.steps[jump].holds(match.game)
    assert match.tick(0.0) == [] and match.tick(100.0) == [] and match.fast_forward() == []
    # Not held, Ben plays on at once and the moment is gone.
    match.hold = None
    match.fast_forward(1)
    assert lesson.steps[jump].action(match.game) is None


def test_the_list_of_lessons_fits_above_its_notice() -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    scene = app.go(routes.Lessons())
    app.step(1 / 60, [])
    assert isinstance(scene, LessonsScene) and len(scene.lessons) >= 9
    rects = [button.rect for button in scene.menu.buttons]
    screen = app.screen.get_rect()
    # On the screen, above the notice of skipped files (drawn from y 900), none on another.
    assert all(screen.contains(rect) and rect.bottom < 900 for rect in rects)
    assert all(a.collidelist(rects[i + 1 :]) < 0 for i, a in enumerate(rects))


def _drawn_clear_of(app: App, scene: LessonScene, prompt: pygame.Rect) -> None:
    with ui.watching_overflow() as overflow:
        app.draw()
    assert not scene.panel_rect.colliderect(prompt), scene.words()
    assert app.screen.get_rect().contains(scene.panel_rect)
    assert not overflow, [o.text for o in overflow]


@pytest.mark.parametrize("language", [*i18n.CODES, i18n.PSEUDO])
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_lesson_sentence_stays_clear_of_the_rule_and_race_prompts(language: str) -> None:
    """The House Rule prompt's two columns reach over the lesson's panel, and the race's prompt
    rises above the status line: the panel narrows beside the one and its text is drawn smaller
    above the other, and it still fits."""
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    use_language(language)
    try:
        scene = app.go(routes.Lesson("8-houserules"))
        app.step(1 / 60, [])
        assert isinstance(scene, LessonScene)
        scene.try_card(next(c for c in scene.game.hands[PERSON] if c.code == "R3H"))
        for _frame in range(10):
            app.step(1 / 60, [])
        prompt = app.top
        assert isinstance(prompt, ChoiceOverlay) and scene.step is not None
        assert scene.step.do is Do.RULE
        _drawn_clear_of(app, scene, prompt.rect)
        up = i18n._(RACE_ACTION_TEXT[RaceAction.PRESS_UP])
        next(b for b in prompt.menu.buttons if b.label == up).on_click()
        for _frame in range(30):
            app.step(1 / 60, [])
        race = app.top
        # The rule's explanation, not yet confirmed, is shown with the race's sentence.
        assert isinstance(race, RaceOverlay) and scene.explaining is not None
        _drawn_clear_of(app, scene, race.box())
    finally:
        use_language(i18n.ENGLISH)


def test_a_race_by_a_tap_rings_the_place_and_a_click_there_finishes_it() -> None:
    data = _data("8-houserules")
    data["steps"][1]["rule"] = "tap-draw-pile"
    lesson = parse("8-houserules", data)
    rehearse(lesson)
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    scene = LessonScene(app, lesson)
    app.push(scene)
    app.step(1 / 60, [])
    scene.try_card(next(c for c in scene.game.hands[PERSON] if c.code == "R3H"))
    for _frame in range(10):
        app.step(1 / 60, [])
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay)
    tap = i18n._(RACE_ACTION_TEXT[RaceAction.TAP_DRAW_PILE])
    next(b for b in prompt.menu.buttons if b.label == tap).on_click()
    for _frame in range(30):
        app.step(1 / 60, [])
    race = app.top
    assert isinstance(race, RaceOverlay) and scene.step is not None and scene.step.do is Do.RACE
    target = scene.pointed()
    assert target == scene.layout.draw_pile.rect()
    race.handle(Intent(Act.PRESS, target.center))
    race.handle(Intent(Act.RELEASE, target.center))
    assert scene.step is None and scene.complete


def _at_the_race(app: App, table: TableScene, lesson: Lesson) -> RaceOverlay:
    race = next(i for i, step in enumerate(lesson.steps) if step.do is Do.RACE)
    to_step(table.match, lesson, race)
    for _frame in range(30):
        app.step(1 / 60, [])
    overlay = app.top
    assert isinstance(overlay, RaceOverlay)
    return overlay


def _bar_end_shown(app: App, overlay: RaceOverlay) -> bool:
    """Whether the race's countdown bar reaches its right end, three seconds into the race."""
    overlay.age = 3.0
    app.draw()
    full = overlay.bar_box()
    return app.screen.get_at((full.right - 6, full.centery))[:3] == ui.GOLD


def test_a_lessons_race_bar_stays_full_while_the_ais_wait_and_another_tables_empties() -> None:
    pygame.init()
    lesson = load(FOLDER / "8-houserules.json")
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    scene = LessonScene(app, lesson)
    app.push(scene)
    assert _bar_end_shown(app, _at_the_race(app, scene, lesson))  # nothing hurries
    app = App(Settings(animation_speed=0.0, ai_pace=1.0), headless=True, builder=build_screen)
    setup = MatchSetup(lesson.rules, lesson.seats("You"), lesson.seed)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, game=lesson.game())
    app.push(table)
    assert not _bar_end_shown(app, _at_the_race(app, table, lesson))  # the AIs race on


def test_esc_in_a_race_leaves_a_lesson_and_pauses_no_other_table() -> None:
    pygame.init()
    lesson = load(FOLDER / "8-houserules.json")
    # Any other table, its AIs racing at their real pace: Esc opens no pause mid-race.
    app = App(Settings(animation_speed=0.0, ai_pace=1.0), headless=True, builder=build_screen)
    setup = MatchSetup(lesson.rules, lesson.seats("You"), lesson.seed)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, game=lesson.game())
    app.push(table)
    overlay = _at_the_race(app, table, lesson)
    overlay.handle(Intent(Act.BACK))
    app.step(1 / 60, [])
    assert app.top is overlay and not any(isinstance(s, PauseOverlay) for s in app.stack)
    # A lesson, whose AIs wait for the person's race: Esc leaves it, as it always does.
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    scene = LessonScene(app, lesson)
    app.push(scene)
    _at_the_race(app, scene, lesson).handle(Intent(Act.BACK))
    for _frame in range(3):
        app.step(1 / 60, [])
    assert type(app.top).__name__ == "LessonsScene"  # back to the list of lessons
