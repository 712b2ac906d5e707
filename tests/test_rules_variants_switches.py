"""Scenario tests for the popular house-rule switches: stacking, jump-in, 7-0, skip bounce,
playing until all but one are out, no wild as the last card and 2v2 teams."""

from __future__ import annotations

import pytest

from game.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    JumpIn,
)
from game.engine import Game, Phase
from game.events import DrawReason
from game.rules import Rules, RulesError, Stacking, TargetMode
from tests.helpers import hand_codes, new_game
from tests.test_rules_variants import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    card,
    check,
    drawn,
    illegal,
    jump,
    play,
)

# ---------------------------------------------------------------------------- stacking


def test_stacking_same_draw_twos_add_up_until_someone_accepts() -> None:
    rules = Rules(stacking=Stacking.SAME)
    draws = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    game = new_game(
        [["R+2", "W+4", "R1"], ["G+2", "W+4", "G5"], ["B+2", "Y7", "B8"]],
        "R9",
        draws,
        rules=rules,
    )
    assert act(game, play(game, 0, "R+2")) == [
        ("CardPlayed", 0, "R+2", False),
        ("PenaltyPending", 1, 2),
    ]
    check(
        game,
        [["W+4", "R1"], ["G+2", "W+4", "G5"], ["B+2", "Y7", "B8"]],
        top="R+2",
        turn=1,
        actor=1,
        phase=Phase.PENALTY,
        color=RED,
    )
    assert [a for a in game.legal_actions() if a.player == 1] == [
        Accept(1),
        play(game, 1, "G+2"),
    ]
    illegal(game, play(game, 1, "W+4"), "seat 1 to answer a draw penalty of 2")
    illegal(game, play(game, 1, "G5"), "seat 1 to answer a draw penalty of 2")
    illegal(game, Challenge(1), "seat 1 to answer a draw penalty of 2")
    illegal(game, play(game, 2, "B+2"), "waiting on seat 1 to answer a draw penalty of 2")
    assert act(game, play(game, 1, "G+2")) == [
        ("CardPlayed", 1, "G+2", False),
        ("PenaltyPending", 2, 4),
    ]
    check(
        game,
        [["W+4", "R1"], ["W+4", "G5"], ["B+2", "Y7", "B8"]],
        top="G+2",
        turn=2,
        actor=2,
        phase=Phase.PENALTY,
        color=GREEN,
    )
    assert act(game, play(game, 2, "B+2")) == [
        ("CardPlayed", 2, "B+2", False),
        ("PenaltyPending", 0, 6),
    ]
    # Seat 0 holds no Draw Two (a Wild Draw Four does not answer one with same-kind stacking).
    assert [a for a in game.legal_actions() if a.player == 0] == [Accept(0)]
    assert act(game, Accept(0)) == [drawn(0, draws, DrawReason.STACK), ("Skipped", 0)]
    check(
        game,
        [["W+4", "R1", *draws], ["W+4", "G5"], ["Y7", "B8"]],
        top="B+2",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
        discard=["R9", "R+2", "G+2", "B+2"],
    )


