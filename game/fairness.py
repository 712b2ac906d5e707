"""Fair deal: each deck order is committed before its first card leaves it, revealed after.

A deck is the draw pile a round is dealt from, and each new draw pile a reshuffle of the discard
pile makes. For each one the game keeps a ``Deck``: the order (the card codes, top card first),
a 128-bit salt, and the commitment ``SHA-256(salt || encoding(order))`` in hex, where

    encoding(order) = ",".join(codes).encode("utf-8")

and ``salt`` is the 16 raw bytes (shown as 32 hex digits). The commitment is made before the
first card of the deck is dealt or drawn; the salt and the order are revealed when the round
ends. ``steps`` lists what was taken off the deck, in order: ``["take", code]`` for a card taken
from the top, ``["return", code, depth]`` for a card put back ``depth`` cards below the top (a
Wild Draw Four turned first, classic first-card effects). docs/FAIRNESS.md explains the scheme
for players and for anyone who writes their own checker (tools/verify_deal.py is one).

The salts come from a match key (``Game.salt_key``): 16 bytes from ``game.match.ENTROPY`` for a
real match, kept in the saved record so a replay makes the same commitments.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from game.cards import Card

SALT_BYTES = 16


def encoding(order: list[str] | tuple[str, ...]) -> bytes:
    """The canonical bytes of a deck order: card codes, top card first, joined by ","."""
    return ",".join(order).encode("utf-8")


def commitment(salt: bytes, order: list[str] | tuple[str, ...]) -> str:
    """SHA-256 over the salt's raw bytes followed by the encoding, in lowercase hex."""
    return hashlib.sha256(salt + encoding(order)).hexdigest()


def derive_salt(key: bytes, round_no: int, deck_no: int) -> bytes:
    """The salt of deck ``deck_no`` (0: the deal, 1...: reshuffles) of round ``round_no``."""
    return hashlib.sha256(key + f"|{round_no}|{deck_no}".encode()).digest()[:SALT_BYTES]


def key_from_seed(seed: int) -> bytes:
    """A match key for a game given no key (a test, an old record): fixed by the seed."""
    return hashlib.sha256(f"fair-deal|{seed}".encode()).digest()[:SALT_BYTES]


def short(value: str, groups: int = 3) -> str:
    """The first groups of four characters of a commitment, as shown on the badge."""
    return " ".join(value[i * 4 : i * 4 + 4] for i in range(groups))


@dataclass
class Deck:
    """One committed deck: its order (top first), salt, commitment and what left it."""

    order: tuple[str, ...]
    salt: bytes
    commitment: str
    steps: list[list[Any]] = field(default_factory=list)

    def to_dict(self, *, reveal: bool) -> dict[str, Any]:
        data: dict[str, Any] = {"commitment": self.commitment, "steps": list(self.steps)}
        if reveal:
            data["salt"] = self.salt.hex()
            data["order"] = list(self.order)
        return data


@dataclass
class Ledger:
    """The decks of every round of a game: rounds[r - 1] holds round r's decks."""

    key: bytes
    rounds: list[list[Deck]] = field(default_factory=list)
    revealed: int = 0  # rounds whose salt and order may be shown

    def commit(self, round_no: int, pile_top_last: list[Card]) -> Deck:
        """Commit a new draw pile (the engine keeps its top card at the end of the list)."""
        while len(self.rounds) < round_no:
            self.rounds.append([])
        decks = self.rounds[round_no - 1]
        order = tuple(c.code for c in reversed(pile_top_last))
        salt = derive_salt(self.key, round_no, len(decks))
        deck = Deck(order, salt, commitment(salt, order))
        decks.append(deck)
        return deck

    def current(self) -> Deck | None:
        return self.rounds[-1][-1] if self.rounds and self.rounds[-1] else None

    def take(self, cards: list[Card]) -> None:
        deck = self.current()
        if deck is not None:
            deck.steps.extend(["take", c.code] for c in cards)

    def put_back(self, card: Card, depth: int) -> None:
        deck = self.current()
        if deck is not None:
            deck.steps.append(["return", card.code, depth])

    def reveal_round(self, round_no: int) -> None:
        self.revealed = max(self.revealed, round_no)

    def to_data(self) -> list[dict[str, Any]]:
        """What the saved record keeps: every round's commitments, and reveals of ended rounds."""
        return [
            {
                "round": number,
                "decks": [d.to_dict(reveal=number <= self.revealed) for d in decks],
            }
            for number, decks in enumerate(self.rounds, start=1)
        ]


def public(ledger: Ledger) -> dict[str, Any] | None:
    """What the table and every phone show: the current deck's commitment, and once the round
    has ended, the salt and order of each of its decks (None before the first deal)."""
    deck = ledger.current()
    if deck is None:
        return None
    shown: dict[str, Any] = {"commitment": deck.commitment, "short": short(deck.commitment)}
    if ledger.revealed >= len(ledger.rounds):
        shown["reveal"] = [
            {"commitment": d.commitment, "salt": d.salt.hex(), "order": list(d.order)}
            for d in ledger.rounds[-1]
        ]
    return shown
