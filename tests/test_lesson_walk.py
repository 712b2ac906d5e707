"""What a new player's walk through lessons 1-5 found (issue 41's walk): the table's questions
open on the step's answer, Esc and Skip lesson leave even over a question, an explanation only
speaks of moves already shown, no stale button during one, a lesson ends with Next lesson and
Back to lessons and speaks of a hand, not a match, and the words a lesson uses are taught."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.actions import Challenge, ChooseColor
from game.ai import Level
from game.cards import Color
from game.events import CardPlayed
from game.lesson_words import WORDS
from game.lessons import Do, load_all
from scenes import routes
from scenes.app import App, use_language
from scenes.assets import asset_root
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.lesson import LessonScene, LessonScores, LessonsScene, following
from scenes.setup import SetupScene, bottom_paragraphs
from scenes.setup_model import SetupModel
from scenes.store.lastsetup import LastSetup, save_last_setup
from scenes.store.lessonrecord import finish, mark_asked
from scenes.store.settings import Settings
from scenes.table.prompts import ChoiceOverlay
from tests.lesson_helpers import FRAME, frames, instant_app


@pytest.fixture
def app() -> App:
    return instant_app()


def _open(app: App, key: str) -> LessonScene:
    lesson = app.go(routes.Lesson(key))
    frames(app, 30)
    assert isinstance(lesson, LessonScene)
    return lesson


def _play(lesson: LessonScene, code: str) -> None:
    card = next(c for c in lesson.game.hands[0] if c.code == code)
    lesson.try_card(card)


def _until(app: App, done: object, limit: int = 900) -> None:
    """Frames until ``done()`` (a bounded count of frames, never a clock)."""
    assert callable(done)
    for _frame in range(limit):
        if done():
            return
        frames(app)
    raise AssertionError("never happened")


def _prompt(app: App) -> ChoiceOverlay:
    _until(app, lambda: isinstance(app.top, ChoiceOverlay))
    frames(app, 2)
    top = app.top
    assert isinstance(top, ChoiceOverlay)
    return top


def _focused_action(prompt: ChoiceOverlay) -> object:
    return prompt.options[prompt.menu.focus].action


def test_the_color_question_opens_on_the_steps_color(app: App) -> None:
    lesson = _open(app, "3-wild")
    _play(lesson, "W")
    prompt = _prompt(app)
    # The step asks for blue: Enter (or A) does it at once (it used to be Red, the first).
    assert _focused_action(prompt) == ChooseColor(0, Color.BLUE)
    prompt.handle(Intent(Act.CONFIRM))
    frames(app, 2)
    assert lesson.index == 2


def test_the_challenge_question_opens_on_challenge(app: App) -> None:
    lesson = _open(app, "3-wild")
    _play(lesson, "W")
    _prompt(app).handle(Intent(Act.CONFIRM))  # blue
    _until(app, lambda: 0 in lesson.match.waiting_on() and not lesson.presenter.busy)
    _play(lesson, "W+4")
    _prompt(app).handle(Intent(Act.CONFIRM))  # blue again
    frames(app, 2)  # the question closes
    prompt = _prompt(app)
    assert isinstance(_focused_action(prompt), Challenge)  # it used to be Accept


@pytest.mark.parametrize("how", ["esc", "skip"])
def test_esc_and_skip_lesson_leave_over_an_open_question(app: App, how: str) -> None:
    lesson = _open(app, "3-wild")
    _play(lesson, "W")
    prompt = _prompt(app)
    if how == "esc":
        prompt.handle(Intent(Act.BACK))
    else:
        skip = lesson.lesson_menu.buttons[0].rect.center
        prompt.handle(Intent(Act.PRESS, skip))
        prompt.handle(Intent(Act.RELEASE, skip))
    frames(app, 2)
    assert type(app.top).__name__ == "LessonsScene"


def test_an_explanation_waits_for_the_moves_it_speaks_of(app: App) -> None:
    lesson = _open(app, "2-actions")
    _play(lesson, "RS")
    # "Ana was skipped: Ben played next": not said before Ben has played and it was shown.
    assert lesson.explaining is None and lesson.pending is not None
    _until(app, lambda: lesson.explaining is not None)
    assert not lesson.presenter.busy
    played = [e.player for e in lesson.game.log if isinstance(e, CardPlayed)]
    assert played[-2:] == [0, 2]  # your Skip, then Ben's card
    assert "Ben played next" in lesson.words()[1]


def test_no_table_button_is_left_while_an_explanation_is_read(app: App) -> None:
    lesson = _open(app, "4-uno")
    _play(lesson, "R3")
    _until(app, lambda: lesson.explaining is not None)
    frames(app, 5)
    # It is the person's turn (Draw would mean something), but first the explanation.
    assert 0 in lesson.match.waiting_on()
    assert lesson.buttons.buttons == []
    lesson.handle(Intent(Act.CONFIRM))
    frames(app, 5)
    assert lesson.buttons.buttons[0].label.startswith("Draw")


def test_a_lesson_ends_with_next_lesson_and_back_to_lessons(app: App) -> None:
    lesson = _open(app, "2-actions")
    for code in ("RS", "RR", "R+2"):
        _until(app, lambda: 0 in lesson.match.waiting_on() and not lesson.presenter.busy)
        _play(lesson, code)
        _until(app, lambda: lesson.explaining is not None)
        lesson.handle(Intent(Act.CONFIRM))
    assert lesson.complete
    assert [b.label for b in lesson.lesson_menu.buttons] == ["Next lesson", "Back to lessons"]
    lesson.handle(Intent(Act.CONFIRM))  # keys and controller: the focused Next lesson
    frames(app, 2)
    nxt = app.top
    assert isinstance(nxt, LessonScene) and nxt.lesson.key == "3-wild"


def test_next_lesson_is_the_next_unfinished_in_order() -> None:
    lessons, _problems = load_all(asset_root() / "lessons")
    keys = [lesson.key for lesson in lessons]
    nxt = following("2-actions", lessons, {"1-match", "3-wild"})
    assert nxt is not None and nxt.key == "4-uno"
    nxt = following(keys[-1], lessons, set())
    assert nxt is not None and nxt.key == keys[0]  # round to the start
    assert following("2-actions", lessons, set(keys)) is None


def _scoring_lesson_scored(app: App) -> tuple[LessonScene, LessonScores]:
    """Lesson 5 played to its hand's scores (its one card played, its explanation read)."""
    lesson = _open(app, "5-score")
    _play(lesson, "G3")
    _until(app, lambda: lesson.explaining is not None)
    lesson.handle(Intent(Act.CONFIRM))
    _until(app, lambda: isinstance(app.top, LessonScores))
    scores = app.top
    assert isinstance(scores, LessonScores)
    return lesson, scores


