"""Match setup: players, who sits where, the rule preset, every switch, the target.

Every switch of the rules is listed with its one-line explanation and a button that cycles its
values; the engine's own validation says, in plain words, why a combination cannot be played,
and Start stays disabled until it can. Start with no changes plays the default: you against
three Normal AIs with the official Classic rules.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from functools import partial
from typing import Any

import pygame

from game.ai import Level
from game.rules import (
    PRESET_TEXT,
    PRESETS,
    SWITCHES,
    CustomEffect,
    Preset,
    RulesError,
)
from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight
from scenes.input import SECOND_SET_TEXT, Act, Intent, button_name, is_controller
from scenes.table import AI_NAMES, MatchSetup, SeatSpec, TableScene
from scenes.ui import DANGER, GOLD, MUTED, WHITE, Button, Menu, draw_text, panel

# The values a switch button cycles through, for the switches that are not bools or enums.
INT_CHOICES: dict[str, tuple[int, ...]] = {
    "hand_size": (7, 5, 6, 8, 9, 10),
    "uno_penalty": (2, 1, 3, 4),
    "target_points": (500, 100, 200, 250, 300, 1000),
}
EFFECT_CHOICES: tuple[tuple[CustomEffect, ...], ...] = (
    (CustomEffect.OTHERS_DRAW_1,),
    (),
    *((effect,) for effect in CustomEffect if effect is not CustomEffect.OTHERS_DRAW_1),
)
SEAT_KINDS: tuple[Level | None, ...] = (None, Level.EASY, Level.NORMAL, Level.HARD, Level.EXPERT)
ROW_H = 52
VISIBLE_ROWS = 12


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, enum.Enum):
        return str(value.value).replace("-", " ")
    if isinstance(value, tuple):
        if not value:
            return "host chooses"
        return ", ".join(str(e.value).replace("-", " ") for e in value)
    return str(value)


def next_value(name: str, value: Any) -> Any:
    """The next value of a switch in its cycle."""
    choices: tuple[Any, ...]
    if isinstance(value, bool):
        return not value
    if isinstance(value, enum.Enum):
        choices = tuple(type(value))
    elif name == "custom_effects":
        choices = EFFECT_CHOICES
    else:
        choices = INT_CHOICES[name]
    index = choices.index(value) if value in choices else -1
    return choices[(index + 1) % len(choices)]


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.players = 4
        self.kinds: list[Level | None] = [None] + [Level.NORMAL] * 9
        self.preset = Preset.CLASSIC
        self.rules = PRESETS[self.preset]
        self.open_hands = False
        self.scroll = 0
        self.background = felt(app.screen.get_size()).convert()
        self.menu = Menu(on_back=app.pop)
        self.error: str | None = None
        # Couch play: controllers given to people here (device id -> seat); the rest are
        # claimed at the hand-off by pressing A.
        self.pads: dict[int, int] = {}
        self._build()

    # ------------------------------------------------------------- state

    def _build(self) -> None:
        self._forget_pads()
        try:
            self.rules.validate(self.players)
            self.error = None
        except RulesError as error:
            self.error = str(error)
        focus = self.menu.focus
        buttons: list[Button] = []
        # Players.
        buttons.append(Button(pygame.Rect(90, 170, 70, 60), "-", self._fewer, text_size=36))
        buttons.append(Button(pygame.Rect(330, 170, 70, 60), "+", self._more, text_size=36))
        for seat in range(self.players):
            rect = pygame.Rect(250, 250 + seat * 62, 220, 52)
            buttons.append(
                Button(rect, self._kind_label(seat), partial(self._cycle_kind, seat), text_size=24)
            )
        label = f"Open hands (young players): {'on' if self.open_hands else 'off'}"
        buttons.append(
            Button(pygame.Rect(90, 876, 380, 44), label, self._toggle_open, text_size=20)
        )
        # Preset.
        buttons.append(
            Button(
                pygame.Rect(620, 170, 420, 60),
                f"Rules: {self._preset_name()}",
                self._cycle_preset,
                text_size=28,
            )
        )
        names = list(SWITCHES)
        for row, name in enumerate(names[self.scroll : self.scroll + VISIBLE_ROWS]):
            value = getattr(self.rules, name)
            rect = pygame.Rect(620, 300 + row * ROW_H, 250, ROW_H - 8)
            changed = value != getattr(PRESETS[self.preset], name)
            buttons.append(
                Button(
                    rect,
                    _value_text(value),
                    partial(self._cycle, name),
                    text_size=22,
                    color=(90, 70, 30) if changed else (40, 56, 72),
                )
            )
        if len(names) > VISIBLE_ROWS:
            buttons.append(
                Button(pygame.Rect(1500, 240, 160, 48), "More rules", self._scroll, text_size=22)
            )
        start = Button(
            pygame.Rect(1380, 960, 420, 84),
            "Start",
            self._start,
            text_size=40,
            color=(40, 130, 80),
            enabled=self.error is None,
        )
        buttons.append(Button(pygame.Rect(120, 960, 260, 84), "Back", self.app.pop, text_size=32))
        buttons.append(start)
        self.menu.buttons = buttons
        self.menu.focus = min(focus, len(buttons) - 1) if focus else len(buttons) - 1
        self._names = names

    def _kind_label(self, seat: int) -> str:
        kind = self.kinds[seat]
        pad = next((d for d, s in self.pads.items() if s == seat), None)
        if kind is None and pad is not None:
            return f"{'You' if seat == 0 else 'Person'} + pad {self._pad_number(pad)}"
        if seat == 0:
            return "You" if kind is None else f"Watch: {kind.value} AI"
        return f"{kind.value.capitalize()} AI" if kind is not None else "Person"

    def _pad_number(self, device: int) -> int:
        """Controllers are numbered on screen in the order they were connected."""
        connected = sorted(self.app.input.controllers)
        return connected.index(device) + 1 if device in connected else len(connected) + 1

    def people(self) -> list[int]:
        return [s for s in range(self.players) if self.kinds[s] is None]

    def _give_pad(self, device: int) -> None:
        """The controller's UNO button in setup: it goes to the next person who has none; pressed
        again, it moves on, and after the last person it belongs to nobody."""
        people = self.people()
        taken = {s for d, s in self.pads.items() if d != device}
        current = self.pads.pop(device, None)
        later = [p for p in people if p not in taken and (current is None or p > current)]
        if later:
            self.pads[device] = later[0]
        self._build()

    def _forget_pads(self) -> None:
        """Seats that are no longer people (or no longer at the table) give their pads back."""
        people = set(self.people())
        self.pads = {d: s for d, s in self.pads.items() if s in people}

    def _preset_name(self) -> str:
        return {
            Preset.CLASSIC: "Classic",
            Preset.UNO2023: "2023 deck",
            Preset.HOUSE_RULES: "House Rules!",
            Preset.QUICK: "Quick",
        }[self.preset]

    def _toggle_open(self) -> None:
        self.open_hands = not self.open_hands
        self._build()

    def _fewer(self) -> None:
        self.players = max(2, self.players - 1)
        self._build()

    def _more(self) -> None:
        self.players = min(10, self.players + 1)
        self._build()

    def _cycle_kind(self, seat: int) -> None:
        kinds = SEAT_KINDS
        current = self.kinds[seat]
        index = kinds.index(current) if current in kinds else -1
        self.kinds[seat] = kinds[(index + 1) % len(kinds)]
        self._build()

    def _cycle_preset(self) -> None:
        presets = list(Preset)
        self.preset = presets[(presets.index(self.preset) + 1) % len(presets)]
        self.rules = PRESETS[self.preset]
        self._build()

    def _cycle(self, name: str) -> None:
        value = next_value(name, getattr(self.rules, name))
        self.rules = dataclasses.replace(self.rules, **{name: value})
        self._build()

    def _scroll(self) -> None:
        self.scroll = 0 if self.scroll + VISIBLE_ROWS >= len(SWITCHES) else self.scroll + 6
        self._build()

    def seat_name(self, seat: int) -> str:
        people = [s for s in range(self.players) if self.kinds[s] is None]
        if self.kinds[seat] is None:
            # Several people at one screen are called by player number, not all "You".
            return "You" if len(people) == 1 else f"Player {people.index(seat) + 1}"
        return AI_NAMES[(seat - 1) % len(AI_NAMES)]

    def setup(self) -> MatchSetup:
        seats = [SeatSpec(self.seat_name(s), self.kinds[s]) for s in range(self.players)]
        seed = random.randrange(1 << 30)
        return MatchSetup(self.rules, tuple(seats), seed, open_hands=self.open_hands)

    def _start(self) -> None:
        if self.error is not None:
            return
        from scenes.title import shared_media

        sounds, art = shared_media(self.app)
        table = TableScene(
            self.app, self.setup(), sounds=sounds, art=art, autosave=True, pads=self.pads
        )
        self.app.replace(table)

    # ------------------------------------------------------------- scene

    def handle(self, intent: Intent) -> None:
        if intent.act is Act.UNPLUGGED:
            if self.pads.pop(intent.device, None) is not None:
                self._build()
            return
        if intent.act is Act.UNO and is_controller(intent.device) and len(self.people()) > 1:
            self._give_pad(intent.device)
            return
        if intent.act is Act.SCROLL and intent.amount:
            limit = max(0, len(SWITCHES) - VISIBLE_ROWS)
            self.scroll = min(limit, max(0, self.scroll - intent.amount))
            self._build()
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "New game", 56, (960, 80), GOLD, Weight.BLACK, shadow=True)
        left = pygame.Rect(60, 130, 480, 800)
        right = pygame.Rect(580, 130, 1280, 800)
        for rect in (left, right):
            surface.blit(panel(rect.size, 26, (10, 16, 22, 200)), rect)
        draw_text(surface, f"{self.players} players", 34, (245, 200), WHITE, Weight.BOLD)
        for seat in range(self.players):
            y = 276 + seat * 62
            name = self.seat_name(seat)
            draw_text(surface, f"Seat {seat + 1}", 20, (90, y), MUTED, anchor="midleft")
            draw_text(surface, name, 24, (160, y), WHITE, Weight.BOLD, "midleft")
        draw_text(surface, PRESET_TEXT[self.preset], 22, (1070, 200), MUTED, anchor="midleft")
        for row, name in enumerate(self._names[self.scroll : self.scroll + VISIBLE_ROWS]):
            row_y = 300 + row * ROW_H + (ROW_H - 8) / 2
            label = name.replace("_", " ").replace("wd4", "+4").capitalize().replace("Uno", "UNO")
            draw_text(surface, label, 22, (890, row_y - 12), WHITE, Weight.BOLD, "midleft")
            draw_text(
                surface, SWITCHES[name], 18, (890, row_y + 13), MUTED, Weight.REGULAR, "midleft"
            )
        shown = f"rules {self.scroll + 1}-{min(len(SWITCHES), self.scroll + VISIBLE_ROWS)}"
        draw_text(
            surface,
            f"{shown} of {len(SWITCHES)} (scroll)",
            18,
            (1450, 264),
            MUTED,
            anchor="midright",
        )
        if self.error is not None:
            draw_text(surface, self.error, 24, (1100, 1000), DANGER, anchor="midright")
        else:
            draw_text(
                surface,
                "Changed rules are shown in amber.",
                20,
                (1360, 1000),
                MUTED,
                anchor="midright",
            )
        self.menu.draw(surface)
        if len(self.people()) > 1:
            uno = button_name(self.app.settings.buttons["uno"])
            draw_text(
                surface,
                f"Couch play: {uno} on a controller gives it to the next person (again: the "
                f"one after), or A at their first turn. Second person on the keyboard: "
                f"{SECOND_SET_TEXT}.",
                19,
                (960, 946),
                MUTED,
            )
