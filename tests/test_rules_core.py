"""Scenario tests of the core rules (shared/RULES.md), each from a stacked deck.

Every test deals exact hands (``tests.helpers.new_game``) and, after each action, checks the
hands, the piles, whose turn it is, who must act, the phase, the direction, the color and the
exact events the action returned. Events and actions are compared as plain tuples: the class
name, then every field in order, with each card written by its short name (``norm``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck, find_cards
from game.engine import Game, IllegalAction, Phase
from game.events import CardsDrawn, DrawReason
from game.rules import (
    ChallengeOutcome,
    DrawMode,
    FirstCard,
    NextDealer,
    Rules,
    RulesError,
    TargetMode,
)
from tests.helpers import codes, count_cards, hand_codes, new_game, rules_events

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
PLAY, DRAWN, COLOR, PENALTY = Phase.PLAY, Phase.DRAWN, Phase.COLOR, Phase.PENALTY


# ---------------------------------------------------------------------------- helpers


def norm(value: Any) -> Any:
    """Events and actions as comparable tuples: class name, then the fields; cards by code."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return tuple(norm(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__name__, *(norm(getattr(value, f.name)) for f in fields))
    return value


def evs(events: list[Any]) -> list[Any]:
    return [norm(e) for e in rules_events(events)]


def legal(game: Game) -> list[Any]:
    return [norm(a) for a in game.legal_actions()]


def held(game: Game, seat: int, code: str) -> Card:
    """The first card called ``code`` in ``seat``'s hand."""
    for card in game.hands[seat]:
        if card.code == code:
            return card
    raise AssertionError(f"seat {seat} holds no {code}: {codes(game.hands[seat])}")


def any_card(game: Game, code: str) -> Card:
    """A card of this kind from the game's deck (wherever it is)."""
    return find_cards(game.cards, [code])[0]


def play(game: Game, seat: int, code: str) -> list[Any]:
    return evs(game.apply(Play(seat, held(game, seat, code))))


def act(game: Game, action: Action) -> list[Any]:
    return evs(game.apply(action))


def check(
    game: Game,
    *,
    hands: list[list[str]],
    discard: list[str],
    draw: int,
    turn: int,
    color: Color | None,
    phase: Phase = PLAY,
    actor: int | None = None,
    direction: int = 1,
) -> None:
    """The whole visible state: hands, piles (discard bottom to top, draw pile size), turn."""
    assert hand_codes(game) == hands
    assert codes(game.discard) == discard
    assert game.top.code == discard[-1]
    assert len(game.draw_pile) == draw
    assert count_cards(game) == len(game.cards)
    assert game.turn == turn
    assert game.actor == (turn if actor is None else actor)
    assert game.phase is phase
    assert game.direction == direction
    assert game.color is color


def assert_illegal(game: Game, action: Action, *reasons: str) -> None:
    """``action`` is refused with a message containing every reason, and nothing changes."""
    before = game.state_digest()
    legal_before = legal(game)
    log_before = len(game.log)
    actions_before = len(game.actions)
    assert norm(action) not in legal_before
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for reason in reasons:
        assert reason in message, message
    assert game.state_digest() == before
    assert legal(game) == legal_before
    assert len(game.log) == log_before
    assert len(game.actions) == actions_before


# ---------------------------------------------------------------------------- 1. matching


def test_matching_by_color_number_symbol_and_wild_color_must_be_followed() -> None:
    game = new_game(
        [
            ["R3", "GS", "G1", "Y9", "B8"],
            ["R7", "W", "Y4", "G4", "R9"],
            ["G7", "YS", "Y1", "B2", "R1"],
        ],
        "R5",
    )
    check(
        game,
        hands=[
            ["R3", "GS", "G1", "Y9", "B8"],
            ["R7", "W", "Y4", "G4", "R9"],
            ["G7", "YS", "Y1", "B2", "R1"],
        ],
        discard=["R5"],
        draw=92,
        turn=0,
        color=RED,
    )
    # Only the red card matches the red 5; drawing is always offered.
    assert legal(game) == [("Play", 0, "R3"), ("Draw", 0)]
    assert_illegal(game, Play(0, held(game, 0, "G1")), "Green 1 does not match", "play red, a 5")
    assert_illegal(game, Play(1, held(game, 1, "R7")), "waiting on seat 0 to play or draw")
    assert_illegal(game, Play(0, any_card(game, "Y5")), "seat 0 does not hold Yellow 5")

    # By color.
    assert play(game, 0, "R3") == [("CardPlayed", 0, "R3", False)]
    hands = [
        ["GS", "G1", "Y9", "B8"],
        ["R7", "W", "Y4", "G4", "R9"],
        ["G7", "YS", "Y1", "B2", "R1"],
    ]
    check(game, hands=hands, discard=["R5", "R3"], draw=92, turn=1, color=RED)
    assert play(game, 1, "R7") == [("CardPlayed", 1, "R7", False)]

    # By number: a green 7 on a red 7 changes the color to green.
    assert_illegal(game, Play(2, held(game, 2, "YS")), "Yellow Skip does not match")
    assert play(game, 2, "G7") == [("CardPlayed", 2, "G7", False)]
    hands = [["GS", "G1", "Y9", "B8"], ["W", "Y4", "G4", "R9"], ["YS", "Y1", "B2", "R1"]]
    check(game, hands=hands, discard=["R5", "R3", "R7", "G7"], draw=92, turn=0, color=GREEN)

    # By color again (a Skip), then by symbol: a yellow Skip on the green Skip.
    assert play(game, 0, "GS") == [("CardPlayed", 0, "GS", False), ("Skipped", 1)]
    assert play(game, 2, "YS") == [("CardPlayed", 2, "YS", False), ("Skipped", 0)]
    hands = [["G1", "Y9", "B8"], ["W", "Y4", "G4", "R9"], ["Y1", "B2", "R1"]]
    discard = ["R5", "R3", "R7", "G7", "GS", "YS"]
    check(game, hands=hands, discard=discard, draw=92, turn=1, color=YELLOW)

    # A wild on anything: its player names the color before anyone else acts.
    assert legal(game) == [("Play", 1, "W"), ("Play", 1, "Y4"), ("Draw", 1)]
    assert play(game, 1, "W") == [("CardPlayed", 1, "W", False)]
    hands = [["G1", "Y9", "B8"], ["Y4", "G4", "R9"], ["Y1", "B2", "R1"]]
    discard = [*discard, "W"]
    check(game, hands=hands, discard=discard, draw=92, turn=1, color=YELLOW, phase=COLOR)
    assert legal(game) == [("ChooseColor", 1, c) for c in COLORS]
    assert_illegal(game, Play(2, held(game, 2, "Y1")), "waiting on seat 1 to name a color")
    assert_illegal(game, Play(1, held(game, 1, "Y4")), "seat 1 to name a color")
    assert_illegal(game, ChooseColor(2, BLUE), "waiting on seat 1 to name a color")
    assert act(game, ChooseColor(1, BLUE)) == [("ColorChosen", 1, BLUE)]
    check(game, hands=hands, discard=discard, draw=92, turn=2, color=BLUE)

    # The next player must follow the named color (or play a wild).
    assert legal(game) == [("Play", 2, "B2"), ("Draw", 2)]
    assert_illegal(
        game, Play(2, held(game, 2, "Y1")), "Yellow 1 does not match: play blue or a wild"
    )
    assert play(game, 2, "B2") == [("CardPlayed", 2, "B2", False)]
    hands = [["G1", "Y9", "B8"], ["Y4", "G4", "R9"], ["Y1", "R1"]]
    check(game, hands=hands, discard=[*discard, "B2"], draw=92, turn=0, color=BLUE)
    assert legal(game) == [("Play", 0, "B8"), ("Draw", 0)]


