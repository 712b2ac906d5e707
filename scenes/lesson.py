"""Guided lessons on the real table: the list of lessons, and a lesson played.

A lesson (``game.lessons``) is a stacked deal and its steps. ``LessonScene`` is the table scene
itself, with the lesson's match: the person plays by mouse, keys or controller exactly as at
any table, and the lesson only listens to the match's events to know when a step is done. It
rings the card or button the step points at, says the step's sentence in a panel that keeps
clear of it, explains what happened once it is done (until confirmed: Enter, a click on the
panel, A), and lets the person leave at any moment (Skip lesson, Esc), a question of the table
open or not. An explanation waits until the other players' moves after the step have been
played and shown, so that it only ever speaks of what the screen has shown; the table's buttons
are hidden meanwhile, and while the table moves. A question of the table (a color, a challenge)
opens with the step's answer focused. A legal move other than the step's is played like any
move; the lesson says so gently, and when the hand can no longer reach the step it says that too
and offers to start again. At its end the lesson offers the next unfinished lesson and the list;
the hand's scores speak of the hand, not of a match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import pygame

from game.actions import CallUno, Catch, Draw
from game.events import MatchEnded
from game.i18n import N_, _, sentences
from game.lessons import PERSON, Do, Lesson, Step, load_all
from game.match import Match, MatchEvent, MatchSetup
from scenes import routes
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight, asset_root, scaled
from scenes.input import Act, Intent
from scenes.store import lessonrecord as lessons_store
from scenes.table import moves
from scenes.table.listeners import Statistics
from scenes.table.overlays import RaceOverlay
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.table.scoring import ScoringScene
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, fit_size, panel, wrap

# The lesson's panel: its width, text size and line pitch (logical pixels).
PANEL_W = 520  # clear of the prompts in the middle of the table
# The narrowest the panel gets beside a wide prompt, and its left edge.
MIN_PANEL_W = 200
PANEL_LEFT = 40
# A long explanation's panel, while no prompt is open: clear of the piles.
WIDE_PANEL_W = 740
TEXT_SIZE = 28
# The smallest the sentence is drawn, when a long one would run over the move log.
MIN_TEXT_SIZE = 18
# The panel's top, between the seat above and the move log, and its gap above the log.
PANEL_TOP = 350
PANEL_GAP = 8
PANEL_PAD = 24
HEADING_SIZE = 30
HINT_SIZE = 22
# A line's height, as a multiple of its text size (at Large text too).
LINE_PITCH = 1.4
# The ring around what a step points at.
RING_COLOR = GOLD
RING_PAD = 10
# The ring breathes this many times a second (still with reduced motion).
PULSE_HZ = 1.2
# At a lesson's end these move between its buttons and press one (keys and controller).
MENU_ACTS = frozenset({Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN, Act.CONFIRM})


@cache
def lessons_found() -> tuple[tuple[Lesson, ...], tuple[str, ...]]:
    """Every playable lesson in ``assets/lessons`` and a sentence per file skipped (read and
    rehearsed once per run)."""
    lessons, problems = load_all(asset_root() / "lessons")
    return tuple(lessons), tuple(problems)


def lesson_route(app: App, key: str) -> Scene:
    """The lesson ``key`` at the table; the list, with a message, if there is no such lesson."""
    lessons, _problems = lessons_found()
    lesson = next((item for item in lessons if item.key == key), None)
    if lesson is None:
        scene = LessonsScene(app)
        scene.notice = _("That lesson cannot be played.")
        return scene
    return LessonScene(app, lesson)


class LessonScene(TableScene):
    """The table, playing a lesson's stacked deal, with the lesson's panel over it."""

    def __init__(self, app: App, lesson: Lesson) -> None:
        setup = MatchSetup(lesson.rules, lesson.seats("You"), lesson.seed)
        super().__init__(app, setup, sounds=app.media.sounds, art=app.media.art, game=lesson.game())
        # A lesson is not a match: it is not counted in the statistics.
        for listener in self.match.listeners:
            if isinstance(listener, Statistics):
                self.match.remove_listener(listener)
        self.presenter.restore(self.game, [], lambda: lesson.name)
        lesson.prepare(self.match)  # the AIs that forget UNO on purpose
        self.lesson = lesson
        self.index = 0  # the step waited for
        self.explaining: Step | None = None  # a step done, explained until confirmed
        # A step done whose explanation waits for the others' moves after it to be shown.
        self.pending: Step | None = None
        self.asked: ChoiceOverlay | None = None  # the table's question last seen open
        self.aimed = -1  # the step whose card the keys were last put on
        self.aside = ""  # a gentle word after a move that was not the step's
        self.lost = False  # the hand went where the step can no longer come
        self.after: Lesson | None = None  # the lesson Next lesson opens
        self.after_known = False  # ``after`` was looked up (once: it reads the record)
        self.panel_rect = pygame.Rect(0, 0, PANEL_W, 100)
        self.lesson_menu = Menu()
        self.end_shown = False  # the lesson's end's choices are the buttons now
        self._lesson_buttons()
        self.match.hold = self._holds

    # ------------------------------------------------------------- the steps

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        # A lesson is one hand, not a match: the move log and the status line say the hand
        # was won, never "you win the match".
        super().on_events(match, [e for e in events if not isinstance(e, MatchEnded)])
        step = self.step
        if step is None:
            return
        if step.done(events):
            self.index += 1
            self.aside = ""
            self.explaining = None
            self.pending = step if step.explanation else None
            if self.step is None:
                self._finish()
        elif step.acted(events):
            self.aside = _("That is allowed too. The lesson waits for the ringed move.")

    def update(self, dt: float) -> None:
        super().update(dt)
        self._meet_prompt()
        settled = not self.presenter.busy
        waited = PERSON in self.match.waiting_on()
        over = self.match.is_round_over
        if self.pending is not None and ((settled and (waited or self._holds())) or over):
            # The others have moved and the screen has shown it (or, the round over, nobody
            # moves again; or a timed step holds them until the person acts): now the
            # explanation.
            self.explaining, self.pending = self.pending, None
        if self.presenter.busy and self.buttons.buttons:
            self.buttons = Menu()  # see ``_rebuild_buttons``
        self._show_end()
        step = self.step
        if step is None or self.lost or not settled:
            return
        if waited and self.explaining is None:
            self._aim(step)
        # The game waits on the person and the step cannot be done: the hand went another way.
        # (Rehearsed, every time the game waits on the person the step can be done: ``rehearse``
        # does each step at the first such moment.)
        if (waited and step.action(self.game) is None) or over:
            self._lose()

    def _holds(self) -> bool:
        """The AIs wait while a timed step's moment is open (a race, a jump-in: game.lessons)."""
        step = self.step
        return step is not None and step.holds(self.game)

    def _rebuild_buttons(self) -> None:
        # Nothing to press while the table moves or an explanation waits: a button left from
        # the moment before ("Take 4" after the challenge) would mean nothing.
        if self.presenter.busy or self.pending is not None or self.explaining is not None:
            self.buttons = Menu()
            return
        super()._rebuild_buttons()

    def _aim(self, step: Step) -> None:
        """Put the keys' focus on the step's card once, when it can be played: Enter (or A)
        then plays the ringed card, not one the mouse happened to rest on."""
        if step.do is not Do.PLAY or self.aimed == self.index:
            return
        for place, sprite in enumerate(self.presenter.hands[PERSON]):
            if sprite.card.code == step.card:
                self.aimed = self.index
                self.hand.focus = place
                self.presenter.point_at(sprite.card.uid)
                return

    def _meet_prompt(self) -> None:
        """A question of the table just opened: it lets the lesson take Esc and its buttons
        first, and it opens on the answer the step asks for (one press does the step)."""
        top = self.app.top
        if not isinstance(top, ChoiceOverlay) or top is self.asked:
            return
        self.asked = top
        top.guest = self
        step = self.step
        if step is not None:
            top.focus_on(step.is_done_by)

    def over_prompt(self, intent: Intent) -> bool:
        """Input over an open question of the table: Esc and the lesson's buttons are the
        lesson's (leaving always works); the rest is the question's."""
        if intent.act is Act.BACK:
            self.leave_lesson()
            return True
        if intent.pos is not None and self.lesson_menu.at(intent.pos) is not None:
            self.lesson_menu.handle(intent)
            return True
        return False

    def draw_over_prompt(self, surface: pygame.Surface) -> None:
        """Over the question's dimming: the lesson's panel and buttons stay clear to read."""
        self._panel(surface, None)
        self.lesson_menu.draw(surface, show_focus=False)

    def _round_over_shown(self) -> bool:
        if not self.match.is_round_over:
            return False
        # The lesson's last explanation (how a round is scored) is read before the scores
        # cover the table; the round stays over meanwhile, nothing else moves.
        if self.explaining is not None or self.pending is not None:
            return True
        if self.round_shown != self.game.round:
            self.round_shown = self.game.round
            self.app.push(LessonScores(self.app, self))
        return True

    def _lose(self) -> None:
        self.lost = True
        self.explaining = None
        self.aside = _("The hand went another way. Start the lesson again, or play on.")
        self._lesson_buttons()

    def _finish(self) -> None:
        problem = finish_lesson(self.lesson.key)
        if problem:
            self.refuse(problem)
        self._lesson_buttons()

    @property
    def complete(self) -> bool:
        """Every step was done (a lesson has at least one: ``game.lessons``)."""
        return self.step is None

    @property
    def ended(self) -> bool:
        """The lesson is done and its last explanation read: its end's buttons take the keys."""
        return self.complete and self.explaining is None and self.pending is None

    def confirm(self) -> None:
        """The explanation was read: on to the next step (or the lesson's end)."""
        self.explaining = None
        self._show_end()

    def _show_end(self) -> None:
        """The lesson's end's choices become its buttons once its last explanation is read."""
        if self.complete and self.ended != self.end_shown:
            self.end_shown = self.ended
            self._lesson_buttons()

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        if self.over_prompt(intent):
            return
        if self.ended and intent.act in MENU_ACTS:
            # The lesson's end: keys and controller choose between its buttons.
            self.lesson_menu.handle(intent)
            return
        if intent.act is Act.RELEASE:
            self.lesson_menu.pressed = None
        if self.explaining is not None:
            on_panel = intent.pos is not None and self.panel_rect.collidepoint(intent.pos)
            if intent.act is Act.CONFIRM or (intent.act is Act.RELEASE and on_panel):
                self.confirm()
                return
            if on_panel:
                return
        super().handle(intent)

    def play_again(self) -> None:
        """The scores' Play again: this lesson once more (not a match with its stacked rules)."""
        self.finish_match()
        self.app.go(routes.Lesson(self.lesson.key), "replace")

    def leave_lesson(self) -> None:
        """Skip lesson, Esc, Back to lessons: the list of lessons, where it was chosen."""
        self.app.go(routes.Lessons(), "reset")

    def again(self) -> None:
        self.app.go(routes.Lesson(self.lesson.key), "replace")

    def next_lesson(self) -> Lesson | None:
        """The lesson Next lesson opens: the first unfinished one after this one, in order
        (then from the start); None when every other lesson is finished. Looked up once, at
        the lesson's end (not at every frame that shows it)."""
        if not self.after_known:
            record, _problem = lessons_store.load_lessons()
            self.after = following(self.lesson.key, lessons_found()[0], record.finished)
            self.after_known = True
        return self.after

    def go_next(self) -> None:
        following_lesson = self.next_lesson()
        if following_lesson is None:
            self.leave_lesson()
        else:
            self.app.go(routes.Lesson(following_lesson.key), "reset")

    def end_choices(self) -> list[tuple[str, Callable[[], None]]]:
        """The lesson's end: Next lesson (when one is left), then Back to lessons."""
        choices = [(_("Back to lessons"), self.leave_lesson)]
        if self.next_lesson() is not None:
            choices.insert(0, (_("Next lesson"), self.go_next))
        return choices

    def _lesson_buttons(self) -> None:
        # Top middle: the table's menu button has the corner, the seats the sides.
        # The end's choices wait for the last explanation (a click on Next lesson would skip
        # it); until then Skip lesson, as Esc, leaves.
        if self.ended:
            specs = self.end_choices()
        else:
            specs = [(_("Skip lesson"), self.leave_lesson)]
            if self.lost:
                specs.append((_("Start again"), self.again))
        buttons = []
        for i, (label, click) in enumerate(specs):
            color = (40, 130, 80) if self.ended and i == 0 else (40, 56, 72)
            rect = pygame.Rect(690 + i * 280, 24, 260, 56)
            buttons.append(Button(rect, label, click, color=color, text_size=26))
        self.lesson_menu = Menu(buttons)

    def relabel(self) -> None:
        super().relabel()
        self._lesson_buttons()

    # ------------------------------------------------------------- drawing

    def pointed(self) -> pygame.Rect | None:
        """Where on the screen the step waited for points (None: nothing, or a prompt's own
        buttons, which ask the question themselves)."""
        step = self.step
        # An explanation read beside an open prompt (a race's) goes with the next step's ring.
        reading = self.explaining is not None and not self.prompted()
        if step is None or reading or self.pending is not None or self.lost:
            return None
        if step.do is Do.RACE:
            return self._race_place()
        if step.do in (Do.PLAY, Do.JUMPIN):
            for card in self.game.hands[PERSON]:
                if card.code == step.card:
                    sprite = self.presenter.sprites.get(card.uid)
                    return None if sprite is None else sprite.rect()
            return None
        kind = {Do.DRAW: Draw, Do.UNO: CallUno, Do.CATCH: Catch}.get(step.do)
        if kind is None:
            return None
        specs = moves.button_specs(self.game, self.mine(), self.narrator.name)
        for spec, button in zip(specs, self.buttons.buttons, strict=False):
            if isinstance(spec.action, kind):
                return button.rect
        return None

    def _race_place(self) -> pygame.Rect | None:
        """The place the running race asks the person to tap (None: a key, or anywhere)."""
        race = self.races.screen
        if race is None:
            return None
        places = {
            "draw": self.layout.draw_pile.rect(),
            "discard": self.layout.discard_pile.rect(),
            "seat": self.presenter.place(PERSON).plate.rect(),
            "center": self.layout.prompt.rect(),
        }
        return places.get(moves.RACE_STEPS[race.rule][len(race.done)])

    def _beside_prompt(self) -> int:
        """The panel's width while a prompt is open: narrower than ``PANEL_W`` when the prompt
        reaches over it (a House Rule's two columns of choices), so the sentence stays in sight."""
        top = self.app.top
        if isinstance(top, ChoiceOverlay):
            return max(MIN_PANEL_W, min(PANEL_W, top.rect.left - PANEL_LEFT - PANEL_GAP))
        return PANEL_W

    def _race_box(self) -> tuple[pygame.Rect, ...]:
        """The race prompt's panel, open over the status line and above it, if any."""
        top = self.app.top
        return (top.box(),) if isinstance(top, RaceOverlay) else ()

    def prompted(self) -> bool:
        """A question of the table (a color, a challenge) is open over it: it takes the input,
        so an explanation still shown is read beside the next step, not confirmed."""
        return self.app.top is not self

    def words(self) -> tuple[str, str]:
        """The panel's heading and its sentence now."""
        if self.explaining is not None:
            step = self.step
            if self.prompted() and step is not None:
                return _("What happened"), sentences(self.explaining.explanation, step.sentence)
            return _("What happened"), self.explaining.explanation
        if self.pending is not None:
            return self.lesson.name, _("Watch the other players' moves.")
        if self.complete:
            if self.next_lesson() is None:
                return _("Lesson complete"), _("Well done! That was the last lesson left.")
            return _("Lesson complete"), _(
                "Well done! Go on to the next lesson, or back to the list of lessons."
            )
        step = self.step
        sentence = step.sentence if step is not None else ""
        if self.aside:
            sentence = sentences(self.aside, sentence) if not self.lost else self.aside
        return self.lesson.name, sentence

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        target = self.pointed()
        if target is not None:
            self._ring(surface, target)
        if self.asked is not None and self.app.top is self.asked:
            return  # drawn over the question's dimming (``draw_over_prompt``)
        self._panel(surface, target)
        # At the lesson's end its buttons take the keys: the focus is shown.
        self.lesson_menu.draw(surface, show_focus=self.ended)

    def _ring(self, surface: pygame.Surface, target: pygame.Rect) -> None:
        phase = 0.0 if self.app.settings.reduced_motion else self.clock * PULSE_HZ
        grow = int(4 * abs((phase % 1.0) * 2 - 1))
        ring = target.inflate(2 * (RING_PAD + grow), 2 * (RING_PAD + grow))
        pygame.draw.rect(surface, (20, 20, 20), ring.inflate(6, 6), width=3, border_radius=16)
        pygame.draw.rect(surface, RING_COLOR, ring, width=5, border_radius=14)

    def _panel(self, surface: pygame.Surface, target: pygame.Rect | None) -> None:
        heading, sentence = self.words()
        hint = self.explaining is not None and not self.prompted()
        # Below the panel: the move log, the status line (its long sentences reach under the
        # panel's right end) and, in a race, the race's prompt over it.
        below = (self.layout.log.rect(), self.layout.status.rect(), *self._race_box())
        floor = min(rect.top for rect in below) - PANEL_GAP
        # A long sentence (a scoring explanation, Large text) is drawn smaller, then in a wider
        # panel (not while a prompt is open in the middle), rather than run over them.
        widths = (self._beside_prompt(),) if self.prompted() else (PANEL_W, WIDE_PANEL_W)
        for width in widths:
            room = width - 2 * PANEL_PAD
            for size in range(TEXT_SIZE, MIN_TEXT_SIZE - 1, -2):
                lines = _panel_lines(heading, sentence, hint, size, room)
                steps = [round(scaled(size) * LINE_PITCH) for _line, size, _c, _w in lines]
                height = 2 * PANEL_PAD + sum(steps)
                if PANEL_TOP + height <= floor:
                    break
            else:
                continue
            break
        self.panel_rect = place_panel(surface.get_rect(), (width, height), target, below)
        box = self.panel_rect
        surface.blit(panel(box.size, 18, (16, 24, 34, 235), (*GOLD, 200), 3), box)
        y = box.y + PANEL_PAD
        for (line, size, color, weight), step in zip(lines, steps, strict=True):
            # A single word wider than the panel (a long compound) is drawn to fit it.
            size = fit_size(line, size, room, weight)
            at = (box.x + PANEL_PAD, y)
            draw_text(surface, line, size, at, color, weight, "topleft", box=room)
            y += step