def test_stacking_same_wild_draw_fours_and_a_stacked_one_cannot_be_challenged() -> None:
    rules = Rules(stacking=Stacking.SAME)
    draws = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]
    game = new_game(
        [["W+4", "G1", "G2"], ["W+4", "B5", "B6"], ["R+2", "B7", "B8"]], "R9", draws, rules=rules
    )
    assert act(game, play(game, 0, "W+4")) == [("CardPlayed", 0, "W+4", False)]
    assert act(game, ChooseColor(0, BLUE)) == [("ColorChosen", 0, BLUE), ("PenaltyPending", 1, 4)]
    # The first Wild Draw Four can be challenged, accepted or stacked on (not with a +2).
    assert [a for a in game.legal_actions() if a.player == 1] == [
        Accept(1),
        Challenge(1),
        play(game, 1, "W+4"),
    ]
    assert act(game, play(game, 1, "W+4")) == [("CardPlayed", 1, "W+4", False)]
    check(
        game,
        [["G1", "G2"], ["B5", "B6"], ["R+2", "B7", "B8"]],
        top="W+4",
        turn=1,
        actor=1,
        phase=Phase.COLOR,
        color=BLUE,
    )
    assert act(game, ChooseColor(1, RED)) == [("ColorChosen", 1, RED), ("PenaltyPending", 2, 8)]
    check(
        game,
        [["G1", "G2"], ["B5", "B6"], ["R+2", "B7", "B8"]],
        top="W+4",
        turn=2,
        actor=2,
        phase=Phase.PENALTY,
        color=RED,
    )
    # Same-kind stacking: a red Draw Two does not answer a Wild Draw Four, and nobody may
    # challenge a stacked Wild Draw Four.
    assert [a for a in game.legal_actions() if a.player == 2] == [Accept(2)]
    illegal(game, Challenge(2), "seat 2 to answer a draw penalty of 8")
    illegal(game, play(game, 2, "R+2"), "seat 2 to answer a draw penalty of 8")
    assert act(game, Accept(2)) == [drawn(2, draws, DrawReason.STACK), ("Skipped", 2)]
    check(
        game,
        [["G1", "G2"], ["B5", "B6"], ["R+2", "B7", "B8", *draws]],
        top="W+4",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )


def test_cross_stacking_four_on_two_and_two_on_four_only_in_the_named_color() -> None:
    rules = Rules(stacking=Stacking.CROSS)
    draws = [f"Y{n}" for n in range(1, 9)]
    game = new_game(
        [["R+2", "R1", "R2"], ["W+4", "B5", "B6"], ["B+2", "G+2", "B8"]], "R9", draws, rules=rules
    )
    act(game, play(game, 0, "R+2"))
    # Cross: a Wild Draw Four answers a Draw Two.
    assert [a for a in game.legal_actions() if a.player == 1] == [
        Accept(1),
        play(game, 1, "W+4"),
    ]
    assert act(game, play(game, 1, "W+4")) == [("CardPlayed", 1, "W+4", False)]
    assert act(game, ChooseColor(1, GREEN)) == [
        ("ColorChosen", 1, GREEN),
        ("PenaltyPending", 2, 6),
    ]
    # A Draw Two on the Wild Draw Four must have the named color (green), not blue.
    assert [a for a in game.legal_actions() if a.player == 2] == [
        Accept(2),
        play(game, 2, "G+2"),
    ]
    illegal(game, play(game, 2, "B+2"), "seat 2 to answer a draw penalty of 6")
    illegal(game, Challenge(2), "seat 2 to answer a draw penalty of 6")
    assert act(game, play(game, 2, "G+2")) == [
        ("CardPlayed", 2, "G+2", False),
        ("PenaltyPending", 0, 8),
    ]
    assert act(game, Accept(0)) == [drawn(0, draws, DrawReason.STACK), ("Skipped", 0)]
    check(
        game,
        [["R1", "R2", *draws], ["B5", "B6"], ["B+2", "B8"]],
        top="G+2",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
        discard=["R9", "R+2", "W+4", "G+2"],
    )


def test_a_stack_as_the_last_card_makes_the_next_player_draw_the_sum_before_scoring() -> None:
    rules = Rules(stacking=Stacking.SAME)
    game = new_game(
        [["R+2", "Y+2"], ["G+2", "G5"]], "R9", ["B1", "B2", "B3", "B4", "B5", "B6"], rules=rules
    )
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert act(game, play(game, 0, "R+2")) == [
        ("CardPlayed", 0, "R+2", False),
        ("PenaltyPending", 1, 2),
    ]
    assert act(game, play(game, 1, "G+2")) == [
        ("CardPlayed", 1, "G+2", False),
        ("PenaltyPending", 0, 4),
    ]
    assert act(game, play(game, 0, "Y+2")) == [
        ("CardPlayed", 0, "Y+2", False),
        ("WentOut", 0, 1),
        drawn(1, ["B1", "B2", "B3", "B4", "B5", "B6"], DrawReason.STACK),
        (
            "RoundEnded",
            0,
            26,
            (("HandScore", 1, ("G5", "B1", "B2", "B3", "B4", "B5", "B6"), 26),),
            (26, 0),
            False,
            (),
        ),
    ]


