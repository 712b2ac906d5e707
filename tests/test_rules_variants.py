"""Scenario tests for the 2023 cards, House Rules! and the popular house-rule switches.

Every scenario deals exact hands from a stacked deck and checks, after each action, the
hands, the piles, whose turn it is, who must act, the phase, the direction, the current
color and the exact events returned by ``Game.apply``. Illegal actions must raise
``IllegalAction`` with a reason and leave the state untouched.
"""

from __future__ import annotations

import dataclasses
import random
from enum import Enum
from typing import Any

import pytest

from game.actions import (
    Action,
    CallUno,
    Catch,
    ChooseColor,
    ChooseCustomEffect,
    ChooseSwap,
    Draw,
    FinishCustomEffects,
    JumpIn,
    Play,
)
from game.cards import Card, Color, DeckKind
from game.engine import Game, IllegalAction, Phase, shuffle
from game.events import DrawReason
from game.rules import CustomEffect, Rules
from tests.helpers import codes, hand_codes, new_game, rules_events

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
UNO2023 = Rules(deck=DeckKind.UNO2023)
HOUSE = Rules(deck=DeckKind.HOUSE_RULES)


# ---------------------------------------------------------------------------- helpers


def norm(value: Any) -> Any:
    """Events as plain tuples: the class name, then each field; cards become their codes."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__name__, *(norm(getattr(value, f.name)) for f in fields))
    if isinstance(value, tuple | list):
        return tuple(norm(v) for v in value)
    return value


def act(game: Game, action: Action) -> list[Any]:
    """Apply a legal action (it must be listed by legal_actions) and return normalized events."""
    assert action in game.legal_actions(), f"{action} should be legal"
    return [norm(e) for e in rules_events(game.apply(action))]


def card(game: Game, seat: int, code: str) -> Card:
    """The first card named ``code`` in ``seat``'s hand."""
    for c in game.hands[seat]:
        if c.code == code:
            return c
    raise AssertionError(f"seat {seat} holds no {code}: {codes(game.hands[seat])}")


def play(game: Game, seat: int, code: str) -> Play:
    return Play(seat, card(game, seat, code))


def jump(game: Game, seat: int, code: str) -> JumpIn:
    return JumpIn(seat, card(game, seat, code))


def check(
    game: Game,
    hands: list[list[str]],
    *,
    top: str,
    turn: int,
    actor: int,
    phase: Phase,
    color: Color | None,
    direction: int = 1,
    discard: list[str] | None = None,
    draw: int | None = None,
) -> None:
    assert hand_codes(game) == hands
    assert game.top.code == top
    assert (game.turn, game.actor, game.phase) == (turn, actor, phase)
    assert game.direction == direction
    assert game.color is color
    if discard is not None:
        assert codes(game.discard) == discard
    if draw is not None:
        assert len(game.draw_pile) == draw


def illegal(game: Game, action: Action, *why: str) -> None:
    """The action is refused with a message containing every fragment of ``why``."""
    assert action not in game.legal_actions()
    before = game.state_digest()
    log = len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for fragment in why:
        assert fragment in message, message
    assert game.state_digest() == before
    assert len(game.log) == log


def drawn(seat: int, cards: list[str], reason: DrawReason, missing: int = 0) -> tuple[Any, ...]:
    return ("CardsDrawn", seat, tuple(cards), reason, missing)


def deck_size(game: Game) -> int:
    return len(game.draw_pile) + len(game.discard) + sum(len(h) for h in game.hands)


# ---------------------------------------------------------------------------- Wild Shuffle Hands


def expected_shuffle(game: Game, player: int, played: str) -> list[tuple[int, str]]:
    """Reproduce the deal: gather the active hands in seat order (without the card just
    played), shuffle them with a copy of the game's generator, deal from seat player+1."""
    pool = [c for p in range(game.players) for c in game.hands[p]]
    pool.remove(card(game, player, played))
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    shuffle(rng, pool)
    return [((player + 1 + i) % game.players, c.code) for i, c in enumerate(pool)]


