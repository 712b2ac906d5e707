"""What one seat remembers: built only from that seat's redacted events.

An AI never reads the game: it reads its ``SeatView`` and this memory, which it feeds with
``events.redact(event, seat)``. From the events a careful player could note at a real table it
keeps: which cards it knows to be in another hand (its own old hand after a swap, a hand shown
to it after a challenge), which colors an opponent seems to lack (they drew instead of
following), and the current color as the events set it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import Card, Color, Rank
from game.events import (
    CardPlayed,
    CardReturned,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    Challenged,
    ColorChosen,
    DrawReason,
    Event,
    FirstCardTurned,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    Passed,
    RoundStarted,
)


@dataclass
class Memory:
    seat: int
    players: int
    color: Color | None = None
    hand: list[Card] = field(default_factory=list)  # own hand as the events built it
    known: dict[int, set[Card]] = field(default_factory=dict)  # cards seen in other hands
    lacks: dict[int, set[Color]] = field(default_factory=dict)  # colors a player seemed to lack
    wd4_color_before: Color | None = None  # the color a Wild Draw Four was played on
    _drew_at: dict[int, Color | None] = field(default_factory=dict)

    def reset_round(self) -> None:
        self.hand = []
        self.known = {p: set() for p in range(self.players)}
        self.lacks = {p: set() for p in range(self.players)}
        self._drew_at = {}

    def observe(self, event: Event) -> None:
        """Take in one event, already redacted for this seat."""
        match event:
            case RoundStarted():
                self.reset_round()
            case CardsDealt(_, deals):
                self.hand = [c for p, c in deals if p == self.seat and c is not None]
            case FirstCardTurned(card):
                self.color = card.color
            case CardPlayed(player, card, _):
                if card.rank is Rank.WILD_DRAW_FOUR:
                    self.wd4_color_before = self.color
                if card.color is not None:
                    self.color = card.color
                self._forget(player, card)
                if player == self.seat and card in self.hand:
                    self.hand.remove(card)
            case ColorChosen(_, color):
                self.color = color
            case CardsDrawn(player, cards, reason, _):
                if player == self.seat:
                    self.hand.extend(c for c in cards if c is not None)
                else:
                    # New cards may bring back a color the player lacked.
                    self.lacks.setdefault(player, set()).clear()
                    if reason is DrawReason.TURN:
                        self._drew_at[player] = self.color
            case Passed(player) if player != self.seat:
                # Drew and kept the card: they had nothing in the color that stood then.
                stood = self._drew_at.pop(player, None)
                if stood is not None:
                    self.lacks.setdefault(player, set()).add(stood)
            case CardsDiscarded(player, cards):
                for card in cards:
                    self._forget(player, card)
                    if player == self.seat and card in self.hand:
                        self.hand.remove(card)
            case HandsSwapped(player, target, player_hand, target_hand):
                self._swap(player, target, player_hand, target_hand)
            case HandsPassed(_, moves, hands):
                self._pass(moves, hands)
            case HandsShuffled(_, deals):
                self.hand = [c for p, c in deals if p == self.seat and c is not None]
                self.known = {p: set() for p in range(self.players)}
                self.lacks = {p: set() for p in range(self.players)}
            case Challenged(player, target, _, hand) if player == self.seat and hand is not None:
                self.known[target] = set(hand)
            case CardReturned(player, card):
                self.known.setdefault(player, set()).add(card)
                if player == self.seat:
                    self.hand.append(card)
            case _:
                pass

    def _forget(self, player: int, card: Card) -> None:
        self.known.get(player, set()).discard(card)

    def _swap(
        self, a: int, b: int, a_hand: tuple[Card | None, ...], b_hand: tuple[Card | None, ...]
    ) -> None:
        """Hands ``a`` and ``b`` exchanged; what was known or lacked moves with the cards."""
        known, lacks = self.known, self.lacks
        known[a], known[b] = known.get(b, set()), known.get(a, set())
        lacks[a], lacks[b] = lacks.get(b, set()), lacks.get(a, set())
        if self.seat in (a, b):
            mine, theirs, other = (a_hand, b_hand, b) if self.seat == a else (b_hand, a_hand, a)
            self.hand = [c for c in mine if c is not None]
            known[other] = {c for c in theirs if c is not None}
            lacks[other] = set()

    def _pass(
        self, moves: tuple[tuple[int, int], ...], hands: tuple[tuple[Card | None, ...], ...]
    ) -> None:
        """Every hand moved from ``src`` to ``dst``; what we knew moves along with it."""
        old = set(self.hand)
        known = {p: set[Card]() for p in range(self.players)}
        lacks = {p: set[Color]() for p in range(self.players)}
        for src, dst in moves:
            known[dst] = old if src == self.seat else self.known.get(src, set())
            lacks[dst] = set() if src == self.seat else self.lacks.get(src, set())
        self.hand = [c for c in hands[self.seat] if c is not None]
        known[self.seat], lacks[self.seat] = set(), set()
        self.known, self.lacks = known, lacks

    def sync_hand(self, hand: tuple[Card, ...]) -> None:
        """Adopt the hand from the view (after swaps and passes the events do not carry it)."""
        self.hand = list(hand)