# ---------------------------------------------------------------------------- jump-in


def test_jump_in_takes_the_turn_and_skips_the_players_in_between() -> None:
    rules = Rules(jump_in=True)
    game = new_game(
        [["R5", "G1", "G2"], ["B3", "B4", "Y4"], ["R5", "Y6", "Y7"], ["R6", "Y8", "Y9"]],
        "R9",
        rules=rules,
    )
    # Nobody holds a red 9: no jump-in yet.
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    assert act(game, play(game, 0, "R5")) == [("CardPlayed", 0, "R5", False)]
    assert [a for a in game.legal_actions() if isinstance(a, JumpIn)] == [jump(game, 2, "R5")]
    illegal(game, JumpIn(3, card(game, 3, "R6")), "Red 6 is not identical to the top card Red 5")
    illegal(game, JumpIn(2, card(game, 2, "Y6")), "Yellow 6 is not identical to the top card")
    assert act(game, jump(game, 2, "R5")) == [("CardPlayed", 2, "R5", True)]
    check(
        game,
        [["G1", "G2"], ["B3", "B4", "Y4"], ["Y6", "Y7"], ["R6", "Y8", "Y9"]],
        top="R5",
        turn=3,
        actor=3,
        phase=Phase.PLAY,
        color=RED,
        discard=["R9", "R5", "R5"],
    )
    illegal(game, Draw(1), "waiting on seat 3 to play or draw")


def test_no_jump_in_on_a_wild_or_while_a_penalty_is_pending() -> None:
    rules = Rules(jump_in=True, stacking=Stacking.SAME)
    game = new_game(
        [["W", "G1", "G2"], ["B3", "R+2", "Y4"], ["W", "R+2", "Y7"]],
        "R9",
        ["Y1", "Y2", "Y3"],
        rules=rules,
    )
    act(game, play(game, 0, "W"))
    act(game, ChooseColor(0, RED))
    assert game.phase is Phase.PLAY and game.actor == 1
    # Seat 2 holds a Wild like the top card, but wilds never jump in.
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    illegal(game, jump(game, 2, "W"), "nobody may jump in on a wild")
    assert act(game, Draw(1)) == [drawn(1, ["Y1"], DrawReason.TURN), ("Passed", 1)]
    assert act(game, play(game, 2, "R+2")) == [
        ("CardPlayed", 2, "R+2", False),
        ("PenaltyPending", 0, 2),
    ]
    # Seat 1 holds an identical red Draw Two, but nobody jumps in while a penalty waits.
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    illegal(game, jump(game, 1, "R+2"), "no jump-in while a draw penalty is pending")
    assert [a for a in game.legal_actions() if a.player == 0] == [Accept(0)]
    assert act(game, Accept(0)) == [drawn(0, ["Y2", "Y3"], DrawReason.DRAW_TWO), ("Skipped", 0)]
    check(
        game,
        [["G1", "G2", "Y2", "Y3"], ["B3", "R+2", "Y4", "Y1"], ["W", "Y7"]],
        top="R+2",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )
    # Back in a normal turn, seat 1 is the turn player (it plays, not jumps) and seat 2
    # holds no red Draw Two: still no jump-in.
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]


def test_a_jump_in_closes_another_players_uno_catch_window() -> None:
    rules = Rules(jump_in=True)
    game = new_game([["R5", "G1"], ["B3", "B4"], ["R5", "Y6"]], "R9", ["Y1", "Y2"], rules=rules)
    act(game, play(game, 0, "R5"))
    assert game.catchable == [0]
    assert Catch(1, 0) in game.legal_actions()
    assert act(game, jump(game, 2, "R5")) == [("CardPlayed", 2, "R5", True)]
    # Seat 2 is now down to one card itself, without calling: only seat 2 can be caught.
    assert game.catchable == [2]
    illegal(game, Catch(1, 0), "seat 0 cannot be caught now")
    check(
        game,
        [["G1"], ["B3", "B4"], ["Y6"]],
        top="R5",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )


# ---------------------------------------------------------------------------- 7-0


