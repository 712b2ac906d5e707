"""Scenario tests written against mutants of the engine that the rest of the suite let live.

Issue 19 sampled single-operator mutants of ``game/engine.py``; each test here fails on one of
the survivors (named in its docstring) and passes on the engine as it is. Like the core rules
tests, each deals exact hands from a stacked deck (``tests.helpers.new_game``) and checks the
state, the views and the events after every action. docs/MUTATION.md lists the mutants judged
equivalent and how to run the mutation tests.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from game.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    FinishRace,
    JumpIn,
    MakeRule,
    NextRound,
    Pass,
    Play,
    RecordError,
)
from game.cards import Card, Color, DeckKind, Rank, deck, find_cards
from game.check import state_problems
from game.engine import Game, IllegalAction, Phase, shuffle
from game.events import DrawReason, FirstCardReturned, HandsShuffled
from game.randomplay import random_action
from game.record import Record, _checksum
from game.rules import (
    ChallengeOutcome,
    CustomEffect,
    DrawMode,
    FirstCard,
    RaceAction,
    Rules,
    RulesError,
    Stacking,
    TargetMode,
    preset,
)
from game.view import SeatView
from tests.helpers import codes, hand_codes, new_game, rules_events
from tests.test_rules_core import (
    BLUE,
    GREEN,
    RED,
    act,
    assert_illegal,
    evs,
    held,
    legal,
    play,
)
from tests.test_rules_variants import HOUSE
from tests.test_simulation import SWITCHES
from tools.measure.common import build_rules

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


def test_the_checker_finds_a_card_that_is_not_the_decks_own() -> None:
    # Cards are compared by identity: a copy with the right uid is not the card (the legal
    # actions and the hands would not recognise it).
    game = fresh()
    card = game.hands[0][0]
    game.hands[0][0] = Card(card.uid, card.color, card.rank, card.house_rule)
    assert state_problems(game) == [f"cards that are not this game's deck's: ['{card.code}']"]


def test_the_checker_finds_a_penalty_left_over() -> None:
    game = fresh()
    game.pending = 3
    assert state_problems(game) == ["3 cards are owed in phase play"]
    game.pending, game.pending_stacked = 0, True
    assert state_problems(game) == ["a stacked penalty is marked in phase play"]
    game.pending_stacked, game.phase = False, Phase.PENALTY
    assert state_problems(game) == ["a draw penalty of 0 cards is pending"]


# ---------------------------------------------------------------------------- +4 messages


@pytest.mark.parametrize(
    "rules", [Rules(wd4_bluffing=False), Rules(wd4_bluffing=False, no_wild_finish=True)]
)
def test_a_wild_draw_four_refused_without_bluffing_names_the_color_held(rules: Rules) -> None:
    """Mutants of ``why_illegal``'s Wild Draw Four branch: the color held is named, also when
    wilds may not finish a hand (the +4 is not the last card here)."""
    game = new_game([["W+4", "R1", "B2"], ["G1", "G2", "G3"]], "R9", rules=rules)
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


# ---------------------------------------------------------------------------- the view


def test_a_view_holds_every_public_fact_of_the_table() -> None:
    """Mutants of ``Game.view``: any field left out or wrong. Four players, play until all
    but one are out: a reverse, a player gone out, an open catch window."""
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game(
        [["R1", "R2"], ["R3", "B5"], ["RR", "G6"], ["R4", "Y2"]], "R9", ["Y7"], rules=rules
    )
    act(game, CallUno(0))
    play(game, 0, "R1")
    act(game, CallUno(1))
    play(game, 1, "R3")
    play(game, 2, "RR")  # play turns back to seat 1; seat 2 did not call UNO
    act(game, Draw(1))  # the yellow 7 does not match: kept
    play(game, 0, "R2")  # seat 0 goes out
    play(game, 3, "R4")  # seat 3 does not call UNO either
    view = game.view(1)
    assert view == SeatView(
        seat=1,
        rules=rules.with_changes(hand_size=2),
        players=4,
        phase="play",
        actor=2,
        turn=2,
        direction=-1,
        hand=tuple(game.hands[1]),
        hand_sizes=(0, 2, 1, 1),
        top=game.discard[-1],
        color=RED,
        discard=tuple(game.discard),
        draw_size=len(game.cards) - 8 - 1 - 1,
        pending=0,
        drawn=None,
        must_play=False,
        scores=(0, 0, 0, 0),
        dealer=3,
        round=1,
        active=(False, True, True, True),
        finished=(0,),
        uno_said=(False, False, False, False),
        catchable=(3,),
        house_rules=(),
        race_left=(),
        custom_effects=rules.custom_effects,
        legal=(Catch(1, 3),),
        flipped=1,
    )
    assert [c.code for c in view.hand] == ["B5", "Y7"]
    assert [c.code for c in view.discard] == ["R9", "R1", "R3", "RR", "R2", "R4"]


# ---------------------------------------------------------------------------- positions


def position_of(game: Game, seed: int) -> Game:
    """The position ``game`` is in, set up from scratch as the Expert AI sets up its samples."""
    return Game.from_position(
        game.rules,
        seed=seed,
        hands=game.hands,
        draw_pile=game.draw_pile,
        discard=game.discard,
        color=game.color,
        direction=game.direction,
        turn=game.turn,
        phase=game.phase,
        drawn=game.drawn,
        must_play=game.must_play,
        scores=game.scores,
        dealer=game.dealer,
        active=game.active,
        uno_said=game.uno_said,
        catchable=game.catchable,
        house_rules=game.house_rules,
        custom_effects=game.custom_effects,
        flipped=game.view(0).flipped,
    )


# A third of the switches, and every one that a position keeps as a switch of its own.
POSITION_SWITCHES = SWITCHES[::3] + [s for s in SWITCHES if "no_wild_finish=true" in s[1]]


@pytest.mark.parametrize(("name", "switches", "players"), POSITION_SWITCHES)
def test_a_position_set_up_from_scratch_plays_on_like_the_game_it_copies(
    name: str, switches: list[str], players: int
) -> None:
    """Mutants of ``Game.from_position``: a field of the position dropped or altered. At
    every turn of a seeded hand the position is set up anew (with the generator's state, so
    shuffles agree too): every seat sees the same view, and the same next action has the same
    effect on both."""
    game = Game(build_rules(name, switches), players, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        if game.phase in (Phase.PLAY, Phase.DRAWN):
            copy = position_of(game, seed=9)
            copy.rng.setstate(game.rng.getstate())
            # A position takes no finishing order (play until all but one are out).
            copy.finished = list(game.finished)
            assert [copy.view(s) for s in range(players)] == [game.view(s) for s in range(players)]
            action = random_action(game, rng)
            events = game.apply(action)
            copied = copy.apply(action)
            # A position has no committed deal, so no seal or reveal (game.fairness).
            assert copied == rules_events(events)
            assert copy.view(game.actor) == game.view(game.actor)
        else:
            game.apply(random_action(game, rng))


def test_a_position_keeps_every_fact_it_was_given() -> None:
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    cards = deck(rules.deck)
    top, drawn = find_cards(cards, ["R3", "G3"])
    others = [c for c in cards if c not in (top, drawn)]
    game = Game.from_position(
        rules,
        seed=5,
        hands=[[*others[:3], drawn], [], others[3:5]],
        draw_pile=others[5:],
        discard=[top],
        color=Color.RED,
        direction=-1,
        turn=0,
        phase=Phase.DRAWN,
        drawn=drawn,
        scores=[10, 20, 30],
        dealer=2,
        active=[True, False, True],
        uno_said=[False, False, True],
        house_rules={3: RaceAction.PRESS_UP},
        custom_effects=(CustomEffect.REVERSE,),
        flipped=1,
    )
    assert (game.seed, game.players, game.dealer, game.initial_dealer) == (5, 3, 2, 2)
    assert (game.round, game.stacked, game.log, game.actions) == (1, (), [], [])
    view = game.view(0)
    assert (view.phase, view.drawn, view.direction, view.scores) == (
        "drawn",
        drawn,
        -1,
        (10, 20, 30),
    )
    assert (view.active, view.uno_said, view.flipped) == (
        (True, False, True),
        (False, False, True),
        1,
    )
    assert (view.house_rules, view.custom_effects) == (
        ((3, RaceAction.PRESS_UP),),
        (CustomEffect.REVERSE,),
    )
    # The drawn 3 of a ruled number starts a race among the players still in.
    assert evs(game.apply(Play(0, drawn))) == [
        ("CardPlayed", 0, "G3", False),
        ("RaceStarted", 3, RaceAction.PRESS_UP),
    ]
    assert game.race_left == [0, 2] and game.view(2).race_left == (0, 2)


def test_a_position_left_at_its_defaults_is_seeded_and_starts_afresh() -> None:
    """Mutants of ``from_position``'s defaults: dealer 0, nothing turned, the rules' own
    Wild Customizable effects, and a generator seeded with ``seed`` (the Expert's samples
    must replay)."""
    rules = Rules(deck=DeckKind.UNO2023, custom_effects=(CustomEffect.SKIP_NEXT,))
    cards = deck(rules.deck)

    def fresh() -> Game:
        return Game.from_position(
            rules,
            seed=5,
            hands=[cards[:7], cards[7:14]],
            draw_pile=cards[15:],
            discard=cards[14:15],
            color=Color.RED,
            direction=1,
            turn=0,
        )

    game = fresh()
    assert (game.dealer, game.view(0).flipped, game.custom_effects) == (
        0,
        0,
        (CustomEffect.SKIP_NEXT,),
    )
    assert game.rng.getstate() == random.Random(5).getstate() == fresh().rng.getstate()


def test_a_position_must_be_a_turn_and_hold_every_card_once() -> None:
    rules = Rules()
    cards = list(deck(rules.deck))
    with pytest.raises(
        ValueError, match=r"^a position can only be set up in a normal turn or after a draw$"
    ):
        Game.from_position(
            rules,
            seed=1,
            hands=[cards[:7], cards[7:14]],
            draw_pile=cards[15:],
            discard=cards[14:15],
            color=Color.RED,
            direction=1,
            turn=0,
            phase=Phase.COLOR,
        )
    with pytest.raises(
        ValueError, match=r"^a position must hold every card of the deck exactly once$"
    ):
        Game.from_position(
            rules,
            seed=1,
            hands=[cards[:7], cards[7:14]],
            draw_pile=cards[16:],
            discard=cards[14:15],
            color=Color.RED,
            direction=1,
            turn=0,
        )


# ---------------------------------------------------------------------------- set-up


def test_a_shuffle_reaches_every_order() -> None:
    """Mutant: ``j = int(rng.random() * (i - 1))`` in ``shuffle`` (no card could stay in place,
    so only a third of the orders of three cards would ever be dealt)."""
    rng = random.Random(1)
    orders = set()
    for _ in range(300):
        items = [0, 1, 2]
        shuffle(rng, items)
        orders.add(tuple(items))
    assert orders == set(itertools.permutations([0, 1, 2]))


def test_a_deck_stacked_by_uid_takes_every_uid_of_the_deck_once() -> None:
    """Mutants of ``_resolve_stack``'s check: uid 0 is a card, a uid twice or off the deck is
    refused."""
    cards = deck(Rules().deck)
    game = Game(Rules(hand_size=1), 2, seed=1, dealer=1, stacked=[0, len(cards) - 1, 5])
    assert game.stacked == (cards[0], cards[-1], cards[5])
    assert game.hands == [[cards[0]], [cards[-1]]]
    message = "^a stacked deck must list distinct card uids of this deck$"
    for bad in ([3, 3], [len(cards)], [-1], [0, 0]):
        with pytest.raises(ValueError, match=message):
            Game(Rules(), 2, seed=1, stacked=bad)


# ---------------------------------------------------------------------------- positions by code


def position(
    hands: list[list[str]],
    discard: list[str],
    draw: Sequence[str] = (),
    *,
    rules: Rules | None = None,
    bank: bool = False,
    **kwargs: Any,
) -> Game:
    """A game set up at a position: ``hands`` by seat, ``discard`` bottom to top, ``draw`` top
    first, seat 0 to play on the top card's color. The rest of the deck goes under ``draw``;
    with ``bank`` it goes to one more seat, out of the hand, so that nothing else can be drawn
    (that seat never plays; it is left out of every check below)."""
    rules = rules or Rules()
    cards = list(deck(rules.deck))

    def take(codes: list[str]) -> list[Card]:
        found = find_cards(tuple(cards), codes)
        for c in found:
            cards.remove(c)
        return found

    held = [take(h) for h in hands]
    pile = take(discard)
    drawn_first = take(list(draw))
    seats = len(hands)
    active = [True] * seats
    if bank:
        held.append(cards)
        active.append(False)
        rest: list[Card] = []
    else:
        rest = cards
    kwargs.setdefault("color", pile[-1].color)
    return Game.from_position(
        rules,
        seed=1,
        hands=held,
        draw_pile=[*rest, *reversed(drawn_first)],
        discard=pile,
        direction=kwargs.pop("direction", 1),
        turn=kwargs.pop("turn", 0),
        active=kwargs.pop("active", active),
        **kwargs,
    )


# ---------------------------------------------------------------------------- empty piles


def test_drawing_until_playable_stops_when_both_piles_run_out() -> None:
    """Mutants of ``_on_draw``: the loop left without the event when nothing is left, the
    count of cards missing, and the idle count reset by a draw that found a card."""
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE)
    game = position([["G1", "G2"], ["G3"]], ["R9"], ["B3", "Y4"], rules=rules, bank=True)
    assert act(game, Draw(0)) == [
        ("CardsDrawn", 0, ("B3", "Y4"), DrawReason.TURN, 0),
        ("Passed", 0),
    ]
    # Nothing is left to draw: seat 1 draws nothing, one card short, and the hand goes on.
    assert act(game, Draw(1)) == [("CardsDrawn", 1, (), DrawReason.TURN, 1), ("Passed", 1)]
    events = act(game, Draw(0))
    assert events[0] == ("CardsDrawn", 0, (), DrawReason.TURN, 1)
    assert events[1][:2] == ("RoundEnded", 1)  # blocked: seat 1's 3 points are the lowest
    assert events[1][5] is True


def test_a_play_starts_the_count_of_turns_without_a_card_again() -> None:
    """Mutants of ``_put``'s ``_idle = 0``: after a play the hand blocks only once every
    player has failed to draw again; a penalty draw is not a turn."""
    rules = Rules(wd4_bluffing=False)
    game = position([["Y1", "B2"], ["W+4", "Y3"]], ["R5"], rules=rules, bank=True)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, (), DrawReason.TURN, 1), ("Passed", 0)]
    play(game, 1, "W+4")
    assert act(game, ChooseColor(1, GREEN)) == [
        ("ColorChosen", 1, GREEN),
        ("PileReshuffled", 1),
        ("CardsDrawn", 0, ("R5",), DrawReason.WILD_DRAW_FOUR, 3),
        ("Skipped", 0),
    ]
    assert act(game, Draw(1)) == [("CardsDrawn", 1, (), DrawReason.TURN, 1), ("Passed", 1)]
    events = act(game, Draw(0))
    assert events[0] == ("CardsDrawn", 0, (), DrawReason.TURN, 1)
    assert events[1][:2] == ("RoundEnded", 1) and events[1][5] is True


def test_a_blocked_hand_goes_to_the_lowest_hand_and_a_tie_to_the_turn_player() -> None:
    game = position([["G1"], ["B1"]], ["R5"], bank=True)
    act(game, Draw(0))
    events = act(game, Draw(1))
    assert events[1][:2] == ("RoundEnded", 1) and events[1][5] is True


def test_a_blocked_hand_until_all_but_one_are_out_ranks_every_player() -> None:
    """Mutants of ``_end_round_blocked`` with play until all but one are out."""
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = position([["G1"], ["B2"], ["Y1"]], ["R5"], rules=rules, bank=True)
    act(game, Draw(0))
    act(game, Draw(1))
    assert act(game, Draw(2)) == [
        ("CardsDrawn", 2, (), DrawReason.TURN, 1),
        ("RoundEnded", 2, 0, (), (0, 0, 0, 0), True, (2, 0, 1)),
        ("MatchEnded", (2,), (0, 0, 0, 0)),
    ]
    assert game.finished == [2, 0, 1]


def test_a_caught_bluff_whose_card_is_alone_on_the_pile_keeps_its_penalty() -> None:
    """Mutant: ``len(self.discard) > 1`` made ``>= 1`` in ``_on_challenge``. A catch drew the
    pile under the +4 away, so there is no card to return to: the bluffer draws 4."""
    rules = Rules(challenge_outcome=ChallengeOutcome.RETURN_CARD)
    game = position([["W+4", "R1"], ["G2", "G3"]], ["B7", "R5"], rules=rules, bank=True)
    play(game, 0, "W+4")  # a bluff (seat 0 holds red), and no UNO
    events = act(game, Catch(1, 0))
    assert events[:2] == [("UnoCaught", 1, 0), ("PileReshuffled", 2)]
    assert codes(game.discard) == ["W+4"]
    act(game, ChooseColor(0, GREEN))
    events = act(game, Challenge(1))
    assert events[1:] == [("CardsDrawn", 0, (), DrawReason.BLUFF_CAUGHT, 4)]
    assert events[0][:4] == ("Challenged", 1, 0, True)
    assert codes(game.discard) == ["W+4"] and game.color is GREEN
    assert game.phase is Phase.PLAY and game.actor == 1


@pytest.mark.parametrize(
    ("discard", "flipped", "after"), [(["B7", "R5"], 1, 0), (["GS", "R5"], 2, 1)]
)
def test_a_reshuffle_keeps_the_top_card_turned_only_if_nobody_played_on_the_pile(
    discard: list[str], flipped: int, after: int
) -> None:
    """Mutants of ``_take``'s ``_flipped``: a top card that was played may be jumped on after
    a reshuffle, one that was turned (flip until a number) may not."""
    rules = Rules(jump_in=True)
    game = position(
        [["G1", "G2"], ["B1", "B2"], ["R5", "Y1"]], discard, rules=rules, bank=True, flipped=flipped
    )
    act(game, Draw(0))  # the pile is empty: the card under the top is drawn, and kept
    assert game.actor == 1 and game.view(2).flipped == after
    assert (JumpIn(2, held(game, 2, "R5")) in game.legal_actions()) is (after == 0)


# ---------------------------------------------------------------------------- legal actions


def test_no_jump_in_without_the_rule_or_while_a_caught_bluffer_must_play() -> None:
    """Mutant: ``jump_in and not must_play`` made ``or`` in ``_compute_legal``."""
    game = new_game([["R5", "G1", "G2"], ["B1", "B2", "B3"], ["R5", "Y1", "Y2"]], "R9")
    play(game, 0, "R5")
    assert {a.player for a in game.legal_actions()} == {1}  # seat 2 may not jump in
    rules = Rules(jump_in=True, challenge_outcome=ChallengeOutcome.RETURN_CARD)
    game = new_game(
        [["R7", "R2", "G1", "G2"], ["R2", "B4", "B5", "B6"], ["W+4", "R3", "Y1", "Y4"]],
        "R9",
        ["G4", "G6", "B8", "B9"],
        rules=rules,
    )
    play(game, 0, "R7")
    play(game, 1, "R2")
    assert JumpIn(0, held(game, 0, "R2")) in game.legal_actions()
    play(game, 2, "W+4")  # a bluff: seat 2 holds red
    act(game, ChooseColor(2, GREEN))
    act(game, Challenge(0))
    assert game.must_play and game.actor == 2 and game.top.code == "R2"
    assert legal(game) == [("Play", 2, "R3")]  # no jump-in on the R2, no draw


def test_a_stack_answer_is_found_anywhere_in_the_hand() -> None:
    """Mutant: ``continue`` made ``break`` in the penalty's scan of the hand."""
    game = new_game(
        [["R+2", "R1", "R2"], ["G5", "B7", "G+2"]], "R9", rules=Rules(stacking=Stacking.SAME)
    )
    play(game, 0, "R+2")
    assert legal(game) == [("Accept", 1), ("Play", 1, "G+2")]


