"""The input layer: mouse, keys and controllers become the same intents; a controller that
comes and goes never raises."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from scenes.input import KEYBOARD, STICK_OFF, STICK_ON, Act, InputLayer, Intent
from scenes.settings import Settings


def layer() -> InputLayer:
    pygame.init()
    return InputLayer(Settings())


def event(kind: int, **fields: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **fields)


def test_mouse_and_keys() -> None:
    inputs = layer()
    assert inputs.translate(event(pygame.MOUSEBUTTONDOWN, pos=(10.0, 20.0), button=1)) == [
        Intent(Act.PRESS, (10, 20))
    ]
    assert inputs.translate(event(pygame.MOUSEBUTTONDOWN, pos=(1, 2), button=3)) == []
    assert inputs.translate(event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")) == [
        Intent(Act.DRAW)
    ]
    assert inputs.translate(event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q")) == []


def test_controller_buttons_carry_their_device() -> None:
    inputs = layer()
    a = event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=3)
    y = event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y, instance_id=4)
    assert inputs.translate(a) == [Intent(Act.CONFIRM, device=3)]
    assert inputs.translate(y) == [Intent(Act.UNO, device=4)]
    assert Intent(Act.CONFIRM).device == KEYBOARD


def test_the_stick_fires_once_per_push() -> None:
    inputs = layer()
    axis = pygame.CONTROLLER_AXIS_LEFTX

    def move(value: int) -> list[Intent]:
        return inputs.translate(
            event(pygame.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=1)
        )

    assert move(STICK_ON + 10) == [Intent(Act.RIGHT, device=1)]
    assert move(STICK_ON + 2000) == []  # still held: no repeat
    assert move(STICK_OFF - 10) == []  # released
    assert move(-STICK_ON - 10) == [Intent(Act.LEFT, device=1)]


def test_a_controller_that_cannot_be_opened_or_vanishes_is_harmless() -> None:
    inputs = layer()
    assert inputs.translate(event(pygame.CONTROLLERDEVICEADDED, device_index=99)) == []
    assert inputs.translate(event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99)) == [
        Intent(Act.UNPLUGGED, device=99)
    ]


def test_rebinding_a_key_and_a_button_swaps_with_any_move_that_had_it() -> None:
    from scenes.app import App
    from scenes.controls import ControlsScene

    pygame.init()
    app = App(Settings(), headless=True)
    controls = ControlsScene(app)
    app.push(controls)
    app.step(1 / 60, [])
    draw_key = next(b for b in controls.menu.buttons if b.label == "Key: D")
    draw_key.on_click()
    app.step(1 / 60, [event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")])
    assert app.settings.keys["draw"] == "u" and app.settings.keys["uno"] == "d"
    assert app.input.translate(event(pygame.KEYDOWN, key=pygame.K_u, mod=0)) == [Intent(Act.DRAW)]
    pad = next(b for b in controls.menu.buttons if b.label == "Controller: X")
    pad.on_click()
    app.step(1 / 60, [event(pygame.CONTROLLERBUTTONDOWN, button=3, instance_id=1)])
    assert app.settings.buttons["draw"] == 3 and app.settings.buttons["uno"] == 2
    pressed = event(pygame.CONTROLLERBUTTONDOWN, button=3, instance_id=1)
    assert app.input.translate(pressed) == [Intent(Act.DRAW, device=1)]


def test_the_second_persons_keys_are_their_own_device() -> None:
    from scenes.input import SECOND_KEYS

    inputs = layer()
    seen = [
        inputs.translate(event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        for code in (pygame.K_i, pygame.K_k, pygame.K_j, pygame.K_l, pygame.K_b)
    ]
    assert seen == [
        [Intent(act, device=SECOND_KEYS)]
        for act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.CONFIRM)
    ]


def test_a_saved_binding_on_a_second_person_key_falls_back_to_the_default() -> None:
    pygame.init()
    settings = Settings()
    settings.keys["draw"] = "j"  # written by an older version, before the second set
    inputs = InputLayer(settings)
    assert inputs.problem is not None and "second person" in inputs.problem
    draw = inputs.translate(event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    assert draw == [Intent(Act.DRAW)]


def test_the_controls_scene_refuses_a_second_person_key() -> None:
    from scenes.app import App
    from scenes.controls import ControlsScene

    pygame.init()
    app = App(Settings(), headless=True)
    scene = ControlsScene(app)
    scene._bound("key", "draw", "key", pygame.K_m)
    assert app.settings.keys["draw"] == "d" and "second person" in scene.message