def test_wild_shuffle_hands_deals_from_the_left_then_its_player_names_the_color() -> None:
    game = new_game(
        [["WSH", "R1", "R2"], ["G3", "G4", "G5"], ["B6", "B7", "B8"]],
        "R9",
        ["Y1", "Y2"],
        rules=UNO2023,
        seed=11,
    )
    total = deck_size(game)
    deals = expected_shuffle(game, 0, "WSH")
    assert [seat for seat, _ in deals] == [1, 2, 0, 1, 2, 0, 1, 2]
    assert sorted(code for _, code in deals) == ["B6", "B7", "B8", "G3", "G4", "G5", "R1", "R2"]
    events = act(game, play(game, 0, "WSH"))
    assert events == [
        ("CardPlayed", 0, "WSH", False),
        ("HandsShuffled", 0, tuple(deals)),
    ]
    new_hands: list[list[str]] = [[], [], []]
    for seat, code in deals:
        new_hands[seat].append(code)
    assert [len(h) for h in new_hands] == [2, 3, 3]  # sizes differ by at most one
    # The hands really were shuffled: this seed does not give everyone their own cards back.
    assert new_hands != [["R1", "R2"], ["G3", "G4", "G5"], ["B6", "B7", "B8"]]
    check(game, new_hands, top="WSH", turn=0, actor=0, phase=Phase.COLOR, color=RED)
    assert deck_size(game) == total
    # Only the player of the card names the color; nobody plays meanwhile.
    illegal(game, ChooseColor(1, GREEN), "waiting on seat 0 to name a color")
    illegal(game, Draw(1), "waiting on seat 0 to name a color")
    assert act(game, ChooseColor(0, GREEN)) == [("ColorChosen", 0, GREEN)]
    check(
        game,
        new_hands,
        top="WSH",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
        discard=["R9", "WSH"],
    )


def test_wild_shuffle_hands_keeps_the_counter_clockwise_direction() -> None:
    # A Reverse turned first: the dealer (seat 2) starts and play runs counter-clockwise.
    game = new_game(
        [["B1", "B2"], ["G3", "G4"], ["WSH", "Y5"]],
        "YR",
        rules=UNO2023,
        seed=3,
    )
    check(
        game,
        [["B1", "B2"], ["G3", "G4"], ["WSH", "Y5"]],
        top="YR",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=YELLOW,
        direction=-1,
    )
    deals = expected_shuffle(game, 2, "WSH")
    # Dealt one at a time from the player to the LEFT of seat 2 (seat 0), whatever the direction.
    assert [seat for seat, _ in deals] == [0, 1, 2, 0, 1]
    events = act(game, play(game, 2, "WSH"))
    assert events == [("CardPlayed", 2, "WSH", False), ("HandsShuffled", 2, tuple(deals))]
    hands: list[list[str]] = [[], [], []]
    for seat, code in deals:
        hands[seat].append(code)
    assert act(game, ChooseColor(2, BLUE)) == [("ColorChosen", 2, BLUE)]
    check(game, hands, top="WSH", turn=1, actor=1, phase=Phase.PLAY, color=BLUE, direction=-1)


def test_wild_shuffle_hands_leaving_its_player_one_card_obliges_uno() -> None:
    # Five cards go round three players from seat 1: seat 0 (the player) ends with one card.
    game = new_game(
        [["WSH", "R1"], ["G3", "G4"], ["B6", "B7"]], "R9", ["Y1", "Y2", "Y3"], rules=UNO2023
    )
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    deals = expected_shuffle(game, 0, "WSH")
    events = act(game, play(game, 0, "WSH"))
    assert events == [("CardPlayed", 0, "WSH", False), ("HandsShuffled", 0, tuple(deals))]
    hands: list[list[str]] = [[], [], []]
    for seat, code in deals:
        hands[seat].append(code)
    assert [len(h) for h in hands] == [1, 2, 2]
    # The earlier UNO call was for another hand: it must be called again.
    assert game.uno_said == [False, False, False]
    assert game.catchable == [0]
    assert Catch(1, 0) in game.legal_actions() and CallUno(0) in game.legal_actions()
    assert act(game, ChooseColor(0, RED)) == [("ColorChosen", 0, RED)]
    assert act(game, Catch(2, 0)) == [
        ("UnoCaught", 2, 0),
        drawn(0, ["Y1", "Y2"], DrawReason.UNO_CAUGHT),
    ]
    hands[0] += ["Y1", "Y2"]
    check(game, hands, top="WSH", turn=1, actor=1, phase=Phase.PLAY, color=RED)
    illegal(game, Catch(1, 0), "seat 0 cannot be caught now")


