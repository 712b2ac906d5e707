"""Fairness: no seat ever sees a card it may not know, in its view or in its events.

Seeded random matches of every preset and every switch of the simulation tests. After every
action, for every seat, ``Game.view(seat)`` and every event of that action redacted for the
seat (``game.events.redact``) are walked for cards, and each card must be one the seat may
know. What a seat may know is worked out here from the unredacted events and the state, not
from ``redact`` or ``Game.view``, so a leak in either (the card just drawn shown to the other
seats, another player's draw not hidden) fails here:

* its own hand before and after the action, the discard pile before and after;
* the public cards: played, turned or returned first cards, a bluff's card returned to its
  player, cards discarded by a Wild Customizable, the hands shown at the end of a hand;
* cards dealt or drawn to it, its own new hand after a shuffle, a pass or a swap (both hands
  when it is one of the two swappers), and the hand shown to it by a challenge it made.

The card just drawn (``view.drawn``) is shown to its drawer only, ``view.hand`` is exactly the
seat's hand and ``view.legal`` exactly the seat's own legal actions. The other way round, the
seat's own share of each event is not hidden from it. Every state is also held to the
simulator's invariants (``game.check``), so these games serve the mutation tests as a light
simulation (docs/MUTATION.md).
"""

from __future__ import annotations

import dataclasses
import enum
import random

import pytest

from game.cards import Card
from game.check import score_problems, state_problems
from game.engine import Game, Phase
from game.events import (
    CardPlayed,
    CardReturned,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    Challenged,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    RoundEnded,
    redact,
)
from game.randomplay import random_action
from game.rules import Preset, Rules, preset
from tests.test_simulation import SWITCHES
from tools.measure.common import build_rules

# A hand of random play is a few hundred actions; this bound only stops a runaway game.
MAX_ACTIONS = 5_000

pytestmark = pytest.mark.slow  # whole-game sweeps: in make test, not test-quick


# Values that never hold a card: the walk below stops at once on them.
_LEAVES = (str, int, float, bool, type(None), enum.Enum)

# What the walks do with a value, by its type, worked out once per type (the same isinstance
# tests in the same order as at every value; this walk runs over every view and event).
_SKIP, _CARD, _ITEMS, _MAPPING, _FIELDS_OF = range(5)
_KINDS: dict[type, tuple[int, tuple[str, ...]]] = {}


def _kind(kind: type) -> tuple[int, tuple[str, ...]]:
    """How ``_collect`` walks a value of type ``kind``, and a dataclass's field names."""
    found = _KINDS.get(kind)
    if found is None:
        if issubclass(kind, Card):
            found = (_CARD, ())
        elif issubclass(kind, _LEAVES) or issubclass(kind, type):
            found = (_SKIP, ())
        elif issubclass(kind, tuple | list | set | frozenset):
            found = (_ITEMS, ())
        elif issubclass(kind, dict):
            found = (_MAPPING, ())
        elif dataclasses.is_dataclass(kind):
            found = (_FIELDS_OF, tuple(f.name for f in dataclasses.fields(kind)))
        else:
            found = (_SKIP, ())
        _KINDS[kind] = found
    return found


def _collect(value: object, found: set[int]) -> None:
    """Add the uid of every card named anywhere in ``value``: dataclasses and containers are
    walked."""
    kind, names = _KINDS.get(type(value)) or _kind(type(value))
    if kind == _CARD:
        found.add(value.uid)  # type: ignore[attr-defined]
    elif kind == _ITEMS:
        for item in value:  # type: ignore[attr-defined]
            # Cards and leaves, most items, without a call of their own.
            item_kind = (_KINDS.get(type(item)) or _kind(type(item)))[0]
            if item_kind == _CARD:
                found.add(item.uid)
            elif item_kind != _SKIP:
                _collect(item, found)
    elif kind == _MAPPING:
        for key, item in value.items():  # type: ignore[attr-defined]
            _collect(key, found)
            _collect(item, found)
    elif kind == _FIELDS_OF:
        for name in names:
            _collect(getattr(value, name), found)


def uids(cards: object) -> set[int]:
    """Every card named anywhere in ``cards``, by uid."""
    found: set[int] = set()
    _collect(cards, found)
    return found


def shape(value: object) -> object:
    """``value`` with every card replaced by None: what redaction must leave as it is."""
    kind, names = _KINDS.get(type(value)) or _kind(type(value))
    if kind == _CARD:
        return None
    if kind == _ITEMS and isinstance(value, tuple | list):
        return tuple(shape(item) for item in value)
    if kind == _FIELDS_OF:
        if isinstance(value, Challenged):  # the hand is shown to the challenger alone
            value = dataclasses.replace(value, hand=None)
        return (type(value), *(shape(getattr(value, name)) for name in names))
    return value