def test_seven_swaps_hands_with_a_chosen_player() -> None:
    rules = Rules(seven_zero=True)
    game = new_game([["R7", "G1", "B2"], ["R0", "Y3", "Y4"], ["B5", "B6", "B8"]], "R9", rules=rules)
    assert act(game, play(game, 0, "R7")) == [("CardPlayed", 0, "R7", False)]
    check(
        game,
        [["G1", "B2"], ["R0", "Y3", "Y4"], ["B5", "B6", "B8"]],
        top="R7",
        turn=0,
        actor=0,
        phase=Phase.SWAP,
        color=RED,
    )
    assert game.legal_actions() == [ChooseSwap(0, 1), ChooseSwap(0, 2)]
    illegal(game, ChooseSwap(0, 0), "you cannot swap hands with yourself")
    illegal(game, ChooseSwap(0, 5), "there is no seat 5")
    illegal(game, ChooseSwap(2, 1), "waiting on seat 0 to pick a player to swap hands with")
    assert act(game, ChooseSwap(0, 2)) == [("HandsSwapped", 0, 2, ("B5", "B6", "B8"), ("G1", "B2"))]
    check(
        game,
        [["B5", "B6", "B8"], ["R0", "Y3", "Y4"], ["G1", "B2"]],
        top="R7",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )
    # A zero passes every hand to the next player clockwise.
    assert act(game, play(game, 1, "R0")) == [
        ("CardPlayed", 1, "R0", False),
        (
            "HandsPassed",
            1,
            ((0, 1), (1, 2), (2, 0)),
            (("G1", "B2"), ("B5", "B6", "B8"), ("Y3", "Y4")),
        ),
    ]
    check(
        game,
        [["G1", "B2"], ["B5", "B6", "B8"], ["Y3", "Y4"]],
        top="R0",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=RED,
    )


def test_zero_passes_hands_counter_clockwise() -> None:
    rules = Rules(seven_zero=True)
    # A Reverse turned first: the dealer (seat 2) starts, play runs counter-clockwise.
    game = new_game([["G1", "G2", "G3"], ["B4", "B5", "B6"], ["Y0", "Y8", "Y9"]], "YR", rules=rules)
    assert (game.turn, game.direction) == (2, -1)
    assert act(game, play(game, 2, "Y0")) == [
        ("CardPlayed", 2, "Y0", False),
        (
            "HandsPassed",
            -1,
            ((0, 2), (1, 0), (2, 1)),
            (("B4", "B5", "B6"), ("Y8", "Y9"), ("G1", "G2", "G3")),
        ),
    ]
    check(
        game,
        [["B4", "B5", "B6"], ["Y8", "Y9"], ["G1", "G2", "G3"]],
        top="Y0",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=YELLOW,
        direction=-1,
    )


def test_a_swap_that_leaves_the_target_one_card_obliges_it_to_call_uno() -> None:
    rules = Rules(seven_zero=True)
    game = new_game([["R7", "G1"], ["R2", "Y3"], ["B4", "B5"]], "R9", ["Y6", "Y7"], rules=rules)
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert act(game, play(game, 0, "R7")) == [("CardPlayed", 0, "R7", False)]
    assert game.catchable == []  # seat 0 called in time
    assert act(game, ChooseSwap(0, 1)) == [("HandsSwapped", 0, 1, ("R2", "Y3"), ("G1",))]
    check(
        game,
        [["R2", "Y3"], ["G1"], ["B4", "B5"]],
        top="R7",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )
    # Seat 1 now holds one card without having called UNO: anyone else may catch it.
    assert game.uno_said == [False, False, False]
    assert game.catchable == [1]
    assert {a for a in game.legal_actions() if isinstance(a, Catch)} == {Catch(0, 1), Catch(2, 1)}
    illegal(game, Catch(1, 1), "seat 1 cannot be caught now")
    assert act(game, Catch(2, 1)) == [
        ("UnoCaught", 2, 1),
        drawn(1, ["Y6", "Y7"], DrawReason.UNO_CAUGHT),
    ]
    check(
        game,
        [["R2", "Y3"], ["G1", "Y6", "Y7"], ["B4", "B5"]],
        top="R7",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )


def test_a_swap_target_left_with_one_card_may_call_uno_in_time() -> None:
    rules = Rules(seven_zero=True)
    game = new_game([["R7", "G1"], ["R2", "Y3"], ["B4", "B5"]], "R9", ["Y6", "Y7"], rules=rules)
    act(game, CallUno(0))
    act(game, play(game, 0, "R7"))
    act(game, ChooseSwap(0, 1))
    assert act(game, CallUno(1)) == [("UnoCalled", 1)]
    assert game.catchable == []
    illegal(game, Catch(2, 1), "seat 1 cannot be caught now")


# ---------------------------------------------------------------------------- skip bounce


def test_skip_bounce_chains_until_someone_accepts() -> None:
    rules = Rules(skip_bounce=True)
    game = new_game([["RS", "G1", "G2"], ["BS", "Y3", "Y4"], ["GS", "B5", "B6"]], "R9", rules=rules)
    assert act(game, play(game, 0, "RS")) == [("CardPlayed", 0, "RS", False)]
    check(
        game,
        [["G1", "G2"], ["BS", "Y3", "Y4"], ["GS", "B5", "B6"]],
        top="RS",
        turn=1,
        actor=1,
        phase=Phase.SKIP,
        color=RED,
    )
    # A Skip of any color passes it on; nothing else may be played.
    assert [a for a in game.legal_actions() if a.player == 1] == [Accept(1), play(game, 1, "BS")]
    illegal(game, play(game, 1, "Y3"), "seat 1 to bounce or accept a skip")
    illegal(game, Draw(1), "seat 1 to bounce or accept a skip")
    illegal(game, play(game, 2, "GS"), "waiting on seat 1 to bounce or accept a skip")
    assert act(game, play(game, 1, "BS")) == [("CardPlayed", 1, "BS", False)]
    check(
        game,
        [["G1", "G2"], ["Y3", "Y4"], ["GS", "B5", "B6"]],
        top="BS",
        turn=2,
        actor=2,
        phase=Phase.SKIP,
        color=BLUE,
    )
    assert act(game, play(game, 2, "GS")) == [("CardPlayed", 2, "GS", False)]
    check(
        game,
        [["G1", "G2"], ["Y3", "Y4"], ["B5", "B6"]],
        top="GS",
        turn=0,
        actor=0,
        phase=Phase.SKIP,
        color=GREEN,
    )
    assert [a for a in game.legal_actions() if a.player == 0] == [Accept(0)]
    assert act(game, Accept(0)) == [("Skipped", 0)]
    check(
        game,
        [["G1", "G2"], ["Y3", "Y4"], ["B5", "B6"]],
        top="GS",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
        discard=["R9", "RS", "BS", "GS"],
    )


def test_skip_bounce_with_two_players() -> None:
    rules = Rules(skip_bounce=True)
    game = new_game([["RS", "G1", "G2"], ["BS", "Y3", "Y4"]], "R9", rules=rules)
    act(game, play(game, 0, "RS"))
    assert (game.turn, game.actor, game.phase) == (1, 1, Phase.SKIP)
    assert act(game, play(game, 1, "BS")) == [("CardPlayed", 1, "BS", False)]
    assert (game.turn, game.actor, game.phase) == (0, 0, Phase.SKIP)
    assert act(game, Accept(0)) == [("Skipped", 0)]
    check(
        game,
        [["G1", "G2"], ["Y3", "Y4"]],
        top="BS",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
    )
    # Accepting at once: with two players the skipper plays again.
    game = new_game([["RS", "G1", "G2"], ["BS", "Y3", "Y4"]], "R9", rules=rules)
    act(game, play(game, 0, "RS"))
    assert act(game, Accept(1)) == [("Skipped", 1)]
    check(
        game,
        [["G1", "G2"], ["BS", "Y3", "Y4"]],
        top="RS",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )


