"""Couch play: between two people's turns a curtain hides every hand, and only the person who
confirmed sees their cards face up."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.actions import Action, Draw, Play
from game.ai import Level
from game.engine import Phase
from game.events import redact
from game.match import MatchSetup, Seat
from game.rules import Rules
from scenes.app import App, use_language
from scenes.store.settings import Settings
from scenes.table.overlays import HandOffOverlay
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.ui import set_large_text, watching_overflow, watching_text


def seated(actions: list[Action]) -> list[tuple[int, Action]]:
    """What the table should submit: each action for the seat of the device that made it,
    here always the action's own player."""
    return [(a.player, a) for a in actions]


def couch_table(seats: tuple[Seat, ...], open_hands: bool = False) -> tuple[App, TableScene]:
    """A headless table at speed 0 with these seats (seed 8, one round)."""
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    sounds, art = app.media.sounds, app.media.art
    setup = MatchSetup(Rules(), seats, 8, 1, open_hands)
    table = TableScene(app, setup, sounds=sounds, art=art)
    app.push(table)
    return app, table


def test_hand_off_between_two_people() -> None:
    seats = (Seat("Player 1"), Seat("Ana", Level.EASY), Seat("Player 2"))
    app, table = couch_table(seats)
    handoffs: list[int] = []
    for _ in range(3000):
        app.step(1 / 60, [])
        top = app.top
        if isinstance(top, HandOffOverlay):
            handoffs.append(top.seat)
            # Behind the curtain nothing of the next person's hand has been shown yet.
            assert table.viewer != top.seat or len(handoffs) == 1
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
            app.step(1 / 60)
            assert table.viewer == top.seat
            for seat, hand in enumerate(table.presenter.hands):
                faces = {sprite.flip >= 0.5 for sprite in hand}
                assert faces <= {seat == table.viewer}, (seat, faces)
            continue
        if isinstance(top, ChoiceOverlay):
            # A color for a wild, or play-or-keep for a card drawn: the first choice (without
            # an answer the hand stood still here and the loop ran out its frames).
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
            app.step(1 / 60)
            continue
        game = table.game
        if table.match.person_waited_on() != table.viewer:
            # Nobody's cards show while the screen may be changing hands.
            assert all(sprite.flip < 0.5 for hand in table.presenter.hands for sprite in hand)
        if top is table and game.actor == table.viewer and game.phase is Phase.PLAY:
            mine = [a for a in game.legal_actions() if a.player == table.viewer]
            action = next((a for a in mine if isinstance(a, Play)), None)
            table.submit(table.viewer, action or next(a for a in mine if isinstance(a, Draw)))
        if len(set(handoffs)) == 2 and len(handoffs) >= 4:
            break
    assert set(handoffs) == {0, 2}
    # The shared move log is written for nobody's eyes in particular: it names no hidden card.
    assert table.narrator.viewer == -1
    for event in table.game.log:
        assert redact(event, -1) is not None


def test_open_hands_shows_every_persons_cards_without_a_curtain() -> None:
    seats = (Seat("Kid"), Seat("Ana", Level.EASY), Seat("Parent"))
    app, table = couch_table(seats, open_hands=True)
    for _ in range(60):
        app.step(1 / 60, [])
        assert not isinstance(app.top, HandOffOverlay)
    for seat, hand in enumerate(table.presenter.hands):
        assert {sprite.flip >= 0.5 for sprite in hand} == {seat in (0, 2)}


