"""The match setup screen, headless: what it shows is what Start plays (names, seats, rules, the
Quick target), switches that do nothing for the deck are hidden, numbers cycle upwards, names
are typed through posted keyboard events, and the choices are remembered between runs, with a
damaged file giving the defaults and a message."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai import Level
from game.cards import DeckKind
from game.match import SeatKind
from game.rules import PRESETS, SWITCHES, Preset, TargetMode
from scenes.app import App
from scenes.input import Act, Intent
from scenes.setup import SetupScene
from scenes.setup_model import (
    FIRST_LESSON,
    INT_CHOICES,
    SetupModel,
    next_value,
    shown_switches,
    typed,
)
from scenes.store.lastsetup import LastSetup, load_last_setup, save_last_setup, setup_path
from scenes.store.lessonrecord import finish
from scenes.store.settings import Settings
from scenes.table.offer import OfferScene
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.ui import Button

FRAME = 1 / 60


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's folders inside tmp_path (platformdirs follows XDG on Linux)."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    # A player who has done lesson 1: the defaults are Normal AIs (a beginner's are Easy,
    # tests/test_lesson_walk.py).
    finish(FIRST_LESSON)
    return tmp_path


@pytest.fixture
def app(home: Path) -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


def open_setup(app: App) -> SetupScene:
    scene = SetupScene(app)
    app.push(scene)
    app.step(FRAME, [])
    return scene


def click(app: App, button: Button) -> None:
    """A left click in the middle of ``button``, as the mouse sends it."""
    pos = button.rect.center
    app.step(
        FRAME,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def choose_kind(app: App, kind: Button, label: str) -> None:
    """A click on a seat's kind opens the list of kinds; a click on one chooses it."""
    click(app, kind)
    app.step(FRAME, [])
    listed = app.top
    assert isinstance(listed, ChoiceOverlay)
    click(app, next(b for b in listed.menu.buttons if b.label == label))
    app.step(FRAME, [])


def post_keys(app: App, *items: str | int) -> None:
    """Post typed text (a str becomes TEXTINPUT) and key presses (an int becomes KEYDOWN), then
    run one frame, which reads them from pygame's queue like the real loop."""
    pygame.event.clear()
    for item in items:
        if isinstance(item, str):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=item))
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=item, mod=0, unicode=""))
    app.step(FRAME)


def start(app: App, scene: SetupScene) -> TableScene:
    start_button = scene.menu.buttons[-1]
    assert start_button.label == "Start" and start_button.enabled
    click(app, start_button)
    app.step(FRAME, [])
    if isinstance(app.top, OfferScene):  # a new deck's lesson offered first: Play
        app.top.play()
        app.step(FRAME, [])
    # The table, under the curtain to its first person when a person at a couch table plays
    # first (the deal's seed is a fresh one each time).
    table = next((s for s in reversed(app.stack) if isinstance(s, TableScene)), None)
    assert table is not None
    return table


# ------------------------------------------------------------------ what Start plays


def test_start_plays_the_names_seats_and_rules_shown(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.menu.buttons[1])  # "+": five players
    assert scene.model.players == 5
    kind = scene.menu.buttons[2 + 2 * 2 + 1]  # seat 3's kind button, after its name field
    choose_kind(app, kind, "Hard AI")
    choose_kind(app, scene.menu.buttons[2 + 2 * 3 + 1], "Person")  # seat 4
    click(app, scene._name_buttons[0])
    post_keys(app, "Maria", pygame.K_RETURN)
    click(app, scene._name_buttons[4])
    post_keys(app, "Robo", pygame.K_RETURN)
    stacking = scene.switch_button("stacking")
    assert stacking is not None
    click(app, stacking)
    hand = scene.switch_button("hand_size")
    assert hand is not None
    click(app, hand)
    shown = [b.label for b in scene.menu.buttons]
    assert "Rules: Classic (changed)" in shown
    names = scene.model.seat_names()
    assert names == ["Maria", "Ana", "Ben", "Player 2", "Robo"]

    table = start(app, scene)
    setup = table.setup
    assert [s.name for s in setup.seats] == names
    assert [s.level for s in setup.seats] == [None, Level.NORMAL, Level.HARD, None, Level.NORMAL]
    assert setup.rules == scene.model.rules
    assert setup.rules.hand_size == 8 and setup.rules.stacking.value == "same"


