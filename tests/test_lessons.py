"""Guided lessons: every lesson file is rehearsed against the real engine and AIs (its moments
come), a broken file is skipped with a sentence, and each lesson is played to its end on the
real table scene by a scripted person, by mouse events and by keys."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.cards import Color, color_name
from game.events import (
    CardPlayed,
    CardsDrawn,
    CustomEffectApplied,
    DrawReason,
    HandsShuffled,
    HandsSwapped,
)
from game.i18n import pgettext
from game.lessons import AI_NAMES, REHEARSAL_LIMIT, Do, LessonError, load_all, parse, rehearse
from game.match import Match, MatchEvent
from game.rules import RACE_ACTION_TEXT, CustomEffect
from scenes import routes, ui
from scenes.app import App, use_language
from scenes.assets import asset_root
from scenes.input import Act, Intent
from scenes.lesson import LessonScene, lessons_found, place_panel
from scenes.store.lessonrecord import lessons_path, load_lessons
from scenes.table.moves import RACE_STEPS, TAPS
from scenes.table.overlays import RaceOverlay
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scoring import ScoringScene
from tests.lesson_helpers import frames, instant_app

FOLDER = asset_root() / "lessons"
KEYS = sorted(p.stem for p in FOLDER.glob("*.json"))


def _data(key: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((FOLDER / f"{key}.json").read_text("utf-8"))
    return loaded


def test_every_lesson_file_loads_and_its_moments_come() -> None:
    lessons, problems = load_all(FOLDER)
    assert problems == []
    assert [lesson.key for lesson in lessons] == KEYS
    assert len(lessons) >= 4
    for lesson in lessons:
        rehearse(lesson)  # raises if a step's moment never comes
        assert lesson.name and all(step.sentence for step in lesson.steps)


def test_a_moment_that_no_longer_comes_is_found() -> None:
    data = _data("3-wild")
    hands = data["hands"]
    assert isinstance(hands, list)
    # Ben without his Wild Draw Four: nobody plays one on you, the challenge never comes.
    hands[2] = ["Y7", "Y9", "G6", "R8", "B2"]
    with pytest.raises(LessonError, match="step 5"):
        rehearse(parse("3-wild", data))


def _write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, "utf-8")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("hands"), "hands"),
        (lambda d: d.update(first="Q9"), "card name"),
        (lambda d: d["steps"][0].update(card="B9"), "step 1"),
        (lambda d: d["steps"][0].update(say="no.such.words"), "no.such.words"),
        (lambda d: d.update(ai=["genius", "easy"]), "value"),
        (lambda d: d.update(ai=["expert", "easy"]), "value"),
        (lambda d: d.update(steps="play"), "steps"),
    ],
)
def test_a_broken_lesson_is_skipped_with_a_message(
    tmp_path: Path, change: Callable[[dict[str, object]], object], words: str
) -> None:
    good = _data("1-match")
    broken = _data("1-match")
    change(broken)
    _write(tmp_path, "a-good.json", json.dumps(good))
    _write(tmp_path, "b-broken.json", json.dumps(broken))
    _write(tmp_path, "c-not-json.json", "{")
    lessons, problems = load_all(tmp_path)
    assert [lesson.key for lesson in lessons] == ["a-good"]
    assert len(problems) == 2
    assert "b-broken.json" in problems[0] and words in problems[0]
    assert "c-not-json.json" in problems[1]


def test_the_record_of_finished_lessons_survives_a_damaged_file() -> None:
    path = lessons_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"finished": 3', "utf-8")
    record, problem = load_lessons()
    assert record.finished == set() and not record.asked
    assert problem is not None and "lessons" in problem


def test_the_panel_never_covers_what_it_points_at() -> None:
    screen = pygame.Rect(0, 0, 1920, 1080)
    for target in (pygame.Rect(40, 300, 200, 280), pygame.Rect(100, 100, 300, 300), None):
        rect = place_panel(screen, (620, 240), target)
        assert screen.contains(rect)
        assert target is None or not rect.colliderect(target)


# ----------------------------------------------------------------- played on the table


@pytest.fixture
def app() -> App:
    return instant_app()


def _click(app: App, pos: tuple[int, int]) -> None:
    top = app.top
    assert top is not None
    top.handle(Intent(Act.PRESS, pos))
    top.handle(Intent(Act.RELEASE, pos))


def _answer_prompt(app: App, label: str, by_mouse: bool) -> None:
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    index = next(i for i, b in enumerate(overlay.menu.buttons) if b.label == label)
    if by_mouse:
        _click(app, overlay.menu.buttons[index].rect.center)
        return
    # The question opens on the answer the step asks for: one press does the step.
    shown = overlay.menu.buttons[overlay.menu.focus].label
    assert overlay.menu.focus == index, f"the question opened on {shown!r}, not {label!r}"
    overlay.handle(Intent(Act.CONFIRM))


def _by_keys(app: App, lesson: LessonScene) -> None:
    step = lesson.step
    assert step is not None
    if step.do is Do.DRAW:
        lesson.handle(Intent(Act.DRAW))
    elif step.do is Do.UNO:
        lesson.handle(Intent(Act.UNO))
    elif step.do is Do.CATCH:
        lesson.handle(Intent(Act.CATCH))
    else:
        for _move in range(20):
            if lesson.presenter.hover is not None and any(
                c.uid == lesson.presenter.hover and c.code == step.card
                for c in lesson.game.hands[0]
            ):
                break
            lesson.handle(Intent(Act.RIGHT))
        lesson.handle(Intent(Act.CONFIRM))


def _race(app: App, lesson: LessonScene, by_mouse: bool) -> None:
    """The race's action: a tap on the place the lesson rings (by mouse), else its key."""
    race = lesson.races.screen
    if not isinstance(app.top, RaceOverlay) or race is None:
        return  # the race's prompt is not open yet
    for step in RACE_STEPS[race.rule]:
        target = lesson.pointed()
        if step in TAPS:
            assert by_mouse and target is not None, "a keyboard cannot tap"
            _click(app, target.center)
        else:
            app.top.handle(Intent(Act(step)))