def test_a_wild_draw_four_refused_without_bluffing_leaves_the_other_plays() -> None:
    """Mutant: ``continue`` made ``break`` after an illegal +4 in ``_turn_plays``."""
    game = new_game(
        [["W+4", "R1", "B2", "R7"], ["G1", "G2", "G3", "G4"]], "R9", rules=Rules(wd4_bluffing=False)
    )
    assert legal(game) == [("Play", 0, "R1"), ("Play", 0, "R7"), ("Draw", 0)]


def test_uno_goes_with_a_jump_in_only_for_a_jumper_with_two_cards() -> None:
    """Mutants of the UNO offer in ``_add_jump_ins``."""
    game = new_game(
        [["R5", "G1", "G2"], ["B1", "B2", "B3"], ["R5", "Y6", "Y7"], ["Y1", "Y2", "Y3"]],
        "R9",
        rules=Rules(jump_in=True),
    )
    play(game, 0, "R5")  # seat 0 keeps two cards, seat 2 could jump in with three
    assert legal(game) == [("Draw", 1), ("JumpIn", 2, "R5")]


def test_a_player_who_went_out_with_a_wild_draw_four_cannot_be_challenged() -> None:
    """Mutant: ``and`` made ``or`` between the first two conditions of
    ``_challenge_allowed`` (the hand to judge has gone with its player)."""
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game([["R1", "W+4"], ["R3", "G4"], ["R6", "G7"]], "R9", rules=rules)
    act(game, CallUno(0))
    play(game, 0, "R1")
    play(game, 1, "R3")
    play(game, 2, "R6")
    assert play(game, 0, "W+4") == [("CardPlayed", 0, "W+4", False), ("WentOut", 0, 1)]
    act(game, ChooseColor(0, BLUE))
    assert game.phase is Phase.PENALTY and game.actor == 1
    assert legal(game) == [("Accept", 1)]


