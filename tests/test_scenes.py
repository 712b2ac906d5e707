"""The pygame program, headless: every scene boots and draws, an AI-only match plays to the
end with the picture equal to the engine, and a person's turn is driven by posted events."""

from __future__ import annotations

import gc
import os
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import Action, Play
from game.ai import Level
from game.cards import Card
from game.engine import Phase
from game.events import CardPlayed, UnoCalled
from game.match import MatchSetup, Seat, ai_table, default_setup
from game.rules import PRESETS, Preset, Rules
from scenes.app import YOUNG_COLLECT, App, Scene
from scenes.art import CardArt, Icon
from scenes.board import hud
from scenes.board.layout import table_layout
from scenes.howto_text import rules_text
from scenes.input import Act, Intent
from scenes.store.settings import DEFAULT_BUTTONS, DEFAULT_KEYS, Settings
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.title import TitleScene

FRAME = 1 / 60


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


def seated(actions: list[Action]) -> list[tuple[int, Action]]:
    """What the table should submit: each action for the seat of the device that made it,
    here always the action's own player."""
    return [(a.player, a) for a in actions]


def table_for(app: App, setup: MatchSetup) -> TableScene:
    sounds, art = app.media.sounds, app.media.art
    table = TableScene(app, setup, sounds=sounds, art=art)
    app.push(table)
    app.step(FRAME, [])
    return table


def assert_picture_matches(table: TableScene) -> None:
    """Once the presenter is idle, each hand's sprites are exactly the engine's hand."""
    game = table.game
    presenter = table.presenter
    for seat in range(game.players):
        assert sorted(presenter.hand_uids(seat)) == sorted(c.uid for c in game.hands[seat]), seat
    assert presenter.draw_count == len(game.draw_pile)
    if game.discard:
        assert presenter.discard[-1].card is game.discard[-1]
        assert presenter.color is game.color or (game.top.color is None and game.color is None)


def run_until(app: App, table: TableScene, done: object, frames: int = 20_000) -> None:
    """Frames until ``done``, the picture checked against the engine whenever the table is
    still; every 30th frame is drawn (each half second of play), so the round's drawing still
    runs through it, at a thirtieth of the cost."""
    for frame in range(frames):
        if callable(done) and done():
            return
        app.step(FRAME, [], draw=frame % 30 == 0)
        if not table.presenter.busy and table.game.phase is not Phase.ROUND_OVER:
            assert_picture_matches(table)
    raise AssertionError("the table did not get there")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 10])
def test_ai_only_rounds_keep_the_picture_equal_to_the_engine(app: App, players: int) -> None:
    setup = ai_table(players, Level.NORMAL, seed=players, rounds=2)
    table = table_for(app, setup)
    run_until(app, table, lambda: table.finished)
    assert table.game.round == 2 or table.game.is_over


@pytest.mark.parametrize(
    "rules",
    [
        PRESETS[Preset.UNO2023],
        PRESETS[Preset.HOUSE_RULES],
        Rules(seven_zero=True, jump_in=True, stacking=PRESETS[Preset.CLASSIC].stacking.CROSS),
    ],
    ids=["uno2023", "house-rules", "seven-zero-jump-in-stacking"],
)
@pytest.mark.slow
def test_variant_rounds_keep_the_picture_equal(app: App, rules: Rules) -> None:
    table = table_for(app, ai_table(4, Level.HARD, seed=7, rules=rules, rounds=1))
    run_until(app, table, lambda: table.finished)


def test_animations_at_normal_speed_end_equal_to_the_engine() -> None:
    pygame.init()
    app = App(Settings(animation_speed=1.0, ai_pace=0.0), headless=True)
    table = table_for(app, ai_table(3, Level.NORMAL, seed=3, rounds=1))
    for frame in range(200_000):
        if table.finished:
            break
        table.update(FRAME)
        for scene in app.stack[1:]:
            scene.update(FRAME)
        app._apply_ops()
        if frame % 240 == 0:
            app.draw()
        if not table.presenter.busy and table.game.phase is Phase.PLAY:
            assert_picture_matches(table)
    assert table.finished


