"""Before a deck's first match, "New to these cards?": its lesson offered, never forced.

The first time a person starts a match (New game, Quick game) with a deck other than the classic
whose lesson they have not finished and have not been offered, a small question comes before
the table: Learn plays that lesson, Play (or Esc) starts the match as asked. The 2023 deck
offers its lesson; the House Rules! deck its first lesson not yet finished (House Rules and
races, then the Wild Game Changer, which every House Rules! match deals). Which lessons belong to
a deck is read from the lessons themselves (their preset's deck), so a lesson whose file could
not be played is never offered. Each lesson is offered once (``lessons.json``,
``scenes.store.lessonrecord``); never at a table with no person at the screen, an autoplay table
or a match continued. The classic deck is the first start's "New to UNO?" (the title).

A lesson taken from here keeps the match: leaving it (Skip lesson, Esc) starts the match, and
at its end a question offers the match or the title.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pygame

from game.cards import DeckKind, deck
from game.i18n import N_, _
from game.lessons import Lesson
from game.match import MatchSetup, SeatKind
from scenes import routes
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight, scaled, text_scale
from scenes.input import Intent
from scenes.lesson import LessonScene, lesson_route, lessons_found
from scenes.store.lessonrecord import LessonRecord, load_lessons, mark_offered
from scenes.ui import (
    DANGER,
    GOLD,
    WHITE,
    Button,
    Menu,
    draw_question,
    draw_text,
    fit_size,
    ink_pitch,
    panel,
    wrap,
)

# The question's line, naming the deck; {lesson} is the lesson's title.
DECK_LINES = {
    DeckKind.UNO2023: N_(
        "This match plays the 2023 deck, and one short guided hand teaches its new cards: {lesson}."
    ),
    DeckKind.HOUSE_RULES: N_(
        "This match plays the UNO House Rules! deck, and one short guided hand teaches it: "
        "{lesson}."
    ),
}
# The deck's own cards, shown above the question (by code, as ``game.cards`` writes them).
DECK_CARDS = {DeckKind.UNO2023: ("WSH", "WC"), DeckKind.HOUSE_RULES: ("R3H", "WGC")}
# The question's panel, in the middle of the screen, and its text.
BOX_SIZE = (860, 380)
BOX_CENTER = (960, 660)
HEADING_SIZE = 40
LINE_SIZE = 26
LINE_PITCH = 36
CARD_WIDTH = 150
AFTER_LESSON = N_("Well done! Play the match you were starting, or go back to the title.")
NOTICE_SIZE = 22


def question_box() -> pygame.Rect:
    """The question's panel, taller with Large text (the cards above it move up with it)."""
    box = pygame.Rect((0, 0), BOX_SIZE)
    box.height += round(BOX_SIZE[1] * (text_scale() - 1))
    box.center = BOX_CENTER
    return box


def fitted(text: str, room: int, height: int) -> tuple[list[str], int, int]:
    """``text`` wrapped to ``room`` at the largest size (``LINE_SIZE`` down to 18) whose lines
    fit ``height``: the lines, the size and the distance between them."""
    for size in range(LINE_SIZE, 17, -2):
        lines = wrap(text, size, room, Weight.REGULAR)
        pitch = ink_pitch(lines, size, Weight.REGULAR, scaled(round(size * LINE_PITCH / LINE_SIZE)))
        if len(lines) * pitch <= height:
            break
    return lines, size, pitch


