"""Events: what happened, in the past tense, in the order it happened.

``Game.apply`` returns the events an action caused; the table scene turns each one into an
animation and a line of text. Events carry card identities where a person at the table would
see them move; ``redact`` removes what a given seat may not know (other players' drawn cards,
dealt hands, a hand revealed to a challenger), so an AI or a log for one seat only ever sees
its own seat's share.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from game.cards import Card, Color
from game.rules import CustomEffect, RaceAction


class DrawReason(Enum):
    TURN = "turn"  # drawing instead of playing
    DRAW_TWO = "draw-two"
    WILD_DRAW_FOUR = "wild-draw-four"
    STACK = "stack"  # the sum of a stack of draw cards
    CHALLENGE_FAILED = "challenge-failed"  # 4 + 2 for a wrong challenge
    BLUFF_CAUGHT = "bluff-caught"
    UNO_CAUGHT = "uno-caught"
    RACE_LOST = "race-lost"
    CUSTOM_EFFECT = "custom-effect"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Cards dealt one at a time, in this order: (seat, card)."""

    dealer: int
    deals: tuple[tuple[int, Card | None], ...]


@dataclass(frozen=True, slots=True)
class FirstCardTurned:
    card: Card


@dataclass(frozen=True, slots=True)
class FirstCardReturned:
    """A Wild Draw Four turned first goes back into the deck (classic first-card effects)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: Card
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class ColorChosen:
    player: int
    color: Color


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``cards`` were drawn; ``missing`` more were owed but both piles were empty."""

    player: int
    cards: tuple[Card | None, ...]
    reason: DrawReason
    missing: int = 0


@dataclass(frozen=True, slots=True)
class PileReshuffled:
    """The discard pile but its top card was shuffled into a new draw pile."""

    count: int


@dataclass(frozen=True, slots=True)
class DeckSealed:
    """A new draw pile's order was committed before its first card left it (game.fairness):
    ``commitment`` is SHA-256(salt || order) in hex. ``deck`` 0 is the round's deal, 1, 2...
    its reshuffles. Public: it names no card."""

    round: int
    deck: int
    commitment: str


@dataclass(frozen=True, slots=True)
class DeckRevealed:
    """At the round's end, a deck's salt (hex) and order (card codes, top first) are shown.
    ``matches``: they hash to ``commitment`` and every card dealt, turned and drawn from the
    deck came off its top in that order (game.fairness.Deck.problem found nothing)."""

    round: int
    deck: int
    commitment: str
    salt: str
    order: tuple[str, ...]
    matches: bool


@dataclass(frozen=True, slots=True)
class Passed:
    """The player ended the turn without playing (kept the drawn card, or could not draw)."""

    player: int


@dataclass(frozen=True, slots=True)
class Skipped:
    player: int


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    direction: int  # +1 clockwise (to the left), -1 counter-clockwise


@dataclass(frozen=True, slots=True)
class PenaltyPending:
    """A draw penalty waits on ``player``: answer it (stack, challenge) or accept it."""

    player: int
    total: int


@dataclass(frozen=True, slots=True)
class UnoCalled:
    player: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    player: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenged:
    """``player`` challenged ``target``'s Wild Draw Four; ``hand`` was shown to the challenger."""

    player: int
    target: int
    bluff: bool
    hand: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class CardReturned:
    """A caught bluff's Wild Draw Four went back to its player's hand (002's reading)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class HandsShuffled:
    """Wild Shuffle Hands: every hand was gathered, shuffled and dealt out in this order."""

    player: int
    deals: tuple[tuple[int, Card | None], ...]


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    """``player`` and ``target`` exchanged hands; each hand is the one its seat now holds.

    Both seats know both hands afterwards (each saw what it gave away); others see sizes."""

    player: int
    target: int
    player_hand: tuple[Card | None, ...]
    target_hand: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class HandsPassed:
    """Every hand moved to the next active player in ``direction``: ``moves`` lists
    (from seat, to seat) and ``hands`` the hand each seat holds now (own hand only, redacted)."""

    direction: int
    moves: tuple[tuple[int, int], ...]
    hands: tuple[tuple[Card | None, ...], ...]


@dataclass(frozen=True, slots=True)
class CardsDiscarded:
    """Cards put under the top card by a Wild Customizable effect."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CustomEffectChosen:
    player: int
    effect: CustomEffect


@dataclass(frozen=True, slots=True)
class CustomEffectApplied:
    player: int
    effect: CustomEffect


@dataclass(frozen=True, slots=True)
class HouseRuleMade:
    player: int
    number: int
    rule: RaceAction
    replaced: RaceAction | None


@dataclass(frozen=True, slots=True)
class RaceStarted:
    number: int
    rule: RaceAction


@dataclass(frozen=True, slots=True)
class RaceFinished:
    player: int


@dataclass(frozen=True, slots=True)
class RaceLost:
    player: int


@dataclass(frozen=True, slots=True)
class WentOut:
    """The player has no cards left; ``place`` counts from 1."""

    player: int
    place: int


@dataclass(frozen=True, slots=True)
class HandScore:
    player: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """``winner`` scored ``points``: the cards left in the other hands (``hands``).

    ``blocked`` marks a hand that ended because nobody could play or draw (lowest hand wins).
    ``order`` is the finishing order when playing until all but one are out.
    """

    winner: int
    points: int
    hands: tuple[HandScore, ...]
    scores: tuple[int, ...]
    blocked: bool = False
    order: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchEnded:
    winners: tuple[int, ...]
    scores: tuple[int, ...]


Event = (
    RoundStarted
    | CardsDealt
    | FirstCardTurned
    | FirstCardReturned
    | CardPlayed
    | ColorChosen
    | CardsDrawn
    | PileReshuffled
    | DeckSealed
    | DeckRevealed
    | Passed
    | Skipped
    | DirectionChanged
    | PenaltyPending
    | UnoCalled
    | UnoCaught
    | Challenged
    | CardReturned
    | HandsShuffled
    | HandsSwapped
    | HandsPassed
    | CardsDiscarded
    | CustomEffectChosen
    | CustomEffectApplied
    | HouseRuleMade
    | RaceStarted
    | RaceFinished
    | RaceLost
    | WentOut
    | RoundEnded
    | MatchEnded
)


def redact(event: Event, seat: int) -> Event:
    """The event as ``seat`` may know it: hidden cards of other seats become None or vanish."""
    match event:
        case CardsDealt(dealer, deals):
            return CardsDealt(dealer, tuple((p, c if p == seat else None) for p, c in deals))
        case CardsDrawn(player, cards, _, _) if player != seat:
            return dataclasses.replace(event, cards=tuple(None for _ in cards))
        case HandsShuffled(player, deals):
            return HandsShuffled(player, tuple((p, c if p == seat else None) for p, c in deals))
        case Challenged(player, _, _, _) if player != seat:
            return dataclasses.replace(event, hand=None)
        case HandsSwapped(player, target, mine, theirs) if seat not in (player, target):
            return HandsSwapped(player, target, _hidden(mine), _hidden(theirs))
        case HandsPassed(direction, moves, hands):
            return HandsPassed(
                direction, moves, tuple(h if p == seat else _hidden(h) for p, h in enumerate(hands))
            )
    return event


def _hidden(cards: tuple[Card | None, ...]) -> tuple[Card | None, ...]:
    return tuple(None for _ in cards)