def test_drawing_a_wild_with_no_wild_finish_it_is_playable_unless_it_is_the_last_card() -> None:
    """Mutants of ``can_play``'s last-card test: a wild just drawn is never the last card."""
    game = new_game([["G1"], ["B1"]], "R9", ["W"], rules=Rules(no_wild_finish=True))
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W",), DrawReason.TURN, 0)]
    assert game.phase is Phase.DRAWN
    assert legal(game) == [("Play", 0, "W"), ("Pass", 0), ("CallUno", 0)]


def test_an_honest_wild_draw_four_stays_honest_when_wilds_count_as_the_color() -> None:
    """Mutant: ``other_wilds`` starting at 1 for a card that has left the hand."""
    game = new_game(
        [["W+4", "G1", "B2"], ["Y1", "Y2", "Y3"]],
        "R9",
        ["B5", "B6", "B7", "B8", "B9", "G9"],
        rules=Rules(wd4_wilds_count_as_color=True),
    )
    play(game, 0, "W+4")
    act(game, ChooseColor(0, GREEN))
    assert act(game, Challenge(1)) == [
        ("Challenged", 1, 0, False, ("G1", "B2")),
        ("CardsDrawn", 1, ("B5", "B6", "B7", "B8", "B9", "G9"), DrawReason.CHALLENGE_FAILED, 0),
        ("Skipped", 1),
    ]


