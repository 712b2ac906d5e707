"""Catching a player who forgot UNO, in lesson 4: an AI named in the file's ``forgets_uno``
never calls UNO (``game.ai.levels.forgetting_uno``), every time and whatever the seed; the
``catch`` step holds the other AIs while the person may catch (``Step.holds``), as a race step
does; the forgetter draws the rules' UNO penalty, as the explanation says; on the table the
Catch button is ringed and the person catches by mouse or by key. The whole lesson is played
to its end, by mouse and by keys, in tests/test_lessons.py."""

from __future__ import annotations

import json
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import Catch
from game.ai import Level
from game.ai.levels import LEVELS, forgetting_uno
from game.events import CardPlayed, CardsDrawn, DrawReason, UnoCalled, UnoCaught
from game.lessons import PERSON, REHEARSAL_LIMIT, Do, Lesson, LessonError, load, parse, rehearse
from game.match import Match, MatchEvent
from scenes import routes
from scenes.app import App
from scenes.assets import asset_root
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.lesson import LessonScene
from scenes.store.settings import Settings
from tests.helpers import to_step
from tests.lesson_helpers import frames

FILE = asset_root() / "lessons" / "4-uno.json"
ANA, BEN = 1, 2


def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(FILE.read_text("utf-8"))
    return loaded


def _catch_index(lesson: Lesson) -> int:
    return next(i for i, step in enumerate(lesson.steps) if step.do is Do.CATCH)


class _Heard:
    def __init__(self) -> None:
        self.events: list[MatchEvent] = []

    def on_events(self, match: Match, events: Any) -> None:
        self.events.extend(events)


def test_ana_forgets_uno_and_the_person_catches_her_before_ben_moves() -> None:
    lesson = load(FILE)
    match = lesson.match()
    heard = _Heard()
    match.add_listener(heard)
    catch = _catch_index(lesson)
    to_step(match, lesson, catch)
    # Ana is down to one card, UNO not called, and the catch is open to the person.
    assert len(match.game.hands[ANA]) == 1 and match.game.catchable == [ANA]
    assert not any(isinstance(e, UnoCalled) and e.player == ANA for e in heard.events)
    seen = len(heard.events)
    action = lesson.steps[catch].action(match.game)
    assert action == Catch(PERSON, ANA)
    match.submit(PERSON, action)
    for _turn in range(REHEARSAL_LIMIT):  # Ben's move after the catch
        if PERSON in match.waiting_on() or not match.fast_forward(1):
            break
    after = heard.events[seen:]
    assert after[0] == UnoCaught(PERSON, ANA)
    drawn = [e for e in after if isinstance(e, CardsDrawn) and e.reason is DrawReason.UNO_CAUGHT]
    assert [(e.player, len(e.cards)) for e in drawn] == [(ANA, lesson.rules.uno_penalty)]
    # "she drew two cards": the rules' penalty.
    assert lesson.rules.uno_penalty == 2 and "drew two cards" in lesson.steps[catch].explanation
    # Ben waited for the catch: his card comes after it.
    assert any(isinstance(e, CardPlayed) and e.player == BEN for e in after)


def test_she_forgets_every_time_not_by_luck() -> None:
    """The moment comes at every seed with ``forgets_uno``; without it, at the lesson's own
    seed, the Easy AI remembers UNO and the catch never comes."""
    data = _data()
    catch = _catch_index(parse("4-uno", data)) + 1
    for seed in range(1, 9):
        rehearse(parse("4-uno", {**data, "seed": seed}))
    remembering = {key: value for key, value in data.items() if key != "forgets_uno"}
    with pytest.raises(LessonError, match=f"step {catch} can never be done"):
        rehearse(parse("4-uno", remembering))