def test_without_skip_bounce_a_skip_takes_effect_at_once() -> None:
    game = new_game([["RS", "G1"], ["BS", "Y3"], ["B5", "B6"]], "R9")
    assert act(game, play(game, 0, "RS")) == [("CardPlayed", 0, "RS", False), ("Skipped", 1)]
    assert (game.turn, game.actor, game.phase) == (2, 2, Phase.PLAY)


# ---------------------------------------------------------------------------- until one is left


def test_play_until_all_but_one_are_out() -> None:
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game(
        [["R1", "R+2"], ["R3", "G4"], ["R5", "G6"]], "R9", ["G7", "Y2", "R7"], rules=rules
    )
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    act(game, play(game, 1, "R3"))
    act(game, play(game, 2, "R5"))
    # Seat 0 goes out with a Draw Two: it still makes seat 1 draw 2 and lose the turn.
    assert act(game, play(game, 0, "R+2")) == [
        ("CardPlayed", 0, "R+2", False),
        ("WentOut", 0, 1),
        drawn(1, ["G7", "Y2"], DrawReason.DRAW_TWO),
        ("Skipped", 1),
    ]
    check(
        game,
        [[], ["G4", "G7", "Y2"], ["G6"]],
        top="R+2",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=RED,
    )
    assert game.active == [False, True, True]
    assert game.finished == [0]
    assert all(a.player != 0 for a in game.legal_actions())
    assert act(game, Draw(2)) == [drawn(2, ["R7"], DrawReason.TURN)]
    assert act(game, play(game, 2, "R7")) == [("CardPlayed", 2, "R7", False)]
    # Seat 0 is out: the turn goes from seat 2 straight to seat 1.
    check(
        game,
        [[], ["G4", "G7", "Y2"], ["G6"]],
        top="R7",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )
    act(game, play(game, 1, "G7"))
    assert act(game, play(game, 2, "G6")) == [
        ("CardPlayed", 2, "G6", False),
        ("WentOut", 2, 2),
        ("RoundEnded", 0, 0, (), (0, 0, 0), False, (0, 2, 1)),
        ("MatchEnded", (0,), (0, 0, 0)),
    ]
    assert game.phase is Phase.MATCH_OVER
    assert hand_codes(game) == [[], ["G4", "Y2"], []]
    assert game.scores == [0, 0, 0]


def test_play_until_one_left_needs_the_single_hand_target() -> None:
    with pytest.raises(RulesError, match="single-hand target"):
        Rules(play_until_one_left=True).validate(3)
    with pytest.raises(RulesError, match="single-hand target"):
        Game(Rules(play_until_one_left=True, target_mode=TargetMode.QUICK), 3, 0)
    Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND).validate(3)


# ---------------------------------------------------------------------------- no wild finish


@pytest.mark.parametrize("wild", ["W", "W+4"])
def test_a_wild_may_not_be_the_last_card(wild: str) -> None:
    rules = Rules(no_wild_finish=True)
    game = new_game([[wild, "R1"], ["R2", "G3"]], "R9", ["B4", "R5"], rules=rules)
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    act(game, CallUno(1))
    act(game, play(game, 1, "R2"))
    check(
        game,
        [[wild], ["G3"]],
        top="R2",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )
    assert game.legal_actions() == [Draw(0)]
    illegal(game, play(game, 0, wild), "a wild may not be your last card")
    assert act(game, Draw(0)) == [drawn(0, ["B4"], DrawReason.TURN), ("Passed", 0)]
    check(
        game,
        [[wild, "B4"], ["G3"]],
        top="R2",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )


def test_without_the_switch_a_wild_may_be_the_last_card() -> None:
    game = new_game([["W", "R1"], ["R2", "G3"]], "R9")
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    act(game, play(game, 1, "R2"))
    assert play(game, 0, "W") in game.legal_actions()


# ---------------------------------------------------------------------------- 2v2 teams