# ---------------------------------------------------------------------------- UNO calls, turns


def test_a_call_lapses_even_when_every_player_has_called() -> None:
    """Mutant: ``if True in said`` made ``if False in said`` in ``_lapse_calls``."""
    game = new_game([["RS", "R1"], ["GS", "G5"]], "R9", rules=Rules(skip_bounce=True))
    act(game, CallUno(0))
    play(game, 0, "RS")
    assert game.phase is Phase.SKIP and game.actor == 1
    act(game, CallUno(1))
    assert game.uno_said == [True, True]
    assert act(game, Accept(1)) == [("Skipped", 1)]
    assert game.uno_said == [True, False]  # seat 1's call went with no play


def test_bouncing_a_skip_with_the_last_card_ends_the_hand() -> None:
    """Mutants of the skip bounce's went-out check in ``_on_play``."""
    game = new_game([["RS", "B1"], ["R4", "GS"]], "R9", ["Y7"], rules=Rules(skip_bounce=True))
    act(game, Draw(0))
    act(game, CallUno(1))
    play(game, 1, "R4")
    play(game, 0, "RS")
    events = play(game, 1, "GS")
    assert events[:2] == [("CardPlayed", 1, "GS", False), ("WentOut", 1, 1)]
    assert events[2][:3] == ("RoundEnded", 1, 8)  # B1 and Y7
    assert game.phase is Phase.ROUND_OVER