def test_a_persons_own_controller_catches_for_them_off_turn(monkeypatch) -> None:
    from game.actions import Catch
    from scenes.input import Act, Intent

    seats = (Seat("Player 1"), Seat("Ana", Level.EASY), Seat("Player 2"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    table.device_seat[5] = 2
    catch = Catch(2, 1)
    monkeypatch.setattr(table.game, "legal_actions", lambda: [catch])
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    table.handle(Intent(Act.CATCH, device=5))
    assert applied == seated([catch])
    table.handle(Intent(Act.CATCH, device=6))  # nobody's controller: the viewer's catch
    assert applied == seated([catch])


def test_the_second_key_set_catches_for_the_other_person(monkeypatch) -> None:
    from game.actions import Catch

    seats = (Seat("Player 1"), Seat("Ana", Level.EASY), Seat("Player 2"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(2)
    catch = Catch(0, 1)
    monkeypatch.setattr(table.game, "legal_actions", lambda: [catch])
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    for intent in app.input.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0)):
        table.handle(intent)
    assert applied == seated([catch])


def test_an_unplugged_controller_frees_its_seat_with_a_message() -> None:
    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    table.device_seat[7] = 2
    event = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7)
    for intent in app.input.translate(event):
        table.handle(intent)
    assert 7 not in table.device_seat
    assert table.refusal is not None and "Tom's controller was unplugged" in table.refusal.text


def test_a_person_off_screen_runs_a_race_on_their_own_controller(monkeypatch) -> None:
    from game.actions import FinishRace
    from game.rules import RaceAction
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    table.device_seat[5] = 2
    game = table.game
    # A race in progress, set by hand: the input routing is what is under test.
    game.phase = Phase.RACE
    game.house_rules = {3: RaceAction.PRESS_UP_THEN_DOWN, 4: RaceAction.TAP_DRAW_PILE}
    game.race_number = 3
    game.race_left = [0, 2]
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    table.handle(Intent(Act.DOWN, device=5))  # wrong first step: starts again
    table.handle(Intent(Act.UP, device=5))
    table.handle(Intent(Act.DOWN, device=5))
    assert applied == seated([FinishRace(2)])
    game.race_number = 4
    table.handle(Intent(Act.CONFIRM, device=5))  # a pad cannot point: A is the tap
    assert applied == seated([FinishRace(2), FinishRace(2)])


def test_hold_to_peek_shows_only_your_own_hand_while_held(monkeypatch) -> None:
    from game.match import Couch
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.device_seat[5] = 2
    # An AI's turn is on: nobody at the table is waited on.
    monkeypatch.setattr(Couch, "waited_on", lambda self, game, screen: None)
    table.handle(Intent(Act.PEEK, device=5))
    hands = table.presenter.hands
    assert table.presenter.viewer == 2
    assert all(s.flip >= 0.5 for s in hands[2]) and all(s.flip < 0.5 for s in hands[0])
    table.handle(Intent(Act.PEEK_END, device=5))
    assert table.presenter.viewer == table.viewer
    assert all(s.flip < 0.5 for hand in hands for s in hand)


def test_the_person_at_the_screen_runs_a_race_with_keys_and_taps(monkeypatch) -> None:
    from game.actions import FinishRace
    from game.rules import RaceAction
    from scenes.input import Act, Intent
    from scenes.table.moves import RaceInput

    app, table = couch_table((Seat("You"), Seat("Ana", Level.EASY)))
    app.step(1 / 60, [])
    game = table.game
    game.phase = Phase.RACE  # a race set by hand: the input matching is what is under test
    game.house_rules = {2: RaceAction.PRESS_LEFT_THEN_RIGHT, 3: RaceAction.TAP_DRAW_PILE}
    game.race_number = 2
    game.race_left = [0, 1]
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    table.race = RaceInput(RaceAction.PRESS_LEFT_THEN_RIGHT)
    table.handle(Intent(Act.RIGHT))  # wrong first: refused, start again
    assert table.refusal is not None and applied == []
    table.handle(Intent(Act.LEFT))
    table.handle(Intent(Act.RIGHT))
    assert applied == seated([FinishRace(0)])
    game.race_number = 3
    table.race = RaceInput(RaceAction.TAP_DRAW_PILE)
    table.handle(Intent(Act.PRESS, table.layout.discard_pile.rect().center))
    assert applied == seated([FinishRace(0)])
    table.handle(Intent(Act.PRESS, table.layout.draw_pile.rect().center))
    assert applied == seated([FinishRace(0), FinishRace(0)])
    # Enter (or A) at the screen cannot point: it is the tap the race asks for.
    table.race = RaceInput(RaceAction.TAP_DRAW_PILE)
    table.handle(Intent(Act.CONFIRM))
    assert applied == seated([FinishRace(0), FinishRace(0), FinishRace(0)])


def test_another_persons_controller_never_steers_the_screen_hand(monkeypatch) -> None:
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    table.device_seat[5] = 2
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    focus, hover = table.hand.focus, table.presenter.hover
    for act in (Act.LEFT, Act.RIGHT, Act.DOWN, Act.DRAW, Act.HINT, Act.CONFIRM):
        table.handle(Intent(act, device=5))
    assert (table.hand.focus, table.presenter.hover, applied) == (focus, hover, [])


def test_a_person_off_screen_jumps_in_from_their_controller(monkeypatch) -> None:
    from game.actions import JumpIn
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    table.device_seat[5] = 2
    # The identical card is in Tom's hand; which copy does not matter, so one press plays it.
    jump = JumpIn(2, table.game.hands[2][0])
    monkeypatch.setattr(table.game, "legal_actions", lambda: [jump])
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    table.handle(Intent(Act.CONFIRM, device=5))
    assert applied == seated([jump])
    monkeypatch.setattr(table.game, "legal_actions", list)
    table.handle(Intent(Act.CONFIRM, device=5))  # nothing to jump in with: nothing happens
    assert applied == seated([jump])


def test_the_second_key_set_jumps_in_and_races_for_the_other_person(monkeypatch) -> None:
    from game.actions import FinishRace, JumpIn
    from game.rules import RaceAction

    seats = (Seat("Player 1"), Seat("Ana", Level.EASY), Seat("Player 2"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))

    def press(code: int) -> None:
        event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0)
        for intent in app.input.translate(event):
            table.handle(intent)

    jump = JumpIn(2, table.game.hands[2][0])
    monkeypatch.setattr(table.game, "legal_actions", lambda: [jump])
    press(pygame.K_b)
    assert applied == seated([jump])
    game = table.game
    game.phase = Phase.RACE  # a race set by hand: the routing is what is under test
    game.house_rules = {3: RaceAction.PRESS_LEFT_THEN_RIGHT}
    game.race_number = 3
    game.race_left = [0, 2]
    press(pygame.K_j)
    press(pygame.K_l)
    assert applied == seated([jump, FinishRace(2)])


