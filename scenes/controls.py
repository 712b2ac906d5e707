"""Rebinding keys and controller buttons: pick a move, then press the key or button for it.

A key or button already used by another move is swapped with it, so no move is ever left
without one. Keys that cannot be bound (one SDL has no name for, the menus' own keys, the second
person's) are refused with the reason. The bindings are stored with the other settings, keys by
their SDL key code.
"""

from __future__ import annotations

from functools import partial
from typing import TypeVar

import pygame

from game.i18n import N_, _
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight
from scenes.input import MOVE_LABELS, SECOND_SET_TEXT, Intent, button_name, key_refusal, key_text
from scenes.store.settings import DEFAULT_BUTTONS, DEFAULT_KEYS, Settings, save_settings
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, render, wrap

# Moves without a rebindable key: Enter and Esc are the menus' own keys, and peeking is for a
# person off the screen, who holds a controller (the keyboard sits with the screen).
FIXED_KEY_TEXT = {
    "confirm": N_("Key: Enter or Space (fixed)"),
    "back": N_("Key: Esc (fixed)"),
    "peek": N_("Key: none (controllers only)"),
}


def key_label(move: str, key: int | None) -> str:
    """A move's key button: the bound key, or why it has none of its own."""
    if key is None:
        return _(FIXED_KEY_TEXT[move])
    # TRANSLATORS: {key} is a key's name as the keyboard has it (D, LEFT SHIFT, F5).
    return _("Key: {key}").format(key=key_text(key))


def button_label(button: int) -> str:
    """A move's controller button, as its button shows it."""
    # TRANSLATORS: {button} is a controller button's name (A, Left shoulder).
    return _("Controller: {button}").format(button=button_name(button))


T = TypeVar("T")


def rebind(table: dict[str, T], move: str, value: T) -> str | None:
    """Bind ``value`` to ``move``; a move that had it takes the old one, so none is left bare.

    Returns that other move, so the screen can say so: a silent swap left the player pressing
    the old key for a move that had moved."""
    old = table[move]
    swapped = None
    for other, bound in table.items():
        if other != move and bound == value:
            table[other] = old
            swapped = other
    table[move] = value
    return swapped


def binding_labels(settings: Settings) -> list[str]:
    """Every caption of the two columns of bindings, as the buttons show them."""
    labels = []
    for move in MOVE_LABELS:
        labels.append(key_label(move, settings.keys.get(move)))
        labels.append(button_label(settings.buttons[move]))
    return labels


def _width(text: str, size: int) -> int:
    """How wide a button's caption is drawn (as the text layer draws it, fallback letters and
    all)."""
    return render(text, size, WHITE, Weight.SEMIBOLD).get_width()


def binding_columns(settings: Settings) -> tuple[int, int]:
    """The width of a binding button and the left edge of the first column: wide enough for
    the longest caption at the text size in use (Large text shrank them to fit), the two
    columns ending where they always did and the moves' names to their left."""
    widest = max(_width(label, 26) for label in binding_labels(settings))
    width = max(420, min(560, widest + 36))
    return width, 1620 - 2 * width - 20


class ControlsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.waiting: str | None = None  # "Press a key for Draw" while capturing
        # Bindings put back to their defaults when the settings were read, until the next change.
        self.message = " ".join(app.input.key_problems)
        self.menu = Menu(columns=2, on_back=self._leave)
        self._build()

    def relabel(self) -> None:
        """The buttons in the screen's language (a message already shown stays as it was)."""
        self._build()

    def _build(self) -> None:
        settings = self.app.settings
        buttons: list[Button] = []
        width, left = binding_columns(settings)
        for row, move in enumerate(MOVE_LABELS):
            y = 180 + row * 78
            key = settings.keys.get(move)
            buttons.append(
                Button(
                    pygame.Rect(left, y, width, 68),
                    key_label(move, key),
                    partial(self._capture, "key", move),
                    text_size=26,
                    enabled=key is not None,
                )
            )
            buttons.append(
                Button(
                    pygame.Rect(left + width + 20, y, width, 68),
                    button_label(settings.buttons[move]),
                    partial(self._capture, "button", move),
                    text_size=26,
                )
            )
        # As wide as "Reset to defaults" at the text size in use, side by side about the middle.
        words = (_("Reset to defaults"), _("Back"))
        wide = min(800, max(380, *(_width(w, 34) + 40 for w in words)))
        reset = pygame.Rect(940 - wide, 820, wide, 72)
        buttons.append(Button(reset, words[0], self._reset))
        buttons.append(Button(pygame.Rect(980, 820, wide, 72), words[1], self._leave))
        focus = self.menu.focus
        self.menu.buttons = buttons
        self.menu.focus = min(focus, len(buttons) - 1)
        if not buttons[self.menu.focus].enabled:
            self.menu.move(1)  # the focus never rests on a fixed key

    def _capture(self, kind: str, move: str) -> None:
        what = (
            _("Press the key for {move} (Esc cancels)")
            if kind == "key"
            else _("Press the controller button for {move} (Esc cancels)")
        )
        self.waiting = what.format(move=_(MOVE_LABELS[move]))
        self.app.input.capture = partial(self._bound, kind, move)

    def _bound(self, kind: str, move: str, device: str, code: int) -> None:
        self.waiting = None
        settings = self.app.settings
        if device == "key" and code == pygame.K_ESCAPE:
            self.message = _("Cancelled.")
            return
        if device != kind:
            self.message = (
                _("That was a key; choose the key row to bind it.")
                if device == "key"
                else _("That was a controller button; choose the controller row to bind it.")
            )
            return
        why = key_refusal(code) if kind == "key" else None
        if why is not None:
            # Stored, a key without a name read back as "" and broke this screen at every visit.
            told = (
                _("{key} cannot be bound: {reason}. Choose another.").format(
                    key=key_text(code), reason=why
                )
                if key_text(code)
                else _("That key cannot be bound: {reason}. Choose another.").format(reason=why)
            )
            self.message = told
            return
        if kind == "button" and code not in range(32):
            # Only a made-up event sends one (SDL has 21 buttons); the settings keep 0-31.
            self.message = _("That button cannot be bound. Choose another.")
            return
        if kind == "key":
            old = key_text(settings.keys[move])
            swapped = rebind(settings.keys, move, code)
            name = key_text(code)
        else:
            old = button_name(settings.buttons[move])
            swapped = rebind(settings.buttons, move, code)
            name = button_name(code)
        # TRANSLATORS: {move} is a move (Draw, Call UNO), {key} a key's or a button's name.
        done = _("{move} is now {key}.").format(move=_(MOVE_LABELS[move]), key=name)
        if swapped is not None and swapped != move:
            # TRANSLATORS: {other} had the key just bound to another move: it takes that one's.
            had = _("{other} had it, so {other} is now {key}.")
            done += " " + had.format(other=_(MOVE_LABELS[swapped]), key=old)
        self.message = save_settings(settings) or done
        self.app.input.rebuild()
        self._build()

    def _reset(self) -> None:
        self.app.settings.keys = dict(DEFAULT_KEYS)
        self.app.settings.buttons = dict(DEFAULT_BUTTONS)
        self.message = save_settings(self.app.settings) or _("Defaults restored.")
        self.app.input.rebuild()
        self._build()

    def _leave(self) -> None:
        self.app.input.capture = None
        self.app.pop()

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("Controls"), 56, (960, 100), GOLD, Weight.BLACK, shadow=True)
        left = binding_columns(self.app.settings)[1]
        for row, move in enumerate(MOVE_LABELS):
            at = (left - 460, 214 + row * 78)
            draw_text(surface, _(MOVE_LABELS[move]), 30, at, WHITE, Weight.BOLD, "midleft")
        self.menu.draw(surface)
        line = self.waiting or self.message or _("Arrows and the d-pad always move the focus.")
        # Two lines at most: the bindings reset at start-up can make a long message.
        lines = wrap(line, 26, 1700)[:2]
        for i, text in enumerate(lines):
            y = 935 + (i - (len(lines) - 1) / 2) * 30
            draw_text(surface, text, 26, (960, y), GOLD if self.waiting else MUTED)
        draw_text(
            surface,
            _("Second person on a shared keyboard (fixed): {keys}").format(keys=_(SECOND_SET_TEXT)),
            22,
            (960, 990),
            MUTED,
        )
