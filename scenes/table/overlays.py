"""Screens over the table: the race prompt, the pause menu, the hand-off curtain, every move.

They get the table through ``TableView``, the few things they read or ask of it, never the
table scene's class: the scene imports them, not the other way round. The pause menu names
where to go next (How to play, the title) by asking the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from game.i18n import _, ngettext
from game.match import Match
from game.rules import RACE_ACTION_TEXT, RaceAction
from scenes.app import App, Scene
from scenes.assets import Weight, scaled
from scenes.input import Act, Intent
from scenes.store.settings import PACES, SPEEDS, next_step, pace_name, save_settings, speed_name
from scenes.table.moves import RACE_STEPS, TAPS, RaceInput
from scenes.ui import (
    DANGER,
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    dim,
    draw_question,
    draw_text,
    fit_size,
    ink_pitch,
    panel,
    text_size,
    wrap,
)

# The widest a line of the couch curtain may be drawn: the 1920-pixel screen less a margin.
CURTAIN_TEXT_W = 1800
# The race panel's height at the normal text size, and the room its countdown bar keeps at the
# bottom (logical pixels).
RACE_PANEL_H = 170
RACE_BAR_ROOM = 24


@dataclass(frozen=True)
class PauseChoices:
    """What the pause menu offers at a table: the move log so far, How to play, leaving (asked
    first while people play; ``saved``: the match is autosaved), the phones (None: no phones),
    and where a problem saving the settings is told."""

    log: Callable[[], list[str]]
    how_to_play: Callable[[], None]
    leave: Callable[[], None]
    saved: bool
    phones: Callable[[], None] | None
    refuse: Callable[[str], None]


@dataclass(frozen=True)
class Curtain:
    """What the couch curtain shows of the table: its felt, the last move and the real-time
    moves each person can make off their turn."""

    background: pygame.Surface
    last_move: str
    help: list[str]


class TableView(Protocol):
    """What the table's overlays need of the table: the match, and a few verbs."""

    match: Match

    @property
    def race(self) -> RaceInput | None: ...

    def handle(self, intent: Intent) -> None: ...

    def race_seen(self) -> None: ...

    def take_screen(self, seat: int, device: int) -> int | None: ...

    def curtain(self) -> Curtain: ...

    def pause_choices(self) -> PauseChoices: ...


class RaceOverlay(Scene):
    """A House Rules race: the prompt, the steps done, and a countdown bar."""

    opaque = False
    freezes_below = False

    def __init__(self, app: App, table: TableView, status: pygame.Rect) -> None:
        super().__init__(app)
        self.table = table
        self.status = status  # the status banner's place, which the race panel covers
        self.age = 0.0

    def handle(self, intent: Intent) -> None:
        # Esc too: the table opens no pause during a race, and a lesson (whose AIs wait for
        # the person's race) leaves on it, as it always does.
        self.table.handle(intent)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.table.race is None and self.app.top is self:
            self.app.close(self)

    def box(self) -> pygame.Rect:
        """The race panel's place (a lesson's panel keeps clear of it): taller with Large text,
        so that its three lines stay one under the other."""
        status = self.status
        rect = pygame.Rect(0, 0, status.width + 8, max(RACE_PANEL_H, scaled(RACE_PANEL_H)))
        # Over the status line (which says the same), so the piles and seats a race may ask
        # you to tap stay in sight.
        rect.midbottom = (status.centerx, status.bottom + 4)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        race = self.table.race
        if race is None:
            return
        # From now on the AIs' clock runs (the first drawing counts).
        self.table.race_seen()
        rect = self.box()
        surface.blit(panel(rect.size, 26, (60, 16, 24, 255), (255, 214, 102, 200), 3), rect)
        # The longest action or hint in a longer language, at Large text, is drawn smaller,
        # inside; the three lines share the height above the bar by their real heights (a
        # language's accents or kana reach higher than Latin capitals).
        room = rect.width - 40
        action = _(RACE_ACTION_TEXT[race.rule])
        progress = _race_progress(race.rule, len(race.done))
        lines = [
            (_("RACE!"), 36, GOLD, Weight.BLACK),
            (action, fit_size(action, 34, room, Weight.BOLD), WHITE, Weight.BOLD),
            (progress, fit_size(progress, 22, room), MUTED, Weight.SEMIBOLD),
        ]
        heights = [text_size(text, size, weight)[1] for text, size, _color, weight in lines]
        gap = max(0.0, (rect.height - RACE_BAR_ROOM - sum(heights)) / (len(lines) + 1))
        y = rect.y + gap
        for (text, size, color, weight), height in zip(lines, heights, strict=True):
            draw_text(surface, text, size, (rect.centerx, round(y + height / 2)), color, weight)
            y += height + gap
        # The bar empties over the time an attentive player takes; the AIs do not wait for it.
        # In a lesson they do (its match holds them while the person races): the bar stays full.
        hold = self.table.match.hold
        left = 1.0 if hold is not None and hold() else max(0.0, 1 - self.age / 2.0)
        bar = self.bar_box()
        bar.width = round(bar.width * left)
        pygame.draw.rect(surface, GOLD, bar, border_radius=5)

    def bar_box(self) -> pygame.Rect:
        """The countdown bar's place when full, along the panel's bottom."""
        rect = self.box()
        return pygame.Rect(rect.x + 40, rect.bottom - 16, rect.width - 80, 8)


