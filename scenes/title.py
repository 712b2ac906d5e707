"""The title screen: continue, quick game, new game, settings, statistics, how to play, quit;
and the About screen its corner button opens (version, engine, licence, credits, the log).

Every button names a route (``scenes.routes``) and the app builds its screen: this module
imports no other screen.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game import __version__, engine
from game.cards import DeckKind, deck
from game.i18n import N_, _
from game.match import default_setup
from game.rules import Rules
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight, asset_root, scaled
from scenes.input import Act, Intent
from scenes.routes import About, HowTo, Lessons, NewGame, Options, Stats, Table
from scenes.sound import Music
from scenes.store.lessonrecord import load_lessons, mark_asked
from scenes.store.logs import NATIVE_NAME, log_path
from scenes.store.saves import SaveError, Summary, load_match, summary
from scenes.ui import (
    DANGER,
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    draw_question,
    draw_text,
    fit_size,
    ink_pitch,
    panel,
    render,
    wrap,
)

# The panel of messages about the player's files, left of the menu.
NOTICE_WIDTH = 600
NOTICE_SIZE = 22
NOTICE_STEP = 29
NOTICE_LINES = 17

# Cards fanned behind the title, by code: one of each color and the two classic wilds.
SHOWCASE = ("R7", "YS", "G+2", "BR", "W", "W+4")


class TitleScene(Scene):
    music = Music.TITLE

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.age = 0.0
        cards = {c.code: c for c in deck(DeckKind.CLASSIC)}
        self.showcase = [cards[code] for code in SHOWCASE]
        # What the player must hear about their files (a damaged save, reset settings); each
        # message is a paragraph, shown at the top until the next one replaces them.
        self.notice = ""
        found, problem = summary()
        # A match in progress, which a new game would replace (None: nothing to continue).
        self.summary: Summary | None = found
        if problem:
            self.tell(problem)
        # The very first start asks "New to UNO?" beside the menu (never in its way), until
        # answered once.
        record, trouble = load_lessons()
        self.asking = not record.asked
        if trouble:
            self.tell(trouble)
        self.menu = Menu(on_back=self._quit)
        self.relabel()
        self.pointer_at: tuple[int, int] | None = None  # the first place the pointer was told
        if self.asking:
            # The very first start's question is what the screen asks: the keys and the pad
            # answer it first (Enter or A: Learn), not start a Quick game behind it.
            clicks = [button.on_click for button in self.menu.buttons]
            self.menu.focus = clicks.index(self._answer_learn)

    @property
    def saved(self) -> str | None:
        """The match to continue, in words (None when there is none)."""
        return None if self.summary is None else self.summary.text()

    def relabel(self) -> None:
        """The buttons, in the screen's language (the focus stays where it was)."""
        labels = []
        if self.summary is not None:
            labels.append((_("Continue"), self.summary.text(), self._continue))
        labels += [
            (_("Quick game"), _("you and three Normal AIs, classic rules"), self._quick),
            (_("New game"), _("players, AI levels and every rule"), self._new),
            (_("Settings"), "", self._settings),
            (_("Statistics"), "", self._stats),
            (_("How to play"), "", self._howto),
            (_("Quit"), "", self._quit),
        ]
        buttons = []
        for i, (label, detail, click) in enumerate(labels):
            rect = pygame.Rect(0, 0, 560, 80 if detail else 62)
            rect.midtop = (960, 480 + sum(92 if d else 74 for _l, d, _c in labels[:i]))
            color = (40, 130, 80) if i == 0 else (40, 56, 72)
            if click == self._howto:
                # How to play and Learn share a row: reading the rules, or playing them.
                # A little wider than the column, so that neither label shrinks at Large text.
                rect.width = 304
                rect.x = 960 - 312
                learn = rect.move(320, 0)
                buttons.append(Button(rect, label, click, detail, color=color))
                buttons.append(Button(learn, _("Learn"), self._learn, color=(40, 90, 130)))
                continue
            buttons.append(Button(rect, label, click, detail, color=color))
        if self.asking:
            learn = pygame.Rect(1380, 650, 220, 62)
            buttons.append(Button(learn, _("Learn"), self._answer_learn, color=(40, 130, 80)))
            buttons.append(Button(learn.move(236, 0), _("Play"), self._answer_play))
        # About (version, licence, credits, the log's path) waits in the corner, out of the way.
        about = pygame.Rect(1690, 1000, 190, 56)
        buttons.append(Button(about, _("About"), self._about, text_size=26))
        focus = self.menu.focus
        self.menu.buttons = buttons
        self.menu.focus = min(focus, len(buttons) - 1)

    def tell(self, message: str) -> None:
        """Add a message for the player under the ones already shown."""
        self.notice = f"{self.notice}\n\n{message}" if self.notice else message

    def _ask_first(self, start: Callable[[], None]) -> bool:
        """With a match in progress, ask before a new game replaces it (there is one save)."""
        if self.summary is None:
            return False
        self.app.push(ReplaceOverlay(self.app, self.summary.text(), start, self._continue))
        return True

    def _quick(self) -> None:
        if not self._ask_first(self._quick_now):
            self._quick_now()

    def _quick_now(self) -> None:
        self.app.go(Table(default_setup(), autosave=True, offer_lesson=True))

    def _continue(self) -> None:
        try:
            setup, game = load_match()
        except SaveError as error:
            self.notice = str(error)
            self.summary = None
            self.menu.focus = 0
            self.relabel()
            return
        self.app.go(Table(setup, game=game, autosave=True))

    def _new(self) -> None:
        if not self._ask_first(self._new_now):
            self._new_now()

    def _new_now(self) -> None:
        self.app.go(NewGame())

    def _stats(self) -> None:
        self.app.go(Stats())

    def _settings(self) -> None:
        self.app.go(Options())

    def _howto(self) -> None:
        self.app.go(HowTo(Rules()))

    def _learn(self) -> None:
        self.app.go(Lessons())

    def _answer_learn(self) -> None:
        self._answered(learner=True)
        self._learn()

    def _answer_play(self) -> None:
        self._answered()
        self.relabel()

    def _answered(self, learner: bool = False) -> None:
        """The first start's question was answered: it is never asked again."""
        self.asking = False
        problem = mark_asked(learner=learner)
        if problem:
            self.tell(problem)

    def _draw_question(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(1340, 470, 532, 260)
        surface.blit(panel(box.size, 18, (16, 24, 34, 225), (*GOLD, 160)), box)
        room = box.width - 40
        question = _("New to UNO?")
        size = fit_size(question, 34, room, Weight.BOLD)
        draw_text(surface, question, size, (box.centerx, box.y + 40), GOLD, Weight.BOLD, box=room)
        # Two lines at most, at full size (Large text wraps rather than shrinks).
        offer = wrap(_("Short guided hands teach you the game."), 22, room, Weight.REGULAR)[:2]
        pitch = ink_pitch(offer, 22, Weight.REGULAR, scaled(30))
        for i, line in enumerate(offer):
            at = (box.centerx, box.y + 86 + i * pitch)
            draw_text(surface, line, 22, at, WHITE, Weight.REGULAR, box=room)

    def _about(self) -> None:
        self.app.go(About())

    def _quit(self) -> None:
        self.app.quit(0)

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.POINT and self.asking and self.pointer_at in (None, intent.pos):
            # Where the pointer rests as the window opens (SDL tells it at once, and it may be
            # over Quick game): it does not take the keys from the question until it moves.
            self.pointer_at = intent.pos
            return
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.age += dt

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The messages about the player's files, in a panel beside the menu (the space above
        is the title's); a long list is cut, since the files are kept aside to be read."""
        lines = wrap(self.notice, NOTICE_SIZE, NOTICE_WIDTH - 56)[:NOTICE_LINES]
        box = pygame.Rect(56, 470, NOTICE_WIDTH, 40 + len(lines) * NOTICE_STEP)
        surface.blit(panel(box.size, 18, (40, 14, 18, 225), (*DANGER, 160)), box)
        for i, line in enumerate(lines):
            y = box.y + 20 + NOTICE_STEP // 2 + i * NOTICE_STEP
            draw_text(surface, line, NOTICE_SIZE, (box.x + 28, y), WHITE, Weight.REGULAR, "midleft")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        art = self.app.media.art
        count = len(self.showcase)
        for i, card in enumerate(self.showcase):
            spread = i - (count - 1) / 2
            still = self.app.settings.reduced_motion
            sway = 0.0 if still else math.sin(self.age * 0.8 + i) * 1.5
            face = pygame.transform.rotozoom(art.face(card, 120), -spread * 9 + sway, 1.0)
            center = (960 + spread * 90, 316 + abs(spread) ** 2 * 7)
            surface.blit(face, face.get_rect(center=center))
        # The game's name, in its own capitals: a name, the same in every language.
        draw_text(surface, "ONE MORE CARD", 96, (960, 96), GOLD, Weight.BLACK, shadow=True)
        draw_text(
            surface,
            _("The UNO card game, offline, against AIs that play fair"),
            28,
            (960, 170),
            WHITE,
            shadow=True,
        )
        if self.asking:
            self._draw_question(surface)
        self.menu.draw(surface)
        if self.notice:
            self._draw_notice(surface)
        hint = _("Mouse, keyboard or controller  ·  F11 full screen")
        size = fit_size(hint, 20, 1840)
        # Taller letters than the Latin ones move the line up, off the screen's bottom edge.
        y = min(1062, surface.get_height() - 2 - ink_pitch([hint], size, Weight.SEMIBOLD, 0) / 2)
        draw_text(surface, hint, size, (960, y), MUTED)


class ReplaceOverlay(Scene):
    """Asks before a new game replaces the saved match; keeping it is the default choice."""

    opaque = False

    def __init__(
        self, app: App, saved: str, start: Callable[[], None], keep: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.saved = saved
        self.rect = pygame.Rect(0, 0, 1000, 400)
        self.rect.center = (960, 540)
        y = self.rect.bottom - 120
        keep_button = Button(pygame.Rect(self.rect.x + 60, y, 420, 80), "", self._then(keep))
        start_button = Button(
            pygame.Rect(self.rect.right - 480, y, 420, 80),
            "",
            self._then(start),
            color=(120, 60, 40),
        )
        self.menu = Menu([keep_button, start_button], columns=2, on_back=self._back)
        self.lines: list[str] = []
        self.relabel()

    def relabel(self) -> None:
        # TRANSLATORS: {saved} is the match's line, "4 players, round 2, 31 moves so far".
        said = _("Your match in progress ({saved}) is saved to be continued.")
        text = f"{said.format(saved=self.saved)} {_('A new game replaces it.')}"
        self.lines = wrap(text, 26, self.rect.width - 100)
        self.menu.buttons[0].label = _("Continue my match")
        self.menu.buttons[1].label = _("Start a new game")

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def choose() -> None:
            self.app.close(self)
            action()

        return choose

    def _back(self) -> None:
        self.app.close(self)

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        draw_question(surface, self.rect, _("Replace the match in progress?"), self.lines)
        self.menu.draw(surface)


# The About screen's rows.
ABOUT_SIZE = 26
ABOUT_STEP = 36
ABOUT_LABEL_WIDTH = 230  # at least; a longer language's labels widen the column
ABOUT_LABEL_MOST = 520
ABOUT_GAP = 24
ABOUT_SMALLEST = 18
ABOUT_NOTE_ROOM = 64  # the panel's bottom, kept for its note


CREDITS = N_(
    "Made by The One More Card authors. Typefaces: Inter, by The Inter Project Authors, and"
    " Noto Sans CJK JP, by Adobe and Google (both SIL Open Font License 1.1). Built with"
    " pygame-ce and SDL, aiohttp, segno, pytmx and platformdirs, on Python."
)


def engine_kind() -> str:
    """Which rules engine this process runs: the mypyc build or the plain-Python modules."""
    compiled = (engine.__file__ or "").endswith((".so", ".pyd"))
    return _("compiled (mypyc)") if compiled else _("plain Python")


def licences_folder() -> Path:
    """Where the bundled software's licences are: beside the built program (build.spec copies
    them there), else (the .app, the source tree) in the assets."""
    beside = Path(sys.executable).resolve().parent / "licenses"
    if getattr(sys, "frozen", False) and beside.is_dir():
        return beside
    return asset_root() / "licenses"


def about_rows() -> list[tuple[str, str]]:
    """What the screen says, as (label, text) rows."""
    log = log_path()
    # TRANSLATORS: {folder} is a folder's path on this computer.
    licences = _("{folder} (README.txt says which file is whose)")
    return [
        (_("Version"), __version__),
        (_("Engine"), engine_kind()),
        (_("Licence"), _("MIT: the LICENSE file beside the program")),
        (_("Credits"), _(CREDITS)),
        (_("Other licences"), licences.format(folder=licences_folder())),
        (_("Log file"), str(log)),
        (_("Native crashes"), str(log.with_name(NATIVE_NAME))),
    ]


@dataclass(frozen=True)
class AboutLayout:
    """How the About rows are laid out: the text size, the label column's width, the text
    column's, the rows' wrapped lines and the distance between lines."""

    size: int
    label_width: int
    width: int
    lines: list[list[str]]
    step: int


def about_layout(rows: list[tuple[str, str]], rect: pygame.Rect) -> AboutLayout:
    """The rows laid out in ``rect`` above its note: at the usual size when they fit, smaller
    when a longer language's words (or taller letters) need more lines than the panel has."""
    for size in range(ABOUT_SIZE, ABOUT_SMALLEST - 1, -2):
        widest = max(render(label, size, WHITE, Weight.BOLD).get_width() for label, _t in rows)
        label_width = min(ABOUT_LABEL_MOST, max(ABOUT_LABEL_WIDTH, widest + ABOUT_GAP))
        width = rect.width - 120 - label_width
        lines = [wrap(text, size, width) or [""] for _label, text in rows]
        every = [line for row in lines for line in row]
        step = ink_pitch(every, size, Weight.REGULAR, round(ABOUT_STEP * size / ABOUT_SIZE))
        # The middle of the last line, and the room its letters take below it.
        last = rect.y + 60 + (len(every) - 1) * step + (len(rows) - 1) * (step // 2)
        if last + step // 2 <= rect.bottom - ABOUT_NOTE_ROOM:
            break
    return AboutLayout(size, label_width, width, lines, step)


class AboutScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.rows = about_rows()
        back = Button(pygame.Rect(810, 960, 300, 76), _("Back"), app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def relabel(self) -> None:
        self.rows = about_rows()
        self.menu.buttons[0].label = _("Back")

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        title = _("About One More Card")
        draw_text(surface, title, 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        rect = pygame.Rect(160, 130, 1600, 800)
        surface.blit(panel(rect.size, 26, (10, 16, 22, 215)), rect)
        layout = about_layout(self.rows, rect)
        x_label, x_text = rect.x + 60, rect.x + 60 + layout.label_width
        y = rect.y + 60
        for (label, _text), lines in zip(self.rows, layout.lines, strict=True):
            room = layout.label_width - ABOUT_GAP
            size = fit_size(label, layout.size, room, Weight.BOLD)
            draw_text(surface, label, size, (x_label, y), GOLD, Weight.BOLD, "midleft")
            for line in lines:
                # A path has no space to wrap at: drawn smaller where it is longer than the room.
                fitted = fit_size(line, layout.size, layout.width, Weight.REGULAR)
                draw_text(surface, line, fitted, (x_text, y), WHITE, Weight.REGULAR, "midleft")
                y += layout.step
            y += layout.step // 2
        note = _("A copy of the log helps when you report a problem.")
        draw_text(surface, note, 22, (rect.centerx, rect.bottom - 40), MUTED)
        self.menu.draw(surface)
