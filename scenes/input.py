"""One input layer: mouse, keyboard and game controllers become the same intents.

Scenes never look at raw pygame events; they get ``Intent`` values (press at a point, move left,
confirm, draw, call UNO...), each tagged with the device it came from so couch play can tell
players apart. Controllers go through ``pygame._sdl2.controller``; plugging or unplugging one
is handled here and never reaches a scene as an error.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import N_, _, pgettext
from scenes.store.keys import KEYBOARD, SECOND_KEYS
from scenes.store.settings import DEFAULT_KEYS, Settings

# The left stick must travel this far (of 32767) before it counts as a direction, and return
# below the lower mark before the same direction can fire again, so a resting stick never
# scrolls by itself.
STICK_ON = 20000
STICK_OFF = 12000


class Act(enum.Enum):
    POINT = "point"  # the pointer moved
    PRESS = "press"  # primary button down at a point
    RELEASE = "release"  # primary button up at a point
    SCROLL = "scroll"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    CONFIRM = "confirm"
    BACK = "back"
    DRAW = "draw"
    UNO = "uno"
    CATCH = "catch"
    PAUSE = "pause"
    HINT = "hint"
    UNPLUGGED = "unplugged"  # a controller went away (its device id is on the intent)
    PEEK = "peek"  # held: show me my own hand
    PEEK_END = "peek-end"  # released
    PAGE_UP = "page-up"  # reading keys (How to play); a move bound to the key comes first
    PAGE_DOWN = "page-down"
    HOME = "home"
    END = "end"


@dataclass(frozen=True, slots=True)
class Intent:
    act: Act
    pos: tuple[int, int] | None = None
    device: int = KEYBOARD
    amount: int = 0


KEYS: dict[int, Act] = {
    pygame.K_LEFT: Act.LEFT,
    pygame.K_RIGHT: Act.RIGHT,
    pygame.K_UP: Act.UP,
    pygame.K_DOWN: Act.DOWN,
    pygame.K_RETURN: Act.CONFIRM,
    pygame.K_KP_ENTER: Act.CONFIRM,
    pygame.K_SPACE: Act.CONFIRM,
    pygame.K_ESCAPE: Act.BACK,
}
# Keys that scroll a long page (How to play). Unlike the keys above they are not reserved: a
# move bound to one of them takes it.
PAGE_KEYS: dict[int, Act] = {
    pygame.K_PAGEUP: Act.PAGE_UP,
    pygame.K_PAGEDOWN: Act.PAGE_DOWN,
    pygame.K_HOME: Act.HOME,
    pygame.K_END: Act.END,
}
# The moves a player may bind to keys and controller buttons (see Settings.keys / buttons).
MOVES: dict[str, Act] = {
    "confirm": Act.CONFIRM,
    "back": Act.BACK,
    "draw": Act.DRAW,
    "uno": Act.UNO,
    "catch": Act.CATCH,
    "hint": Act.HINT,
    "pause": Act.PAUSE,
    "peek": Act.PEEK,
}

# How the moves are named on screen (Controls, and messages about their bindings): marked for
# the catalogs, translated where shown (``_(MOVE_LABELS[move])``).
MOVE_LABELS = {
    "confirm": N_("Play / choose"),
    "back": N_("Back"),
    "draw": N_("Draw"),
    "uno": N_("Call UNO"),
    "catch": N_("Catch"),
    "hint": N_("Hint"),
    "pause": N_("Pause"),
    "peek": N_("Peek (hold)"),
}


# The second person's keys, fixed so both people can learn them from the screen: I J K L are
# their arrows (House Rules races), B is their A button (a race's tap, or jumping in with the
# identical card), N calls UNO and M catches. Away from a couch table they are plain extra keys.
SECOND_SET: dict[int, Act] = {
    pygame.K_i: Act.UP,
    pygame.K_k: Act.DOWN,
    pygame.K_j: Act.LEFT,
    pygame.K_l: Act.RIGHT,
    pygame.K_b: Act.CONFIRM,
    pygame.K_n: Act.UNO,
    pygame.K_m: Act.CATCH,
}
# TRANSLATORS: the second person's keys; the letters are the keys themselves: keep them.
SECOND_SET_TEXT = N_("I J K L arrows, B tap or jump in, N UNO, M catch")

# Keys with a job of their own that no move may take: the arrows, Enter, Space and Esc drive
# every menu, and F11 (full screen) is taken by the app before any binding is looked at.
RESERVED_KEYS = frozenset(KEYS) | {pygame.K_F11}


# The letters are printed on the buttons; the other names are translated when shown.
BUTTON_NAMES = {
    0: "A",
    1: "B",
    2: "X",
    3: "Y",
    4: "Back",
    5: "Guide",
    6: "Start",
    7: "Left stick",
    8: "Right stick",
    9: "Left shoulder",
    10: "Right shoulder",
}


_WORDS = frozenset(range(4, 11))


def _button_words() -> dict[int, str]:
    """The buttons named in words, in the screen's language (a controller's Back and Start
    are the buttons' names, not the menu's Back)."""
    return {
        4: pgettext("controller button", "Back"),
        5: pgettext("controller button", "Guide"),
        6: pgettext("controller button", "Start"),
        7: pgettext("controller button", "Left stick"),
        8: pgettext("controller button", "Right stick"),
        9: pgettext("controller button", "Left shoulder"),
        10: pgettext("controller button", "Right shoulder"),
    }


def key_name(code: int) -> str:
    """SDL's name for a key code, or "" when it has none: K_UNKNOWN, most keys known only by
    their scancode, and numbers no keyboard sends (a made-up event can carry any integer)."""
    try:
        return pygame.key.name(code)
    except (OverflowError, TypeError, ValueError):
        return ""


def key_text(code: int) -> str:
    """A bound key as the screen writes it: D, LEFT SHIFT, F5."""
    return key_name(code).upper()


def key_refusal(code: int) -> str | None:
    """Why a key cannot be bound to a move (a clause for a sentence), or None when it can."""
    if not key_name(code):
        # Bindings are shown and explained by name; a key without one could not be told apart.
        return _("it has no name the game could show")
    if code in SECOND_SET:
        return _("it belongs to the second person on a shared keyboard")
    if code in RESERVED_KEYS:
        return _("it keeps its own job in every menu")
    return None


def settle_keys(keys: dict[str, int]) -> list[str]:
    """Put back to its default, in place, every key binding that cannot be bound (the settings
    file checks that a key exists, not what it is for: a second person's key, a menu's key), and
    return a sentence for each one."""
    problems: list[str] = []
    for move in list(keys):
        default = DEFAULT_KEYS.get(move)
        if default is None:
            del keys[move]  # a move with no key of its own (confirm, back, peek)
            continue
        code: Any = keys[move]
        # Settings made in code (not read from a file) may hold anything: only ints are codes.
        valid = isinstance(code, int) and not isinstance(code, bool)
        why = key_refusal(code) if valid else _("it is no key this keyboard knows")
        if why is not None:
            keys[move] = default
            told = _("The key saved for {move} could not be used ({reason}); it is {key} again.")
            problems.append(
                told.format(move=_(MOVE_LABELS[move]), reason=why, key=key_text(default))
            )
    if len(set(keys.values())) < len(keys):
        keys.update(DEFAULT_KEYS)
        problems.append(_("Two moves shared one key, so every key is back to its default."))
    return problems


def button_name(button: int) -> str:
    """What a controller button is called on screen (SDL's layout names, as on an Xbox pad)."""
    if button in _WORDS:
        return _button_words()[button]
    if button in BUTTON_NAMES:
        return BUTTON_NAMES[button]
    # TRANSLATORS: a controller button without a name of its own; {number} is SDL's number.
    return _("button {number}").format(number=button)


def is_controller(device: int) -> bool:
    """Whether an intent's device is a game controller (the keyboard sets are negative)."""
    return device >= 0


# The d-pad always moves the focus; the other buttons are bound in the settings.
FIXED_BUTTONS: dict[int, Act] = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Act.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.DOWN,
}