def _race_progress(rule: RaceAction, done: int) -> str:
    """The race panel's last line: the steps done, or "Quick!"; for a tap, that Enter or A does
    it too (a keyboard or a pad cannot point: the table reads them as the tap asked for)."""
    steps = RACE_STEPS[rule]
    taps = all(step in TAPS for step in steps)
    if len(steps) > 1:
        if taps:
            # TRANSLATORS: a race's taps done so far, of how many ("1 of 3"); Enter (or a
            # controller's A button) counts as a tap too.
            return ngettext(
                "{done} of {count}: Enter or A taps too",
                "{done} of {count}: Enter or A taps too",
                len(steps),
            ).format(done=done, count=len(steps))
        # TRANSLATORS: a race's steps done so far, of how many ("1 of 3").
        return ngettext("{done} of {count}", "{done} of {count}", len(steps)).format(
            done=done, count=len(steps)
        )
    # TRANSLATORS: under a race asking for a tap: Enter (or a controller's A button) does it too.
    return _("Quick! Enter or A taps too.") if taps else _("Quick!")


class PauseOverlay(Scene):
    """The pause menu: resume, speeds, how to play, leave to the title."""

    opaque = False

    def __init__(self, app: App, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        self.choices = table.pause_choices()
        # One more row with phones at the table: their codes, and the computer playing a seat.
        rows = 7 if self.choices.phones is not None else 6
        self.rect = pygame.Rect(0, 0, 620, 130 + rows * 86)
        self.rect.center = app.screen.get_rect().center
        self.menu = Menu(on_back=self._close)
        self._build()

    def _build(self) -> None:
        settings = self.app.settings
        # TRANSLATORS: {speed} and {pace} are a setting's value ("fast", "brisk").
        speed = _("Animation speed: {speed}").format(speed=speed_name(settings.animation_speed))
        # TRANSLATORS: {pace}: the setting's value ("brisk").
        pace = _("AI thinking pauses: {pace}").format(pace=pace_name(settings.ai_pace))
        labels: list[tuple[str, Callable[[], None]]] = [
            (_("Resume"), self._close),
            (speed, self._cycle_speed),
            (pace, self._cycle_pace),
            (_("Every move so far"), self._log),
            *([(_("Phones"), self._phones)] if self.choices.phones is not None else []),
            (_("How to play"), self._howto),
            (_("Leave to title"), self._leave),
        ]
        focus = self.menu.focus
        buttons = []
        for i, (label, click) in enumerate(labels):
            rect = pygame.Rect(
                self.rect.x + 50, self.rect.y + 110 + i * 86, self.rect.width - 100, 70
            )
            buttons.append(Button(rect, label, click, text_size=30))
        self.menu.buttons = buttons
        self.menu.focus = focus

    def relabel(self) -> None:
        """The language changed: the buttons are made again in it."""
        self._build()

    def _close(self) -> None:
        self.app.close(self)

    def _phones(self) -> None:
        self.app.close(self)
        if self.choices.phones is not None:
            self.choices.phones()

    def _cycle_speed(self) -> None:
        settings = self.app.settings
        settings.animation_speed = next_step(SPEEDS, settings.animation_speed)
        self._store()

    def _cycle_pace(self) -> None:
        settings = self.app.settings
        settings.ai_pace = next_step(PACES, settings.ai_pace)
        self._store()

    def _store(self) -> None:
        problem = save_settings(self.app.settings)
        if problem:
            self.choices.refuse(problem)
        self._build()

    def _log(self) -> None:
        self.app.push(MoveLogOverlay(self.app, self.choices.log()))

    def _howto(self) -> None:
        self.choices.how_to_play()

    def _leave(self) -> None:
        choices = self.choices
        ask_before_leaving(self.app, self.table.match, choices.saved, choices.leave)

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.PAUSE:
            self.app.close(self)
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        surface.blit(panel(self.rect.size, 28, (14, 20, 28, 245), (255, 255, 255, 60)), self.rect)
        draw_text(
            surface, _("Paused"), 48, (self.rect.centerx, self.rect.y + 56), GOLD, Weight.BOLD
        )
        self.menu.draw(surface)


def leave_question(saved: bool, phones: bool) -> str:
    """What leaving a match in progress does, said before it is done."""
    if saved and phones:
        return _(
            "It is saved: Continue on the title screen resumes it. Phones will be disconnected."
        )
    if saved:
        return _("It is saved: Continue on the title screen resumes it.")
    if phones:
        return _("It is not saved: it cannot be continued later. Phones will be disconnected.")
    return _("It is not saved: it cannot be continued later.")


def ask_before_leaving(app: App, match: Match, saved: bool, leave: Callable[[], None]) -> None:
    """``leave`` at once, or, while people play (at the screen or on phones), once they said
    so in a question whose default answer is to stay."""
    if (match.people or match.phones) and not match.is_match_over:
        question = partial(leave_question, saved, bool(match.phones))
        app.push(LeaveOverlay(app, question, leave))
    else:
        leave()


class LeaveOverlay(Scene):
    """Asks before a match with people in it is left; staying is the default choice."""

    opaque = False

    def __init__(self, app: App, question: Callable[[], str], leave: Callable[[], None]) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, 1000, 400)
        self.rect.center = (960, 540)
        self.question = question  # asked again when the language changes
        self.leave = leave
        # Enter, A or Esc at once keeps the match: only a deliberate choice leaves.
        self.menu = Menu(columns=2, on_back=self._close)
        self.relabel()

    def relabel(self) -> None:
        """The question and the buttons, in the language of now."""
        self.lines = wrap(self.question(), 26, self.rect.width - 100)
        y = self.rect.bottom - 120
        stay = Button(pygame.Rect(self.rect.x + 60, y, 420, 80), _("Keep playing"), self._close)
        go = Button(
            pygame.Rect(self.rect.right - 480, y, 420, 80),
            _("Leave to title"),
            self._leave,
            color=(120, 60, 40),
        )
        self.menu.buttons = [stay, go]

    def _close(self) -> None:
        self.app.close(self)

    def _leave(self) -> None:
        self.app.close(self)
        self.leave()

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.PAUSE:
            self._close()
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        draw_question(surface, self.rect, _("Leave the match?"), self.lines)
        self.menu.draw(surface)