def test_the_last_lesson_left_offers_only_the_list(app: App) -> None:
    for other in load_all(asset_root() / "lessons")[0]:
        if other.key != "5-score":
            finish(other.key)
    _lesson, scores = _scoring_lesson_scored(app)
    assert [b.label for b in scores.menu.buttons] == ["Back to lessons", "Every move"]
    scores.handle(Intent(Act.BACK))  # Esc leaves the lesson from its scores too
    frames(app, 2)
    assert type(app.top).__name__ == "LessonsScene"


def test_a_lesson_speaks_of_the_hand_never_of_a_match(app: App) -> None:
    lesson, scores = _scoring_lesson_scored(app)
    assert scores.match is None and not scores.confetti
    app.draw()  # "You win the round!", the hands counted
    said = " ".join(lesson.move_log())
    # ("the match", not "match": the fair deal's line says the deck "matches its seal")
    assert "win the round" in said and "the match" not in said


def test_lesson_five_is_scoring_only() -> None:
    lessons, _problems = load_all(asset_root() / "lessons")
    five = next(lesson for lesson in lessons if lesson.key == "5-score")
    assert [step.do for step in five.steps] == [Do.PLAY]


def test_the_words_are_taught_before_they_are_needed() -> None:
    english = " ".join(WORDS[key] for key in WORDS if key.split(".")[0] in LESSON_ONE_TO_FIVE)
    assert "symbol" not in english
    # The status line says "play a lifted card": lesson 1's first sentence says what that is.
    assert "lifted" in WORDS["match.color"]
    # What the first real game asked that no lesson taught: a Wild turned up first, a Reverse
    # between two players.
    assert "first card turned up" in WORDS["wild.color.done"]
    assert "two players" in WORDS["action.reverse.done"]
    # What the walk's game showed next: a drawn card that does not fit passes the turn, and a
    # Draw Two matches a Draw Two of another color.
    assert "passes" in WORDS["match.draw.done"]
    # The first game is a match to 500 points: the UNO lesson's end says so.
    assert "500 points" in WORDS["uno.out.done"]
    assert "a Draw Two on a Draw Two" in WORDS["action.draw2.done"]