def test_jumping_in_with_the_last_card_takes_the_turn_and_the_hand() -> None:
    """Mutant: ``self.turn = None`` in ``_on_jump_in``."""
    game = position(
        [["R5", "G1"], ["B1", "B2"], ["R5"]],
        ["R9"],
        rules=Rules(jump_in=True),
        uno_said=[False, False, True],
    )
    play(game, 0, "R5")
    events = act(game, JumpIn(2, held(game, 2, "R5")))
    assert events[:2] == [("CardPlayed", 2, "R5", True), ("WentOut", 2, 1)]
    assert game.turn == 2 and game.view(0).turn == 2


def test_a_single_hand_won_with_no_points_has_one_winner() -> None:
    """Mutant: ``elif target is None`` made ``is not None`` in ``_end_round``."""
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    game = new_game([["R1"], ["G0"]], "R5", rules=rules)
    assert play(game, 0, "R1")[-2:] == [
        ("RoundEnded", 0, 0, (("HandScore", 1, ("G0",), 0),), (0, 0), False, ()),
        ("MatchEnded", (0,), (0, 0)),
    ]


# ---------------------------------------------------------------------------- wild cards


def uno2023(*effects: CustomEffect, **changes: Any) -> Rules:
    return Rules(deck=DeckKind.UNO2023, custom_effects=effects, **changes)


def test_a_wild_customizable_discarding_the_whole_hand_ends_it() -> None:
    """Mutants of the went-out check after ``DISCARD_COLOR``."""
    game = new_game(
        [["WC", "G1", "G2"], ["Y1", "Y2", "Y3"]], "R9", rules=uno2023(CustomEffect.DISCARD_COLOR)
    )
    play(game, 0, "WC")
    events = act(game, ChooseColor(0, GREEN))
    assert events[:4] == [
        ("ColorChosen", 0, GREEN),
        ("CustomEffectApplied", 0, CustomEffect.DISCARD_COLOR),
        ("CardsDiscarded", 0, ("G1", "G2")),
        ("WentOut", 0, 1),
    ]
    assert events[4][:3] == ("RoundEnded", 0, 6)
    assert game.phase is Phase.ROUND_OVER


def test_a_wild_customizable_as_the_last_card_makes_the_others_draw_first() -> None:
    """Mutants of ``_last_card_draws`` for every other player drawing one."""
    game = new_game(
        [["WC", "R1"], ["Y1", "Y2"], ["B1", "B2"]],
        "R9",
        ["Y7", "B7", "G5", "G6"],
        rules=uno2023(CustomEffect.OTHERS_DRAW_1),
    )
    act(game, CallUno(0))
    play(game, 0, "R1")
    act(game, Draw(1))
    act(game, Draw(2))
    events = play(game, 0, "WC")
    assert events[:4] == [
        ("CardPlayed", 0, "WC", False),
        ("WentOut", 0, 1),
        ("CardsDrawn", 1, ("G5",), DrawReason.CUSTOM_EFFECT, 0),
        ("CardsDrawn", 2, ("G6",), DrawReason.CUSTOM_EFFECT, 0),
    ]


