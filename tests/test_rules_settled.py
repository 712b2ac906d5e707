"""Scenario tests of the readings settled after the first engine (shared/RULES.md, last section).

Each test deals exact hands from a stacked deck and checks the legal actions, the events and
the state after every action. The first five tests are the conformance defects of issue 13:
each failed on the engine before the fix.
"""

from __future__ import annotations

from game.actions import Accept, CallUno, Catch, Challenge, ChooseColor, Draw, JumpIn, Pass, Play
from game.engine import Phase
from game.events import DrawReason
from game.rules import DrawMode, FirstCard, Rules, Stacking
from tests.helpers import hand_codes, new_game
from tests.test_rules_core import RED, act, assert_illegal, held, legal, play


def test_force_play_never_forces_a_wild_draw_four_that_would_be_a_bluff() -> None:
    rules = Rules(force_play=True)
    hands = [["G1", "B2", "R9"], ["Y1", "Y2", "Y3"]]
    game = new_game(hands, "R5", ["W+4"], rules=rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W+4",), DrawReason.TURN, 0)]
    # Seat 0 still holds a red card: the +4 may be bluffed, or kept.
    assert game.phase is Phase.DRAWN
    assert legal(game) == [("Play", 0, "W+4"), ("Pass", 0)]
    assert act(game, Pass(0)) == [("Passed", 0)]
    assert hand_codes(game)[0] == ["G1", "B2", "R9", "W+4"]
    assert game.actor == 1 and game.phase is Phase.PLAY


def test_force_play_still_forces_an_honest_wild_draw_four() -> None:
    rules = Rules(force_play=True)
    game = new_game([["G1", "B2", "Y9"], ["Y1", "Y2", "Y3"]], "R5", ["W+4"], rules=rules)
    act(game, Draw(0))
    assert legal(game) == [("Play", 0, "W+4")]
    assert_illegal(game, Pass(0), "seat 0 to play or keep the card just drawn")


def test_draw_until_playable_without_bluffing_draws_past_a_wild_draw_four_it_may_not_play() -> None:
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE, wd4_bluffing=False)
    game = new_game(
        [["G1", "B2", "R9"], ["Y1", "Y2", "Y3"]], "R5", ["W+4", "G8", "R7", "B1"], rules=rules
    )
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W+4", "G8", "R7"), DrawReason.TURN, 0)]
    assert game.phase is Phase.DRAWN
    assert legal(game) == [("Play", 0, "R7"), ("Pass", 0)]
    assert hand_codes(game)[0] == ["G1", "B2", "R9", "W+4", "G8", "R7"]