@pytest.mark.slow
def test_after_the_spare_time_work_no_frame_draws_a_face_at_a_table_width_or_a_shadow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card's first face takes up to 20 ms to draw and a shadow a few, so the frames' spare
    time draws them ahead, the hand the deal turns up first (the end of the deal once drew a
    whole hand in one 49 ms frame). After that work, a round played draws no face at a width
    of the table and no shadow in a frame; only a flight's in-between widths, about 1 ms each."""
    pygame.init()
    CardArt.forget()  # every App's CardArt shares the images: as at the start, none made
    # Animations four times as fast (a quarter of the frames to draw) end at the same widths
    # and lifts: with the spare-time work's win shadows, or one width of faces, left out, this
    # fails at speed 4 as at speed 2 (tried: docs/BENCHMARKS.md, third pass).
    app = App(Settings(animation_speed=4.0, ai_pace=0.0), headless=True)
    table = table_for(app, ai_table(2, Level.NORMAL, seed=3, rounds=1))
    art, presenter = table.art, table.presenter
    hand = table.game.hands[table.viewer]
    width = presenter.place(table.viewer).card_width
    work = app._idle[0]
    for _ in hand:
        next(work)
    for card in hand:
        shapes = art.shapes and card.color is not None
        assert art._faces.get((card.color, card.rank, card.house_rule, width, shapes)) is not None
    app.idle(float("inf"))
    assert not app._idle
    drawn: list[tuple[object, ...]] = []
    for cache in (art._faces, art._shadows):
        put = cache.put

        def noting(key: Any, value: Any, put: Any = put) -> Any:
            drawn.append(key if isinstance(key, tuple) else (key,))
            return put(key, value)

        monkeypatch.setattr(cache, "put", noting)
    table_widths = {s.card_width for s in table.layout.seats} | {table.layout.pile_card_width}
    for frame in range(60 * 300):
        if table.finished:
            break
        # The pointer rests on each card of the shown hand in turn, as a person's would, so the
        # cards are drawn lifted too (a table of AIs takes no pointer: the hand's own verb).
        hand_now = presenter.hands[table.viewer]
        if hand_now and frame % 7 == 0:
            presenter.point_at(hand_now[frame // 7 % len(hand_now)].card.uid)
        app.step(FRAME, [])
    assert table.finished
    assert not [key for key in drawn if len(key) == 2], "a shadow was drawn in a frame"
    assert not [key for key in drawn if key[3] in table_widths]


@pytest.mark.slow  # a sweep (every angle of the ring): make test, not test-quick
def test_the_turned_ring_is_cut_to_its_square_and_keeps_every_pixel() -> None:
    # The direction ring's turned images are cut back to the ring's square (a third less
    # memory): the ring lies within the circle its square holds, so no angle loses a pixel.
    pygame.init()
    layout, _ = table_layout(4)
    for kind in (Icon.CLOCKWISE, Icon.COUNTERCLOCKWISE):
        ring = hud.ring_image(kind, hud._ring_size(layout))
        for angle in range(0, hud.RING_REPEAT, hud.RING_STEP):
            turned = hud._rotated(ring, angle)
            whole = pygame.transform.rotozoom(ring, angle, 1.0)
            assert turned.get_size() == ring.get_size()
            cut = pygame.mask.from_surface(turned, 0).count()
            assert cut == pygame.mask.from_surface(whole, 0).count(), (kind, angle)


def test_while_the_frame_loop_runs_garbage_is_collected_only_in_spare_time(app: App) -> None:
    # A full collection started by the collector took 20 ms inside a frame: in the frame loop
    # the young generations are collected in a frame's spare time once enough objects were
    # made, and the whole heap there after the screens changed, never inside a frame.
    started: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    try:
        with app.paced_collection():
            # Listened to from inside: entering allocates, and the collector may still run a
            # young collection of its own just before it is turned off (the order of the
            # suite decided whether it did).
            gc.callbacks.append(note)
            app.push(TitleScene(app))
            made = [[i] for i in range(5 * YOUNG_COLLECT)]  # lists: objects the collector counts
            app.step(FRAME, [])
            assert started == []
            app.idle(time.perf_counter() + 1.0)
            assert started == [1, 2]
            del made
        assert gc.isenabled()
    finally:
        if note in gc.callbacks:
            gc.callbacks.remove(note)


@pytest.mark.parametrize("shown", [True, False])
def test_the_frame_loop_draws_every_frame_and_shows_it_where_there_is_a_screen(
    app: App, shown: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Under the dummy video driver (the tests' programs, a headless autoplay) nobody sees the
    # window: the loop still updates and draws each frame, and skips only the flip.
    assert not app.shown  # these tests run on the dummy driver
    app.shown = shown
    drawn: list[int] = []
    flips: list[int] = []

    class Three(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            drawn.append(len(drawn))
            if len(drawn) == 3:
                self.app.quit()

    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(len(drawn)))
    app.push(Three(app))
    assert app.run() == 0
    assert drawn == [0, 1, 2]
    assert flips == ([1, 2, 3] if shown else [])


@pytest.mark.slow
def test_full_autoplay_match_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from scenes.__main__ import main

    code = main(["--autoplay", "--players", "3", "--seed", "5", "--speed", "0"])
    out = capsys.readouterr().out
    assert code == 0
    assert "match over" in out
    assert "rounds played:" in out


def test_every_scene_boots_and_draws(app: App) -> None:
    from scenes.howto import HowToScene
    from scenes.options import OptionsScene
    from scenes.setup import SetupScene
    from scenes.table.overlays import PauseOverlay
    from scenes.table.prompts import Asking, color_prompt

    scenes: list[Scene] = [
        TitleScene(app),
        SetupScene(app),
        HowToScene(app, Rules()),
        OptionsScene(app),
    ]
    for scene in scenes:
        app.reset(scene)
        for _ in range(3):
            app.step(FRAME, [])
        assert app.top is scene
    table = TableScene(
        app,
        default_setup(1),
        sounds=app.media.sounds,
        art=app.media.art,
    )
    app.reset(table)
    app.step(FRAME, [])
    app.push(PauseOverlay(app, table))
    app.step(FRAME, [])
    pause = app.top
    # A prompt that is not needed (it is not a person's color choice now) closes itself.
    ask = Asking(
        table.match, 0, table.narrator.name, table.layout.prompt.rect(), lambda seat, action: None
    )
    app.push(color_prompt(app, ask))
    app.step(FRAME, [])
    app.step(FRAME, [])
    assert app.stack == [table, pause]


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(FRAME)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(FRAME)


def my_turn(table: TableScene) -> bool:
    game = table.game
    return (
        not table.presenter.busy
        and game.actor == table.viewer
        and game.phase is Phase.PLAY
        and table.app.top is table
    )


def test_a_person_plays_a_turn_with_posted_events(app: App) -> None:
    setup = MatchSetup(
        Rules(hand_size=2),
        (Seat("You"), Seat("Ana", Level.EASY), Seat("Ben", Level.EASY)),
        seed=11,
        max_rounds=1,
    )
    table = table_for(app, setup)
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table) and len(table.game.hands[0]) == 2)
    key(app, pygame.K_u)
    assert any(isinstance(e, UnoCalled) and e.player == 0 for e in table.game.log)
    plays = [a for a in table.game.legal_actions() if isinstance(a, Play) and a.player == 0]
    if not plays:
        key(app, pygame.K_d)
        assert len(table.game.hands[0]) == 3 or table.game.phase is Phase.DRAWN
        return
    card: Card = plays[0].card
    sprite = table.presenter.sprites[card.uid]
    click(app, sprite.rect().center)
    played = [e for e in table.game.log if isinstance(e, CardPlayed) and e.player == 0]
    assert played and played[-1].card is card
    if table.game.phase is Phase.COLOR:
        for _ in range(3):
            app.step(FRAME, [])
        overlay = app.top
        assert isinstance(overlay, ChoiceOverlay)
        red = next(b for b in overlay.menu.buttons if b.label == "Red")
        click(app, red.rect.center)
        assert table.game.color is not None and table.game.color.value == "red"


def test_an_illegal_card_is_refused_with_the_reason(app: App) -> None:
    table = table_for(app, default_setup(4))
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table))
    legal = {a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)}
    wrong = [c for c in table.game.hands[0] if c.uid not in legal]
    if not wrong:
        pytest.skip("every card of this hand is playable")
    digest = table.game.state_digest()
    click(app, table.presenter.sprites[wrong[0].uid].rect().center)
    assert table.game.state_digest() == digest
    assert table.refusal is not None and "match" in table.refusal.text
    # Only the reason: not the engine's "seat 0 plays Y8:" prefix.
    assert not table.refusal.text.startswith("seat "), table.refusal.text