def test_a_face_down_screen_person_jumps_in_with_enter(monkeypatch) -> None:
    from game.actions import JumpIn
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    app.step(1 / 60, [])
    table.show_to(0)
    # Ana's turn is on: Maria's cards are face down.
    table.match.screen = dataclasses.replace(table.match.screen, faces_open=False)
    jump = JumpIn(0, table.game.hands[0][0])
    monkeypatch.setattr(table.game, "legal_actions", lambda: [jump])
    table.presenter.settle()
    table.game.actor = 1
    applied: list[tuple[int, Action]] = []
    monkeypatch.setattr(table, "submit", lambda seat, act: applied.append((seat, act)))
    assert table._prompt_line() == ""  # a face-down hand is not given away by the prompt
    table.handle(Intent(Act.CONFIRM))
    assert applied == seated([jump])


def test_someone_elses_controller_does_not_lift_the_curtain() -> None:
    from scenes.input import Act, Intent

    seats = (Seat("Maria"), Seat("Ana", Level.EASY), Seat("Tom"))
    app, table = couch_table(seats)
    table.device_seat[5] = 0
    curtain = HandOffOverlay(app, table, 2)
    app.push(curtain)
    app.step(1 / 60, [])
    curtain.handle(Intent(Act.CONFIRM, device=5))
    assert app.top is curtain and table.device_seat == {5: 0} and "Maria's" in curtain.notice
    curtain.handle(Intent(Act.CONFIRM, device=6))
    app.step(1 / 60, [])
    assert app.top is table and table.viewer == 2 and table.device_seat == {5: 0, 6: 2}


def test_controllers_are_given_out_in_setup_and_reach_the_table() -> None:
    from scenes.input import Act, Intent
    from scenes.setup import SetupScene

    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    setup = SetupScene(app)
    app.push(setup)
    setup.handle(Intent(Act.UNO, device=5))  # one person: nothing to share out
    assert setup.pads == {}
    setup.kinds[2] = None  # seat 3 becomes a person
    setup._build()
    setup.handle(Intent(Act.UNO, device=5))
    setup.handle(Intent(Act.UNO, device=6))
    assert setup.pads == {5: 0, 6: 2}
    assert setup._kind_label(2).startswith("Person + pad")
    setup.handle(Intent(Act.UNO, device=5))  # pad 5 moves on: seat 2 is taken, so nobody
    assert setup.pads == {6: 2}
    setup.handle(Intent(Act.UNO, device=5))
    assert setup.pads == {6: 2, 5: 0}
    setup.handle(Intent(Act.UNPLUGGED, device=6))
    assert setup.pads == {5: 0}
    setup._start()
    app.step(1 / 60, [])
    table = app.stack[0]
    assert isinstance(table, TableScene) and table.device_seat == {5: 0}


