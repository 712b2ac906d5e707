"""The input layer: mouse, keys and controllers become the same intents; a controller that
comes and goes never raises."""

from __future__ import annotations

import json
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.input import STICK_OFF, STICK_ON, Act, InputLayer, Intent
from scenes.store.keys import KEYBOARD
from scenes.store.settings import Settings


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
    # Beyond SDL's 32 bits: only a made-up event has one, and it raised OverflowError.
    assert inputs.translate(event(pygame.CONTROLLERDEVICEADDED, device_index=2**40)) == []
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
    assert app.settings.keys["draw"] == pygame.K_u and app.settings.keys["uno"] == pygame.K_d
    assert app.input.translate(event(pygame.KEYDOWN, key=pygame.K_u, mod=0)) == [Intent(Act.DRAW)]
    pad = next(b for b in controls.menu.buttons if b.label == "Controller: X")
    pad.on_click()
    app.step(1 / 60, [event(pygame.CONTROLLERBUTTONDOWN, button=3, instance_id=1)])
    assert app.settings.buttons["draw"] == 3 and app.settings.buttons["uno"] == 2
    pressed = event(pygame.CONTROLLERBUTTONDOWN, button=3, instance_id=1)
    assert app.input.translate(pressed) == [Intent(Act.DRAW, device=1)]


def test_the_second_persons_keys_are_their_own_device() -> None:
    from scenes.store.keys import SECOND_KEYS

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
    settings.keys["draw"] = pygame.K_j  # written by an older version, before the second set
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
    assert app.settings.keys["draw"] == pygame.K_d and "second person" in scene.message


# Keys SDL has no name for: K_UNKNOWN, keys known only by their scancode, and numbers no
# keyboard sends (a made-up event can carry any integer).
UNNAMED_KEYS = [pygame.K_UNKNOWN, (1 << 30) | 300, 2**31 - 1, 2**40]


def controls_app(settings: Settings | None = None) -> tuple[Any, Any]:
    from scenes.app import App
    from scenes.controls import ControlsScene

    pygame.init()
    app = App(settings or Settings(), headless=True)
    scene = ControlsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    return app, scene


def test_a_key_without_a_name_is_refused_and_controls_keeps_opening() -> None:
    from scenes.controls import ControlsScene

    app, scene = controls_app()
    for code in UNNAMED_KEYS:
        draw_key = next(b for b in scene.menu.buttons if b.label == "Key: D")
        draw_key.on_click()
        app.step(1 / 60, [event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
        assert scene.message.endswith(
            "cannot be bound: it has no name the game could show. Choose another."
        ), code
        assert app.settings.keys["draw"] == pygame.K_d
    # Before, the empty name was saved and every later visit to Controls raised a KeyError.
    again = ControlsScene(app)
    app.push(again)
    for _ in range(2):
        app.step(1 / 60, [])
    assert app.top is again


def test_the_menus_own_keys_cannot_be_taken_by_a_move() -> None:
    app, scene = controls_app()
    scene._bound("key", "draw", "key", pygame.K_RETURN)
    assert "RETURN cannot be bound: it keeps its own job in every menu" in scene.message
    assert app.settings.keys["draw"] == pygame.K_d
    assert app.input.translate(event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)) == [
        Intent(Act.CONFIRM)
    ]


def test_a_key_is_saved_by_its_code_and_read_back(tmp_path: Any) -> None:
    from scenes.store.settings import load_settings, settings_path

    app, scene = controls_app()
    code = (1 << 30) | 0x3E  # F5: a key known by its scancode that SDL does name
    scene._bound("key", "draw", "key", code)
    assert app.settings.keys["draw"] == code
    assert json.loads(settings_path().read_text(encoding="utf-8"))["keys"]["draw"] == code
    loaded, problem = load_settings()
    assert problem is None and loaded.keys["draw"] == code
    assert InputLayer(loaded).translate(event(pygame.KEYDOWN, key=code, mod=0)) == [
        Intent(Act.DRAW)
    ]


def test_key_names_from_an_older_settings_file_become_codes() -> None:
    from scenes.store.settings import load_settings, settings_path

    pygame.init()
    keys = {"draw": "g", "uno": "left shift"}
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"keys": keys}), encoding="utf-8")
    settings, problem = load_settings()
    assert problem is None
    assert settings.keys["draw"] == pygame.K_g and settings.keys["uno"] == pygame.K_LSHIFT
    inputs = InputLayer(settings)
    assert inputs.key_problems == []
    assert inputs.translate(event(pygame.KEYDOWN, key=pygame.K_g, mod=0)) == [Intent(Act.DRAW)]


@pytest.mark.parametrize("saved", [pygame.K_UNKNOWN, 2**40, pygame.K_ESCAPE, pygame.K_n, "h", None])
def test_a_saved_key_that_cannot_be_used_goes_back_to_its_default_with_a_message(
    saved: object,
) -> None:
    from scenes.app import App
    from scenes.store.settings import DEFAULT_KEYS, load_settings

    pygame.init()
    settings = Settings()
    settings.keys = {**DEFAULT_KEYS, "hint": saved}  # type: ignore[dict-item]
    app = App(settings, headless=True)
    assert settings.keys == DEFAULT_KEYS
    said = " ".join(toast.text for toast in app.toasts)
    assert "The key saved for Hint could not be used (it " in said and "it is H again" in said
    # The repaired bindings were saved, so the message is not repeated at the next start.
    assert load_settings()[0].keys == DEFAULT_KEYS
    assert App(load_settings()[0], headless=True).toasts == []


def test_two_moves_on_one_key_put_every_key_back() -> None:
    from scenes.input import settle_keys
    from scenes.store.settings import DEFAULT_KEYS

    keys = {**DEFAULT_KEYS, "draw": pygame.K_u}
    assert settle_keys(keys) == ["Two moves shared one key, so every key is back to its default."]
    assert keys == DEFAULT_KEYS