def test_people_are_named_each_and_the_kind_button_never_says_you(app: App) -> None:
    scene = open_setup(app)
    assert scene.model.seat_names()[0] == "You"  # one person
    assert scene._kind_label(0) == "Person"
    scene.model.kinds[2] = None
    scene._build()
    assert scene.model.seat_names()[:3] == ["Player 1", "Ana", "Player 2"]
    assert [scene._kind_label(s) for s in range(3)] == ["Person", "Normal AI", "Person"]
    # A default gives way to a name typed for another seat: no two seats share a name.
    scene.model.ai_names[3] = "Ana"
    assert scene.model.seat_names() == ["Player 1", "Ben", "Player 2", "Ana"]
    app.step(FRAME, [])


# ------------------------------------------------------------------ the Quick target


@pytest.mark.parametrize("players", range(2, 11))
def test_quick_shows_the_target_the_engine_plays(app: App, players: int) -> None:
    scene = open_setup(app)
    scene.model.preset = Preset.QUICK
    scene.model.rules = PRESETS[Preset.QUICK]
    scene.model.players = players
    scene.scroll = len(SWITCHES)  # the target rows are at the end of the list
    scene._build()
    target = scene.model.rules.target_for(players)
    assert target == (100 if players == 2 else 200)
    button = scene.switch_button("target_points")
    assert button is not None and button.label == f"{target} (quick)"
    assert scene.setup().rules.target_for(players) == target
    # Changing it plays to points from the next value up, and the row shows that target.
    click(app, button)
    rules = scene.setup().rules
    assert rules.target_mode is TargetMode.POINTS
    assert rules.target_for(players) == next_value("target_points", target)
    button = scene.switch_button("target_points")
    assert button is not None and button.label == str(rules.target_for(players))
    assert scene.model.rules_label() == "Rules: Quick (changed)"


# ------------------------------------------------------------------ labels and switches


def test_the_rules_button_says_when_the_switches_differ_from_the_preset(app: App) -> None:
    scene = open_setup(app)
    for _ in range(3):
        click(app, scene.menu.buttons[2 + 2 * scene.model.players + 1])  # the preset button
    assert scene.model.preset is Preset.QUICK
    assert scene.model.rules_label() == "Rules: Quick"
    jump_in = scene.switch_button("jump_in")
    assert jump_in is not None
    click(app, jump_in)
    assert scene.model.rules_label() == "Rules: Quick (changed)"
    assert "Rules: Quick (changed)" in [b.label for b in scene.menu.buttons]
    jump_in = scene.switch_button("jump_in")
    assert jump_in is not None
    click(app, jump_in)
    assert scene.model.rules_label() == "Rules: Quick"


def test_switches_that_do_nothing_for_the_deck_are_hidden(app: App) -> None:
    scene = open_setup(app)
    expected = {
        Preset.CLASSIC: (False, False),
        Preset.UNO2023: (True, False),
        Preset.HOUSE_RULES: (False, True),
        Preset.QUICK: (False, False),
    }
    for preset, (custom, house) in expected.items():
        scene.model.preset = preset
        scene.model.rules = PRESETS[preset]
        scene._build()
        assert ("custom_effects" in scene._names) is custom, preset
        assert ("show_house_rule_text" in scene._names) is house, preset
        for scroll in range(0, len(SWITCHES), 3):
            scene.scroll = scroll
            scene._build()
            labels = [b.label for b in scene.menu.buttons]
            assert (scene.switch_button("custom_effects") is not None) <= custom
            assert labels  # the screen still has its buttons at every scroll
        app.step(FRAME, [])
    # The deck switch decides, not the preset's name.
    rules = PRESETS[Preset.CLASSIC].with_changes(deck=DeckKind.UNO2023)
    assert "custom_effects" in shown_switches(rules)