def draw_lines(surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
    """``text`` in white, centred in ``box`` line by line, as large as it fits."""
    lines, size, pitch = fitted(text, box.width, box.height)
    top = box.centery - (len(lines) - 1) * pitch / 2
    for i, line in enumerate(lines):
        at = (box.centerx, top + i * pitch)
        draw_text(surface, line, size, at, WHITE, Weight.REGULAR, box=box.width)


def offered_lesson(
    setup: MatchSetup, lessons: Sequence[Lesson], record: LessonRecord
) -> Lesson | None:
    """The lesson a new match of ``setup`` offers first, if any: its deck's first lesson not
    finished, unless it was offered already; None for the classic deck and a table with no
    person at the screen."""
    kind = setup.rules.deck
    if kind is DeckKind.CLASSIC or not any(s.kind is SeatKind.PERSON for s in setup.seats):
        return None
    ordered = sorted(
        (item for item in lessons if item.rules.deck is kind), key=lambda item: item.order
    )
    first = next((item for item in ordered if item.key not in record.finished), None)
    return None if first is None or first.key in record.offered else first


def first_game(route: routes.Table, folder: Path | None = None) -> routes.Offer | None:
    """The question to ask before the table ``route``, if any: only before a new match a person
    started (``offer_lesson``), never an autoplay one or a match continued."""
    if not route.offer_lesson or route.autoplay or route.game is not None:
        return None
    record, problem = load_lessons(folder)
    lesson = offered_lesson(route.setup, lessons_found()[0], record)
    if lesson is None:
        return None
    # The match the question leads to is the same one, asked no more.
    return routes.Offer(replace(route, offer_lesson=False), lesson.key, problem or "")


def lesson_then(app: App, route: routes.Lesson) -> Scene:
    """The lesson ``route`` names; offered before a match (``then``), it keeps that match."""
    if route.then is None:
        return lesson_route(app, route.key)
    lesson = next((item for item in lessons_found()[0] if item.key == route.key), None)
    if lesson is None:
        return lesson_route(app, route.key)  # the list, saying the lesson cannot be played
    # The match after the lesson is not asked about again.
    return OfferedLessonScene(app, lesson, replace(route.then, offer_lesson=False))


class OfferScene(Scene):
    """ "New to these cards?": Learn (the lesson, then the match) or Play (the match; Esc)."""

    def __init__(self, app: App, route: routes.Offer) -> None:
        super().__init__(app)
        self.route = route
        self.background = shown_felt(app.screen.get_size())
        self.notice = route.notice
        self.lesson = next(item for item in lessons_found()[0] if item.key == route.lesson)
        cards = {card.code: card for card in deck(self.kind)}
        faces = [app.media.art.face(cards[code], CARD_WIDTH) for code in DECK_CARDS[self.kind]]
        # The deck's own cards, fanned a little: turned once here, not at every frame.
        self.faces = [
            pygame.transform.rotozoom(face, (i - (len(faces) - 1) / 2) * -12, 1.0)
            for i, face in enumerate(faces)
        ]
        learn = Button(pygame.Rect(0, 0, 300, 76), "", self.learn, color=(40, 130, 80))
        self.box = box = question_box()
        learn.rect.bottomright = (box.centerx - 12, box.bottom - 34)
        play = Button(pygame.Rect(0, 0, 300, 76), "", self.play)
        play.rect.bottomleft = (box.centerx + 12, box.bottom - 34)
        self.menu = Menu([learn, play], columns=2, on_back=self.play)
        self.relabel()

    @property
    def kind(self) -> DeckKind:
        return self.route.table.setup.rules.deck

    def relabel(self) -> None:
        self.menu.buttons[0].label = _("Learn")
        self.menu.buttons[1].label = _("Play")

    def line(self) -> str:
        """The sentence under the question, naming the deck and its lesson."""
        return _(DECK_LINES[self.kind]).format(lesson=self.lesson.name)

    def _answered(self) -> None:
        """Never asked again for this lesson (a disk that refuses it is told at the table)."""
        problem = mark_offered(self.route.lesson)
        if problem:
            self.app.notify(problem)

    def learn(self) -> None:
        self._answered()
        self.app.go(routes.Lesson(self.route.lesson, then=self.route.table), "replace")

    def play(self) -> None:
        self._answered()
        self.app.go(self.route.table, "replace")

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        box = self.box
        count = len(self.faces)
        for i, face in enumerate(self.faces):
            at = (960 + (i * 2 - count + 1) * 110, box.top - 120)
            surface.blit(face, face.get_rect(center=at))
        surface.blit(panel(box.size, 26, (14, 20, 28, 240), (*GOLD, 160), 3), box)
        room = box.width - 80
        question = _("New to these cards?")
        size = fit_size(question, HEADING_SIZE, room, Weight.BOLD)
        at = (box.centerx, box.y + 56)
        draw_text(surface, question, size, at, GOLD, Weight.BOLD, box=room)
        # Between the question and the buttons.
        top = box.y + 56 + scaled(HEADING_SIZE) // 2 + 16
        bottom = self.menu.buttons[0].rect.top - 16
        draw_lines(surface, self.line(), pygame.Rect(box.x + 40, top, room, bottom - top))
        self.menu.draw(surface)
        if self.notice:
            self._draw_notice(surface)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """A message about the record of lessons (damaged, kept aside), at the top."""
        lines = wrap(self.notice, NOTICE_SIZE, 1500, Weight.REGULAR)[:3]
        pitch = scaled(30)
        box = pygame.Rect(0, 0, 1560, 24 + len(lines) * pitch)
        box.midtop = (960, 30)
        surface.blit(panel(box.size, 16, (40, 14, 18, 225), (*DANGER, 160)), box)
        for i, text in enumerate(lines):
            at = (960, box.y + 12 + pitch // 2 + i * pitch)
            draw_text(surface, text, NOTICE_SIZE, at, WHITE, Weight.REGULAR, box=1500)


class OfferedLessonScene(LessonScene):
    """A lesson taken before a match: leaving it starts the match; at its end, the match or
    the title."""

    def __init__(self, app: App, lesson: Lesson, then: routes.Table) -> None:
        self.then = then
        self.question_put = False  # the question after the lesson
        super().__init__(app, lesson)

    def leave_lesson(self) -> None:
        self.app.go(self.then, "replace")

    def play_again(self) -> None:
        self.finish_match()
        self.app.go(routes.Lesson(self.lesson.key, then=self.then), "replace")

    def end_choices(self) -> list[tuple[str, Callable[[], None]]]:
        """The offered lesson's end (its buttons, and a finished hand's scores): the match the
        person was starting, or the title; never the next lesson."""
        return [(_("Play the match"), self.leave_lesson), (_("Back to the title"), self.title)]

    def title(self) -> None:
        self.app.go(routes.Title(), "reset")

    def words(self) -> tuple[str, str]:
        if self.complete and self.explaining is None:
            return _("Lesson complete"), _(AFTER_LESSON)  # Esc here starts the match
        return super().words()

    def update(self, dt: float) -> None:
        super().update(dt)
        # Once the last explanation is read, and no question of the table is open.
        if self.ended and not self.question_put and self.app.top is self:
            self.question_put = True
            self.app.push(AfterLessonOverlay(self.app, self.then))


class AfterLessonOverlay(Scene):
    """The offered lesson is finished: the match the person was starting (Esc), or the title."""

    opaque = False

    def __init__(self, app: App, then: routes.Table) -> None:
        super().__init__(app)
        self.then = then
        self.rect = pygame.Rect(0, 0, 1000, 400)
        self.rect.center = (960, 540)
        y = self.rect.bottom - 120
        play = Button(pygame.Rect(self.rect.x + 60, y, 420, 80), "", self.play, color=(40, 130, 80))
        back = Button(pygame.Rect(self.rect.right - 480, y, 420, 80), "", self.back)
        self.menu = Menu([play, back], columns=2, on_back=self.play)
        self.relabel()

    def relabel(self) -> None:
        self.menu.buttons[0].label = _("Play the match")
        self.menu.buttons[1].label = _("Back to the title")

    def play(self) -> None:
        # The lesson under this question gives its place to the match.
        self.app.close(self)
        self.app.go(self.then, "replace")

    def back(self) -> None:
        self.app.go(routes.Title(), "reset")

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        draw_question(surface, self.rect, _("Lesson complete"), [])
        text = _(AFTER_LESSON)
        top = self.rect.y + 60 + scaled(40) // 2 + 16
        room = self.rect.inflate(-100, 0)
        room.height = self.menu.buttons[0].rect.top - 16 - top
        room.top = top
        draw_lines(surface, text, room)
        self.menu.draw(surface)