_Line = tuple[str, int, tuple[int, int, int], Weight]


def _panel_lines(heading: str, sentence: str, hint: bool, size: int, room: int) -> list[_Line]:
    """The panel's lines, wrapped to ``room``: the heading, the sentence at ``size``, and the
    hint to go on when an explanation waits to be read."""
    parts: list[_Line] = [
        (heading, HEADING_SIZE, GOLD, Weight.BOLD),
        (sentence, size, WHITE, Weight.REGULAR),
    ]
    if hint:
        parts.append((_("Enter, a click here or A: go on"), HINT_SIZE, MUTED, Weight.REGULAR))
    return [
        (line, part_size, color, weight)
        for text, part_size, color, weight in parts
        for line in wrap(text, part_size, room, weight)
    ]


def place_panel(
    screen: pygame.Rect,
    size: tuple[int, int],
    avoid: pygame.Rect | None,
    keep_clear: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Where the lesson's panel goes: at the left, between the seat above and the move log, or,
    when that would cover what the step points at (or, long, the move log in ``keep_clear``),
    higher up (it never covers the pointed thing)."""
    clear = [*keep_clear, *([avoid] if avoid is not None else [])]
    for top in (PANEL_TOP, 120):
        rect = pygame.Rect((40, top), size)
        if rect.bottom <= screen.bottom and rect.collidelist(clear) < 0:
            return rect
    rect = pygame.Rect((screen.right - size[0] - 40, 100), size)
    if avoid is not None and rect.colliderect(avoid):
        return pygame.Rect((40, 120), size)  # the pointed thing was at the left after all
    return rect


def following(key: str, lessons: Sequence[Lesson], finished: set[str]) -> Lesson | None:
    """The first lesson after ``key`` in order (then from the start) not in ``finished``."""
    keys = [lesson.key for lesson in lessons]
    start = keys.index(key) + 1 if key in keys else 0
    ordered = [*lessons[start:], *lessons[:start]]
    return next((lesson for lesson in ordered if lesson.key not in finished | {key}), None)


class LessonScores(ScoringScene):
    """The scores at a lesson's end: the hand's, not a match's (no winner's screen), and the
    lesson's way on: Next lesson, Back to lessons, Every move."""

    # TRANSLATORS: the header of the column of what each player scored in a lesson's one hand
    # (beside "Points in hand"; a match's says "Match total").
    total_header = N_("Points scored")

    def __init__(self, app: App, lesson: LessonScene) -> None:
        self.lesson = lesson
        super().__init__(app, lesson)
        self.match = None  # the one hand is the lesson: "You win the round!", its rows
        self.confetti = ()
        self.menu.on_back = lesson.leave_lesson  # Esc leaves the lesson here too

    def _buttons(self) -> None:
        self._button_row([*self.lesson.end_choices(), (_("Every move"), self._log)])