def test_teams_partner_going_out_wins_for_both() -> None:
    rules = Rules(teams=True, target_points=50)
    game = new_game(
        [["R1", "B9"], ["R3", "W"], ["R4", "R5"], ["R6", "G+2"]],
        "R9",
        ["Y8", "Y9"],
        rules=rules,
    )
    act(game, play(game, 0, "R1"))
    act(game, play(game, 1, "R3"))
    act(game, CallUno(2))
    act(game, play(game, 2, "R4"))
    act(game, play(game, 3, "R6"))
    assert act(game, Draw(0)) == [drawn(0, ["Y8"], DrawReason.TURN), ("Passed", 0)]
    assert act(game, Draw(1)) == [drawn(1, ["Y9"], DrawReason.TURN), ("Passed", 1)]
    assert act(game, play(game, 2, "R5")) == [
        ("CardPlayed", 2, "R5", False),
        ("WentOut", 2, 1),
        (
            "RoundEnded",
            2,
            79,
            (("HandScore", 1, ("W", "Y9"), 59), ("HandScore", 3, ("G+2",), 20)),
            (79, 0, 79, 0),
            False,
            (),
        ),
        ("MatchEnded", (0, 2), (79, 0, 79, 0)),
    ]
    # Seat 0's own cards are not scored: partners never score each other.
    assert hand_codes(game) == [["B9", "Y8"], ["W", "Y9"], [], ["G+2"]]
    assert game.scores == [79, 0, 79, 0]
    assert game.phase is Phase.MATCH_OVER