def test_the_hint_names_a_legal_move(app: App) -> None:
    table = table_for(app, default_setup(6))
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table))
    digest = table.game.state_digest()
    key(app, pygame.K_h)
    assert table.refusal is not None and table.refusal.text.startswith("Hint: ")
    assert "Hard" not in table.refusal.text  # advice, not what an opponent would do
    assert table.game.state_digest() == digest  # a hint changes nothing
    if table.presenter.hover is not None:
        legal = {a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)}
        assert table.presenter.hover in legal


@pytest.mark.slow
def test_the_replay_viewer_steps_through_the_whole_match(app: App) -> None:
    from game.record import Record
    from scenes.replay import ReplayScene

    table = table_for(app, ai_table(3, Level.EASY, seed=2, rounds=1))
    run_until(app, table, lambda: table.finished)
    record = Record.of(table.game)
    sounds, art = app.media.sounds, app.media.art
    replay = ReplayScene(app, table.setup, record, sounds, art)
    app.reset(replay)
    app.step(FRAME, [])
    for _ in range(len(record.actions)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        app.step(FRAME)
    assert replay.index == len(record.actions)
    assert replay.game.state_digest() == table.game.state_digest()
    replay.back()
    assert replay.index == len(record.actions) - 1
    again = record.new_game()
    for action in record.actions[:-1]:
        again.apply(action)
    assert replay.game.state_digest() == again.state_digest()
    for seat, hand in enumerate(replay.presenter.hands):
        assert sorted(s.card.uid for s in hand) == sorted(c.uid for c in again.hands[seat])


def test_the_corner_button_opens_the_menu_and_leaves_the_replay(app: App) -> None:
    from game.record import Record
    from scenes.replay import ReplayScene
    from scenes.table.overlays import PauseOverlay

    # It is drawn as a button, so a click does what Esc does: at the table, the pause menu.
    table = table_for(app, ai_table(2, Level.EASY, seed=3, rounds=1))
    pygame.event.clear()
    app.step(FRAME, [])
    # The pointer over it lights it, as over any button, and leaving it puts it out.
    rect = table.hud.layout.menu_button.rect()
    for pos, lit in ((rect.center, True), ((rect.right + 40, rect.bottom + 40), False)):
        motion = {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))
        app.step(FRAME)
        assert table.hud.menu_hot is lit
    click(app, table.hud.layout.menu_button.rect().center)
    app.step(FRAME, [])
    assert isinstance(app.top, PauseOverlay) and app.stack[0] is table
    # In the replay Esc leaves, and so does the button (labelled so).
    replay = ReplayScene(app, table.setup, Record.of(table.game), app.media.sounds, app.media.art)
    app.reset(replay)
    app.step(FRAME, [])
    assert app.top is replay
    click(app, replay.hud.layout.menu_button.rect().center)
    app.step(FRAME, [])
    assert replay not in app.stack


