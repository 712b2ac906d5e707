"""What a new player tripped over (issue 16), driven headless with posted events.

Each table is dealt from a stacked deck (tests.helpers.new_game) and handed to the table scene
as a continued match, so the moment under test is exact.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import ChooseColor, Draw, FinishRace, MakeRule, Play
from game.ai import Level
from game.ai.driver import RACE_MOVE_S
from game.cards import Color
from game.engine import Game, Phase
from game.events import CardPlayed, HouseRuleMade, PenaltyPending, RaceFinished
from game.match import MatchSetup, Seat
from game.narrate import Narrator
from game.record import Record
from game.rules import Preset, RaceAction, Rules, Stacking, preset
from scenes.app import App
from scenes.input import Act, Intent
from scenes.store.settings import Settings, pace_name, speed_name
from scenes.table.moves import refusal
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.title import ReplaceOverlay, TitleScene
from tests.helpers import new_game
from tests.test_scenes import FRAME, assert_picture_matches, click, key

SEATS = (Seat("You"), Seat("Ana", Level.EASY))


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


def table_at(app: App, game: Game, rules: Rules | None = None) -> TableScene:
    sounds, art = app.media.sounds, app.media.art
    setup = MatchSetup(rules or game.rules, SEATS, seed=game.seed)
    table = TableScene(app, setup, sounds=sounds, art=art, game=game)
    app.push(table)
    pygame.event.clear()
    app.step(FRAME, [])
    return table


def drawn_moment(app: App) -> TableScene:
    """The person has drawn a playable Red 7 and must play it or keep it."""
    game = new_game([["G1", "B2", "Y9"], ["Y1", "Y2", "Y3"]], "R5", ["R7"])
    table = table_at(app, game)
    key(app, pygame.K_d)
    assert game.phase is Phase.DRAWN and game.drawn is not None and game.drawn.code == "R7"
    return table


def test_enter_after_a_draw_plays_the_drawn_card_whatever_the_hover(app: App) -> None:
    table = drawn_moment(app)
    # The mouse was left over another card of the hand (focus on a card that cannot be played).
    other = next(c for c in table.game.hands[0] if c.code == "G1")
    table.presenter.hover = other.uid
    key(app, pygame.K_RETURN)
    played = [e for e in table.game.log if isinstance(e, CardPlayed)]
    assert played[-1].player == 0 and played[-1].card.code == "R7"


def test_a_refusal_after_a_draw_is_a_sentence_for_the_player(app: App) -> None:
    table = drawn_moment(app)
    other = next(c for c in table.game.hands[0] if c.code == "G1")
    click(app, table.presenter.sprites[other.uid].rect().center)
    assert table.refusal is not None
    assert table.refusal.text == "You just drew Red 7: play it, or keep it."


def test_no_refusal_shows_engine_text_in_any_phase() -> None:
    narrator = Narrator(["You", "Ana", "Ben"], 0, True)
    moments: list[Game] = []
    game = new_game([["G1", "W", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5", ["R7"])
    moments.append(game)  # a normal turn
    drawn = new_game([["G1", "W", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5", ["R7"])
    drawn.apply(Draw(0))
    moments.append(drawn)
    color = new_game([["G1", "W", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5")
    color.apply(Play(0, color.hands[0][1]))
    moments.append(color)
    others = new_game([["G1", "W", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]], "R5")
    others.apply(Play(0, others.hands[0][2]))  # now Ana's turn
    moments.append(others)
    penalty = new_game([["W+4", "R1"], ["G+2", "G5"], ["Y1", "Y2"]], "R9")
    penalty.apply(Play(0, penalty.hands[0][0]))
    penalty.apply(ChooseColor(0, Color.RED))
    moments.append(penalty)
    for moment in moments:
        for seat in range(3):
            for card in moment.hands[seat]:
                text = refusal(moment, seat, card, narrator.name)
                assert "seat " not in text and "not allowed" not in text, text
                assert "waiting on" not in text and text.endswith("."), text
                assert text[0].isupper(), text


def test_continue_brings_back_the_move_log_and_the_discard_pile(app: App) -> None:
    rules = Rules()
    game = Game(rules, 2, 8)
    for _ in range(30):  # some moves, as a saved match would have
        game.apply(game.legal_actions()[0])
    resumed = Game(rules, 2, 8)
    for action in game.actions:
        resumed.apply(action)
    table = table_at(app, resumed)
    log = table.presenter.log
    assert len(log) >= 10
    assert log[0].startswith("Round 1") or "deal" in log[0].lower(), log[0]
    assert table.presenter.discard and table.presenter.discard[-1].card is resumed.top
    assert_picture_matches(table)


def test_the_log_says_stack_only_when_stacking_is_on() -> None:
    off = Narrator(["You", "Ana"], 0, True)
    on = Narrator(["You", "Ana"], 0, True, stacking=True)
    assert off.line([PenaltyPending(1, 4)]).endswith("Ana must take 4 or challenge")
    assert on.line([PenaltyPending(1, 2)]).endswith("Ana must take 2 or stack")


def test_the_prompt_line_says_stack_only_when_stacking_is_on(app: App) -> None:
    game = new_game([["Y1", "R1"], ["W+4", "G5"]], "R9", ["B1", "B2", "B3", "B4"], dealer=0)
    game.apply(Play(1, game.hands[1][0]))
    game.apply(ChooseColor(1, Color.RED))
    assert game.phase is Phase.PENALTY and game.actor == 0
    table = table_at(app, game)
    for _ in range(3):
        app.step(FRAME, [])
    assert "stack" not in table._prompt_line().lower()
    # With stacking on, "stack" is offered to a hand that holds a card to stack.
    stacked = new_game(
        [["W+4", "R1"], ["W+4", "G5"]],
        "R9",
        ["B1", "B2", "B3", "B4"],
        dealer=0,
        rules=Rules(stacking=Stacking.SAME),
    )
    stacked.apply(Play(1, stacked.hands[1][0]))
    stacked.apply(ChooseColor(1, Color.RED))
    app.reset(table)
    table = table_at(app, stacked)
    assert "Stack" in table._prompt_line()


def test_the_bluff_warning_keeps_the_card_by_default(app: App) -> None:
    game = new_game([["W+4", "R1", "G2"], ["Y1", "Y2", "Y3"]], "R9")
    table = table_at(app, game)
    wd4 = game.hands[0][0]
    click(app, table.presenter.sprites[wd4.uid].rect().center)
    app.step(FRAME, [])
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay) and overlay.title == "A bluff?"
    assert overlay.menu.buttons[overlay.menu.focus].label == "Keep it"
    key(app, pygame.K_RETURN)  # the default: nothing is played
    assert wd4 in game.hands[0] and game.phase is Phase.PLAY


def test_an_ai_racer_is_timed_from_when_the_race_prompt_is_on_screen() -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=1.0), headless=True)
    rules = preset(Preset.HOUSE_RULES.value)
    game = new_game([["R3H", "G3", "Y5"], ["B4", "B7", "B9"]], "R9", ["B1", "B2"], rules=rules)
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    game.apply(Draw(1))
    game.apply(Play(0, game.hands[0][0]))  # Green 3: everyone races
    assert game.phase is Phase.RACE
    table = table_at(app, game)
    seen: float | None = None
    for _ in range(600):
        if game.phase is not Phase.RACE:
            break
        app.step(FRAME, [])
        seen = seen if seen is not None else table.match.race_seen_at
    assert game.phase is not Phase.RACE  # Ana finished, the person (who did nothing) was last
    finished = [e for e in game.log if isinstance(e, RaceFinished)]
    assert finished and finished[-1].player == 1
    assert table.match.race_seen_at is None  # reset for the next race
    # Ana finished no sooner than the fastest reaction plus one move after the prompt showed.
    assert seen is not None and table.clock - seen >= 0.2 + RACE_MOVE_S


def test_words_agree_everywhere() -> None:
    # "an 8", never "a 8".
    game = new_game([["G1", "B2"], ["Y1", "Y2"]], "R8")
    assert "play red, an 8 or a wild" in game.why_illegal(Play(0, game.hands[0][0]))
    # "press UNO" keeps its capitals in the log.
    narrator = Narrator(["You", "Ana"], 0, True)
    assert narrator.line([HouseRuleMade(1, 3, RaceAction.PRESS_UNO, None)]).endswith(
        "for 3s: press UNO"
    )
    # The pause menu and the settings screen name the speeds alike.
    assert speed_name(1.5) == "fast" and pace_name(0.6) == "brisk"


def test_the_moves_panel_starts_with_a_whole_entry(app: App) -> None:
    game = new_game([["G1", "B2", "Y9"], ["Y1", "Y2", "Y3"]], "R5")
    table = table_at(app, game)
    move = "Ana plays Green Draw Two, You draw 2 cards"
    entries = [f"Entry {i}: " + " ".join([move] * (i % 3 + 1)) for i in range(12)]
    table.presenter.log[:] = entries
    lines = table.hud.log_lines(table.presenter.log, 17, 22)
    assert lines and any(entry.startswith(lines[0]) for entry in entries), lines[0]
    assert lines[-1] and entries[-1].endswith(lines[-1].strip())


def test_the_table_lists_the_house_rules_in_play(app: App) -> None:
    rules = preset(Preset.HOUSE_RULES.value)
    game = new_game([["R3H", "G3", "Y5"], ["B4", "B7", "B9"]], "R9", ["B1", "B2"], rules=rules)
    table = table_at(app, game)
    assert table.hud.house_rule_lines(table.game) == []
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    assert table.hud.house_rule_lines(table.game) == ["3: Press Up"]
    hidden = new_game(
        [["R3H", "G3", "Y5"], ["B4", "B7", "B9"]],
        "R9",
        ["B1", "B2"],
        rules=rules.with_changes(show_house_rule_text=False),
    )
    table = table_at(app, hidden)
    hidden.apply(Play(0, hidden.hands[0][0]))
    hidden.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    assert table.hud.house_rule_lines(table.game) == ["Ruled: 3", "Remember what!"]


def test_a_new_game_asks_before_replacing_the_match_in_progress(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    title = TitleScene(app)
    app.reset(title)
    assert title.saved is None
    title._quick()  # no match saved: the game starts at once
    app.step(FRAME, [])
    first = app.top
    assert isinstance(first, TableScene)
    for _ in range(30):
        app.step(FRAME, [])
    saved_digest = Record.of(first.game).replay().state_digest()
    title = TitleScene(app)
    app.reset(title)
    app.step(FRAME, [])
    assert title.saved is not None
    title._quick()
    app.step(FRAME, [])
    assert isinstance(app.top, ReplaceOverlay)
    key(app, pygame.K_RETURN)  # the default keeps the match: it continues
    app.step(FRAME, [])
    assert isinstance(app.top, TableScene) and app.top.game.state_digest() == saved_digest
    title = TitleScene(app)
    app.reset(title)
    app.step(FRAME, [])
    title._new()
    app.step(FRAME, [])
    overlay = app.top
    assert isinstance(overlay, ReplaceOverlay)
    overlay.menu.buttons[1].on_click()  # Start a new game: to the setup screen
    app.step(FRAME, [])
    assert type(app.top).__name__ == "SetupScene"


def test_the_first_starts_question_takes_the_keys_and_later_starts_the_menu(app: App) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(FRAME, [])
    assert title.asking  # the very first start asks "New to UNO?"
    # The pointer, resting over Quick game as the window opens, leaves the keys on the question.
    quick = title.menu.buttons[0].rect.center
    title.handle(Intent(Act.POINT, quick))
    title.handle(Intent(Act.POINT, quick))
    assert title.menu.buttons[title.menu.focus].on_click == title._answer_learn
    key(app, pygame.K_RETURN)  # Enter answers it (Learn), not a Quick game behind it
    app.step(FRAME, [])
    assert type(app.top).__name__ == "LessonsScene"
    title = TitleScene(app)  # answered once, never asked again: the menu has the keys
    app.reset(title)
    assert not title.asking
    assert title.menu.buttons[title.menu.focus].label == "Quick game"


def test_on_the_first_start_a_pointer_that_moves_takes_the_focus_as_anywhere(app: App) -> None:
    title = TitleScene(app)
    app.reset(title)
    title.handle(Intent(Act.POINT, (5, 5)))  # where it rested as the window opened
    new_game = title.menu.buttons[1]
    title.handle(Intent(Act.POINT, new_game.rect.center))
    assert title.menu.buttons[title.menu.focus] is new_game


def test_rebinding_a_key_another_move_had_says_which_move_moved() -> None:
    from scenes.controls import rebind

    keys = {"draw": pygame.K_d, "uno": pygame.K_u, "catch": pygame.K_c}
    assert rebind(keys, "draw", pygame.K_u) == "uno"
    assert keys == {"draw": pygame.K_u, "uno": pygame.K_d, "catch": pygame.K_c}
    assert rebind(keys, "catch", pygame.K_x) is None  # a free key moves nothing


def test_the_controls_screen_tells_of_a_swap(app: App) -> None:
    from scenes.controls import ControlsScene

    screen = ControlsScene(app)
    app.push(screen)
    screen._bound("key", "draw", "key", pygame.K_u)
    assert screen.message == "Draw is now U. Call UNO had it, so Call UNO is now D."
    assert app.settings.keys["uno"] == pygame.K_d


def test_the_points_line_says_who_scores_what() -> None:
    from game.events import HandScore, RoundEnded
    from scenes.table.scoring import points_line

    cards = new_game([["R5", "R6"], ["B9", "G7"]], "Y1").hands[1]
    ended = RoundEnded(0, 16, (HandScore(1, tuple(cards), 16),), (16, 0))
    assert points_line(ended, 9, "Ana") == (
        "Counting the cards left in the other hands: 9 of 16 points"
    )
    assert points_line(ended, 16, "Ana") == (
        "Ana scores 16 points for the cards left in the other hands"
    )
    assert points_line(ended, 16, "You", you=True).startswith("You score 16 points")
    assert points_line(ended, 16, "Ana", "Ben").startswith("Ana and Ben score 16 points each")
    nothing = RoundEnded(0, 0, (), (0, 0), order=(0, 1))
    assert "No points" in points_line(nothing, 0, "Ana")


def test_the_replay_asks_nobody_to_move_and_its_log_follows_the_steps(app: App) -> None:
    from scenes.replay import ReplayScene

    game = new_game([["R1", "R2", "B9"], ["Y1", "Y2", "Y3"]], "R5", ["G4", "G6"])
    for _ in range(3):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, (Play, Draw))))
    record = Record.of(game)
    sounds, art = app.media.sounds, app.media.art
    replay = ReplayScene(app, MatchSetup(game.rules, SEATS, seed=game.seed), record, sounds, art)
    app.push(replay)
    app.step(FRAME, [])
    assert replay.game.actor == 0 and replay.game.phase is Phase.PLAY
    start = list(replay.presenter.log)
    assert start and start[0].startswith("Round 1")
    for _ in range(3):
        replay.forward()
        replay.presenter.settle()
    assert len(replay.presenter.log) == len(start) + 3
    replay.back()
    replay.back()
    assert replay.presenter.log[: len(start)] == start
    assert len(replay.presenter.log) == len(start) + 1


def three_way_race(open_hands: bool) -> tuple[App, Game, TableScene]:
    """You, Normal Ana and Bo (a person) at one screen; a Green 3 under a House Rule for 3s
    has just started a race that everyone is in."""
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=1.0), headless=True)
    rules = preset(Preset.HOUSE_RULES.value)
    game = new_game(
        [["R3H", "G3", "Y5"], ["B4", "B7", "B9"], ["Y1", "Y2", "Y4"]],
        "R9",
        ["B1", "B2", "B6"],
        rules=rules,
    )
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    game.apply(Draw(1))
    game.apply(Draw(2))
    game.apply(Play(0, game.hands[0][0]))  # Green 3: everyone races
    assert game.phase is Phase.RACE and game.race_left == [0, 1, 2]
    sounds, art = app.media.sounds, app.media.art
    seats = (Seat("You"), Seat("Ana", Level.NORMAL), Seat("Bo"))
    setup = MatchSetup(rules, seats, seed=game.seed, open_hands=open_hands)
    table = TableScene(app, setup, sounds=sounds, art=art, game=game)
    app.push(table)
    pygame.event.clear()
    return app, game, table


def test_ai_racers_stay_timed_from_the_prompt_after_the_person_on_screen_finishes() -> None:
    # Two people at one screen with open hands: the second races with the second key set, off
    # the screen's focus. When the first finishes, the AI's reaction still runs from the prompt.
    app, game, table = three_way_race(open_hands=True)
    assert not table.couch and table.viewer == 0
    for _ in range(30):
        app.step(FRAME, [])
        if table.match.race_seen_at is not None:
            break
    seen = table.match.race_seen_at
    assert seen is not None  # the person on screen has the race prompt
    for _ in range(int(0.3 / FRAME)):  # the person on screen needs 0.3 s: faster than any AI
        app.step(FRAME, [])
    assert game.race_left == [0, 1, 2]
    table.submit(0, FinishRace(0))
    assert table.race is None and table.match.race_seen_at == seen
    ana = next(p for p in table.match.auto.proposals() if p.seat == 1)
    for _ in range(int(3.0 / FRAME)):
        if 1 not in game.race_left:
            break
        app.step(FRAME, [])
    assert 1 not in game.race_left
    # Ana's reaction ran from the prompt, not from when the person on screen finished.
    assert table.clock - seen <= ana.delay_s + 2 * FRAME


def test_a_race_handed_on_at_a_couch_table_restarts_the_ai_clock() -> None:
    app, game, table = three_way_race(open_hands=False)
    table.show_to(0)
    for _ in range(30):
        app.step(FRAME, [])
    first = table.match.race_seen_at
    assert table.couch and first is not None
    table.submit(0, FinishRace(0))
    for _ in range(int(0.5 / FRAME)):  # the screen is passed to Bo
        app.step(FRAME, [])
    assert game.race_left == [1, 2]
    assert type(app.top).__name__ == "HandOffOverlay"
    key(app, pygame.K_RETURN)  # Bo takes the screen
    assert table.viewer == 2
    for _ in range(3):
        app.step(FRAME, [])
    assert table.match.race_seen_at is not None and table.match.race_seen_at > first