def _play(app: App, key: str, by_mouse: bool) -> LessonScene:
    lesson = app.go(routes.Lesson(key))
    frames(app)
    assert isinstance(lesson, LessonScene)
    for _action in range(40):
        frames(app, 240 if lesson.presenter.busy else 30)
        if lesson.complete:
            return lesson
        if lesson.explaining is not None and app.top is lesson:
            if by_mouse:
                _click(app, lesson.panel_rect.center)
            else:
                lesson.handle(Intent(Act.CONFIRM))
            continue
        step = lesson.step
        assert step is not None and not lesson.lost, lesson.words()
        if step.do is Do.COLOR:
            assert step.color is not None
            _answer_prompt(app, color_name(step.color), by_mouse)
        elif step.do is Do.SWAP:
            assert step.seat is not None
            _answer_prompt(app, AI_NAMES[step.seat - 1], by_mouse)
        elif step.do is Do.CHALLENGE:
            _answer_prompt(app, pgettext("button", "Challenge!"), by_mouse)
        elif step.do is Do.RULE:
            assert step.rule is not None
            _answer_prompt(app, i18n._(RACE_ACTION_TEXT[step.rule]), by_mouse)
        elif step.do is Do.RACE:
            _race(app, lesson, by_mouse)
        elif app.top is not lesson or step.action(lesson.game) is None:
            continue  # the step's moment has not come yet (a jump-in's is not a turn)
        elif by_mouse:
            target = lesson.pointed()
            assert target is not None, lesson.words()
            assert not lesson.panel_rect.colliderect(target)
            _click(app, target.center)
        else:
            _by_keys(app, lesson)
    raise AssertionError(f"lesson {key} did not finish: {lesson.words()}")


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("by_mouse", [True, False], ids=["mouse", "keys"])
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_each_lesson_is_played_to_its_end(app: App, key: str, by_mouse: bool) -> None:
    lesson = _play(app, key, by_mouse)
    assert lesson.index == len(lesson.lesson.steps)
    record, problem = load_lessons()
    assert problem is None and key in record.finished
    # The list ticks it; Esc leaves for the list of lessons.
    lesson.handle(Intent(Act.BACK))
    frames(app, 2)
    assert type(app.top).__name__ == "LessonsScene"
    assert lessons_found()[1] == ()