def test_the_others_wait_while_the_catch_is_open() -> None:
    lesson = load(FILE)
    match = lesson.match()
    step = lesson.steps[_catch_index(lesson)]
    to_step(match, lesson, _catch_index(lesson))
    assert step.holds(match.game) and match.game.actor == BEN  # Ben's turn, held
    match.hold = lambda: step.holds(match.game)
    assert match.tick(0.0) == [] and match.tick(100.0) == [] and match.fast_forward() == []
    assert match.game.catchable == [ANA]
    # Not held (any other table, at speed 0): Ben moves, and the moment is gone.
    match.hold = None
    match.fast_forward(1)
    assert step.action(match.game) is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(forgets_uno=[0]), "forgets_uno"),  # the person's seat
        (lambda d: d.update(forgets_uno=[3]), "forgets_uno"),  # no such seat
        (lambda d: d.update(forgets_uno=[1, 1]), "forgets_uno"),
        (lambda d: d.update(forgets_uno=["1"]), "forgets_uno"),
        (lambda d: d.update(forgets_uno=1), "forgets_uno"),
        (lambda d: d["steps"][4].pop("seat"), "seat"),
    ],
)
def test_a_wrong_forgetter_or_catch_is_refused_with_its_field(change: Any, field: str) -> None:
    data = _data()
    change(data)
    with pytest.raises(LessonError, match=field):
        parse("4-uno", data)


def test_only_the_rule_based_levels_forget_on_purpose() -> None:
    for level in (Level.EASY, Level.NORMAL, Level.HARD):
        agent = forgetting_uno(level)
        assert agent.level is level and agent.uno_call_chance == agent.late_call_chance == 0.0
        assert LEVELS[level]().uno_call_chance > 0.0  # the level itself still calls
    with pytest.raises(ValueError, match="expert"):
        forgetting_uno(Level.EXPERT)


def _to_the_catch(app: App) -> LessonScene:
    """Lesson 4 on the table, played by keys up to the catch (its explanations read)."""
    scene = app.go(routes.Lesson("4-uno"))
    assert isinstance(scene, LessonScene)
    told = False
    for _move in range(30):
        frames(app, 240 if scene.presenter.busy else 30)
        step = scene.step
        assert step is not None and not scene.lost, scene.words()
        if scene.explaining is not None:
            if step.do is Do.CATCH:
                # The green 7's explanation speaks of Ana's move: it waited for it.
                assert "she did not call UNO" in scene.words()[1]
                assert len(scene.game.hands[ANA]) == 1
                told = True
            scene.handle(Intent(Act.CONFIRM))
        elif step.action(scene.game) is None:
            continue
        elif step.do is Do.CATCH:
            assert told
            return scene
        elif step.do is Do.UNO:
            scene.handle(Intent(Act.UNO))
        else:
            scene.handle(Intent(Act.CONFIRM))  # the keys' focus is on the ringed card
    raise AssertionError(f"the catch never came: {scene.words()}")


@pytest.mark.slow  # the lesson played on the table: make test, not test-quick
@pytest.mark.parametrize("by_mouse", [True, False], ids=["mouse", "keys"])
def test_the_catch_button_is_ringed_and_catches_on_the_table(by_mouse: bool) -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True, builder=build_screen)
    scene = _to_the_catch(app)
    frames(app, 600)  # ten seconds: the AIs answer at once at this pace, but they wait
    assert len(scene.game.hands[BEN]) == 2 and scene.game.catchable == [ANA]
    assert "Catch her before Ben plays" in scene.words()[1]
    ringed = scene.pointed()
    button = next(b for b in scene.buttons.buttons if b.label == "Catch Ana")
    assert ringed == button.rect and not scene.panel_rect.colliderect(ringed)
    if by_mouse:
        scene.handle(Intent(Act.PRESS, ringed.center))
        scene.handle(Intent(Act.RELEASE, ringed.center))
    else:
        scene.handle(Intent(Act.CATCH))
    assert len(scene.game.hands[ANA]) == 3 and scene.step is not None
    assert scene.step.do is Do.PLAY
    for _frame in range(20):
        if scene.explaining is not None:
            break
        frames(app, 30)
    assert "You caught Ana" in scene.words()[1]
    assert len(scene.game.hands[BEN]) == 1  # Ben played once the catch was made
