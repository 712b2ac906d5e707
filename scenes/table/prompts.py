"""The choices a person makes in a panel over the table: color, +4 challenge, 7-0 swap, a House
Rule, Wild Customizable effects, and the warning before a bluff.

A prompt gets the match and the seat it asks (``Asking``), never the table scene. It offers
only actions the match lists as legal for that seat, and closes itself as soon as the game has
moved on, so a prompt can never submit a stale choice. The table keeps its clock running
underneath (AIs still react).
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
from game.engine import Game, Phase
from game.events import CardPlayed
from game.match import Match
from game.rules import CUSTOM_EFFECT_TEXT, RACE_ACTION_TEXT, ChallengeOutcome
from scenes.app import App, Scene
from scenes.art import COLOR_RGB, color_shape
from scenes.assets import Weight
from scenes.input import Intent
from scenes.ui import GOLD, WHITE, Button, Menu, dim, draw_text, ink_for, panel, wrap


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
        box: pygame.Rect,
        title: str,
        text: str,
        options: list[Option],
        still_open: Callable[[], bool],
        columns: int = 1,
        can_cancel: bool = False,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.still_open = still_open
        self.can_cancel = can_cancel
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


@dataclass(frozen=True)
class Asking:
    """What a prompt needs: the match, the seat it asks, the names of the seats, where on the
    screen it goes, and how to answer (the table submits the chosen action for the seat)."""

    match: Match
    seat: int
    name: Callable[[int], str]
    box: pygame.Rect
    submit: Callable[[int, Action], None]  # for this seat: the match refuses any other's action

    def mine(self) -> list[Action]:
        return self.match.legal_for(self.seat)

    def chooser(self, action: Action) -> Callable[[], None]:
        return lambda: self.submit(self.seat, action)

    def while_asked(self, phase: Phase) -> Callable[[], bool]:
        """Open while the game is in ``phase`` and waits on this seat."""

        def open_() -> bool:
            game = self.match.game
            return game.phase is phase and game.actor == self.seat

        return open_


def color_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    options = []
    for color in COLORS:
        action = ChooseColor(ask.seat, color)
        count = sum(1 for c in ask.match.game.hands[ask.seat] if c.color is color)
        options.append(
            Option(
                color.value.capitalize(),
                f"you hold {count}",
                ask.chooser(action),
                COLOR_RGB[color],
                # The shape in the colour the label is written in: white on yellow was unreadable.
                color_shape(color, 40, ink_for(COLOR_RGB[color])),
            )
        )
    return ChoiceOverlay(
        app, ask.box, "Name a color", "", options, ask.while_asked(Phase.COLOR), columns=2
    )


def challenge_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    game = ask.match.game
    rules = game.rules
    target = _last_wd4_player(ask.match.game)
    who = ask.name(target) if target is not None else "They"
    challenge_cost = game.pending + 2
    takes_back = rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
    text = (
        f"{who} played a Wild Draw Four. Accept and draw {game.pending}, or challenge: if it was "
        f"a bluff {who} draws 4 instead"
        + (" and takes the card back" if takes_back else "")
        + f"; if it was legal you draw {challenge_cost}."
    )
    options: list[Option] = []
    for action in ask.mine():
        if isinstance(action, Accept):
            options.append(
                Option(
                    f"Accept: draw {game.pending}",
                    "safe",
                    ask.chooser(action),
                    (60, 70, 90),
                )
            )
        elif isinstance(action, Challenge):
            options.append(
                Option(
                    "Challenge!",
                    f"risk {challenge_cost} cards",
                    ask.chooser(action),
                    (170, 50, 50),
                )
            )
        elif isinstance(action, Play):
            options.append(
                Option(
                    f"Stack {action.card.label}",
                    "pass it on",
                    ask.chooser(action),
                    (120, 90, 30),
                )
            )
    return ChoiceOverlay(
        app, ask.box, "Wild Draw Four!", text, options, ask.while_asked(Phase.PENALTY)
    )


def _last_wd4_player(game: Game) -> int | None:
    for event in reversed(game.log):
        if isinstance(event, CardPlayed):
            return event.player
    return None


def swap_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    options = []
    for action in ask.mine():
        if isinstance(action, ChooseSwap):
            count = len(ask.match.game.hands[action.target])
            options.append(
                Option(
                    ask.name(action.target),
                    f"{count} cards",
                    ask.chooser(action),
                )
            )
    columns = 2 if len(options) > 4 else 1
    return ChoiceOverlay(
        app,
        ask.box,
        "Swap hands with...",
        "You played a 7.",
        options,
        ask.while_asked(Phase.SWAP),
        columns=columns,
    )


def rule_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    options = []
    for action in ask.mine():
        if isinstance(action, MakeRule):
            options.append(
                Option(
                    RACE_ACTION_TEXT[action.rule],
                    f"for every {action.number}",
                    ask.chooser(action),
                )
            )
    return ChoiceOverlay(
        app,
        ask.box,
        "Make a House Rule",
        "Whenever this number is played, everyone races to do it; the last one draws 1.",
        options,
        ask.while_asked(Phase.MAKE_RULE),
        columns=2,
    )


def effects_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    options = []
    for action in ask.mine():
        if isinstance(action, ChooseCustomEffect):
            options.append(
                Option(
                    CUSTOM_EFFECT_TEXT[action.effect].capitalize(),
                    "",
                    ask.chooser(action),
                )
            )
        elif isinstance(action, FinishCustomEffects):
            options.append(Option("Done", "start the game", ask.chooser(action), (40, 120, 70)))
    chosen = ", ".join(CUSTOM_EFFECT_TEXT[e] for e in ask.match.game.custom_effects) or "none yet"
    return ChoiceOverlay(
        app,
        ask.box,
        "Wild Customizable",
        f"Choose what the three Wild Customizable cards do. Chosen: {chosen}.",
        options,
        ask.while_asked(Phase.SETUP),
        columns=2,
    )


def bluff_prompt(app: App, ask: Asking, action: Play) -> ChoiceOverlay:
    color = ask.match.game.color
    held = color.value if color is not None else "the color"
    text = f"You hold {held}: this Wild Draw Four is a bluff. If you are challenged you draw 4" + (
        " and take it back."
        if ask.match.game.rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
        else "."
    )
    # The safe choice comes first, so Enter or A (the focused button) keeps the card.
    options = [
        Option("Keep it", "play something else", lambda: None),
        Option("Bluff anyway", "risky", ask.chooser(action), (170, 50, 50)),
    ]
    return ChoiceOverlay(
        app,
        ask.box,
        "A bluff?",
        text,
        options,
        ask.while_asked(ask.match.game.phase),
        can_cancel=True,
    )