@pytest.mark.parametrize("effect", [CustomEffect.PLAY_AGAIN, CustomEffect.SWAP_HANDS])
def test_a_player_gone_out_with_a_wild_customizable_neither_plays_again_nor_swaps(
    effect: CustomEffect,
) -> None:
    """Mutants: ``_End.NEXT`` made None in ``_end_turn``; the swap's ``return False``."""
    rules = uno2023(effect, play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game([["R1", "WC"], ["R3", "G4"], ["R6", "G7"]], "R9", rules=rules)
    act(game, CallUno(0))
    play(game, 0, "R1")
    play(game, 1, "R3")
    play(game, 2, "R6")
    play(game, 0, "WC")
    act(game, ChooseColor(0, GREEN))
    assert game.phase is Phase.PLAY and game.actor == game.turn == 1
    assert hand_codes(game) == [[], ["G4"], ["G7"]]


def test_a_player_gone_out_with_a_seven_swaps_with_nobody() -> None:
    rules = Rules(seven_zero=True, play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = new_game([["R1", "R7"], ["R3", "G4"], ["R6", "G7"]], "R9", rules=rules)
    act(game, CallUno(0))
    play(game, 0, "R1")
    play(game, 1, "R3")
    play(game, 2, "R6")
    assert play(game, 0, "R7") == [("CardPlayed", 0, "R7", False), ("WentOut", 0, 1)]
    assert game.phase is Phase.PLAY and game.actor == 1


def test_wild_shuffle_hands_deals_past_the_players_who_are_out() -> None:
    """Mutants of ``_shuffle_hands``' walk around the table."""
    rules = uno2023(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    game = position(
        [["WSH", "R1", "R2"], [], ["G1", "G2"], ["B1"]],
        ["R9"],
        rules=rules,
        active=[True, False, True, True],
    )
    events = game.apply(Play(0, held(game, 0, "WSH")))
    shuffled = events[1]
    assert isinstance(shuffled, HandsShuffled)
    assert [seat for seat, _ in shuffled.deals] == [2, 3, 0, 2, 3]
    assert [len(h) for h in game.hands] == [1, 0, 2, 2]


def test_a_plain_wild_makes_no_rule_once_house_rules_are_in_play() -> None:
    """Mutant: ``WILD_GAME_CHANGER and house_rules`` made ``or`` in ``_play_card``; and the
    race's number (``race_number``), which the table reads."""
    game = new_game(
        [["R3H", "G1", "G2"], ["R3", "B4", "G8"], ["W", "Y1", "B8"]], "R9", ["B1"], rules=HOUSE
    )
    play(game, 0, "R3H")
    act(game, MakeRule(0, 3, RaceAction.PRESS_UP))
    play(game, 1, "R3")
    assert game.phase is Phase.RACE and game.race_number == 3
    act(game, FinishRace(0))
    act(game, FinishRace(1))  # seat 2 loses the race and draws 1
    play(game, 2, "W")
    act(game, ChooseColor(2, BLUE))
    assert game.phase is Phase.PLAY and game.actor == 0


# ---------------------------------------------------------------------------- refusals


def test_refusals_say_why_in_full() -> None:
    """Mutants of ``why_illegal``'s texts and of the look-alike path of ``apply``."""
    game = new_game([["R1", "G2", "B3"], ["Y3", "B4", "G5"]], "R9", dealer=1)
    with pytest.raises(IllegalAction, match=r"^not an action of this game: 'hello'$"):
        game.apply("hello")  # type: ignore[arg-type]
    # Equal to seat 0's legal Play(0, R1), and refused (a bool is an int to mypy too).
    look_alike = Play(False, held(game, 0, "R1"))
    with pytest.raises(IllegalAction, match=r"^not an action of this game: Play\(player=False"):
        game.apply(look_alike)
    assert_illegal(
        game,
        CallUno(1),
        "seat 1: uno: UNO can be called while playing your next-to-last card or while "
        "holding one card",
    )


def test_a_jump_in_while_a_color_is_named_is_told_whom_the_game_waits_on() -> None:
    game = new_game(
        [["W", "G1", "G2"], ["B1", "B2", "B3"], ["R5", "Y1", "Y2"]], "R9", rules=Rules(jump_in=True)
    )
    play(game, 0, "W")
    assert_illegal(
        game,
        JumpIn(2, held(game, 2, "R5")),
        "seat 2 jumps in with R5: the game is waiting on seat 0 to name a color",
    )


def test_a_swap_with_no_such_seat_or_oneself_is_refused() -> None:
    game = new_game(
        [["R7", "G1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        "R9",
        rules=Rules(seven_zero=True),
    )
    play(game, 0, "R7")
    assert game.phase is Phase.SWAP
    assert_illegal(game, ChooseSwap(0, 3), "seat 0 swaps hands with seat 3: there is no seat 3")
    assert_illegal(game, ChooseSwap(0, 0), "you cannot swap hands with yourself")


def test_a_card_that_does_not_match_is_told_what_would() -> None:
    game = new_game([["G1", "Y2"], ["B1", "B2"]], "R8")
    assert_illegal(
        game,
        Play(0, held(game, 0, "G1")),
        "seat 0 plays G1: Green 1 does not match: play red, an 8 or a wild",
    )


# ---------------------------------------------------------------------------- set-up, continued


def test_before_the_deal_a_view_shows_an_empty_table() -> None:
    """Mutants of ``_init_round_state``: the host composes the Wild Customizable effect before
    anything is dealt, so every fact of the table is still at its start."""
    rules = preset("uno2023").with_changes(custom_effects=())
    game = Game(rules, 3, seed=1)
    assert game.phase is Phase.SETUP
    assert game.view(1) == SeatView(
        seat=1,
        rules=rules,
        players=3,
        phase="setup",
        actor=0,
        turn=0,
        direction=1,
        hand=(),
        hand_sizes=(0, 0, 0),
        top=None,
        color=None,
        discard=(),
        draw_size=0,
        pending=0,
        drawn=None,
        must_play=False,
        scores=(0, 0, 0),
        dealer=game.dealer,
        round=0,
        active=(True, True, True),
        finished=(),
        uno_said=(False, False, False),
        catchable=(),
        house_rules=(),
        race_left=(),
        custom_effects=(),
        legal=(),
        flipped=0,
    )


def test_the_dealer_is_a_seat_of_the_table() -> None:
    """Mutants of ``Game.__init__``'s dealer: checked when given, drawn at random if not."""
    for bad in (-1, 3):
        with pytest.raises(
            ValueError, match=rf"^the dealer must be a seat from 0 to 2, not {bad}$"
        ):
            Game(Rules(), 3, seed=1, dealer=bad)
    assert Game(Rules(), 3, seed=1, dealer=2).dealer == 2
    assert {Game(Rules(), 3, seed).dealer for seed in range(30)} == {0, 1, 2}


def test_a_stacked_deck_stacks_the_first_deal_only() -> None:
    """Mutant: ``round == 1 and stacked`` made ``or`` in ``_start_round``."""
    game = new_game([["R1"], ["G2"]], "R5", ["B1"])
    play(game, 0, "R1")
    act(game, NextRound(game.dealer))
    # Stacked again, seat 0 (the new dealer) would deal R1 to seat 1 and G2 to itself on R5.
    assert (hand_codes(game), game.top.code) != ([["G2"], ["R1"]], "R5")


def test_a_wild_draw_four_turned_first_goes_back_anywhere_in_the_deck() -> None:
    """Mutants of where ``_turn_first_card`` puts a returned Wild Draw Four back: any place of
    the draw pile, each as likely (the top too, and then it is turned again)."""
    cards = deck(Rules().deck)
    fours = [c for c in cards if c.code == "W+4"]
    others = [c for c in cards if c.code != "W+4"]
    # Six hands of 15 hold three of the +4s; the fourth is turned first, on a red 5 and a
    # draw pile of 16 more cards: it goes back to one of 18 places.
    red5 = next(c for c in others if c.code == "R5")
    hands = [c.uid for c in [*fours[1:], *[c for c in others if c is not red5][:87]]]
    order = [*hands, fours[0].uid, red5.uid]
    games = 1800
    places: Counter[int] = Counter()
    turned_again = 0
    for seed in range(games):
        game = Game(Rules(hand_size=15), 6, seed, dealer=5, stacked=order)
        returns = sum(isinstance(e, FirstCardReturned) for e in game.log)
        turned_again += returns > 1
        if returns == 1:
            places[game.draw_pile.index(fours[0])] += 1
    assert sorted(places) == list(range(17))  # the bottom to just under the top
    # The top is one place in 18: 100 of 1,800 on average; twice as likely would be 189.
    assert 60 <= turned_again <= 140


# ---------------------------------------------------------------------------- the digest


def digest_trail(rules: Rules, players: int, seed: int) -> str:
    """One hash of the digests of 400 states of a seeded game of uniformly random actions."""
    game = Game(rules, players, seed)
    rng = random.Random(seed)
    trail = hashlib.sha256(game.state_digest().encode())
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
        trail.update(game.state_digest().encode())
    return trail.hexdigest()


@pytest.mark.parametrize(
    ("rules", "players", "seed", "expected"),
    [
        (
            Rules(stacking=Stacking.CROSS, jump_in=True),
            3,
            1,
            "afd29f16629c59eefa0fa53fb40a20e4bfa8ea0b109fc249f5471c9f8e9d3b82",
        ),
        (
            HOUSE.with_changes(
                first_card=FirstCard.FLIP_UNTIL_NUMBER, seven_zero=True, skip_bounce=True
            ),
            4,
            2,
            "06e6b4b073a4f814efcd5b802c262b3bcedbfa6b15f83dfe047397cdc2bb3dc6",
        ),
        (
            uno2023(first_card=FirstCard.FLIP_UNTIL_NUMBER),
            3,
            3,
            "a0ba18cd3127c351a074d476909b9c24a75d075afdc7dd3ec68bb03765de9b53",
        ),
        (
            Rules(
                challenge_outcome=ChallengeOutcome.RETURN_CARD,
                draw_mode=DrawMode.UNTIL_PLAYABLE,
                force_play=True,
            ),
            2,
            4,
            "3403acde9a7a4ae61f8d365181e5c188f4f1522afe923d0215fab42bf3ab3343",
        ),
    ],
)
def test_every_state_has_the_digest_its_saves_carry(
    rules: Rules, players: int, seed: int, expected: str
) -> None:
    """A save carries the digest of its state and is refused if the replay differs
    (game.record), so the digest of a state is part of the save format: these four games, from
    the set-up of the Wild Customizable through stacks, races, swaps, challenges and draws,
    pin the digest of every state they pass through. Mutants of ``state_digest`` and of resets
    that only the digest sees (a left-over penalty, a left-over step) fail here; a deliberate
    change of the digest or of the engine's state must update these values (and decide what
    becomes of older saves)."""
    assert digest_trail(rules, players, seed) == expected


def test_the_digest_tells_apart_states_that_differ_in_one_fact() -> None:
    game = new_game([["W+4", "R1", "G2"], ["B5", "B6", "B7"]], "R9", ["Y1", "Y2", "Y3", "Y4"])
    play(game, 0, "W+4")
    act(game, ChooseColor(0, GREEN))
    assert game.phase is Phase.PENALTY
    before = game.state_digest()
    game.color = BLUE
    assert game.state_digest() != before
    game.color = GREEN
    game.rng.random()  # the generator decides every later shuffle
    assert game.state_digest() != before


# ---------------------------------------------------------------------------- records and rules


def signed(data: dict[str, Any]) -> str:
    """A record edited by hand and signed again, as a forger would."""
    data = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps({**data, "checksum": _checksum(data)})


def saved() -> dict[str, Any]:
    game = new_game([["R1", "G2"], ["R3", "B4"]], "R9")
    play(game, 0, "R1")
    data: dict[str, Any] = json.loads(Record.of(game).to_json(game))
    return data


def test_a_record_saved_without_its_game_replays_to_find_the_state() -> None:
    """Mutants of ``to_json``'s choice between the game given and a replay."""
    game = new_game([["R1", "G2"], ["R3", "B4"]], "R9")
    play(game, 0, "R1")
    text = Record.of(game).to_json()
    assert json.loads(text)["state"] == game.state_digest()
    assert Record.from_json(text)[1].state_digest() == game.state_digest()


# Built when the test runs, not when it is collected: the mutation tests fork from a process
# that has collected the tests, and the engine's caches must start empty there.
BAD_RECORDS: dict[str, Callable[[], str]] = {
    "the record holds a number or a nesting too large to read": lambda: "1" * 5000,
    "this is not a saved game of this program": lambda: "{}",
    "the record was changed after it was saved (checksum mismatch)": lambda: json.dumps(
        {k: v for k, v in saved().items() if k != "checksum"}
    ),
    "the record does not say which state it reaches": lambda: signed({**saved(), "state": None}),
    "players and seed must be whole numbers": lambda: signed({**saved(), "players": "2"}),
    "replaying the record does not reach the saved state": lambda: signed(
        {**saved(), "state": "0" * 64}
    ),
}


@pytest.mark.parametrize("message", BAD_RECORDS)
def test_a_record_is_refused_with_the_reason(message: str) -> None:
    """Mutants of the texts and checks of ``Record.from_json`` and ``from_data``."""
    with pytest.raises(RecordError) as info:
        Record.from_json(BAD_RECORDS[message]())
    assert str(info.value) == message


def test_a_record_with_a_dealer_that_is_not_a_seat_number_is_refused() -> None:
    """The mutant that passed any dealer through (``type(dealer) is int or True``)."""
    for dealer in ("1", 1.0, True, [1]):
        with pytest.raises(RecordError, match=r"^the dealer must be a seat number$"):
            Record.from_json(signed({**saved(), "dealer": dealer}))
    with pytest.raises(RecordError, match=r"^the record is malformed: the dealer must be a seat"):
        Record.from_json(signed({**saved(), "dealer": 7}))
    assert Record.from_json(signed(saved()))[0].dealer == 1


def test_a_record_loads_whatever_the_order_of_its_fields() -> None:
    """``_checksum``'s mutants without ``sort_keys``: a save rewritten by a tool that orders
    the fields otherwise is the same save."""
    data = saved()
    text = json.dumps(dict(reversed(list(data.items()))))
    assert Record.from_json(text)[1].state_digest() == Record.from_data(data)[1].state_digest()


def test_a_record_is_compact_json() -> None:
    """``to_json``'s mutants without ``separators``: an autosave is written after every move,
    so it carries no padding."""
    game = new_game([["R1", "G2"], ["R3", "B4"]], "R9")
    play(game, 0, "R1")
    text = Record.of(game).to_json(game)
    assert ", " not in text and ": " not in text and "\n" not in text


def test_saving_with_the_game_does_not_replay_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``to_json``'s mutant that always replayed: the autosave after each move would replay the
    whole match each time."""
    game = new_game([["R1", "G2"], ["R3", "B4"]], "R9")
    play(game, 0, "R1")
    record = Record.of(game)

    def refuse(self: Record) -> Game:
        raise AssertionError("replayed")

    monkeypatch.setattr(Record, "replay", refuse)
    assert json.loads(record.to_json(game))["state"] == game.state_digest()


def test_a_record_with_a_seed_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^players and seed must be whole numbers$"):
        Record.from_json(signed({**saved(), "seed": 1.5}))


def test_rules_and_presets_are_refused_with_the_reason() -> None:
    """Mutants of the texts of ``Rules.from_dict``, ``_coerce`` and ``preset``."""
    cases: list[tuple[Any, str]] = [
        ([], "the rules must be a JSON object"),
        ({"b": 1, "a": 2}, "unknown rule switches: a, b"),
        ({"custom_effects": "skip-next"}, "custom_effects must be a list"),
    ]
    for data, message in cases:
        with pytest.raises(RulesError) as info:
            Rules.from_dict(data)
        assert str(info.value) == message
    with pytest.raises(RulesError) as info:
        preset("fast")
    assert str(info.value) == (
        "unknown preset 'fast'; choose one of: classic, uno2023, house-rules, quick"
    )


@pytest.mark.parametrize(
    ("changes", "players", "message"),
    [
        ({"hand_size": 13}, 7, "7 hands of 13 cards need too many cards"),
        ({"uno_penalty": -1}, 2, "the UNO penalty must be 0 to 10 cards, not -1"),
        ({"uno_penalty": 11}, 2, "the UNO penalty must be 0 to 10 cards, not 11"),
        ({"target_points": 0}, 2, "the target must be 1 to 100000 points, not 0"),
        ({"target_points": 100_001}, 2, "the target must be 1 to 100000 points, not 100001"),
        ({"teams": True}, 3, "2v2 teams need exactly 4 players"),
        (
            {"teams": True, "play_until_one_left": True},
            4,
            "2v2 teams and 'play until all but one are out' do not combine",
        ),
        (
            {"play_until_one_left": True},
            4,
            "'play until all but one are out' ranks players by finishing order instead of "
            "points: choose the single-hand target with it",
        ),
        (
            {"custom_effects": (CustomEffect.REVERSE, CustomEffect.REVERSE)},
            4,
            "a Wild Customizable effect is listed twice",
        ),
    ],
)
def test_rules_that_cannot_be_played_are_refused_at_their_limits(
    changes: dict[str, Any], players: int, message: str
) -> None:
    """Mutants of ``Rules.validate``: each limit is refused just past it, with its text."""
    with pytest.raises(RulesError) as info:
        Rules(**changes).validate(players)
    assert str(info.value) == message


def test_rules_at_their_limits_are_played() -> None:
    cases: list[tuple[dict[str, Any], int]] = [
        ({"hand_size": 15}, 6),
        ({"uno_penalty": 0}, 2),
        ({"uno_penalty": 10}, 2),
        ({"target_points": 1}, 2),
        ({"target_points": 100_000}, 2),
    ]
    for changes, players in cases:
        Rules(**changes).validate(players)


def test_a_position_keeps_the_no_wild_finish_rule() -> None:
    """Mutant: ``_no_wild_finish`` left unset by ``from_position``."""
    game = position([["W"], ["G1"]], ["R5"], rules=Rules(no_wild_finish=True))
    assert legal(game) == [("Draw", 0)]


def test_keeping_the_card_just_drawn_leaves_no_card_drawn() -> None:
    """``_on_pass``'s mutant that set the drawn card to a falsy stand-in, not None."""
    game = new_game([["G1", "B2"], ["Y1", "Y2"]], "R5", ["R7"])
    game.apply(Draw(0))
    assert game.phase is Phase.DRAWN and game.drawn is not None
    game.apply(Pass(0))
    assert game.drawn is None and game.view(0).drawn is None and game.view(1).drawn is None


def test_legal_actions_are_worked_out_once_per_state_and_shared_between_games() -> None:
    """Mutants that emptied the caches of legal actions (``legal_actions``, ``_play``,
    ``_jump``): the AIs and the simulator ask for the legal actions many times per state, and
    ``apply`` finds a shared action by identity before it compares values."""
    rules = Rules(jump_in=True)
    hands = [["R1", "G2", "G5"], ["B4", "Y6", "G7"], ["G2", "B5", "Y8"]]
    one, two = new_game(hands, "R2", rules=rules), new_game(hands, "R2", rules=rules)
    for game in (one, two):
        play(game, 0, "G2")  # seat 2 may jump in with its own Green 2
    assert one.legal_actions() is one.legal_actions()
    plays = [a for a in one.legal_actions() if isinstance(a, Play)]
    jumps = [a for a in one.legal_actions() if isinstance(a, JumpIn)]
    assert plays and jumps
    others = two.legal_actions()
    assert [a for a in others if isinstance(a, Play | JumpIn)] == plays + jumps
    for mine in plays + jumps:
        assert any(mine is theirs for theirs in others)
    before = one.legal_actions()
    one.apply(plays[0])
    assert one.legal_actions() is not before  # a new state, worked out anew


class _Rigged(random.Random):
    """A generator that always answers the top of its range: a Wild Draw Four returned to the
    deck goes back on top, to be turned again."""

    def random(self) -> float:
        return 0.999999


def test_a_wild_draw_four_turned_first_again_and_again_is_kept_after_every_card_has_had_a_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mutants of ``_turn_first_card``'s bound on returns (start at 1, ``<=``, ``= 1``,
    ``-= 1``, ``+= 2``): whatever the generator does, the deal ends, after as many returns as
    the deck has cards."""
    monkeypatch.setattr(random, "Random", _Rigged)  # the engine's generator, for this test
    game = new_game([["R1", "G2"], ["R3", "B4"]], "W+4")
    returned = [e for e in game.log if isinstance(e, FirstCardReturned)]
    assert len(returned) == len(game.cards)
    assert game.top.rank is Rank.WILD_DRAW_FOUR and game.phase is Phase.COLOR
    assert not state_problems(game)