# ---------------------------------------------------------------------------- 2. +4 legality


def wd4_game(hand: list[str], rules: Rules | None = None) -> Game:
    """Seat 0 holds ``hand`` on a red 5; seats 1 and 2 hold greens."""
    size = len(hand)
    others = [["G1", "G2", "G3", "G4", "G6", "G7"][:size], ["G8", "G9", "GS", "GR", "G+2"][:size]]
    return new_game([hand, *others], "R5", rules=rules)


@pytest.mark.parametrize(
    ("hand", "official", "wilds_count"),
    [
        # No red at all: legal under both readings.
        (["W+4", "G5", "B2", "YS"], True, True),
        # A 5 matches the red 5 by number, not by color: still legal.
        (["W+4", "B5", "Y5", "G1"], True, True),
        # A Wild: legal in the official reading, not when wilds count as color matches.
        (["W+4", "W", "B2", "G5"], True, False),
        # Another Wild Draw Four is a wild too.
        (["W+4", "W+4", "B2", "G5"], True, False),
        # A red card forbids it in both readings.
        (["W+4", "R1", "B2", "G5"], False, False),
    ],
)
def test_wild_draw_four_legality_both_readings(
    hand: list[str], official: bool, wilds_count: bool
) -> None:
    for wilds_rule, expected in ((False, official), (True, wilds_count)):
        base = Rules(wd4_wilds_count_as_color=wilds_rule)
        # With bluffing (the default) the +4 is always offered: an illegal one is a bluff.
        game = wd4_game(hand, base)
        assert game.wd4_is_legal(0) is expected
        assert ("Play", 0, "W+4") in legal(game)
        # Without bluffing an illegal +4 is not offered and is refused.
        strict = wd4_game(hand, base.with_changes(wd4_bluffing=False))
        assert strict.wd4_is_legal(0) is expected
        assert (("Play", 0, "W+4") in legal(strict)) is expected
        if not expected:
            reason = "red" if "R1" in hand else "another wild"
            assert_illegal(
                strict, Play(0, held(strict, 0, "W+4")), "Wild Draw Four is not allowed", reason
            )


def test_wild_draw_four_without_bluffing_needs_no_decision() -> None:
    """With bluffing off every +4 is legal, so nothing can be challenged: the next player draws
    4 and is skipped at once."""
    rules = Rules(wd4_bluffing=False)
    game = new_game(
        [["W+4", "G5", "B2"], ["R1", "R2", "R3"], ["Y1", "Y2", "Y3"]],
        "R5",
        ["B7", "B8", "B9", "G9"],
        rules=rules,
    )
    assert legal(game) == [("Play", 0, "W+4"), ("Play", 0, "G5"), ("Draw", 0)]
    assert play(game, 0, "W+4") == [("CardPlayed", 0, "W+4", False)]
    hands = [["G5", "B2"], ["R1", "R2", "R3"], ["Y1", "Y2", "Y3"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=98, turn=0, color=RED, phase=COLOR)
    assert act(game, ChooseColor(0, YELLOW)) == [
        ("ColorChosen", 0, YELLOW),
        ("CardsDrawn", 1, ("B7", "B8", "B9", "G9"), DrawReason.WILD_DRAW_FOUR, 0),
        ("Skipped", 1),
    ]
    hands = [["G5", "B2"], ["R1", "R2", "R3", "B7", "B8", "B9", "G9"], ["Y1", "Y2", "Y3"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=94, turn=2, color=YELLOW)


# ---------------------------------------------------------------------------- 3. challenge


def test_accepting_a_wild_draw_four_draws_four_and_skips_only_next_may_answer() -> None:
    game = new_game(
        [["W+4", "G5", "B2"], ["R1", "R2", "R3"], ["Y1", "Y2", "Y3"]],
        "R5",
        ["B7", "B8", "B9", "G9"],
    )
    assert play(game, 0, "W+4") == [("CardPlayed", 0, "W+4", False)]
    assert act(game, ChooseColor(0, YELLOW)) == [
        ("ColorChosen", 0, YELLOW),
        ("PenaltyPending", 1, 4),
    ]
    hands = [["G5", "B2"], ["R1", "R2", "R3"], ["Y1", "Y2", "Y3"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=98, turn=1, color=YELLOW, phase=PENALTY)
    assert legal(game) == [("Accept", 1), ("Challenge", 1)]
    # Only the player who must draw may challenge (or accept, or play).
    assert_illegal(game, Challenge(2), "waiting on seat 1 to answer a draw penalty of 4")
    assert_illegal(game, Challenge(0), "waiting on seat 1 to answer a draw penalty of 4")
    assert_illegal(game, Accept(2), "waiting on seat 1")
    assert_illegal(game, Play(1, held(game, 1, "R1")), "seat 1 to answer a draw penalty of 4")
    assert_illegal(game, Draw(1), "seat 1 to answer a draw penalty of 4")

    assert act(game, Accept(1)) == [
        ("CardsDrawn", 1, ("B7", "B8", "B9", "G9"), DrawReason.WILD_DRAW_FOUR, 0),
        ("Skipped", 1),
    ]
    hands = [["G5", "B2"], ["R1", "R2", "R3", "B7", "B8", "B9", "G9"], ["Y1", "Y2", "Y3"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=94, turn=2, color=YELLOW)
    assert legal(game) == [("Play", 2, "Y1"), ("Play", 2, "Y2"), ("Play", 2, "Y3"), ("Draw", 2)]
    assert_illegal(game, Challenge(1), "waiting on seat 2 to play or draw")


def test_failed_challenge_costs_six_cards_and_the_turn() -> None:
    six = ["B7", "B8", "B9", "G9", "G8", "G7"]
    game = new_game(
        [["W+4", "G5", "B2", "Y6"], ["R1", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]],
        "R5",
        six,
    )
    assert game.wd4_is_legal(0)
    play(game, 0, "W+4")
    act(game, ChooseColor(0, GREEN))
    assert act(game, Challenge(1)) == [
        ("Challenged", 1, 0, False, ("G5", "B2", "Y6")),
        ("CardsDrawn", 1, tuple(six), DrawReason.CHALLENGE_FAILED, 0),
        ("Skipped", 1),
    ]
    hands = [["G5", "B2", "Y6"], ["R1", "R2", "R3", "R4", *six], ["Y1", "Y2", "Y3", "Y4"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=108 - 13 - 6, turn=2, color=GREEN)
    assert_illegal(game, Play(1, held(game, 1, "G9")), "waiting on seat 2 to play or draw")


def test_caught_bluff_penalty_stands_by_default() -> None:
    four = ["Y7", "Y8", "G9", "B9"]
    game = new_game(
        [["W+4", "R1", "G1", "B2"], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]],
        "R5",
        four,
    )
    assert not game.wd4_is_legal(0)
    assert ("Play", 0, "W+4") in legal(game)  # the bluff is possible
    assert play(game, 0, "W+4") == [("CardPlayed", 0, "W+4", False)]
    assert act(game, ChooseColor(0, BLUE)) == [("ColorChosen", 0, BLUE), ("PenaltyPending", 1, 4)]
    assert legal(game) == [("Accept", 1), ("Challenge", 1)]
    assert act(game, Challenge(1)) == [
        ("Challenged", 1, 0, True, ("R1", "G1", "B2")),
        ("CardsDrawn", 0, tuple(four), DrawReason.BLUFF_CAUGHT, 0),
    ]
    # The challenger draws nothing and takes a normal turn; the named blue stands.
    hands = [["R1", "G1", "B2", *four], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]]
    check(game, hands=hands, discard=["R5", "W+4"], draw=108 - 13 - 4, turn=1, color=BLUE)
    assert legal(game) == [("Play", 1, "B3"), ("Draw", 1)]
    assert play(game, 1, "B3") == [("CardPlayed", 1, "B3", False)]
    hands[1] = ["R2", "R3", "R4"]
    check(game, hands=hands, discard=["R5", "W+4", "B3"], draw=91, turn=2, color=BLUE)


def test_caught_bluff_return_card_reading() -> None:
    four = ["Y7", "Y8", "G9", "B9"]
    rules = Rules(challenge_outcome=ChallengeOutcome.RETURN_CARD)
    game = new_game(
        [["W+4", "R1", "G1", "B2"], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]],
        "R5",
        four,
        rules=rules,
    )
    play(game, 0, "W+4")
    act(game, ChooseColor(0, BLUE))
    assert act(game, Challenge(1)) == [
        ("Challenged", 1, 0, True, ("R1", "G1", "B2")),
        ("CardReturned", 0, "W+4"),
        ("CardsDrawn", 0, tuple(four), DrawReason.BLUFF_CAUGHT, 0),
    ]
    # The card is back, the color is red again and the bluffer must play a legal card.
    hands = [["R1", "G1", "B2", "W+4", *four], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]]
    check(game, hands=hands, discard=["R5"], draw=108 - 13 - 4, turn=0, color=RED)
    assert legal(game) == [("Play", 0, "R1")]
    assert_illegal(game, Draw(0), "after a caught bluff you must play a legal card")
    assert_illegal(game, Play(0, held(game, 0, "W+4")), "you hold red", "not allowed")
    assert_illegal(game, Play(1, held(game, 1, "R2")), "waiting on seat 0 to play or draw")
    assert play(game, 0, "R1") == [("CardPlayed", 0, "R1", False)]
    hands[0] = ["G1", "B2", "W+4", *four]
    check(game, hands=hands, discard=["R5", "R1"], draw=91, turn=1, color=RED)
    # The obligation ends with that play: seat 1 may draw while holding red.
    assert legal(game) == [
        ("Play", 1, "R2"),
        ("Play", 1, "R3"),
        ("Play", 1, "R4"),
        ("Draw", 1),
    ]


def test_return_card_with_wilds_counting_as_color_leaves_the_plain_wild() -> None:
    rules = Rules(challenge_outcome=ChallengeOutcome.RETURN_CARD, wd4_wilds_count_as_color=True)
    four = ["Y7", "Y8", "G9", "B9"]
    game = new_game(
        [["W+4", "W", "G1", "B2"], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]],
        "R5",
        four,
        rules=rules,
    )
    assert not game.wd4_is_legal(0)  # no red, but another wild
    play(game, 0, "W+4")
    act(game, ChooseColor(0, GREEN))
    assert act(game, Challenge(1)) == [
        ("Challenged", 1, 0, True, ("W", "G1", "B2")),
        ("CardReturned", 0, "W+4"),
        ("CardsDrawn", 0, tuple(four), DrawReason.BLUFF_CAUGHT, 0),
    ]
    hands = [["W", "G1", "B2", "W+4", *four], ["B3", "R2", "R3", "R4"], ["Y1", "Y2", "Y3", "Y4"]]
    check(game, hands=hands, discard=["R5"], draw=91, turn=0, color=RED)
    assert legal(game) == [("Play", 0, "W")]
    assert_illegal(game, Play(0, held(game, 0, "W+4")), "you hold another wild", "not allowed")
    assert play(game, 0, "W") == [("CardPlayed", 0, "W", False)]
    assert act(game, ChooseColor(0, BLUE)) == [("ColorChosen", 0, BLUE)]
    hands[0].remove("W")
    check(game, hands=hands, discard=["R5", "W"], draw=91, turn=1, color=BLUE)


