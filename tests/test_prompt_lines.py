"""The desktop's prompt line and hints fit the moment (issue 36, item 9): they offer only what
the person can do, and a hint is neutral advice in a neutral colour, naming no AI level.

Each moment is dealt from a stacked deck (tests.helpers.new_game)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    Pass,
    Play,
)
from game.ai import Level
from game.cards import Color
from game.engine import Game, Phase
from game.match import MatchSetup, Seat
from game.rules import Rules, Stacking
from scenes.app import App
from scenes.store.settings import Settings
from scenes.table.moves import explain, prompt_line
from scenes.table.scene import HINT_COLOR, REFUSAL_COLOR, TableScene
from tests.helpers import new_game

FRAME = 1 / 60


def line(game: Game, seat: int = 0) -> str:
    mine = [a for a in game.legal_actions() if a.player == seat]
    return prompt_line(game, seat, mine, True, "D")


def penalty(hand: list[str], rules: Rules) -> Game:
    """Ana (seat 1) plays a Wild Draw Four and names red: seat 0 must answer it."""
    game = new_game([hand, ["W+4", "G5", "G6"]], "R9", ["B1", "B2", "B3", "B4"], dealer=0,
                    rules=rules)  # fmt: skip
    game.apply(Play(1, game.hands[1][0]))
    game.apply(ChooseColor(1, Color.RED))
    assert game.phase is Phase.PENALTY and game.actor == 0
    return game


def test_a_turn_with_a_playable_card_asks_to_play_a_lifted_one() -> None:
    game = new_game([["R1", "G2"], ["Y1", "Y2"]], "R5")
    assert line(game) == "Your turn: play a lifted card, or draw (D)"


def test_a_turn_with_nothing_playable_says_so_and_asks_to_draw() -> None:
    game = new_game([["G1", "B2"], ["Y1", "Y2"]], "R5")
    assert not any(isinstance(a, Play) for a in game.legal_actions())
    assert line(game) == "No card fits: draw (D)"


def test_stacking_without_a_draw_card_offers_the_challenge_and_taking() -> None:
    # The playtest's moment (184-h5-t2): stacking on, no draw card in hand, a +4 to answer.
    game = penalty(["Y1", "R1", "B7"], Rules(stacking=Stacking.SAME))
    assert line(game) == "Challenge the Wild Draw Four, or take 4"


def test_stacking_without_a_draw_card_or_a_challenge_says_take_and_why() -> None:
    game = penalty(["Y1", "R1", "B7"], Rules(stacking=Stacking.SAME, wd4_bluffing=False))
    assert line(game) == "Take 4 (D): you hold no draw card that stacks on it"


def test_stacking_with_a_draw_card_offers_to_stack() -> None:
    game = penalty(["W+4", "R1", "B7"], Rules(stacking=Stacking.SAME, wd4_bluffing=False))
    assert line(game) == "Stack a draw card, or take 4"
    game = penalty(["W+4", "R1", "B7"], Rules(stacking=Stacking.SAME))
    assert line(game) == "Stack a draw card, challenge, or take 4"


def test_without_stacking_the_penalty_never_says_stack() -> None:
    assert line(penalty(["Y1", "R1", "B7"], Rules())) == "Challenge the Wild Draw Four, or take 4"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (["GS", "G2"], "Play a Skip to bounce it on, or be skipped"),
        (["G1", "G2"], "You are skipped: no Skip to bounce it on (D)"),
    ],
)
def test_a_skip_to_bounce_is_offered_only_with_a_skip_in_hand(
    hand: list[str], expected: str
) -> None:
    game = new_game([["RS", "R1"], hand], "R5", rules=Rules(skip_bounce=True))
    game.apply(Play(0, game.hands[0][0]))
    assert game.phase is Phase.SKIP and game.actor == 1
    assert line(game, seat=1) == expected


def test_not_your_turn_asks_nothing() -> None:
    game = new_game([["R1", "G2"], ["Y1", "Y2"]], "R5")
    assert line(game, seat=1) == ""


def hint_of(action: object, game: Game) -> str:
    return explain(action, game, 0, lambda s: ("You", "Ana")[s])  # type: ignore[arg-type]


def test_every_hint_is_neutral_advice_naming_no_ai_level() -> None:
    game = new_game([["R1", "R2", "W"], ["Y1", "Y2", "Y3"]], "R5")
    hints = [
        hint_of(None, game),
        hint_of(Play(0, game.hands[0][0]), game),
        hint_of(Play(0, game.hands[0][2]), game),
        hint_of(Draw(0), game),
        hint_of(Pass(0), game),
        hint_of(Accept(0), game),
        hint_of(Challenge(0), game),
        hint_of(CallUno(0), game),
        hint_of(Catch(0, 1), game),
        hint_of(ChooseColor(0, Color.RED), game),
        hint_of(ChooseSwap(0, 1), game),
    ]
    for text in hints:
        assert text.startswith("Hint: "), text
        assert not any(level.value.lower() in text.lower() for level in Level), text
        assert "would" not in text, text
    assert hint_of(Draw(0), game) == "Hint: draw a card."
    assert hint_of(Play(0, game.hands[0][0]), game).startswith("Hint: play Red 1:")
    assert hint_of(Catch(0, 1), game) == "Hint: catch Ana: they did not call UNO."
    assert hint_of(ChooseColor(0, Color.RED), game) == "Hint: name red: you hold 2 of it."


def test_the_hint_is_shown_in_the_hint_colour_not_the_refusal_one() -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    game = new_game([["G1", "B2"], ["Y1", "Y2"]], "R5")
    setup = MatchSetup(game.rules, (Seat("Tom"), Seat("Ana", Level.EASY)), seed=game.seed)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, game=game)
    app.push(table)
    app.step(FRAME, [])
    assert table._status() == ("No card fits: draw (D)", table._status()[1])  # type: ignore[index]
    table.hint()
    assert table._status() == ("Hint: draw a card.", HINT_COLOR)
    assert HINT_COLOR != REFUSAL_COLOR
    table.refuse("Wait for your turn to draw.")
    assert table._status() == ("Wait for your turn to draw.", REFUSAL_COLOR)


@pytest.mark.parametrize("stacking", [Stacking.OFF, Stacking.SAME])
def test_the_table_shows_the_fitting_prompt(stacking: Stacking) -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    game = penalty(["Y1", "R1", "B7"], Rules(stacking=stacking))
    setup = MatchSetup(game.rules, (Seat("Tom"), Seat("Ana", Level.EASY)), seed=game.seed)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art, game=game)
    app.push(table)
    for _ in range(3):
        app.step(FRAME, [])
    assert "stack" not in table._prompt_line().lower()


def test_a_hinted_wild_draw_four_that_is_a_bluff_is_said_to_be_one() -> None:
    """Before, the hint said "nothing else you hold fits as well" over a red card, and then the
    table asked "bluff?"."""
    game = new_game([["R1", "W+4"], ["Y1", "Y2"]], "R5")
    said = hint_of(Play(0, game.hands[0][1]), game)
    assert said.startswith("Hint: play Wild Draw Four as a bluff:"), said
    honest = new_game([["G1", "W+4"], ["Y1", "Y2"]], "R5")
    said = hint_of(Play(0, honest.hands[0][1]), honest)
    assert "bluff" not in said and said.startswith("Hint: play Wild Draw Four:"), said
