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
from typing import Protocol

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
from game.cards import COLORS, color_in_sentence, color_name
from game.engine import Game, Phase
from game.events import CardPlayed
from game.i18n import _, ngettext, pgettext
from game.match import Match
from game.rules import (
    CUSTOM_EFFECT_TEXT,
    RACE_ACTION_TEXT,
    ChallengeOutcome,
    custom_effect_title,
)
from scenes.app import App, Scene
from scenes.art import COLOR_RGB, color_shape
from scenes.assets import Weight
from scenes.input import Intent
from scenes.ui import GOLD, WHITE, Button, Menu, dim, draw_text, ink_for, panel, text_width, wrap

# The smallest a caption is drawn before its panel grows wider (buttons draw at 30, and shrink
# a long caption to fit).
LABEL_MIN = 24


@dataclass(frozen=True)
class Option:
    label: str
    detail: str
    choose: Callable[[], None]
    color: tuple[int, int, int] = (40, 56, 72)
    swatch: pygame.Surface | None = None
    action: Action | None = None  # what choosing it submits (None: it submits nothing)


@dataclass(frozen=True)
class Choice:
    """What a prompt says and offers, in the screen's language of the moment it is made."""

    title: str
    text: str
    options: list[Option]


class PromptGuest(Protocol):
    """The screen under a prompt that may take some input first (a lesson: Esc and its own
    buttons leave it even while the table asks a question), and draws over the prompt."""

    def over_prompt(self, intent: Intent) -> bool: ...

    def draw_over_prompt(self, surface: pygame.Surface) -> None: ...


class ChoiceOverlay(Scene):
    """A titled panel of choices over the table; closes when ``still_open`` turns False.

    Its words come from ``ask``, called again when the language changes (``relabel``)."""

    opaque = False
    freezes_below = False

    def __init__(
        self,
        app: App,
        box: pygame.Rect,
        ask: Callable[[], Choice],
        still_open: Callable[[], bool],
        columns: int = 1,
        can_cancel: bool = False,
    ) -> None:
        super().__init__(app)
        self.box = box
        self.ask = ask
        self.columns = columns
        self.still_open = still_open
        self.can_cancel = can_cancel
        self.menu = Menu(columns=columns, on_back=self.cancel if can_cancel else None)
        self.guest: PromptGuest | None = None
        self.options: list[Option] = []
        self._build()

    def relabel(self) -> None:
        """The language changed: the panel is made again in it (the focus stays)."""
        self._build()

    def _build(self) -> None:
        choice = self.ask()
        self.title, self.text = choice.title, choice.text
        options, columns, text = choice.options, self.columns, choice.text
        self.options = options
        rows = (len(options) + columns - 1) // columns
        button_h = 84 if any(o.detail for o in options) else 70
        gap = 14
        width = self._width(options, columns, gap)
        text_lines = wrap(text, 24, width - 80) if text else []
        height = 120 + len(text_lines) * 32 + rows * (button_h + gap) + 20
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = self.box.center
        self.rect.clamp_ip(self.app.screen.get_rect())
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
        focus = self.menu.focus
        self.menu.buttons = buttons
        self.menu.focus = min(focus, len(buttons) - 1)

    def _width(self, options: list[Option], columns: int, gap: int) -> int:
        """The panel's width: the prompt's box, wider when a caption would be drawn smaller
        than ``LABEL_MIN`` in its column (a long language's captions), up to the screen's."""
        widest = 0
        for option in options:
            need = text_width(option.label, LABEL_MIN, Weight.SEMIBOLD) + 28
            if option.swatch is not None:
                need += 2 * (option.swatch.get_width() + 8)
            widest = max(widest, need)
        wanted = columns * widest + gap * (columns - 1) + 60
        return min(max(self.box.width, 640, wanted), self.app.screen.get_width() - 40)

    def _chooser(self, option: Option) -> Callable[[], None]:
        def choose() -> None:
            self.app.close(self)
            option.choose()

        return choose

    def cancel(self) -> None:
        self.app.close(self)

    def focus_on(self, wanted: Callable[[Action], bool]) -> bool:
        """Focus the first choice whose action is ``wanted`` (a lesson's step: one press does
        it); False when there is none."""
        for index, option in enumerate(self.options):
            if option.action is not None and wanted(option.action):
                self.menu.focus = index
                return True
        return False

    def handle(self, intent: Intent) -> None:
        if self.guest is not None and self.guest.over_prompt(intent):
            return
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
        if self.guest is not None:
            self.guest.draw_over_prompt(surface)


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
    def choice() -> Choice:
        options = []
        for color in COLORS:
            action = ChooseColor(ask.seat, color)
            count = sum(1 for c in ask.match.game.hands[ask.seat] if c.color is color)
            options.append(
                Option(
                    color_name(color),
                    # TRANSLATORS: under a color's button: how many cards of that color you hold.
                    ngettext("you hold {count}", "you hold {count}", count).format(count=count),
                    ask.chooser(action),
                    COLOR_RGB[color],
                    # The shape in the colour the label is written in: white on yellow was
                    # unreadable.
                    color_shape(color, 40, ink_for(COLOR_RGB[color])),
                    action,
                )
            )
        return Choice(_("Name a color"), "", options)

    return ChoiceOverlay(app, ask.box, choice, ask.while_asked(Phase.COLOR), columns=2)