def test_the_scores_wait_until_the_last_explanation_is_read(app: App) -> None:
    lesson = _play(app, "4-uno", by_mouse=False)
    assert lesson.match.is_round_over and lesson.explaining is not None
    frames(app, 60)
    assert app.top is lesson  # the explanation of the score is not covered by the scores
    lesson.handle(Intent(Act.CONFIRM))
    frames(app, 5)
    scores = app.top
    assert isinstance(scores, ScoringScene)
    # The lesson's way on: the next lesson, from its stacked deal.
    assert [b.label for b in scores.menu.buttons][:2] == ["Next lesson", "Back to lessons"]
    scores.menu.buttons[0].on_click()
    frames(app, 5)
    fresh = app.top
    assert isinstance(fresh, LessonScene) and fresh is not lesson and fresh.index == 0
    assert fresh.lesson.key == "5-score" and [c.code for c in fresh.game.hands[0]] == ["G3"]


def test_a_legal_move_that_is_not_the_step_is_played_and_told(app: App) -> None:
    lesson = app.go(routes.Lesson("1-match"))
    frames(app, 60)
    assert isinstance(lesson, LessonScene)
    five = next(c for c in lesson.game.hands[0] if c.code == "Y5")  # matches the red 5 too
    lesson.try_card(five)
    assert five not in lesson.game.hands[0]  # played, as at any table
    assert lesson.index == 0 and "allowed" in lesson.words()[1]
    # The red 3 can no longer be played on what came after: the lesson says so, and offers
    # to start again.
    for _frame in range(600):
        if lesson.lost:
            break
        frames(app)
    assert lesson.lost and [b.label for b in lesson.lesson_menu.buttons][-1] == "Start again"


def test_another_color_than_the_steps_is_told_and_the_lesson_offers_to_start_again(
    app: App,
) -> None:
    lesson = app.go(routes.Lesson("3-wild"))
    frames(app, 60)
    assert isinstance(lesson, LessonScene)
    wild = next(c for c in lesson.game.hands[0] if c.code == "W")
    lesson.try_card(wild)
    frames(app, 60)
    _answer_prompt(app, color_name(Color.RED), by_mouse=True)
    assert lesson.index == 1 and "allowed" in lesson.words()[1]
    for _frame in range(1200):
        if lesson.lost:
            break
        frames(app)
    assert lesson.lost
    # Ben's Wild Draw Four came after all (on red): the table's question is answered first,
    # like at any table; then the lesson's own button.
    if isinstance(app.top, ChoiceOverlay):
        app.top.menu.buttons[0].on_click()
        frames(app, 30)
    assert app.top is lesson
    again = lesson.lesson_menu.buttons[-1]
    _click(app, again.rect.center)
    frames(app, 2)
    fresh = app.top
    assert isinstance(fresh, LessonScene) and fresh is not lesson and fresh.index == 0


def test_the_scoring_lesson_says_the_points_the_engine_gives(app: App) -> None:
    lesson = _play(app, "5-score", by_mouse=True)
    assert lesson.match.is_round_over
    said = lesson.words()[1]
    assert f"{lesson.game.scores[0]} points" in said and lesson.game.scores[0] == 70


class _Heard:
    """Every event the match tells, kept."""

    def __init__(self) -> None:
        self.events: list[MatchEvent] = []

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        self.events.extend(events)


