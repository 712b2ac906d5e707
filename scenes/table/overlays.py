"""Prompts drawn over the table: color, +4 challenge, 7-0 swap, House Rules, races, pause.

Each prompt offers only actions the engine lists as legal, and closes itself as soon as the
game has moved on (another player won the race, the window closed), so a prompt can never
apply a stale choice. The table keeps its clock running underneath (AIs still react during a
race); the pause menu stops it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.actions import (
    Accept,
    Action,
    Challenge,
    ChooseColor,
    ChooseCustomEffect,
    ChooseSwap,
    FinishCustomEffects,
    MakeRule,
    Play,
)
from game.cards import COLORS
from game.engine import Phase
from game.rules import CUSTOM_EFFECT_TEXT, RACE_ACTION_TEXT, ChallengeOutcome
from scenes.app import App, Scene
from scenes.art import COLOR_RGB, color_shape
from scenes.assets import Weight
from scenes.input import Act, Intent, is_controller
from scenes.store.settings import PACES, SPEEDS, next_step, pace_name, speed_name
from scenes.table.scene import RACE_STEPS, TableScene, couch_help
from scenes.ui import DANGER, GOLD, MUTED, WHITE, Button, Menu, dim, draw_text, panel, wrap


@dataclass(frozen=True)
class Option:
    label: str
    detail: str
    choose: Callable[[], None]
    color: tuple[int, int, int] = (40, 56, 72)
    swatch: pygame.Surface | None = None


class ChoiceOverlay(Scene):
    """A titled panel of choices over the table; closes when ``still_open`` turns False."""

    opaque = False
    freezes_below = False

    def __init__(
        self,
        app: App,
        table: TableScene,
        title: str,
        text: str,
        options: list[Option],
        still_open: Callable[[], bool],
        columns: int = 1,
        can_cancel: bool = False,
    ) -> None:
        super().__init__(app)
        self.table = table
        self.title = title
        self.text = text
        self.still_open = still_open
        self.can_cancel = can_cancel
        box = table.layout.prompt.rect()
        rows = (len(options) + columns - 1) // columns
        button_h = 84 if any(o.detail for o in options) else 70
        gap = 14
        width = max(box.width, 640)
        text_lines = wrap(text, 24, width - 80) if text else []
        height = 120 + len(text_lines) * 32 + rows * (button_h + gap) + 20
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = box.center
        self.rect.clamp_ip(app.screen.get_rect())
        self.text_lines = text_lines
        top = self.rect.y + 96 + len(text_lines) * 32
        col_w = (width - 60 - gap * (columns - 1)) // columns
        buttons = []
        for i, option in enumerate(options):
            row, col = divmod(i, columns)
            rect = pygame.Rect(
                self.rect.x + 30 + col * (col_w + gap),
                top + row * (button_h + gap),
                col_w,
                button_h,
            )
            buttons.append(
                Button(
                    rect,
                    option.label,
                    self._chooser(option),
                    option.detail,
                    color=option.color,
                    text_size=30,
                    swatch=option.swatch,
                )
            )
        self.menu = Menu(buttons, columns=columns, on_back=self.cancel if can_cancel else None)

    def _chooser(self, option: Option) -> Callable[[], None]:
        def choose() -> None:
            self.app.close(self)
            option.choose()

        return choose

    def cancel(self) -> None:
        self.app.close(self)

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        if not self.still_open() and self.app.top is self:
            self.app.close(self)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 110)
        surface.blit(
            panel(self.rect.size, 26, (14, 20, 28, 240), (255, 214, 102, 120), 3), self.rect
        )
        draw_text(surface, self.title, 40, (self.rect.centerx, self.rect.y + 50), GOLD, Weight.BOLD)
        for i, line in enumerate(self.text_lines):
            draw_text(
                surface,
                line,
                24,
                (self.rect.centerx, self.rect.y + 100 + i * 32),
                WHITE,
                Weight.REGULAR,
            )
        self.menu.draw(surface)


def _mine(table: TableScene) -> list[Action]:
    return [a for a in table.person_actions() if a.player == table.viewer]


def _actor_phase(table: TableScene, phase: Phase) -> Callable[[], bool]:
    def open_() -> bool:
        game = table.game
        return game.phase is phase and game.actor == table.viewer

    return open_


def color_prompt(table: TableScene) -> ChoiceOverlay:
    options = []
    for color in COLORS:
        action = ChooseColor(table.viewer, color)
        count = sum(1 for s in table.presenter.hands[table.viewer] if s.card.color is color)
        options.append(
            Option(
                color.value.capitalize(),
                f"you hold {count}",
                table.chooser(action),
                COLOR_RGB[color],
                color_shape(color, 40, (255, 255, 255)),
            )
        )
    return ChoiceOverlay(
        table.app, table, "Name a color", "", options, _actor_phase(table, Phase.COLOR), columns=2
    )


def challenge_prompt(table: TableScene) -> ChoiceOverlay:
    game = table.game
    rules = game.rules
    target = _last_wd4_player(table)
    who = table.narrator.name(target) if target is not None else "They"
    challenge_cost = game.pending + 2
    takes_back = rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
    text = (
        f"{who} played a Wild Draw Four. Accept and draw {game.pending}, or challenge: if it was "
        f"a bluff {who} draws 4 instead"
        + (" and takes the card back" if takes_back else "")
        + f"; if it was legal you draw {challenge_cost}."
    )
    options: list[Option] = []
    for action in _mine(table):
        if isinstance(action, Accept):
            options.append(
                Option(
                    f"Accept: draw {game.pending}",
                    "safe",
                    table.chooser(action),
                    (60, 70, 90),
                )
            )
        elif isinstance(action, Challenge):
            options.append(
                Option(
                    "Challenge!",
                    f"risk {challenge_cost} cards",
                    table.chooser(action),
                    (170, 50, 50),
                )
            )
        elif isinstance(action, Play):
            options.append(
                Option(
                    f"Stack {action.card.label}",
                    "pass it on",
                    table.chooser(action),
                    (120, 90, 30),
                )
            )
    return ChoiceOverlay(
        table.app, table, "Wild Draw Four!", text, options, _actor_phase(table, Phase.PENALTY)
    )


def _last_wd4_player(table: TableScene) -> int | None:
    from game.events import CardPlayed

    for event in reversed(table.game.log):
        if isinstance(event, CardPlayed):
            return event.player
    return None


def swap_prompt(table: TableScene) -> ChoiceOverlay:
    options = []
    for action in _mine(table):
        if isinstance(action, ChooseSwap):
            count = len(table.presenter.hands[action.target])
            options.append(
                Option(
                    table.narrator.name(action.target),
                    f"{count} cards",
                    table.chooser(action),
                )
            )
    columns = 2 if len(options) > 4 else 1
    return ChoiceOverlay(
        table.app,
        table,
        "Swap hands with...",
        "You played a 7.",
        options,
        _actor_phase(table, Phase.SWAP),
        columns=columns,
    )


def rule_prompt(table: TableScene) -> ChoiceOverlay:
    options = []
    for action in _mine(table):
        if isinstance(action, MakeRule):
            options.append(
                Option(
                    RACE_ACTION_TEXT[action.rule],
                    f"for every {action.number}",
                    table.chooser(action),
                )
            )
    return ChoiceOverlay(
        table.app,
        table,
        "Make a House Rule",
        "Whenever this number is played, everyone races to do it; the last one draws 1.",
        options,
        _actor_phase(table, Phase.MAKE_RULE),
        columns=2,
    )


def effects_prompt(table: TableScene) -> ChoiceOverlay:
    options = []
    for action in _mine(table):
        if isinstance(action, ChooseCustomEffect):
            options.append(
                Option(
                    CUSTOM_EFFECT_TEXT[action.effect].capitalize(),
                    "",
                    table.chooser(action),
                )
            )
        elif isinstance(action, FinishCustomEffects):
            options.append(Option("Done", "start the game", table.chooser(action), (40, 120, 70)))
    chosen = ", ".join(CUSTOM_EFFECT_TEXT[e] for e in table.game.custom_effects) or "none yet"
    return ChoiceOverlay(
        table.app,
        table,
        "Wild Customizable",
        f"Choose what the three Wild Customizable cards do. Chosen: {chosen}.",
        options,
        _actor_phase(table, Phase.SETUP),
        columns=2,
    )


def bluff_prompt(table: TableScene, action: Play) -> ChoiceOverlay:
    color = table.game.color
    held = color.value if color is not None else "the color"
    text = f"You hold {held}: this Wild Draw Four is a bluff. If you are challenged you draw 4" + (
        " and take it back."
        if table.game.rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
        else "."
    )
    # The safe choice comes first, so Enter or A (the focused button) keeps the card.
    options = [
        Option("Keep it", "play something else", lambda: None),
        Option("Bluff anyway", "risky", table.chooser(action), (170, 50, 50)),
    ]
    return ChoiceOverlay(
        table.app,
        table,
        "A bluff?",
        text,
        options,
        _actor_phase(table, table.game.phase),
        can_cancel=True,
    )


class RaceOverlay(Scene):
    """A House Rules race: the prompt, the steps done, and a countdown bar."""

    opaque = False
    freezes_below = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.age = 0.0

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.BACK:
            return
        self.table.handle(intent)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.table.race is None and self.app.top is self:
            self.app.close(self)

    def draw(self, surface: pygame.Surface) -> None:
        race = self.table.race
        if race is None:
            return
        if self.table.race_seen_at is None:
            self.table.race_seen_at = self.table.clock  # from now on the AIs' clock runs
        status = self.table.layout.status.rect()
        rect = pygame.Rect(0, 0, status.width + 8, 170)
        # Over the status line (which says the same), so the piles and seats a race may ask
        # you to tap stay in sight.
        rect.midbottom = (status.centerx, status.bottom + 4)
        surface.blit(panel(rect.size, 26, (60, 16, 24, 255), (255, 214, 102, 200), 3), rect)
        draw_text(surface, "RACE!", 36, (rect.centerx, rect.y + 32), GOLD, Weight.BLACK)
        draw_text(
            surface,
            RACE_ACTION_TEXT[race.rule],
            34,
            (rect.centerx, rect.y + 80),
            WHITE,
            Weight.BOLD,
        )
        steps = RACE_STEPS[race.rule]
        progress = f"{len(race.done)} of {len(steps)}" if len(steps) > 1 else "Quick!"
        draw_text(surface, progress, 22, (rect.centerx, rect.y + 122), MUTED)
        # The bar empties over the time an attentive player takes; the AIs do not wait for it.
        left = max(0.0, 1 - self.age / 2.0)
        bar = pygame.Rect(rect.x + 40, rect.bottom - 16, round((rect.width - 80) * left), 8)
        pygame.draw.rect(surface, GOLD, bar, border_radius=5)


class PauseOverlay(Scene):
    """The pause menu: resume, speeds, how to play, leave to the title."""

    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.rect = pygame.Rect(0, 0, 620, 646)
        self.rect.center = app.screen.get_rect().center
        self.menu = Menu(on_back=self._close)
        self._build()

    def _build(self) -> None:
        settings = self.app.settings
        labels: list[tuple[str, Callable[[], None]]] = [
            ("Resume", self._close),
            (f"Animation speed: {speed_name(settings.animation_speed)}", self._cycle_speed),
            (
                f"AI thinking pauses: {pace_name(settings.ai_pace)}",
                self._cycle_pace,
            ),
            ("Every move so far", self._log),
            ("How to play", self._howto),
            ("Leave to title", self._leave),
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

    def _close(self) -> None:
        self.app.close(self)

    def _cycle_speed(self) -> None:
        settings = self.app.settings
        settings.animation_speed = next_step(SPEEDS, settings.animation_speed)
        self._store()

    def _cycle_pace(self) -> None:
        settings = self.app.settings
        settings.ai_pace = next_step(PACES, settings.ai_pace)
        self._store()

    def _store(self) -> None:
        from scenes.store.settings import save_settings

        problem = save_settings(self.app.settings)
        if problem:
            self.table.refuse(problem)
        self._build()

    def _log(self) -> None:
        self.app.push(MoveLogOverlay(self.app, self.table.presenter.log))

    def _howto(self) -> None:
        from scenes.howto import HowToScene

        self.app.push(HowToScene(self.app, self.table.game.rules))

    def _leave(self) -> None:
        from scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.PAUSE:
            self.app.close(self)
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        surface.blit(panel(self.rect.size, 28, (14, 20, 28, 245), (255, 255, 255, 60)), self.rect)
        draw_text(surface, "Paused", 48, (self.rect.centerx, self.rect.y + 56), GOLD, Weight.BOLD)
        self.menu.draw(surface)


class HandOffOverlay(Scene):
    """The curtain between two people's turns: nothing private shows until the next is ready."""

    def __init__(self, app: App, table: TableScene, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.setup.seats[seat].name
        self.notice = ""

    def handle(self, intent: Intent) -> None:
        if intent.act in (Act.CONFIRM, Act.PRESS):
            owner = self.table.device_seat.get(intent.device)
            if owner is not None and owner != self.seat:
                # Someone else's controller neither opens this hand nor changes owner.
                self.notice = (
                    f"That controller is {self.table.setup.seats[owner].name}'s. "
                    f"{self.name}: press A on yours, or Enter, or click."
                )
                return
            if is_controller(intent.device):
                # Pressing A on a controller makes it this person's own controller.
                self.table.device_seat[intent.device] = self.seat
            self.table.show_to(self.seat)
            self.app.close(self)
        elif intent.act in (Act.BACK, Act.PAUSE):
            self.app.push(PauseOverlay(self.app, self.table))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.table.background, (0, 0))
        dim(surface, 90)
        draw_text(surface, f"Pass to {self.name}", 72, (960, 440), GOLD, Weight.BLACK, shadow=True)
        draw_text(
            surface,
            "Press A or Enter, or click, to see your cards",
            34,
            (960, 540),
            WHITE,
            shadow=True,
        )
        status = self.table.presenter.status
        if status:
            draw_text(surface, f"Last move: {status}", 26, (960, 640), MUTED, shadow=True)
        if self.notice:
            draw_text(surface, self.notice, 28, (960, 720), DANGER, shadow=True)
        if len(self.table.people) > 1:
            lines = couch_help(self.table)
            for i, line in enumerate(lines):
                y = 1040 - 34 * (len(lines) - 1 - i)
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
        back = Button(pygame.Rect(0, 0, 300, 70), "Back", self._close)
        back.rect.midbottom = (self.rect.centerx, self.rect.bottom - 24)
        self.menu = Menu([back], on_back=self._close)

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
            surface, "Every move", 44, (self.rect.centerx, self.rect.y + 50), GOLD, Weight.BOLD
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
        if len(self.lines) > self.visible:
            where = f"{self.scroll + 1}-{self.scroll + len(shown)} of {len(self.lines)}"
            draw_text(
                surface,
                where + " (scroll)",
                20,
                (self.rect.right - 40, self.rect.y + 50),
                MUTED,
                anchor="midright",
            )
        self.menu.draw(surface)