class InputLayer:
    """Translates pygame events into intents and keeps track of connected controllers."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.controllers: dict[int, Any] = {}  # instance id -> pygame._sdl2 Controller
        self.problem: str | None = None
        self.key_problems: list[str] = []  # bindings rebuild() put back to their defaults
        self._stick: dict[tuple[int, int], bool] = {}
        self._keys: dict[int, Act] = {}
        self._buttons: dict[int, Act] = {}
        # While set, the next key or button goes here instead of becoming an intent (rebinding).
        self.capture: Callable[[str, int], None] | None = None
        self.rebuild()
        try:
            # A pygame built without SDL's controller module still plays with keys and mouse.
            from pygame._sdl2 import controller  # noqa: PLC0415

            controller.init()
            self._module: Any = controller
        except (ImportError, pygame.error) as error:
            self._module = None
            self.problem = f"game controllers unavailable: {error}"

    def rebuild(self) -> None:
        """Read the key and button bindings from the settings again."""
        self.key_problems = settle_keys(self.settings.keys)
        if self.key_problems:
            self.problem = " ".join(self.key_problems)
        keys = {**PAGE_KEYS, **KEYS}
        for move, code in self.settings.keys.items():
            keys[code] = MOVES[move]
        self._keys = keys
        buttons = dict(FIXED_BUTTONS)
        for move, button in self.settings.buttons.items():
            buttons[button] = MOVES[move]
        self._buttons = buttons

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if self.capture is not None and kind in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            capture, self.capture = self.capture, None
            if kind == pygame.KEYDOWN:
                capture("key", event.key)
            else:
                capture("button", event.button)
            return []
        if kind == pygame.MOUSEMOTION:
            return [Intent(Act.POINT, _pos(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [Intent(Act.PRESS, _pos(event.pos))]
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return [Intent(Act.RELEASE, _pos(event.pos))]
        if kind == pygame.MOUSEWHEEL:
            return [Intent(Act.SCROLL, amount=int(event.y))]
        if kind == pygame.KEYDOWN:
            second = SECOND_SET.get(event.key)
            if second is not None:
                return [Intent(second, device=SECOND_KEYS)]
            act = self._keys.get(event.key)
            return [Intent(act)] if act is not None else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add_controller(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_controller(event.instance_id)
            return [Intent(Act.UNPLUGGED, device=event.instance_id)]
        if kind == pygame.CONTROLLERBUTTONDOWN:
            act = self._buttons.get(event.button)
            return [Intent(act, device=event.instance_id)] if act is not None else []
        if kind == pygame.CONTROLLERBUTTONUP:
            if self._buttons.get(event.button) is Act.PEEK:
                return [Intent(Act.PEEK_END, device=event.instance_id)]
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._stick_motion(event.instance_id, event.axis, event.value)
        return []

    def _add_controller(self, index: int) -> None:
        if self._module is None:
            return
        try:
            pad = self._module.Controller(index)
            self.controllers[pad.as_joystick().get_instance_id()] = pad
        # OverflowError: an index beyond SDL's 32 bits, which only a made-up event carries
        # (the input storm posts them); it must not stop the game either.
        except (pygame.error, AttributeError, OverflowError) as error:
            self.problem = f"a controller could not be opened: {error}"

    def _remove_controller(self, instance_id: int) -> None:
        pad = self.controllers.pop(instance_id, None)
        if pad is not None:
            # The device may already be gone; closing it again is harmless.
            with contextlib.suppress(pygame.error):
                pad.quit()

    def _stick_motion(self, device: int, axis: int, value: int) -> list[Intent]:
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            acts = (Act.LEFT, Act.RIGHT)
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            acts = (Act.UP, Act.DOWN)
        else:
            return []
        key = (device, axis)
        held = self._stick.get(key, False)
        if not held and abs(value) >= STICK_ON:
            self._stick[key] = True
            return [Intent(acts[0] if value < 0 else acts[1], device=device)]
        if held and abs(value) < STICK_OFF:
            self._stick[key] = False
        return []


def _pos(pos: tuple[float, float]) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])