def test_wild_shuffle_hands_as_the_last_card_just_ends_the_hand() -> None:
    game = new_game([["WSH", "R1"], ["R3", "G4"]], "R9", rules=UNO2023)
    assert act(game, CallUno(0)) == [("UnoCalled", 0)]
    assert act(game, play(game, 0, "R1")) == [("CardPlayed", 0, "R1", False)]
    assert act(game, play(game, 1, "R3")) == [("CardPlayed", 1, "R3", False)]
    assert act(game, play(game, 0, "WSH")) == [
        ("CardPlayed", 0, "WSH", False),
        ("WentOut", 0, 1),
        ("RoundEnded", 0, 4, (("HandScore", 1, ("G4",), 4),), (4, 0), False, ()),
    ]
    assert hand_codes(game) == [[], ["G4"]]
    assert game.phase is Phase.ROUND_OVER and game.actor == 0
    assert game.scores == [4, 0]
    assert codes(game.discard) == ["R9", "R1", "R3", "WSH"]


# ---------------------------------------------------------------------------- Wild Customizable

WC_HANDS = [["WC", "R1", "B2"], ["G3", "G4", "G5"], ["B6", "B7", "B8"], ["Y1", "Y2", "Y3"]]
WC_DRAWS = ["R5", "R6", "R7", "R8"]


def wc_game(*effects: CustomEffect) -> Game:
    game = new_game(WC_HANDS, "R9", WC_DRAWS, rules=UNO2023.with_changes(custom_effects=effects))
    assert game.custom_effects == effects
    assert act(game, play(game, 0, "WC")) == [("CardPlayed", 0, "WC", False)]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=0,
        actor=0,
        phase=Phase.COLOR,
        color=RED,
    )
    return game


def test_wild_customizable_discard_color() -> None:
    game = wc_game(CustomEffect.DISCARD_COLOR)
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.DISCARD_COLOR),
        ("CardsDiscarded", 0, ("B2",)),
    ]
    # The discarded cards go under the Wild Customizable, which stays on top.
    check(
        game,
        [["R1"], *WC_HANDS[1:]],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
        discard=["R9", "B2", "WC"],
    )
    # Left with one card by the effect: seat 0 must call UNO and can be caught.
    assert game.catchable == [0]
    assert act(game, Catch(3, 0)) == [
        ("UnoCaught", 3, 0),
        drawn(0, ["R5", "R6"], DrawReason.UNO_CAUGHT),
    ]


def test_wild_customizable_reverse() -> None:
    game = wc_game(CustomEffect.REVERSE)
    assert act(game, ChooseColor(0, GREEN)) == [
        ("ColorChosen", 0, GREEN),
        ("CustomEffectApplied", 0, CustomEffect.REVERSE),
        ("DirectionChanged", -1),
    ]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=3,
        actor=3,
        phase=Phase.PLAY,
        color=GREEN,
        direction=-1,
    )


def test_wild_customizable_every_other_player_draws_one() -> None:
    game = wc_game(CustomEffect.OTHERS_DRAW_1)
    assert act(game, ChooseColor(0, GREEN)) == [
        ("ColorChosen", 0, GREEN),
        ("CustomEffectApplied", 0, CustomEffect.OTHERS_DRAW_1),
        drawn(1, ["R5"], DrawReason.CUSTOM_EFFECT),
        drawn(2, ["R6"], DrawReason.CUSTOM_EFFECT),
        drawn(3, ["R7"], DrawReason.CUSTOM_EFFECT),
    ]
    check(
        game,
        [["R1", "B2"], [*WC_HANDS[1], "R5"], [*WC_HANDS[2], "R6"], [*WC_HANDS[3], "R7"]],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
    )


def test_wild_customizable_next_player_draws_two_and_still_plays() -> None:
    game = wc_game(CustomEffect.NEXT_DRAWS_2)
    assert act(game, ChooseColor(0, YELLOW)) == [
        ("ColorChosen", 0, YELLOW),
        ("CustomEffectApplied", 0, CustomEffect.NEXT_DRAWS_2),
        drawn(1, ["R5", "R6"], DrawReason.CUSTOM_EFFECT),
    ]
    # The effect says draw 2, not lose the turn: seat 1 plays next.
    check(
        game,
        [["R1", "B2"], [*WC_HANDS[1], "R5", "R6"], WC_HANDS[2], WC_HANDS[3]],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=YELLOW,
    )