def challenge_text(ask: Asking) -> str:
    """The question under a Wild Draw Four: what accepting and challenging each cost."""
    game = ask.match.game
    target = _last_wd4_player(game)
    takes_back = game.rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
    pending, cost = game.pending, game.pending + 2
    if target is None and takes_back:
        # TRANSLATORS: {pending}: what accepting draws; {cost}: what a lost challenge draws.
        text = _(
            "They played a Wild Draw Four. Accept and draw {pending}, or challenge: if it was "
            "a bluff they draw 4 instead and take the card back; if it was legal you draw {cost}."
        )
    elif target is None:
        # TRANSLATORS: {pending}: what accepting draws; {cost}: what a lost challenge draws.
        text = _(
            "They played a Wild Draw Four. Accept and draw {pending}, or challenge: if it was "
            "a bluff they draw 4 instead; if it was legal you draw {cost}."
        )
    elif takes_back:
        # TRANSLATORS: {name} played the Wild Draw Four; {pending}: what accepting draws;
        # {cost}: what a lost challenge draws.
        text = _(
            "{name} played a Wild Draw Four. Accept and draw {pending}, or challenge: if it was "
            "a bluff {name} draws 4 instead and takes the card back; if it was legal you draw "
            "{cost}."
        )
    else:
        # TRANSLATORS: {name} played the Wild Draw Four; {pending}: what accepting draws;
        # {cost}: what a lost challenge draws.
        text = _(
            "{name} played a Wild Draw Four. Accept and draw {pending}, or challenge: if it was "
            "a bluff {name} draws 4 instead; if it was legal you draw {cost}."
        )
    name = ask.name(target) if target is not None else ""
    return text.format(name=name, pending=pending, cost=cost)


def challenge_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    def choice() -> Choice:
        game = ask.match.game
        pending, cost = game.pending, game.pending + 2
        options: list[Option] = []
        for action in ask.mine():
            if isinstance(action, Accept):
                # TRANSLATORS: a button: take the Wild Draw Four's {count} cards.
                label = ngettext("Accept: draw {count}", "Accept: draw {count}", pending)
                options.append(
                    Option(
                        label.format(count=pending),
                        _("safe"),
                        ask.chooser(action),
                        (60, 70, 90),
                        action=action,
                    )
                )
            elif isinstance(action, Challenge):
                # TRANSLATORS: under Challenge!: a lost challenge draws {count}.
                risk = ngettext("risk {count} card", "risk {count} cards", cost)
                options.append(
                    Option(
                        pgettext("button", "Challenge!"),
                        risk.format(count=cost),
                        ask.chooser(action),
                        (170, 50, 50),
                        action=action,
                    )
                )
            elif isinstance(action, Play):
                options.append(
                    Option(
                        # TRANSLATORS: a button: stack this draw card on the penalty; {card}
                        # is its name ("Green Draw Two").
                        _("Stack {card}").format(card=action.card.label),
                        _("pass it on"),
                        ask.chooser(action),
                        (120, 90, 30),
                        action=action,
                    )
                )
        return Choice(_("Wild Draw Four!"), challenge_text(ask), options)

    return ChoiceOverlay(app, ask.box, choice, ask.while_asked(Phase.PENALTY))