def test_numbers_cycle_in_ascending_order(app: App) -> None:
    for name, choices in INT_CHOICES.items():
        assert list(choices) == sorted(choices), name
        value = choices[0]
        seen = [value]
        for _ in range(len(choices)):
            value = next_value(name, value)
            seen.append(value)
        assert seen == [*choices, choices[0]], name
    # A value from a file that is not among the choices goes to the next larger one.
    assert next_value("hand_size", 12) == 5
    assert next_value("target_points", 150) == 200
    scene = open_setup(app)
    sizes = [scene.model.rules.hand_size]
    for _ in range(6):
        button = scene.switch_button("hand_size")
        assert button is not None
        click(app, button)
        sizes.append(scene.model.rules.hand_size)
    assert sizes == [7, 8, 9, 10, 5, 6, 7]


# ------------------------------------------------------------------ typing names


def test_a_name_is_typed_with_posted_keyboard_events(app: App) -> None:
    scene = open_setup(app)
    layer = app.input
    click(app, scene._name_buttons[1])
    assert scene.entry is not None and scene.entry.seat == 1
    # D is the draw key and Space confirms in menus: while typing they are letters.
    post_keys(app, "Mix", pygame.K_BACKSPACE, "a d", pygame.K_d, pygame.K_SPACE)
    assert scene.entry is not None and scene.entry.text == "Mia d"
    app.step(FRAME, [])  # drawn while typing
    post_keys(app, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_RETURN)
    assert scene.entry is None
    assert scene.model.seat_names()[1] == "Mia"
    assert "translate" not in vars(layer)  # the keyboard is the input layer's again
    # Esc cancels: the name stays as it was.
    click(app, scene._name_buttons[1])
    post_keys(app, pygame.K_BACKSPACE, "Zed", pygame.K_ESCAPE)
    assert scene.entry is None and scene.model.seat_names()[1] == "Mia"
    assert app.top is scene  # Esc left the entry, not the screen


def test_enter_on_a_focused_name_opens_it_and_names_are_cleaned(app: App) -> None:
    scene = open_setup(app)
    scene.menu.focus = scene.menu.buttons.index(scene._name_buttons[2])
    post_keys(app, pygame.K_RETURN)
    assert scene.entry is not None and scene.entry.seat == 2
    post_keys(app, "  Tab\x00\tby ", "W" * 40, pygame.K_KP_ENTER)
    name = scene.model.seat_names()[2]
    assert name == ("Tabby " + "W" * 40)[:24] and len(name) == 24
    # An emptied name gives the seat its default back.
    scene.menu.focus = scene.menu.buttons.index(scene._name_buttons[2])
    post_keys(app, pygame.K_RETURN, *[pygame.K_BACKSPACE] * 30, pygame.K_RETURN)
    assert scene.model.seat_names()[2] == "Ben"


def test_a_name_given_to_another_seat_is_refused_with_the_reason(app: App) -> None:
    scene = open_setup(app)
    click(app, scene._name_buttons[0])
    post_keys(app, "Kim", pygame.K_RETURN)
    click(app, scene._name_buttons[3])
    post_keys(app, "kim", pygame.K_RETURN)
    assert scene.entry is not None and scene.entry.problem == "Seat 1 is already called Kim."
    app.step(FRAME, [])  # the reason is drawn
    post_keys(app, "o", pygame.K_RETURN)
    assert scene.entry is None and scene.model.seat_names()[3] == "kimo"


def test_a_controller_keeps_the_default_name(app: App) -> None:
    scene = open_setup(app)
    scene.menu.focus = scene.menu.buttons.index(scene._name_buttons[1])
    scene.handle(Intent(Act.CONFIRM, device=3))
    assert scene.entry is None and "keyboard" in scene.flash
    app.step(FRAME, [])
    # A click elsewhere keeps what was typed, then does what it was aimed at.
    click(app, scene._name_buttons[1])
    post_keys(app, "Lou")
    click(app, scene.menu.buttons[1])  # "+"
    assert scene.entry is None and scene.model.players == 5 and scene.model.seat_names()[1] == "Lou"


# ------------------------------------------------------------------ remembered