def test_wild_customizable_swap_hands_with_a_chosen_player() -> None:
    game = wc_game(CustomEffect.SWAP_HANDS)
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.SWAP_HANDS),
    ]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=0,
        actor=0,
        phase=Phase.SWAP,
        color=BLUE,
    )
    assert sorted(a.target for a in game.legal_actions() if isinstance(a, ChooseSwap)) == [1, 2, 3]
    illegal(game, ChooseSwap(0, 0), "you cannot swap hands with yourself")
    illegal(game, ChooseSwap(1, 0), "waiting on seat 0 to pick a player to swap hands with")
    illegal(game, play(game, 1, "G3"), "seat 0 to pick a player to swap hands with")
    assert act(game, ChooseSwap(0, 2)) == [("HandsSwapped", 0, 2, ("B6", "B7", "B8"), ("R1", "B2"))]
    check(
        game,
        [["B6", "B7", "B8"], ["G3", "G4", "G5"], ["R1", "B2"], ["Y1", "Y2", "Y3"]],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
    )


def test_wild_customizable_everyone_passes_their_hand() -> None:
    game = wc_game(CustomEffect.PASS_HANDS)
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.PASS_HANDS),
        (
            "HandsPassed",
            1,
            ((0, 1), (1, 2), (2, 3), (3, 0)),
            (("Y1", "Y2", "Y3"), ("R1", "B2"), ("G3", "G4", "G5"), ("B6", "B7", "B8")),
        ),
    ]
    check(
        game,
        [["Y1", "Y2", "Y3"], ["R1", "B2"], ["G3", "G4", "G5"], ["B6", "B7", "B8"]],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
    )


def test_wild_customizable_skip_next() -> None:
    game = wc_game(CustomEffect.SKIP_NEXT)
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.SKIP_NEXT),
        ("Skipped", 1),
    ]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=BLUE,
    )


def test_wild_customizable_play_again() -> None:
    game = wc_game(CustomEffect.PLAY_AGAIN)
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.PLAY_AGAIN),
    ]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=BLUE,
    )
    illegal(game, play(game, 0, "R1"), "Red 1 does not match", "play blue or a wild")
    assert act(game, play(game, 0, "B2")) == [("CardPlayed", 0, "B2", False)]
    check(
        game,
        [["R1"], *WC_HANDS[1:]],
        top="B2",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=BLUE,
    )


def test_wild_customizable_next_draws_two_and_play_again() -> None:
    game = wc_game(CustomEffect.NEXT_DRAWS_2, CustomEffect.PLAY_AGAIN)
    assert act(game, ChooseColor(0, RED)) == [
        ("ColorChosen", 0, RED),
        ("CustomEffectApplied", 0, CustomEffect.NEXT_DRAWS_2),
        drawn(1, ["R5", "R6"], DrawReason.CUSTOM_EFFECT),
        ("CustomEffectApplied", 0, CustomEffect.PLAY_AGAIN),
    ]
    check(
        game,
        [["R1", "B2"], [*WC_HANDS[1], "R5", "R6"], WC_HANDS[2], WC_HANDS[3]],
        top="WC",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )
    illegal(game, play(game, 1, "R5"), "waiting on seat 0 to play or draw")


def test_wild_customizable_reverse_then_skip_next() -> None:
    game = wc_game(CustomEffect.REVERSE, CustomEffect.SKIP_NEXT)
    assert act(game, ChooseColor(0, YELLOW)) == [
        ("ColorChosen", 0, YELLOW),
        ("CustomEffectApplied", 0, CustomEffect.REVERSE),
        ("DirectionChanged", -1),
        ("CustomEffectApplied", 0, CustomEffect.SKIP_NEXT),
        ("Skipped", 3),
    ]
    check(
        game,
        [["R1", "B2"], *WC_HANDS[1:]],
        top="WC",
        turn=2,
        actor=2,
        phase=Phase.PLAY,
        color=YELLOW,
        direction=-1,
    )


def test_wild_customizable_swap_then_skip_runs_the_effects_after_the_swap() -> None:
    # The effects after the swap wait for it, then run, each announced: the skip lands on the
    # player after the one who played the wild.
    game = wc_game(CustomEffect.SWAP_HANDS, CustomEffect.SKIP_NEXT)
    assert act(game, ChooseColor(0, GREEN)) == [
        ("ColorChosen", 0, GREEN),
        ("CustomEffectApplied", 0, CustomEffect.SWAP_HANDS),
    ]
    assert act(game, ChooseSwap(0, 2)) == [
        ("HandsSwapped", 0, 2, ("B6", "B7", "B8"), ("R1", "B2")),
        ("CustomEffectApplied", 0, CustomEffect.SKIP_NEXT),
        ("Skipped", 1),
    ]
    assert game.phase is Phase.PLAY and game.actor == 2