def finish_lesson(key: str) -> str | None:
    """Remember a finished lesson; a message if the disk refused."""
    return lessons_store.finish(key)


# The list of lessons: one column while this many fit above the notice, two beyond.
LIST_ROWS = 5


def list_columns(count: int) -> int:
    return 1 if count <= LIST_ROWS else 2


def list_place(index: int, columns: int) -> pygame.Rect:
    """The button of the lesson ``index`` in a list of ``columns`` columns, row by row (the
    arrows move along rows, as the menu's ``columns`` says)."""
    rect = pygame.Rect(0, 0, 760, 80)
    row, column = divmod(index, columns)
    x = 960 if columns == 1 else 960 + (column * 2 - 1) * 400
    rect.midtop = (x, 250 + row * 96)
    return rect


class LessonsScene(Scene):
    """The lessons, in order, each a button; the finished ones ticked."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        lessons, problems = lessons_found()
        self.lessons = lessons
        record, problem = lessons_store.load_lessons()
        self.finished = record.finished
        self.notice = " ".join([*problems, *([problem] if problem else [])])
        self.menu = Menu(on_back=self.back)
        self.relabel()

    def relabel(self) -> None:
        buttons = []
        columns = list_columns(len(self.lessons))
        self.menu.columns = columns
        for i, lesson in enumerate(self.lessons):
            rect = list_place(i, columns)
            done = lesson.key in self.finished
            detail = _("finished") if done else ""
            color = (40, 130, 80) if done else (40, 56, 72)
            buttons.append(Button(rect, lesson.name, self._open(lesson.key), detail, color=color))
        back = pygame.Rect(0, 0, 360, 62)
        back.midtop = (960, 280 + -(-len(self.lessons) // columns) * 96)
        buttons.append(Button(back, _("Back"), self.back))
        if not self.menu.buttons:
            # Opened: the focus on the first lesson not finished (Enter goes on learning).
            keys = [lesson.key for lesson in self.lessons]
            self.menu.focus = next((i for i, key in enumerate(keys) if key not in self.finished), 0)
        self.menu.buttons = buttons

    def _open(self, key: str) -> Callable[[], None]:
        def open_() -> None:
            self.app.go(routes.Lesson(key))

        return open_

    def back(self) -> None:
        self.app.go(routes.Title(), "reset")

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("Learn to play"), 64, (960, 120), GOLD, Weight.BLACK, shadow=True)
        self.menu.draw(surface)
        if self.notice:
            for i, line in enumerate(wrap(self.notice, 22, 1700, Weight.REGULAR)[:6]):
                draw_text(surface, line, 22, (960, 900 + i * 30), WHITE, Weight.REGULAR)