LESSON_ONE_TO_FIVE = {"match", "action", "wild", "uno", "score"}


# ----------------------------------------------------------------- the first New game


def _setup(app: App) -> SetupScene:
    scene = SetupScene(app)
    app.push(scene)
    app.step(FRAME, [])
    return scene


def _ai_levels(scene: SetupScene) -> list[object]:
    return [k for k in scene.model.kinds[: scene.model.players] if isinstance(k, Level)]


@pytest.mark.parametrize(
    ("lesson_one", "learner", "easy"),
    [(False, False, True), (True, True, True), (True, False, False)],
    ids=["lesson-1-not-done", "answered-learn", "lesson-1-done"],
)
def test_a_beginners_first_new_game_is_against_easy_ais(
    app: App, lesson_one: bool, learner: bool, easy: bool
) -> None:
    if lesson_one:
        finish("1-match")
    if learner:
        mark_asked(learner=True)
    scene = _setup(app)
    levels = _ai_levels(scene)
    assert levels and all(level is (Level.EASY if easy else Level.NORMAL) for level in levels)
    said = " ".join(text for text, _color in bottom_paragraphs(scene.model, None, "Y", easy))
    assert ("New to UNO?" in said) is easy


def test_a_remembered_setup_is_kept_for_a_beginner(app: App) -> None:
    model = SetupModel.remembered(LastSetup())
    model.kinds[1] = Level.HARD
    save_last_setup(model.last_setup())
    scene = _setup(app)
    assert scene.model.kinds[1] is Level.HARD


def test_any_ai_level_is_two_presses_away_and_esc_keeps_it(app: App) -> None:
    finish("1-match")
    scene = _setup(app)
    seat = 1
    assert scene.model.kinds[seat] is Level.NORMAL
    kind = scene.menu.buttons[2 + 2 * seat + 1]  # after "-", "+", and each seat's name field
    kind.on_click()  # a click (or Enter) on the value opens the list, on the value
    app.step(FRAME, [])
    listed = app.top
    assert isinstance(listed, ChoiceOverlay)
    assert listed.menu.buttons[listed.menu.focus].label == "Normal AI"
    listed.handle(Intent(Act.LEFT))  # one step back: the cycle needed five
    assert listed.menu.buttons[listed.menu.focus].label == "Easy AI"
    listed.handle(Intent(Act.CONFIRM))
    app.step(FRAME, [])
    assert scene.model.kinds[seat] is Level.EASY and app.top is scene
    kind = scene.menu.buttons[2 + 2 * seat + 1]
    kind.on_click()
    app.step(FRAME, [])
    listed = app.top
    assert isinstance(listed, ChoiceOverlay)
    listed.handle(Intent(Act.BACK))
    app.step(FRAME, [])
    assert scene.model.kinds[seat] is Level.EASY and app.top is scene


def test_enter_plays_the_ringed_card_not_the_one_under_the_mouse(app: App) -> None:
    lesson = _open(app, "1-match")
    _play(lesson, "R3")
    _until(app, lambda: lesson.explaining is not None)
    five = next(c for c in lesson.game.hands[0] if c.code == "Y5")
    lesson.presenter.point_at(five.uid)  # the mouse left resting on the yellow 5
    lesson.handle(Intent(Act.CONFIRM))  # the explanation read
    frames(app, 2)
    lesson.handle(Intent(Act.CONFIRM))  # Enter again: the step's green 7
    frames(app, 2)
    assert lesson.index == 2 and five in lesson.game.hands[0]