def test_wild_customizable_others_draw_then_swap() -> None:
    game = wc_game(CustomEffect.OTHERS_DRAW_1, CustomEffect.SWAP_HANDS)
    assert act(game, ChooseColor(0, GREEN)) == [
        ("ColorChosen", 0, GREEN),
        ("CustomEffectApplied", 0, CustomEffect.OTHERS_DRAW_1),
        drawn(1, ["R5"], DrawReason.CUSTOM_EFFECT),
        drawn(2, ["R6"], DrawReason.CUSTOM_EFFECT),
        drawn(3, ["R7"], DrawReason.CUSTOM_EFFECT),
        ("CustomEffectApplied", 0, CustomEffect.SWAP_HANDS),
    ]
    assert game.phase is Phase.SWAP and game.actor == 0
    assert act(game, ChooseSwap(0, 3)) == [
        ("HandsSwapped", 0, 3, ("Y1", "Y2", "Y3", "R7"), ("R1", "B2"))
    ]
    check(
        game,
        [
            ["Y1", "Y2", "Y3", "R7"],
            ["G3", "G4", "G5", "R5"],
            ["B6", "B7", "B8", "R6"],
            ["R1", "B2"],
        ],
        top="WC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
    )


def test_wild_customizable_next_draws_two_as_the_last_card_draws_before_scoring() -> None:
    game = new_game(
        [["WC", "R1"], ["R3", "G4"]],
        "R9",
        ["Y5", "Y6"],
        rules=UNO2023.with_changes(custom_effects=(CustomEffect.NEXT_DRAWS_2,)),
    )
    act(game, CallUno(0))
    act(game, play(game, 0, "R1"))
    act(game, play(game, 1, "R3"))
    assert act(game, play(game, 0, "WC")) == [
        ("CardPlayed", 0, "WC", False),
        ("WentOut", 0, 1),
        drawn(1, ["Y5", "Y6"], DrawReason.CUSTOM_EFFECT),
        (
            "RoundEnded",
            0,
            15,
            (("HandScore", 1, ("G4", "Y5", "Y6"), 15),),
            (15, 0),
            False,
            (),
        ),
    ]


def test_host_composes_the_wild_customizable_effect_before_the_first_deal() -> None:
    rules = UNO2023.with_changes(custom_effects=())
    hands = [["WC", "R1", "B2"], ["G3", "G4", "G5"]]
    game = new_game(hands, "R9", ["Y1", "Y2"], rules=rules)
    assert game.phase is Phase.SETUP and game.actor == 0 and game.round == 0
    assert game.log == [] and hand_codes(game) == [[], []]
    assert game.legal_actions() == [ChooseCustomEffect(0, e) for e in CustomEffect]
    illegal(game, FinishCustomEffects(0), "not allowed while seat 0 to compose")
    illegal(game, ChooseCustomEffect(1, CustomEffect.REVERSE), "waiting on seat 0 to compose")
    assert act(game, ChooseCustomEffect(0, CustomEffect.PLAY_AGAIN)) == [
        ("CustomEffectChosen", 0, CustomEffect.PLAY_AGAIN)
    ]
    illegal(game, ChooseCustomEffect(0, CustomEffect.PLAY_AGAIN), "compose")
    assert act(game, ChooseCustomEffect(0, CustomEffect.NEXT_DRAWS_2)) == [
        ("CustomEffectChosen", 0, CustomEffect.NEXT_DRAWS_2)
    ]
    assert game.phase is Phase.SETUP and FinishCustomEffects(0) in game.legal_actions()
    events = act(game, FinishCustomEffects(0))
    assert [e[0] for e in events] == ["RoundStarted", "CardsDealt", "FirstCardTurned"]
    assert events[0] == ("RoundStarted", 1, 1)
    assert events[2] == ("FirstCardTurned", "R9")
    # Applied in catalogue order, whatever order they were picked in.
    assert game.custom_effects == (CustomEffect.NEXT_DRAWS_2, CustomEffect.PLAY_AGAIN)
    check(game, hands, top="R9", turn=0, actor=0, phase=Phase.PLAY, color=RED)
    act(game, play(game, 0, "WC"))
    assert act(game, ChooseColor(0, BLUE)) == [
        ("ColorChosen", 0, BLUE),
        ("CustomEffectApplied", 0, CustomEffect.NEXT_DRAWS_2),
        drawn(1, ["Y1", "Y2"], DrawReason.CUSTOM_EFFECT),
        ("CustomEffectApplied", 0, CustomEffect.PLAY_AGAIN),
    ]
    check(
        game,
        [["R1", "B2"], ["G3", "G4", "G5", "Y1", "Y2"]],
        top="WC",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=BLUE,
    )
