"""Scenario tests written against mutants of the engine that the rest of the suite let live.

Issue 19 sampled single-operator mutants of ``game/engine.py``; each test here fails on one of
the survivors (named in its docstring) and passes on the engine as it is. Like the core rules
tests, each deals exact hands from a stacked deck (``tests.helpers.new_game``) and checks the
state, the views and the events after every action. docs/MUTATION.md lists the mutants judged
equivalent and how to run the mutation tests.
"""

from __future__ import annotations

import pytest

from game.actions import Accept, CallUno, Challenge, ChooseColor, Draw, Play
from game.check import state_problems
from game.engine import Game, Phase
from game.events import DrawReason
from game.rules import Rules, Stacking, TargetMode
from tests.helpers import new_game
from tests.test_rules_core import BLUE, GREEN, RED, act, assert_illegal, held, play

# ---------------------------------------------------------------------------- UNO calls


def test_a_player_who_goes_out_shows_no_uno_call() -> None:
    """Mutant: ``uno_said[player] = False`` made ``True`` when a hand empties."""
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game(
        [["R1", "R2"], ["G3", "G4"], ["G5", "G6"]], "R9", ["B5", "B6", "B7"], rules=rules
    )
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert play(game, 0, "R1") == [("CardPlayed", 0, "R1", False)]
    assert game.view(1).uno_said == (True, False, False)
    act(game, Draw(1))
    act(game, Draw(2))
    assert game.view(1).uno_said == (True, False, False)  # the call covers the last card
    assert play(game, 0, "R2") == [("CardPlayed", 0, "R2", False), ("WentOut", 0, 1)]
    # Play goes on without seat 0, and its call went out with it.
    assert game.phase is Phase.PLAY and game.actor == 1 and game.active == [False, True, True]
    for seat in range(3):
        assert game.view(seat).uno_said == (False, False, False)


# ---------------------------------------------------------------------------- draw penalties


def test_a_stacked_penalty_is_shown_while_pending_and_cleared_once_accepted() -> None:
    """Mutants: the ``pending_stacked`` and ``pending`` resets when a stack is answered or
    accepted, and the view's ``pending=... if phase is PENALTY else 0``. The count is shown
    to every seat while the penalty waits, and nothing is left owed once it is drawn."""
    rules = Rules(stacking=Stacking.SAME)
    draws = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]
    game = new_game(
        [["W+4", "G1", "G2"], ["W+4", "B5", "B6"], ["R+2", "B7", "B8"]], "R9", draws, rules=rules
    )
    assert [game.view(seat).pending for seat in range(3)] == [0, 0, 0]
    play(game, 0, "W+4")
    act(game, ChooseColor(0, BLUE))
    assert game.phase is Phase.PENALTY and not game.pending_stacked
    assert [game.view(seat).pending for seat in range(3)] == [4, 4, 4]
    play(game, 1, "W+4")
    # The stacker names the color while the total of 8 waits: no penalty is pending yet.
    assert game.phase is Phase.COLOR and game.pending == 8
    assert not game.pending_stacked
    assert [game.view(seat).pending for seat in range(3)] == [0, 0, 0]
    assert state_problems(game) == []
    assert act(game, ChooseColor(1, RED)) == [("ColorChosen", 1, RED), ("PenaltyPending", 2, 8)]
    assert game.pending_stacked
    assert [game.view(seat).pending for seat in range(3)] == [8, 8, 8]
    assert act(game, Accept(2)) == [
        ("CardsDrawn", 2, tuple(draws), DrawReason.STACK, 0),
        ("Skipped", 2),
    ]
    assert game.phase is Phase.PLAY and game.actor == 0
    assert (game.pending, game.pending_stacked) == (0, False)
    assert [game.view(seat).pending for seat in range(3)] == [0, 0, 0]
    assert state_problems(game) == []


def test_a_stack_answered_with_the_last_card_is_drawn_and_scored_and_nothing_is_left_owed() -> None:
    """Mutants: the ``pending = 0`` and ``pending_stacked = False`` resets in ``_stack`` when
    the stacker goes out (the hand ends with the stack's total drawn, nothing left owed)."""
    rules = Rules(stacking=Stacking.SAME)
    draws = ["Y7", "Y1", "Y2", "Y3", "Y4"]
    game = new_game([["R5", "R+2", "B8"], ["R4", "R3", "G+2"]], "R9", draws, rules=rules)
    play(game, 0, "R5")
    play(game, 1, "R4")
    act(game, Draw(0))  # the yellow 7 does not match: seat 0 keeps it
    act(game, CallUno(1))
    play(game, 1, "R3")
    assert play(game, 0, "R+2") == [("CardPlayed", 0, "R+2", False), ("PenaltyPending", 1, 2)]
    events = play(game, 1, "G+2")
    assert events[:3] == [
        ("CardPlayed", 1, "G+2", False),
        ("WentOut", 1, 1),
        ("CardsDrawn", 0, tuple(draws[1:]), DrawReason.STACK, 0),
    ]
    assert events[3][:3] == ("RoundEnded", 1, 25)  # B8, Y7 and the four yellows drawn
    assert game.phase is Phase.ROUND_OVER
    assert (game.pending, game.pending_stacked) == (0, False)
    assert state_problems(game) == []