def test_the_choices_are_remembered_across_runs(app: App, home: Path) -> None:
    scene = open_setup(app)
    scene.model.players = 6
    scene.model.kinds[1] = Level.EXPERT
    scene.model.kinds[4] = None
    scene.model.person_names[4] = "Grandma"
    scene.model.ai_names[5] = "Robo"
    scene.model.preset = Preset.HOUSE_RULES
    scene.model.rules = PRESETS[Preset.HOUSE_RULES].with_changes(show_house_rule_text=False)
    scene.model.open_hands = True
    scene._build()
    table = start(app, scene)
    assert setup_path().is_file()
    assert str(setup_path()).startswith(str(home))

    again = open_setup(app)
    assert again.notice is None
    assert again.model.players == 6
    assert again.kinds[:6] == [None, Level.EXPERT, Level.NORMAL, Level.NORMAL, None, Level.NORMAL]
    assert again.model.seat_names() == [s.name for s in table.setup.seats]
    assert again.model.seat_names()[4:] == ["Grandma", "Robo"]
    assert again.model.preset is Preset.HOUSE_RULES and again.model.rules == scene.model.rules
    assert again.model.open_hands is True
    assert again.model.rules_label() == "Rules: House Rules! (changed)"


def test_back_remembers_names_too(app: App) -> None:
    scene = open_setup(app)
    click(app, scene._name_buttons[0])
    post_keys(app, "Zoe", pygame.K_RETURN)
    back = next(b for b in scene.menu.buttons if b.label == "Back")
    click(app, back)
    assert open_setup(app).model.seat_names()[0] == "Zoe"


def test_a_damaged_file_gives_the_defaults_and_a_message(app: App) -> None:
    path = setup_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"players": 6, "seats": [', encoding="utf-8")
    scene = open_setup(app)
    assert scene.notice is not None and "could not be loaded" in scene.notice
    assert "defaults" in scene.notice
    assert scene.model.players == 4 and scene.model.seat_names() == ["You", "Ana", "Ben", "Chloe"]
    assert scene.model.rules == PRESETS[Preset.CLASSIC]
    assert not path.exists() and list(path.parent.glob("setup.broken-*.json"))
    app.step(FRAME, [])  # the message is drawn


def test_bad_values_are_reset_alone_and_told_once(app: App) -> None:
    good = LastSetup(players=3, preset=Preset.QUICK, rules=PRESETS[Preset.QUICK])
    data = good.to_dict()
    data["seats"][1] = {"kind": "wizard", "name": "", "ai_name": "Bo\x00b"}
    data["rules"]["hand_size"] = 99
    data["open_hands"] = "yes"
    path = setup_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    last, problem = load_last_setup()
    assert problem is not None
    for told in ("who sits at seat 2", "now 'Bob'", "hand size", "open hands"):
        assert told in problem
    assert last.players == 3 and last.preset is Preset.QUICK
    assert last.rules == PRESETS[Preset.QUICK]  # the preset's own rules
    assert last.ai_names[1] == "Bob" and last.kinds[1] is Level.NORMAL
    assert last.open_hands is False
    # The repaired file was written back: the next load says nothing.
    assert load_last_setup() == (last, None)


@pytest.mark.parametrize(
    "raw",
    [b"[]", b'"setup"', b"{}", b'{"seats": 3}', b"\xff\xfe", b"1e999", b"[" * 100_000],
)
def test_a_file_that_is_no_setup_gives_the_defaults(home: Path, raw: bytes) -> None:
    path = setup_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    last, problem = load_last_setup()
    assert last == LastSetup()
    assert problem is not None and problem.startswith("The last game's setup could not be loaded")


def test_an_older_or_shorter_file_keeps_what_it_has(home: Path) -> None:
    path = setup_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"seats": [{"kind": "hard"}], "players": 2}', encoding="utf-8")
    last, problem = load_last_setup()
    assert problem is None
    assert (
        last.players == 2 and last.kinds[0] is Level.HARD and last.rules == PRESETS[Preset.CLASSIC]
    )


def test_a_refused_write_is_a_message(home: Path) -> None:
    setup_path().mkdir(parents=True)  # a folder where the file goes
    refused = save_last_setup(LastSetup())
    assert refused is not None and refused.startswith("The setup could not be remembered")


# ------------------------------------------------------------------ the choices, without a screen


def model() -> SetupModel:
    return SetupModel.remembered(LastSetup())


def test_the_model_is_the_remembered_setup_and_plays_what_it_names() -> None:
    choices = model()
    assert choices.last_setup() == LastSetup()
    assert choices.seat_names() == ["You", "Ana", "Ben", "Chloe"]
    setup = choices.match_setup(seed=5)
    assert [s.name for s in setup.seats] == ["You", "Ana", "Ben", "Chloe"]
    assert [s.level for s in setup.seats] == [None, *[Level.NORMAL] * 3]
    assert setup.seed == 5 and setup.rules == PRESETS[Preset.CLASSIC] and not setup.open_hands


