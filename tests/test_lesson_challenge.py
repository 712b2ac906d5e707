"""Lesson 3's two challenges (issue 41: "the challenge (both outcomes)"): Ben's bluff is caught
and he draws four; then his legal Wild Draw Four is challenged and the person draws six, as the
explanations say. And a lesson's scores name their last column by what a single hand scores,
not "Match total"."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.cards import Color, Rank
from game.events import CardPlayed, CardsDrawn, Challenged, ColorChosen, DrawReason, Skipped
from game.lesson_words import WORDS
from game.lessons import PERSON, REHEARSAL_LIMIT, load_all
from game.match import Match, MatchEvent
from scenes import routes, ui
from scenes.app import App, use_language
from scenes.assets import asset_root
from scenes.input import Act, Intent
from scenes.lesson import LessonScene, LessonScores
from scenes.table import scoring
from scenes.ui import draw_text
from tests.lesson_helpers import FRAME, instant_app

BEN = 2


def _rehearsed(key: str) -> list[MatchEvent]:
    """Every event of the lesson ``key`` played by its steps, as ``rehearse`` plays it, and the
    others' moves after the last step (what the last explanation speaks of)."""
    lesson = next(item for item in load_all(asset_root() / "lessons")[0] if item.key == key)
    match = Match(lesson.rules, lesson.seats("You"), lesson.seed, game=lesson.game(), pace=0.0)
    events: list[MatchEvent] = []

    class Heard:
        def on_events(self, _match: Match, told: Sequence[MatchEvent]) -> None:
            events.extend(told)

    match.add_listener(Heard())
    for step in [*lesson.steps, None]:
        for _turn in range(REHEARSAL_LIMIT):
            if PERSON in match.waiting_on() or not match.fast_forward(1):
                break
        if step is not None:
            action = step.action(match.game)
            assert action is not None
            match.submit(PERSON, action)
    return events


def test_the_wild_lesson_shows_both_outcomes_of_a_challenge() -> None:
    events = _rehearsed("3-wild")
    challenges = [e for e in events if isinstance(e, Challenged)]
    assert [(e.player, e.target, e.bluff) for e in challenges] == [
        (PERSON, BEN, True),
        (PERSON, BEN, False),
    ]
    caught, failed = (events.index(e) for e in challenges)
    # The bluff: Ben held blue, the color in play, and drew four, not you.
    assert challenges[0].hand is not None and challenges[1].hand is not None
    assert any(card.color is Color.BLUE for card in challenges[0].hand)
    drawn = events[caught + 1]
    assert isinstance(drawn, CardsDrawn) and drawn.player == BEN and len(drawn.cards) == 4
    assert drawn.reason is DrawReason.BLUFF_CAUGHT
    # "Ana played her green 8, and Ben another Wild Draw Four on you."
    plays = [(e.player, e.card.code) for e in events[caught:failed] if isinstance(e, CardPlayed)]
    assert plays == [(PERSON, "G2"), (1, "G8"), (BEN, "W+4")]
    # "Ben held no green": the Wild Draw Four was allowed; you drew six and missed your turn.
    assert not any(card.color is Color.GREEN for card in challenges[1].hand)
    six, skipped = events[failed + 1], events[failed + 2]
    assert isinstance(six, CardsDrawn) and six.player == PERSON and len(six.cards) == 6
    assert six.reason is DrawReason.CHALLENGE_FAILED
    assert isinstance(skipped, Skipped) and skipped.player == PERSON
    said = WORDS["wild.again.done"]
    assert "no green" in said and "six cards" in said and "accept" in said


def test_green_was_the_color_in_play_at_bens_second_wild_draw_four() -> None:
    """The question says "Did Ben hold green?": green was the color his card was played on."""
    events = _rehearsed("3-wild")
    wilds = [
        i
        for i, e in enumerate(events)
        if isinstance(e, CardPlayed) and e.player == BEN and e.card.rank is Rank.WILD_DRAW_FOUR
    ]
    assert len(wilds) == 2
    before = [e for e in events[: wilds[1]] if isinstance(e, CardPlayed | ColorChosen)][-1]
    assert isinstance(before, CardPlayed) and before.card.color is Color.GREEN
    assert "green" in WORDS["wild.again"]


# ----------------------------------------------------------------- the lesson's scores


@pytest.fixture
def app() -> App:
    return instant_app()


def _scores(app: App) -> LessonScores:
    """Lesson 5 played to its scores (its one step: the green 3 goes out)."""
    lesson = app.go(routes.Lesson("5-score"))
    assert isinstance(lesson, LessonScene)
    for _frame in range(900):
        if isinstance(app.top, LessonScores):
            break
        if lesson.explaining is not None:
            lesson.handle(Intent(Act.CONFIRM))
        elif lesson.step is not None and lesson.step.action(lesson.game) is not None:
            lesson.try_card(next(c for c in lesson.game.hands[PERSON] if c.code == "G3"))
        app.step(FRAME, [])
    scores = app.top
    assert isinstance(scores, LessonScores)
    return scores


@pytest.fixture
def drawn_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the scoring screen draws."""
    words: list[str] = []

    def keep(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> object:
        words.append(text)
        return draw_text(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scoring, "draw_text", keep)
    yield words


def test_a_lessons_scores_name_their_last_column_by_the_hand(
    app: App, drawn_words: list[str]
) -> None:
    scores = _scores(app)
    app.draw()
    assert "Points scored" in drawn_words and "Match total" not in drawn_words
    assert "Points in hand" in drawn_words
    (_hand, hand_box), (total, total_box) = scoring.header_rects(scores.rect, "Points scored")
    assert total == "Points scored" and hand_box.right + 12 <= total_box.left


def test_a_matchs_scores_keep_match_total() -> None:
    pygame.init()
    rect = pygame.Rect(160, 0, 1600, scoring.panel_height(4))
    assert [label for label, _box in scoring.header_rects(rect)] == [
        "Points in hand",
        "Match total",
    ]
    assert scoring.ScoringScene.total_header is None


@pytest.mark.slow  # a sweep (every language): make test, not test-quick
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("language", [*i18n.CODES, i18n.PSEUDO])
def test_the_lessons_column_header_fits_in_every_language(
    app: App, language: str, large: bool
) -> None:
    scores = _scores(app)
    use_language(language)
    ui.set_large_text(large)
    try:
        app.step(FRAME, [])
        with ui.watching_overflow() as overflow:
            app.draw()
        assert not overflow, [o.text for o in overflow]
        (_h, hand_box), (total, total_box) = scoring.header_rects(scores.rect, "Points scored")
        assert total == i18n._("Points scored")
        assert hand_box.right + 12 <= total_box.left and scores.rect.contains(total_box)
    finally:
        use_language(i18n.ENGLISH)
        ui.set_large_text(False)