def _last_wd4_player(game: Game) -> int | None:
    for event in reversed(game.log):
        if isinstance(event, CardPlayed):
            return event.player
    return None


def swap_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    def choice() -> Choice:
        options = []
        for action in ask.mine():
            if isinstance(action, ChooseSwap):
                count = len(ask.match.game.hands[action.target])
                options.append(
                    Option(
                        ask.name(action.target),
                        # TRANSLATORS: under a player's name: the cards in their hand.
                        ngettext("{count} card", "{count} cards", count).format(count=count),
                        ask.chooser(action),
                        action=action,
                    )
                )
        return Choice(_("Swap hands with..."), _("You played a 7."), options)

    columns = 2 if sum(isinstance(a, ChooseSwap) for a in ask.mine()) > 4 else 1
    return ChoiceOverlay(app, ask.box, choice, ask.while_asked(Phase.SWAP), columns=columns)


def rule_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    def choice() -> Choice:
        options = []
        for action in ask.mine():
            if isinstance(action, MakeRule):
                options.append(
                    Option(
                        _(RACE_ACTION_TEXT[action.rule]),
                        # TRANSLATORS: under a House Rule's action: the card number it is for.
                        _("for every {number}").format(number=action.number),
                        ask.chooser(action),
                        action=action,
                    )
                )
        text = _("Whenever this number is played, everyone races to do it; the last one draws 1.")
        return Choice(_("Make a House Rule"), text, options)

    return ChoiceOverlay(app, ask.box, choice, ask.while_asked(Phase.MAKE_RULE), columns=2)


def effects_prompt(app: App, ask: Asking) -> ChoiceOverlay:
    def choice() -> Choice:
        options = []
        for action in ask.mine():
            if isinstance(action, ChooseCustomEffect):
                title = custom_effect_title(action.effect)
                options.append(Option(title, "", ask.chooser(action), action=action))
            elif isinstance(action, FinishCustomEffects):
                done = pgettext("button", "Done")
                start = _("start the game")
                options.append(
                    Option(done, start, ask.chooser(action), (40, 120, 70), action=action)
                )
        # TRANSLATORS: what separates the items of a list ("a, b, c").
        comma = pgettext("list separator", ", ")
        chosen = comma.join(_(CUSTOM_EFFECT_TEXT[e]) for e in ask.match.game.custom_effects)
        if chosen:
            # TRANSLATORS: {effects} lists the effects chosen so far.
            text = _("Choose what the three Wild Customizable cards do. Chosen: {effects}.")
            text = text.format(effects=chosen)
        else:
            text = _("Choose what the three Wild Customizable cards do. Chosen: none yet.")
        return Choice(_("Wild Customizable"), text, options)

    return ChoiceOverlay(app, ask.box, choice, ask.while_asked(Phase.SETUP), columns=2)


def bluff_prompt(app: App, ask: Asking, action: Play) -> ChoiceOverlay:
    def choice() -> Choice:
        game = ask.match.game
        color = game.color
        back = game.rules.challenge_outcome is not ChallengeOutcome.PENALTY_STANDS
        if color is None:
            text = (
                _(
                    "You hold the color: this Wild Draw Four is a bluff. If you are challenged "
                    "you draw 4 and take it back."
                )
                if back
                else _(
                    "You hold the color: this Wild Draw Four is a bluff. If you are challenged "
                    "you draw 4."
                )
            )
        else:
            if back:
                # TRANSLATORS: {color} is a color's word inside a sentence ("red").
                text = _(
                    "You hold {color}: this Wild Draw Four is a bluff. If you are challenged you "
                    "draw 4 and take it back."
                )
            else:
                # TRANSLATORS: {color} is a color's word inside a sentence ("red").
                text = _(
                    "You hold {color}: this Wild Draw Four is a bluff. If you are challenged you "
                    "draw 4."
                )
            text = text.format(color=color_in_sentence(color))
        # The safe choice comes first, so Enter or A (the focused button) keeps the card.
        options = [
            Option(pgettext("button", "Keep it"), _("play something else"), lambda: None),
            Option(_("Bluff anyway"), _("risky"), ask.chooser(action), (170, 50, 50)),
        ]
        return Choice(_("A bluff?"), text, options)

    return ChoiceOverlay(
        app,
        ask.box,
        choice,
        ask.while_asked(ask.match.game.phase),
        can_cancel=True,
    )