def test_draw_until_playable_stops_on_a_wild_draw_four_that_may_be_played() -> None:
    # With bluffing allowed a +4 may always be played: it stops the drawing.
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE)
    game = new_game([["G1", "B2", "R9"], ["Y1", "Y2", "Y3"]], "R5", ["W+4", "R7"], rules=rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W+4",), DrawReason.TURN, 0)]
    assert legal(game) == [("Play", 0, "W+4"), ("Pass", 0)]
    # Without bluffing, an honest +4 (no red in hand) stops it too.
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE, wd4_bluffing=False)
    game = new_game([["G1", "B2", "Y9"], ["Y1", "Y2", "Y3"]], "R5", ["W+4", "R7"], rules=rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W+4",), DrawReason.TURN, 0)]
    assert legal(game) == [("Play", 0, "W+4"), ("Pass", 0)]


def test_a_uno_call_on_a_turn_without_a_play_does_not_cover_a_later_play() -> None:
    game = new_game([["G1"], ["Y1"], ["Y4"]], "R5", ["R7", "Y2", "Y3"])
    act(game, Draw(0))  # seat 0 now holds G1 and R7, and may play the R7 at once
    assert legal(game) == [("Play", 0, "R7"), ("Pass", 0), ("CallUno", 0)]
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert act(game, Pass(0)) == [("Passed", 0)]  # kept: the call went with no play
    assert game.uno_said == [False, False, False]
    act(game, Draw(1))
    act(game, Draw(2))
    # Back on seat 0's turn with two cards: UNO is offered again, and a play without it can be
    # caught.
    assert ("CallUno", 0) in legal(game)
    assert play(game, 0, "R7") == [("CardPlayed", 0, "R7", False)]
    assert game.catchable == [0]
    assert act(game, Catch(1, 0))[0] == ("UnoCaught", 1, 0)


def test_uno_may_be_called_with_a_stack_answer_of_the_next_to_last_card() -> None:
    rules = Rules(stacking=Stacking.SAME)
    game = new_game([["R+2", "R1"], ["G+2", "G5"]], "R9", ["Y1", "Y2", "Y3", "Y4"], rules=rules)
    act(game, CallUno(0))
    play(game, 0, "R+2")
    assert game.phase is Phase.PENALTY and game.actor == 1
    assert legal(game) == [("Accept", 1), ("Play", 1, "G+2"), ("CallUno", 1)]
    assert act(game, CallUno(1)) == [("UnoCalled", 1)]
    assert play(game, 1, "G+2") == [("CardPlayed", 1, "G+2", False), ("PenaltyPending", 0, 4)]
    assert game.catchable == []  # called with the play: nobody can catch seat 1
    assert Catch(0, 1) not in game.legal_actions()


def test_uno_is_not_offered_in_a_penalty_without_a_card_to_answer_with() -> None:
    rules = Rules(stacking=Stacking.SAME)
    game = new_game([["R+2", "R1"], ["G4", "G5"]], "R9", ["Y1", "Y2"], rules=rules)
    act(game, CallUno(0))
    play(game, 0, "R+2")
    assert legal(game) == [("Accept", 1)]


def test_uno_may_be_called_with_a_skip_bounce_of_the_next_to_last_card() -> None:
    rules = Rules(skip_bounce=True)
    game = new_game([["RS", "R1"], ["GS", "G5"], ["Y7", "Y8"]], "R9", ["Y1"], rules=rules)
    act(game, CallUno(0))
    play(game, 0, "RS")
    assert game.phase is Phase.SKIP and game.actor == 1
    assert legal(game) == [("Accept", 1), ("Play", 1, "GS"), ("CallUno", 1)]
    act(game, CallUno(1))
    play(game, 1, "GS")
    assert game.catchable == []


def test_uno_may_be_called_with_a_jump_in_of_the_next_to_last_card() -> None:
    rules = Rules(jump_in=True)
    game = new_game([["R5", "G1"], ["B3", "B4"], ["R5", "Y6"]], "R9", ["Y1"], rules=rules)
    play(game, 0, "R5")
    jump = JumpIn(2, held(game, 2, "R5"))
    assert jump in game.legal_actions() and CallUno(2) in game.legal_actions()
    act(game, CallUno(2))
    assert act(game, jump) == [("CardPlayed", 2, "R5", True)]
    assert game.catchable == []
    assert game.uno_said == [False, False, True]


def test_a_call_lapses_when_a_jump_in_takes_the_turn_away() -> None:
    rules = Rules(jump_in=True)
    game = new_game([["R5", "G1"], ["B3", "B4"], ["R5", "Y6"]], "R9", ["Y1"], rules=rules)
    play(game, 0, "R5")
    act(game, CallUno(1))  # seat 1, to play, calls UNO for its next-to-last card...
    act(game, JumpIn(2, held(game, 2, "R5")))  # ...but seat 2 jumps in first
    assert game.uno_said == [False, False, False]


def test_no_jump_in_on_the_card_turned_at_the_start_of_a_hand() -> None:
    rules = Rules(jump_in=True)
    game = new_game([["G1", "G2"], ["B3", "B4"], ["R9", "Y6"]], "R9", ["Y1"], rules=rules)
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    assert_illegal(
        game, JumpIn(2, held(game, 2, "R9")), "nobody may jump in before a card has been played"
    )
    assert game.view(2).flipped == 1


def test_no_jump_in_on_cards_turned_until_a_number_comes() -> None:
    rules = Rules(jump_in=True, first_card=FirstCard.FLIP_UNTIL_NUMBER)
    game = new_game([["R9", "G2"], ["B3", "B4"], ["G6", "Y6"]], ["RS", "G6"], ["Y1"], rules=rules)
    assert [c.code for c in game.discard] == ["RS", "G6"]
    assert not [a for a in game.legal_actions() if isinstance(a, JumpIn)]
    play(game, 0, "G2")
    act(game, Draw(1))
    # Once a card has been played, an identical card jumps in as usual.
    game = new_game([["G6", "G2"], ["B3", "B4"], ["G6", "Y6"]], ["RS", "G1"], ["Y1"], rules=rules)
    play(game, 0, "G6")
    assert JumpIn(2, held(game, 2, "G6")) in game.legal_actions()


def test_a_house_rules_card_and_a_plain_number_are_identical_for_jump_in() -> None:
    rules = Rules(jump_in=True)
    game = new_game([["R3", "G1"], ["B3", "B4"], ["R3", "Y6"]], "R9", ["Y1"], rules=rules)
    play(game, 0, "R3")
    assert JumpIn(2, held(game, 2, "R3")) in game.legal_actions()


def test_the_catch_window_runs_until_the_next_player_to_act_acts_in_every_mode() -> None:
    for stacking in Stacking:
        rules = Rules(stacking=stacking)
        game = new_game(
            [["R+2", "R1"], ["G4", "G5"], ["Y7", "Y8"]], "R9", ["Y1", "Y2", "Y3"], rules=rules
        )
        play(game, 0, "R+2")  # from two cards, without calling
        assert game.catchable == [0], stacking
        if stacking is Stacking.OFF:
            # Seat 1 drew without a decision; seat 2 is the next to act.
            assert game.actor == 2
            assert Catch(2, 0) in game.legal_actions()
            act(game, Draw(2))
        else:
            assert game.actor == 1 and game.phase is Phase.PENALTY
            assert Catch(2, 0) in game.legal_actions()
            act(game, Accept(1))
        assert game.catchable == [], stacking
        assert Catch(1, 0) not in game.legal_actions()


def test_stacking_the_first_wild_draw_four_may_be_challenged_a_stacked_one_never() -> None:
    rules = Rules(stacking=Stacking.SAME)
    game = new_game(
        [["W+4", "R1", "R2"], ["W+4", "G5", "G6"], ["Y7", "Y8", "Y9"]],
        "R9",
        ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"],
        rules=rules,
    )
    play(game, 0, "W+4")  # a bluff: seat 0 holds red
    act(game, ChooseColor(0, RED))
    assert legal(game) == [("Accept", 1), ("Challenge", 1), ("Play", 1, "W+4")]
    play(game, 1, "W+4")  # seat 1 holds no red: honest, and a stacked +4 is legal anyway
    act(game, ChooseColor(1, RED))
    assert game.phase is Phase.PENALTY and game.actor == 2 and game.pending == 8
    assert legal(game) == [("Accept", 2)]
    assert_illegal(game, Challenge(2), "seat 2 to answer a draw penalty of 8")
    # The first target may challenge instead of answering.
    game = new_game(
        [["W+4", "R1", "R2"], ["W+4", "G5", "G6"], ["Y7", "Y8", "Y9"]],
        "R9",
        ["B1", "B2", "B3", "B4"],
        rules=rules,
    )
    play(game, 0, "W+4")
    act(game, ChooseColor(0, RED))
    events = act(game, Challenge(1))
    assert events[0][:4] == ("Challenged", 1, 0, True)
    assert len(game.hands[0]) == 6 and game.actor == 1


def test_wilds_count_as_color_counts_another_wild_draw_four() -> None:
    rules = Rules(wd4_wilds_count_as_color=True, wd4_bluffing=False)
    game = new_game([["W+4", "W+4", "G1"], ["Y1", "Y2", "Y3"]], "R5", rules=rules)
    assert legal(game) == [("Draw", 0)]
    assert_illegal(game, Play(0, game.hands[0][0]), "you hold another wild")


def test_the_in_game_rules_text_describes_the_settled_readings() -> None:
    from scenes.howto_text import rules_text

    text = rules_text(Rules())
    assert "counts only for the play it goes with" in text
    assert "fewest points in hand wins it" in text  # a blocked hand
    every = rules_text(
        Rules(
            force_play=True,
            draw_mode=DrawMode.UNTIL_PLAYABLE,
            stacking=Stacking.SAME,
            jump_in=True,
            wd4_wilds_count_as_color=True,
        )
    )
    assert "never has to be played" in every
    assert "does not stop it" in every
    assert "cannot be challenged" in every
    assert "never on the card turned at the start" in every
    assert "another Wild Draw Four too" in every