def _rehearsed_events(key: str) -> list[MatchEvent]:
    """Every event of the lesson ``key`` played by its steps (as ``rehearse`` plays it)."""
    lessons, _problems = load_all(FOLDER)
    lesson = next(item for item in lessons if item.key == key)
    match = lesson.match()  # its AIs that forget UNO on purpose too
    heard = _Heard()
    match.add_listener(heard)
    for step in lesson.steps:
        for _turn in range(REHEARSAL_LIMIT):
            if 0 in match.waiting_on() or step.holds(match.game) or not match.fast_forward(1):
                break
        action = step.action(match.game)
        assert action is not None
        match.submit(0, action)
    for _turn in range(REHEARSAL_LIMIT):  # the last step's consequences
        if 0 in match.waiting_on() or not match.fast_forward(1):
            break
    return heard.events


def test_the_2023_lesson_shows_both_new_cards_at_work() -> None:
    heard = _Heard()
    heard.events = _rehearsed_events("6-uno2023")
    effects = [e for e in heard.events if isinstance(e, CustomEffectApplied)]
    assert [e.effect for e in effects] == [CustomEffect.OTHERS_DRAW_1]
    # The sentence says Ana and Ben drew one card each: they did.
    drawn = [
        e.player
        for e in heard.events
        if isinstance(e, CardsDrawn) and e.reason is DrawReason.CUSTOM_EFFECT
    ]
    assert drawn == [1, 2]
    shuffled = [e for e in heard.events if isinstance(e, HandsShuffled)]
    assert len(shuffled) == 1 and shuffled[0].player == 0
    # Dealt out again from the next player, as the explanation says.
    assert shuffled[0].deals[0][0] == 1


@pytest.mark.slow
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("language", [*i18n.CODES, i18n.PSEUDO])
def test_every_lesson_sentence_fits_its_panel(app: App, language: str, large: bool) -> None:
    """Each step's sentence and explanation of every lesson, drawn on the table in its panel:
    the panel stays on the screen and no line spills or lies over another."""
    use_language(language)
    ui.set_large_text(large)
    try:
        found: list[str] = []
        for lesson in lessons_found()[0]:
            scene = app.go(routes.Lesson(lesson.key))
            frames(app, 5)
            assert isinstance(scene, LessonScene)
            for index, step in enumerate(lesson.steps):
                for explaining in (None, step) if step.explanation else (None,):
                    scene.index, scene.explaining = index, explaining
                    with ui.watching_overflow() as overflow:
                        app.draw()
                    assert app.screen.get_rect().contains(scene.panel_rect), scene.words()
                    found += [f"{lesson.key} {index}: {o.text!r} {o.kind.value}" for o in overflow]
        assert not found, "\n".join(found)
    finally:
        use_language(i18n.ENGLISH)
        ui.set_large_text(False)


def test_the_switches_lesson_swaps_hands_and_stacks() -> None:
    events = _rehearsed_events("7-switches")
    swaps = [e for e in events if isinstance(e, HandsSwapped)]
    assert [(e.player, e.target) for e in swaps] == [(0, 1)]
    # "she holds five cards, you hold four": the hands the swap exchanged.
    assert (len(swaps[0].player_hand), len(swaps[0].target_hand)) == (5, 4)
    played = [(e.player, e.card.code) for e in events if isinstance(e, CardPlayed)]
    assert (2, "R+2") in played and played.index((2, "R+2")) < played.index((0, "Y+2"))
    # The stacked Draw Twos: Ana draws four, as the explanation says.
    penalties = [
        (e.player, len(e.cards))
        for e in events
        if isinstance(e, CardsDrawn) and e.reason is not DrawReason.TURN
    ]
    assert penalties == [(1, 4)]


def test_a_lesson_with_a_rule_switch_that_does_not_exist_is_refused() -> None:
    data = _data("7-switches")
    data["rules"] = {"stacking": "sideways"}
    with pytest.raises(LessonError, match="rules"):
        parse("7-switches", data)
    data["rules"] = {"no_such_switch": True}
    with pytest.raises(LessonError, match="rules"):
        parse("7-switches", data)
