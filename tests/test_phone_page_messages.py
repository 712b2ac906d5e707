"""What a phone is told, without a browser: the drawn card's own button, prompts that name only
the answers the seat has, what a challenge risks (checked against the engine's real draw) and
what it showed, and the round's result as rows with the holder called "you" in good grammar.

The states are real games dealt from stacked decks (tests/helpers.py); the hub is given an
outlet that keeps every message, as in tests/test_remote_protocol.py.
"""

from __future__ import annotations

import pytest

from game.actions import Challenge, ChooseColor, Draw, Play
from game.cards import Color
from game.engine import Game, Phase
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound, challenge_cost, state_message
from game.rules import Rules, Stacking
from tests.helpers import Outlet, new_game

pytestmark = pytest.mark.bare_app

NAMES = ["Maria", "Ana", "Bo"]
MARIA = ["Y1", "Y2", "G3", "B4", "G6", "Y8", "B9"]


def wild_draw_four(bluff: bool, rules: Rules | None = None) -> Game:
    """Ana (seat 1) has just played a Wild Draw Four at Maria (seat 0), naming blue; it is a
    bluff when she held a card of the red in force."""
    ana = ["W+4", "G1", "B2", "R3" if bluff else "Y3", "G4", "B6", "Y6"]
    game = new_game([MARIA, ana], ["R5"], ["G7", "B7"], rules=rules, dealer=0)
    game.apply(Play(1, next(c for c in game.hands[1] if c.code == "W+4")))
    game.apply(ChooseColor(1, Color.BLUE))
    return game


def test_a_drawn_card_gets_a_play_it_button_beside_keep_it() -> None:
    game = new_game([["R1", "R2", "G3"], ["G1", "G2", "Y3"]], "B5", ["B7"])
    game.apply(Draw(0))
    message = state_message(game.view(0), NAMES[:2], [])
    drawn = game.hands[0][-1]
    assert message["drawn"] == {"id": drawn.uid, "name": "Blue 7", "face": "B7"}
    assert message["prompt"] == "You drew Blue 7: play it, or keep it."
    actions = [b["action"] for b in message["buttons"]]
    assert actions == ["play-drawn", "keep"]
    play = message["buttons"][0]
    assert play["label"] == "Play it"
    assert play["send"] == {"type": "play", "player": 0, "card": drawn.uid}


def test_no_drawn_card_outside_the_play_or_keep_moment() -> None:
    game = new_game([["R1", "R2", "G3"], ["G1", "G2", "Y3"]], "B5", ["B7"])
    message = state_message(game.view(0), NAMES[:2], [])
    assert message["drawn"] is None
    assert message["prompt"] == "Your turn: no card of yours plays, draw one."
    game = new_game([["R1", "B2", "G3"], ["G1", "G2", "Y3"]], "B5", ["B7"])
    assert state_message(game.view(0), NAMES[:2], [])["prompt"] == (
        "Your turn: play a marked card, or draw."
    )


@pytest.mark.parametrize("bluff", [False, True])
def test_the_challenge_button_names_what_a_lost_challenge_costs(bluff: bool) -> None:
    game = wild_draw_four(bluff)
    message = state_message(game.view(0), NAMES[:2], [])
    button = next(b for b in message["buttons"] if b["action"] == "challenge")
    assert button["label"] == "Challenge: risk 6 cards"
    assert message["prompt"] == "Challenge the Wild Draw Four (risk 6 cards), or take 4."
    # The risk named is what the engine really takes when the challenge fails.
    cost, before = challenge_cost(game.view(0)), len(game.hands[0])
    game.apply(Challenge(0))
    assert len(game.hands[0]) - before == (0 if bluff else cost)


def test_a_penalty_prompt_names_only_the_answers_held() -> None:
    # Stacking on, no draw card to stack: the old prompt offered "Stack a draw card".
    stacking = Rules().with_changes(stacking=Stacking.SAME)
    game = wild_draw_four(False, stacking)
    text = state_message(game.view(0), NAMES[:2], [])["prompt"]
    assert text == "Challenge the Wild Draw Four (risk 6 cards), or take 4."
    # Holding a Wild Draw Four to stack, and no bluffing allowed: no challenge either.
    no_bluff = stacking.with_changes(wd4_bluffing=False)
    maria = ["W+4", *MARIA[1:]]
    ana = ["W+4", "G1", "B2", "Y3", "G4", "B6", "Y6"]
    game = new_game([maria, ana], ["R5"], ["G7", "B7"], rules=no_bluff, dealer=0)
    game.apply(Play(1, next(c for c in game.hands[1] if c.code == "W+4")))
    game.apply(ChooseColor(1, Color.BLUE))
    assert game.phase is Phase.PENALTY
    text = state_message(game.view(0), NAMES[:2], [])["prompt"]
    assert text == "Stack a draw card, or take 4."