def test_a_real_jump_in_from_a_controller_off_the_screen() -> None:
    """No state set by hand: a seeded couch match with jump-in on, played until a person who is
    not at the screen holds the identical card; one press of A on their pad plays it."""
    import dataclasses

    from game.actions import Accept, JumpIn, Pass
    from game.events import CardPlayed
    from scenes.input import Act, Intent

    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    sounds, art = app.media.sounds, app.media.art
    seats = (Seat("Maria"), Seat("Ana", Level.NORMAL), Seat("Tom"))
    rules = dataclasses.replace(Rules(), jump_in=True)
    pads = {5: 0, 6: 2}
    table = TableScene(app, MatchSetup(rules, seats, 1, 1), sounds=sounds, art=art, pads=pads)
    app.push(table)
    for _ in range(20_000):
        app.step(1 / 60, [])
        top, game = app.top, table.game
        if isinstance(top, HandOffOverlay):
            top.handle(Intent(Act.CONFIRM, device=5 if top.seat == 0 else 6))
            continue
        assert game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER), "no jump-in came up"
        if top is not table or table.presenter.busy:
            continue
        legal = game.legal_actions()
        jumps = [a for a in legal if isinstance(a, JumpIn) and a.player not in (table.viewer, 1)]
        if jumps:
            seat = jumps[0].player
            before = len(game.log)
            table.handle(Intent(Act.CONFIRM, device=5 if seat == 0 else 6))
            played = [e for e in game.log[before:] if isinstance(e, CardPlayed)]
            assert played and played[0].player == seat and played[0].jump_in
            return
        if table.match.person_waited_on() == table.viewer:
            mine = [a for a in legal if a.player == table.viewer]
            plays = [a for a in mine if isinstance(a, Play) and a.card.color is not None]
            table.submit(
                table.viewer,
                plays[0] if plays else next(a for a in mine if isinstance(a, Draw | Pass | Accept)),
            )
    raise AssertionError("no jump-in came up in 20,000 frames")


def test_the_curtain_fits_long_names_at_large_text(monkeypatch) -> None:
    from scenes import ui
    from scenes.assets import Weight, font
    from scenes.input import Act, Intent
    from scenes.table import overlays

    long_a, long_b = "MAXIMILIANA WOLKENSTEIN", "BARTHOLOMEW FEATHERSTONE"  # 24 letters at most
    seats = (Seat(long_a), Seat("Ana", Level.EASY), Seat(long_b))
    app, table = couch_table(seats)
    drawn: list[tuple[str, int, Weight]] = []

    def record(surface: pygame.Surface, message: str, size: int, *args, **kwargs) -> pygame.Rect:
        # draw_text(surface, message, size, pos, color, weight, ...): the weight the line has.
        weight = args[2] if len(args) > 2 else kwargs.get("weight", Weight.SEMIBOLD)
        drawn.append((message, size, weight))
        return ui.draw_text(surface, message, size, *args, **kwargs)

    monkeypatch.setattr(overlays, "draw_text", record)
    ui.set_large_text(True)
    try:
        table.device_seat[5] = 0
        curtain = HandOffOverlay(app, table, 2)
        app.push(curtain)
        app.step(1 / 60, [])
        curtain.handle(Intent(Act.CONFIRM, device=5))  # the long "that controller is..." notice
        drawn.clear()
        app.step(1 / 60, [])
        notice = [m for m, _, _ in drawn if m == curtain.notice]
        assert notice and long_a in curtain.notice and long_b in curtain.notice
        for message, size, weight in drawn:  # each line clear of the screen's edges
            assert font(size, weight).size(message)[0] <= overlays.CURTAIN_TEXT_W, message
    finally:
        ui.set_large_text(False)


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
@pytest.mark.parametrize("language", [*i18n.CODES, i18n.PSEUDO])
def test_a_tap_race_says_enter_or_a_taps_too_in_every_language(language: str) -> None:
    from game.rules import RaceAction
    from scenes.table.moves import RACE_STEPS, RaceInput
    from scenes.table.overlays import RaceOverlay

    app, table = couch_table((Seat("You"), Seat("Ana", Level.EASY)))
    app.step(1 / 60, [])
    use_language(language)
    set_large_text(True)  # the harder case: every line drawn larger
    try:
        for rule in (RaceAction.TAP_DRAW_PILE, RaceAction.TAP_CENTER_THREE_TIMES):
            table.race = RaceInput(rule)
            overlay = RaceOverlay(app, table, table.layout.status.rect())
            with watching_overflow() as overflow, watching_text() as (drawn, _shrunk):
                overlay.draw(app.screen)
            assert overflow == [], (rule, overflow)
            box = overlay.box()
            assert all(box.contains(line.rect) for line in drawn), (rule, drawn)
            steps = len(RACE_STEPS[rule])
            said = (
                i18n._("Quick! Enter or A taps too.")
                if steps == 1
                else i18n.ngettext(
                    "{done} of {count}: Enter or A taps too",
                    "{done} of {count}: Enter or A taps too",
                    steps,
                ).format(done=0, count=steps)
            )
            assert drawn[-1].text == said
    finally:
        use_language(i18n.ENGLISH)
        set_large_text(False)