# ---------------------------------------------------------------------------- 4. drawing


def draw_game(draws: list[str], rules: Rules | None = None) -> Game:
    return new_game(
        [["G1", "B2", "R9"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]], "R5", draws, rules=rules
    )


def test_draw_a_playable_card_and_play_it_only_that_card() -> None:
    game = draw_game(["R7", "G8"])
    # Drawing is allowed while holding a playable card (R9).
    assert legal(game) == [("Play", 0, "R9"), ("Draw", 0)]
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("R7",), DrawReason.TURN, 0)]
    hands = [["G1", "B2", "R9", "R7"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5"], draw=97, turn=0, color=RED, phase=DRAWN)
    assert legal(game) == [("Play", 0, "R7"), ("Pass", 0)]
    assert_illegal(game, Play(0, held(game, 0, "R9")), "seat 0 to play or keep the card just drawn")
    assert_illegal(game, Draw(0), "seat 0 to play or keep the card just drawn")
    assert play(game, 0, "R7") == [("CardPlayed", 0, "R7", False)]
    hands[0] = ["G1", "B2", "R9"]
    check(game, hands=hands, discard=["R5", "R7"], draw=97, turn=1, color=RED)


def test_draw_a_playable_card_and_keep_it() -> None:
    game = draw_game(["W", "G8"])
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("W",), DrawReason.TURN, 0)]
    assert legal(game) == [("Play", 0, "W"), ("Pass", 0)]
    assert_illegal(game, Pass(1), "waiting on seat 0 to play or keep the card just drawn")
    assert act(game, Pass(0)) == [("Passed", 0)]
    hands = [["G1", "B2", "R9", "W"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5"], draw=97, turn=1, color=RED)
    assert_illegal(game, Pass(1), "not allowed while seat 1 to play or draw")


def test_an_unplayable_drawn_card_ends_the_turn() -> None:
    game = draw_game(["G8", "Y5"])
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("G8",), DrawReason.TURN, 0), ("Passed", 0)]
    hands = [["G1", "B2", "R9", "G8"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5"], draw=97, turn=1, color=RED)
    # Seat 1 draws Y5, playable by number.
    assert act(game, Draw(1)) == [("CardsDrawn", 1, ("Y5",), DrawReason.TURN, 0)]
    assert legal(game) == [("Play", 1, "Y5"), ("Pass", 1)]


def test_draw_until_playable() -> None:
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE)
    game = draw_game(["G8", "B3", "Y9", "R2", "B5", "G6"], rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("G8", "B3", "Y9", "R2"), DrawReason.TURN, 0)]
    hands = [["G1", "B2", "R9", "G8", "B3", "Y9", "R2"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5"], draw=94, turn=0, color=RED, phase=DRAWN)
    assert legal(game) == [("Play", 0, "R2"), ("Pass", 0)]
    assert act(game, Pass(0)) == [("Passed", 0)]
    check(game, hands=hands, discard=["R5"], draw=94, turn=1, color=RED)
    # The first card drawn may already be the playable one.
    assert act(game, Draw(1)) == [("CardsDrawn", 1, ("B5",), DrawReason.TURN, 0)]
    hands[1] = ["Y1", "Y2", "Y3", "B5"]
    check(game, hands=hands, discard=["R5"], draw=93, turn=1, color=RED, phase=DRAWN)
    assert legal(game) == [("Play", 1, "B5"), ("Pass", 1)]


def test_draw_until_playable_turns_the_discard_pile_over_when_the_pile_runs_out() -> None:
    # One unplayable card left to draw (G2 on R5): the discard pile is shuffled into a new
    # draw pile, told as it happens, and the drawing goes on to a playable card.
    rules = Rules(draw_mode=DrawMode.UNTIL_PLAYABLE)
    cards = deck(rules.deck)
    b1, y3, g2, r5 = (find_cards(cards, [code])[0] for code in ("B1", "Y3", "G2", "R5"))
    rest = [c for c in cards if c not in (b1, y3, g2, r5)]
    game = Game.from_position(
        rules,
        seed=4,
        hands=[[b1], [y3]],
        draw_pile=[g2],
        discard=[*rest, r5],
        color=Color.RED,
        direction=1,
        turn=0,
    )
    events = game.apply(Draw(0))
    names = [type(e).__name__ for e in events]
    assert names[:2] == ["PileReshuffled", "CardsDrawn"], names
    told = events[1]
    assert isinstance(told, CardsDrawn)
    drawn = told.cards
    last = drawn[-1]
    assert drawn[0] is g2 and len(drawn) >= 2 and last is not None and game.can_play(0, last)
    assert game.discard == [r5] and game.phase is Phase.DRAWN


def test_force_play_a_playable_drawn_card_must_be_played() -> None:
    rules = Rules(force_play=True)
    game = draw_game(["R7", "G8"], rules)
    assert legal(game) == [("Play", 0, "R9"), ("Draw", 0)]  # drawing is still a choice
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("R7",), DrawReason.TURN, 0)]
    hands = [["G1", "B2", "R9", "R7"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5"], draw=97, turn=0, color=RED, phase=DRAWN)
    assert legal(game) == [("Play", 0, "R7")]
    assert_illegal(game, Pass(0), "seat 0 to play or keep the card just drawn")
    assert play(game, 0, "R7") == [("CardPlayed", 0, "R7", False)]
    hands[0] = ["G1", "B2", "R9"]
    check(game, hands=hands, discard=["R5", "R7"], draw=97, turn=1, color=RED)


def test_force_play_with_draw_until_playable() -> None:
    rules = Rules(force_play=True, draw_mode=DrawMode.UNTIL_PLAYABLE)
    game = draw_game(["G8", "Y5", "B1"], rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("G8", "Y5"), DrawReason.TURN, 0)]
    assert legal(game) == [("Play", 0, "Y5")]
    assert play(game, 0, "Y5") == [("CardPlayed", 0, "Y5", False)]
    hands = [["G1", "B2", "R9", "G8"], ["Y1", "Y2", "Y3"], ["B4", "B6", "B7"]]
    check(game, hands=hands, discard=["R5", "Y5"], draw=96, turn=1, color=YELLOW)


# ---------------------------------------------------------------------------- 5. empty piles


def complete_hands(hands: list[list[str]], first: list[str], draws: list[str]) -> list[list[str]]:
    """Fill the hands up to 15 cards each with the rest of the classic deck, in deck order, so
    that hands, first card and draws stack all 108 cards."""
    left = Counter([*(c for h in hands for c in h), *first, *draws])
    rest = []
    for card in deck(DeckKind.CLASSIC):
        if left[card.code]:
            left[card.code] -= 1
        else:
            rest.append(card.code)
    assert not +left, f"not in the deck: {+left}"
    full = []
    for hand in hands:
        need = 15 - len(hand)
        full.append([*hand, *rest[:need]])
        rest = rest[need:]
    assert not rest
    return full


def test_empty_draw_pile_reshuffles_and_both_piles_empty_draws_nothing() -> None:
    # Six hands of 15 leave 17 cards to draw; the whole deck is stacked.
    seat1 = ["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "G1", "G2", "G3", "G4", "G6", "G8"]
    seat1.append("G9")  # no yellow, no wild: seat 1 can never play on a yellow wild
    draws = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9", "BS", "BR", "B+2"]
    draws += ["RS", "RR", "R+2", "GS", "GR", "G+2"]  # 17 cards, none yellow, none wild
    hands = complete_hands([["W"], seat1, ["Y3"], [], [], []], ["W"], draws)
    game = new_game(hands, "W", draws)
    assert hand_codes(game) == hands
    assert len(game.draw_pile) == 17
    first_wild = game.top
    # A Wild turned first: seat 0 names the color, then plays (here: its own Wild, yellow).
    assert act(game, ChooseColor(0, BLUE)) == [("ColorChosen", 0, BLUE)]
    second_wild = held(game, 0, "W")
    assert play(game, 0, "W") == [("CardPlayed", 0, "W", False)]
    assert act(game, ChooseColor(0, YELLOW)) == [("ColorChosen", 0, YELLOW)]
    hands[0].remove("W")
    check(game, hands=hands, discard=["W", "W"], draw=17, turn=1, color=YELLOW)

    # 17 unplayable draws empty the draw pile; each ends its player's turn.
    seat = 1
    for code in draws:
        assert act(game, Draw(seat)) == [
            ("CardsDrawn", seat, (code,), DrawReason.TURN, 0),
            ("Passed", seat),
        ]
        hands[seat].append(code)
        seat = (seat + 1) % 6
        check(
            game, hands=hands, discard=["W", "W"], draw=len(game.draw_pile), turn=seat, color=YELLOW
        )
    assert seat == 0 and game.draw_pile == []

    # The next draw keeps the top card (and its named yellow) and reshuffles the rest: the
    # first Wild, which comes back as a plain wild (blue was never on the card).
    assert act(game, Draw(0)) == [
        ("PileReshuffled", 1),
        ("CardsDrawn", 0, ("W",), DrawReason.TURN, 0),
    ]
    hands[0].append("W")
    check(game, hands=hands, discard=["W"], draw=0, turn=0, color=YELLOW, phase=DRAWN)
    assert game.discard == [second_wild]
    assert game.hands[0][-1] is first_wild and first_wild.color is None
    assert legal(game) == [("Play", 0, "W"), ("Pass", 0)]
    assert act(game, Pass(0)) == [("Passed", 0)]
    check(game, hands=hands, discard=["W"], draw=0, turn=1, color=YELLOW)

    # Both piles empty: seat 1 cannot play, "draws" nothing and the turn goes on.
    assert legal(game) == [("Draw", 1)]
    assert act(game, Draw(1)) == [("CardsDrawn", 1, (), DrawReason.TURN, 1), ("Passed", 1)]
    check(game, hands=hands, discard=["W"], draw=0, turn=2, color=YELLOW)
    # Seat 2 can play (yellow 3), so with nothing to draw it must play.
    assert ("Draw", 2) not in legal(game)
    assert_illegal(game, Draw(2), "both piles are empty and you can play, so you must play")
    assert play(game, 2, "Y3") == [("CardPlayed", 2, "Y3", False)]
    hands[2].remove("Y3")
    check(game, hands=hands, discard=["W", "Y3"], draw=0, turn=3, color=YELLOW)
    # Now there is a card under the top again: seat 3 may draw, and gets the second Wild.
    assert ("Draw", 3) in legal(game)
    assert act(game, Draw(3)) == [
        ("PileReshuffled", 1),
        ("CardsDrawn", 3, ("W",), DrawReason.TURN, 0),
    ]
    hands[3].append("W")
    check(game, hands=hands, discard=["Y3"], draw=0, turn=3, color=YELLOW, phase=DRAWN)
    assert game.hands[3][-1] is second_wild


def test_blocked_hand_when_nobody_can_play_or_draw() -> None:
    """With all 108 cards in play a blocked hand cannot happen at a real table (every card but
    the top one would be in the hands, including a whole color's worth of playable cards), so
    this test takes the draw pile away to reach the state the engine must still handle."""
    game = new_game([["G9", "B8", "Y6"], ["Y1", "B2", "G0"], ["G+2", "BS", "Y4"]], "R5")
    game.draw_pile.clear()  # the hand now has only these 10 cards
    assert legal(game) == [("Draw", 0)]
    assert act(game, Draw(0)) == [("CardsDrawn", 0, (), DrawReason.TURN, 1), ("Passed", 0)]
    assert (game.turn, game.phase) == (1, PLAY)
    assert act(game, Draw(1)) == [("CardsDrawn", 1, (), DrawReason.TURN, 1), ("Passed", 1)]
    assert (game.turn, game.phase) == (2, PLAY)
    # The third player in a row who can neither play nor draw ends the hand: the lowest hand
    # (seat 1, 3 points) wins the points of the others.
    assert act(game, Draw(2)) == [
        ("CardsDrawn", 2, (), DrawReason.TURN, 1),
        (
            "RoundEnded",
            1,
            67,
            (("HandScore", 0, ("G9", "B8", "Y6"), 23), ("HandScore", 2, ("G+2", "BS", "Y4"), 44)),
            (0, 67, 0),
            True,
            (),
        ),
    ]
    assert game.phase is Phase.ROUND_OVER
    assert hand_codes(game) == [["G9", "B8", "Y6"], ["Y1", "B2", "G0"], ["G+2", "BS", "Y4"]]
    assert game.scores == [0, 67, 0]
    assert game.dealer == 1
    assert legal(game) == [("NextRound", 1)]


# ---------------------------------------------------------------------------- 6. action cards


def test_skip_reverse_and_draw_two_with_three_players() -> None:
    game = new_game(
        [["RS", "G1", "B1"], ["R+2", "G2", "B2"], ["RR", "YR", "B3"]], "R5", ["Y8", "Y9"]
    )
    # Skip: seat 1 loses its turn.
    assert play(game, 0, "RS") == [("CardPlayed", 0, "RS", False), ("Skipped", 1)]
    hands = [["G1", "B1"], ["R+2", "G2", "B2"], ["RR", "YR", "B3"]]
    check(game, hands=hands, discard=["R5", "RS"], draw=98, turn=2, color=RED)
    # Reverse: play runs the other way, to seat 1.
    assert play(game, 2, "RR") == [("CardPlayed", 2, "RR", False), ("DirectionChanged", -1)]
    hands[2] = ["YR", "B3"]
    check(game, hands=hands, discard=["R5", "RS", "RR"], draw=98, turn=1, color=RED, direction=-1)
    # Draw Two: the next player (seat 0, counter-clockwise) draws 2 and is skipped.
    assert play(game, 1, "R+2") == [
        ("CardPlayed", 1, "R+2", False),
        ("CardsDrawn", 0, ("Y8", "Y9"), DrawReason.DRAW_TWO, 0),
        ("Skipped", 0),
    ]
    hands = [["G1", "B1", "Y8", "Y9"], ["G2", "B2"], ["YR", "B3"]]
    discard = ["R5", "RS", "RR", "R+2"]
    check(game, hands=hands, discard=discard, draw=96, turn=2, color=RED, direction=-1)
    assert_illegal(game, Play(2, held(game, 2, "YR")), "Yellow Reverse does not match")
    assert_illegal(game, Play(0, held(game, 0, "G1")), "waiting on seat 2 to play or draw")


def test_reverse_with_two_players_acts_as_skip() -> None:
    game = new_game([["RR", "GR", "B1"], ["R1", "G2", "B2"]], "R5")
    assert play(game, 0, "RR") == [
        ("CardPlayed", 0, "RR", False),
        ("DirectionChanged", -1),
        ("Skipped", 1),
    ]
    hands = [["GR", "B1"], ["R1", "G2", "B2"]]
    check(game, hands=hands, discard=["R5", "RR"], draw=101, turn=0, color=RED, direction=-1)
    assert_illegal(game, Play(1, held(game, 1, "R1")), "waiting on seat 0 to play or draw")
    assert play(game, 0, "GR") == [
        ("CardPlayed", 0, "GR", False),
        ("DirectionChanged", 1),
        ("Skipped", 1),
    ]
    hands[0] = ["B1"]
    check(game, hands=hands, discard=["R5", "RR", "GR"], draw=101, turn=0, color=GREEN)


# ---------------------------------------------------------------------------- 7. first card

HANDS3 = [["R1", "G1", "B1"], ["R2", "G2", "B2"], ["R3", "G3", "B3"]]


def first_events(game: Game) -> list[Any]:
    """The events of the deal after RoundStarted and CardsDealt."""
    log = rules_events(game.log)
    assert norm(log[0]) == ("RoundStarted", 1, 2)
    assert norm(log[1])[0] == "CardsDealt"
    return evs(log[2:])


def test_first_card_wild_draw_four_goes_back_classic() -> None:
    game = new_game(HANDS3, ["W+4", "W+4", "G7"])
    assert first_events(game) == [
        ("FirstCardReturned", "W+4"),
        ("FirstCardReturned", "W+4"),
        ("FirstCardTurned", "G7"),
    ]
    check(game, hands=[list(h) for h in HANDS3], discard=["G7"], draw=98, turn=0, color=GREEN)
    assert codes(game.draw_pile).count("W+4") == 4


def test_first_card_wild_first_player_names_the_color_then_plays() -> None:
    game = new_game(HANDS3, "W")
    assert first_events(game) == [("FirstCardTurned", "W")]
    hands = [list(h) for h in HANDS3]
    check(game, hands=hands, discard=["W"], draw=98, turn=0, color=None, phase=COLOR)
    assert legal(game) == [("ChooseColor", 0, c) for c in COLORS]
    assert_illegal(game, Play(0, held(game, 0, "R1")), "seat 0 to name a color")
    assert_illegal(game, ChooseColor(2, RED), "waiting on seat 0 to name a color")
    assert act(game, ChooseColor(0, GREEN)) == [("ColorChosen", 0, GREEN)]
    check(game, hands=hands, discard=["W"], draw=98, turn=0, color=GREEN)
    assert legal(game) == [("Play", 0, "G1"), ("Draw", 0)]
    assert play(game, 0, "G1") == [("CardPlayed", 0, "G1", False)]
    hands[0] = ["R1", "B1"]
    check(game, hands=hands, discard=["W", "G1"], draw=98, turn=1, color=GREEN)


def test_first_card_draw_two_first_player_draws_and_is_skipped() -> None:
    game = new_game(HANDS3, "Y+2", ["Y8", "Y9"])
    assert first_events(game) == [
        ("FirstCardTurned", "Y+2"),
        ("CardsDrawn", 0, ("Y8", "Y9"), DrawReason.DRAW_TWO, 0),
        ("Skipped", 0),
    ]
    hands = [["R1", "G1", "B1", "Y8", "Y9"], ["R2", "G2", "B2"], ["R3", "G3", "B3"]]
    check(game, hands=hands, discard=["Y+2"], draw=96, turn=1, color=YELLOW)


def test_first_card_reverse_dealer_starts_and_play_runs_the_other_way() -> None:
    game = new_game(HANDS3, "GR")
    assert first_events(game) == [("FirstCardTurned", "GR"), ("DirectionChanged", -1)]
    hands = [list(h) for h in HANDS3]
    check(game, hands=hands, discard=["GR"], draw=98, turn=2, color=GREEN, direction=-1)
    assert game.dealer == 2
    assert play(game, 2, "G3") == [("CardPlayed", 2, "G3", False)]
    hands[2] = ["R3", "B3"]
    check(game, hands=hands, discard=["GR", "G3"], draw=98, turn=1, color=GREEN, direction=-1)


def test_first_card_skip_first_player_is_skipped() -> None:
    game = new_game(HANDS3, "BS")
    assert first_events(game) == [("FirstCardTurned", "BS"), ("Skipped", 0)]
    check(game, hands=[list(h) for h in HANDS3], discard=["BS"], draw=98, turn=1, color=BLUE)
    assert_illegal(game, Play(0, held(game, 0, "B1")), "waiting on seat 1 to play or draw")


def test_first_card_flip_until_number() -> None:
    rules = Rules(first_card=FirstCard.FLIP_UNTIL_NUMBER)
    flips = ["W+4", "R+2", "W", "BS", "YR", "G4"]
    game = new_game(HANDS3, flips, rules=rules)
    assert first_events(game) == [("FirstCardTurned", c) for c in flips]
    # The action cards stay in the discard pile and do nothing.
    hands = [list(h) for h in HANDS3]
    check(game, hands=hands, discard=flips, draw=108 - 9 - 6, turn=0, color=GREEN)
    assert legal(game) == [("Play", 0, "G1"), ("Draw", 0)]


# ---------------------------------------------------------------------------- 8. last card


@pytest.mark.parametrize(
    ("last", "drawn", "reason"),
    [
        ("R+2", ("Y7", "W"), DrawReason.DRAW_TWO),
        ("W+4", ("Y7", "W", "GS", "B1"), DrawReason.WILD_DRAW_FOUR),
    ],
)
def test_a_last_draw_card_is_drawn_before_scoring(
    last: str, drawn: tuple[str, ...], reason: DrawReason
) -> None:
    game = new_game([[last], ["G9"], ["B3"]], "R5", ["Y7", "W", "GS", "B1"])
    points = 9 + sum(any_card(game, c).points for c in drawn) + 3
    events = play(game, 0, last)
    assert events == [
        ("CardPlayed", 0, last, False),
        ("WentOut", 0, 1),
        ("CardsDrawn", 1, drawn, reason, 0),
        (
            "RoundEnded",
            0,
            points,
            (("HandScore", 1, ("G9", *drawn), points - 3), ("HandScore", 2, ("B3",), 3)),
            (points, 0, 0),
            False,
            (),
        ),
    ]
    assert points == (69 if last == "R+2" else 90)
    assert hand_codes(game) == [[], ["G9", *drawn], ["B3"]]
    assert codes(game.discard) == ["R5", last]
    assert game.phase is Phase.ROUND_OVER
    assert game.scores == [points, 0, 0]


# ---------------------------------------------------------------------------- 9. UNO

UNO_HANDS = [["R1", "G2"], ["R3", "Y4"], ["B5", "Y6"]]


def uno_game(rules: Rules | None = None) -> Game:
    return new_game(UNO_HANDS, "R9", ["G7", "B8", "Y9", "BS", "G4"], rules=rules)


def test_call_uno_then_play_cannot_be_caught() -> None:
    game = uno_game()
    assert legal(game) == [("Play", 0, "R1"), ("Draw", 0), ("CallUno", 0)]
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    check(game, hands=[list(h) for h in UNO_HANDS], discard=["R9"], draw=101, turn=0, color=RED)
    assert legal(game) == [("Play", 0, "R1"), ("Draw", 0)]
    assert_illegal(game, CallUno(0), "UNO can be called")
    assert play(game, 0, "R1") == [("CardPlayed", 0, "R1", False)]
    hands = [["G2"], ["R3", "Y4"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=101, turn=1, color=RED)
    # Seat 1 now has two cards on its turn, so it may call; nobody may catch seat 0.
    assert legal(game) == [("Play", 1, "R3"), ("Draw", 1), ("CallUno", 1)]
    assert_illegal(game, Catch(1, 0), "seat 0 cannot be caught now")
    assert_illegal(game, Catch(2, 0), "seat 0 cannot be caught now")


def test_uno_not_called_any_other_player_may_catch() -> None:
    game = uno_game()
    assert play(game, 0, "R1") == [("CardPlayed", 0, "R1", False)]
    hands = [["G2"], ["R3", "Y4"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=101, turn=1, color=RED)
    assert legal(game) == [
        ("Play", 1, "R3"),
        ("Draw", 1),
        ("CallUno", 1),
        ("CallUno", 0),
        ("Catch", 1, 0),
        ("Catch", 2, 0),
    ]
    assert_illegal(game, Catch(0, 0), "seat 0 cannot be caught now")
    assert_illegal(game, Catch(1, 2), "seat 2 cannot be caught now")
    # Seat 2, who is not even next, catches seat 0: 2 cards, and the turn stays with seat 1.
    assert act(game, Catch(2, 0)) == [
        ("UnoCaught", 2, 0),
        ("CardsDrawn", 0, ("G7", "B8"), DrawReason.UNO_CAUGHT, 0),
    ]
    hands[0] = ["G2", "G7", "B8"]
    check(game, hands=hands, discard=["R9", "R1"], draw=99, turn=1, color=RED)
    assert legal(game) == [("Play", 1, "R3"), ("Draw", 1), ("CallUno", 1)]
    assert_illegal(game, Catch(1, 0), "seat 0 cannot be caught now")


def test_uno_catch_window_closes_when_the_next_player_acts() -> None:
    game = uno_game()
    play(game, 0, "R1")
    assert ("Catch", 2, 0) in legal(game)
    # Seat 1's turn action (a draw: G7 does not match) closes the window.
    assert act(game, Draw(1)) == [("CardsDrawn", 1, ("G7",), DrawReason.TURN, 0), ("Passed", 1)]
    hands = [["G2"], ["R3", "Y4", "G7"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=100, turn=2, color=RED)
    assert legal(game) == [("Draw", 2), ("CallUno", 2)]
    assert_illegal(game, Catch(2, 0), "seat 0 cannot be caught now")
    assert_illegal(game, Catch(1, 0), "seat 0 cannot be caught now")


def test_uno_may_still_be_called_before_being_caught() -> None:
    game = uno_game()
    play(game, 0, "R1")
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    hands = [["G2"], ["R3", "Y4"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=101, turn=1, color=RED)
    assert legal(game) == [("Play", 1, "R3"), ("Draw", 1), ("CallUno", 1)]
    assert_illegal(game, Catch(2, 0), "seat 0 cannot be caught now")


def test_uno_penalty_size_is_a_rule() -> None:
    game = uno_game(Rules(uno_penalty=4))
    play(game, 0, "R1")
    assert act(game, Catch(1, 0)) == [
        ("UnoCaught", 1, 0),
        ("CardsDrawn", 0, ("G7", "B8", "Y9", "BS"), DrawReason.UNO_CAUGHT, 0),
    ]
    hands = [["G2", "G7", "B8", "Y9", "BS"], ["R3", "Y4"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=97, turn=1, color=RED)


def test_uno_catching_off_has_no_uno_actions() -> None:
    game = uno_game(Rules(uno_catching=False))
    assert legal(game) == [("Play", 0, "R1"), ("Draw", 0)]
    assert_illegal(game, CallUno(0), "UNO can be called")
    assert play(game, 0, "R1") == [("CardPlayed", 0, "R1", False)]
    hands = [["G2"], ["R3", "Y4"], ["B5", "Y6"]]
    check(game, hands=hands, discard=["R9", "R1"], draw=101, turn=1, color=RED)
    assert legal(game) == [("Play", 1, "R3"), ("Draw", 1)]
    assert_illegal(game, Catch(2, 0), "seat 0 cannot be caught now")


# ---------------------------------------------------------------------------- 10. scoring


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("R0", 0),
        ("Y5", 5),
        ("G9", 9),
        ("BS", 20),
        ("RR", 20),
        ("Y+2", 20),
        ("W", 50),
        ("W+4", 50),
    ],
)
def test_card_points_classic(code: str, points: int) -> None:
    assert any_card(Game(Rules(), 2, 0), code).points == points


def test_card_points_of_the_other_decks() -> None:
    uno2023 = deck(DeckKind.UNO2023)
    house = deck(DeckKind.HOUSE_RULES)
    assert find_cards(uno2023, ["WSH"])[0].points == 50
    assert find_cards(uno2023, ["WC"])[0].points == 50
    assert [c.points for c in find_cards(house, ["WGC", "R3H", "B5H", "G0", "Y+2"])] == [
        50,
        3,
        5,
        0,
        20,
    ]


def test_round_end_scores_the_other_hands_and_the_winner_deals_next() -> None:
    rules = Rules(first_card=FirstCard.FLIP_UNTIL_NUMBER)
    game = new_game([["G9"], ["R1"], ["B3"]], "R5", ["Y7"], rules=rules)
    assert act(game, Draw(0)) == [("CardsDrawn", 0, ("Y7",), DrawReason.TURN, 0), ("Passed", 0)]
    assert play(game, 1, "R1") == [
        ("CardPlayed", 1, "R1", False),
        ("WentOut", 1, 1),
        (
            "RoundEnded",
            1,
            19,
            (("HandScore", 0, ("G9", "Y7"), 16), ("HandScore", 2, ("B3",), 3)),
            (0, 19, 0),
            False,
            (),
        ),
    ]
    check(
        game,
        hands=[["G9", "Y7"], [], ["B3"]],
        discard=["R5", "R1"],
        draw=103,
        turn=1,
        actor=1,
        color=RED,
        phase=Phase.ROUND_OVER,
    )
    assert game.scores == [0, 19, 0]
    # The winner (seat 1) deals the next hand: only the dealer may start it.
    assert game.dealer == 1
    assert legal(game) == [("NextRound", 1)]
    assert_illegal(game, NextRound(2), "waiting on seat 1 to deal the next hand")
    assert_illegal(game, Draw(2), "waiting on seat 1 to deal the next hand")
    events = act(game, NextRound(1))
    assert events[0] == ("RoundStarted", 2, 1)
    assert events[1][0] == "CardsDealt" and events[1][1] == 1
    assert [seat for seat, _ in events[1][2]] == [2, 0, 1]  # dealt from the dealer's left
    assert game.round == 2
    assert game.turn == game.actor == 2  # the player left of the dealer starts
    assert game.phase is PLAY and game.direction == 1
    assert [len(h) for h in game.hands] == [1, 1, 1]
    assert game.top.rank.is_number and game.color is game.top.color
    assert count_cards(game) == 108
    assert game.scores == [0, 19, 0]


def test_next_dealer_rotates_left_when_chosen() -> None:
    rules = Rules(first_card=FirstCard.FLIP_UNTIL_NUMBER, next_dealer=NextDealer.ROTATE)
    game = new_game([["G9"], ["R1"], ["B3"]], "R5", ["Y7"], rules=rules)
    act(game, Draw(0))
    play(game, 1, "R1")
    assert game.phase is Phase.ROUND_OVER
    assert game.dealer == 0  # seat 2 dealt; the deal passes left, whoever won
    assert legal(game) == [("NextRound", 0)]
    assert_illegal(game, NextRound(1), "waiting on seat 0 to deal the next hand")
    assert act(game, NextRound(0))[0] == ("RoundStarted", 2, 0)
    assert game.turn == game.actor == 1
    assert game.phase is PLAY


def test_one_hand_worth_500_wins_the_match() -> None:
    """Two players: seat 0 chains Skips and Reverses (a Reverse is a Skip with two players)
    and goes out on a Draw Two; seat 1 is left with every wild and 5 Draw Twos: 500 points."""
    chain = ["RS", "GS", "GR", "YR", "YS", "BS", "BR", "RR", "RS", "GS"]
    wilds = ["W", "W", "W", "W", "W+4", "W+4", "W+4", "W+4"]
    game = new_game([[*chain, "G+2"], [*wilds, "R+2", "Y+2", "B+2"]], "R5", ["R+2", "Y+2"])
    assert game.rules.target_for(2) == 500
    hand = [*chain, "G+2"]
    direction = 1
    for i, code in enumerate(chain):
        expected: list[Any] = [("CardPlayed", 0, code, False)]
        if code.endswith("R"):
            direction = -direction
            expected.append(("DirectionChanged", direction))
        expected.append(("Skipped", 1))
        if len(hand) == 2:
            assert act(game, CallUno(0)) == [("UnoCalled", 0)]
        assert play(game, 0, code) == expected
        hand.remove(code)
        check(
            game,
            hands=[hand, [*wilds, "R+2", "Y+2", "B+2"]],
            discard=["R5", *chain[: i + 1]],
            draw=85,
            turn=0,
            color=Color({"R": "red", "G": "green", "Y": "yellow", "B": "blue"}[code[0]]),
            direction=direction,
        )
    left = (*wilds, "R+2", "Y+2", "B+2", "R+2", "Y+2")
    assert play(game, 0, "G+2") == [
        ("CardPlayed", 0, "G+2", False),
        ("WentOut", 0, 1),
        ("CardsDrawn", 1, ("R+2", "Y+2"), DrawReason.DRAW_TWO, 0),
        ("RoundEnded", 0, 500, (("HandScore", 1, left, 500),), (500, 0), False, ()),
        ("MatchEnded", (0,), (500, 0)),
    ]
    assert game.phase is Phase.MATCH_OVER and game.is_over
    assert legal(game) == []
    assert_illegal(game, NextRound(0), "the match is over")
    assert_illegal(game, Draw(1), "the match is over")


def quick_game(players: int, rules: Rules) -> Game:
    hands = [["RS", "R1"], ["W", "W+4"], ["B+2", "Y9"]][:players]
    return new_game(hands, "R5", ["G3"], rules=rules)


def go_out_with_skip(game: Game) -> list[Any]:
    """Seat 0 calls UNO, plays its red Skip and (after seat 2's draw, with 3 players) its 1."""
    act(game, CallUno(0))
    play(game, 0, "RS")
    if game.players == 3:
        assert act(game, Draw(2)) == [
            ("CardsDrawn", 2, ("G3",), DrawReason.TURN, 0),
            ("Passed", 2),
        ]
    assert game.turn == 0
    return play(game, 0, "R1")


def test_quick_target_is_100_for_two_players() -> None:
    rules = Rules(target_mode=TargetMode.QUICK)
    game = quick_game(2, rules)
    assert rules.target_for(2) == 100
    assert go_out_with_skip(game) == [
        ("CardPlayed", 0, "R1", False),
        ("WentOut", 0, 1),
        ("RoundEnded", 0, 100, (("HandScore", 1, ("W", "W+4"), 100),), (100, 0), False, ()),
        ("MatchEnded", (0,), (100, 0)),
    ]
    assert game.phase is Phase.MATCH_OVER


def test_quick_target_is_200_for_three_or_four_players() -> None:
    rules = Rules(target_mode=TargetMode.QUICK)
    assert [rules.target_for(n) for n in (3, 4)] == [200, 200]
    game = quick_game(3, rules)
    hands = (("HandScore", 1, ("W", "W+4"), 100), ("HandScore", 2, ("B+2", "Y9", "G3"), 32))
    assert go_out_with_skip(game) == [
        ("CardPlayed", 0, "R1", False),
        ("WentOut", 0, 1),
        ("RoundEnded", 0, 132, hands, (132, 0, 0), False, ()),
    ]
    assert game.phase is Phase.ROUND_OVER
    # The same hand ends a match played to 100 points.
    game = quick_game(3, Rules(target_points=100))
    assert go_out_with_skip(game)[-1] == ("MatchEnded", (0,), (132, 0, 0))


def test_single_hand_match_ends_after_one_hand() -> None:
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    assert rules.target_for(3) is None
    game = quick_game(3, rules)
    events = go_out_with_skip(game)
    assert events[-2][:3] == ("RoundEnded", 0, 132)
    assert events[-1] == ("MatchEnded", (0,), (132, 0, 0))
    assert game.phase is Phase.MATCH_OVER
    assert legal(game) == []


# ---------------------------------------------------------------------------- 11. validation


@pytest.mark.parametrize(
    ("rules", "players", "message"),
    [
        (Rules(), 1, "UNO is played by 2 to 10 players, not 1"),
        (Rules(), 11, "UNO is played by 2 to 10 players, not 11"),
        (Rules(teams=True), 3, "2v2 teams need exactly 4 players"),
        (Rules(teams=True), 6, "2v2 teams need exactly 4 players"),
        (Rules(hand_size=0), 4, "the hand size must be 1 to 15 cards, not 0"),
        (Rules(hand_size=16), 2, "the hand size must be 1 to 15 cards, not 16"),
        (Rules(hand_size=10), 10, "10 hands of 10 cards need too many cards"),
        (Rules(uno_penalty=-1), 4, "the UNO penalty must be 0 to 10 cards, not -1"),
        (Rules(target_points=0), 4, "the target must be 1 to 100000 points, not 0"),
        (
            Rules(play_until_one_left=True),
            4,
            "'play until all but one are out' ranks players by finishing order",
        ),
    ],
)
def test_rules_validation_refuses_unplayable_setups(
    rules: Rules, players: int, message: str
) -> None:
    with pytest.raises(RulesError) as info:
        rules.validate(players)
    assert message in str(info.value)
    with pytest.raises(RulesError):
        Game(rules, players, 0)


def test_rules_validation_accepts_the_limits() -> None:
    Rules().validate(2)
    Rules().validate(10)
    Rules(teams=True).validate(4)
    Rules(hand_size=15).validate(6)
    Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND).validate(5)
    game = Game(Rules(hand_size=15), 6, 3)
    assert [len(h) for h in game.hands] == [15] * 6


def test_rules_dict_round_trip() -> None:
    import json

    changed = Rules(
        deck=DeckKind.HOUSE_RULES,
        hand_size=5,
        first_card=FirstCard.FLIP_UNTIL_NUMBER,
        wd4_wilds_count_as_color=True,
        wd4_bluffing=False,
        challenge_outcome=ChallengeOutcome.RETURN_CARD,
        draw_mode=DrawMode.UNTIL_PLAYABLE,
        force_play=True,
        uno_penalty=4,
        target_mode=TargetMode.QUICK,
        target_points=250,
        next_dealer=NextDealer.ROTATE,
        custom_effects=(),
    )
    for rules in (Rules(), changed):
        data = rules.to_dict()
        assert Rules.from_dict(data) == rules
        assert Rules.from_dict(json.loads(json.dumps(data))) == rules
    data = changed.to_dict()
    assert data["deck"] == "house-rules"
    assert data["challenge_outcome"] == "return-card"
    assert data["custom_effects"] == []
    assert Rules().to_dict()["custom_effects"] == ["others-draw-1"]
    # A partial dict keeps the defaults for everything else.
    assert Rules.from_dict({"hand_size": 5}) == Rules(hand_size=5)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "red"}, "unknown rule switches: colour"),
        ({"hand_size": "7"}, "hand_size must be a whole number, not '7'"),
        ({"hand_size": True}, "hand_size must be a whole number, not True"),
        ({"hand_size": 7.0}, "hand_size must be a whole number"),
        ({"wd4_bluffing": 1}, "wd4_bluffing must be true or false, not 1"),
        ({"draw_mode": "sometimes"}, "draw_mode cannot be 'sometimes'; choose one of: draw-one"),
        ({"deck": "tarot"}, "deck cannot be 'tarot'; choose one of: classic, uno2023, house-rules"),
        ({"custom_effects": "swap-hands"}, "custom_effects must be a list"),
        ({"custom_effects": ["fly"]}, "custom_effects cannot be 'fly'"),
        (["hand_size", 7], "the rules must be a JSON object"),
    ],
)
def test_rules_from_dict_refuses_unknown_or_mistyped_fields(data: Any, message: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert message in str(info.value)


# ---------------------------------------------------------------------------- 12. decks


def per_color(counts: dict[str, int]) -> Counter[str]:
    return Counter({color.letter + code: n for color in COLORS for code, n in counts.items()})


CLASSIC_COLOR = {"0": 1, **{str(n): 2 for n in range(1, 10)}, "S": 2, "R": 2, "+2": 2}


def test_classic_deck_has_108_cards() -> None:
    cards = deck(DeckKind.CLASSIC)
    assert len(cards) == 108
    assert [c.uid for c in cards] == list(range(108))
    expected = per_color(CLASSIC_COLOR) + Counter({"W": 4, "W+4": 4})
    assert Counter(c.code for c in cards) == expected
    assert all(sum(1 for c in cards if c.color is color) == 25 for color in COLORS)
    assert sum(c.points for c in cards) == 4 * (90 + 120) + 8 * 50


def test_uno2023_deck_adds_shuffle_hands_and_three_customizable() -> None:
    cards = deck(DeckKind.UNO2023)
    assert len(cards) == 112
    expected = per_color(CLASSIC_COLOR) + Counter({"W": 4, "W+4": 4, "WSH": 1, "WC": 3})
    assert Counter(c.code for c in cards) == expected
    assert all(c.is_wild for c in cards if c.rank >= Rank.WILD)


def test_house_rules_deck_is_the_listed_112_cards() -> None:
    cards = deck(DeckKind.HOUSE_RULES)
    assert len(cards) == 112
    blue_red = {"1": 2, "2": 1, "3": 2, "4": 1, "5": 2, "6": 2, "7": 1, "8": 2, "9": 1}
    green_yellow = {"0": 1, "1": 1, "2": 2, "3": 1, "4": 2, "5": 1, "6": 1, "7": 2, "8": 1}
    green_yellow["9"] = 2
    house = {f"{n}H": 1 for n in range(1, 6)}
    actions = {"S": 2, "R": 2, "+2": 2}
    expected: Counter[str] = Counter({"W": 4, "W+4": 4, "WGC": 4})
    for color in COLORS:
        numbers = blue_red if color in (BLUE, RED) else green_yellow
        for code, n in {**numbers, **house, **actions}.items():
            expected[color.letter + code] += n
    assert Counter(c.code for c in cards) == expected
    for color in COLORS:
        mine = [c for c in cards if c.color is color]
        assert len([c for c in mine if c.rank.is_number]) == 19  # "19 Blue Cards" etc.
        assert len(mine) == 25
        assert [c.rank for c in mine if c.house_rule] == [Rank(n) for n in range(1, 6)]
    assert not any(c.rank is Rank.ZERO and c.color in (BLUE, RED) for c in cards)
    assert sum(1 for c in cards if c.rank is Rank.DRAW_TWO) == 8
    assert sum(1 for c in cards if c.rank is Rank.REVERSE) == 8
    assert sum(1 for c in cards if c.rank is Rank.SKIP) == 8


# ---------------------------------------------------------------------------- 13. determinism


def play_out(game: Game, steps: int) -> list[str]:
    """Apply the first legal action ``steps`` times; the digest after each one."""
    digests = []
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
        digests.append(game.state_digest())
    return digests


def test_same_seed_and_actions_give_the_same_game() -> None:
    first = Game(Rules(), 4, 1234)
    second = Game(Rules(), 4, 1234)
    assert first.state_digest() == second.state_digest()
    assert hand_codes(first) == hand_codes(second)
    digests = play_out(first, 200)
    assert len(set(digests)) > 150  # the game really moved on
    assert play_out(second, 200) == digests
    assert evs(first.log) == evs(second.log)
    assert first.state_digest() == second.state_digest()


def test_a_different_seed_deals_differently() -> None:
    one = Game(Rules(), 4, 1)
    two = Game(Rules(), 4, 2)
    assert hand_codes(one) != hand_codes(two)
    assert one.state_digest() != two.state_digest()
    # The seed also drives the shuffle under a stacked top of the deck.
    a = new_game([["R1"], ["G1"]], "B5", seed=1)
    b = new_game([["R1"], ["G1"]], "B5", seed=2)
    assert hand_codes(a) == hand_codes(b)
    assert codes(a.draw_pile) != codes(b.draw_pile)