def hub_on(
    game: Game, kinds: tuple[SeatKind, ...], names: list[str] = NAMES
) -> tuple[Match, PhoneHub, Outlet]:
    seats = tuple(Seat(names[i], kind=k) for i, k in enumerate(kinds))
    match = Match(game.rules, seats, game.seed, game=game, pace=0.0)
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {s: f"http://x/p/{s}/" for s in match.phones})
    for seat in match.phones:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED))
    hub.pump()
    return match, hub, outlet


@pytest.mark.parametrize("bluff", [False, True])
def test_the_challenger_is_shown_the_hand_and_the_result(bluff: bool) -> None:
    # Ana (a person, seat 0) plays a Wild Draw Four at Maria's phone (seat 1); Bo's phone
    # (seat 2) only watches.
    ana = ["W+4", "G1", "B2", "R3" if bluff else "Y3", "G4"]
    game = new_game([ana, MARIA[:5], ["G9", "G5", "R7", "R8", "Y0"]], ["R5"], dealer=2)
    game.apply(Play(0, next(c for c in game.hands[0] if c.code == "W+4")))
    game.apply(ChooseColor(0, Color.BLUE))
    phone = SeatKind.PHONE
    match, _, outlet = hub_on(game, (SeatKind.PERSON, phone, phone), ["Ana", "Maria", "Bo"])
    shown = list(match.game.hands[0])
    assert outlet.last(1)["challenge"] is None
    match.submit(1, Challenge(1))
    told = outlet.last(1)["challenge"]
    cost = "Ana draws 4 cards" if bluff else "you draw 6 cards"
    what = "it was a bluff" if bluff else "Ana's Wild Draw Four was legal"
    assert told["text"] == f"You challenged Ana: {what}, {cost}."
    assert [c["id"] for c in told["hand"]] == [c.uid for c in shown]
    assert told["whose"] == "Ana"
    # Bo was not part of it: the log tells him, nothing waits for his OK.
    assert outlet.last(2)["challenge"] is None
    # The next state does not show it again.
    actor = match.game.actor
    match.submit(actor, match.legal_for(actor)[0])
    assert outlet.last(1)["challenge"] is None


def test_the_challenged_phone_is_told_without_its_own_hand() -> None:
    game = wild_draw_four(True)
    match, _, outlet = hub_on(game, (SeatKind.PERSON, SeatKind.PHONE))
    match.submit(0, Challenge(0))
    told = outlet.last(1)["challenge"]
    assert told == {
        "text": "Maria challenged you: it was a bluff, you draw 4 cards.",
        "bluff": True,
        "whose": "Ana",
        "hand": None,
    }


def test_the_round_result_is_rows_and_the_title_agrees_with_you() -> None:
    game = new_game([["R1", "G2"], ["G1", "Y3"]], "R5", ["G4", "B7"])
    game.apply(Play(0, game.hands[0][0]))  # Maria: Red 1
    game.apply(Play(1, game.hands[1][0]))  # Ana: Green 1
    phone = SeatKind.PHONE
    match, _, outlet = hub_on(game, (phone, phone))
    match.submit(0, Play(0, match.game.hands[0][0]))  # Maria goes out with Green 2
    assert match.is_round_over
    mine, hers = outlet.last(0)["over"], outlet.last(1)["over"]
    assert mine["title"] == "You win the round!"
    assert hers["title"] == "Maria wins the round!"
    assert mine["rows"] == [
        {"seat": 0, "name": "Maria", "you": True, "left": None, "won": 3, "total": 3},
        {"seat": 1, "name": "Ana", "you": False, "left": 3, "won": 0, "total": 0},
    ]
    assert [r["you"] for r in hers["rows"]] == [False, True]
    assert mine["match_over"] is False
    # Every number in the rows is the match's own.
    assert [r["total"] for r in mine["rows"]] == list(match.game.scores)


def test_the_match_result_names_every_winner_with_agreeing_verbs() -> None:
    rules = Rules().with_changes(target_points=1)
    game = new_game([["R1", "G2"], ["G1", "Y3"]], "R5", ["G4", "B7"], rules=rules)
    game.apply(Play(0, game.hands[0][0]))
    game.apply(Play(1, game.hands[1][0]))
    phone = SeatKind.PHONE
    match, _, outlet = hub_on(game, (phone, phone))
    match.submit(0, Play(0, match.game.hands[0][0]))
    assert match.game.phase is Phase.MATCH_OVER
    assert outlet.last(0)["over"]["title"] == "You win the match!"
    assert outlet.last(1)["over"]["title"] == "Maria wins the match!"
    assert outlet.last(1)["over"]["match_over"] is True