def test_the_lessons_panel_and_buttons_stay_clear_over_a_question(app: App) -> None:
    lesson = _open(app, "3-wild")
    spot = lesson.lesson_menu.buttons[0].rect.move(12, 0).midleft  # inside Skip lesson
    app.draw()
    before = app.screen.get_at(spot)
    _play(lesson, "W")
    _prompt(app)
    app.draw()
    after = app.screen.get_at(spot)
    # Not dimmed under the question (dimmed, each channel would lose about 40%).
    assert all(abs(a - b) <= 3 for a, b in zip(after[:3], before[:3], strict=True))
    assert "choose blue" in lesson.words()[1]


def test_the_last_explanation_comes_before_the_lessons_end(app: App) -> None:
    lesson = _open(app, "2-actions")
    for code in ("RS", "RR"):
        _until(app, lambda: 0 in lesson.match.waiting_on() and not lesson.presenter.busy)
        _play(lesson, code)
        _until(app, lambda: lesson.explaining is not None)
        lesson.handle(Intent(Act.CONFIRM))
    _until(app, lambda: 0 in lesson.match.waiting_on() and not lesson.presenter.busy)
    _play(lesson, "R+2")
    assert lesson.complete and lesson.pending is not None
    # While the others move: no "Lesson complete" yet, and Enter is not Next lesson.
    assert lesson.words()[0] != "Lesson complete"
    lesson.handle(Intent(Act.CONFIRM))
    frames(app, 2)
    assert app.top is lesson
    _until(app, lambda: lesson.explaining is not None)
    assert "Ben drew two cards" in lesson.words()[1]


def test_the_list_opens_on_the_first_lesson_not_finished(app: App) -> None:
    finish("1-match")
    finish("2-actions")
    scene = app.go(routes.Lessons())
    frames(app)
    assert isinstance(scene, LessonsScene)
    assert scene.menu.buttons[scene.menu.focus].label == "Wild cards and the challenge"


def test_the_hands_last_explanation_is_shown_at_once() -> None:
    pygame.init()
    # Animated, as a person sees it: the "Out!" moment plays while the explanation is read.
    app = App(Settings(animation_speed=1.0, ai_pace=1.0), headless=True, builder=build_screen)
    lesson = _open(app, "5-score")
    _play(lesson, "G3")
    frames(app, 2)
    assert lesson.presenter.busy
    # The round is over: nobody moves again, so nothing to watch first.
    assert lesson.explaining is not None and "70 points" in lesson.words()[1]


def test_an_aside_and_the_steps_sentence_join_as_japanese_writes_them(app: App) -> None:
    """Two sentences side by side: a space in English, none after the Japanese full stop."""
    lesson = _open(app, "1-match")
    lesson.aside = i18n._("That is allowed too. The lesson waits for the ringed move.")
    assert ". " in lesson.words()[1]
    use_language("ja")
    try:
        lesson.aside = i18n._("That is allowed too. The lesson waits for the ringed move.")
        text = lesson.words()[1]
        assert "\u3002" in text and "\u3002 " not in text
    finally:
        use_language(i18n.ENGLISH)


def test_the_lessons_end_offers_its_choices_only_once_its_last_explanation_is_read(
    app: App,
) -> None:
    """Before, Next lesson showed beside the last explanation: a click on it skipped it."""
    lesson = _open(app, "1-match")
    steps = lesson.lesson.steps
    lesson.index, lesson.explaining = len(steps), steps[-1]
    lesson._finish()
    frames(app, 2)
    assert [b.label for b in lesson.lesson_menu.buttons] == ["Skip lesson"]
    lesson.confirm()
    frames(app, 2)
    assert [b.label for b in lesson.lesson_menu.buttons][-1] == "Back to lessons"