def test_keyboard_play_arrows_walk_the_hand_and_enter_plays_the_focused_card(app: App) -> None:
    table = table_for(app, default_setup(4))
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table))
    legal = {a.card.uid for a in table.game.legal_actions() if isinstance(a, Play)}
    hand = table.presenter.hands[0]
    target = next((i for i, s in enumerate(hand) if s.card.uid in legal), None)
    if target is None:
        pytest.skip("nothing playable in this hand")
    # From the first card, step right to a playable one: the Draw button must not take focus.
    steps = (target - table.hand.focus) % len(hand)
    for _ in range(steps):
        key(app, pygame.K_RIGHT)
    assert table.presenter.hover == hand[target].card.uid and table.buttons.focus == -1
    played = hand[target].card
    key(app, pygame.K_RETURN)
    assert played in table.game.discard


def test_keyboard_reaches_the_buttons_with_up_and_down(app: App) -> None:
    table = table_for(app, default_setup(4))
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table))
    before = len(table.game.hands[0])
    key(app, pygame.K_DOWN)
    assert table.buttons.buttons[table.buttons.focus].label == "Draw"
    key(app, pygame.K_RETURN)
    assert len(table.game.hands[0]) == before + 1  # Enter pressed the focused Draw button


def test_the_draw_key_keeps_a_drawn_card(app: App, monkeypatch) -> None:
    from game.actions import Pass

    table = table_for(app, default_setup(4))
    pygame.event.clear()
    run_until(app, table, lambda: my_turn(table))
    keep = Pass(0)
    # after a draw: play or keep
    monkeypatch.setattr(table.match, "legal_for", lambda seat: [keep])
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    table.handle(Intent(Act.DRAW))
    assert applied == seated([keep])


def test_how_to_play_names_the_keys_and_buttons_as_bound() -> None:
    default = rules_text(Rules(), settings=Settings())
    assert "D draws" in default and "hold Right shoulder to peek" in default
    swapped = Settings(
        keys={**DEFAULT_KEYS, "draw": pygame.K_g},
        buttons={**DEFAULT_BUTTONS, "peek": 9, "catch": 10},
    )
    text = rules_text(Rules(), settings=swapped)
    assert "G draws" in text and "D draws" not in text
    assert "hold Left shoulder to peek" in text and "Right shoulder to catch" in text


def test_a_turned_ring_is_never_an_earlier_ring_whose_id_came_back() -> None:
    # The turned rings are keyed by the ring's id: a ring let go (a table of another size)
    # leaves its id free, and a ring made later with that id must be turned afresh.
    pygame.init()
    first = pygame.Surface((40, 40), pygame.SRCALPHA)
    old_id = id(first)
    hud._rotated(first, 3)
    del first
    later = pygame.Surface((60, 60), pygame.SRCALPHA)
    for _attempt in range(1000):  # CPython soon gives a freed id to a new surface
        if id(later) == old_id:
            break
        later = pygame.Surface((60, 60), pygame.SRCALPHA)
    assert hud._rotated(later, 3).get_size() == (60, 60)