def test_the_model_keeps_the_players_in_range_and_says_what_cannot_be_played() -> None:
    choices = model()
    for _ in range(12):
        choices.more()
    assert choices.players == 10 and choices.problem() is None
    choices.rules = choices.rules.with_changes(hand_size=10)
    assert choices.problem() == "10 hands of 10 cards need too many cards"
    for _ in range(12):
        choices.fewer()
    assert choices.players == 2 and choices.problem() is None


def test_the_model_cycles_kinds_presets_and_switches() -> None:
    choices = model()
    seen = []
    for _ in range(5):
        choices.cycle_kind(1)
        seen.append(choices.kinds[1])
    assert seen == [Level.HARD, Level.EXPERT, None, SeatKind.PHONE, Level.EASY]
    choices.cycle("hand_size")
    assert choices.rules.hand_size == 8 and choices.changed("hand_size")
    assert choices.rules_label() == "Rules: Classic (changed)"
    choices.cycle_preset()
    assert choices.preset is Preset.UNO2023 and choices.rules == PRESETS[Preset.UNO2023]
    assert choices.rules_label() == "Rules: 2023 deck" and "custom_effects" in choices.switches()
    assert choices.switch_text("custom_effects") == "others draw 1"
    choices.cycle("custom_effects")
    assert choices.switch_text("custom_effects") == "host chooses"


def test_the_model_names_seats_and_refuses_a_name_another_seat_has() -> None:
    choices = model()
    assert choices.rename(2, "  Kim\x00 ") is None and choices.seat_names()[2] == "Kim"
    assert choices.rename(0, "kim") == "Seat 3 is already called Kim."
    assert choices.seat_names()[0] == "You"
    # A default gives way to a given name; an emptied name is the default again.
    assert choices.rename(0, "Ana") is None
    assert choices.seat_names() == ["Ana", "Ben", "Kim", "Chloe"]
    assert choices.rename(0, "") is None and choices.seat_names()[0] == "You"
    # A person and an AI at one seat keep a name each.
    choices.kinds[2] = None
    assert choices.seat_names()[:3] == ["Player 1", "Ana", "Player 2"]
    choices.kinds[2] = Level.NORMAL
    assert choices.seat_names()[2] == "Kim"


def test_typed_text_is_printable_short_and_starts_with_a_letter() -> None:
    assert typed("", "  Mi\x00a") == "Mia"
    assert typed("Mia", " d") == "Mia d"
    assert typed("", "W" * 40) == "W" * 24 and typed("W" * 24, "x") == "W" * 24


def test_the_model_gives_controllers_to_people_in_turn() -> None:
    choices = model()
    choices.kinds[2] = None
    choices.give_pad(5)
    choices.give_pad(6)
    assert choices.pads == {5: 0, 6: 2}
    choices.give_pad(5)  # seat 2 is taken: after seat 0 nobody is left
    assert choices.pads == {6: 2}
    choices.cycle_kind(2)  # seat 2 is an Easy AI now: its pad is given back
    assert choices.pads == {}


def test_the_model_imports_without_pygame() -> None:
    code = "import sys; sys.modules['pygame'] = None; import scenes.setup_model"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_a_phone_seat_is_a_person_on_a_phone_and_is_remembered() -> None:
    from scenes.store.lastsetup import from_dict

    choices = model()
    choices.kinds[0] = SeatKind.PHONE
    choices.kinds[2] = SeatKind.PHONE
    choices.kinds[3] = None
    setup = choices.match_setup(7)
    assert [s.kind for s in setup.seats] == [
        SeatKind.PHONE,
        SeatKind.AI,
        SeatKind.PHONE,
        SeatKind.PERSON,
    ]
    # People are numbered alike wherever they hold their cards; only the screen's get pads.
    assert choices.seat_names() == ["Player 1", "Ana", "Player 2", "Player 3"]
    assert choices.people() == [3]
    again = from_dict(choices.last_setup().to_dict())
    assert again.kinds[:4] == [SeatKind.PHONE, Level.NORMAL, SeatKind.PHONE, None]