class HandOffOverlay(Scene):
    """The curtain between two people's turns: nothing private shows until the next is ready."""

    def __init__(self, app: App, table: TableView, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.match.seats[seat].name
        self.notice = ""

    def handle(self, intent: Intent) -> None:
        if intent.act in (Act.CONFIRM, Act.PRESS):
            owner = self.table.take_screen(self.seat, intent.device)
            if owner is not None:
                # Someone else's controller neither opens this hand nor changes owner.
                # TRANSLATORS: {owner} owns the controller pressed; {name} is whose turn it is.
                self.notice = _(
                    "That controller is {owner}'s. {name}: press A on yours, or Enter, or click."
                ).format(owner=self.table.match.seats[owner].name, name=self.name)
                return
            self.app.close(self)
        elif intent.act in (Act.BACK, Act.PAUSE):
            self.app.push(PauseOverlay(self.app, self.table))

    def draw(self, surface: pygame.Surface) -> None:
        curtain = self.table.curtain()
        surface.blit(curtain.background, (0, 0))
        dim(surface, 90)
        # TRANSLATORS: the couch curtain: hand the screen to {name}.
        title = _("Pass to {name}").format(name=self.name)
        size = fit_size(title, 72, CURTAIN_TEXT_W, Weight.BLACK)
        draw_text(surface, title, size, (960, 440), GOLD, Weight.BLACK, shadow=True)
        draw_text(
            surface,
            _("Press A or Enter, or click, to see your cards"),
            34,
            (960, 540),
            WHITE,
            shadow=True,
        )
        # A long move or a long name at Large text is drawn smaller rather than off the screen.
        status = curtain.last_move
        if status:
            # TRANSLATORS: {move} is the narrator's line of the last move.
            line = _("Last move: {move}").format(move=status)
            size = fit_size(line, 26, CURTAIN_TEXT_W)
            draw_text(surface, line, size, (960, 640), MUTED, shadow=True)
        if self.notice:
            size = fit_size(self.notice, 28, CURTAIN_TEXT_W)
            draw_text(surface, self.notice, size, (960, 720), DANGER, shadow=True)
        if len(self.table.match.people) > 1:
            # Each help line wrapped to the screen's width (a longer language's, Large text),
            # the last one at the bottom and the others stacked above it.
            lines = [row for line in curtain.help for row in wrap(line, 24, CURTAIN_TEXT_W)]
            pitch = ink_pitch(lines, 24, Weight.SEMIBOLD, scaled(24) + 10)
            for i, line in enumerate(lines):
                y = 1040 - pitch * (len(lines) - 1 - i)
                draw_text(surface, line, 24, (960, y), MUTED, shadow=True)


class MoveLogOverlay(Scene):
    """Every move of the match so far, scrollable (wheel, arrows or d-pad)."""

    opaque = False

    def __init__(self, app: App, lines: list[str]) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(260, 90, 1400, 900)
        self.lines = [row for line in lines for row in wrap(line, 24, self.rect.width - 100)]
        self.visible = (self.rect.height - 190) // 32
        self.scroll = max(0, len(self.lines) - self.visible)  # the newest moves first in view
        self.menu = Menu(on_back=self._close)
        self.relabel()

    def relabel(self) -> None:
        """The Back button in the language of now (the moves are the narrator's lines)."""
        back = Button(pygame.Rect(0, 0, 300, 70), _("Back"), self._close)
        back.rect.midbottom = (self.rect.centerx, self.rect.bottom - 24)
        self.menu.buttons = [back]

    def _close(self) -> None:
        self.app.close(self)

    def handle(self, intent: Intent) -> None:
        limit = max(0, len(self.lines) - self.visible)
        if intent.act is Act.SCROLL:
            self.scroll = min(limit, max(0, self.scroll - intent.amount * 3))
        elif intent.act in (Act.UP, Act.DOWN):
            step = -3 if intent.act is Act.UP else 3
            self.scroll = min(limit, max(0, self.scroll + step))
        else:
            self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        surface.blit(panel(self.rect.size, 26, (14, 20, 28, 245), (255, 255, 255, 60)), self.rect)
        draw_text(
            surface, _("Every move"), 44, (self.rect.centerx, self.rect.y + 50), GOLD, Weight.BOLD
        )
        shown = self.lines[self.scroll : self.scroll + self.visible]
        for i, line in enumerate(shown):
            draw_text(
                surface,
                line,
                24,
                (self.rect.x + 50, self.rect.y + 96 + i * 32),
                WHITE,
                Weight.REGULAR,
                "topleft",
            )
        total = len(self.lines)
        if total > self.visible:
            # TRANSLATORS: the lines in view of the move log, and how many there are.
            where = ngettext(
                "{first}-{last} of {count} (scroll)", "{first}-{last} of {count} (scroll)", total
            ).format(first=self.scroll + 1, last=self.scroll + len(shown), count=total)
            draw_text(
                surface,
                where,
                20,
                (self.rect.right - 40, self.rect.y + 50),
                MUTED,
                anchor="midright",
            )
        self.menu.draw(surface)