def test_a_challenge_leaves_nothing_owed() -> None:
    """Mutant: the ``pending = 0`` reset when a Wild Draw Four is challenged."""
    game = new_game([["W+4", "R1", "G2"], ["B5", "B6", "B7"]], "R9", ["Y1", "Y2", "Y3", "Y4"])
    play(game, 0, "W+4")
    act(game, ChooseColor(0, GREEN))
    assert game.view(1).pending == 4
    events = act(game, Challenge(1))
    assert events[0] == ("Challenged", 1, 0, True, ("R1", "G2"))
    assert game.phase is Phase.PLAY and game.actor == 1
    assert (game.pending, game.pending_stacked) == (0, False)
    assert state_problems(game) == []


# ---------------------------------------------------------------------------- the checker


def fresh() -> Game:
    return new_game([["R1", "G2"], ["Y3", "B4"]], "R9", ["Y1"])


def test_the_checker_counts_a_missing_card() -> None:
    game = fresh()
    assert state_problems(game) == []
    game.draw_pile.pop()
    assert state_problems(game) == ["cards not accounted for exactly once: 1 missing, [] twice"]


def test_the_checker_counts_a_card_held_twice() -> None:
    game = fresh()
    card = game.hands[0][0]
    game.hands[1].append(card)
    assert state_problems(game) == [
        f"cards not accounted for exactly once: 0 missing, [{card.uid}] twice"
    ]


def test_the_checker_counts_a_card_replaced_by_a_copy_of_another() -> None:
    game = fresh()
    card = game.hands[0][0]
    game.draw_pile[0] = card
    assert state_problems(game) == [
        f"cards not accounted for exactly once: 1 missing, [{card.uid}] twice"
    ]


def test_the_checker_finds_a_penalty_left_over() -> None:
    game = fresh()
    game.pending = 3
    assert state_problems(game) == ["3 cards are owed in phase play"]
    game.pending, game.pending_stacked = 0, True
    assert state_problems(game) == ["a stacked penalty is marked in phase play"]
    game.pending_stacked, game.phase = False, Phase.PENALTY
    assert state_problems(game) == ["a draw penalty of 0 cards is pending"]


# ---------------------------------------------------------------------------- +4 messages


def test_a_wild_draw_four_refused_without_bluffing_names_the_color_held() -> None:
    """Mutants of ``why_illegal``'s Wild Draw Four branch: the color held is named."""
    game = new_game(
        [["W+4", "R1", "B2"], ["G1", "G2", "G3"]], "R9", rules=Rules(wd4_bluffing=False)
    )
    assert_illegal(
        game,
        Play(0, held(game, 0, "W+4")),
        "seat 0 plays W+4: you hold red, so a Wild Draw Four is not allowed",
    )


def test_a_wild_draw_four_refused_when_wilds_count_as_the_color_names_the_wild() -> None:
    rules = Rules(wd4_bluffing=False, wd4_wilds_count_as_color=True)
    game = new_game([["W+4", "W", "B2"], ["G1", "G2", "G3"]], "R9", rules=rules)
    assert_illegal(
        game,
        Play(0, held(game, 0, "W+4")),
        "seat 0 plays W+4: you hold another wild, so a Wild Draw Four is not allowed",
    )


@pytest.mark.parametrize("bluffing", [True, False])
@pytest.mark.parametrize("wild", ["W+4", "W"])
def test_a_wild_as_the_last_card_is_refused_as_a_last_card(wild: str, bluffing: bool) -> None:
    # Seat 0's only card is a wild; with no wild finish it may not be played, whatever the
    # Wild Draw Four would otherwise be (legal here: seat 0 holds no red).
    rules = Rules(no_wild_finish=True, wd4_bluffing=bluffing)
    game = new_game([[wild], ["G1"]], "R9", ["B1"], rules=rules)
    assert game.legal_actions() == [Draw(0)]
    assert_illegal(
        game, Play(0, held(game, 0, wild)), f"seat 0 plays {wild}: a wild may not be your last card"
    )