def test_teams_single_hand_lists_both_partners_as_winners() -> None:
    rules = Rules(teams=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game(
        [["R1", "G2"], ["R3", "R4"], ["B5", "R8"], ["R6", "G7"]], "R9", ["Y1"], rules=rules
    )
    act(game, play(game, 0, "R1"))
    act(game, CallUno(1))
    act(game, play(game, 1, "R3"))
    act(game, play(game, 2, "R8"))
    act(game, play(game, 3, "R6"))
    assert act(game, Draw(0)) == [drawn(0, ["Y1"], DrawReason.TURN), ("Passed", 0)]
    assert act(game, play(game, 1, "R4")) == [
        ("CardPlayed", 1, "R4", False),
        ("WentOut", 1, 1),
        (
            "RoundEnded",
            1,
            8,
            (("HandScore", 0, ("G2", "Y1"), 3), ("HandScore", 2, ("B5",), 5)),
            (0, 8, 0, 8),
            False,
            (),
        ),
        ("MatchEnded", (1, 3), (0, 8, 0, 8)),
    ]
    assert game.phase is Phase.MATCH_OVER


def test_teams_need_four_players() -> None:
    with pytest.raises(RulesError, match="2v2 teams need exactly 4 players"):
        Rules(teams=True).validate(3)


# ---------------------------------------------------------------------------- interplay


def test_jump_in_with_a_seven_lets_the_jumper_swap_and_play_on_from_there() -> None:
    rules = Rules(jump_in=True, seven_zero=True)
    game = new_game([["R7", "G1", "G2"], ["B3", "B4", "B5"], ["R7", "Y6", "Y7"]], "R9", rules=rules)
    act(game, play(game, 0, "R7"))
    # No jump-in while seat 0 picks whom to swap with.
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    illegal(game, jump(game, 2, "R7"), "waiting on seat 0 to pick a player to swap hands with")
    assert act(game, ChooseSwap(0, 1)) == [("HandsSwapped", 0, 1, ("B3", "B4", "B5"), ("G1", "G2"))]
    assert act(game, jump(game, 2, "R7")) == [("CardPlayed", 2, "R7", True)]
    check(
        game,
        [["B3", "B4", "B5"], ["G1", "G2"], ["Y6", "Y7"]],
        top="R7",
        turn=2,
        actor=2,
        phase=Phase.SWAP,
        color=RED,
    )
    assert act(game, ChooseSwap(2, 0)) == [("HandsSwapped", 2, 0, ("B3", "B4", "B5"), ("Y6", "Y7"))]
    check(
        game,
        [["Y6", "Y7"], ["G1", "G2"], ["B3", "B4", "B5"]],
        top="R7",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )


def test_play_until_one_left_a_stack_as_the_last_card_goes_on_to_the_next_player() -> None:
    rules = Rules(
        play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND, stacking=Stacking.SAME
    )
    draws = [f"Y{n}" for n in range(1, 9)]
    game = new_game([["R+2", "Y+2"], ["G+2", "G3"], ["B+2", "B4"]], "R9", draws, rules=rules)
    act(game, CallUno(0))
    act(game, play(game, 0, "R+2"))
    act(game, play(game, 1, "G+2"))
    assert act(game, play(game, 2, "B+2")) == [
        ("CardPlayed", 2, "B+2", False),
        ("PenaltyPending", 0, 6),
    ]
    assert act(game, play(game, 0, "Y+2")) == [
        ("CardPlayed", 0, "Y+2", False),
        ("WentOut", 0, 1),
        ("PenaltyPending", 1, 8),
    ]
    check(
        game,
        [[], ["G3"], ["B4"]],
        top="Y+2",
        turn=1,
        actor=1,
        phase=Phase.PENALTY,
        color=YELLOW,
    )
    assert act(game, Accept(1)) == [drawn(1, draws, DrawReason.STACK), ("Skipped", 1)]
    check(
        game,
        [[], ["G3", *draws], ["B4"]],
        top="Y+2",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=YELLOW,
    )


def test_play_until_one_left_a_reverse_as_the_last_card_reverses_for_the_rest() -> None:
    # Three players at the table when the Reverse is played: it reverses (it is not the
    # two-player Skip just because its player leaves).
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game([["R1", "RR"], ["R2", "G3"], ["R4", "G5"]], "R9", rules=rules)
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    act(game, play(game, 1, "R2"))
    act(game, play(game, 2, "R4"))
    assert act(game, play(game, 0, "RR")) == [
        ("CardPlayed", 0, "RR", False),
        ("WentOut", 0, 1),
        ("DirectionChanged", -1),
    ]
    check(
        game,
        [[], ["G3"], ["G5"]],
        top="RR",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=RED,
        direction=-1,
    )


def test_play_until_one_left_no_swap_with_a_player_who_is_out() -> None:
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND, seven_zero=True)
    game = new_game([["R1", "R2"], ["R3", "R7"], ["R4", "G5"]], "R9", ["Y9"], rules=rules)
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    assert act(game, Draw(1)) == [drawn(1, ["Y9"], DrawReason.TURN), ("Passed", 1)]
    act(game, play(game, 2, "R4"))
    assert act(game, play(game, 0, "R2")) == [("CardPlayed", 0, "R2", False), ("WentOut", 0, 1)]
    assert act(game, play(game, 1, "R7")) == [("CardPlayed", 1, "R7", False)]
    assert game.phase is Phase.SWAP
    assert [a for a in game.legal_actions() if isinstance(a, ChooseSwap)] == [ChooseSwap(1, 2)]
    illegal(game, ChooseSwap(1, 0), "seat 0 has gone out")
    assert act(game, ChooseSwap(1, 2)) == [("HandsSwapped", 1, 2, ("G5",), ("R3", "Y9"))]
    check(
        game,
        [[], ["G5"], ["R3", "Y9"]],
        top="R7",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=RED,
    )
    assert game.catchable == [1]


def test_a_zero_passing_a_single_card_obliges_the_receiver_to_call_uno() -> None:
    rules = Rules(seven_zero=True)
    game = new_game([["R0", "G1"], ["R2", "Y3"], ["B4", "B5"]], "R9", ["Y6", "Y7"], rules=rules)
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert act(game, play(game, 0, "R0")) == [
        ("CardPlayed", 0, "R0", False),
        ("HandsPassed", 1, ((0, 1), (1, 2), (2, 0)), (("B4", "B5"), ("G1",), ("R2", "Y3"))),
    ]
    check(
        game,
        [["B4", "B5"], ["G1"], ["R2", "Y3"]],
        top="R0",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=RED,
    )
    # Seat 0's call was for the card it passed on; seat 1 now holds it and has not called.
    assert game.uno_said == [False, False, False]
    assert game.catchable == [1]
    assert act(game, Catch(0, 1)) == [
        ("UnoCaught", 0, 1),
        drawn(1, ["Y6", "Y7"], DrawReason.UNO_CAUGHT),
    ]
    assert hand_codes(game)[1] == ["G1", "Y6", "Y7"]
    assert game.catchable == []