def own_share(event: Event, seat: int) -> set[int]:
    """The hidden cards of ``event`` that ``seat`` is entitled to see in it."""
    match event:
        case CardsDealt(_, deals) | HandsShuffled(_, deals):
            return uids([c for p, c in deals if p == seat])
        case CardsDrawn(player, cards, _, _) if player == seat:
            return uids(cards)
        case HandsSwapped(player, target, mine, theirs) if seat in (player, target):
            return uids((mine, theirs))
        case HandsPassed(_, _, hands):
            return uids(hands[seat])
        case Challenged(player, _, _, hand) if player == seat:
            return uids(hand)
    return set()


def public_cards(event: Event) -> set[int]:
    """Cards that every seat saw land face up."""
    match event:
        case (
            CardPlayed(_, card)
            | FirstCardTurned(card)
            | FirstCardReturned(card)
            | CardReturned(_, card)
        ):
            return {card.uid}
        case CardsDiscarded(_, cards):
            return uids(cards)
        case RoundEnded(_, _, hands):
            return uids(hands)
    return set()


def check_action(
    game: Game, hands_before: list[set[int]], discard_before: set[int], events: list[Event]
) -> None:
    """Every seat's view and redacted events after one action name only cards it may know."""
    public = discard_before | uids(game.discard)
    for event in events:
        public |= public_cards(event)
    legal = game.legal_actions()
    for seat in range(game.players):
        shares = [own_share(event, seat) for event in events]
        known = public | hands_before[seat] | uids(game.hands[seat]) | set().union(*shares)

        view = game.view(seat)
        leaked = uids(view) - known
        assert not leaked, f"seat {seat}'s view names cards it may not know: {leaked}"
        assert view.hand == tuple(game.hands[seat])
        assert view.legal == tuple(a for a in legal if a.player == seat)
        drawer = game.phase is Phase.DRAWN and seat == game.actor
        assert view.drawn is (game.drawn if drawer else None), (seat, game.actor, game.phase)

        for event, share in zip(events, shares, strict=True):
            seen = redact(event, seat)
            leaked = uids(seen) - known
            assert not leaked, f"{type(event).__name__} names {leaked} to seat {seat}: {seen}"
            # Only cards are hidden: who, how many, in which order stay as they were.
            assert shape(seen) == shape(event), (event, seen)
            # Redaction hides other seats' cards, never the seat's own share or a public card.
            assert share <= uids(seen), f"{type(event).__name__} hides seat {seat}'s own cards"
            assert public_cards(event) <= uids(seen)


def play_checked(rules: Rules, players: int, seed: int) -> Game:
    """A seeded random match with the fairness and invariant checks after every action."""
    game = Game(rules, players, seed)
    rng = random.Random(seed)
    check_action(game, [set() for _ in range(players)], set(), list(game.log))
    assert state_problems(game) == []
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        hands_before = [uids(h) for h in game.hands]
        discard_before = uids(game.discard)
        scores_before = list(game.scores)
        events = game.apply(random_action(game, rng))
        check_action(game, hands_before, discard_before, events)
        problems = state_problems(game) + score_problems(scores_before, events, game)
        assert not problems, (seed, len(game.actions), problems)
    assert game.is_over, "the match did not end"
    return game


@pytest.mark.parametrize("name", [p.value for p in Preset])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_no_seat_sees_a_card_it_may_not_know_in_any_preset(name: str, players: int) -> None:
    for seed in range(2):
        play_checked(build_rules(name, []), players, seed)


@pytest.mark.parametrize(("name", "switches", "players"), SWITCHES)
def test_no_seat_sees_a_card_it_may_not_know_with_any_switch(
    name: str, switches: list[str], players: int
) -> None:
    play_checked(build_rules(name, switches), players, seed=3)


def test_no_seat_sees_a_card_it_may_not_know_over_a_whole_match() -> None:
    # Several hands: later deals, the hands shown at each hand's end, the next dealer.
    game = play_checked(preset("quick"), 3, seed=1)
    assert game.round > 1


@pytest.mark.parametrize(
    ("switches", "kind"),
    [(["challenge_outcome=return-card"], CardReturned), ([], FirstCardReturned)],
)
def test_no_seat_sees_a_card_it_may_not_know_when_a_card_goes_back(
    switches: list[str], kind: type[Event]
) -> None:
    # Rare events get games of their own: seeded hands are played until one has happened.
    rules = build_rules("classic", switches)
    for seed in range(50):
        game = play_checked(rules, 3, seed)
        if any(isinstance(event, kind) for event in game.log):
            return
    pytest.fail(f"no {kind.__name__} in 50 hands")
